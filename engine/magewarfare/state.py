"""Mage Warfare's state, its top layer: the game itself (:class:`MageState`): applying an action, the steps that
need no choice up to the next decision, the answers to pending choices, the turn (Maintenance, the draw, equipping,
the Attack, Play and Discard phases), and copies (clone, determinize)."""

from __future__ import annotations

import random
from typing import Any, Final

from ..core import Action, Choose, Pass, copy_rng, draw, shuffle
from .board import (
    BATTLE,
    BLOCK,
    CLOAK,
    DECLARE,
    DISCARD,
    DRAW,
    ENDTURN,
    EQUIP,
    EXP_TURN,
    HAND,
    MAINT,
    OPENING,
    PLAY,
    SHIELD,
    Activate,
    Block,
    Create,
    Declare,
    Discard,
    Draw,
    Equip,
    Gear,
    Hex,
    Move,
    Opening,
    Unequip,
    Unit,
)
from .copies import copy_into
from .creating import MageCreating
from .facts import Facts

_CANON: Final[dict[Facts, tuple[str, str, str]]] = {}
"""A card's place in the canonical order of a redrawn pile (by name, then set and code): ``determinize`` starts
from it, so the hidden order of the cards never reaches the result."""


def _canon(f: Facts) -> tuple[str, str, str]:
    key = _CANON.get(f)
    if key is None:
        card = f.card
        key = _CANON[f] = (f.name, card.set_code, str(card.get("code") or ""))
    return key


class MageState(MageCreating):
    """A game of Mage Warfare between 2 to 4 Mages (or one against a goldfish that has no cards), on
    :class:`~decklab.engine.core.GameState`. What a policy reads of it: see :class:`~.view.MageView`."""

    __slots__ = ()

    # -- copies --

    def clone(self) -> MageState:
        """An independent copy that plays on exactly as this game (its own generator state, its own serial, so a
        policy's per-state caches never mix the two). Copied field by field (see :func:`~.copies.copy_into`)."""
        return self._copy(copy_rng(self.rng), None if self.log is None else list(self.log))

    def determinize(self, player: int, rng: random.Random) -> MageState:
        """A new game that ``player`` cannot tell from this one (see ``core.GameState.determinize``). Hidden from it:
        every other player's hand and the order of every Barracks, Armory and Spellbook. Each other player's hand
        cards of one pile kind are pooled with that pile (in a canonical order: by card name), shuffled with ``rng``,
        and the hand gets back as many of that kind as it held (Barracks cards first, then Armory, then Spellbook:
        the order of a hidden hand is hidden too); ``player``'s own piles are put in the canonical order and
        shuffled. A card a pending choice names (the Spell that would negate) stays in its holder's hand, first. The
        game's generator is a new one drawn from ``rng``; this game is left as it was. Known simplifications: cards
        ``player`` saw before (its own discards, placed at the bottom of their pile; another Mage's hand card it was
        shown) are treated as unseen again, and a Cloaked card in play is seen by everyone (the engine names every
        card created)."""
        twin = self._copy(None, None)
        twin.rng = random.Random(rng.getrandbits(64))
        twin.cache = None  # (the current player's listed actions may name the cards of a hand redrawn below)
        keep: dict[int, list[Facts]] | None = None  # per seat: the hand cards a pending choice names (they stay,
        # first in the hand)
        for seat, _, choice, _ in self.pending:
            if choice == "negate" and seat != player:
                index = self._negate_card(self.sides[seat])
                if index is not None:
                    if keep is None:
                        keep = {}
                    keep.setdefault(seat, []).append(self.sides[seat].hand[index])
        for side in twin.sides:
            if side.dummy:
                continue
            if side.seat == player:
                for pile in (side.barracks, side.armory, side.spellbook):
                    if len(pile) > 1:
                        pile.sort(key=_canon)
                        shuffle(pile, rng)
                continue
            hand = side.hand
            kept = None if keep is None else keep.get(side.seat)
            if kept is not None:
                for f in kept:
                    hand.remove(f)
            counts = [0, 0, 0]
            piles = (side.barracks, side.armory, side.spellbook)
            for f in hand:
                kind = 0 if f.unit else 1 if f.type <= SHIELD else 2
                counts[kind] += 1
                piles[kind].append(f)
            new_hand = [] if kept is None else list(kept)
            for kind in range(3):
                pile = piles[kind]
                if len(pile) > 1:
                    pile.sort(key=_canon)
                    shuffle(pile, rng)
                count = counts[kind]
                if count:
                    new_hand.extend(pile[len(pile) - count:])
                    del pile[len(pile) - count:]
            side.hand = new_hand
        return twin

    def _copy(self, rng: Any, log: list[str] | None) -> MageState:
        """A copy of this game (with a new serial), with the generator ``rng`` and the play-by-play ``log``."""
        twin = MageState()
        copy_into(twin, self, rng, log)
        return twin

    # -- applying --

    def apply(self, action: Action) -> None:
        self.cache = None
        if type(action) is Declare and not self.pending:  # the most frequent action: no version change (see Greedy)
            unit: Unit = self.objs[action.uid]
            unit.deployed = True
            unit.cloaked = False
            self.declared.append((unit, action.seat))
            if self.log is not None:
                self.say(f"P{self.active + 1} declares {unit.facts.name} against P{action.seat + 1}")
            if self.recheck:
                self.recheck = False
                self.check_all(None)
            elif self.phase == DECLARE and not self.over and not self.pending:
                for u in self.sides[self.active].units:  # another card may attack: the player chooses again
                    if not (u.deployed or u.disabled or u.chains or u.helping) and u.shield is None:
                        return
            self._proceed()
            return
        if type(action) is not Declare:
            self.version += 1
        if self.pending:
            _, _, choice, context = self.pending.pop(0)
            assert type(action) is Choose  # (the actions of a pending choice are its options)
            self._answer(choice, action.option, context)
        else:
            if type(action) is Create:  # (the kinds in order of frequency)
                self._create(action)
            elif type(action) is Block:
                if action.uid is None:
                    self._unblocked()
                else:
                    cur = self.cur
                    assert cur is not None  # (the attacker being blocked)
                    self._start_battle(cur, self.objs[action.uid])
            elif type(action) is Pass:
                if self.phase == DECLARE:
                    self._start_battles()
                elif self.phase == PLAY:
                    self._set_phase(DISCARD)
                elif self.phase == EQUIP:
                    self._start_attack()
                else:
                    raise ValueError(f"{action} is not legal now")
            elif type(action) is Draw:
                self.do_draw(self.sides[self.active], action.piles)
                self._set_phase(EQUIP)
            elif type(action) is Move:
                self._move(action.kind)
            elif type(action) is Activate:
                self._activate(action)
            elif type(action) is Equip:
                self._equip_ground(action)
            elif type(action) is Unequip:
                self._unequip_to_ground(action)
            elif type(action) is Discard:
                self._discard(self.active, action.index)
            elif type(action) is Opening:
                self._open(action)
            else:
                raise ValueError(f"{action} is not an action of this game")
        if self.reactor >= 0 and not self.pending:
            self._after_reaction()
        if self.recheck:
            self.recheck = False
            self.check_all(None)
        self._proceed()

    def _after_reaction(self) -> None:
        """A Spell or ability used in a reactive window has resolved (or been negated). A card its damage brought to 0
        Defense is Killed now (its Flesh to the player who used it; a card Engaged in Battle that leaves play ends the
        Battle: no Parting Shot, no Salvage); a card Engaged in Battle that it Disabled is unable to continue, which
        ends the Battle (rulebook: "until one Creature/Guard is Killed/Destroyed/Removed/Disabled"); an attacker it
        Disabled before a blocker was chosen stops attacking."""
        p = self.reactor
        self.reactor = -1
        b = self.battle
        if b is not None:
            for u in b.u:
                if self.battle is b and self.key_alive(u) and self.dead(u):
                    self.kill(u, p)
            if self.battle is b and (b.u[0].disabled or b.u[0].chains or b.u[1].disabled or b.u[1].chains):
                if self.log is not None:
                    self.say("a card Engaged in Battle is Disabled: the Battle ends")
                self.battle = None
                self._end_battle(b, bool(b.u[1].disabled or b.u[1].chains))
        self.check_all(p)
        cur = self.cur
        if self.phase == BLOCK and cur is not None and (cur.disabled or cur.chains):
            self.cur = None

    def _proceed(self) -> None:
        """Run every step that needs no choice, up to the next decision (or the end)."""
        while not self.over and not self.pending:
            phase = self.phase
            if phase == DECLARE:
                for u in self.sides[self.active].units:  # (inlined _may_declare: a card that may attack)
                    if not (u.deployed or u.disabled or u.chains or u.helping) and u.shield is None:
                        return
                if not self.declared and (self._may_create(self.active, True)
                                          or self.ability_sources(self.active, True)):
                    return
                self._start_battles()
            elif phase == BLOCK:
                while True:  # the attackers in turn, until one can be blocked
                    cur = self.cur
                    if cur is None:
                        if not self._next_attacker():
                            self.phase = PLAY
                            self.cache = None
                            break
                        cur = self.cur
                    blockers = self._find_blockers()
                    if blockers or self.may_react(self.cur_seat):  # a choice: a blocker, or a reactive window
                        self.cache = (cur, blockers)  # what blockers() answers until the next action
                        return
                    self._unblocked()
                    if self.over or self.pending or self.phase != BLOCK:
                        break
            elif phase == PLAY:
                if self._may_create(self.active, False) or self.ability_sources(self.active, True):
                    return
                self.phase = DISCARD
                self.cache = None
            elif phase == BATTLE:
                return
            elif phase == EQUIP:
                if self._has_gear_choice(self.active):
                    return
                self._start_attack()
            elif phase == MAINT:
                self._maintenance_step()
            elif phase == DRAW:
                options = self._options()
                if len(options) > 1:
                    return
                if options:
                    draw = options[0]
                    assert type(draw) is Draw  # (the Draw phase's options)
                    self.do_draw(self.sides[self.active], draw.piles)
                self._set_phase(EQUIP)
            elif phase == DISCARD:
                if len(self.sides[self.active].hand) > HAND:
                    return
                self._end_turn()
            elif phase == ENDTURN:
                self._end_turn()
            elif phase == OPENING:
                options = self._options()
                if len(options) > 1:
                    return
                opening = options[0] if options else Opening(0, 0)
                assert type(opening) is Opening  # (the opening's options)
                self._open(opening)
            else:  # pragma: no cover
                raise AssertionError(f"unknown phase {phase}")

    def _answer(self, kind: str, option: Any, context: Any) -> None:
        if kind == "pay":
            obj, cost = context
            if option and self.key_alive(obj):
                self.sides[self.active].flesh -= cost
                if self.log is not None:
                    self.say(f"P{self.active + 1} pays {cost} Flesh to keep {obj.facts.name}")
            elif self.key_alive(obj):
                self._unpaid(obj)
        elif kind == "tag":
            if option is not None:
                payer, owner, facts = option
                side = self.sides[owner]
                if facts in side.removed and self.sides[payer].flesh >= facts.half:
                    side.removed.remove(facts)
                    side.graveyard.append(facts)
                    self.sides[payer].flesh -= facts.half
                    if self.log is not None:
                        self.say(f"P{payer + 1} Tags {facts.name} for {facts.half} Flesh")
        elif kind == "salvage":
            if option is not None:
                self._salvage(option, context)
        elif kind == "negate":
            self._negate_answer(option, context)
        elif kind == "split":
            self.do_draw(self.sides[context[0]], option)

    # -- turn structure --

    def _open(self, action: Opening) -> None:
        seat = self.opening.pop(0)
        side = self.sides[seat]
        draw(side.barracks, side.hand, action.barracks)
        draw(side.armory, side.hand, action.armory)
        if self.log is not None:
            self.say(f"P{seat + 1} opens with {action.barracks} cards from the Barracks and {action.armory} "
                     f"from the Armory")
        if not self.opening:
            self.active = self.first
            self._begin_turn()

    def _begin_turn(self) -> None:
        """Maintenance Phase: Withdraw (Enable, restore Defense, re-Cloak), then start-of-Maintenance effects;
        the Maintenance Costs, the Mage-Life bonus and the draw follow in :meth:`_proceed`."""
        p = self.active
        side = self.sides[p]
        self.cache = None
        self.phase = MAINT
        for u in side.units:
            if u.disabled:
                u.disabled = False
                self.touch(u)
            u.deployed = False
            u.damage = 0
            if u.facts.flags & CLOAK:
                u.cloaked = True
            for g in u.devices:
                g.deployed = False
            if u.shield is not None:
                u.shield.damage = 0
        for g in side.ground:
            g.deployed = False
            g.damage = 0
        if self.log is not None:
            self.say(f"P{p + 1} begins: {side.hp} HP, {side.flesh} Flesh, {len(side.hand)} cards in hand, "
                     f"{len(side.units)} in play")
        for h in list(side.hexes) if side.hexes else ():
            for e in h.facts.triggers.get("maintenance_phase", ()):
                if self.key_alive(h) and not self.over:
                    self._effect(p, e, h.facts, hexed=h.host)
        if self.over:
            return
        if not side.alive:
            self._set_phase(ENDTURN)
            return
        self.maint_queue = self._maintenance_due(p)

    def _maintenance_due(self, p: int) -> list[tuple[Any, int]]:
        side = self.sides[p]
        due: list[tuple[Any, int]] = []
        if not self.gear_upkeep:  # no Device, Shield, Spell or Hex with a Maintenance Cost is in this game
            kept = self.roster_of(side)
            if not kept[4]:  # (no card in play has a Maintenance Cost)
                return due
            for u in side.units:
                if u.facts.maint:
                    due.append((u, u.facts.maint))
            return due
        for u in side.units:
            if u.facts.maint:
                due.append((u, u.facts.maint))
            for g in u.devices:
                if g.facts.maint:
                    due.append((g, g.facts.maint))
            if u.shield is not None and u.shield.facts.maint:
                due.append((u.shield, u.shield.facts.maint))
        for g in side.ground:
            if g.facts.maint:
                due.append((g, g.facts.maint))
        for spell in side.table:
            if spell.active and spell.facts.maint:
                due.append((spell, spell.facts.maint))
        for h in side.hexes:
            if h.facts.maint:
                due.append((h, h.facts.maint))
        return due

    def _maintenance_step(self) -> None:
        p = self.active
        side = self.sides[p]
        queue = self.maint_queue
        while queue:
            obj, cost = queue.pop(0)
            if not self.key_alive(obj):
                continue
            if side.flesh >= cost:
                name = obj.facts.name
                self.pending.append((p, [Choose(True, f"pay {cost} Flesh for {name}"), Choose(False, f"let {name} go")],
                                     "pay", (obj, cost)))
                return
            self._unpaid(obj)
            if self.over or not side.alive:
                return
        bonus = side.hp // 2
        side.flesh += bonus
        if self.log is not None:
            self.say(f"P{p + 1} gains {bonus} Flesh from its Mage's life ({side.flesh} Flesh)")
        self.phase = DRAW
        self.cache = None

    def _unpaid(self, obj: Any) -> None:
        """A Maintenance Cost not paid: the card is Destroyed (a Spell affect ends)."""
        if self.log is not None:
            self.say(f"{obj.facts.name} is not maintained")
        kind = type(obj)
        if kind is Unit:
            self.leave(obj, "graveyard")
        elif kind is Gear:
            self.gear_gone(obj)
        elif kind is Hex:
            self.hex_gone(obj)
        else:
            obj.active = False
            if obj.facts.auras:  # only a Spell's auras reach the cards' stats
                self._auras_changed(obj.owner)
            if obj.uses <= 0:
                self._spell_gone(obj)
        self.check_all(None)


    def _equip_ground(self, action: Equip) -> None:
        g, u = self.objs[action.gid], self.objs[action.uid]
        side = self.sides[u.ctrl]
        plan = self.can_use(u, g.facts, False)
        side.ground.remove(g)
        if g.facts.type == SHIELD:
            g.unit = u
            u.shield = g
            self.touch(u)
        else:
            self._equip(g, u, plan)
        if self.log is not None:
            self.say(f"P{u.ctrl + 1} equips {g.facts.name} to {u.facts.name}")
        if g.facts.type == SHIELD:
            self.recheck = True  # a Shielded card no longer gets effects from outside the Shield

    def _has_gear_choice(self, p: int) -> bool:
        """Whether player ``p`` has something to do with Devices and Shields in Maintenance: one on the ground that a
        card can take, or an equipped one not yet moved this Maintenance (see Unequip)."""
        side = self.sides[p]
        turn = self.turn
        g: Gear | None
        for u in side.units:
            for g in u.devices:
                if g.moved != turn:
                    return True
            g = u.shield
            if g is not None and g.moved != turn:
                return True
        return bool(side.ground) and len(self._options()) > 1

    def _unequip_to_ground(self, action: Unequip) -> None:
        g = self.objs[action.gid]
        u = g.unit
        shield = g.facts.type == SHIELD
        self._drop(g, g.ctrl)
        g.moved = self.turn
        if self.log is not None:
            self.say(f"P{g.ctrl + 1} drops {g.facts.name} from {u.facts.name} to move it")
        if shield:
            self.recheck = True  # the card is no longer Shielded: effects from outside reach it again

    def _start_attack(self) -> None:
        self.phase = DECLARE
        self.cache = None
        self.declared = []
        self.cur = None
        self.attacks_begun += 1  # every card's ``blocked`` and ``retreats`` start over (see _start_battle)

    def _start_battles(self) -> None:
        """Attacks are resolved one defending player at a time, each player's attackers in the order they were
        declared. The attacker chooses the order of the players (rulebook: "declare in advance which ones are going
        where, and in which order the players will be attacked"): the order in which it first declared an attacker
        at each of them."""
        if self.n > 2:  # (with two Mages every attacker goes at the same one)
            first: dict[int, int] = {}
            for _, seat in self.declared:
                if seat not in first:
                    first[seat] = len(first)
            self.declared.sort(key=lambda entry: first[entry[1]])
        self.ai = 0
        self.cur = None
        self.phase = BLOCK
        self.cache = None

    def _next_attacker(self) -> bool:
        declared = self.declared
        while self.ai < len(declared):
            unit, seat = declared[self.ai]
            self.ai += 1
            if self.objs.get(unit.uid) is not unit or unit.ctrl != self.active or unit.disabled or unit.chains:
                continue
            if not self.sides[seat].alive:
                continue
            self.cur, self.cur_seat = unit, seat
            return True
        return False

    def _discard(self, p: int, index: int) -> None:
        side = self.sides[p]
        f = side.hand.pop(index)
        pile = side.barracks if f.unit else side.armory if f.type <= SHIELD else side.spellbook
        pile.insert(0, f)
        if self.log is not None:
            self.say(f"P{p + 1} discards {f.name}")

    def _end_turn(self) -> None:
        """End of turn: "until end of turn" effects end, borrowed cards go back, then the next Mage's turn."""
        returning = False
        if self.expiring:  # (set when a card gets a bonus "until end of turn" or changes hands for the turn)
            self.expiring = False
            for side in self.sides:
                for u in side.units:
                    if u.mods:
                        kept = [m for m in u.mods if m[4] != EXP_TURN]
                        if len(kept) != len(u.mods):
                            self.recheck = True
                            u.mods = kept
                            self.touch(u)
                    if u.return_to is not None:
                        returning = True
        for side in self.sides:
            if not (returning or side.table):
                continue
            for u in (list(side.units) if returning else ()):
                if u.return_to is not None:
                    back = u.return_to
                    u.return_to = None
                    if self.sides[back].alive:
                        self.steal(u, back, "permanent")
                    else:
                        self.leave(u, "graveyard")
            for spell in list(side.table):
                if spell.active and not spell.facts.maint:
                    spell.active = False
                    if spell.facts.auras:
                        self._auras_changed(side.seat)
                    self.recheck = True
                if not spell.active and spell.uses <= 0:
                    self._spell_gone(spell)
        if self.recheck:
            self.recheck = False
            self.check_all(None)
        if self.over:
            return
        if not self.next_turn():
            self.pending.clear()
            return
        if not self.goldfish:
            seat = self.active
            for _ in range(self.n):
                seat = (seat + 1) % self.n
                if self.sides[seat].alive:
                    break
            self.active = seat
        self.battle = None
        self.cur = None
        self._begin_turn()
