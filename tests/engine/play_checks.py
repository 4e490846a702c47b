"""Checks every engine's play tests make, written once: each returns what a player would look at."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from decklab.engine import game_seed
from decklab.engine.core import Engine, GameState, RandomPolicy, play, verify_action
from decklab.engine.runner import Batch, run, summary
from decklab.engine.stats import seat_z_scores

SEAT_FAIR_Z = 2.576
"""A mirror match is seat-fair when no seat's z score passes this (two-sided, 1%): see ``seat_z_scores``."""

_TIMING = ("elapsed_s", "games_per_s", "workers")


def assert_workers_agree(game: str, decks: Sequence, *, games: int) -> None:
    """Greedy against random on one and on two workers: the same games and the same result document."""
    batch = Batch(game=game, decks=decks, policies=["greedy", "random"], games=games, seed=5)
    one, two = run(batch, workers=1, keep=True), run(batch, workers=2, keep=True)
    assert one.results == two.results

    def strip(document: dict) -> dict:
        return {key: value for key, value in document.items() if key not in _TIMING}

    assert strip(summary(batch, one)) == strip(summary(batch, two))


def mirror_match(game: str, deck, *, games: int = 2000) -> tuple[dict, dict]:
    """Greedy (seat 1) against random (seat 2) with the same deck: the two players' rows of the result."""
    batch = Batch(game=game, decks=[deck, deck], policies=["greedy", "random"], games=games, seed=11)
    greedy, random_ = summary(batch, run(batch, workers=2))["players"]
    return greedy, random_


def assert_fast_path_agrees(engine: Engine, greedy, *, games: int, at_least: int,
                            seats: Callable[[int], Sequence], seed: int = 3) -> None:
    """Over ``games`` games (two in three played by greedy, the others at random), greedy's ``act`` fast path
    picks a legal action, the one its ``choose`` picks, at every one of at least ``at_least`` decisions."""
    checked = 0
    chooser = RandomPolicy()
    for index in range(games):
        players = seats(index)
        state = engine.new_match(players, seed=game_seed(seed, index), first=index % len(players))
        while not state.is_terminal():
            actions = state.legal_actions()
            fast = greedy.act(state)
            assert fast in actions
            assert fast == greedy.choose(state, actions)
            checked += 1
            state.apply(fast if index % 3 else chooser.choose(state, actions))
    assert checked > at_least


def goldfish(game: str, deck, *, games: int = 300) -> dict:
    """The result document of a greedy goldfish of ``deck``."""
    batch = Batch(game=game, decks=[deck], policies=["greedy"], games=games, seed=2, mode="goldfish")
    return summary(batch, run(batch))


def capped(game: str, decks: Sequence, *, max_turns: int, games: int = 50) -> dict:
    """The result document of random games cut off after ``max_turns`` turns."""
    batch = Batch(game=game, decks=decks, policies=["random", "random"], games=games, seed=4, max_turns=max_turns)
    return summary(batch, run(batch))


def assert_same_seed_same_game(engine: Engine, seats: Sequence, policies: Callable[[], list]) -> None:
    """The same seed replays the same play-by-play and winner; another seed plays another game."""
    first = play(engine.new_match(seats, seed=1234, log=True), policies())
    second = play(engine.new_match(seats, seed=1234, log=True), policies())
    assert first.log == second.log and first.winner() == second.winner()
    other = play(engine.new_match(seats, seed=1235, log=True), policies())
    assert other.log != first.log


SOAK_VARIABLE = "DECKLAB_SOAK"


def soak(games: int) -> int:
    """``games`` times ``DECKLAB_SOAK`` (default 1): the suite's fuzz tests play the default count within its
    time budget; ``DECKLAB_SOAK=20 python -m pytest tests/engine -k fuzz`` is a longer soak."""
    return games * max(1, int(os.environ.get(SOAK_VARIABLE, "1") or 1))


def fuzz(engine: Engine, *, games: int, seats: Callable[[int], Sequence], policies: Callable[[int], Sequence],
         invariants: Callable[[GameState], None], seed: int = 17, max_steps: int = 100_000) -> dict:
    """Play ``games`` checked games and run ``invariants(state)`` after every action.

    Game ``i`` seats ``seats(i)`` (two or more decks; the first player rotates) with ``policies(i)``.
    Every action is verified against ``legal_actions()``; a game that takes ``max_steps`` actions
    fails (every game must end). Returns counts a test can assert on: games, actions, unresolved,
    draws and wins by seat.
    """
    counts = {"games": 0, "actions": 0, "unresolved": 0, "draws": 0, "wins": {}}
    for index in range(games):
        decks = list(seats(index))
        state = engine.new_match(decks, seed=game_seed(seed, index), first=index % len(decks))
        deciders = [getattr(policy, "act", None) or (lambda s, p=policy: p.choose(s, s.legal_actions()))
                    for policy in policies(index)]
        invariants(state)
        steps = 0
        while not state.is_terminal():
            action = deciders[state.current_player()](state)
            verify_action(state, action)
            state.apply(action)
            invariants(state)
            steps += 1
            assert steps < max_steps, f"game {index} (seed {game_seed(seed, index)}) did not end in {max_steps} actions"
        counts["games"] += 1
        counts["actions"] += steps
        if state.is_unresolved():
            counts["unresolved"] += 1
            assert state.winner() is None, f"game {index}: an unresolved game has a winner"
        elif state.winner() is None:
            counts["draws"] += 1
        else:
            counts["wins"][state.winner()] = counts["wins"].get(state.winner(), 0) + 1
    return counts


def assert_seat_fair(game: str, deck, *, seats: int = 2, games: int = 4000, policy: str = "greedy",
                     seed: int = 23) -> dict:
    """A mirror match (``deck`` in every seat, the first player rotating) in which every seat wins alike:
    no seat's :func:`~decklab.engine.stats.seat_z_scores` beyond :data:`SEAT_FAIR_Z`. Returns the document."""
    batch = Batch(game=game, decks=[deck] * seats, policies=[policy], games=games, seed=seed, check=True)
    document = summary(batch, run(batch, workers=2))
    assert document["games"] == games and "failure" not in document
    wins = [player["wins"] for player in document["players"]]
    scores = seat_z_scores(wins, games)
    assert all(abs(z) < SEAT_FAIR_Z for z in scores), (
        f"{deck.name} mirror ({seats} seats, {policy}) is not seat-fair: wins {wins} of {games}, z {scores}")
    return document


def assert_legal_and_complete(decks: Sequence, cards: Sequence) -> None:
    """Every one of ``decks`` is legal under its game's deck rules, and every one of ``cards`` is in some deck
    (any section): the decks a fuzz test draws exercise the whole card pool."""
    from decklab.validators import validate

    for deck in decks:
        report = validate(deck)
        assert report.is_legal, (deck.name, [violation.message for violation in report.errors])
    dealt = {card.name for deck in decks for section in deck.sections.values() for card, _ in section}
    never = sorted({card.name for card in cards} - dealt)
    assert not never, f"never dealt: {never}"
