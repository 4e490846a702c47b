"""Copies of a Wentworth game (:meth:`~.state.WentworthState.clone`, :meth:`~.state.WentworthState.determinize`)
and what :meth:`~.state.WentworthState.observation` shows of the things in play."""

from __future__ import annotations

import random
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

from ..core import Choose
from .board import Binding, Ctx, Env, Guardian, Side, _fix
from .facts import Eff, Facts

if TYPE_CHECKING:
    from .state import WentworthState


# --- copies: clone() and determinize() ------------------------------------------------------------
#
# A game is copied field by field (copy.deepcopy took longer than a whole greedy game). The cards' facts and
# effects (Facts, Eff, Cond) are immutable and shared; every guardian, binding and environment is copied once,
# found again by its id (``table[uid]``), so that each reference to it (the board, the combat, the lists of
# effects in play, the effects waiting to resolve) names the same copy; the lists a game changes in place are
# copied, the lists it only ever replaces (a guardian's m_att, m_def, dyn; a side's cost_temp) are shared.


def _copy_guardian(g: Guardian, table: list[Guardian | Binding | Env | None]) -> Guardian:
    c = Guardian(g.facts, g.uid, g.owner, g.entered)
    table[g.uid] = c
    c.damage = g.damage
    c.attacks = g.attacks
    c.shields = g.shields
    c.bonus_life = g.bonus_life
    c.bonus_rp = g.bonus_rp
    c.haste_turn = g.haste_turn
    c.noattack_turn = g.noattack_turn
    c.nodefend_turn = g.nodefend_turn
    c.extra_turn = g.extra_turn
    c.extra = g.extra
    c.rp = g.rp
    c.life_max = g.life_max
    c.xtra = g.xtra
    c.prevent = g.prevent
    c.resting = g.resting
    c.alive = g.alive
    c.haste = g.haste
    c.noattack = g.noattack
    c.nodefend = g.nodefend
    c.noentry = g.noentry
    c.m_att = g.m_att
    c.m_def = g.m_def
    c.dyn = g.dyn
    c.temps = list(g.temps)
    c.est_a = g.est_a
    c.est_d = g.est_d
    c.bindings = [_twin(b, table) for b in g.bindings]
    return c


def _copy_binding(b: Binding, table: list[Guardian | Binding | Env | None]) -> Binding:
    c = Binding(b.facts, b.uid, b.owner)
    table[b.uid] = c
    c.player = b.player
    c.host = _twin(b.host, table) if b.host is not None else None
    return c


def _copy_env(env: Env, table: list[Guardian | Binding | Env | None]) -> Env:
    c = Env(env.facts, env.uid, env.owner)
    table[env.uid] = c
    c.alive = env.alive
    return c


def _twin(obj: Any, table: list[Guardian | Binding | Env | None]) -> Any:
    """The copy of a guardian, binding or environment (made on first use), or None."""
    if obj is None:
        return None
    kind = type(obj)
    if kind is Guardian:
        g = obj
        found = table[g.uid]
        return found if found is not None else _copy_guardian(g, table)
    if kind is Binding:
        b = obj
        found = table[b.uid]
        return found if found is not None else _copy_binding(b, table)
    env = obj
    found = table[env.uid]
    return found if found is not None else _copy_env(env, table)


def _copy_ctx(ctx: Ctx, table: list[Guardian | Binding | Env | None], ctxs: dict[Ctx, Ctx]) -> Ctx:
    c = ctxs.get(ctx)
    if c is None:
        source = _twin(ctx.source, table)
        host = _twin(ctx.host, table)
        c = ctxs[ctx] = Ctx(ctx.controller, source, ctx.facts, ctx.target, host, _twin(ctx.opp_g, table), ctx.opp_p,
                            ctx.that, ctx.in_combat)
    return c


def _copy_side(side: Side, table: list[Guardian | Binding | Env | None]) -> Side:
    c = Side(side.seat, list(side.deck), dummy=side.dummy)
    c.life = side.life
    c.influence = side.influence
    c.shield = side.shield
    c.size = side.size
    c.lo = side.lo
    c.hi = side.hi
    c.seen = side.seen
    c.out = side.out
    c.had_turn = side.had_turn
    c.shield_all = side.shield_all
    c.hand = list(side.hand)
    c.discard = list(side.discard)
    c.cost_temp = side.cost_temp
    c.cards = side.cards
    c.guardians = [_twin(g, table) for g in side.guardians]
    c.bound = [_twin(b, table) for b in side.bound]
    c.env = _twin(side.env, table) if side.env is not None else None
    return c


def _copy_state(state: WentworthState, c: WentworthState, keep_log: bool) -> WentworthState:
    """Every field of ``state`` copied into ``c``, a new game (``rng`` is left for the caller to set; the play-by-play
    only with ``keep_log``)."""
    table: list[Guardian | Binding | Env | None] = [None] * state.next_uid
    sides = [_copy_side(side, table) for side in state.sides]
    c.sides = sides
    c.views = tuple([tuple(sides[seat:] + sides[:seat]) for seat in range(len(sides))])
    c.log = list(state.log) if keep_log and state.log is not None else None
    c.turn = state.turn
    c.max_turns = state.max_turns
    c.active = state.active
    c.first = state.first
    c.n = state.n
    c.next_uid = state.next_uid
    c.phase = state.phase
    c.redraw_seat = state.redraw_seat
    c.w_after = state.w_after
    c.result = state.result
    c.over = state.over
    c.goldfish = state.goldfish
    c.hurt = state.hurt
    c.dirty = state.dirty
    c.count_sensitive = state.count_sensitive
    c.env_attack = state.env_attack
    c.undefended_damage = state.undefended_damage
    c.attackers_stand = state.attackers_stand
    c.used = dict(state.used)
    c.w_seats = list(state.w_seats)
    c.resume = list(state.resume)
    # the lists of what is in play (as _rebuild() and _list() keep them)
    c.glob = [(kind, _twin(obj, table), owner, scope, eff) for kind, obj, owner, scope, eff in state.glob]
    c.src_cost = [(_twin(obj, table), owner, scope, eff) for obj, owner, scope, eff in state.src_cost]
    c.src_prevent = [(_twin(obj, table), owner, scope, eff) for obj, owner, scope, eff in state.src_prevent]
    c.src_act = [(_twin(obj, table), user, slot, eff) for obj, user, slot, eff in state.src_act]
    c.src_ract = [(_twin(obj, table), user, slot, eff) for obj, user, slot, eff in state.src_ract]
    c.src_potion = [_twin(obj, table) for obj in state.src_potion]
    c.src_turn = [_twin(obj, table) for obj in state.src_turn]
    # the combat (its guardians may have left play)
    c.c_att = _twin(state.c_att, table)
    c.c_def = _twin(state.c_def, table)
    c.c_ap = state.c_ap
    c.c_dp = state.c_dp
    c.c_index = state.c_index
    c.c_passes = state.c_passes
    c.c_prio = state.c_prio
    c.c_defended = state.c_defended
    c.c_rolled = state.c_rolled
    c.c_adice = list(state.c_adice) if state.c_adice else state.c_adice
    c.c_ddice = list(state.c_ddice) if state.c_ddice else state.c_ddice
    c.c_protect = state.c_protect
    c.c_order = list(state.c_order)
    c.c_mods = [(_twin(g, table), op, amount, applies, ctrl) for g, op, amount, applies, ctrl in state.c_mods]
    c.decl = [(_twin(g, table), seat) for g, seat in state.decl]
    c.blocks = [_twin(g, table) for g in state.blocks]
    c.block_seats = list(state.block_seats)
    c.block_idx = list(state.block_idx)
    # effects waiting to resolve, and choices waiting to be made
    ctxs: dict[Ctx, Ctx] = {}
    c.queue = [(eff, _copy_ctx(ctx, table, ctxs)) for eff, ctx in state.queue] if state.queue else []
    c.delayed = [(eff, _copy_ctx(ctx, table, ctxs)) for eff, ctx in state.delayed] if state.delayed else []
    c.c_rolltime = ([(eff, _copy_ctx(ctx, table, ctxs), _twin(g, table)) for eff, ctx, g in state.c_rolltime]
                    if state.c_rolltime else [])
    c.pending = ([(seat, kind, list(actions), handler,
                   tuple([_copy_ctx(x, table, ctxs) if type(x) is Ctx else x for x in data])
                   if data is not None else None)
                  for seat, kind, actions, handler, data in state.pending] if state.pending else [])
    return c


_BY_NAME: Final = attrgetter("name")


def _shown(state: WentworthState, seat: int) -> int:
    """How many top cards of its deck ``seat`` is looking at (a deck search waiting for its choice)."""
    top = 0
    for item in state.pending:
        if item[3] == "_answer_search" and item[0] == seat and item[4][1] > top:
            top = item[4][1]
    return top


def _canonical(side: Side, cards: list[Facts]) -> list[Facts]:
    """``cards`` (some of ``side``'s) in an order that depends only on which cards they are, not on the order
    they are in: the order of the deck list (or by name, when a card is there twice or is not in the list)."""
    present = set(cards)
    if len(present) == len(cards):
        found = [facts for facts in side.cards if facts in present]
        if len(found) == len(cards):
            return found
    return sorted(cards, key=_BY_NAME)


def _redraw_own(state: WentworthState, side: Side, rng: random.Random) -> None:
    """The player's own deck: the cards it has not seen shuffled from ``rng``, in place (those a deck search
    put on the bottom and those it is looking at stay where they are)."""
    deck = side.deck
    bottom = side.seen if side.seen < len(deck) else len(deck)
    end = len(deck) - _shown(state, side.seat)
    if end - bottom > 1:
        deck[bottom:end] = _canonical(side, deck[bottom:end])
        side.lo, side.hi = bottom, end
        _fix(side, rng, end - bottom)
    side.lo = side.hi = 0


def _redraw_other(state: WentworthState, side: Side, rng: random.Random) -> None:
    """Another player's hand and deck: pooled in a canonical order (see _canonical), shuffled from ``rng``, the
    hand dealt back at its size from the top; a deck search it is making is listed again from the new top."""
    hand = side.hand
    count = len(hand)
    pool = _canonical(side, hand + side.deck)
    side.deck = pool
    if len(pool) > 1:
        side.lo, side.hi = 0, len(pool)
        _fix(side, rng, len(pool))
    side.lo = side.hi = 0
    side.hand = pool[len(pool) - count:]
    del pool[len(pool) - count:]
    pending = state.pending
    for index in range(len(pending)):
        seat, kind, actions, handler, data = pending[index]
        if handler == "_answer_search" and seat == side.seat:
            looked = pool[-data[1]:][::-1]
            wanted = data[2]
            options = [Choose(i, facts.name) for i, facts in enumerate(looked) if not wanted or facts.type == wanted]
            if wanted:
                options.append(Choose(None, "take none"))
            pending[index] = (seat, kind, options, handler, data)


# what observation() shows of the things in play and of the effects waiting to resolve


def _uid(obj: Any) -> Any:
    return obj.uid if obj is not None else None


def _eff_view(eff: Eff) -> tuple[Any, ...]:
    return (eff.kind, eff.trigger, eff.target, eff.amount, eff.duration, eff.card_type)


def _ctx_view(ctx: Ctx) -> tuple[Any, ...]:
    return (ctx.controller, _uid(ctx.source), ctx.facts.name if ctx.facts is not None else None, ctx.target,
            _uid(ctx.host), _uid(ctx.opp_g), ctx.opp_p, ctx.that, ctx.in_combat)


def _binding_view(b: Binding) -> tuple[Any, ...]:
    return (b.uid, b.facts.name, b.owner, b.player, _uid(b.host))


def _guardian_view(g: Guardian) -> tuple[Any, ...]:
    return (g.uid, g.facts.name, g.owner, g.alive, g.damage, g.resting, g.entered, g.attacks, g.shields,
            g.bonus_life, g.bonus_rp, g.haste_turn, g.noattack_turn, g.nodefend_turn, g.extra_turn, g.extra,
            tuple([(op, amount, applies, ctrl) for op, amount, applies, ctrl in g.temps]),
            tuple([_binding_view(b) for b in g.bindings]))
