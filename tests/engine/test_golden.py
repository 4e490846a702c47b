"""Golden transcripts: the play-by-play of three seeded games per engine, checked in under ``tests/golden/``.

Any change in how a game plays shows here first, so that it is deliberate. After a change in play that you
mean, regenerate them and say why in the commit:

    DECKLAB_GOLDEN=regenerate python -m pytest tests/engine/test_golden.py

Each engine's games: the two sample decks greedy against greedy, greedy against random, and random against
random, each with its own seed and game index (so both seats go first), played checked.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from decklab.catalog.decks import read_deck_file
from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines
from decklab.engine.runner import Batch

GOLDEN = Path(__file__).parent.parent / "golden"
GAMES = [("greedy-greedy", ["greedy", "greedy"], 1, 0), ("greedy-random", ["greedy", "random"], 2, 1),
         ("random-random", ["random", "random"], 3, 2)]
"""(name, policies of the two seats, batch seed, game index)."""
REGENERATE = os.environ.get("DECKLAB_GOLDEN") == "regenerate"


def transcript(batch: Batch, index: int) -> str:
    """The game's header, its play-by-play and its end, as checked in."""
    result, state = batch.play_one(index, log=True)
    names = ", ".join(f"P{seat + 1} {deck.name} ({batch.policies[seat]})" for seat, deck in enumerate(batch.decks))
    end = ("unresolved" if result.unresolved else "a draw" if result.winner is None
           else f"P{result.winner + 1} wins")
    return "\n".join([f"# {batch.game} game {index} of seed {batch.seed}: {names}; P{result.first + 1} goes first",
                      *state.log, f"# {end} after {result.turns} turns", ""])


@pytest.fixture(scope="module")
def sample_decks(template_db):
    from decklab.catalog.db import open_database

    paths = {path.name: path for path in sample_deck_paths()}
    database = open_database(str(template_db))
    try:
        return {game: [read_deck_file(database, paths[f"{game}-{n}.deck"]) for n in (1, 2)] for game in engines()}
    finally:
        database.dispose()


@pytest.mark.parametrize("name, policies, seed, index", GAMES, ids=[game[0] for game in GAMES])
@pytest.mark.parametrize("game", sorted(engines()))
def test_play_matches_the_golden_transcript(game, name, policies, seed, index, sample_decks):
    batch = Batch(game=game, decks=sample_decks[game], policies=policies, games=index + 1, seed=seed, check=True)
    played = transcript(batch, index)
    path = GOLDEN / game / f"{name}.txt"
    if REGENERATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(played, encoding="utf-8")
    assert path.exists(), f"no golden transcript {path}: regenerate them (see this module's docstring)"
    expected = path.read_text(encoding="utf-8")
    if played != expected:
        lines = [(n, a, b) for n, (a, b) in enumerate(zip(played.splitlines(), expected.splitlines(), strict=False), 1)
                 if a != b]
        first = lines[0] if lines else (min(len(played.splitlines()), len(expected.splitlines())) + 1, "(end)", "(end)")
        pytest.fail(f"{game} {name} plays differently from {path.name} from line {first[0]}:\n"
                    f"  now:    {first[1]}\n  golden: {first[2]}")
