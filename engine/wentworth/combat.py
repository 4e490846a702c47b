"""Wentworth's state, fourth layer: combat (declaring, defending, the dice and the roll window, settling),
damage, and guardians and players leaving the game."""

from __future__ import annotations

from .board import (
    ATTACK,
    COMBAT,
    DEFEND,
    DEFENSE,
    P_PREVENT_G,
    ROLL,
    Block,
    Ctx,
    Declare,
    Guardian,
    _has_attack,
    _has_defend,
    _label,
)
from .dice import pips
from .facts import Eff
from .legal import LegalState


class CombatState(LegalState):
    """The Combat step, one declared attack after the other, and what damage does."""

    def _to_reinforce(self) -> None:
        """Go on to the Reinforce step (the combats are over): the turn's layer implements it."""
        raise NotImplementedError

    def _next_prio(self, p: int) -> int:
        """Who gets priority after ``p`` in the roll window: the attacking player, the defending player,
        then the other players in turn order from the attacking one."""
        if self.n == 2:
            return self.c_dp if p == self.c_ap else self.c_ap
        order = self.c_order
        index = order.index(p) + 1
        return order[index] if index < len(order) else order[0]

    def _declare(self, action: Declare) -> None:
        """Combat: the attacks are declared at once; each attacked player then assigns defenders."""
        p = self.active
        if not action.attacks:
            if self.log is not None:
                self.say(f"P{p + 1} declares no attack")
            self._to_reinforce()
            return
        self.phase = COMBAT
        side = self.sides[p]
        mine = side.guardians
        decl = []
        seats = []
        g: Guardian | None
        for uid, seat in action.attacks:
            for g in mine:
                if g.uid == uid:
                    break
            else:
                g = self.guardian(uid)
            assert g is not None  # a guardian of the attacking player
            g.attacks += 1
            decl.append((g, seat))
            if seat not in seats:
                seats.append(seat)
        self.decl = decl
        if self.log is not None:
            self.say(f"P{p + 1} attacks: {action.label}")
        self.blocks = [None] * len(decl)
        self.c_index = -1
        block_seats = []
        for seat in (seats if len(seats) == 1 else self.opponents(p)):
            side = self.sides[seat]
            if seat in seats and not side.out:
                for g in side.guardians:
                    if self.may_defend(g):
                        block_seats.append(seat)
                        break
        self.block_seats = block_seats
        self._ask_blocks()

    def _ask_blocks(self) -> None:
        if self.block_seats:
            seat = self.c_dp = self.block_seats[0]
            del self.block_seats[0]
            self.block_idx = [i for i, (_, target) in enumerate(self.decl) if target == seat]
            self.phase = DEFEND
        else:
            self.phase = COMBAT
            self._next_combat()

    def _block(self, action: Block) -> None:
        mine = self.sides[self.c_dp].guardians
        blocks = self.blocks
        for index, uid in zip(self.block_idx, action.blocks, strict=False):
            if uid is not None:
                for g in mine:
                    if g.uid == uid:
                        blocks[index] = g
                        break
                else:
                    blocks[index] = self.guardian(uid)
            else:
                blocks[index] = None
        if self.log is not None:
            self.say(f"P{self.c_dp + 1} defends: {action.label}")
        self._ask_blocks()

    def _next_combat(self) -> None:
        """Fight the next declared attack (skipping one whose attacker or chosen defender left play); the
        combats that nothing can interrupt are fought here one after the other."""
        decl, blocks, sides, turn = self.decl, self.blocks, self.sides, self.turn
        while True:
            index = self.c_index = self.c_index + 1
            if index >= len(decl):
                self.decl = []
                self._to_reinforce()
                return
            g, seat = decl[index]
            d = blocks[index]
            side = sides[seat]
            if not g.alive or side.out or (d is not None and not d.alive) or g.noattack_turn == turn:
                continue
            self.c_att, self.c_ap, self.c_dp = g, self.active, seat
            if self.n > 2:
                order = self.c_order = [self.active, seat]
                for other in self.opponents(self.active):
                    if other != seat:
                        order.append(other)
            self.c_rolled = False
            if self.c_mods:
                self.c_mods = []
            if self.c_rolltime:
                self.c_rolltime = []
            self.c_protect = None
            if not self._quick_combat(g, d):
                return

    def _quick_combat(self, att: Guardian, d: Guardian | None) -> bool:
        """The combat of ``att`` against ``d``, fought at once (as _defended, _roll, _roll_advance and
        _resolve_combat would) when no trigger, roll window play or log line can come in between. False:
        it goes the long way (or has effects to resolve) and continues from the queue."""
        self.phase = COMBAT
        self.c_def = d
        self.c_defended = d is not None
        if self.dirty:
            self._rebuild()
        ap = self.c_ap
        if (self.log is not None or self.queue or self.pending or att.facts.has_attack or self.env_attack
                or (d is not None and (d.facts.has_defend or (d.bindings and _has_defend(d.bindings))))
                or (att.bindings and _has_attack(att.bindings)) or self._window_wanted()):
            self._defended(d)
            return False
        rand = self.rng.random
        a_sum = 0
        # r: a C double when compiled (the same product and truncation, without Python floats)
        for _ in range(self.roll_power(att) if att.dyn else att.rp):
            r = rand()
            a_sum += int(r * 6) + 1
        v_sum = 0
        if d is not None:
            for _ in range(self.roll_power(d) if d.dyn else d.rp):
                r = rand()
                v_sum += int(r * 6) + 1
        self.c_rolled = True
        # every player passes the roll window
        self.c_prio, self.c_passes = ap, (2 if self.n == 2 else len(self.c_order))
        self._settle(a_sum, v_sum)
        if self.queue or self.hurt:
            self.resume.append("_end_combat")
            return False
        self.c_att = self.c_def = None
        self.c_defended = self.c_rolled = False
        return True

    def _window_wanted(self) -> bool:
        """Whether a player has anything to play in this combat's roll window (a potion they can pay for
        with a target, or a combat ability)."""
        src_ract = self.src_ract
        for side in self.sides:
            if (side.influence or src_ract) and self._has_roll_play(side.seat):
                return True
        return False

    def _defended(self, d: Guardian | None) -> None:
        """The defender is declared: attack then defense triggers, then the dice."""
        self.phase = COMBAT
        self.c_def = d
        self.c_defended = d is not None
        att, ap, dp = self.c_att, self.c_ap, self.c_dp
        assert att is not None  # in a combat
        if self.log is not None:
            self.say(f"{att.facts.name} attacks P{dp + 1}" + (f": {d.facts.name} defends" if d is not None
                                                                else ", undefended"))
        queue = self.queue
        start = len(queue)
        if att.facts.has_attack:
            for eff in att.facts.triggers["on_attack"]:
                queue.append((eff, Ctx(ap, att, att.facts, opp_g=d, opp_p=dp, in_combat=True)))
        for b in att.bindings:
            if b.facts.has_attack:
                for eff in b.facts.triggers["on_attack"]:
                    queue.append((eff, Ctx(b.owner, b, b.facts, host=att, opp_g=d, opp_p=dp, in_combat=True)))
        for side in self.seen_by(ap):
            env = side.env
            if env is not None and env.facts.has_attack:
                for eff in env.facts.triggers["on_attack"]:
                    queue.append((eff, Ctx(env.owner, env, env.facts, opp_g=d, opp_p=dp, in_combat=True)))
        self._in_turn_order(start)
        start = len(queue)
        if d is not None:
            if d.facts.has_defend:
                for eff in d.facts.triggers["on_defend"]:
                    queue.append((eff, Ctx(dp, d, d.facts, opp_g=att, opp_p=ap, in_combat=True)))
            for b in d.bindings:
                if b.facts.has_defend:
                    for eff in b.facts.triggers["on_defend"]:
                        queue.append((eff, Ctx(b.owner, b, b.facts, host=d, opp_g=att, opp_p=ap, in_combat=True)))
            self._in_turn_order(start)
        if queue:
            self.resume.append("_roll")
        else:
            self._roll()

    def _combat_valid(self) -> bool:
        att, d = self.c_att, self.c_def
        if (att is None or not att.alive or (self.c_defended and d is not None and not d.alive)
                or att.noattack_turn == self.turn):
            return False
        sa, sd = self.sides[self.c_ap], self.sides[self.c_dp]
        return not sa.out and not sd.out

    def _roll(self) -> None:
        if not self._combat_valid():
            self._end_combat()
            return
        rand = self.rng.random
        att, d = self.c_att, self.c_def
        assert att is not None  # _combat_valid()
        self.c_adice = [int(rand() * 6) + 1 for _ in range(self.roll_power(att))]
        self.c_ddice = [int(rand() * 6) + 1 for _ in range(self.roll_power(d))] if d is not None else []
        self.c_rolled = True
        if self.log is not None:
            self.say(f"{att.facts.name} rolls {self.c_adice}" + (f", {d.facts.name} rolls {self.c_ddice}" if d else ""))
        if self.c_rolltime:
            for eff, ctx, g in self.c_rolltime:
                if g.alive:
                    self.reroll(g, eff, ctx.controller)
            self.c_rolltime = []
        self.c_prio, self.c_passes = self.c_ap, 0
        self._roll_advance()

    def _roll_advance(self) -> None:
        """The roll window: players with something to play get priority in turn; two passes in a row end it."""
        if not self._combat_valid():
            self._end_combat()
            return
        need = 2 if self.n == 2 else len(self.c_order)
        while self.c_passes < need:
            p = self.c_prio
            if self._has_roll_play(p):
                self.phase = ROLL
                return
            self.c_passes += 1
            self.c_prio = self._next_prio(p)
        self._resolve_combat()

    def reroll(self, g: Guardian, eff: Eff, controller: int) -> None:
        """Reroll ``g``'s dice in the combat under way as ``eff`` says, for ``controller``."""
        dice = self.c_adice if g is self.c_att else self.c_ddice
        if not dice:
            return
        favour = controller == g.owner
        rand = self.rng.random
        if eff.dice == "one":
            index = dice.index(min(dice) if favour else max(dice))
            dice[index] = int(rand() * 6) + 1
        else:
            new = [int(rand() * 6) + 1 for _ in dice]
            old, fresh = pips(dice), pips(new)
            keep = eff.keep
            if (keep == "new" or (keep == "higher" and fresh > old) or (keep == "lower" and fresh < old)
                    or (keep == "choice" and (fresh > old if favour else fresh < old))):
                dice[:] = new
        if self.log is not None:
            self.say(f"{g.facts.name}'s dice are rerolled: {dice}")

    def _resolve_combat(self) -> None:
        """Compare the totals: the higher deals the difference; negative totals hurt their own guardian."""
        self._settle(pips(self.c_adice), pips(self.c_ddice))
        if self.queue or self.hurt:
            self.resume.append("_end_combat")
        else:
            self._end_combat()

    def _settle(self, a: int, v: int) -> None:
        """The dice sums ``a`` (attacker) and ``v`` (defender) become totals and are compared."""
        if self.dirty:
            self._rebuild()
        att, d, ap, dp = self.c_att, self.c_def, self.c_ap, self.c_dp
        assert att is not None  # in a combat
        if att.m_att or att.dyn or att.temps or self.c_mods:
            a = self.roll_total(att, a, ATTACK)
        if d is not None and (d.m_def or d.dyn or d.temps or self.c_mods):
            v = self.roll_total(d, v, DEFENSE)
        self.phase = COMBAT
        if self.log is not None:
            self.say(f"{att.facts.name} totals {a}" + (f" against {d.facts.name}'s {v}" if d is not None else ""))
        if a < 0:
            self._combat_damage(att, -a, None)
            a = 0
        if d is not None and v < 0:
            self._combat_damage(d, -v, None)
            v = 0
        winner = loser = None
        if a > v:
            winner, loser, opp_p = att, d, dp
            if d is not None:
                self._combat_damage(d, a - v, att)
            elif self.undefended_damage:
                self.damage_player(dp, a)
            elif self.log is not None:
                self.say(f"P{dp + 1} takes no damage (an undefended attack deals none)")
        elif v > a:
            winner, loser, opp_p = d, att, ap
            self._combat_damage(att, v - a, d)
        elif self.log is not None:
            self.say("the rolls are equal: a draw")
        if winner is not None:
            queue = self.queue
            start = len(queue)
            if winner.facts.has_win:
                for eff in winner.facts.triggers["on_combat_win"]:
                    queue.append((eff, Ctx(winner.owner, winner, winner.facts, opp_g=loser, opp_p=opp_p,
                                           in_combat=True)))
            for b in winner.bindings:
                if b.facts.has_win:
                    for eff in b.facts.triggers["on_combat_win"]:
                        queue.append((eff, Ctx(b.owner, b, b.facts, host=winner, opp_g=loser, opp_p=opp_p,
                                               in_combat=True)))
            self._in_turn_order(start)

    def _end_combat(self) -> None:
        self.c_att = self.c_def = None
        self.c_defended = self.c_rolled = False
        self.c_mods, self.c_rolltime, self.c_protect = [], [], None
        self.c_adice = self.c_ddice = ()
        self.phase = COMBAT
        self._next_combat()

    def _reduce(self, g: Guardian, amount: int) -> int:
        if self.c_protect and g.uid in self.c_protect:
            return 0
        if self.dirty:
            self._rebuild()
        amount -= g.prevent
        if g.dyn:
            amount -= self._dynamic(g, P_PREVENT_G)
        if amount > 0 and g.shields:
            used = g.shields if g.shields < amount else amount
            g.shields -= used
            amount -= used
        return amount

    def _combat_damage(self, g: Guardian, amount: int, killer: Guardian | None) -> None:
        """Combat damage: enough to defeat the guardian sends the excess to its controller."""
        if not g.alive:
            self.damage_player(g.owner, amount)
            return
        amount = self._reduce(g, amount)
        if amount <= 0:
            return
        left = self.max_life(g) - g.damage
        if amount < left:
            g.damage += amount
            if self.log is not None:
                self.say(f"{_label(g)} takes {amount} damage ({left - amount} life left)")
            return
        g.damage += left
        if self.log is not None:
            self.say(f"{_label(g)} takes {amount} damage")
        self._defeat(g, killer, True)
        if amount > left:
            self.damage_player(g.owner, amount - left)

    def damage_guardian(self, g: Guardian, amount: int) -> None:
        """Damage from an effect (no excess carries over to the player)."""
        if not g.alive:
            return
        amount = self._reduce(g, amount)
        if amount <= 0:
            return
        g.damage += amount
        if self.log is not None:
            self.say(f"{_label(g)} takes {amount} damage")
        if g.damage >= self.max_life(g):
            self._defeat(g, None, False)

    def damage_player(self, seat: int, amount: int) -> None:
        """Deal ``amount`` damage to ``seat``'s player, after what prevents it and its shields."""
        side = self.sides[seat]
        if side.out or side.shield_all or amount <= 0:
            return
        if self.src_prevent or self.dirty:
            amount -= self._prevent_player(seat)
        if amount > 0 and side.shield:
            used = side.shield if side.shield < amount else amount
            side.shield -= used
            amount -= used
        if amount <= 0:
            return
        side.life -= amount
        if side.life <= 0:
            self.hurt = True
        if self.log is not None:
            self.say(f"P{seat + 1} takes {amount} damage ({side.life} life left)")

    def _defeat(self, g: Guardian, killer: Guardian | None, in_combat: bool) -> None:
        """A guardian's life reached 0: to the discard pile (its bindings too), then its "defeated" effects."""
        g.alive = False
        side = self.sides[g.owner]
        side.guardians.remove(g)
        side.discard.append(g.facts)
        bindings = g.bindings
        g.bindings = []
        for b in bindings:
            b.host = None
            self.sides[b.owner].discard.append(b.facts)
        self._left(g, bindings)
        if self.log is not None:
            self.say(f"{_label(g)} is defeated")
        opp_p = killer.owner if killer is not None else -1
        queue = self.queue
        start = len(queue)
        if g.facts.has_defeated:
            for eff in g.facts.triggers["on_defeated"]:
                queue.append((eff, Ctx(g.owner, g, g.facts, opp_g=killer, opp_p=opp_p, in_combat=in_combat)))
        for b in bindings:
            if b.facts.has_defeated:
                for eff in b.facts.triggers["on_defeated"]:
                    queue.append((eff, Ctx(b.owner, b, b.facts, host=g, opp_g=killer, opp_p=opp_p,
                                           in_combat=in_combat)))
        self._in_turn_order(start)

    def leave(self, g: Guardian, *, to_hand: bool) -> None:
        """A guardian leaves play without being defeated (to its owner's hand or discard pile)."""
        g.alive = False
        side = self.sides[g.owner]
        side.guardians.remove(g)
        (side.hand if to_hand else side.discard).append(g.facts)
        bindings = g.bindings
        for b in bindings:
            b.host = None
            self.sides[b.owner].discard.append(b.facts)
        g.bindings = []
        self._left(g, bindings)
        self.check_lives()

    def check_lives(self) -> None:
        """Guardians whose life fell to 0 (a life bonus left play) are defeated (in turn order from the
        active player)."""
        for side in self.seen_by(self.active):
            for g in list(side.guardians):
                if g.alive and g.damage and g.damage >= self.max_life(g):
                    self._defeat(g, None, False)

    def _check_players(self) -> None:
        """Players at 0 life are out (their cards leave play); the last player standing wins."""
        self.hurt = False
        dead = [side.seat for side in self.seen_by(self.active) if not side.out and side.life <= 0]
        if not dead:
            return
        for seat in dead:
            self._eliminate(seat)
        alive = self.alive_seats()
        if len(alive) <= 1:
            self.over = True
            self.result = alive[0] if alive else None
            self.pending.clear()
            self.queue.clear()
            self.resume.clear()
            if self.log is not None:
                self.say(f"P{alive[0] + 1} wins" if alive else "every player is out: a draw")
            return
        self.pending[:] = [item for item in self.pending if not self.sides[item[0]].out]
        self.queue[:] = [(eff, ctx) for eff, ctx in self.queue if not self.sides[ctx.controller].out]
        if self.sides[self.active].out:
            self.pending.clear()
            self.queue.clear()
            self.resume[:] = ["_next_turn"]
            self.c_att = self.c_def = None
            self.c_defended = False
            self.c_mods, self.c_rolltime, self.c_protect = [], [], None
            self.decl = []

    def _eliminate(self, seat: int) -> None:
        side = self.sides[seat]
        side.out = True
        sides = self.sides
        for g in side.guardians:
            g.alive = False
            side.discard.append(g.facts)
            for b in g.bindings:
                b.host = None
                sides[b.owner].discard.append(b.facts)
            g.bindings = []
        side.guardians = []
        for b in side.bound:
            b.player = -1
            sides[b.owner].discard.append(b.facts)
        side.bound = []
        # the player's bindings on the others' guardians and players go to their discard pile (a list
        # that loses none is kept as it is)
        for other in sides:
            for g in other.guardians:
                kept = []
                for b in g.bindings:
                    if b.owner == seat:
                        b.host = None
                        side.discard.append(b.facts)
                    else:
                        kept.append(b)
                if len(kept) < len(g.bindings):
                    g.bindings = kept
            kept = []
            for b in other.bound:
                if b.owner == seat:
                    b.player = -1
                    side.discard.append(b.facts)
                else:
                    kept.append(b)
            if len(kept) < len(other.bound):
                other.bound = kept
        if side.env is not None:
            side.env.alive = False
            side.discard.append(side.env.facts)
            side.env = None
        self.dirty = True
        if self.log is not None:
            self.say(f"P{seat + 1} has no life left and is out")
        # guardians kept alive by a life bonus of the player's cards are defeated now (also when the game is
        # over: the final board is the same with or without a play-by-play)
        self.check_lives()
