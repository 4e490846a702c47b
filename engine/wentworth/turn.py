"""Wentworth's state, fifth layer: the turn (the opening redraws, Recharge, Draw, the step windows of the other
players, Reinforce, the end of the turn)."""

from __future__ import annotations

from typing import Any

from ..core import Choose, Pass
from .board import (
    HAND_SIZE,
    MAX_GUARDIANS,
    REBUFF,
    RECHARGE,
    REINFORCE,
    RESPOND,
    ROLL,
    Binding,
    Ctx,
    Redraw,
    Side,
    _fix,
    _label,
    _shuffle,
)
from .combat import CombatState
from .facts import _FREE_FACTS


class TurnState(CombatState):
    """The steps of a turn and the windows between them."""

    def _open_window(self, after: int) -> None:
        """A step window of the active player's turn: each other player in turn order from the active one
        may play potions and re-bind until they pass. ``after``: REBUFF (the window opens the Rebuff step)
        or REINFORCE (the turn ends after it)."""
        self.w_after = after
        seats = self.w_seats
        if seats:
            seats.clear()
        if not self.goldfish:
            n, active = self.n, self.active
            for k in range(1, n):
                seat = (active + k) % n
                side = self.sides[seat]
                if not side.out:
                    seats.append(seat)
        self._window_advance()

    def _window_advance(self) -> None:
        seats = self.w_seats
        while seats:
            if self._has_step_play(seats[0]):
                self.phase = RESPOND
                return
            del seats[0]
        if self.w_after == REINFORCE:
            self.phase = REINFORCE
            self._end_turn()
        else:
            self.phase = REBUFF

    def _pass(self, action: Pass | None = None) -> None:
        phase = self.phase
        if phase == ROLL:
            self.c_passes += 1
            self.c_prio = self._next_prio(self.c_prio)
            self._roll_advance()
        elif phase == RESPOND:
            del self.w_seats[0]
            self._window_advance()
        else:
            # the active player ends the turn: the others' window at the end of the turn comes first
            self._open_window(REINFORCE)

    def _redraw(self, action: Redraw) -> None:
        seat = self.redraw_seat
        side = self.sides[seat]
        if action.redraw:
            side.deck.extend(side.hand)
            side.hand.clear()
            _shuffle(side, self.rng)
            self.draw(seat, HAND_SIZE)
        if self.log is not None:
            self.say(f"P{seat + 1} {'redraws 7 cards' if action.redraw else 'keeps the opening hand'}")
        following = (seat + 1) % self.n
        if self.goldfish or following == self.first:
            self.phase = REBUFF
            self.active = self.first
            self._start_turn()
        else:
            self.redraw_seat = following

    def draw(self, seat: int, count: int) -> None:
        """``seat`` draws ``count`` cards (fewer when its deck runs out), the deck shuffled lazily as it is drawn."""
        side = self.sides[seat]
        deck, hand = side.deck, side.hand
        for _ in range(count):
            if not deck:
                return
            if side.hi == len(deck) and side.hi > side.lo:
                _fix(side, self.rng, 1)
            hand.append(deck.pop())

    def _start_turn(self) -> None:
        """Recharge: +7 influence, resting guardians stand up; start-of-turn effects; then Draw."""
        p = self.active
        side = self.sides[p]
        side.influence += RECHARGE
        side.had_turn = True
        self.phase = REBUFF
        if self.log is not None:
            self.say(f"P{p + 1} begins: {side.life} life, {side.influence} influence, {len(side.hand)} cards in hand")
        queue = self.queue
        start = len(queue)
        for g in side.guardians:
            g.resting = False
            if g.facts.has_start:
                for eff in g.facts.triggers["start_of_turn"]:
                    queue.append((eff, Ctx(p, g, g.facts, that=p)))
        if self.dirty:
            self._rebuild()
        for obj in self.src_turn:
            facts = obj.facts
            if facts.has_start:
                binding = type(obj) is Binding
                for eff in facts.triggers["start_of_turn"]:
                    whose = eff.whose
                    if (whose == "each_player" or (whose == "bound_player" and binding and obj.player == p)
                            or (whose == "controller" and obj.owner == p)):
                        queue.append((eff, Ctx(obj.owner, obj, facts, host=obj.host if binding else None, that=p)))
        self._in_turn_order(start)
        if queue:
            self.resume.append("_draw_step")
        else:
            self.draw(p, HAND_SIZE - len(side.hand))
            self._open_window(REBUFF)

    def _draw_step(self) -> None:
        side = self.sides[self.active]
        self.draw(self.active, HAND_SIZE - len(side.hand))
        self.phase = REBUFF
        self._open_window(REBUFF)

    def _to_reinforce(self) -> None:
        """Reinforce: guardians that attacked rest. A player who can do nothing in it but end the turn (no
        influence left, nothing free to play or use) is not asked: the turn ends."""
        side = self.sides[self.active]
        for g in side.guardians:
            if g.attacks:
                g.resting = True
        self.phase = REINFORCE
        if (not side.influence and not self.over and not self.hurt and not self.queue and not self.pending
                and not self.resume and self._nothing_free(side)):
            self._open_window(REINFORCE)

    def _nothing_free(self, side: Side) -> bool:
        """Whether a player with no influence has no legal action but ending the turn (no card, ability or
        re-binding that costs nothing)."""
        if _FREE_FACTS and not _FREE_FACTS.isdisjoint(side.hand):
            return False
        p = side.seat
        if self.dirty:
            self._rebuild()
        for entry in self.src_act:
            if entry[1] == p:
                if self._abilities(p, False):
                    return False
                break
        if not _FREE_FACTS:
            return True
        for other in self.sides:
            for b in other.bound:
                if b.owner == p and b.facts.cost <= 0:
                    return False
            for g in other.guardians:
                for b in g.bindings:
                    if b.owner == p and b.facts.cost <= 0:
                        return False
        return True

    def _end_turn(self) -> None:
        p = self.active
        queue = self.queue
        start = len(queue)
        side = self.sides[p]
        for g in side.guardians:
            if g.facts.has_end:
                for eff in g.facts.triggers["end_of_turn"]:
                    queue.append((eff, Ctx(p, g, g.facts)))
        if self.dirty:
            self._rebuild()
        for obj in self.src_turn:
            facts = obj.facts
            if facts.has_end and obj.owner == p:
                binding = type(obj) is Binding
                for eff in facts.triggers["end_of_turn"]:
                    queue.append((eff, Ctx(p, obj, facts, host=obj.host if binding else None)))
        if self.delayed:
            queue.extend(self.delayed)
            self.delayed = []
        self._in_turn_order(start)
        if queue:
            self.resume.append("_end_turn_limit")
        else:
            self._end_turn_limit()

    def _end_turn_limit(self) -> None:
        """At most four guardians at the end of your turn: the player puts the extra ones in the discard pile."""
        side = self.sides[self.active]
        if len(side.guardians) > MAX_GUARDIANS:
            options = [Choose(g.uid, _label(g)) for g in side.guardians]
            self.pending.append((self.active, "sacrifice", options, "_answer_sacrifice", None))
            return
        self._next_turn()

    def _answer_sacrifice(self, option: Any, data: Any) -> None:
        g = self.guardian(option)
        assert g is not None  # one of the options: a guardian of the active player
        if self.log is not None:
            self.say(f"P{g.owner + 1} puts {g.facts.name} in the discard pile (more than {MAX_GUARDIANS} guardians)")
        self.leave(g, to_hand=False)
        self.resume.append("_end_turn_limit")

    def _next_turn(self) -> None:
        stand = self.attackers_stand
        for side in self.sides:
            if side.cost_temp:
                side.cost_temp = []
            side.shield_all = False
            side.shield = 0
            for g in side.guardians:
                if g.temps:
                    g.temps = []
                g.shields = 0
                if g.attacks and stand:
                    # attackers-rest=end-of-turn: the guardians that attacked stand up as the turn ends
                    g.resting = False
                g.attacks = 0
        self.delayed = []
        if not self.next_turn():
            return
        if not self.goldfish:
            n = self.n
            for k in range(1, n + 1):
                seat = (self.active + k) % n
                side = self.sides[seat]
                if not side.out:
                    self.active = seat
                    break
        self._start_turn()
