"""40K Warfare over many games: invariants, determinism, policies, and the batch runner."""

from __future__ import annotations

import pytest
from decklab.catalog.decks import read_deck_file
from decklab.catalog.sample_decks import sample_deck_paths
from decklab.engine import engines, game_seed
from decklab.engine.core import RandomPolicy, play
from decklab.engine.runner import Batch, run, summary
from decklab.engine.wh40k import MAX_UNITS, Attack, Choose, Deploy, Greedy, Pass, Play

ENGINE = engines()["wh40k"]


@pytest.fixture(scope="module")
def decks(template_db):
    from decklab.catalog.db import open_database

    database = open_database(str(template_db))
    try:
        paths = {p.name: p for p in sample_deck_paths()}
        return [read_deck_file(database, paths[name]) for name in ("wh40k-1.deck", "wh40k-2.deck")]
    finally:
        database.dispose()


def test_every_starter_card_is_modeled(database):
    from decklab.catalog.store import list_cards

    assert ENGINE.effects.unmodeled(list_cards(database, game="wh40k")) == []


def test_invariants_over_thousands_of_random_games(decks):
    """Cards are conserved, never more than five units, CP never negative, AP move only through combat or
    effects, and every game ends."""
    policy = RandomPolicy()
    for index in range(2000):
        state = ENGINE.new_match(decks, seed=game_seed(99, index), first=index % 2, max_turns=200)
        counts = state.card_counts()
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()
            assert actions
            action = policy.choose(state, actions)
            before = [side.ap for side in state.sides]
            state.apply(action)
            steps += 1
            assert state.card_counts() == counts
            assert all(len(side.units) <= MAX_UNITS for side in state.sides)
            assert all(side.cp >= 0 for side in state.sides)
            if type(action) is Pass:
                assert [side.ap for side in state.sides] == before
            assert steps < 20_000
        assert state.turn <= 200


def test_same_seed_same_game(decks):
    first = ENGINE.new_match(decks, seed=1234, log=True)
    second = ENGINE.new_match(decks, seed=1234, log=True)
    play(first, [Greedy(), RandomPolicy()])
    play(second, [Greedy(), RandomPolicy()])
    assert first.log == second.log and first.winner() == second.winner()
    other = ENGINE.new_match(decks, seed=1235, log=True)
    play(other, [Greedy(), RandomPolicy()])
    assert other.log != first.log


def test_one_and_two_workers_give_the_same_aggregate(decks):
    batch = Batch(game="wh40k", decks=decks, policies=["greedy", "random"], games=600, seed=5)
    one, two = run(batch, workers=1), run(batch, workers=2)
    assert one.results == two.results
    strip = lambda d: {k: v for k, v in d.items() if k not in ("elapsed_s", "games_per_s", "workers")}  # noqa: E731
    assert strip(summary(batch, one, workers=1)) == strip(summary(batch, two, workers=2))


def test_greedy_beats_random_in_a_mirror_match(decks):
    batch = Batch(game="wh40k", decks=[decks[0], decks[0]], policies=["greedy", "random"], games=2000, seed=11)
    document = summary(batch, run(batch, workers=2), workers=2)
    greedy, random_ = document["players"]
    assert greedy["win_rate"] > 0.75, document["players"]
    assert greedy["ci95"][0] > random_["ci95"][1]


def test_greedy_fast_path_agrees_with_choose(decks):
    greedy = Greedy()
    checked = 0
    for index in range(150):
        state = ENGINE.new_match(decks, seed=game_seed(3, index), first=index % 2)
        while not state.is_terminal():
            assert greedy.act(state) == greedy.choose(state, state.legal_actions())
            checked += 1
            state.apply(greedy.act(state) if index % 3 else RandomPolicy().choose(state, state.legal_actions()))
    assert checked > 1000


def test_actions_read_well(decks):
    state = ENGINE.new_match(decks, seed=8, log=True)
    play(state, [Greedy(), Greedy()])
    text = "\n".join(state.log)
    assert "begins: 1000 AP, 6 CP, 5 cards in hand" in text
    assert "deploys" in text and ("wins" in text or "draw" in text)
    assert str(Deploy(0, "Beastmen")) == "deploy Beastmen"
    assert str(Play(1, "Strategic Retreat", 4, "Boy")) == "play Strategic Retreat on Boy"
    assert str(Attack(1, "Boy", None, "the enemy's Attrition Points")) == "attack the enemy's Attrition Points with Boy"
    assert str(Choose(True, "pay 2 CP")) == "choose pay 2 CP"


def test_goldfish_kill_turn_distribution(decks):
    batch = Batch(game="wh40k", decks=[decks[0]], policies=["greedy"], games=300, seed=2, mode="goldfish")
    document = summary(batch, run(batch), workers=1)
    assert document["not_killed"] == 0
    assert 2 <= document["kill_turn"]["p50"] <= 6
    assert sum(document["kill_turn"]["histogram"].values()) == 300


def test_turn_cap_ends_in_a_draw(decks):
    batch = Batch(game="wh40k", decks=decks, policies=["random", "random"], games=50, seed=4, max_turns=2)
    document = summary(batch, run(batch), workers=1)
    assert document["draws"] >= 40 and document["turns"]["p90"] <= 2
