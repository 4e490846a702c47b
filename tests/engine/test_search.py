"""The ``search`` policy, for every engine: it plays legal moves, sees only what its player sees, and gives the
same games for a seed on any number of workers."""

from __future__ import annotations

import random

import pytest

from decklab.engine import engines
from decklab.engine.core import play
from decklab.engine.runner import Batch, run, summary
from decklab.engine.search import DEFAULT_BUDGET, Search

from . import test_determinize
from .test_determinize import GAMES, part_played

# The module-scoped fixture of test_determinize, shared under its own name (pytest finds it in this module's namespace)
sample_decks = test_determinize.sample_decks

_TIMING = ("elapsed_s", "games_per_s", "workers")


def test_the_budget_is_checked():
    greedy = engines()["wh40k"].policies["greedy"]
    with pytest.raises(ValueError, match="a search budget is 1 to 100,000 playouts a decision, not 0"):
        Search(rollout=greedy, budget=0)
    assert Search(rollout=greedy).budget == DEFAULT_BUDGET
    assert engines()["ward"].new_policy("search", budget=5).budget == 5
    assert engines()["wh40k"].new_policy("search").budget == 64
    assert engines()["magewarfare"].new_policy("search").budget == 16


@pytest.mark.parametrize("game", GAMES)
def test_search_plays_legal_games_to_the_end(game, sample_decks):
    """Checked play: every action search picks is legal; the game ends with a winner or as the rules end it."""
    engine = engines()[game]
    for seed in (1, 2):
        state = engine.new_match(sample_decks[game], seed=seed, first=seed % 2)
        play(state, [engine.new_policy("search", budget=3), engine.new_policy("greedy")], check=True)
        assert state.is_terminal()


@pytest.mark.parametrize("game", GAMES)
def test_search_sees_only_what_its_player_sees(game, sample_decks):
    """Two games its player cannot tell apart (the hidden cards redrawn), with the same generator: search picks the
    same action in both."""
    compared = 0
    for seed, moves in ((1, 6), (2, 20), (3, 45)):
        state = part_played(game, sample_decks[game], seed=seed, moves=moves)
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        player = state.current_player()
        other = state.determinize(player, random.Random(seed))
        other.rng.setstate(state.rng.getstate())
        search = engines()[game].new_policy("search", budget=6)
        again = engines()[game].new_policy("search", budget=6)
        assert search.choose(state, state.legal_actions()) == again.choose(other, other.legal_actions())
        compared += 1
    assert compared


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_result_on_one_and_two_workers(game, sample_decks):
    batch = Batch(game=game, decks=sample_decks[game], policies=["search", "greedy"], games=4, seed=9, budget=2)
    one, two = run(batch, workers=1, keep=True), run(batch, workers=2, keep=True)
    assert one.results == two.results

    def strip(document: dict) -> dict:
        return {key: value for key, value in document.items() if key not in _TIMING}

    first = summary(batch, one)
    assert strip(first) == strip(summary(batch, two))
    assert first["search_budget"] == 2
    assert [player["policy"] for player in first["players"]] == ["search", "greedy"]


def test_search_beats_greedy_in_a_40k_mirror_from_either_seat(sample_decks):
    """Search against greedy with the Ork sample deck on both sides, search in the first seat and then in the second
    (the first player alternates): it wins most games from either seat (bench/search_strength.py measures it on 400
    games a mirror: about two in three)."""
    deck = sample_decks["wh40k"][0]
    for policies, seat in ((["search", "greedy"], 0), (["greedy", "search"], 1)):
        batch = Batch(game="wh40k", decks=[deck, deck], policies=policies, games=60, seed=21)
        results = run(batch, workers=2, keep=True).results
        wins = sum(result.winner == seat for result in results)
        assert wins >= 36, (policies, wins)
