"""What cards, creatures and battles are worth to the greedy policy: a card's worth in hand, an Equip's gain, the
expected damage of a strike, and the fast paths of simple magics that the card facts keep (``Facts.quick``,
``Facts.quick_all``), which the rules use too (whether a second magic phase has a move)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from .board import (
    AL,
    ATKD,
    DMGB,
    FIRST_CYCLE,
    HITB,
    HITD,
    MAX_AL,
    MAX_INFINITE,
    MOD,
    SPD,
    STATS,
    T_MULT,
    Creature,
    Quick,
    QuickEquip,
    Side,
    judge_hit,
)

if TYPE_CHECKING:
    from .facts import Facts
    from .table import Table

STAT_WORTH: Final = {AL: 3.0, SPD: 0.7, MOD: 3.0, HITB: 2.5, DMGB: 1.5, HITD: 4.0, ATKD: 5.0}
"""What a point of each stat is worth to the greedy policy."""


def quick_play(facts: Facts) -> Quick | None:
    """For a simple magic (one effect on a primary creature, no target to pick, no cost, not Infinite), a
    function ``(state, side, mine, theirs, battle_soon) -> value or None`` that gives what
    ``WardState.play_targets`` and ``Greedy._value`` together give for it in a main phase: None when it cannot be
    played, else its greedy value (the greedy policy's fast path)."""
    if (facts.is_creature or facts.lightning or facts.attach or facts.infinite or facts.cost_damage
            or facts.cost_discard or facts.pick is not None or len(facts.plays) != 1):
        return None
    entry = facts.plays[0]
    kind, aim = entry["effect"], entry.get("target")
    damaging = facts.damaging
    if kind == "damage" and aim == "enemy_primary" and "percent" not in entry and "dice" not in entry:
        amount = int(entry.get("amount", 0))
        facts.qkind, facts.qamount = 1, amount

        def damage(state: Table, side: Side, mine: Creature | None, theirs: Creature | None,
                   battle_soon: bool) -> float | None:
            if state.turn <= FIRST_CYCLE or theirs is None:
                return None
            their = theirs.facts
            if their.immune and state.effects_on(theirs):
                return None
            dealt = 0 if their.no_instant else amount
            hp = theirs.hp
            return 0.0 + ((dealt if dealt < hp else hp) + (40 if dealt >= hp else 0))

        return damage
    if kind == "modify" and aim == "own_primary" and not damaging:
        stat, amount = STATS[entry["stat"]], int(entry["amount"])
        lasting = entry.get("duration") == "turn_cycles"
        if stat == SPD:
            return None
        steady = 0.0 + amount * STAT_WORTH[stat]
        facts.qkind, facts.qamount, facts.qsteady = 2, amount, steady if lasting and stat != AL else None

        def modify(state: Table, side: Side, mine: Creature | None, theirs: Creature | None,
                   battle_soon: bool) -> float | None:
            if mine is None:
                return None
            if stat == AL:
                return al_value(state, mine, amount, True)
            return steady if battle_soon or lasting else 0.0 + -2.0

        return modify
    if kind == "heal" and aim == "own_primary" and not damaging:
        amount = int(entry["amount"])
        facts.qkind, facts.qamount = 3, amount

        def heal(state: Table, side: Side, mine: Creature | None, theirs: Creature | None,
                 battle_soon: bool) -> float | None:
            if mine is None:
                return None
            missing = mine.facts.hp - mine.hp
            return 0.0 + ((amount if amount < missing else missing) - 0.4 * amount)

        return heal
    return None


def quick_equip(facts: Facts) -> QuickEquip | None:
    """For an Equip magic for one's own creatures with no other effect on play and no cost, a function
    ``(state, side, mine) -> [(value, target, label), ...] or None``: what ``WardState.play_targets`` and
    ``Greedy._value`` give for each of its targets in a main phase (the greedy policy's fast path)."""
    if (facts.is_creature or facts.lightning or facts.attach != "own_creature" or not facts.infinite or facts.plays
            or facts.cost_damage or facts.cost_discard or facts.pick is not None):
        return None
    damaging = facts.damaging

    def equip(state: Table, side: Side, mine: Creature | None) -> list[tuple[float, int, str]] | None:
        count = len(side.magics.items)
        if count >= MAX_INFINITE or (damaging and state.turn <= FIRST_CYCLE):
            return None
        primary = side.primary
        if primary is None and not side.limited:
            return None
        gain = equip_gain(facts)
        crowded = count >= MAX_INFINITE - 1
        options: list[tuple[float, int, str]] = []
        for host in ([primary, *side.limited] if side.limited else (primary,)):
            if host is None:
                continue
            host_facts = host.facts
            value = own_equip_value(state, host, host is mine, facts, gain)
            if crowded:
                value -= 3
            options.append((value, host.uid, host_facts.name))
        return options

    return equip


def al_value(state: Table, creature: Creature, amount: int, primary: bool) -> float:
    """The greedy policy's worth of ``amount`` more AL on ``creature``: only what the AL cap (12) lets it gain
    (nothing at all on an AL-12 creature), 2.5 a point on the primary creature."""
    room = MAX_AL - state.profile(creature)[AL]
    gain = amount if amount < room else room
    if gain <= 0:
        return -1.0
    return 2.5 * gain if primary else 0.5 * gain


WEAK_HOST: Final = 35  # an Equip is not put on a creature with fewer HP than this: it will not stay long


def own_equip_value(state: Table, host: Creature, primary: bool, facts: Facts, gain: float) -> float:
    """The greedy policy's worth of equipping ``host`` (its own creature) with ``facts``: the Equip's gain,
    weighed by how long the host will keep it (its HP, its worth); nothing on a creature of fewer than
    ``WEAK_HOST`` HP, which the Equip would follow to the cemetery in a hit or two (a Limited Summon takes no
    damage but leaves with its anchor), nor on a primary creature that a better creature in hand needs as its
    sacrifice; and only the AL the cap lets it gain."""
    host_facts = host.facts
    if not host.limited:
        if host.hp < WEAK_HOST:
            return -1.0
        for held in state.sides[host.owner].hand:
            if held.need and held.worth > host_facts.worth:
                return -1.0  # the host is to be sacrificed for a better creature: the Equip would go with it
    for stat, amount in facts.attached_mods:
        if stat == AL and al_value(state, host, amount, primary) < 0.0:
            gain -= amount * STAT_WORTH[AL]
    return 0.0 + (gain * (host.hp / max(1, host_facts.hp)) * min(1.5, host_facts.worth / 120) + (
        1 if primary else -3))


def card_worth(facts: Facts) -> float:
    """A rough value of a card in hand, for the greedy policy's searches and discards."""
    if facts.is_creature:
        value = facts.hp + 6 * (3.5 * facts.dice + facts.mod) + 4 * facts.al
        for entry in facts.triggers.get("on_summon", ()):
            kind = entry["effect"]
            value += {"damage": entry.get("amount", 10), "draw": 12 * entry.get("amount", 1), "search_deck": 15,
                      "destroy": 12, "revive": 10, "summon": 10, "discard": 8}.get(kind, 5)
        if facts.armor or facts.no_instant or facts.immune or facts.first:
            value += 10
        return value
    value = 10.0
    for entry in facts.plays:
        kind = entry["effect"]
        if kind == "damage":
            value += entry.get("amount", 0) or 3.5 * entry.get("dice", 0) or entry.get("percent", 0) / 2
        elif kind in ("draw", "search_deck"):
            value += 10 * entry.get("amount", 1)
        elif kind == "multiply_damage":
            value += 12
        elif kind in ("heal", "heal_over_time"):
            value += entry.get("amount", 0) * entry.get("cycles", 1) / 2
    if facts.lightning:
        value += 8
    return value


# --- policies -----------------------------------------------------------------------------------

_HIT_P: Final[dict[int, float]] = {}


def hit_chance(dice_count: int, need: int) -> float:
    """The exact chance that ``dice_count`` Hit Dice reach ``need`` (AL minus bonuses), criticals included."""
    key = dice_count * 4096 + need
    chance = _HIT_P.get(key)
    if chance is None:
        from itertools import product

        outcomes = list(product(range(1, 7), repeat=max(1, dice_count)))
        chance = _HIT_P[key] = sum(judge_hit(list(o), 0, need)[0] for o in outcomes) / len(outcomes)
    return chance


def exchange(state: Table, a: Creature, d: Creature) -> tuple[float, float]:
    """The expected Attack Damage of ``a``'s strike on ``d`` and of ``d``'s answer (criticals ignored)."""
    pa, pd = state.profile(a), state.profile(d)
    return expected_damage(state, a, d, pa, pd), expected_damage(state, d, a, pd, pa)


def expected_damage(state: Table, a: Creature, d: Creature, pa: Sequence[int], pd: Sequence[int],
              stable: bool = False) -> float:
    """The expected damage of ``a``'s strike on ``d`` from their profiles; ``stable``: ``d``'s cached armor
    value holds (its profile is its static one)."""
    damage = 3.5 * pa[ATKD] + pa[MOD] + pa[DMGB]
    if a.temps:
        for temp in a.temps:
            if temp[0] == T_MULT:
                damage *= temp[1]
    if d.limited:
        return 0.0
    reduction = d.aval if stable and d.facts.armor_stable else state.armor(d, pa[AL])
    if reduction is None:
        return 0.0
    dice_count = pa[HITD]
    chance = _HIT_P.get(dice_count * 4096 + pd[AL] - pa[MOD] - pa[HITB])
    if chance is None:
        chance = hit_chance(dice_count, pd[AL] - pa[MOD] - pa[HITB])
    damage -= reduction
    return chance * damage if damage > 0.0 else chance * 0.0


def expected_strike(state: Table, a: Creature, d: Creature) -> float:
    """The expected Attack Damage of ``a``'s next strike on ``d`` (criticals ignored)."""
    pa, pd = state.profile(a), state.profile(d)
    damage = 3.5 * pa[ATKD] + pa[MOD] + pa[DMGB]
    for factor in state.multipliers(a):
        damage *= factor
    reduction = state.armor(d, pa[AL])
    if reduction is None or d.limited:
        return 0.0
    return hit_chance(pa[HITD], pd[AL] - pa[MOD] - pa[HITB]) * max(0.0, damage - reduction)


_GAINS: Final[dict[Facts, float]] = {}


def equip_gain(facts: Facts) -> float:
    """What an equip magic adds to its creature (negative for a curse on an enemy), for the greedy policy."""
    known = _GAINS.get(facts)
    if known is not None:
        return known
    gain = 0.0
    for stat, amount in facts.attached_mods:
        gain += amount * STAT_WORTH[stat]
    gain += 6 * len(facts.attached_armor) + (5 if facts.attached_no_instant else 0)
    gain += 3 * len(facts.triggers) + (4 if facts.activated else 0)
    if facts.attach == "enemy_creature":
        gain = -gain
        for entry in facts.triggers.get("start_of_turn", ()):
            gain += entry.get("amount", 0)
    _GAINS[facts] = gain
    return gain
