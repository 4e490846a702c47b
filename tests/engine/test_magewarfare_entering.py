"""A Creature or Guard entering play starts with its current stats: its card's, or with the auras of its side."""

from __future__ import annotations

from decklab.engine import magewarfare as mw
from decklab.engine.magewarfare import CLOSE, Create

from .magewarfare_helpers import act, card, game, give, put, to_phase

GRUNT = card("Grunt", long=1, medium=2, close=3, defense=6, dex=2, cost=10)
BANNER = card("Banner Bearer", close=1, defense=5, cost=20, effects=[
    {"effect": "modify", "target": "other_own_creatures_guards", "stat": "close", "amount": 2, "trigger": "passive"}])
OATH = card("Oath", "spell", cost=20, effects=[
    {"effect": "modify", "target": "own_creatures_guards", "stat": "defense", "amount": 1,
     "duration": "while_in_effect", "trigger": "passive"}])


def fresh(state: mw.MageState, u: mw.Unit) -> tuple:
    """The stats of ``u`` found again from nothing."""
    u.stamp = -1
    return list(state.stats(u)), state.flags(u), list(state.attacks(u))


def test_a_created_creature_has_its_cards_stats_and_its_sides_auras():
    state = to_phase(game(), mw.PLAY)
    state.stats(put(state, 0, GRUNT))  # (who has auras is known now)
    give(state, 0, GRUNT, flesh=100)
    act(state, Create, name="Grunt")
    grunt = state.sides[0].units[-1]
    assert grunt.stamp == state.stamp  # nothing modifies it: its card's stats are current from the start
    assert (list(grunt.st), grunt.flags, list(grunt.atk)) == fresh(state, grunt) and grunt.st == [1, 2, 3, 6, 2]
    give(state, 0, BANNER, flesh=100)
    act(state, Create, name="Banner Bearer")
    assert state.attacks(grunt)[CLOSE] == 5
    give(state, 0, GRUNT, flesh=100)
    act(state, Create, name="Grunt")
    second = state.sides[0].units[-1]
    assert state.attacks(second)[CLOSE] == 5 and ((list(second.st), second.flags, list(second.atk))
                                                  == fresh(state, second))


def test_a_creature_created_under_a_spells_aura_gets_it():
    state = to_phase(game(), mw.PLAY)
    put(state, 0, GRUNT)
    give(state, 0, OATH, flesh=100)
    act(state, Create, name="Oath")
    give(state, 0, GRUNT, flesh=100)
    act(state, Create, name="Grunt")
    grunt = state.sides[0].units[-1]
    assert state.stats(grunt)[3] == 7 and (list(grunt.st), grunt.flags, list(grunt.atk)) == fresh(state, grunt)
