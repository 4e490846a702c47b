"""Mage Warfare's state, Battles: an attacker let through to the Mage, a Battle's Moves and hits (Shields, Device
reduction, Stealth, Parting Shots, the Free Hit of a Retreat), its end, and Salvaging the Devices a Killed card
drops."""

from __future__ import annotations

from typing import Any

from ..core import Choose
from .board import (
    ADVANCE,
    ADVANCE_STRIKE,
    BATTLE,
    BATTLE_CAP,
    BLOCK,
    EXP_BATTLE,
    MOVES,
    RETREAT,
    STEALTH,
    STRIKE,
    UNSTEALTH,
    WAIT,
    Battle,
    Gear,
    Unit,
)
from .facts import Facts, fits_user
from .zones import MageZones


class MageCombat(MageZones):
    """Battles, and Salvage after them (:meth:`salvage_plan` is public: what a card needs to Salvage a Device)."""

    __slots__ = ()

    # -- salvage --

    def _offer_salvage(self, killer: Unit, dropped: list[Gear]) -> None:
        if not self.key_alive(killer) or self.sides[killer.ctrl].dummy:
            return
        options = []
        for g in dropped:
            if not self.key_alive(g) or g.unit is not None:
                continue
            plan = self.salvage_plan(killer, g)
            if plan is not None:
                room = "" if type(plan) is not tuple else " (dropping " + ", ".join(x.facts.name for x in plan) + ")"
                options.append(Choose(g.gid, f"salvage {g.facts.name}{room}"))
        if options:
            options.append(Choose(None, "salvage nothing"))
            self.pending.insert(0, (killer.ctrl, options, "salvage", (killer, dropped)))

    def salvage_plan(self, killer: Unit, g: Gear) -> Any:
        f = g.facts
        if f.trinket:
            # "If the opponent already has a Trinket, then they may Drop it to take the new Trinket."
            return True if fits_user(f, killer.facts) else None
        plan = self.can_use(killer, f, False)
        return plan if plan is not None else self._room_for(killer, f)

    def _room_for(self, u: Unit, f: Facts) -> tuple[Gear, ...] | None:
        """The Devices ``u`` would Drop to free the Dexterity a Salvage of ``f`` needs ("If it would have the required
        Dexterity, but has its own Device equipped, that player may choose to Drop one or more of these Devices"): the
        fewest, the last equipped first (a Complex Device among them first; all but a Trinket for a Complex one), or
        None when dropping its own Devices would not do (class, user, Sharable Devices it uses or lends to)."""
        if f.trinket or f.sharable or not fits_user(f, u.facts) or u.helping:
            return None
        own = [g for g in u.devices if not g.facts.trinket]
        if not own or any(g.facts.sharable for g in own):
            return None
        if f.complex:
            drop = own
        else:
            drop = [g for g in own if g.facts.complex]
            kept = [g for g in reversed(own) if not g.facts.complex]
            free = self.stats(u)[4] - u.lent - sum(g.facts.stats[4] for g in kept)
            while free < f.stats[4] and kept:
                g = kept.pop(0)
                drop.append(g)
                free += g.facts.stats[4]
        if self.stats(u)[4] - u.lent - sum(g.facts.stats[4] for g in own if g not in drop) < f.stats[4]:
            return None
        return tuple(drop) if drop else None

    def _salvage(self, gid: int, context: tuple[Unit, list[Gear]]) -> None:
        killer, dropped = context
        g = self.objs.get(gid)
        if g is None or g.unit is not None or not self.key_alive(killer):
            return
        plan = self.salvage_plan(killer, g)
        if plan is None:
            return
        if g.facts.trinket:
            for old in [x for x in killer.devices if x.facts.trinket]:
                self._drop(old, killer.ctrl)
        elif type(plan) is tuple:  # (Devices of its own Dropped to make room)
            for old in plan:
                self._drop(old, killer.ctrl)
                if self.log is not None:
                    self.say(f"{killer.facts.name} drops {old.facts.name} to make room")
            plan = self.can_use(killer, g.facts, False)
            if plan is None:  # (its Dexterity fell with what it dropped: the Device stays on the ground)
                self._offer_salvage(killer, [x for x in dropped if x is not g])
                return
        self.sides[g.ctrl].ground.remove(g)
        self._equip(g, killer, plan)
        if self.log is not None:
            self.say(f"{killer.facts.name} of P{killer.ctrl + 1} Salvages {g.facts.name}")
        if self.recheck:  # the Trinket it Dropped for this one may have held it up: it may be Killed now
            self.recheck = False
            self.check_all(None)
        self._offer_salvage(killer, [x for x in dropped if x is not g])

    # -- battles --

    def _unblocked(self) -> None:
        """An unblocked attacker hits the defending Mage once, with its best attack; its attack stops."""
        attacker, seat = self.cur, self.cur_seat
        assert attacker is not None  # (the attacker let through)
        self.cur = None
        self.keep_fresh(attacker)
        amount = attacker.best
        if self.log is not None:
            self.say(f"{attacker.facts.name} is not blocked and hits P{seat + 1}'s Mage for {amount}")
            self.hurt_mage(seat, amount)
            return
        side = self.sides[seat]  # (_hurt_mage without the log)
        if amount > 0 and side.alive:
            side.hp -= amount
            if side.hp <= 0:
                self._eliminate(seat)

    def _start_battle(self, a: Unit, d: Unit) -> None:
        b = Battle(a, d)
        self.battle = b
        self.phase = BATTLE
        self.cache = None
        a.cloaked = d.cloaked = False
        if d.bphase != self.attacks_begun:  # its first block of this Attack phase
            d.bphase = self.attacks_begun
            d.blocked = False
            d.retreats = 0
        if not d.facts.guard:
            d.blocked = True
        if self.log is not None:
            self.say(f"{d.facts.name} of P{d.ctrl + 1} blocks {a.facts.name}")
        if a.facts.engage or d.facts.engage or a.devices or d.devices:
            self._engage(a, d)
        self.keep_fresh(a)
        self.keep_fresh(d)
        sa, sd = a.flags & STEALTH, d.flags & STEALTH
        if not (sa and sd):  # two Stealth cards lose Stealth at once
            b.stealth[0], b.stealth[1] = bool(sa), bool(sd)

    def _engage(self, a: Unit, d: Unit) -> None:
        """The "when Engaged in Battle" effects of both cards and their Devices, and the blocker's "when it blocks"."""
        for unit, other, triggers in ((a, d, ("on_engage",)), (d, a, ("on_engage", "on_block"))):
            if unit.disabled or unit.chains:
                continue
            if not unit.facts.engage:
                for g in unit.devices:
                    if g.facts.engage:
                        break
                else:
                    continue  # (nothing of this card reacts)
            for trigger in triggers:
                for e in unit.facts.triggers.get(trigger, ()):
                    self._effect(unit.ctrl, e, unit.facts, this=unit, opp=other)
                for g in unit.devices:
                    for e in g.facts.triggers.get(trigger, ()):
                        self._effect(unit.ctrl, e, g.facts, user=unit, gear=g, opp=other)

    def _move(self, kind: int) -> None:
        b = self.battle
        assert b is not None  # (the Battle being fought)
        s = b.mover
        if kind == UNSTEALTH:
            b.stealth[s] = False
            if self.log is not None:
                self.say(f"{b.u[s].facts.name} gives up Stealth")
            return
        if kind == RETREAT:
            self._retreat(b, s)
            return
        b.nothing[s] = kind == WAIT
        if kind == ADVANCE or kind == ADVANCE_STRIKE:
            b.range += 1
        if self.log is not None:
            self.say(f"{b.u[s].facts.name}: {MOVES[(kind, b.range - (kind in (ADVANCE, ADVANCE_STRIKE)))].label}")
        if kind == STRIKE or kind == ADVANCE_STRIKE:
            me = b.u[s]
            self.keep_fresh(me)
            self._hit(b, s, me.atk[b.range], False)
            if self._battle_deaths(b, s):
                return
        b.moves += 1
        b.mover = 1 - s
        if b.moves >= BATTLE_CAP:
            if self.log is not None:
                self.say(f"the Battle goes nowhere: {b.u[1 - s].facts.name} retreats (an engine safeguard)")
            self._retreat(b, 1 - s)
            if self.over:  # (the forced Retreat ended the game: not the rulebook's ending)
                self.capped = True

    def _hit(self, b: Battle, s: int, amount: int, parting: bool, free: bool = False) -> int:
        """Side ``s`` hits the other card for ``amount``: Stealth stops it, a Shield takes it first and
        carries the excess over, then the card's Devices reduce it by their Defense."""
        o = 1 - s
        if amount <= 0 or b.stealth[o]:
            return 0
        me, opp = b.u[s], b.u[o]
        dealt = 0
        shield = opp.shield
        if shield is not None:
            for e in shield.facts.prevent:
                c = e.cond
                if c is None or (c.role == "source" and c.sub is not None and c.sub.ok(me.facts)):
                    amount -= e.amount
            if amount <= 0:
                return 0
            room = self.shield_defense(shield) - shield.damage
            take = amount if amount < room else room
            shield.damage += take
            dealt += take
            amount -= take
            if take > 0:
                for e in shield.facts.triggers.get("on_damaged", ()):
                    self._effect(opp.ctrl, e, shield.facts, gear=shield, opp=me)
            if shield.damage >= self.shield_defense(shield) and self.key_alive(shield):
                if self.log is not None:
                    self.say(f"{shield.facts.name} is destroyed")
                self.gear_gone(shield)
                for e in shield.facts.triggers.get("on_destroyed", ()):
                    self._effect(opp.ctrl, e, shield.facts, opp=me)
        if amount > 0:
            self.keep_fresh(opp)
            amount -= opp.red
            if amount > 0:
                opp.damage += amount
                dealt += amount
        if self.log is not None:
            self.say(f"{me.facts.name} deals {dealt} damage to {opp.facts.name}"
                     + (" (Parting Shot)" if parting else " (Free Hit)" if free else ""))
        if dealt > 0:
            b.hurt = True
            b.stealth[s] = False
            if not parting:
                self.keep_fresh(me)
                if me.bloodn:
                    me.bloodc += me.bloodn
                if not (me.disabled or me.chains):
                    for e in me.facts.triggers.get("on_battle_damage", ()):
                        self._effect(me.ctrl, e, me.facts, this=me, opp=opp)
                for g in me.devices:
                    for e in g.facts.triggers.get("on_battle_damage", ()):
                        self._effect(me.ctrl, e, g.facts, user=me, gear=g, opp=opp)
        return dealt

    def _battle_deaths(self, b: Battle, s: int) -> bool:
        """After side ``s`` acted: a Killed card takes its Parting Shot (half its attack at the range), then
        the dead leave play and the Battle ends. True if it ended (also when something else ended it meanwhile,
        such as a Mage falling to an effect of the hit)."""
        if self.battle is not b:
            return True
        me, opp = b.u[s], b.u[1 - s]
        me_dead, opp_dead = self.dead(me), self.dead(opp)
        if not me_dead and not opp_dead:
            return False
        r = b.range
        if opp_dead and not me_dead:
            self._hit(b, 1 - s, self.attacks(opp)[r] // 2, True)
            me_dead = self.dead(me)
        elif me_dead and not opp_dead:
            self._hit(b, s, self.attacks(me)[r] // 2, True)
            opp_dead = self.dead(opp)
        if self.battle is not b:  # (the Parting Shot's effects ended it)
            return True
        self.battle = None  # decided: the kills below end it (see _stop_fighting)
        dead = {id(me): me_dead, id(opp): opp_dead}
        for victim, killer in ((opp, me), (me, opp)):
            if not dead[id(victim)] or not self.key_alive(victim):
                continue
            dropped = self.kill(victim, killer.ctrl, battle=True)
            if not dead[id(killer)]:
                for e in killer.facts.triggers.get("on_kill", ()):
                    if not (killer.disabled or killer.chains):
                        self._effect(killer.ctrl, e, killer.facts, this=killer, opp=victim)
                for g in killer.devices:
                    for e in g.facts.triggers.get("on_kill", ()):
                        self._effect(killer.ctrl, e, g.facts, user=killer, gear=g, opp=victim)
                self._offer_salvage(killer, dropped)
        a_dead = dead[id(b.u[0])]
        self._end_battle(b, dead[id(b.u[1])] and not a_dead)
        return True

    def _retreat(self, b: Battle, s: int) -> None:
        """The card of side ``s`` retreats: the other card may hit it once at the current range or a longer one."""
        o = 1 - s
        me, other = b.u[s], b.u[o]
        if self.log is not None:
            self.say(f"{me.facts.name} retreats")
        free = max(self.attacks(other)[:b.range + 1])
        if free > 0:
            self._hit(b, o, free, False, True)
            if self._battle_deaths(b, o):
                return
        self.battle = None  # (see _stop_fighting)
        if s == 1:
            me.retreats += 1
            if not b.hurt:  # (the attacker has neither given nor taken damage)
                b.u[0].deployed = False  # "Withdrawn if it has neither given nor taken damage"
        self._end_battle(b, s == 1)

    def _end_battle(self, b: Battle, defender_out: bool) -> None:
        """The Battle is over; a surviving attacking Creature goes on attacking if its blocker is out."""
        for u in b.u:
            if u.mods:
                kept = [m for m in u.mods if m[4] != EXP_BATTLE]
                if len(kept) != len(u.mods):  # (a card whose bonuses all stay keeps its stats)
                    u.mods = kept
                    self.touch(u)
        if self.battle is b:
            self.battle = None
        if self.phase == BATTLE:
            self.phase = BLOCK
            self.cache = None
        objs = self.objs
        for u in b.u:
            if objs.get(u.uid) is u and self.dead(u):  # a "for that Battle" bonus to defense has ended
                self.kill(u, None)
        a = b.u[0]
        if not (defender_out and objs.get(a.uid) is a and a.ctrl == self.active and not a.facts.guard
                and not (a.disabled or a.chains)):
            self.cur = None
