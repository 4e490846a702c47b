"""The effect kinds Mage Warfare models, what each supports, and their resolution through one handler table
(``engine/magewarfare/effects.py``): a kind that resolves is its handler, looked up by kind."""

from __future__ import annotations

from decklab.engine import magewarfare as mw
from decklab.engine.magewarfare import effects

from .magewarfare_helpers import card, game

_CONDITIONS = ["alignment", "class", "keyword", "reality"]
KINDS = {
    "add_counters": (["activated", "maintenance_phase", "on_battle_damage", "on_play"], ["hexed", "this", "user"],
                     ["amount", "cost", "counter"], []),
    "attach": (["on_play"], ["target_creature_guard", "target_device", "target_own_creature_guard"], [], _CONDITIONS),
    "damage": (["activated", "maintenance_phase", "on_damaged", "on_destroyed", "on_play"],
               ["battle_opponent", "enemy_creatures_guards", "hexed_controller", "target_creature_guard", "target_mage",
                "target_shield", "you"], ["amount", "cost"], _CONDITIONS),
    "destroy": (["activated", "on_play"], ["target_creature_guard", "target_device", "target_hex"], ["cost"],
                _CONDITIONS),
    "disable": (["on_play", "passive"], ["hexed", "target_creature_guard"], ["duration"], []),
    "draw": (["activated", "on_kill", "on_play"], ["you"], ["amount", "cost", "pile"], []),
    "gain_control": (["activated"], ["target_creature_guard"], ["cost", "duration"], _CONDITIONS),
    "gain_flesh": (["maintenance_phase", "on_battle_damage", "on_kill", "on_killed", "on_play"], ["you"], ["amount"],
                   []),
    "grant_keyword": (["on_play", "passive"], ["hexed", "other_own_creatures_guards", "own_creatures_guards",
                                                "target_creature_guard", "user"], ["duration", "keyword"], _CONDITIONS),
    "heal": (["activated", "on_kill", "on_play"], ["target_creature_guard", "this", "user", "you"], ["amount", "cost"],
             []),
    "maintenance": (["maintenance_phase"], [], ["amount"], []),
    "modify": (["activated", "on_block", "on_engage", "on_play", "passive"],
               ["battle_opponent", "hexed", "other_own_creatures_guards", "own_creatures_guards", "shielded",
                "target_creature_guard", "this", "user"], ["amount", "cost", "duration", "stat"],
               ["alignment", "battle_opponent", "class", "equipped", "keyword", "reality", "shielded"]),
    "negate": (["on_play"], ["target_spell"], [], []),
    "prevent": (["passive"], ["this"], ["amount"], ["source"]),
    "uses": ([None], [], ["amount"], []),
}
"""Every kind the engine models and what it supports (as the engine declared them before its effects became a
handler table: the split changed none)."""


def test_the_modeled_kinds_and_what_each_supports_stay_the_same():
    declared = {name: (sorted(kind.triggers, key=str), sorted(kind.targets), sorted(kind.keys),
                       sorted(kind.conditions)) for name, kind in mw.EFFECTS.kinds.items()}
    assert declared == KINDS


def test_each_kind_that_resolves_has_one_handler_and_the_kinds_read_from_facts_none():
    assert set(mw.EFFECTS.handlers) == {"damage", "heal", "destroy", "disable", "gain_control", "modify",
                                        "grant_keyword", "gain_flesh", "draw", "add_counters"}
    assert mw.EFFECTS.handlers["modify"] is mw.EFFECTS.handlers["grant_keyword"]
    assert effects.EFFECTS is mw.EFFECTS


def test_an_effect_resolves_through_its_kinds_handler_once_for_each_target(monkeypatch):
    state = game()
    calls = []
    monkeypatch.setitem(mw.EFFECTS.handlers, "gain_flesh",
                        lambda st, p, e, src, t: calls.append((st, p, e.kind, src.name, t)))
    source = mw.facts_of(card("Flesh Font", "spell", effects=[
        {"effect": "gain_flesh", "trigger": "on_play", "target": "you", "amount": 3}]))
    flesh = state.sides[1].flesh
    state._effect(1, source.on_play[0], source)
    assert calls == [(state, 1, "gain_flesh", "Flesh Font", 1)]
    assert state.sides[1].flesh == flesh  # (the stand-in handler ran in place of the kind's own)
