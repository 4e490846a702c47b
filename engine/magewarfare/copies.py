"""Copies of a game of Mage Warfare (for ``clone`` and ``determinize``), field by field.

copy.deepcopy took most of a search rollout's time: the cards in play are new objects, found through ``memo`` (old
object -> its copy) wherever the game refers to them; the compiled facts, the actions and the stats lists (never
changed in place: ``refresh`` makes new ones) are shared. A card that has left play but is still named somewhere (a
pending choice, the Maintenance queue) gets a copy outside ``objs`` too, so ``_key_alive`` answers alike."""

from __future__ import annotations

from typing import Any, TypeVar

from .board import SERIALS, Battle, Gear, Hex, Side, TableSpell, Unit
from .view import MageView

_T = TypeVar("_T")


def _copy_unit(u: Unit) -> Unit:
    """A new Unit with ``u``'s own fields; what it refers to (Devices, Shield, Hexes, ...) is set by ``_link``."""
    n = Unit(u.facts, u.uid, u.owner)
    n.ctrl = u.ctrl
    n.damage = u.damage
    n.tokens = u.tokens
    n.bloodc = u.bloodc
    n.chains = u.chains
    n.lent = u.lent
    n.retreats = u.retreats
    n.deployed = u.deployed
    n.disabled = u.disabled
    n.blocked = u.blocked
    n.cloaked = u.cloaked
    n.mods = list(u.mods)
    n.return_to = u.return_to
    n.stamp = u.stamp
    n.st = u.st
    n.atk = u.atk
    n.best = u.best
    n.decl = u.decl
    n.flags = u.flags
    n.bloodn = u.bloodn
    n.red = u.red
    n.bphase = u.bphase
    return n


def _copy_gear(g: Gear) -> Gear:
    n = Gear(g.facts, g.gid, g.owner)
    n.ctrl = g.ctrl
    n.deployed = g.deployed
    n.damage = g.damage
    n.moved = g.moved
    return n


def _copy_obj(obj: Any) -> Any:
    kind = type(obj)
    if kind is Unit:
        return _copy_unit(obj)
    if kind is Gear:
        return _copy_gear(obj)
    if kind is Hex:
        return Hex(obj.facts, obj.hid, obj.owner, None)
    spell = TableSpell(obj.facts, obj.sid, obj.owner, obj.uses)
    spell.active = obj.active
    return spell


def _mapped(memo: dict[Any, Any], obj: Any) -> Any:
    """The copy of a card in play (or of one that left it), made now if it has none yet."""
    new = memo.get(obj)
    if new is None:
        new = memo[obj] = _copy_obj(obj)
        _link(memo, obj, new)
    return new


def _mapped_list(memo: dict[Any, Any], objs: list[_T]) -> list[_T]:
    out: list[_T] = []
    for obj in objs:
        new = memo.get(obj)
        out.append(new if new is not None else _mapped(memo, obj))
    return out


def _link(memo: dict[Any, Any], obj: Any, new: Any) -> None:
    """Set what the copy ``new`` of ``obj`` refers to: the copies of the cards ``obj`` refers to."""
    kind = type(obj)
    if kind is Unit:
        _link_unit(memo, obj, new)
    elif kind is Gear:
        _link_gear(memo, obj, new)
    elif kind is Hex:
        new.host = None if obj.host is None else _mapped(memo, obj.host)


def _link_unit(memo: dict[Any, Any], u: Unit, n: Unit) -> None:
    n.devices = _mapped_list(memo, u.devices) if u.devices else []
    n.shield = None if u.shield is None else _mapped(memo, u.shield)
    n.hexes = _mapped_list(memo, u.hexes) if u.hexes else []
    n.helping = _mapped_list(memo, u.helping) if u.helping else []
    sig = u.sig
    if sig is not None and sig[1] is not None:
        sig = (sig[0], _mapped(memo, sig[1]), sig[2], sig[3], sig[4])
    n.sig = sig


def _link_gear(memo: dict[Any, Any], g: Gear, n: Gear) -> None:
    n.unit = None if g.unit is None else _mapped(memo, g.unit)
    n.lent = [[_mapped(memo, x), amount] for x, amount in g.lent] if g.lent else []
    n.hexes = _mapped_list(memo, g.hexes) if g.hexes else []


def _mapped_context(memo: dict[Any, Any], context: Any) -> Any:
    """A pending choice's context (ints, lists and tuples of them, and cards) for the copy."""
    kind = type(context)
    if kind is tuple or kind is list:
        out = [_mapped_context(memo, x) for x in context]
        return tuple(out) if kind is tuple else out
    if kind is Unit or kind is Gear or kind is Hex or kind is TableSpell:
        return _mapped(memo, context)
    return context


def _copy_side(memo: dict[Any, Any], side: Side) -> Side:
    s = Side(side.seat, list(side.barracks), list(side.armory), list(side.spellbook), dummy=side.dummy)
    s.hand = list(side.hand)
    s.graveyard = list(side.graveyard)
    s.removed = list(side.removed)
    s.units = _mapped_list(memo, side.units)
    s.ground = _mapped_list(memo, side.ground)
    s.table = _mapped_list(memo, side.table)
    s.hexes = _mapped_list(memo, side.hexes)
    s.hp = side.hp
    s.flesh = side.flesh
    s.dex = side.dex
    s.alive = side.alive
    s.size = side.size
    s.roster = side.roster
    kept = side.kept
    if kept is not None:
        kept = (kept[0], kept[1], kept[2], _mapped_list(memo, kept[3]), kept[4], kept[5])
    s.kept = kept
    return s


def _copy_battle(memo: dict[Any, Any], b: Battle) -> Battle:
    nb = Battle(_mapped(memo, b.u[0]), _mapped(memo, b.u[1]))
    nb.range = b.range
    nb.mover = b.mover
    nb.nothing = list(b.nothing)
    nb.stealth = list(b.stealth)
    nb.hurt = b.hurt
    nb.moves = b.moves
    return nb


def copy_into(twin: MageView, state: MageView, rng: Any, log: Any) -> None:
    """Make ``twin`` (a new, empty state) a copy of ``state`` (with a new serial), with the generator ``rng`` and the
    play-by-play ``log``."""
    memo: dict[Any, Any] = {}  # (each card of the game -> its copy)
    objs = {}
    for key, obj in state.objs.items():
        new = memo[obj] = _copy_obj(obj)
        objs[key] = new
    for obj in state.objs.values():
        _link(memo, obj, memo[obj])
    sides = [_copy_side(memo, side) for side in state.sides]
    n = len(sides)
    twin.rng = rng
    twin.log = log
    twin.turn = state.turn
    twin.max_turns = state.max_turns
    twin.sides = sides
    twin.n = state.n
    twin.order = [tuple([sides[(p + k) % n] for k in range(n)]) for p in range(n)]
    twin.active = state.active
    twin.first = state.first
    twin.phase = state.phase
    twin.pending = [(seat, options, kind, _mapped_context(memo, context))
                    for seat, options, kind, context in state.pending]
    b = state.battle
    twin.battle = None if b is None else _copy_battle(memo, b)
    twin.declared = [(_mapped(memo, u), seat) for u, seat in state.declared]
    twin.ai = state.ai
    twin.cur = None if state.cur is None else _mapped(memo, state.cur)
    twin.cur_seat = state.cur_seat
    twin.objs = objs
    twin.next_id = state.next_id
    twin.stamp = state.stamp
    twin.result = state.result
    twin.over = state.over
    twin.goldfish = state.goldfish
    twin.maint_queue = [(_mapped(memo, obj), cost) for obj, cost in state.maint_queue]
    twin.opening = list(state.opening)
    stack = state.stack
    if stack is not None and stack[3] is not None:
        stack = (stack[0], stack[1], stack[2], _mapped(memo, stack[3]))
    twin.stack = stack
    cache = state.cache
    if type(cache) is tuple:  # (the current attacker and its blockers, see blockers)
        cache = (None if cache[0] is None else _mapped(memo, cache[0]), _mapped_list(memo, cache[1]))
    twin.cache = cache  # (else a list of actions, which are immutable)
    twin.recheck = state.recheck
    twin.serial = next(SERIALS)
    twin.version = state.version
    twin.aura_stamp = state.aura_stamp
    twin.aura_sides = list(state.aura_sides)
    twin.aura_units = [_mapped_list(memo, units) for units in state.aura_units]
    twin.gear_acts = list(state.gear_acts)
    twin.gear_upkeep = state.gear_upkeep
    twin.expiring = state.expiring
    twin.attacks_begun = state.attacks_begun
    twin.capped = state.capped
    twin.reactor = state.reactor
    twin.deployed_block = state.deployed_block
    twin.battle_window = state.battle_window
