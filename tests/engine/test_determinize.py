"""Every engine's ``determinize(player, rng)``: it redraws only what that player cannot see.

The search policy plays its look-ahead on determinized games, so a leak here would let it see the
other players' hands or the order of the decks. The checks, on sample-deck games stopped part-way:

- the original game is left as it was;
- the player sees the determinized game exactly as it saw the original (``observation``), and when it
  is to move it has the same legal actions;
- two games that differ only in what the player cannot see determinize, with the same generator, to
  games that play out move for move the same (the hidden cards' actual identity and order never reach
  the result);
- something is redrawn: the other players' hands are not always the same.
"""

from __future__ import annotations

import random

import pytest

from decklab.engine import engines
from decklab.engine.core import GameState

GAMES = ("wh40k", "ward", "warcardz", "wentworth", "magewarfare")


@pytest.fixture(scope="module")
def sample_decks(template_db) -> dict:
    from decklab.catalog.db import open_database
    from decklab.catalog.decks import read_deck_file
    from decklab.catalog.sample_decks import sample_deck_paths

    paths = {path.name: path for path in sample_deck_paths()}
    database = open_database(str(template_db))
    try:
        return {game: [read_deck_file(database, paths[f"{game}-{number}.deck"]) for number in (1, 2)]
                for game in GAMES}
    finally:
        database.dispose()


def tables(game: str, decks: list) -> list[list]:
    """The tables to test: two players, and three where the game allows it."""
    lo, hi = engines()[game].players
    return [decks] + ([[decks[0], decks[1], decks[0]]] if hi >= 3 else [])


def part_played(game: str, decks: list, *, seed: int, moves: int) -> GameState:
    """A greedy game of ``decks`` stopped after ``moves`` actions (or at its end)."""
    engine = engines()[game]
    state = engine.new_match(decks, seed=seed, first=seed % len(decks))
    policies = [engine.policies["greedy"]() for _ in decks]
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply(policies[state.current_player()].choose(state, state.legal_actions()))
    return state


def playout(game: str, state: GameState) -> list[str]:
    """The rest of the game, greedy in every seat: each move with its seat, then the winner."""
    engine = engines()[game]
    policies = [engine.policies["greedy"]() for _ in range(8)]
    moves = []
    while not state.is_terminal():
        seat = state.current_player()
        actions = state.legal_actions()
        action = policies[seat].choose(state, actions)
        assert action in actions
        moves.append(f"{seat}: {action}")
        state.apply(action)
    moves.append(f"winner {state.winner()}, unresolved {state.is_unresolved()}")
    return moves


def positions(game: str, decks: list):
    for table in tables(game, decks):
        for seed, moves in ((1, 4), (2, 15), (3, 40), (4, 90)):
            state = part_played(game, table, seed=seed, moves=moves)
            if not state.is_terminal():
                yield table, seed, moves, state


@pytest.mark.parametrize("game", GAMES)
def test_the_player_sees_the_same_game(game, sample_decks):
    for table, seed, moves, state in positions(game, sample_decks[game]):
        seats = range(len(table))
        seen = [state.observation(seat) for seat in seats]
        for player in seats:
            twin = state.determinize(player, random.Random(seed * 7 + player))
            assert [state.observation(seat) for seat in seats] == seen, "determinize changed the game itself"
            assert twin.observation(player) == seen[player], (game, seed, moves, player)
            assert twin.current_player() == state.current_player()
            if state.current_player() == player:
                assert list(twin.legal_actions()) == list(state.legal_actions())


@pytest.mark.parametrize("game", GAMES)
def test_hidden_cards_never_reach_the_determinized_game(game, sample_decks):
    for table, seed, moves, state in positions(game, sample_decks[game]):
        for player in range(len(table)):
            # other: the same game as far as ``player`` can tell, with everything hidden from it redrawn
            other = state.determinize(player, random.Random(1000 + seed))
            mine = playout(game, state.determinize(player, random.Random(77)))
            theirs = playout(game, other.determinize(player, random.Random(77)))
            assert mine == theirs, (game, seed, moves, player)


@pytest.mark.parametrize("game", GAMES)
def test_what_the_others_hold_is_redrawn(game, sample_decks):
    """Over a few generators the other players' view of their own hands changes: their hands are redrawn (in
    some positions; in one where every other hand is empty there is nothing of theirs to redraw)."""
    changed = checked = 0
    for table, _seed, moves, state in positions(game, sample_decks[game]):
        if moves < 15:
            continue
        player = 0
        others = range(1, len(table))
        seen = [state.observation(seat) for seat in others]
        redrawn = [[state.determinize(player, random.Random(k)).observation(seat) for seat in others]
                   for k in range(6)]
        checked += 1
        changed += any(views != seen for views in redrawn)
    assert checked and changed >= checked / 2, (game, changed, checked)


@pytest.mark.parametrize("game", GAMES)
def test_the_original_plays_on_as_before(game, sample_decks):
    """Determinizing takes nothing from the game's own generator: it plays on exactly as an untouched copy."""
    for table, seed, moves, state in positions(game, sample_decks[game]):
        untouched = part_played(game, table, seed=seed, moves=moves)
        for player in range(len(table)):
            state.determinize(player, random.Random(player))
        assert playout(game, state) == playout(game, untouched)
