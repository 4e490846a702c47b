"""The fourth layer of Ward's state (:class:`Combat`): battles. Declaring one, who strikes first, each
creature's Hit Roll and Attack Damage Roll, rerolls, and the strikes nothing can answer resolved at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .board import (
    AL,
    ATKD,
    ATTACK,
    DMGB,
    EV_BATTLE,
    EV_DAMAGE,
    EV_HIT_ROLL,
    EV_HIT_TAKEN,
    HITB,
    HITD,
    MOD,
    NO,
    SELF,
    SPD,
    STRIKE_EVENTS,
    YES,
    Battle,
    Creature,
    Ctx,
    Magic,
    Steps,
    Strike,
    judge_hit,
    named,
)
from .resolution import Resolution


class Combat(Resolution):
    """Battles (the fourth layer of :class:`~.state.WardState`): declaration, speed, strikes and their answers."""

    __slots__ = ()

    # -- battle --

    def _battle(self, attacker: Creature, defender: Creature) -> Steps:
        """A battle (10.2): declaration, speed, the faster creature's Hit and Attack Damage Rolls, then the
        slower creature's if it lives. A primary creature's death ends the Combat phase."""
        battle = self.battle = Battle(attacker, defender)
        me = attacker.owner
        attacker.battled = True
        if self.log is not None:
            self.say(f"{named(attacker)} battles {named(defender)}")
        a_side = self.sides[me]
        d_side = self.sides[defender.owner]
        try:
            # the response events each player's hand answers (None: to be looked at again)
            masks: list[int | None] = [None, None]
            foe = self.sides[1 - me]
            mask = 0
            if not foe.dummy:
                for card in foe.hand:
                    mask |= card.resp
            if mask & EV_BATTLE:
                yield from self._chain(1 - me, EV_BATTLE, battle)
                if battle.cancelled or not self._live(defender) or not self._live(attacker):
                    return
            else:
                masks[1 - me] = mask
                if not (defender.hp > 0 and (d_side.primary is defender or defender in d_side.limited)
                        and attacker.hp > 0 and (a_side.primary is attacker or attacker in a_side.limited)):
                    return
            a_facts, d_facts = attacker.facts, defender.facts
            if a_facts.attack_negates or d_facts.attack_negates:
                masks = [None, None]
                for creature in (attacker, defender):
                    for entry in creature.facts.attack_negates:
                        if self.effects_on(creature) and not creature.used & 32:
                            creature.used |= 32
                            yield from self._activate(creature.owner, creature.facts, (entry,),
                                                      Ctx(creature=creature, opponent=battle.opponent(creature)),
                                                      creature=creature)
            first = self._first(battle)
            second = defender if first is attacker else attacker
            battle.first = first
            f_side = a_side if first is attacker else d_side
            s_side = d_side if first is attacker else a_side
            if a_facts.attack_others or d_facts.attack_others:
                for creature in (attacker, defender):
                    entries = creature.facts.attack_others
                    if entries and self.effects_on(creature) and not creature.used & 32:
                        wanted = tuple(e for e in entries if self._battle_condition(creature, e.get("condition")))
                        if wanted:
                            masks = [None, None]
                            creature.used |= 32
                            yield from self._activate(creature.owner, creature.facts, wanted,
                                                      Ctx(creature=creature, opponent=battle.opponent(creature)),
                                                      creature=creature)
            if not f_side.dummy:
                quick = self._quick_strike(first, second, masks)
                if quick < 0:
                    yield from self._strike(first, second)
                elif quick and self.dead:
                    yield from self._bury()
            if self.combat_over or not (
                    first.hp > 0 and second.hp > 0
                    and (f_side.primary is first or first in f_side.limited)
                    and (s_side.primary is second or second in s_side.limited)):
                return
            if not s_side.dummy:
                quick = self._quick_strike(second, first, masks)
                if quick < 0:
                    yield from self._strike(second, first)
                elif quick and self.dead:
                    yield from self._bury()
        finally:
            self.battle = None
        if self.dead:
            yield from self._bury()

    def _battle_condition(self, creature: Creature, condition: Mapping[str, Any] | None) -> bool:
        if not condition:
            return True
        return self._holds(creature, condition)

    def roll_hit(self, dice_count: int, bonus: int, al: int) -> tuple[list[int], bool, bool, bool]:
        """A Hit Roll of ``dice_count`` dice + ``bonus`` against ``al``: (dice, hit, critical hit, critical miss).
        All sixes is a critical hit (and a hit); all ones a critical miss (and a miss); one die cannot do either."""
        dice = self.roll(dice_count)
        hit, crit_hit, crit_miss = judge_hit(dice, bonus, al)
        return dice, hit, crit_hit, crit_miss

    def _say_roll(self, a: Creature, dice: list[int], bonus: int, al: int) -> None:
        self.say(f"{named(a)} rolls {'+'.join(map(str, dice))}{bonus:+d} = {sum(dice) + bonus} against AL {al}")

    def _say_hit(self, a: Creature, hit: bool, crit_hit: bool, crit_miss: bool, extra: str = "") -> None:
        self.say(f"{named(a)} " + ("scores a critical hit" if crit_hit else "critically misses" if crit_miss
                                       else "hits" if hit else "misses") + extra)

    def _strike(self, a: Creature, d: Creature) -> Steps:
        """One creature's Hit Roll and, on a hit, its Attack Damage Roll (10.2 steps 3-4, 10.3)."""
        battle = self.battle
        assert battle is not None  # (in a battle)
        me, foe = a.owner, d.owner
        sepoch = self.sepoch
        plain = not (battle.mods or battle.negated)
        stats = a.pval if plain and a.skey == sepoch and not a.temps else self.profile(a)
        count = stats[HITD]
        bonus = stats[MOD] + stats[HITB]
        al = (d.pval if plain and d.skey == sepoch and not d.temps else self.profile(d))[AL]
        dice = self.roll(count)
        strike = Strike(a, d, dice, battle)
        log = self.log is not None
        if log:
            self._say_roll(a, dice, bonus, al)
        changed = False
        foe_side = self.sides[foe]
        mask = 0
        if not foe_side.dummy:
            for facts in foe_side.hand:
                mask |= facts.resp
        if mask & EV_HIT_ROLL:
            self.topic = (strike, bonus, al)
            yield from self._chain(foe, EV_HIT_ROLL, strike)
            if strike.negated or not self._live(a) or not self._live(d):
                return
            changed = True
            stats = self.profile(a)
            bonus = stats[MOD] + stats[HITB]
            al = self.profile(d)[AL]
            mask = self._hand_mask(foe)
            dice = strike.dice
        hit, crit_hit, crit_miss = judge_hit(dice, bonus + strike.bonus, al)
        if log:
            self._say_hit(a, hit, crit_hit, crit_miss, f" ({strike.bonus:+d} to the roll)" if strike.bonus else "")
        facts = a.facts
        if not hit and (facts.rerolls or a.equips):
            rerolls = self._rerolls(a)
            if rerolls is not None:
                self.topic = (strike, bonus + strike.bonus, al)
                choice = yield (me, "reroll", [YES, NO])
                if choice.option:
                    rerolls.used |= 8192
                    if type(rerolls) is Magic:
                        self.used_magics.append(rerolls)
                    hit, crit_hit, crit_miss = self._reroll(strike, count, bonus + strike.bonus, al, "rerolls")
                mask = self._hand_mask(foe)
        if hit and mask & EV_HIT_TAKEN:
            self.topic = (strike, bonus + strike.bonus, al)
            yield from self._chain(foe, EV_HIT_TAKEN, strike)
            if strike.negated or not self._live(a) or not self._live(d):
                return
            changed = True
            if strike.reroll:
                hit, crit_hit, crit_miss = self._reroll(strike, count, bonus + strike.bonus, self.profile(d)[AL],
                                                        "must reroll")
        if crit_miss:
            self.hurt(a, self.die(), SELF)
            return
        if not hit:
            return
        if facts.pact and not a.used & 256 and self.effects_on(a) and a.hp > facts.cost_damage:
            entry = facts.activated
            assert entry is not None  # (a pact is an activated effect)
            self.topic = (strike, bonus, al)
            choice = yield (me, "pact", [YES, NO])
            if choice.option:
                a.used |= 256
                yield from self._activate(me, facts, (entry,), Ctx(creature=a, opponent=d), creature=a,
                                          cost=facts.cost_damage)
                if not self._live(a):
                    return
                changed = True
        if changed:
            stats = self.profile(a)
        yield from self._land(strike, stats, crit_hit, changed, mask)

    def _land(self, strike: Strike, stats: Sequence[int], crit_hit: bool, changed: bool, mask: int) -> Steps:
        """A hit's Attack Damage Roll and damage (10.2 step 4), then what the hit triggers (the striker's and its
        Equips' on-hit effects, the struck creature's hit-taken ones) and the struck player's window to answer the
        damage; ``mask`` is what the struck player's hand answers, unless ``changed`` (a chain or an effect ran)."""
        a, d = strike.attacker, strike.defender
        foe = d.owner
        facts = a.facts
        dealt = self._attack_damage(a, d, stats, crit_hit)
        fired = False
        if facts.on_hit:
            fired = True
            yield from self._trigger(a, "on_hit", Ctx(creature=a, opponent=d, strike=strike))
        if a.equips:
            for magic in list(a.equips):
                for entry in magic.facts.on_hit:
                    fired = True
                    yield from self._effect(magic.owner, entry, Ctx(magic=magic, opponent=d))
        if d.hp > 0 and d.facts.on_hit_taken:
            fired = True
            yield from self._trigger(d, "on_hit_taken", Ctx(creature=d, opponent=a))
        if dealt and d.hp > 0 and (self._hand_mask(foe) if fired or changed else mask) & EV_DAMAGE:
            self.topic = (strike, dealt, 0)
            yield from self._chain(foe, EV_DAMAGE, strike)
        if self.dead:
            yield from self._bury()

    def _reroll(self, strike: Strike, count: int, bonus: int, al: int, how: str) -> tuple[bool, bool, bool]:
        """A Hit Roll rolled again (Lucky Charm, Nebula Drifter, Dodge Roll): the new dice stand."""
        strike.dice = self.roll(count)
        hit, crit_hit, crit_miss = judge_hit(strike.dice, bonus, al)
        if self.log is not None:
            self.say(f"{named(strike.attacker)} {how}: {'+'.join(map(str, strike.dice))} - "
                     + ("a critical hit" if crit_hit else "a critical miss" if crit_miss else "a hit" if hit
                        else "a miss"))
        return hit, crit_hit, crit_miss

    def _rerolls(self, creature: Creature) -> Creature | Magic | None:
        """What lets a creature reroll a missed Hit Roll now (Nebula Drifter, Lucky Charm), or None."""
        entry = creature.facts.activated
        if (entry is not None and entry["effect"] == "reroll" and self.effects_on(creature)
                and not creature.used & 8192):
            return creature
        for magic in creature.equips:
            entry = magic.facts.activated
            if entry is not None and entry["effect"] == "reroll" and not magic.used & 8192:
                return magic
        return None

    def _first(self, battle: Battle) -> Creature:
        """Who strikes first in ``battle`` (:meth:`_order`, inlined but for a tie)."""
        attacker, defender = battle.attacker, battle.defender
        fa = self.strikes_first(attacker) if attacker.facts.first or attacker.temps or attacker.equips else False
        fb = self.strikes_first(defender) if defender.facts.first or defender.temps or defender.equips else False
        if fa != fb:
            return attacker if fa else defender
        if fa:
            return self._order(attacker, defender)[0]
        sepoch = self.sepoch
        plain = not (battle.mods or battle.negated)
        sa = (attacker.pval if plain and attacker.skey == sepoch and not attacker.temps
              else self.profile(attacker))[SPD]
        sb = (defender.pval if plain and defender.skey == sepoch and not defender.temps
              else self.profile(defender))[SPD]
        if sa > sb:
            return attacker
        if sb > sa:
            return defender
        return self._order(attacker, defender)[0]

    def _equips_quiet(self, creature: Creature) -> bool:
        """Whether none of the creature's equips rerolls or triggers on a hit."""
        for magic in creature.equips:
            if magic.facts.on_hit or magic.facts.rerolls:
                return False
        return True

    def _order(self, a: Creature, b: Creature) -> tuple[Creature, Creature]:
        """Who battles first: an effect that says so, else the higher SPD; ties (or both 'first') roll a die each."""
        fa = self.strikes_first(a) if a.facts.first or a.temps or a.equips else False
        fb = self.strikes_first(b) if b.facts.first or b.temps or b.equips else False
        if fa != fb:
            return (a, b) if fa else (b, a)
        if not fa:
            sepoch = self.sepoch
            battle = self.battle
            plain = battle is None or not (battle.mods or battle.negated)
            sa = (a.pval if plain and a.skey == sepoch and not a.temps else self.profile(a))[SPD]
            sb = (b.pval if plain and b.skey == sepoch and not b.temps else self.profile(b))[SPD]
            if sa != sb:
                return (a, b) if sa > sb else (b, a)
        while True:
            ra, rb = self.die(), self.die()
            if ra != rb:
                if self.log is not None:
                    self.say(f"speed tie: {named(a)} rolls {ra}, {named(b)} rolls {rb}")
                return (a, b) if ra > rb else (b, a)

    def _hand_mask(self, player: int) -> int:
        """The response events the cards in ``player``'s hand answer (0 for the training dummies)."""
        side = self.sides[player]
        mask = 0
        if not side.dummy:
            for facts in side.hand:
                mask |= facts.resp
        return mask

    def _quick_strike(self, striker: Creature, struck: Creature, masks: list[int | None]) -> int:
        """``striker``'s strike on ``struck`` resolved at once when nothing can answer or join it: no card in the
        struck player's hand answers a strike (``masks``: each player's answering events, ``None`` when unknown),
        no strike effect on either creature or on the striker's equips. Returns :meth:`_strike_plain`'s answer
        (0 or 1), or -1 when the strike needs the full resolution (:meth:`WardState._strike`); ``masks`` is then
        forgotten, as effects may change the hands."""
        mask = masks[struck.owner]
        if mask is None:
            mask = self._hand_mask(struck.owner)
        if mask & STRIKE_EVENTS or striker.facts.strike_busy or struck.facts.on_hit_taken or (
                striker.equips and not self._equips_quiet(striker)):
            masks[0] = masks[1] = None
            return -1
        return 1 if self._strike_plain(striker, struck) else 0

    def _strike_plain(self, a: Creature, d: Creature) -> bool:
        """:meth:`_strike` when it can neither ask anything nor trigger anything (no response in the defender's
        hand, no reroll, pact, on-hit or hit-taken effect): not a generator. False when it ends before the damage
        step (a miss), so that the caller does not bury (as :meth:`_strike` does not)."""
        battle = self.battle
        assert battle is not None  # (in a battle)
        sepoch = self.sepoch
        plain = not (battle.mods or battle.negated)
        stats = a.pval if plain and a.skey == sepoch and not a.temps else self.profile(a)
        bonus = stats[MOD] + stats[HITB]
        al = (d.pval if plain and d.skey == sepoch and not d.temps else self.profile(d))[AL]
        if stats[HITD] == 2 and self.draw is self.rec:  # state.roll(2) and judge_hit, inlined
            rnd = self.rnd
            v0 = rnd()
            v1 = rnd()
            self.draws += (v0, v1)
            d0 = int(v0 * 6) + 1
            d1 = int(v1 * 6) + 1
            dice = [d0, d1]
            if d0 == d1 and (d0 == 6 or d0 == 1):
                hit = crit_hit = d0 == 6
                crit_miss = not hit
            else:
                hit, crit_hit, crit_miss = d0 + d1 + bonus >= al, False, False
        else:
            dice = self.roll(stats[HITD])
            hit, crit_hit, crit_miss = judge_hit(dice, bonus, al)
        if self.log is not None:
            self._say_roll(a, dice, bonus, al)
            self._say_hit(a, hit, crit_hit, crit_miss)
        if crit_miss:
            self.hurt(a, self.die(), SELF)
            return False
        if not hit:
            return False
        self._attack_damage(a, d, stats, crit_hit)
        return True

    def _attack_damage(self, a: Creature, d: Creature, stats: Sequence[int], crit_hit: bool) -> int:
        """A hit's Attack Damage Roll (10.2 step 3) and its damage: Attack Dice + modifier + bonuses, times each
        multiplier, doubled by a critical hit, less the defender's reduction; returns the damage dealt."""
        battle = self.battle
        assert battle is not None  # (in a battle)
        damage = stats[MOD] + stats[DMGB]
        draw = self.draw
        if draw is self.rec:  # the game's own dice, recorded (state.roll, inlined)
            rnd = self.rnd
            note = self.draws.append
            for _ in range(stats[ATKD]):
                value = rnd()
                note(value)
                damage += int(value * 6) + 1
        else:
            for _ in range(stats[ATKD]):
                damage += int(draw() * 6) + 1
        if a.temps or battle.mults:
            for factor in self.multipliers(a):
                damage *= factor
        if crit_hit:
            damage *= 2
        reduction = d.aval if d.skey == self.sepoch and not d.temps and d.facts.armor_stable and not battle.negated \
            else self.armor(d, stats[AL])
        dealt = self.hurt(d, 0 if reduction is None else damage - reduction, ATTACK, a)
        if dealt == 0 and self.log is not None:
            self.say(f"{named(a)} hits {named(d)} for no damage")
        return dealt
