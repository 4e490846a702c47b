"""Mage Warfare's state, cards entering and leaving play: a card created, equipped, Dropped, Killed, Destroyed or
stolen; a Mage hurt or out of the game; drawing; and resolving an effect (its targets, then its kind's handler in
:data:`~.effects.EFFECTS`)."""

from __future__ import annotations

from typing import Any

from ..core import Choose, draw
from .board import BATTLE, BLOCK, DRAWS, ENDTURN, SHIELD, Battle, Gear, Hex, Side, TableSpell, Unit
from .effects import EFFECTS
from .facts import Eff, Facts
from .moves import MageMoves


class MageZones(MageMoves):
    """Cards entering and leaving play, the Mages' life, drawing, and resolving effects."""

    __slots__ = ()

    # -- cards entering and leaving play --

    def touch(self, u: Unit) -> None:
        """``u``'s stats changed: only its cache is stale, unless it is an aura source (then its side's cards' are)."""
        u.stamp = -1
        if u.facts.auras:
            self._auras_changed(u.ctrl)

    def _auras_changed(self, seat: int) -> None:
        """The auras of ``seat``'s cards or Spells changed: only that side's cards are stale (auras reach only their
        controller's cards), and who has auras is found again."""
        self.aura_stamp = -1
        for o in self.sides[seat].units:
            o.stamp = -1

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id

    def _enter(self, p: int, f: Facts) -> Unit:
        self.next_id += 1
        u = Unit(f, self.next_id, p)
        side = self.sides[p]
        units = side.units
        kept = side.kept
        units.append(u)
        side.roster += 1
        if kept is not None and kept[0] == side.roster - 1 and kept[1] == len(units) - 1:  # (see roster_of)
            side.kept = (side.roster, len(units), kept[2] | (1 << f.cls), kept[3] + [u] if f.activated else kept[3],
                         kept[4] + f.maint, f.cost if f.cost > kept[5] else kept[5])
        self.objs[u.uid] = u
        if f.auras:
            self._auras_changed(p)
        elif not f.self_mods and self.aura_stamp == self.stamp and not self.aura_sides[p]:
            u.stamp = self.stamp  # nothing modifies it: its card's stats (set by Unit) are current (see refresh)
        for e in f.on_play:
            self._effect(p, e, f, this=u)
        return u

    def _equip(self, g: Gear, u: Unit, plan: Any) -> None:
        g.unit = u
        g.ctrl = u.ctrl
        u.devices.append(g)
        if g.facts.activated:
            self.gear_acts[u.ctrl] += 1
        if g.facts.sharable:
            g.lent = plan
            for x, amount in plan:
                x.lent += amount
                if x is not u:
                    x.helping.append(g)
        self.touch(u)

    def _unequip(self, g: Gear) -> None:
        """Take a Device off its user(s); the caller puts it somewhere."""
        u = g.unit
        if u is None:
            return
        if g.facts.type == SHIELD:
            u.shield = None
            g.unit = None
            self.touch(u)
            return
        u.devices.remove(g)
        if g.facts.activated:
            self.gear_acts[u.ctrl] -= 1
        for x, amount in g.lent:
            x.lent -= amount
            if x is not u:
                x.helping.remove(g)
        g.lent = []
        g.unit = None
        self.touch(u)
        if u.facts.self_mods or g.facts.user_mods:
            self.recheck = True
        if self.key_alive(u):
            self._fit(u)

    def _drop(self, g: Gear, p: int) -> None:
        """A Device or Shield is Dropped onto the ground under player ``p``'s control."""
        self._unequip(g)
        g.ctrl = p
        self.sides[p].ground.append(g)

    def _fit(self, u: Unit) -> None:
        """After a card loses dexterity, it Drops Devices (the last equipped first) until the rest fit."""
        while self.free_dex(u) < 0:
            if u.helping:
                self._release(u, u.helping[-1])
                continue
            heavy = [g for g in u.devices if not g.facts.trinket]
            if not heavy:
                break
            self._drop(heavy[-1], u.ctrl)
            if self.log is not None:
                self.say(f"{u.facts.name} drops {heavy[-1].facts.name}")

    def _release(self, h: Unit, g: Gear) -> None:
        """A user stops lending dexterity to Sharable Device ``g``: the Device is shared anew without it,
        or Dropped if the remaining users cannot carry it."""
        primary = g.unit
        owner_side = g.ctrl
        self._unequip(g)
        if primary is not None and primary is not h and self.key_alive(primary) and primary.ctrl == owner_side:
            plan = self._share_plan(primary, g.facts, False)
            if plan is not None and all(x is not h for x, _ in plan):
                self._equip(g, primary, plan)
                return
        g.ctrl = owner_side
        self.sides[owner_side].ground.append(g)

    def leave(self, u: Unit, zone: str, battle: bool = False) -> list[Gear]:
        """A Creature/Guard leaves play (to ``zone`` of its owner). Its Hexes go to their owners' Graveyards,
        its Shield to the ground. In Battle, Devices with Defense (and Trinkets) are Dropped (they may be
        Salvaged) and the others are Destroyed; out of Battle every Device is Dropped."""
        side = self.sides[u.ctrl]
        side.units.remove(u)
        side.roster += 1
        del self.objs[u.uid]
        self._stop_fighting(u)
        if u.facts.auras:
            self._auras_changed(u.ctrl)
            self.recheck = True
        for h in list(u.hexes):
            self.hex_gone(h)
        if u.shield is not None:
            self._drop(u.shield, u.ctrl)
        for g in list(u.helping):
            self._release(u, g)
        dropped = []
        for g in list(u.devices):
            f = g.facts
            if battle and not f.trinket and f.stats[3] < 1:
                self.gear_gone(g)
            else:
                self._drop(g, u.ctrl)
                if battle and not f.sharable:
                    dropped.append(g)
        owner = self.sides[u.owner]
        (owner.removed if zone == "removed" else owner.graveyard).append(u.facts)
        if self.log is not None:
            self.say(f"{u.facts.name} of P{u.ctrl + 1} goes to the "
                     f"{'Removed Pile' if zone == 'removed' else 'Graveyard'}")
        return dropped

    def _stop_fighting(self, u: Unit) -> None:
        """``u`` leaves play or changes hands: its attack ends at once, and a Battle it is Engaged in ends there
        (the attacker goes on attacking only if the card that left was its blocker). A Battle decided by its own
        Moves is detached first (see :meth:`_battle_deaths`), so this ends only Battles cut short from outside."""
        if u is self.cur:
            self.cur = None
        b = self.battle
        if b is not None and (b.u[0] is u or b.u[1] is u):
            if self.log is not None:
                self.say(f"{u.facts.name} leaves the Battle: it ends")
            self._end_battle(b, b.u[1] is u)

    def gear_gone(self, g: Gear) -> None:
        """A Device or Shield is Destroyed: to its owner's Graveyard with its Hexes."""
        self._unequip(g)
        ground = self.sides[g.ctrl].ground
        if g in ground:
            ground.remove(g)
        for h in list(g.hexes):
            self.hex_gone(h)
        del self.objs[g.gid]
        self.sides[g.owner].graveyard.append(g.facts)

    def hex_gone(self, h: Hex) -> None:
        """A Hex is lifted (Destroyed), or its card left play: to its owner's Graveyard."""
        host = h.host
        host.hexes.remove(h)
        if h.facts.chains and type(host) is Unit:
            host.chains -= 1
        self.sides[h.owner].hexes.remove(h)
        del self.objs[h.hid]
        self.sides[h.owner].graveyard.append(h.facts)
        bearer = host if type(host) is Unit else host.unit
        if bearer is not None:
            self.touch(bearer)
        if h.facts.hex_mods:
            self.recheck = True
        if type(host) is Unit and self.key_alive(host):
            self._fit(host)

    def _spell_gone(self, spell: TableSpell) -> None:
        side = self.sides[spell.owner]
        side.table.remove(spell)
        del self.objs[spell.sid]
        side.graveyard.append(spell.facts)
        if spell.facts.auras:
            self._auras_changed(spell.owner)

    def dead(self, u: Unit) -> bool:
        """Whether ``u``'s Defense, with every modifier, is used up by its damage."""
        return self.defense_left(u) <= 0

    def check_all(self, blame: int | None) -> None:
        """Cards whose Defense is 0 or less are Killed (after modifiers end or Devices are lost)."""
        objs = self.objs
        for side in self.sides:
            for u in list(side.units):
                if objs.get(u.uid) is u and self.dead(u):
                    self.kill(u, blame)

    def kill(self, u: Unit, killer: int | None, battle: bool = False) -> list[Gear]:
        """A card is Killed: the killing player gains its Creation Cost in Flesh; it goes to the Removed
        Pile unless its controller Tags it for half its cost."""
        loser = u.ctrl
        f = u.facts
        if killer is not None and killer != loser and self.sides[killer].alive:
            self.sides[killer].flesh += f.cost
            if self.log is not None:
                self.say(f"{f.name} of P{loser + 1} is Killed: P{killer + 1} gains {f.cost} Flesh")
        elif self.log is not None:
            self.say(f"{f.name} of P{loser + 1} is Killed")
        if not (u.disabled or u.chains):
            for e in f.triggers.get("on_killed", ()):
                self._effect(loser, e, f, this=u)
        dropped = self.leave(u, "removed", battle)
        side = self.sides[loser]
        if side.alive and not side.dummy and side.flesh >= f.half and f.half > 0:
            self.pending.append((loser, [Choose((loser, u.owner, f), f"tag {f.name} for {f.half} Flesh"),
                                         Choose(None, f"let {f.name} be Removed")], "tag", None))
        return dropped

    def steal(self, u: Unit, p: int, duration: str | None) -> None:
        """Gain control of ``u``: it keeps its Devices; a Sharable Device it carries or helps with is re-shared."""
        old = u.ctrl
        if old == p:
            return
        self.sides[old].units.remove(u)
        self.sides[old].roster += 1
        self._stop_fighting(u)
        for g in list(u.helping):
            self._release(u, g)
        for g in list(u.devices):
            if g.facts.sharable:
                self._drop(g, old)
            else:
                g.ctrl = p
                if g.facts.activated:  # (its ability goes with it)
                    self.gear_acts[old] -= 1
                    self.gear_acts[p] += 1
        u.ctrl = p
        self.sides[p].units.append(u)
        self.sides[p].roster += 1
        u.return_to = old if duration == "this_turn" else None
        if duration == "this_turn":
            self.expiring = True
        if u.facts.auras:  # (its auras leave the other side)
            self._auras_changed(old)
        self.touch(u)
        self.recheck = True
        if self.log is not None:
            self.say(f"P{p + 1} gains control of {u.facts.name}")

    def hurt_mage(self, seat: int, amount: int) -> None:
        """Deal ``amount`` damage to ``seat``'s Mage."""
        side = self.sides[seat]
        if amount <= 0 or not side.alive:
            return
        side.hp -= amount
        if self.log is not None:
            self.say(f"P{seat + 1}'s Mage takes {amount} damage: {side.hp} HP left")
        if side.hp <= 0:
            self._eliminate(seat)

    def _eliminate(self, seat: int) -> None:
        """A Mage at 0 HP is out: its player's cards leave play; the last Mage standing wins."""
        side = self.sides[seat]
        if not side.alive:
            return
        side.alive = False
        if self.log is not None:
            self.say(f"P{seat + 1}'s Mage is Killed: P{seat + 1} is out")
        alive = [s.seat for s in self.sides if s.alive]
        if len(alive) <= 1:
            self.over = True
            self.result = alive[0] if alive else None
            self.pending.clear()
            if self.log is not None:
                self.say("no Mage is left standing: a draw" if not alive else f"P{alive[0] + 1} wins")
            return
        self.pending = [entry for entry in self.pending if entry[0] != seat]
        if self.battle is not None and seat in (self.active, self.cur_seat):
            self.battle = None
            self.cur = None
            if self.phase == BATTLE:
                self._set_phase(BLOCK)
        if self.cur is not None and seat == self.cur_seat:
            self.cur = None
        if self.stack is not None and self.stack[0] == seat:
            _, f, _, spell = self.stack
            self.stack = None
            if spell is None:
                side.graveyard.append(f)
        for other in self.sides:
            for u in list(other.units):
                if u.ctrl == seat and u.owner != seat and self.sides[u.owner].alive:
                    self.steal(u, u.owner, "permanent")
                elif u.ctrl == seat or u.owner == seat:
                    if self.key_alive(u):
                        self.leave(u, "graveyard")
        for other in self.sides:
            for u in other.units:
                for g in list(u.devices):
                    if g.owner == seat:
                        self.gear_gone(g)
                if u.shield is not None and u.shield.owner == seat:
                    self.gear_gone(u.shield)
        for other in self.sides:
            for g in list(other.ground):
                if g.ctrl == seat or g.owner == seat:
                    self.gear_gone(g)
        for h in list(side.hexes):
            self.hex_gone(h)
        for spell in list(side.table):
            self._spell_gone(spell)
        if seat == self.active:
            self.battle = None
            self.cur = None
            self.declared = []
            self._set_phase(ENDTURN)
        self.check_all(None)

    # -- drawing --

    def do_draw(self, side: Side, piles: str) -> None:
        """``side`` draws one card from each pile ``piles`` names (B: Barracks, A: Armory, S: Spellbook)."""
        for letter in piles:
            pile = side.barracks if letter == "B" else side.armory if letter == "A" else side.spellbook
            draw(pile, side.hand, 1)
        if self.log is not None:
            self.say(f"P{side.seat + 1} draws ({DRAWS[piles].label[5:]})")

    # -- effects --

    def _resolve_target(self, target: Any) -> Any:
        if target is None:
            return None
        if target < 0:
            return -1 - target
        return self.objs.get(target)

    def _effect(self, p: int, e: Eff, src: Facts, *, this: Any = None, user: Unit | None = None,
                hexed: Any = None, opp: Unit | None = None, target: Any = None, gear: Gear | None = None) -> None:
        """Apply one effect entry for player ``p`` (``you``): its kind's handler (:data:`~.effects.EFFECTS`) on each
        target it reaches (:meth:`_effect_targets`) that is still in play and meets its condition. ``this``: the card
        whose effect it is; ``user``: a Device's user; ``hexed``: a Hex's card; ``opp``: the other card in a Battle;
        ``target``: the target chosen; ``gear``: the Device or Shield whose effect it is."""
        cond = e.cond
        if cond is not None and cond.role == "battle_opponent":
            if opp is None or cond.sub is None or not cond.sub.ok(opp.facts):
                return
            cond = None
        targets = self._effect_targets(p, e, this, user, hexed, opp, target, gear)
        handle = EFFECTS.handlers.get(e.kind)
        for t in targets:
            if t is None:
                continue
            if type(t) is Unit:
                if not self.key_alive(t):
                    continue
                if cond is not None and cond.role is None and not cond.ok(t.facts, self.flags(t)):
                    continue
            if handle is not None:
                handle(self, p, e, src, t)

    def _effect_targets(self, p: int, e: Eff, this: Any, user: Unit | None, hexed: Any, opp: Unit | None,
                        target: Any, gear: Gear | None) -> list[Any]:
        """What effect ``e`` of player ``p`` reaches, as :meth:`_effect` names them (None: nothing)."""
        tw = e.tw
        if tw is None or tw == "this":
            return [this]
        if tw == "you":
            return [p]
        if tw == "user":
            return [user]
        if tw == "shielded":
            return [gear.unit if gear is not None else None]
        if tw == "hexed":
            return [hexed]
        if tw == "hexed_controller":
            return [hexed.ctrl if type(hexed) is Unit else None]
        if tw == "battle_opponent":
            return [opp]
        if tw == "enemy_creatures_guards":
            return [u for side in self.order[p] if side.seat != p and side.alive for u in side.units
                    if u.shield is None]
        if tw == "own_creatures_guards" or tw == "other_own_creatures_guards":
            return [u for u in self.sides[p].units if u.shield is None and not (e.others and u is this)]
        return [target]

    # -- what the layers above implement --

    def _end_battle(self, b: Battle, defender_out: bool) -> None:
        """Battle ``b`` is over (``defender_out``: its blocker left it): implemented by
        :class:`~.combat.MageCombat`, called here when a card Engaged in it leaves play or changes hands."""
        raise NotImplementedError
