"""What must hold before a batch runs: one game with an engine, known policies, legal decks
(unless allowed otherwise), modeled effects (unless played as vanilla), sensible numbers; and which
cards of a catalog the engines model."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from decklab.catalog.cards import Card
from decklab.catalog.errors import InputError

from .core import SEEDS, engines
from .runner import Batch
from .search import MAX_BUDGET, MIN_BUDGET

if TYPE_CHECKING:
    from decklab.validators.base import Report

MAX_GAMES = 100_000_000
"""The most games one batch (or one pairing of a gauntlet or matrix) plays: about three hours of the fastest
engine on one core. Memory does not grow with the number of games."""


def check_batch(batch: Batch, *, workers: int, reports: Sequence[Report], allow_illegal: bool = False,
                game_index: int | None = None) -> None:
    """Refuse a batch that cannot run, with one sentence.

    :raises InputError: naming what is wrong and, where there is one, the flag that allows it.
    """
    games = {deck.game for deck in batch.decks}
    if len(games) > 1:
        listed = " and ".join(f"{deck.name} is a {deck.game} deck" for deck in batch.decks)
        raise InputError(f"{listed}; a match needs decks of one game.")
    engine = engines().get(batch.game)
    if engine is None:
        known = ", ".join(sorted(engines()))
        raise InputError(f"decklab has no {batch.game} engine yet; it simulates {known}.")
    low, high = engine.players
    if batch.mode == "match" and not low <= len(batch.decks) <= high:
        count = f"{low}" if low == high else f"{low} to {high}"
        raise InputError(f"a {batch.game} match takes {count} decks, not {len(batch.decks)}.")
    for policy in batch.policies:
        if policy not in engine.policies:
            raise InputError(f"'{policy}' is not a policy; the policies are {', '.join(sorted(engine.policies))}.")
    if not 1 <= batch.games <= MAX_GAMES:
        raise InputError(f"the number of games must be from 1 to {MAX_GAMES:,}, not {batch.games:,}.")
    if not 0 <= batch.seed < SEEDS:
        raise InputError(f"the seed must be a whole number from 0 to {SEEDS - 1:,} (2^48 - 1), not {batch.seed:,}.")
    if workers < 1:
        raise InputError(f"the number of workers must be at least 1, not {workers}.")
    try:
        batch.readings()
    except ValueError as error:
        raise InputError(f"{error}; 'decklab games --rules' lists them.") from None
    if batch.budget is not None and not MIN_BUDGET <= batch.budget <= MAX_BUDGET:
        raise InputError(f"--budget must be from {MIN_BUDGET} to {MAX_BUDGET:,} playouts a decision, "
                         f"not {batch.budget:,}.")
    if batch.max_turns is not None and batch.max_turns < 1:
        raise InputError(f"--max-turns must be at least 1, not {batch.max_turns}.")
    if game_index is not None and not 0 <= game_index < batch.games:
        raise InputError(f"--game-index must be between 0 and {batch.games - 1}, not {game_index}.")
    for deck, report in zip(batch.decks, reports, strict=True):
        if not report.is_legal and not allow_illegal:
            problems = "; ".join(f"{v.rule}: {v.message.rstrip('.')}" for v in report.errors)
            raise InputError(f"{deck.name} is not a legal {deck.game} deck ({problems}); "
                             "pass --allow-illegal to simulate it anyway.")
        if not batch.vanilla:
            missing = engine.effects.unmodeled(card for section in deck.sections.values() for card, _ in section)
            if missing:
                names = ", ".join(card.name for card in missing)
                raise InputError(f"{deck.name} has cards whose effects the {deck.game} engine does not model "
                                 f"({names}); pass --vanilla to play them without their effects.")


def coverage(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """Which of ``cards`` each game's engine models, game by game (games in the order met).

    Each row: the game, whether it has an engine, the number of cards, how many are modeled, and the
    others with the reason (their first effect entry the engine does not support).
    """
    rows: dict[str, dict[str, Any]] = {}
    registries = {game: engine.effects for game, engine in engines().items()}
    for card in cards:
        row = rows.get(card.game)
        if row is None:
            row = rows[card.game] = {"game": card.game, "engine": card.game in registries, "cards": 0, "modeled": 0,
                                     "unmodeled": []}
        row["cards"] += 1
        registry = registries.get(card.game)
        reason = "no engine simulates this game yet" if registry is None else registry.problem(card)
        if reason is None:
            row["modeled"] += 1
        else:
            row["unmodeled"].append({"name": card.name, "type": card.type, "set": card.set_code, "reason": reason})
    return list(rows.values())


def check_varied(game: str, names: Sequence[str]) -> None:
    """Refuse a reading to vary that ``game`` does not have, with one sentence.

    :raises InputError: naming it and the game's readings.
    """
    for name in names:
        try:
            engines()[game].reading(name, purpose="to vary")
        except ValueError as error:
            raise InputError(f"{error}; 'decklab games --rules' lists them.") from None
