"""Ward over many games: determinism, policies, goldfish and the batch runner (invariants: test_ward_fuzz)."""

from __future__ import annotations

import pytest

from decklab.engine import engines, game_seed
from decklab.engine.core import RandomPolicy, play
from decklab.engine.ward import Attack, Choose, Greedy, Pass, Play, Respond, Summon

from . import play_checks as checks
from .ward_helpers import starter_cards

ENGINE = engines()["ward"]


def test_every_starter_card_is_modeled(database):
    from decklab.catalog.store import list_cards

    cards = list_cards(database, game="ward")
    assert len(cards) == 133
    assert ENGINE.effects.unmodeled(cards) == []


def test_same_seed_same_game(decks):
    checks.assert_same_seed_same_game(ENGINE, decks, lambda: [Greedy(), RandomPolicy()])


def test_clone_continues_like_the_original(decks):
    state = ENGINE.new_match(decks, seed=77, log=True)
    policy = RandomPolicy()
    for _ in range(60):
        state.apply(policy.choose(state, state.legal_actions()))
    twin = state.clone()
    assert twin.log == state.log and twin.card_counts() == state.card_counts() and twin.turn == state.turn
    assert twin.legal_actions() == state.legal_actions()
    while not state.is_terminal():  # each draws its policy's choices and its dice from its own generator
        action = policy.choose(state, state.legal_actions())
        assert policy.choose(twin, twin.legal_actions()) == action
        state.apply(action)
        twin.apply(action)
    assert twin.is_terminal() and twin.log == state.log and twin.winner() == state.winner()
    assert twin.clone().log == state.log


def test_one_and_two_workers_give_the_same_aggregate(decks):
    checks.assert_workers_agree("ward", decks, games=400)


@pytest.mark.parametrize("index", [0, 1])
def test_greedy_beats_random_in_a_mirror_match(decks, index):
    greedy, random_ = checks.mirror_match("ward", decks[index])
    assert greedy["win_rate"] > 0.8, (greedy, random_)
    assert greedy["ci95"][0] > random_["ci95"][1]


def test_greedy_fast_path_agrees_with_choose(decks):
    checks.assert_fast_path_agrees(ENGINE, Greedy(), games=120, at_least=3000, seats=lambda index: decks)


def test_actions_and_log_read_well(decks):
    state = ENGINE.new_match(decks, seed=8, log=True)
    play(state, [Greedy(), Greedy()])
    text = "\n".join(state.log)
    assert "P1 rolls" in text and "goes first" in text and "summons" in text and "battles" in text
    assert "wins" in text or "loses" in text or "draw" in text
    assert str(Play(1, "Firebolt")) == "play Firebolt"
    assert str(Play(1, "Runed Longsword", 4, "Ember Whelp")) == "play Runed Longsword on Ember Whelp"
    assert str(Summon(0, "Kaelthas", (1,), True, "Brass Drake, Ember Whelp")) == \
        "summon Kaelthas sacrificing Brass Drake, Ember Whelp"
    assert str(Attack(3, "Ember Whelp", "Battle Cleric")) == "battle Battle Cleric with Ember Whelp"
    assert str(Respond(2, "Spellbreak Chime")) == "respond with Spellbreak Chime"
    assert str(Choose(1, "Glimmer Mite")) == "choose Glimmer Mite"
    assert str(Pass("end the turn")) == "end the turn"


def test_goldfish_kill_turn_distribution(decks):
    for deck in decks:
        document = checks.goldfish("ward", deck)
        assert document["not_killed"] <= 3
        assert 8 <= document["kill_turn"]["p50"] <= 35
        assert sum(document["kill_turn"]["histogram"].values()) + document["not_killed"] == 300


def test_goldfish_dummies_never_battle_or_answer(decks):
    state = ENGINE.new_goldfish(decks[0], seed=4, log=True)
    play(state, [Greedy(), Greedy()])
    assert state.winner() == 0 and ENGINE.kill_turn(state) is not None
    dummy_lines = [line for line in state.log if "Training Dummy rolls" in line]
    assert not dummy_lines
    assert state.sides[1].cem_hp >= 300 and state.sides[1].cem_hp % 50 == 0


def test_the_turn_cap_is_time_out_and_decides_the_games(decks):
    """Cut off after 6 turns, every game is decided by Time Out (the bigger cemetery loses; equal: a draw):
    none is unresolved, and the batch counts them as wins and draws."""
    document = checks.capped("ward", decks, max_turns=6)
    assert document["unresolved"] == 0 and document["turns"]["p90"] <= 6
    for index in range(50):
        state = ENGINE.new_match(decks, seed=game_seed(4, index), first=index % 2, max_turns=6)
        play(state, [RandomPolicy(), RandomPolicy()])
        one, two = (side.cem_hp for side in state.sides)
        if state.turn > 6:
            assert state.winner() == (None if one == two else 0 if one < two else 1) and not state.is_unresolved()


def test_unmodeled_cards_play_as_vanilla():
    from .ward_helpers import creature, deck

    odd = creature("Time Bender", al=3, hp=30, effects=[{"effect": "rewind_time", "trigger": "on_summon"}])
    assert ENGINE.effects.unmodeled([odd]) and not ENGINE.effects.unmodeled(starter_cards())
    state = ENGINE.new_match([deck([(odd, 30)]), deck()], seed=3, vanilla=True)
    play(state, [Greedy(), Greedy()])
    assert state.is_terminal()
