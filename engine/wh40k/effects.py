"""The effect kinds Warhammer 40K Warfare's engine models (:data:`EFFECTS`): each kind that does something when
it resolves is declared with its handler (``@EFFECTS.handles``); the kinds read from a card's facts (passives,
attachments) are declared first, without one. See ``docs/engines.md``, "Adding an effect kind"."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import draw, shuffle
from ..effects import EffectRegistry
from .board import MAX_UNITS, Unit, zone
from .conditions import Context, Entry, matches

if TYPE_CHECKING:
    from .state import Wh40kState

EFFECTS = EffectRegistry("wh40k")
_UNIT_CONDITIONS = ("faction", "keyword", "max_power", "type")

# Read from a card's facts (``Facts``) and by the rules, not resolved:
EFFECTS.kind("attach", triggers={"on_play"}, targets={"own_unit"}, conditions=_UNIT_CONDITIONS)
EFFECTS.kind("prevent", triggers={"passive"}, targets={"attached"}, keys={"prevents", "uses", "duration"},
             conditions={"phase", "source"})
EFFECTS.kind("taunt", triggers={"passive"}, targets={"this"}, keys={"duration"})
EFFECTS.kind("direct_attack", triggers={"passive"}, targets={"this"})

# --- resolved, each by its handler ----------------------------------------------------------------------------


@EFFECTS.handles("destroy", triggers={"on_play", "on_deploy", "on_destroyed"},
                 targets={"enemy_unit", "all_units", "all_active_cards", "enemy_equipment"},
                 conditions={*_UNIT_CONDITIONS, "deployed_from"})
def _destroy(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    target, condition, origin = entry.get("target"), entry.get("condition"), context.get("origin", "")
    if target == "enemy_unit":
        unit = state.find_unit(chosen)
        if unit is not None:
            state.destroy(unit, battle=False, source=origin)
    elif target == "all_units":
        # The effect's controller's units first, then the opponent's (their triggers queue in that order): the
        # order follows who plays the card, never the seat number.
        for seat in (player, 1 - player):
            for unit in list(state.sides[seat].units):
                if matches(unit.facts, condition, state.power(unit)):
                    state.destroy(unit, battle=False, source=origin)
    elif target == "all_active_cards":
        for side in state.sides:
            for unit in side.units:
                side.discard.extend(unit.equipment)
                unit.equipment = []
                unit.shields = 0
            side.version += 1
    elif target == "enemy_equipment":
        uid, index = chosen
        unit = state.find_unit(uid)
        if unit is not None and index < len(unit.equipment):
            state.sides[unit.owner].discard.append(unit.equipment.pop(index))
            state.sides[unit.owner].version += 1


@EFFECTS.handles("modify", triggers={"on_play", "passive", "activated", "on_attack"},
                 targets={"this", "attached", "own_unit", "enemy_unit", "all_own_units", "other_own_units"},
                 keys={"stat", "amount", "duration", "per", "cost", "frequency", "phase"},
                 conditions={*_UNIT_CONDITIONS, "equipped"})
def modify(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    duration = entry.get("duration", "this_turn")
    until = state.turn + (1 if duration == "until_end_of_next_opponent_turn" else 0)
    amount = entry["amount"]
    target = entry.get("target")
    if target == "all_own_units":
        side = state.sides[player]
        for unit in side.units:
            if matches(unit.facts, entry.get("condition")):
                unit.temp.append((amount, until))
                unit.stamp = -1
        return
    picked: Unit | None = context.get("unit") if target == "this" else state.find_unit(chosen)
    if picked is not None:
        picked.temp.append((amount, until))
        picked.stamp = -1
        if state.log is not None:
            state.say(f"{picked.facts.name} gets {amount:+d} Power Level")


@EFFECTS.handles("attrition", triggers={"on_play", "on_deploy", "on_destroyed"}, targets={"opponent"},
                 keys={"amount", "per"})
def _attrition(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    amount = entry["amount"]
    per = entry.get("per")
    if per:
        (_, wanted), = per.items()
        amount *= sum(1 for unit in state.sides[player].units if matches(unit.facts, wanted))
    state.sides[1 - player].ap -= amount
    if state.log is not None:
        state.say(f"{context['source'].name}: P{2 - player} loses {amount} AP")


@EFFECTS.handles("recover", triggers={"on_play", "on_deploy", "on_ally_destroyed"}, targets={"controller"},
                 keys={"amount"}, conditions={"faction", "keyword"})
def _recover(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    state.sides[player].ap += entry["amount"]
    if state.log is not None:
        state.say(f"{context['source'].name}: P{player + 1} recovers {entry['amount']} AP")


@EFFECTS.handles("deploy", triggers={"on_play", "on_deploy", "on_destroyed", "activated"}, targets={"this", "own_unit"},
                 keys={"from", "amount", "up_to", "cost", "optional", "frequency", "phase"},
                 conditions={*_UNIT_CONDITIONS, "in_battle"})
def _deploy(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    side = state.sides[player]
    source = entry.get("from", "hand")
    if entry.get("target") == "this":
        facts = context["source"]
        side.cp -= entry.get("cost", {}).get("cp", 0)
        if facts in side.discard:
            side.discard.remove(facts)
            state.enter(player, facts, source)
        return
    facts = zone(side, source).pop(chosen[1])
    if state.log is not None:
        state.say(f"P{player + 1} deploys {facts.name} from the {source.replace('_', ' ')}")
    state.enter(player, facts, source)
    remaining = entry.get("amount", 1) - 1
    if remaining > 0 and len(side.units) < MAX_UNITS:
        state.queue.insert(0, (player, {**entry, "amount": remaining}, context, None))


@EFFECTS.handles("return_to_hand", triggers={"on_play", "on_deploy", "on_destroyed"},
                 targets={"this", "own_unit", "attached"},
                 keys={"from"}, conditions=_UNIT_CONDITIONS)
def _return_to_hand(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    side = state.sides[player]
    target = entry.get("target")
    if entry.get("from") == "discard_pile":
        if target in ("this", "attached"):
            facts = context["unit"].facts if target == "attached" else context["source"]
            if facts in side.discard:
                side.discard.remove(facts)
                side.hand.append(facts)
        else:
            side.hand.append(side.discard.pop(chosen[1]))
        return
    unit = context.get("unit") if target == "this" else state.find_unit(chosen)
    if unit is not None and unit in side.units:
        side.units.remove(unit)
        state.roster_changed(side, unit)
        side.discard.extend(unit.equipment)
        side.hand.append(unit.facts)
        if state.log is not None:
            state.say(f"{unit.facts.name} returns to P{player + 1}'s hand")


@EFFECTS.handles("draw", triggers={"on_play", "on_deploy", "on_kill"}, targets={"controller"}, keys={"amount"})
def _draw(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    side = state.sides[player]
    draw(side.deck, side.hand, entry.get("amount", 1))


@EFFECTS.handles("search_deck", triggers={"on_play"}, targets={"controller"}, keys={"amount"}, conditions={"type"})
def _search(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    side = state.sides[player]
    for index, facts in enumerate(side.deck):
        if facts.name == chosen[1]:
            side.hand.append(side.deck.pop(index))
            break
    shuffle(side.deck, state.rng)


@EFFECTS.handles("gain_cp", triggers={"on_play", "on_deploy", "on_kill"}, targets={"controller"}, keys={"amount"})
def _gain_cp(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    state.sides[player].cp += entry.get("amount", 1)


@EFFECTS.handles("cannot_attack", triggers={"on_play"}, targets={"enemy_unit"}, keys={"duration"},
                 conditions=_UNIT_CONDITIONS)
def _cannot_attack(state: Wh40kState, player: int, entry: Entry, context: Context, chosen: Any) -> None:
    unit = state.find_unit(chosen)
    if unit is not None:
        unit.no_attack_until = state.turn + 1

