"""``decklab demo``: the tour a new player runs first — every game's deck checks and simulations."""

from __future__ import annotations

import time
from typing import Annotated, Any

import typer

from .common import JsonOption, database

MATCH_GAMES = 2000
GOLDFISH_GAMES = 500
SENSITIVITY_GAME = "wh40k"
"""The matchup whose policy sensitivity the tour shows (its sample decks): the fastest engine."""


def demo(
    ctx: typer.Context,
    fresh: Annotated[bool, typer.Option(
        "--fresh", help="Use a temporary database instead of your own (deleted afterwards).")] = False,
    games: Annotated[int, typer.Option("--games", "-n", help="Games in each match.")] = MATCH_GAMES,
    workers: Annotated[int, typer.Option("--workers", "-w", help="Worker processes for the simulations.")] = 2,
    seed: Annotated[int, typer.Option("--seed", help="Seed of every simulation.")] = 1,
    json_output: JsonOption = False,
) -> None:
    """Tour decklab on its sample decks: for each game validate a legal and an illegal deck,
    goldfish a deck and play a 2,000-game match; then show how much one matchup depends on the AI
    (greedy and search, a twentieth of the match's games each); end with a one-screen summary."""
    import tempfile

    if fresh:
        with tempfile.TemporaryDirectory(prefix="decklab-demo-") as folder:
            root = ctx.find_root()
            root.obj = {"db_url": f"{folder}/demo.db"}
            try:
                _tour(ctx, games=games, workers=workers, seed=seed, json_output=json_output)
            finally:
                root.obj["database"].dispose() if "database" in root.obj else None
        return
    _tour(ctx, games=games, workers=workers, seed=seed, json_output=json_output)


def _tour(ctx: typer.Context, *, games: int, workers: int, seed: int, json_output: bool) -> None:
    from decklab.catalog.db import display_url
    from decklab.catalog.decks import read_deck_file
    from decklab.catalog.errors import InputError
    from decklab.catalog.games import all_games
    from decklab.catalog.sample_decks import sample_deck_paths
    from decklab.engine import engines
    from decklab.engine.checks import MAX_GAMES
    from decklab.engine.core import SEEDS
    from decklab.engine.runner import Batch, run, summary
    from decklab.validators import validate

    from . import render

    if not 1 <= games <= MAX_GAMES or workers < 1:
        raise InputError(f"the number of games must be from 1 to {MAX_GAMES:,} and of workers at least 1.")
    if not 0 <= seed < SEEDS:
        raise InputError(f"the seed must be a whole number from 0 to {SEEDS - 1:,} (2^48 - 1), not {seed:,}.")
    started = time.perf_counter()
    db = database(ctx)
    paths = {path.name: path for path in sample_deck_paths()}
    show = None if json_output else render.DemoView()
    document: dict[str, Any] = {"database": display_url(db.url), "seed": seed, "workers": workers, "games": {}}
    for game in all_games():
        decks = {key: read_deck_file(db, paths[f"{game.id}-{key}.deck"]) for key in ("1", "2", "illegal")}
        section: dict[str, Any] = {"name": game.name,
                   "legal": validate(decks["1"]).to_dict(), "illegal": validate(decks["illegal"]).to_dict()}
        if show:
            show.game(game.name, section["legal"], section["illegal"])
        if game.id in engines():
            fish = Batch(game=game.id, decks=[decks["1"]], policies=["greedy"], games=GOLDFISH_GAMES, seed=seed,
                         mode="goldfish")
            fished = run(fish, workers=workers)
            _stop_on_failure(ctx, fished, [paths[f"{game.id}-1.deck"]], mode="goldfish", games=GOLDFISH_GAMES,
                             seed=seed)
            section["goldfish"] = summary(fish, fished)
            match = Batch(game=game.id, decks=[decks["1"], decks["2"]], policies=["greedy", "greedy"], games=games,
                          seed=seed)
            with (render.ProgressBar(games, label=f"{game.id} match") if show else _Nothing()) as progress:
                played = run(match, workers=workers, progress=progress)
            _stop_on_failure(ctx, played, [paths[f"{game.id}-{key}.deck"] for key in ("1", "2")], mode="match",
                             games=games, seed=seed)
            section["match"] = summary(match, played)
            if show:
                show.simulations(section["goldfish"], section["match"])
        else:
            section["engine"] = f"decklab has no {game.id} engine yet"
            if show:
                show.note(section["engine"])
        document["games"][game.id] = section
    if SENSITIVITY_GAME in engines():
        document["sensitivity"] = _sensitivity(ctx, db, paths, games=max(4, games // 20), workers=workers, seed=seed,
                                               show=show)
    document["elapsed_s"] = round(time.perf_counter() - started, 2)
    if show:
        show.summary(document)
    else:
        render.emit_json(document)


def _sensitivity(ctx: typer.Context, db: Any, paths: dict, *, games: int, workers: int, seed: int, show: Any) -> dict:
    """The sample match of :data:`SENSITIVITY_GAME` under greedy and search in every pairing (``sim sensitivity``)."""
    from decklab.catalog.decks import read_deck_file
    from decklab.engine.runner import sensitivity

    from . import render

    decks = [read_deck_file(db, paths[f"{SENSITIVITY_GAME}-{key}.deck"]) for key in ("1", "2")]
    with (render.ProgressBar(games * 4, label=f"{SENSITIVITY_GAME} sensitivity") if show else _Nothing()) as progress:
        document = sensitivity(decks, games=games, seed=seed, workers=workers, progress=progress)
    failure = document.get("failure")
    if failure is not None:
        from decklab.engine.runner import GameFailure

        from .sim import Replay

        pairing = document["pairings"][failure["pairing"]]["policies"]
        replay = Replay(ctx, [str(paths[f"{SENSITIVITY_GAME}-{key}.deck"]) for key in ("1", "2")], mode="match",
                        policies=pairing, games=games, seed=seed)
        raise replay.error(GameFailure.from_document(SENSITIVITY_GAME, failure), finished=None)
    if show:
        show.sensitivity(document)
    return document


def _stop_on_failure(ctx: typer.Context, outcome, paths: list, *, mode: str, games: int, seed: int) -> None:
    """A sample game that fails stops the tour with one sentence naming the command that replays it."""
    if outcome.failure is not None:
        from .sim import Replay

        replay = Replay(ctx, [str(path) for path in paths], mode=mode, policies=["greedy"], games=games, seed=seed)
        raise replay.error(outcome.failure, finished=None)


class _Nothing:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return None
