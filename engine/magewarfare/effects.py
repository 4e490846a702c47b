"""The effect kinds Mage Warfare's engine models (:data:`EFFECTS`): each kind that does something when it resolves is
declared with its handler (``@EFFECTS.handles``), which :meth:`~.zones.MageZones._effect` looks up by kind and calls
once for each target the effect reaches; the kinds read from a card's facts (uses, maintenance, a Shield's
prevention, Negate, a Hex's attachment) are declared first, without one. See ``docs/engines.md``, "Adding an effect
kind"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..core import Choose
from ..effects import EffectRegistry
from .board import EXP_BATTLE, EXP_TURN, START_HP, Gear, Hex, Unit

if TYPE_CHECKING:
    from .facts import Eff, Facts
    from .zones import MageZones

EFFECTS: Final = EffectRegistry("magewarfare")
_UNIT_CONDITIONS: Final = {"class", "alignment", "reality", "keyword"}

HARMFUL_KINDS: Final = {"damage", "destroy", "disable", "gain_control", "negate"}
"""The kinds that harm what they reach (their targets are the opponents' cards; see ``Eff.harmful``)."""

# Read from a card's facts (``Facts``) and by the rules, not resolved:
EFFECTS.kind("maintenance", triggers={"maintenance_phase"}, keys={"amount"})
EFFECTS.kind("uses", triggers={None}, keys={"amount"})  # type: ignore[arg-type]  # (no trigger: effects.py types
# the triggers as str, but its check takes None for an entry without one)
EFFECTS.kind("prevent", triggers={"passive"}, targets={"this"}, keys={"amount"}, conditions={"source"})
EFFECTS.kind("negate", triggers={"on_play"}, targets={"target_spell"})
EFFECTS.kind("attach", triggers={"on_play"},
             targets={"target_creature_guard", "target_own_creature_guard", "target_device"},
             conditions=_UNIT_CONDITIONS)

# --- resolved, each by its handler: (the state, the player it resolves for, the effect, its card, one target: a
# card in play, or a seat for a Mage) ----------------------------------------------------------------------------


@EFFECTS.handles("damage", triggers={"on_play", "activated", "on_damaged", "on_destroyed", "maintenance_phase"},
                 targets={"target_creature_guard", "target_mage", "target_shield", "you", "battle_opponent",
                          "hexed_controller", "enemy_creatures_guards"},
                 keys={"amount", "cost"}, conditions=_UNIT_CONDITIONS)
def _damage(state: MageZones, p: int, e: Eff, src: Facts, t: Any) -> None:
    if type(t) is int:
        state.hurt_mage(t, e.amount)
    elif type(t) is Unit:
        t.damage += e.amount
        if state.log is not None:
            state.say(f"{src.name} deals {e.amount} damage to {t.facts.name}")
        if state.dead(t) and state.battle is None:
            state.kill(t, p)
    elif type(t) is Gear:
        _damage_shield(state, t, e.amount, src)


def _damage_shield(state: MageZones, g: Gear, amount: int, src: Facts) -> None:
    """Damage to a Shield (less what its prevention stops); it is destroyed at its Defense."""
    for e in g.facts.prevent:
        c = e.cond
        if c is None or (c.role == "source" and c.sub is not None and c.sub.ok(src)):
            amount -= e.amount
    if amount <= 0:
        return
    g.damage += amount
    if state.log is not None:
        state.say(f"{src.name} deals {amount} damage to {g.facts.name}")
    if g.damage >= state.shield_defense(g):
        if state.log is not None:
            state.say(f"{g.facts.name} is destroyed")
        state.gear_gone(g)


@EFFECTS.handles("heal", triggers={"on_play", "activated", "on_kill"},
                 targets={"this", "user", "you", "target_creature_guard"}, keys={"amount", "cost"})
def _heal(state: MageZones, p: int, e: Eff, src: Facts, t: Any) -> None:
    if type(t) is int:
        side = state.sides[t]
        side.hp = min(START_HP, side.hp + e.amount)
        if state.log is not None:
            state.say(f"{src.name} heals P{t + 1}'s Mage to {side.hp} HP")
    elif type(t) is Unit:
        t.damage = max(0, t.damage - e.amount)


@EFFECTS.handles("destroy", triggers={"on_play", "activated"},
                 targets={"target_creature_guard", "target_device", "target_hex"}, keys={"cost"},
                 conditions=_UNIT_CONDITIONS)
def _destroy(state: MageZones, p: int, e: Eff, src: Facts, t: Any) -> None:
    if type(t) is Unit:
        if state.log is not None:
            state.say(f"{src.name} destroys {t.facts.name}")
        state.leave(t, "graveyard")
        state.check_all(None)
    elif type(t) is Gear and state.key_alive(t):
        if state.log is not None:
            state.say(f"{src.name} destroys {t.facts.name}")
        state.gear_gone(t)
        state.check_all(None)
    elif type(t) is Hex and state.key_alive(t):
        if state.log is not None:
            state.say(f"{src.name} lifts {t.facts.name}")
        state.hex_gone(t)
        state.check_all(None)


@EFFECTS.handles("disable", triggers={"on_play", "passive"}, targets={"target_creature_guard", "hexed"},
                 keys={"duration"})
def _disable(state: MageZones, p: int, e: Eff, src: Facts, t: Any) -> None:
    if type(t) is Unit:
        t.disabled = True
        state.touch(t)
        if state.log is not None:
            state.say(f"{src.name} Disables {t.facts.name}")


@EFFECTS.handles("gain_control", triggers={"activated"}, targets={"target_creature_guard"}, keys={"duration", "cost"},
                 conditions=_UNIT_CONDITIONS)
def _gain_control(state: MageZones, p: int, e: Eff, src: Facts, t: Any) -> None:
    if type(t) is Unit:
        state.steal(t, p, e.dur)


@EFFECTS.handles("modify", triggers={"passive", "activated", "on_play", "on_block", "on_engage"},
                 targets={"this", "user", "shielded", "hexed", "battle_opponent", "target_creature_guard",
                          "own_creatures_guards", "other_own_creatures_guards"},
                 keys={"stat", "amount", "duration", "cost"},
                 conditions={*_UNIT_CONDITIONS, "equipped", "shielded", "battle_opponent"})
@EFFECTS.handles("grant_keyword", triggers={"passive", "on_play"},
                 targets={"user", "hexed", "target_creature_guard", "other_own_creatures_guards",
                          "own_creatures_guards"}, keys={"keyword", "duration"}, conditions=_UNIT_CONDITIONS)
def _modify(state: MageZones, p: int, e: Eff, src: Facts, t: Any) -> None:
    """A change of stats (``modify``) or keywords (``grant_keyword``) for the turn, for the Battle, or for good."""
    if type(t) is Unit:
        t.mods.append((e.idxs, e.amount, e.bits, e.blood, EXP_BATTLE if e.dur == "this_battle" else EXP_TURN))
        if e.dur != "this_battle":
            state.expiring = True
        state.touch(t)
        if e.amount < 0 and state.dead(t) and state.battle is None:
            state.kill(t, p)


@EFFECTS.handles("gain_flesh", triggers={"on_play", "on_kill", "on_killed", "on_battle_damage", "maintenance_phase"},
                 targets={"you"}, keys={"amount"})
def _gain_flesh(state: MageZones, p: int, e: Eff, src: Facts, t: Any) -> None:
    if type(t) is int:
        state.sides[t].flesh += e.amount


@EFFECTS.handles("draw", triggers={"on_play", "on_kill", "activated"}, targets={"you"},
                 keys={"amount", "pile", "cost"})
def _draw(state: MageZones, p: int, e: Eff, src: Facts, t: Any) -> None:
    """Draws from the pile the effect names; two at a time from the Barracks or the Armory as the player chooses."""
    if type(t) is not int:
        return
    side = state.sides[t]
    if e.pile == "barracks_or_armory":
        left = e.amount
        while left >= 2:
            options = state.draw_options(side, spellbook=False)
            if len(options) > 1:
                state.pending.append((t, [Choose(o.piles, o.label[5:]) for o in options], "split", (t, 2)))
            elif options:
                state.do_draw(side, options[0].piles)
            left -= 2
        if left:
            state.do_draw(side, "B" if side.barracks else "A")
        return
    letter = {"barracks": "B", "armory": "A", "spellbook": "S"}.get(e.pile, "B")
    for _ in range(e.amount):
        state.do_draw(side, letter)


@EFFECTS.handles("add_counters", triggers={"on_play", "activated", "on_battle_damage", "maintenance_phase"},
                 targets={"this", "user", "hexed"}, keys={"counter", "amount", "cost"})
def _add_counters(state: MageZones, p: int, e: Eff, src: Facts, t: Any) -> None:
    if type(t) is Unit:
        if e.counter == "blood":
            t.bloodc += e.amount
        else:
            t.tokens += e.amount if e.counter == "plus_token" else -e.amount
            state.touch(t)
            if state.dead(t) and state.battle is None:
                state.kill(t, p)
