"""Upper bounds of what the greedy policy makes of an effect (:meth:`~.policy_creating.GreedyCreating._effect_value`),
compiled into each card's facts (``Eff.caps``, ``Facts.card_caps``) so that the policy skips what cannot win."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .facts import Eff


def effect_cap(e: Eff, bound: tuple[int, bool, bool]) -> float:
    """An upper bound of :meth:`Greedy._effect_value` for ``e`` (1e9 where none is cheap to give); ``bound`` is
    (the dearest enemy card's cost, whether an enemy Mage is low, whether it is the Attack phase)."""
    kind, tw = e.kind, e.tw
    dearest, low, attack_phase = bound
    if kind == "damage":
        if tw == "target_creature_guard":
            return 60.0 + dearest
        if tw == "target_mage":
            return 1000.0 if low else 3.0 * e.amount
    elif kind == "heal":
        return 15.0 if tw == "you" else 5.0 + e.amount if not attack_phase else 0.0  # (cards heal after the attack)
    elif kind == "modify" or kind == "grant_keyword":
        if e.dur in ("this_turn", "this_battle") and tw in ("this", "user", "target_creature_guard"):
            return 12.0 if attack_phase else 0.0
        if e.dur in ("this_turn", "this_battle") and tw in ("own_creatures_guards", "other_own_creatures_guards"):
            return 1e9 if attack_phase else 0.0  # (in the Attack phase: 4 for each card that may attack)
    elif kind == "add_counters":
        return 30.0 * e.amount if e.counter == "plus_token" else 12.0
    elif kind == "draw":
        return 15.0 * e.amount
    elif kind == "gain_control":
        return 40.0 + dearest
    elif kind == "destroy":
        return 50.0 + dearest if tw == "target_creature_guard" else 100.0
    return 1e9
