"""Mage Warfare's state, creating cards and using abilities: a card created from the hand (or a Spell from the
table), a Spell's answer by Negate and its resolution, an activated ability used."""

from __future__ import annotations

from typing import Any

from ..core import Choose
from .board import BATTLE, BLOCK, DEVICE, GUARD, SHIELD, SPELL, Activate, Create, Gear, Hex, Side, TableSpell, Unit
from .combat import MageCombat
from .facts import Facts


class MageCreating(MageCombat):
    """Creating cards, Negate, and abilities."""

    __slots__ = ()

    # -- creating cards and using abilities --

    def _create(self, action: Create) -> None:
        p = self.active
        if self.phase == BLOCK or self.phase == BATTLE:  # a reactive window (see _reactions)
            p = self.reactor = self.current_player()
        side = self.sides[p]
        if action.table:
            spell = self.objs[action.index]
            f = spell.facts
            side.flesh -= f.cost
            spell.uses -= 1
            spell.active = True
            if self.log is not None:
                self.say(f"P{p + 1} creates {f.name} again from the table"
                         + (f" on {action.target_name}" if action.target_name else ""))
            self._cast(p, f, action.target, spell)
            return
        f = side.hand.pop(action.index)
        side.flesh -= f.cost
        if f.maint and not f.unit:
            self.gear_upkeep = True
        if self.log is not None:
            self.say(f"P{p + 1} creates {f.name} for {f.cost} Flesh"
                     + (f" on {action.target_name}" if action.target_name else ""))
        kind = f.type
        if kind <= GUARD:
            self._enter(p, f)
        elif kind == DEVICE:
            g = Gear(f, self._new_id(), p)
            self.objs[g.gid] = g
            u = self.objs[action.target]
            self._equip(g, u, self.can_use(u, f, True))
            for e in f.on_play:
                self._effect(p, e, f, user=u, gear=g)
        elif kind == SHIELD:
            g = Gear(f, self._new_id(), p)
            self.objs[g.gid] = g
            side.ground.append(g)
        elif kind == SPELL:
            self._cast(p, f, action.target, None)
        else:
            host = self.objs[action.target]
            h = Hex(f, self._new_id(), p, host)
            self.objs[h.hid] = h
            host.hexes.append(h)
            side.hexes.append(h)
            if f.chains and type(host) is Unit:
                host.chains += 1
            bearer = host if type(host) is Unit else host.unit
            if bearer is not None:
                self.touch(bearer)
            for e in f.on_play:
                self._effect(p, e, f, hexed=host)
            if type(host) is Unit and self.key_alive(host):
                self._fit(host)
                if self.dead(host):
                    self.kill(host, p)

    def _cast(self, p: int, f: Facts, target: Any, spell: TableSpell | None) -> None:
        """A Spell is Created: each opponent holding a Negate Spell it can pay for may answer first."""
        self.stack = (p, f, target, spell)
        negators = []
        for k in range(1, self.n):
            seat = (p + k) % self.n
            side = self.sides[seat]
            if side.alive and not side.dummy and self._negate_card(side) is not None:
                negators.append(seat)
        if negators:
            self._ask_negate(negators)
        else:
            self._resolve_spell()

    def _negate_card(self, side: Side) -> int | None:
        for i, f in enumerate(side.hand):
            if f.reaction and f.cost <= side.flesh:
                return i
        return None

    def _ask_negate(self, seats: list[int]) -> None:
        seat = seats[0]
        index = self._negate_card(self.sides[seat])
        if index is None:
            if seats[1:]:
                self._ask_negate(seats[1:])
            else:
                self._resolve_spell()
            return
        assert self.stack is not None  # (the Spell being Created)
        name = self.stack[1].name
        negator = self.sides[seat].hand[index].name
        self.pending.append((seat, [Choose(True, f"negate {name} with {negator}"),
                                    Choose(False, f"let {name} resolve")], "negate", seats))

    def _negate_answer(self, yes: bool, seats: list[int]) -> None:
        if self.stack is None:
            return
        seat = seats[0]
        index = self._negate_card(self.sides[seat])
        if yes and index is not None:
            side = self.sides[seat]
            negator = side.hand.pop(index)
            side.flesh -= negator.cost
            side.graveyard.append(negator)
            caster, f, _, spell = self.stack
            self.stack = None
            if spell is not None:
                self._spell_gone(spell)
            else:
                self.sides[caster].graveyard.append(f)
            if self.log is not None:
                self.say(f"P{seat + 1} negates {f.name} with {negator.name}")
            return
        if seats[1:]:
            self._ask_negate(seats[1:])
        else:
            self._resolve_spell()

    def _resolve_spell(self) -> None:
        assert self.stack is not None  # (the Spell being Created)
        p, f, target, spell = self.stack
        self.stack = None
        chosen = self._resolve_target(target)
        for e in f.on_play:
            if self.over or not self.sides[p].alive:
                break
            self._effect(p, e, f, target=chosen)
        if spell is None:
            if (f.uses > 1 or f.maint or f.auras) and self.sides[p].alive and not self.over:
                spell = TableSpell(f, self._new_id(), p, f.uses - 1)
                self.objs[spell.sid] = spell
                self.sides[p].table.append(spell)
                if f.auras:
                    self._auras_changed(p)
            else:
                self.sides[p].graveyard.append(f)

    def _activate(self, action: Activate) -> None:
        p = self.active
        if self.phase == BLOCK or self.phase == BATTLE:  # a reactive window (see _reactions)
            p = self.reactor = self.current_player()
        side = self.sides[p]
        obj = self.objs[action.oid]
        kind = type(obj)
        f = obj.facts
        e = f.activated[0]
        for candidate in f.activated:  # the ability whose target matches the action
            if candidate.targeted == (action.target is not None):
                e = candidate
                break
        side.flesh -= e.flesh
        if kind is Unit:
            bearer = obj
            if e.deploy:
                obj.deployed = True
            obj.cloaked = False
        elif kind is Gear:
            bearer = obj.unit
            if e.deploy:
                obj.deployed = True
                if obj.facts.sharable:
                    for x, _ in obj.lent:
                        x.deployed = True
            bearer.cloaked = False
        else:
            bearer = obj.host
        bearer.bloodc -= e.bcost
        if self.log is not None:
            self.say(f"P{p + 1} uses {f.name}" + (f" on {action.target_name}" if action.target_name else ""))
        target = self._resolve_target(action.target)
        if kind is Unit:
            self._effect(p, e, f, this=obj, target=target)
        elif kind is Gear:
            self._effect(p, e, f, user=obj.unit, gear=obj, target=target)
        else:
            self._effect(p, e, f, hexed=obj.host, target=target)
