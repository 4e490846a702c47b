"""The effect kinds Ward's engine models (:data:`EFFECTS`), each declared with its handler: ``@EFFECTS.handles``
for an effect that resolves at once (``handler(state, player, entry, ctx)``), ``@EFFECTS.handles(..., asks=True)``
for one that may ask its controller to choose (a generator, as the game is: it yields each decision and receives
the action chosen). The two kinds read from a card's facts or answered by the response chain alone (``attach``,
``return_to_hand``) are declared first, without a handler. See ``docs/engines.md``, "Adding an effect kind"."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core import Choose
from ..effects import EffectRegistry
from .board import (
    FIRST_CYCLE,
    FOREVER,
    INSTANT,
    MAX_LIMITED,
    PERCENT,
    PH_COMBAT,
    STATS,
    STOP,
    T_ARMOR,
    T_FIRST,
    T_MULT,
    T_NO_INSTANT,
    Ctx,
    Magic,
    Steps,
    make,
    named,
)
from .conditions import match_memos, matches

if TYPE_CHECKING:
    from .facts import Facts
    from .table import Table

EFFECTS = EffectRegistry("ward")
_CREATURE_TARGETS = {"this", "attached", "own_primary", "enemy_primary", "battle_opponent", "target_own_creature",
                     "all_own_creatures", "all_primaries", "summoned_creature", "triggering_creature"}
_CONDITIONS = {"creature_type", "card_type", "sub_type", "magic_type", "al_at_most", "al_at_least",
               "opponent_al_at_most", "opponent_al_at_least", "attacks_first", "equipped", "hp_above_half",
               "controls_field_magic", "cemetery_has", "summoned_type", "in_battle", "targets_this",
               "damages_own_primary", "event"}
_COMMON = {"duration", "cycles", "once_per_turn", "optional", "cost"}

# Declared without a handler: return_to_hand is played by the response chain alone (Resolution._response_effect:
# the battle it answers ends), and an Equip's attach entry is read from its card's facts (Facts.attach).
EFFECTS.kind("return_to_hand", triggers={"on_response"}, targets={"own_primary"}, keys=_COMMON, conditions=_CONDITIONS)
# (an attach entry has no trigger: None is its one; EffectRegistry.kind types the triggers as strings)
EFFECTS.kind("attach", triggers={None}, targets={"own_creature", "enemy_creature"})  # type: ignore[arg-type]

# --- resolved at once, each by its handler --------------------------------------------------------------------


def _expiry(state: Table, entry: Mapping[str, Any]) -> int:
    duration = entry.get("duration")
    if duration == "turn_cycles":
        return state.turn + 2 * int(entry.get("cycles", 1))
    if duration == "this_turn":
        return state.turn + 1
    return FOREVER


@EFFECTS.handles("modify", triggers={"on_play", "on_attack", "on_hit", "on_response", "on_sacrificed", "passive"},
                 targets=_CREATURE_TARGETS, keys={"stat", "amount", *_COMMON}, conditions=_CONDITIONS)
def _do_modify(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    stat = STATS[entry["stat"]]
    amount = int(entry["amount"])
    duration = entry.get("duration")
    for creature in state.effect_targets(player, entry, ctx):
        if not state.can_affect(creature, player, ctx):
            continue
        if duration == "this_battle":
            battle = state.battle
            if battle is None:
                continue
            extra = battle.mods.get(creature)
            if extra is None:
                extra = battle.mods[creature] = [0] * 7
            extra[stat] += amount
        elif duration == "this_roll":
            if ctx.strike is not None:
                ctx.strike.bonus += amount
        else:
            creature.temps.append([stat, amount, _expiry(state, entry)])
        if state.log is not None:
            state.say(f"{named(creature)} gets {amount:+d} {entry['stat'].replace('_', ' ')}")


@EFFECTS.handles("damage", triggers={"on_play", "on_summon", "on_sacrificed", "on_hit", "on_hit_taken", "on_killed",
                                    "start_of_turn", "end_of_combat", "on_response"},
                 targets={"enemy_primary", "own_primary", "all_primaries", "battle_opponent", "attached", "this"},
                 keys={"amount", "dice", "percent", *_COMMON}, conditions=_CONDITIONS)
def _do_damage(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    if (entry.get("condition") or {}).get("in_battle") and ctx.opponent is None:
        return
    for creature in state.effect_targets(player, entry, ctx):
        if not state.can_affect(creature, player, ctx):
            continue
        if "percent" in entry:
            amount, kind = creature.hp * int(entry["percent"]) // 100, PERCENT
        elif "dice" in entry:
            amount, kind = sum(state.roll(int(entry["dice"]))), INSTANT
        else:
            amount, kind = int(entry.get("amount", 0)), INSTANT
        state.hurt(creature, amount, kind, ctx.creature)


@EFFECTS.handles("damage_over_time", triggers={"on_play", "on_hit", "on_summon"},
                 targets={"enemy_primary", "battle_opponent"}, keys={"amount", "cycles", *_COMMON},
                 conditions=_CONDITIONS)
@EFFECTS.handles("heal_over_time", triggers={"on_play", "on_summon"}, targets={"own_primary", "this"},
                 keys={"amount", "cycles", *_COMMON}, conditions=_CONDITIONS)
def _do_over_time(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    """DOT/HOT: once per turn cycle from the end of this turn's combat (the next one if it is over); they do
    not stack (11.3)."""
    hot = entry["effect"] == "heal_over_time"
    start = state.turn if state.phase <= PH_COMBAT else state.turn + 1
    for creature in state.effect_targets(player, entry, ctx):
        if not state.can_affect(creature, player, ctx):
            continue
        if state.turn <= FIRST_CYCLE and not hot:
            continue
        record = [int(entry["amount"]), int(entry.get("cycles", 1)), start]
        if hot:
            if creature.hot is None:
                creature.hot = record
        elif creature.dot is None:
            creature.dot = record
            if state.log is not None:
                state.say(f"{named(creature)} suffers {record[0]} damage over time for {record[1]} turn cycles")


@EFFECTS.handles("heal", triggers={"on_play", "on_summon", "on_hit", "start_of_turn", "end_of_combat", "on_response"},
                 targets={"this", "own_primary", "attached", "target_own_creature"}, keys={"amount", *_COMMON},
                 conditions=_CONDITIONS)
def _do_heal(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    for creature in state.effect_targets(player, entry, ctx):
        if state.can_affect(creature, player, ctx):
            state.heal(creature, int(entry["amount"]))


@EFFECTS.handles("multiply_damage", triggers={"on_play", "activated"},
                 targets={"this", "own_primary", "target_own_creature"}, keys={"factor", *_COMMON},
                 conditions=_CONDITIONS)
def _do_multiply(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    factor = int(entry["factor"])
    for creature in state.effect_targets(player, entry, ctx):
        if not state.can_affect(creature, player, ctx):
            continue
        if entry.get("duration") == "this_battle":
            battle = state.battle
            if battle is not None:
                battle.mults.setdefault(creature, []).append(factor)
        else:
            creature.temps.append([T_MULT, factor, _expiry(state, entry)])
        if state.log is not None:
            state.say(f"{named(creature)} inflicts {factor}x Attack Damage")


@EFFECTS.handles("strike_first", triggers={"on_play", "passive"},
                 targets={"this", "target_own_creature", "own_primary", "attached"}, keys=_COMMON,
                 conditions=_CONDITIONS)
def _do_strike_first(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    for creature in state.effect_targets(player, entry, ctx):
        if state.can_affect(creature, player, ctx):
            creature.temps.append([T_FIRST, 1, _expiry(state, entry)])


@EFFECTS.handles("prevent", triggers={"passive", "on_play"},
                 targets={"this", "attached", "all_own_creatures", "own_primary", "target_own_creature"},
                 keys={"what", "amount", *_COMMON}, conditions=_CONDITIONS)
def _do_prevent(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    what = entry.get("what")
    for creature in state.effect_targets(player, entry, ctx):
        if not state.can_affect(creature, player, ctx):
            continue
        until = _expiry(state, entry)
        if what in ("attack_damage", "damage"):
            creature.temps.append([T_ARMOR, entry.get("amount"), until])
        if what in ("instant_damage", "damage"):
            creature.temps.append([T_NO_INSTANT, 1, until])


@EFFECTS.handles("negate", triggers={"on_response", "on_attack"},
                 targets={"triggering_card", "triggering_creature", "battle_opponent"}, keys={"what", *_COMMON},
                 conditions=_CONDITIONS)
def _do_negate(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    """Null Engine: the creature it battles loses its effects for this battle."""
    battle = state.battle
    if battle is not None and ctx.opponent is not None:
        battle.negated.add(ctx.opponent)
        if state.log is not None:
            state.say(f"{named(ctx.opponent)}'s effects are negated for this battle")


@EFFECTS.handles("draw", triggers={"on_play", "on_summon", "on_sacrificed", "on_killed", "start_of_turn", "activated",
                                  "on_ally_to_cemetery", "on_equip", "on_hit"},
                 targets={"controller"}, keys={"amount", *_COMMON}, conditions=_CONDITIONS)
def _do_draw(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    drawn = state.draw_cards(state.sides[player], int(entry.get("amount", 1)))
    if state.log is not None and drawn:
        state.say(f"P{player + 1} draws {drawn}")


@EFFECTS.handles("discard", triggers={"on_play", "on_summon", "on_hit"}, targets={"opponent"},
                 keys={"amount", "random", *_COMMON}, conditions=_CONDITIONS)
def _do_discard(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    side = state.sides[1 - player]
    for _ in range(int(entry.get("amount", 1))):
        if not side.hand:
            break
        facts = side.hand.pop(int(state.draw() * len(side.hand)))
        if state.log is not None:
            state.say(f"P{side.player + 1} discards {facts.name} at random")
        state.to_cemetery(side, facts)


@EFFECTS.handles("reroll", triggers={"activated", "on_response"}, targets={"this", "attached", "triggering_creature"},
                 keys={"what", *_COMMON}, conditions=_CONDITIONS)
def _do_reroll(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> None:
    if ctx.strike is not None:
        ctx.strike.reroll = True


# --- resolved by a handler that may ask its controller to choose ----------------------------------------------


@EFFECTS.handles("search_deck", triggers={"on_play", "on_summon"}, keys={"amount", *_COMMON}, conditions=_CONDITIONS,
                 asks=True)
def _search(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> Steps:
    side = state.sides[player]
    condition = entry.get("condition")
    amount = int(entry.get("amount", 1))
    memo = match_memos.of(condition)
    for taken in range(amount):
        options = []
        for facts in dict.fromkeys(side.deck):  # the distinct cards, in deck order
            ok = memo.get(facts)
            if ok is None:
                ok = memo[facts] = matches(facts, condition)
            if ok:
                options.append(make(Choose, (facts, facts.name)))
        if not options:
            break
        if taken:
            options.append(STOP)
        choice = options[0] if len(options) == 1 else (yield (player, "search", options))
        if choice.option is None:
            break
        side.deck.remove(choice.option)
        side.hand.append(choice.option)
        if state.log is not None:
            state.say(f"P{player + 1} searches its deck for {choice.option.name}")
    state.shuffle(side.deck)


@EFFECTS.handles("revive", triggers={"on_play", "on_summon", "on_killed", "on_ally_killed"},
                 targets={"this", "triggering_creature"}, keys={"amount", "to", "as", *_COMMON},
                 conditions=_CONDITIONS, asks=True)
def _revive(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> Steps:
    side = state.sides[player]
    to: Any = entry.get("to")
    target = entry.get("target")
    if target in ("this", "triggering_creature"):
        source = ctx.creature if target == "this" else ctx.opponent
        facts = source.facts if source is not None else None
        if facts is not None and facts in side.cemetery:
            state.from_cemetery(side, facts)
            side.deck.append(facts)
            state.shuffle(side.deck)
            if state.log is not None:
                state.say(f"{facts.name} is shuffled from P{player + 1}'s cemetery into its deck")
        return
    condition = entry.get("condition")
    amount = entry.get("amount", 1)
    if amount == "all":
        moved = [f for f in side.cemetery if f.is_creature]
        for facts in moved:
            state.from_cemetery(side, facts)
            side.deck.append(facts)
        state.shuffle(side.deck)
        if state.log is not None:
            state.say(f"P{player + 1} shuffles {len(moved)} creatures from its cemetery into its deck")
        return
    for taken in range(int(amount)):
        if to == "field" and (side.primary is None or len(side.limited) >= MAX_LIMITED):
            break
        seen: list[Facts] = []
        options = []
        for facts in side.cemetery:
            if facts.is_creature and facts not in seen and matches(facts, condition):
                seen.append(facts)
                options.append(make(Choose, (facts, facts.name)))
        if not options:
            break
        if taken:
            options.append(STOP)
        choice = options[0] if len(options) == 1 else (yield (player, "revive", options))
        if choice.option is None:
            break
        facts = choice.option
        state.from_cemetery(side, facts)
        if to == "hand":
            side.hand.append(facts)
        elif to == "deck":
            side.deck.append(facts)
        else:
            anchor = ctx.magic if ctx.magic is not None else ctx.creature
            state.enter(player, facts, limited=True, anchor=anchor)
        if state.log is not None:
            where = {"hand": "its hand", "deck": "its deck", "field": "the field as a Limited Summon"}[to]
            state.say(f"P{player + 1} returns {facts.name} from its cemetery to {where}")
    if to == "deck":
        state.shuffle(side.deck)


@EFFECTS.handles("summon", triggers={"on_play", "on_summon"}, keys={"from", "as", "amount", *_COMMON},
                 conditions=_CONDITIONS, asks=True)
def _limited_from_hand(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> Steps:
    side = state.sides[player]
    condition = entry.get("condition")
    anchor = ctx.magic if ctx.magic is not None else ctx.creature
    for taken in range(int(entry.get("amount", 1))):
        if side.primary is None or len(side.limited) >= MAX_LIMITED:
            break
        seen: list[Facts] = []
        options = []
        for index, facts in enumerate(side.hand):
            if facts.is_creature and facts not in seen and matches(facts, condition):
                seen.append(facts)
                options.append(make(Choose, (index, facts.name)))
        if not options:
            break
        if taken or entry.get("optional"):
            options.append(STOP)
        choice = options[0] if len(options) == 1 else (yield (player, "limited", options))
        if choice.option is None:
            break
        facts = side.hand.pop(choice.option)
        state.enter(player, facts, limited=True, anchor=anchor)
        if state.log is not None:
            state.say(f"P{player + 1} Limited Summons {facts.name}")


@EFFECTS.handles("destroy", triggers={"on_play", "on_summon", "on_response"},
                 targets={"target_magic", "target_enemy_magic", "target_equip_magic", "all_enemy_magics",
                          "all_magics", "triggering_card"}, keys=_COMMON, conditions=_CONDITIONS, asks=True)
def _destroy(state: Table, player: int, entry: Mapping[str, Any], ctx: Ctx) -> Steps:
    target = entry.get("target")
    if target in ("all_enemy_magics", "all_magics"):
        keep = ctx.magic
        sides = (state.sides[1 - player],) if target == "all_enemy_magics" else state.sides
        for side in sides:
            for magic in list(side.magics.items):
                if magic is not keep:
                    state.remove_magic(magic)
        state.check_cemeteries()
        return
    if target in ("target_magic", "target_equip_magic") and type(ctx.target) is Magic:
        magic = ctx.target
    else:
        pool = state.field_magics(player) if target != "target_enemy_magic" \
            else list(state.sides[1 - player].magics.items)
        if target == "target_equip_magic":
            pool = [m for m in pool if m.facts.equip]
        if not pool:
            return
        options = [make(Choose, (m.uid, f"{m.facts.name} (P{m.owner + 1})")) for m in pool]
        choice = options[0] if len(options) == 1 else (yield (player, "destroy", options))
        magic = next(m for m in pool if m.uid == choice.option)
    state.remove_magic(magic)
    state.check_cemeteries()
