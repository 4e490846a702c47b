"""Mage Warfare's state, its legal actions: what the player to choose may do in each phase (the opening, the draw,
equipping, declaring attackers, blocking, a Battle's Moves, creating cards, using abilities, discarding) and the
reactive windows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from .board import (
    ADVANCE,
    ADVANCE_STRIKE,
    BATTLE,
    BLOCK,
    CLOSE,
    DECLARE,
    DEVICE,
    DISCARD,
    DRAW,
    DRAW_OPTIONS,
    END_EQUIP,
    END_PLAY,
    EQUIP,
    FIGHT,
    FLYER,
    GUARD,
    HAND,
    MOVES,
    OPENING,
    OPENINGS,
    PLAY,
    RETREAT,
    SHIELD,
    SLOW,
    SPELL,
    STRIKE,
    UNSTEALTH,
    WAIT,
    Activate,
    Block,
    Create,
    Declare,
    Discard,
    Draw,
    Equip,
    Gear,
    Hex,
    MageAction,
    Opening,
    Side,
    Unequip,
    Unit,
    key_of,
)
from .facts import Eff, Facts
from .view import MageView


def _lender_busy(lent: list[list[Any]]) -> bool:
    return any(x.deployed or x.disabled or x.chains for x, _ in lent)


class MageMoves(MageView):
    """The legal actions of a game of Mage Warfare, and what they are made of (the public
    :meth:`attackers`, :meth:`blockers`, :meth:`target_objects`, :meth:`ability_sources`, ... that policies read)."""

    __slots__ = ()

    def legal_actions(self) -> Sequence[MageAction]:
        if self.over:
            return ()
        if self.pending:
            return self.pending[0][1]
        phase = self.phase
        if phase == BATTLE:
            return self._battle_moves()
        if phase == BLOCK:
            return self._block_moves()
        return self._options()

    def _options(self) -> list[MageAction]:
        cached = self.cache
        if cached is not None:
            assert type(cached) is list  # (a tuple only in the Block phase, which lists no options: see blockers)
            return cached
        phase = self.phase
        if phase == PLAY:
            cached = self._play_moves(self.active, spells_only=False)
        elif phase == DECLARE:
            cached = self._declare_moves(self.active)
        elif phase == DRAW:
            cached = cast("list[MageAction]", self.draw_options(self.sides[self.active]))
        elif phase == EQUIP:
            cached = self._equip_moves(self.active)
        elif phase == DISCARD:
            cached = self._discard_moves(self.active)
        elif phase == OPENING:
            cached = self._opening_moves(self.opening[0])
        else:
            cached = []
        self.cache = cached
        return cached

    def _set_phase(self, phase: int) -> None:
        self.phase = phase
        self.cache = None

    def _opening_moves(self, seat: int) -> list[MageAction]:
        side = self.sides[seat]
        b, a = min(len(side.barracks), HAND), min(len(side.armory), HAND)
        moves = OPENINGS.get((b, a))
        if moves is None:
            total = min(HAND, b + a)
            moves = OPENINGS[(b, a)] = tuple(Opening(k, total - k) for k in range(total, -1, -1)
                                               if k <= b and total - k <= a)
        return list(moves)

    def draw_options(self, side: Side, spellbook: bool = True) -> list[Draw]:
        """The Maintenance draws ``side`` may choose from its piles (the Spellbook's only if ``spellbook``)."""
        b, a = len(side.barracks), len(side.armory)
        return list(DRAW_OPTIONS[min(b, 2)][min(a, 2)][bool(spellbook and side.spellbook)])

    def _equip_moves(self, p: int) -> list[MageAction]:
        side = self.sides[p]
        moves: list[MageAction] = []
        g: Gear | None
        for g in side.ground:
            f = g.facts
            for u in side.units:
                if self.can_use(u, f, False) is not None:
                    moves.append(Equip(g.gid, f.name, u.uid, u.facts.name))
        turn = self.turn
        for u in side.units:
            for g in u.devices:
                if g.moved != turn:
                    moves.append(Unequip(g.gid, g.facts.name, u.facts.name))
            g = u.shield
            if g is not None and g.moved != turn:
                moves.append(Unequip(g.gid, g.facts.name, u.facts.name))
        moves.append(END_EQUIP)
        return moves

    def attackers(self, p: int) -> list[Unit]:
        """Cards that may attack: Withdrawn, Enabled, not Shielded, not lending dexterity to a Sharable Device."""
        return [u for u in self.sides[p].units
                if not u.deployed and not u.disabled and not u.chains and u.shield is None and not u.helping]

    def _may_declare(self, p: int) -> bool:
        """Whether the attacking player has a choice left: an attacker to declare or, before the first
        declaration, a Spell or ability to use."""
        for u in self.sides[p].units:
            if not (u.deployed or u.disabled or u.chains or u.helping) and u.shield is None:
                return True
        return not self.declared and bool(self._may_create(p, True) or self.ability_sources(p, True))

    def _may_create(self, p: int, spells_only: bool) -> bool:
        """Whether any card in hand (or Spell on the table) can be Created now."""
        side = self.sides[p]
        flesh = side.flesh
        classes = -1
        later = None  # Devices and targeted Spells and Hexes: their checks are dearer, so they come after the others
        for f in side.hand:
            if f.cost > flesh:
                continue
            kind = f.type
            if spells_only and kind != SPELL:
                continue
            if kind <= GUARD:
                c = f.cls
                if c == 0:  # (a Basic card needs nothing in play)
                    return True
                if classes < 0:
                    kept = self.roster_of(side)
                    classes = kept[2]
                if classes & (1 << (c - 1)):
                    return True
            elif kind == DEVICE or (kind != SHIELD and f.pick is not None):
                if kind == DEVICE or not f.reaction:
                    if later is None:
                        later = [f]
                    else:
                        later.append(f)
            else:
                return True
        if later is not None:
            for f in later:
                if f.type == DEVICE:
                    fits = f.fits
                    for u in side.units:  # (a Deployed card or one it does not fit cannot take it: see can_use)
                        if not u.deployed and fits.get(u.facts) is not False and self.can_use(u, f, True) is not None:
                            return True
                elif f.pick is not None and self.target_objects(p, f.pick, f.harmful, True):
                    return True
        return self._may_cast_from_table(p, side, flesh)

    def _may_cast_from_table(self, p: int, side: Side, flesh: int) -> bool:
        """Whether a Spell on player ``p``'s table (``side``) can be cast again now, for ``flesh``, with a target if
        it takes one."""
        for spell in side.table:
            f = spell.facts
            if not spell.active and spell.uses > 0 and f.cost <= flesh and not f.reaction and (
                    f.pick is None or self.target_objects(p, f.pick, f.harmful, True)):
                return True
        return False

    def _declare_moves(self, p: int) -> list[MageAction]:
        moves: list[MageAction] = []
        seats = [s.seat for s in self.sides if s.alive and s.seat != p]
        for u in self.attackers(p):
            for seat in seats:
                moves.append(Declare(u.uid, u.facts.name, seat))
        if not self.declared:  # Spells and abilities come before the attackers are declared
            moves.extend(self._activations(p))
            moves.extend(self._creations(p, spells_only=True))
        moves.append(FIGHT)
        return moves

    def _play_moves(self, p: int, spells_only: bool = False) -> list[MageAction]:
        moves = self._creations(p, spells_only)
        moves.extend(self._activations(p))
        moves.append(END_PLAY)
        return moves

    def _discard_moves(self, p: int) -> list[MageAction]:
        seen = set()
        moves: list[MageAction] = []
        for i, f in enumerate(self.sides[p].hand):
            if f not in seen:
                seen.add(f)
                moves.append(Discard(i, f.name))
        return moves

    def can_create_unit(self, p: int, f: Facts) -> bool:
        return f.cls == 0 or bool(self.classes_in_play(p) & (1 << (f.cls - 1)))

    def _creations(self, p: int, spells_only: bool, first: bool = False) -> list[MageAction]:
        side = self.sides[p]
        flesh = side.flesh
        moves: list[MageAction] = []
        seen = set()
        for i, f in enumerate(side.hand):
            if f.cost > flesh or f in seen:
                continue
            seen.add(f)
            kind = f.type
            if spells_only and kind != SPELL:
                continue
            if kind <= GUARD:
                if self.can_create_unit(p, f):
                    moves.append(Create(i, f.name))
            elif kind == DEVICE:
                for u in side.units:
                    if self.can_use(u, f, True) is not None:
                        moves.append(Create(i, f.name, u.uid, u.facts.name))
                        if first:
                            return moves
            elif kind == SHIELD:
                moves.append(Create(i, f.name))
            elif f.pick is None:
                moves.append(Create(i, f.name))
            elif not f.reaction:
                for target, label in self._pick_targets(p, f.pick, f.harmful):
                    moves.append(Create(i, f.name, target, label))
            if first and moves:
                return moves
        for spell in side.table:
            f = spell.facts
            if not spell.active and spell.uses > 0 and f.cost <= flesh and not f.reaction:
                if f.pick is None:
                    moves.append(Create(spell.sid, f.name, table=True))
                else:
                    for target, label in self._pick_targets(p, f.pick, f.harmful):
                        moves.append(Create(spell.sid, f.name, target, label, True))
        return moves

    def target_objects(self, p: int, e: Eff, harmful: bool, first: bool = False) -> list[Any]:
        """What an effect that says "target ..." can choose: cards, or a seat number for a Mage. Cloaked
        cards of other players and Shielded cards cannot be chosen; harmful effects choose among the
        opponents' cards, helpful ones among your own; other players' in turn order from ``p`` (see ``order``). With
        ``first``, Creatures and Guards stop at the first one (enough to tell whether there is any)."""
        tw, cond = e.tw, e.cond
        if cond is not None and cond.role is not None:
            cond = None
        out: list[Any] = []
        if tw == "target_creature_guard" or tw == "target_own_creature_guard":
            if harmful and tw == "target_creature_guard":
                for side in self.order[p]:
                    if side.seat == p or not side.alive:
                        continue
                    for u in side.units:
                        if u.shield is None and not u.cloaked and (cond is None or cond.ok(u.facts, self.flags(u))):
                            out.append(u)
                            if first:
                                return out
            else:
                for u in self.sides[p].units:
                    if u.shield is None and (cond is None or cond.ok(u.facts, self.flags(u))):
                        out.append(u)
                        if first:
                            return out
        elif tw == "target_mage":
            for side in self.order[p]:
                if side.seat != p and side.alive:
                    out.append(side.seat)
        elif tw == "target_device" or tw == "target_shield":
            wanted = DEVICE if tw == "target_device" else SHIELD
            for side in self.order[p]:
                if (side.seat == p) == harmful or not side.alive:
                    continue
                for u in side.units:
                    if wanted == SHIELD:
                        if u.shield is not None and (cond is None or cond.ok(u.shield.facts)):
                            out.append(u.shield)
                    elif u.shield is None and not (u.cloaked and side.seat != p):
                        for g in u.devices:
                            if cond is None or cond.ok(g.facts):
                                out.append(g)
                for g in side.ground:
                    if g.facts.type == wanted and (cond is None or cond.ok(g.facts)):
                        out.append(g)
        elif tw == "target_hex":
            for side in self.order[p]:
                for u in side.units:
                    if u.shield is None and not (u.cloaked and side.seat != p):
                        out.extend(u.hexes)
                    for g in u.devices:
                        out.extend(g.hexes)
                for g in side.ground:
                    out.extend(g.hexes)
        return out

    def can_target(self, p: int, e: Eff, harmful: bool, t: Unit) -> bool:
        """Whether effect ``e`` of player ``p`` may choose the Creature/Guard ``t`` (as :meth:`target_objects` would
        list it), without listing the others."""
        if type(t) is not Unit or t.shield is not None or self.objs.get(t.uid) is not t:
            return False
        tw = e.tw
        if tw == "target_creature_guard" and harmful:
            if t.ctrl == p or t.cloaked or not self.sides[t.ctrl].alive:
                return False
        elif tw == "target_creature_guard" or tw == "target_own_creature_guard":
            if t.ctrl != p:
                return False
        else:
            return False
        cond = e.cond
        return cond is None or cond.role is not None or cond.ok(t.facts, self.flags(t))

    def target_ref(self, p: int, obj: Any) -> tuple[int, str]:
        """The id an action names a target by (a card's id; -1 - seat for a Mage) and its label."""
        kind = type(obj)
        if kind is int:
            return -1 - obj, f"P{obj + 1}'s Mage"
        if kind is Unit:
            return obj.uid, obj.facts.name if obj.ctrl == p else f"{obj.facts.name} of P{obj.ctrl + 1}"
        if kind is Gear:
            if obj.unit is None:
                return obj.gid, f"{obj.facts.name} of P{obj.ctrl + 1} (on the ground)"
            if obj.facts.type == SHIELD:
                return obj.gid, f"{obj.facts.name} of P{obj.ctrl + 1}"
            return obj.gid, f"{obj.facts.name} on {obj.unit.facts.name} of P{obj.ctrl + 1}"
        return obj.hid, f"{obj.facts.name} on {obj.host.facts.name}"

    def _pick_targets(self, p: int, e: Eff, harmful: bool) -> list[tuple[Any, str]]:
        return [self.target_ref(p, obj) for obj in self.target_objects(p, e, harmful)]

    def ability_sources(self, p: int, first: bool = False) -> list[tuple[Any, Eff, Unit]]:
        """(card, ability, bearer) for every activated ability player ``p`` can pay for now (with ``first``: the
        first one that also has a target). A Deploy cost needs the card (and a Device's users) Withdrawn; a
        Shielded card's abilities reach only itself and its Mage."""
        side = self.sides[p]
        flesh = side.flesh
        out: list[tuple[Any, Eff, Unit]] = []
        if self.gear_acts[p]:
            carriers = side.units
        else:  # no Device has an ability: only the cards with abilities
            kept = self.roster_of(side)
            carriers = kept[3]
        for u in carriers:
            if u.disabled or u.chains:
                continue
            if u.facts.activated and self._sources_of(p, u, u, flesh, first, out) and first:
                return out
            for g in u.devices:
                if g.facts.activated and self._sources_of(p, g, u, flesh, first, out) and first:
                    return out
        for h in side.hexes:
            if (h.facts.activated and type(h.host) is Unit and self._sources_of(p, h, h.host, flesh, first, out)
                    and first):
                return out
        return out

    def _sources_of(self, p: int, obj: Any, u: Unit, flesh: int, first: bool, out: list[tuple[Any, Eff, Unit]]) -> bool:
        """Add to ``out`` the abilities of ``obj`` (the card ``u``, one of its Devices or a Hex on it) that can be used
        now (with ``first``: the first one, which must have a target if it takes one, a Hex's aside); True if
        ``first`` found one."""
        for e in obj.facts.activated:
            if not self.payable(obj, e, u, flesh):
                continue
            if first and type(obj) is not Hex and e.targeted and not (
                    self.target_objects(p, e, e.harmful, True)):
                continue
            out.append((obj, e, u))
            if first:
                return True
        return False

    def payable(self, obj: Any, e: Eff, u: Unit, flesh: int) -> bool:
        """Whether ability ``e`` of ``obj`` (the card ``u``, one of its Devices or a Hex on it) can be paid for now:
        its Flesh and blood counters; a Deploy cost needs the card (and a Device's users) Withdrawn; a Shielded
        card's abilities reach only itself (or its user) and its Mage."""
        if e.flesh > flesh or e.bcost > u.bloodc:
            return False
        kind = type(obj)
        if kind is Hex:
            return True
        if e.deploy and (u.deployed or (u.helping if kind is Unit
                                         else obj.deployed or (obj.facts.sharable and _lender_busy(obj.lent)))):
            return False
        return u.shield is None or e.tw in (None, "this" if kind is Unit else "user", "you")

    def _activations(self, p: int, first: bool = False) -> list[MageAction]:
        """Activated abilities the player can pay for now, with their targets."""
        moves: list[MageAction] = []
        for obj, e, _ in self.ability_sources(p, first):
            oid = key_of(obj)
            if e.targeted:
                for target, label in self._pick_targets(p, e, e.harmful):
                    moves.append(Activate(oid, obj.facts.name, target, label))
            else:
                moves.append(Activate(oid, obj.facts.name))
        return moves

    def blockers(self) -> list[Unit]:
        """The defender's cards that may block the current attacker (kept until the next action)."""
        cached = self.cache
        if type(cached) is tuple and cached[0] is self.cur and self.phase == BLOCK:  # (else None: see _proceed)
            return cached[1]
        blockers = self._find_blockers()
        if self.phase == BLOCK:
            self.cache = (self.cur, blockers)
        return blockers

    def _find_blockers(self) -> list[Unit]:
        attacker = self.cur
        assert attacker is not None  # (the attacker to block)
        self.keep_fresh(attacker)
        flyer = attacker.flags & FLYER
        phase = self.attacks_begun  # (``blocked`` and ``retreats`` count only in the Attack phase they were set in)
        out = []
        deployed_block = self.deployed_block
        for b in self.sides[self.cur_seat].units:
            if (b.deployed and not deployed_block) or b.disabled or b.chains or b.helping:
                continue
            if flyer:  # (only Flyers block a Flyer: most cards fail this first)
                self.keep_fresh(b)
                if not b.flags & FLYER:
                    continue
            if self.is_free_to_block(b, phase):
                out.append(b)
        return out

    def is_free_to_block(self, b: Unit, phase: int) -> bool:
        """Whether ``b`` (neither Deployed, unless deployed-block=on, Disabled, Chained nor helping) has not used up its
        blocks in the Attack phase ``phase`` (``attacks_begun``): a Guard may block until it has retreated twice, a
        Creature once."""
        if b.facts.guard:
            return not (b.retreats >= 2 and b.bphase == phase)
        return not (b.blocked and b.bphase == phase)

    def _block_moves(self) -> list[MageAction]:
        assert self.cur is not None  # (the attacker to block)
        name = self.cur.facts.name
        moves: list[MageAction] = [Block(b.uid, b.facts.name, name) for b in self.blockers()]
        moves.append(Block(None, "", name))
        if self.may_react(self.cur_seat):  # the defender's window: before it chooses a blocker
            moves.extend(self._reactions(self.cur_seat))
        return moves

    def may_react(self, p: int) -> bool:
        """A quick test for a reactive window (see :meth:`_reactions`): whether player ``p`` holds a Spell it can pay
        for, or has one on the table, with a target if it takes one, or has an ability it can pay for with a target (a
        Hex's abilities are not checked for targets). False means no window."""
        side = self.sides[p]
        if side.dummy:
            return False
        flesh = side.flesh
        for f in side.hand:
            if f.type == SPELL and f.cost <= flesh and not f.reaction and (
                    f.pick is None or self.target_objects(p, f.pick, f.harmful, True)):
                return True
        if self._may_cast_from_table(p, side, flesh):
            return True
        if not self.gear_acts[p]:
            kept = self.roster_of(side)
            if not kept[3] and not side.hexes:
                return False
        return bool(self.ability_sources(p, True))

    def _reactions(self, p: int) -> list[MageAction]:
        """The Spells (from hand or table) and abilities player ``p`` may use in a reactive window: on another
        player's turn when an attacker comes at it (before it chooses a blocker), and in a Battle before each of its
        Moves (rulebook: "Spells are the only cards that can be Created during someone else's turn (although card
        abilities can also be used on someone else's turn)"). Unweave keeps its own window (as a Spell is created)."""
        moves = self._creations(p, spells_only=True)
        moves.extend(self._activations(p))
        return moves

    def _battle_moves(self) -> list[MageAction]:
        b = self.battle
        assert b is not None  # (the Battle being fought)
        s, r = b.mover, b.range
        moves: list[MageAction] = []
        if r < CLOSE:
            moves.append(MOVES[(ADVANCE, r)])
        moves.append(MOVES[(STRIKE, r)])
        if r < CLOSE and not (self.flags(b.u[s]) & SLOW):
            moves.append(MOVES[(ADVANCE_STRIKE, r)])
        moves.append(MOVES[(RETREAT, r)])
        if not b.nothing[s]:
            moves.append(MOVES[(WAIT, r)])
        if b.stealth[s]:
            moves.append(MOVES[(UNSTEALTH, r)])
        p = b.u[s].ctrl
        if self.battle_window and self.may_react(p):  # the mover's window: Spells and abilities take no Move
            moves.extend(self._reactions(p))
        return moves
