"""Mage Warfare's state, its first layer: the data of a game, and what a player may read of it (the current
stats of a card, what it can equip, the side's cards in play, what each player sees)."""

from __future__ import annotations

from typing import Any

from ..core import Choose, GameState
from .board import (
    BATTLE,
    BLOCK,
    DECLARE,
    DOUBLE,
    OPENING,
    PLAY,
    SHIELD,
    Battle,
    Gear,
    Hex,
    MageAction,
    Roster,
    Side,
    TableSpell,
    Unit,
    key_of,
    max3,
)
from .facts import Facts, fits_user


def _has_aura_spell(table: list[TableSpell]) -> bool:
    return any(spell.active and spell.facts.auras for spell in table)


def _has_complex(gears: list[Gear]) -> bool:
    return any(g.facts.complex for g in gears)


class MageView(GameState):
    """A game of Mage Warfare, its data and the public view a player reads it through. The layers above it add the
    legal actions (:class:`~.moves.MageMoves`), cards entering and leaving play and the effects
    (:class:`~.zones.MageZones`), Battles (:class:`~.combat.MageCombat`), creating cards and using abilities
    (:class:`~.creating.MageCreating`) and the turn (:class:`~.state.MageState`, the game itself).

    What policies read (the public view; everything named with a leading underscore is the engine's own): the
    attributes below; each card's current stats, kept on it while its ``stamp`` is the state's (``st``, ``atk``,
    ``best``, ``flags``, ``red``: :meth:`keep_fresh` brings them up to date; :meth:`stats`, :meth:`attacks`,
    :meth:`flags`, :meth:`reduction` and :meth:`defense_left` read them); :meth:`shield_defense`, :meth:`free_dex`,
    :meth:`can_use`, :meth:`roster_of`, :meth:`classes_in_play`, :meth:`card_counts`, :meth:`observation`; the
    legal actions' helpers of :class:`~.moves.MageMoves` (:meth:`~.moves.MageMoves.attackers`,
    :meth:`~.moves.MageMoves.blockers`, :meth:`~.moves.MageMoves.target_objects`, ...), :meth:`~.zones.MageZones.touch`,
    :meth:`~.zones.MageZones.dead` and :meth:`~.combat.MageCombat.salvage_plan`; and the
    :class:`~decklab.engine.core.GameState` protocol."""

    __slots__ = ("sides", "n", "active", "phase", "pending", "battle", "declared", "ai", "cur", "cur_seat", "objs",
                 "next_id", "stamp", "goldfish", "maint_queue", "opening", "first", "stack", "cache", "recheck",
                 "serial", "version", "aura_stamp", "aura_sides", "aura_units", "gear_acts", "gear_upkeep", "expiring",
                 "attacks_begun", "order", "capped", "reactor", "deployed_block", "battle_window")
    # deployed_block: whether Deployed cards may block (the reading deployed-block=on); battle_window: whether the
    # player to move in a Battle gets a reactive window before each Move (reactive-windows=block-and-battle). Set at
    # setup from the readings (``rules``, see READINGS), carried by clone() and determinize().

    sides: list[Side]
    n: int
    active: int
    phase: int
    pending: list[tuple[int, list[Choose], str, Any]]
    """The choices waiting: (seat, its options, what kind of choice, its context)."""
    battle: Battle | None
    declared: list[tuple[Unit, int]]
    ai: int
    cur: Unit | None
    cur_seat: int
    objs: dict[int, Any]
    """Every card in play by id: a Unit, Gear, Hex or TableSpell."""
    next_id: int
    stamp: int
    goldfish: bool
    maint_queue: list[tuple[Any, int]]
    opening: list[int]
    first: int
    stack: tuple[int, Facts, Any, TableSpell | None] | None
    cache: list[MageAction] | tuple[Unit | None, list[Unit]] | None
    """The current player's options, or in the Block phase the attacker and its blockers (see blockers)."""
    recheck: bool
    serial: int
    version: int
    aura_stamp: int
    aura_sides: list[bool]
    aura_units: list[list[Unit]]
    gear_acts: list[int]
    gear_upkeep: bool
    expiring: bool
    attacks_begun: int
    order: list[tuple[Side, ...]]
    capped: bool
    reactor: int
    deployed_block: bool
    battle_window: bool

    # -- protocol --

    def current_player(self) -> int:
        if self.pending:
            return self.pending[0][0]
        phase = self.phase
        if phase == DECLARE or phase == PLAY:  # (the most frequent)
            return self.active
        if phase == BLOCK:
            return self.cur_seat
        if phase == BATTLE:
            b = self.battle
            assert b is not None  # (the Battle being fought)
            return self.active if b.mover == 0 else self.cur_seat
        if phase == OPENING:
            return self.opening[0]
        return self.active

    def is_unresolved(self) -> bool:
        """Whether the game was stopped by the turn cap, or ended by the Battle safeguard's forced Retreat (see
        ``BATTLE_CAP``), neither of which the rulebook has."""
        return self.over and (self.turn > self.max_turns or self.capped)

    def observation(self, player: int) -> tuple[Any, ...]:
        """Everything ``player`` sees now: every Mage's counters, pile sizes, Graveyard and Removed pile, cards in play
        (with ids, damage, counters, statuses, equipment and Hexes), Spells on the table, its own hand in order and
        how many cards of each pile the others hold, the turn, phase, Battle, attackers, the pending choice and the
        result. The other players' hands and the order of every pile are not in it."""
        sides = []
        for side in self.sides:
            hand: tuple[str, ...] | tuple[int, int, int]
            if side.seat == player:
                hand = tuple([f.name for f in side.hand])
            else:
                barracks = armory = 0
                for f in side.hand:
                    if f.unit:
                        barracks += 1
                    elif f.type <= SHIELD:
                        armory += 1
                hand = (barracks, armory, len(side.hand) - barracks - armory)
            units = tuple([(u.uid, u.facts.name, u.owner, u.ctrl, u.damage, u.tokens, u.bloodc, u.deployed,
                            u.disabled, u.chains, u.cloaked, u.lent, u.retreats, u.blocked, u.bphase, u.return_to,
                            tuple(u.mods), tuple([_gear_view(g) for g in u.devices]),
                            None if u.shield is None else _gear_view(u.shield), tuple([h.hid for h in u.hexes]),
                            tuple([g.gid for g in u.helping])) for u in side.units])
            ground = tuple([_gear_view(g) for g in side.ground])
            table = tuple([(t.sid, t.facts.name, t.owner, t.uses, t.active) for t in side.table])
            hexes = tuple([(h.hid, h.facts.name, h.owner, key_of(h.host)) for h in side.hexes])
            sides.append((side.seat, side.hp, side.flesh, side.dex, side.alive, side.dummy, len(side.barracks),
                          len(side.armory), len(side.spellbook), hand, tuple([f.name for f in side.graveyard]),
                          tuple([f.name for f in side.removed]), units, ground, table, hexes))
        b = self.battle
        battle = None if b is None else (b.u[0].uid, b.u[1].uid, b.range, b.mover, tuple(b.nothing),
                                          tuple(b.stealth), b.hurt, b.moves)
        pending = tuple([(seat, tuple([str(o) for o in options]), kind, _context_view(context))
                         for seat, options, kind, context in self.pending])
        stack: tuple[Any, ...] | None = self.stack
        if stack is not None:
            stack = (stack[0], stack[1].name, stack[2], None if stack[3] is None else stack[3].sid)
        return (self.n, self.turn, self.max_turns, self.first, self.active, self.phase, self.current_player(),
                tuple(sides), battle, tuple([(u.uid, seat) for u, seat in self.declared]),
                None if self.cur is None else self.cur.uid, self.cur_seat, tuple(self.opening), pending, stack,
                tuple([(key_of(obj), cost) for obj, cost in self.maint_queue]), self.next_id, self.attacks_begun,
                self.reactor, self.expiring, self.recheck, self.over, self.result, self.capped, self.deployed_block,
                self.battle_window)

    # -- reading the state --

    def keep_fresh(self, u: Unit) -> None:
        """Bring ``u``'s current stats up to date (:meth:`refresh`) unless they are from the state's ``stamp``."""
        if u.stamp != self.stamp:
            self.refresh(u)

    def refresh(self, u: Unit) -> None:
        """Compute a card's current stats, keywords, battle attacks and device reduction (``u.st``, ``u.flags``,
        ``u.bloodn``, ``u.atk``, ``u.best``, ``u.red``), good while ``u.stamp`` is the state's ``stamp``."""
        f = u.facts
        u.sig = None
        if self.aura_stamp != self.stamp:  # who has auras changes only with a new stamp
            self.aura_stamp = self.stamp
            self.aura_units = [[o for o in side.units if o.facts.auras] for side in self.sides]
            self.aura_sides = [bool(self.aura_units[side.seat]) or _has_aura_spell(side.table) for side in self.sides]
        if not (u.mods or u.hexes or u.devices or u.shield is not None or f.self_mods or self.aura_sides[u.ctrl]):
            self._refresh_printed(u)
        elif not (u.mods or u.hexes or u.devices or u.shield is not None or f.self_mods):
            self._refresh_auras(u)
        else:
            self._refresh_all(u)

    def _refresh_printed(self, u: Unit) -> None:
        """:meth:`refresh` of a card that nothing modifies: its card's stats, with its +1/-1 tokens."""
        f = u.facts
        t = u.tokens
        if t:
            st = f.stats
            s = [st[0] + t, st[1] + t, st[2] + t, st[3] + t, st[4]]
            for i in range(4):
                if s[i] < 0:
                    s[i] = 0
            u.st, u.atk = s, s[:3]
            u.best = max3(s[0], s[1], s[2])
        else:
            u.st, u.atk, u.best = f.base, f.base_atk, f.base_best
        u.flags, u.bloodn = f.flags, f.blood
        u.red = 0
        u.stamp = self.stamp

    def _refresh_auras(self, u: Unit) -> None:
        """:meth:`refresh` of a card that only auras (of its side's cards and Spells) modify: the general case
        (:meth:`_refresh_all`), without what is empty."""
        f = u.facts
        s = list(f.stats)
        t = u.tokens
        if t:
            s[0] += t
            s[1] += t
            s[2] += t
            s[3] += t
        flags, blood = self._aura_bonus(u, s, f.flags, f.blood)
        if s[0] < 0 or s[1] < 0 or s[2] < 0 or s[3] < 0 or s[4] < 0:
            for i in range(5):
                if s[i] < 0:
                    s[i] = 0
        u.st, u.flags, u.bloodn = s, flags, blood
        u.atk = s[:3]  # (no Device and no Shield add to the attacks)
        u.best = max3(s[0], s[1], s[2])
        u.red = 0
        u.stamp = self.stamp

    def _refresh_all(self, u: Unit) -> None:
        """:meth:`refresh` in general: tokens, modifiers, Hexes, Devices, Shield, the card's own passives, auras."""
        f = u.facts
        s = list(f.stats)
        t = u.tokens
        if t:
            s[0] += t
            s[1] += t
            s[2] += t
            s[3] += t
        flags, blood = f.flags, f.blood
        for idxs, amount, bits, extra, _ in u.mods:
            for i in idxs:
                s[i] += amount
            flags |= bits
            blood += extra
        for h in u.hexes:
            for e in h.facts.hex_mods:
                if e.cond is None or e.cond.ok(f):
                    for i in e.idxs:
                        s[i] += e.amount
                    flags |= e.bits
                    blood += e.blood
        devices = u.devices
        best_long = best_medium = close = red = 0
        for g in devices:  # the Devices' modifiers, and their attacks (best at long and medium, the sum at close)
            gf = g.facts
            for e in gf.user_mods:
                for i in e.idxs:
                    s[i] += e.amount
                flags |= e.bits
                blood += e.blood
            if g.hexes:
                gl, gm, gc = self._gear_attacks(g)
            else:
                gl, gm, gc, gd = gf.base[:4]
            if gl > best_long:
                best_long = gl
            if gm > best_medium:
                best_medium = gm
            close += gc
            red += gf.stats[3]
        shield = u.shield
        if shield is not None:
            for e in shield.facts.shield_mods:
                for i in e.idxs:
                    s[i] += e.amount
                flags |= e.bits
                blood += e.blood
        off = u.disabled or u.chains
        if f.self_mods and not off:
            flags, blood = self._own_bonus(u, s, flags, blood)
        if shield is None:
            flags, blood = self._aura_bonus(u, s, flags, blood)
        if s[0] < 0 or s[1] < 0 or s[2] < 0 or s[3] < 0 or s[4] < 0:
            for i in range(5):
                if s[i] < 0:
                    s[i] = 0
        u.st, u.flags, u.bloodn = s, flags, blood
        long_, medium = s[0], s[1]
        if shield is not None:  # "a normal attack ... in addition to the Shield's attack at the current Range"
            sl, sm, sc = shield.facts.stats[:3]
            long_, medium, close = long_ + sl, medium + sm, close + sc
        long_ = long_ if long_ >= best_long else best_long
        medium = medium + best_medium if flags & DOUBLE else (medium if medium >= best_medium else best_medium)
        close += s[2]
        u.atk = [long_, medium, close]
        u.best = max3(long_, medium, close)
        u.red = red
        u.stamp = self.stamp

    def _own_bonus(self, u: Unit, s: list[int], flags: int, blood: int) -> tuple[int, int]:
        """Add the card's own passives (those whose condition it meets: a Device it is equipped with...) to the stats
        ``s``: the keywords and blood counters with them."""
        f = u.facts
        for e in f.self_mods:
            c = e.cond
            if c is not None:
                if c.role == "equipped":
                    for g in u.devices:
                        if c.sub is not None and c.sub.ok(g.facts):
                            break
                    else:
                        continue
                elif not c.ok(f):
                    continue
            for i in e.idxs:
                s[i] += e.amount
            flags |= e.bits
            blood += e.blood
        return flags, blood

    def _aura_bonus(self, u: Unit, s: list[int], flags: int, blood: int) -> tuple[int, int]:
        """Add the auras of ``u``'s side (of its cards and its Spells) to the stats ``s``: the keywords and blood
        counters with them."""
        f = u.facts
        for o in self.aura_units[u.ctrl]:
            if o.shield is None and not (o.disabled or o.chains):
                for e in o.facts.auras:
                    if (e.others and o is u) or (e.cond is not None and not e.cond.ok(f)):
                        continue
                    for i in e.idxs:
                        s[i] += e.amount
                    flags |= e.bits
                    blood += e.blood
        for spell in self.sides[u.ctrl].table:
            if spell.active and spell.facts.auras:
                for e in spell.facts.auras:
                    if e.cond is None or e.cond.ok(f):
                        for i in e.idxs:
                            s[i] += e.amount
                        flags |= e.bits
        return flags, blood

    def _gear_attacks(self, g: Gear) -> tuple[int, int, int]:
        stats = g.facts.stats
        if not g.hexes:
            return stats[0], stats[1], stats[2]
        s = [stats[0], stats[1], stats[2]]
        for h in g.hexes:
            for e in h.facts.hex_mods:
                for i in e.idxs:
                    if i < 3:
                        s[i] += e.amount
        return max(0, s[0]), max(0, s[1]), max(0, s[2])

    def stats(self, u: Unit) -> list[int]:
        """[long, medium, close, defense, dexterity] now, with every modifier."""
        self.keep_fresh(u)
        return u.st

    def flags(self, u: Unit) -> int:
        """The card's keyword bits now, with every modifier."""
        self.keep_fresh(u)
        return u.flags

    def attacks(self, u: Unit) -> list[int]:
        """The card's Battle attack at each range with its Devices (long/medium: the best one; close: the sum)."""
        self.keep_fresh(u)
        return u.atk

    def reduction(self, u: Unit) -> int:
        """Damage taken from each hit in Battle is reduced by the Defense of every equipped Device."""
        self.keep_fresh(u)
        return u.red

    def defense_left(self, u: Unit) -> int:
        """The card's Defense now, less its damage."""
        self.keep_fresh(u)
        return u.st[3] - u.damage

    def shield_defense(self, g: Gear) -> int:
        total = g.facts.stats[3]
        for e in g.facts.self_mods:
            c = e.cond
            if c is None or (c.role == "shielded" and g.unit is not None and c.sub is not None and c.sub.ok(
                    g.unit.facts)):
                total += e.amount
        return max(0, total)

    def free_dex(self, u: Unit) -> int:
        used = u.lent
        for g in u.devices:
            if not g.facts.sharable:
                used += g.facts.stats[4]
        return self.stats(u)[4] - used

    def _uses_complex(self, u: Unit) -> bool:
        return any(g.facts.complex for g in u.devices) or any(g.facts.complex for g in u.helping)

    def can_use(self, u: Unit, f: Facts, creating: bool) -> Any:
        """Whether ``u`` can equip the Device or Shield ``f``: True, a Sharable plan [[unit, lent], ...], or None."""
        if creating and u.deployed:
            return None
        fit = f.fits.get(u.facts)
        if fit is None:
            fit = fits_user(f, u.facts)
        if not fit:  # class and user restriction
            return None
        if f.type == SHIELD:
            return True if u.shield is None else None
        devices = u.devices
        if f.trinket:
            for g in devices:
                if g.facts.trinket:
                    return None
            return True
        used = u.lent
        for g in devices:
            gf = g.facts
            if gf.complex or (f.complex and not gf.trinket):
                return None
            if not gf.sharable:
                used += gf.stats[4]
        if u.helping and (f.complex or _has_complex(u.helping)):
            return None
        if f.sharable:
            return self._share_plan(u, f, creating)
        self.keep_fresh(u)
        return True if u.st[4] - used >= f.stats[4] else None

    def _share_plan(self, primary: Unit, f: Facts, creating: bool) -> list[list[Any]] | None:
        """The users of a Sharable Device: the primary user lends what it can, then the cheapest eligible
        cards of the same controller lend the rest (each at least 1)."""
        need = f.stats[4]
        free = self.free_dex(primary)
        if free < 1:
            return None
        plan: list[list[Any]] = [[primary, min(free, need)]]
        rest = need - plan[0][1]
        if rest > 0:
            candidates = []
            for h in self.sides[primary.ctrl].units:
                if h is primary or (creating and h.deployed) or not fits_user(f, h.facts) or self._uses_complex(h):
                    continue
                if f.complex and (h.helping or any(not g.facts.trinket for g in h.devices)):
                    continue
                spare = self.free_dex(h)
                if spare >= 1:
                    candidates.append((h.facts.cost, h.uid, h, spare))
            candidates.sort(key=lambda c: (c[0], c[1]))
            for _, _, h, spare in candidates:
                take = min(spare, rest)
                plan.append([h, take])
                rest -= take
                if not rest:
                    break
            if rest > 0:
                return None
        return plan

    def card_counts(self) -> list[int]:
        """Cards each player owns, in every zone (conserved through the game)."""
        counts = [0] * self.n
        for side in self.sides:
            counts[side.seat] += (len(side.barracks) + len(side.armory) + len(side.spellbook) + len(side.hand)
                                  + len(side.graveyard) + len(side.removed))
        for obj in self.objs.values():
            counts[obj.owner] += 1
        if self.stack is not None and self.stack[3] is None:
            counts[self.stack[0]] += 1  # a Spell from the hand, waiting for a Negate answer
        return counts

    def dexterity_ok(self) -> bool:
        """No card uses more dexterity than it has, more than one Trinket, or a Complex Device beside others; every
        Device fits its user's class and user restriction, and a Sharable Device's users lend all it needs."""
        for side in self.sides:
            for u in side.units:
                if not u.devices and not u.lent:
                    continue
                used, trinkets, others, complex_ = u.lent, 0, len(u.helping), False
                for g in u.devices:
                    f = g.facts
                    if f.trinket:
                        trinkets += 1
                    else:
                        others += 1
                        if not f.sharable:
                            used += f.stats[4]
                        elif sum(lent for _, lent in g.lent) < f.stats[4]:
                            return False
                    complex_ = complex_ or f.complex
                    if not fits_user(f, u.facts):
                        return False
                complex_ = complex_ or any(g.facts.complex for g in u.helping)
                if used > self.stats(u)[4] or trinkets > 1 or (complex_ and others > 1):
                    return False
        return True

    def classes_in_play(self, p: int) -> int:
        """Bit 1: a Basic card in play, bit 2: an Advanced one (what Advanced and Uber cards need)."""
        side = self.sides[p]
        kept = self.roster_of(side)
        return kept[2]

    def roster_of(self, side: Side) -> Roster:
        """(roster, count, class bits, the cards with activated abilities, their Maintenance Costs, the
        highest Creation Cost) of a side's cards in play, kept until its ``units`` change (``side.roster`` counts
        the changes; ``_enter`` updates it in place of a new count)."""
        kept = side.kept
        units = side.units
        if kept is not None and kept[0] == side.roster and kept[1] == len(units):
            return kept
        bits = upkeep = dearest = 0
        carriers = []
        for u in units:
            f = u.facts
            bits |= 1 << f.cls
            upkeep += f.maint
            if f.cost > dearest:
                dearest = f.cost
            if f.activated:
                carriers.append(u)
        kept = side.kept = (side.roster, len(units), bits, carriers, upkeep, dearest)
        return kept

    def key_alive(self, obj: Any) -> bool:
        """Whether ``obj`` is still the card in play under its key (not gone, nor replaced)."""
        return self.objs.get(key_of(obj)) is obj


def _gear_view(g: Gear) -> tuple[Any, ...]:
    return (g.gid, g.facts.name, g.owner, g.ctrl, None if g.unit is None else g.unit.uid,
            tuple([(x.uid, amount) for x, amount in g.lent]), g.deployed, g.damage, g.moved,
            tuple([h.hid for h in g.hexes]))


def _context_view(context: Any) -> Any:
    """A pending choice's context as ids and numbers (for ``observation``)."""
    kind = type(context)
    if kind is tuple or kind is list:
        return tuple([_context_view(x) for x in context])
    if kind is Unit or kind is Gear or kind is Hex or kind is TableSpell:
        return key_of(context)
    return context
