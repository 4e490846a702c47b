"""The effect kinds Wentworth's engine models (:data:`EFFECTS`), each with the handler that resolves it:
``handler(state, eff, ctx)`` plays a compiled effect (:class:`~.facts.Eff`) from where it came (:class:`~.board.Ctx`).
See ``docs/engines.md``, "Adding an effect kind"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Choose
from ..effects import EffectRegistry
from .board import _P_TARGETS, ALL_DAMAGE, PLAYER_TARGETS, _fix

if TYPE_CHECKING:
    from .board import Ctx
    from .facts import Eff
    from .state import WentworthState

EFFECTS = EffectRegistry("wentworth")
_GUARDIAN_CONDITIONS = ("faction", "roll_power_at_least", "roll_power_at_most", "cost_at_least", "cost_at_most",
                        "attacking", "resting", "in_combat", "has_binding", "friendly_guardians_at_least")
_ALL_TRIGGERS = ("on_play", "on_enter", "on_attack", "on_defend", "on_combat_win", "on_defeated", "on_potion",
                 "start_of_turn", "end_of_turn", "activated")
_COMMON = ("amount", "cost", "optional", "whose", "limit", "duration")
_G_TARGETS = ("this", "attached", "target_guardian", "target_friendly_guardian", "target_enemy_guardian",
              "friendly_guardians", "other_friendly_guardians", "enemy_guardians", "all_guardians",
              "all_other_guardians", "opposing_guardian", "attacking_guardian", "bound_player_guardians")

# Every kind this engine models resolves through its handler (``@EFFECTS.handles``); the passives among them are
# also read from a card's facts (see :class:`~.facts.Facts`) while the card is in play.


@EFFECTS.handles("modify_roll", triggers={"passive", *_ALL_TRIGGERS}, targets=_G_TARGETS,
                 keys={*_COMMON, "op", "applies_to"}, conditions=_GUARDIAN_CONDITIONS)
def _modify_roll(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state.gtargets(eff, ctx):
        if not g.alive:
            continue
        if eff.duration == "this_roll":
            if g is state.c_att or g is state.c_def:
                state.c_mods.append((g, eff.op, eff.amount, eff.applies, ctx.controller))
        else:
            g.temps.append((eff.op, eff.amount, eff.applies, ctx.controller))
            g.est_a = g.est_d = None


@EFFECTS.handles("reroll", triggers={"activated", "on_attack", "on_defend", "on_play"}, targets=_G_TARGETS,
                 keys={"cost", "dice", "keep", "limit", "optional"}, conditions=_GUARDIAN_CONDITIONS)
def _reroll(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state.gtargets(eff, ctx):
        if g.alive and (g is state.c_att or g is state.c_def):
            if state.c_rolled:
                state.reroll(g, eff, ctx.controller)
            else:
                state.c_rolltime.append((eff, ctx, g))


@EFFECTS.handles("modify", triggers={"passive", "on_potion"},
                 targets=("this", "attached", "all_guardians", "friendly_guardians", "other_friendly_guardians",
                          "enemy_guardians", "bound_player_guardians", "target_guardian", "target_friendly_guardian",
                          "target_enemy_guardian"),
                 keys={"stat", "amount", "minimum", "duration"}, conditions=_GUARDIAN_CONDITIONS)
def _modify(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state.gtargets(eff, ctx):
        if g.alive:
            if eff.stat == "life":
                g.bonus_life += eff.amount
            else:
                g.bonus_rp += eff.amount
    state.dirty = True
    state.check_lives()


@EFFECTS.handles("damage", triggers=_ALL_TRIGGERS, targets={*_G_TARGETS, *_P_TARGETS}, keys=_COMMON,
                 conditions=_GUARDIAN_CONDITIONS)
def _damage(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    if eff.target in PLAYER_TARGETS:
        for seat in state.ptargets(eff, ctx):
            state.damage_player(seat, eff.amount)
    else:
        for g in state.gtargets(eff, ctx):
            state.damage_guardian(g, eff.amount)


@EFFECTS.handles("heal", triggers=_ALL_TRIGGERS, targets={*_G_TARGETS, *_P_TARGETS}, keys=_COMMON,
                 conditions=_GUARDIAN_CONDITIONS)
def _heal(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    if eff.target in PLAYER_TARGETS:
        for seat in state.ptargets(eff, ctx):
            state.sides[seat].life += eff.amount
            if state.log is not None:
                state.say(f"P{seat + 1} gains {eff.amount} life ({state.sides[seat].life})")
    else:
        for g in state.gtargets(eff, ctx):
            if g.alive and g.damage:
                g.damage = max(0, g.damage - eff.amount)


@EFFECTS.handles("prevent_damage", triggers={"passive", "activated", "on_play", "on_enter"},
                 targets=("this", "attached", "bound_player", "controller", "target_guardian",
                          "target_friendly_guardian"),
                 keys={"amount", "cost", "duration", "mode", "limit"})
def _prevent(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    if eff.target in PLAYER_TARGETS:
        for seat in state.ptargets(eff, ctx):
            side = state.sides[seat]
            if eff.amount >= ALL_DAMAGE:
                side.shield_all = True
            else:
                side.shield += eff.amount
        return
    for g in state.gtargets(eff, ctx):
        if eff.duration == "this_combat":
            if state.c_att is not None:
                state.c_protect = (state.c_protect or ()) + (g.uid,)
        else:
            g.shields = min(ALL_DAMAGE, g.shields + eff.amount)


@EFFECTS.handles("draw", triggers=_ALL_TRIGGERS, targets=_P_TARGETS, keys=_COMMON)
def _draw(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for seat in state.ptargets(eff, ctx):
        state.draw(seat, eff.amount)


@EFFECTS.handles("discard", triggers=_ALL_TRIGGERS, targets=_P_TARGETS, keys={*_COMMON, "chosen_by"})
def _discard(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    rng = state.rng
    for seat in state.ptargets(eff, ctx):
        side = state.sides[seat]
        for _ in range(eff.amount):
            if not side.hand:
                break
            facts = side.hand.pop(int(rng.random() * len(side.hand)))
            side.discard.append(facts)
            if state.log is not None:
                state.say(f"P{seat + 1} discards {facts.name}")


@EFFECTS.handles("search_deck", triggers=("on_play", "on_enter", "start_of_turn", "activated"), targets={"controller"},
                 keys={"card_type", "look", "take", "others", "cost", "limit"})
def _search(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    seat = ctx.controller
    side = state.sides[seat]
    deck = side.deck
    count = min(eff.look, len(deck))
    if not count:
        return
    if side.hi > side.lo and len(deck) - side.hi < count:
        _fix(side, state.rng, count - (len(deck) - side.hi))
    looked = deck[-count:][::-1]
    wanted = eff.card_type
    eligible = [i for i, facts in enumerate(looked) if not wanted or facts.type == wanted]
    if not eligible:
        state.finish_search(seat, count, None)
    elif not wanted and len(eligible) == 1:
        state.finish_search(seat, count, eligible[0])
    else:
        options = [Choose(i, looked[i].name) for i in eligible]
        if wanted:
            options.append(Choose(None, "take none"))
        # (the card type wanted: determinize() lists the options again when it redraws the deck)
        state.pending.append((seat, "take", options, "_answer_search", (seat, count, wanted)))


@EFFECTS.handles("recover", triggers=_ALL_TRIGGERS, targets={"controller"}, keys={*_COMMON, "card_type"},
                 conditions=("faction", "cost_at_most", "cost_at_least", "roll_power_at_least", "roll_power_at_most"))
def _recover(state: WentworthState, eff: Eff, ctx: Ctx, remaining: int | None = None) -> None:
    side = state.sides[ctx.controller]
    wanted, cond = eff.card_type, eff.cond
    options = [Choose(i, facts.name) for i, facts in enumerate(side.discard)
               if (not wanted or facts.type == wanted) and (cond is None or cond.card_ok(facts))
               and facts is not ctx.facts]
    if not options:
        return
    remaining = eff.amount if remaining is None else remaining
    if len(options) == 1 and not eff.optional:
        state.answer_recover(options[0].option, (eff, ctx, remaining))
        return
    if eff.optional:
        options.append(Choose(None, "decline"))
    state.pending.append((ctx.controller, "take", options, "answer_recover", (eff, ctx, remaining)))


@EFFECTS.handles("gain_influence", triggers=_ALL_TRIGGERS, targets=_P_TARGETS, keys=_COMMON)
def _gain_influence(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for seat in state.ptargets(eff, ctx):
        state.sides[seat].influence += eff.amount


@EFFECTS.handles("lose_influence", triggers=_ALL_TRIGGERS, targets=_P_TARGETS, keys=_COMMON)
def _lose_influence(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for seat in state.ptargets(eff, ctx):
        side = state.sides[seat]
        side.influence = max(0, side.influence - eff.amount)


@EFFECTS.handles("modify_cost", triggers=("passive", "on_enter", "on_play"),
                 targets=("controller", "bound_player", "all_players"),
                 keys={"card_type", "amount", "minimum", "duration"},
                 conditions=("faction",))
def _modify_cost(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for seat in state.ptargets(eff, ctx):
        state.sides[seat].cost_temp = [*state.sides[seat].cost_temp, eff]


@EFFECTS.handles("can_attack_on_entry", triggers=("passive", "on_play", "on_enter"),
                 targets=("this", "attached", "all_guardians", "target_friendly_guardian", "target_guardian"),
                 keys={"duration"}, conditions=_GUARDIAN_CONDITIONS)
def _haste(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state.gtargets(eff, ctx):
        g.haste_turn = state.turn


@EFFECTS.handles("extra_combat", triggers=("passive", "on_play"),
                 targets=("this", "attached", "target_friendly_guardian"),
                 keys={"amount", "duration"})
def _extra_combat(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state.gtargets(eff, ctx):
        if g.extra_turn != state.turn:
            g.extra_turn, g.extra = state.turn, 0
        g.extra += eff.amount


@EFFECTS.handles("restrict", triggers=("passive", "on_play"),
                 targets=("this", "attached", "all_guardians", "target_guardian", "target_enemy_guardian"),
                 keys={"action", "duration"}, conditions=_GUARDIAN_CONDITIONS)
def _restrict(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state.gtargets(eff, ctx):
        if eff.action == "defend":
            g.nodefend_turn = state.turn
        else:
            g.noattack_turn = state.turn


@EFFECTS.handles("rest", triggers=("on_play", "on_enter", "activated"),
                 targets=("target_guardian", "target_enemy_guardian", "target_friendly_guardian"), keys={"cost"},
                 conditions=_GUARDIAN_CONDITIONS)
def _rest(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state.gtargets(eff, ctx):
        g.resting = True


@EFFECTS.handles("ready", triggers=("on_play", "activated"), targets=("target_friendly_guardian", "target_guardian"),
                 keys={"cost"}, conditions=_GUARDIAN_CONDITIONS)
def _ready(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state.gtargets(eff, ctx):
        g.resting = False


@EFFECTS.handles("destroy", triggers=("on_play", "on_enter"), targets=("target_binding", "target_environment"))
def _destroy(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    if eff.target == "target_binding":
        b = state.binding(ctx.target)
        if b is None:
            return
        state.detach(b)
        state.sides[b.owner].discard.append(b.facts)
        name = b.facts.name
    else:
        for side in state.sides:
            env = side.env
            if env is not None and env.uid == ctx.target:
                env.alive = False
                side.env = None
                side.discard.append(env.facts)
                state.dirty = True
                name = env.facts.name
                break
        else:
            return
    if state.log is not None:
        state.say(f"{name} is destroyed")
    state.check_lives()


@EFFECTS.handles("return_to_hand", triggers=("activated", "on_defeated", "on_enter", "on_play"),
                 targets=("this", "attached", "target_guardian", "target_friendly_guardian", "target_enemy_guardian"),
                 keys={"cost"})
def _return_to_hand(state: WentworthState, eff: Eff, ctx: Ctx) -> None:
    for g in state.gtargets(eff, ctx):
        if g.alive:
            state.leave(g, to_hand=True)
        else:
            side = state.sides[g.owner]
            for index in range(len(side.discard) - 1, -1, -1):
                if side.discard[index] is g.facts:
                    side.hand.append(side.discard.pop(index))
                    break
            else:
                continue
        if state.log is not None:
            state.say(f"{g.facts.name} returns to P{g.owner + 1}'s hand")
