"""Checks every engine's play tests make, written once: each returns what a player would look at."""

from __future__ import annotations

from typing import Callable, Sequence

from decklab.engine import game_seed
from decklab.engine.core import Engine, RandomPolicy, play
from decklab.engine.runner import Batch, run, summary

_TIMING = ("elapsed_s", "games_per_s", "workers")


def assert_workers_agree(game: str, decks: Sequence, *, games: int) -> None:
    """Greedy against random on one and on two workers: the same games and the same result document."""
    batch = Batch(game=game, decks=decks, policies=["greedy", "random"], games=games, seed=5)
    one, two = run(batch, workers=1), run(batch, workers=2)
    assert one.results == two.results

    def strip(document: dict) -> dict:
        return {key: value for key, value in document.items() if key not in _TIMING}

    assert strip(summary(batch, one, workers=1)) == strip(summary(batch, two, workers=2))


def mirror_match(game: str, deck, *, games: int = 2000) -> tuple[dict, dict]:
    """Greedy (seat 1) against random (seat 2) with the same deck: the two players' rows of the result."""
    batch = Batch(game=game, decks=[deck, deck], policies=["greedy", "random"], games=games, seed=11)
    greedy, random_ = summary(batch, run(batch, workers=2), workers=2)["players"]
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
    return summary(batch, run(batch), workers=1)


def capped(game: str, decks: Sequence, *, max_turns: int, games: int = 50) -> dict:
    """The result document of random games cut off after ``max_turns`` turns."""
    batch = Batch(game=game, decks=decks, policies=["random", "random"], games=games, seed=4, max_turns=max_turns)
    return summary(batch, run(batch), workers=1)


def assert_same_seed_same_game(engine: Engine, seats: Sequence, policies: Callable[[], list]) -> None:
    """The same seed replays the same play-by-play and winner; another seed plays another game."""
    first = play(engine.new_match(seats, seed=1234, log=True), policies())
    second = play(engine.new_match(seats, seed=1234, log=True), policies())
    assert first.log == second.log and first.winner() == second.winner()
    other = play(engine.new_match(seats, seed=1235, log=True), policies())
    assert other.log != first.log
