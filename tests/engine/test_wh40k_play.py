"""40K Warfare over many games: invariants, determinism, policies, and the batch runner."""

from __future__ import annotations

from decklab.engine import engines, game_seed
from decklab.engine.core import RandomPolicy, play
from decklab.engine.wh40k import MAX_UNITS, Attack, Choose, Deploy, Greedy, Pass, Play

from . import play_checks as checks

ENGINE = engines()["wh40k"]


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
    checks.assert_same_seed_same_game(ENGINE, decks, lambda: [Greedy(), RandomPolicy()])


def test_one_and_two_workers_give_the_same_aggregate(decks):
    checks.assert_workers_agree("wh40k", decks, games=600)


def test_greedy_beats_random_in_a_mirror_match(decks):
    greedy, random_ = checks.mirror_match("wh40k", decks[0])
    assert greedy["win_rate"] > 0.75, (greedy, random_)
    assert greedy["ci95"][0] > random_["ci95"][1]


def test_greedy_fast_path_agrees_with_choose(decks):
    checks.assert_fast_path_agrees(ENGINE, Greedy(), games=150, at_least=1000, seats=lambda index: decks)


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
    document = checks.goldfish("wh40k", decks[0])
    assert document["not_killed"] == 0
    assert 2 <= document["kill_turn"]["p50"] <= 6
    assert sum(document["kill_turn"]["histogram"].values()) == 300


def test_turn_cap_leaves_games_unresolved_not_drawn(decks):
    document = checks.capped("wh40k", decks, max_turns=2)
    assert document["draws"] == 0 and document["unresolved"] >= 40 and document["turns"]["p90"] <= 2
