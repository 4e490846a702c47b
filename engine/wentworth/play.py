"""Wentworth's state, sixth layer: playing cards, binding and re-binding, discarding to draw, and abilities."""

from __future__ import annotations

from typing import Any

from ..core import Play
from .board import BINDING, ENVIRONMENT, GUARDIAN, RESPOND, ROLL, Activate, Binding, Ctx, Discard, Env, Guardian, Rebind
from .facts import Facts
from .turn import TurnState


class PlayState(TurnState):
    """What playing a card or using an ability does (its effects are queued, then resolved by the state)."""

    def _play(self, action: Play) -> None:
        phase = self.phase
        p = self.c_prio if phase == ROLL else self.w_seats[0] if phase == RESPOND else self.active
        side = self.sides[p]
        index, _, aimed, label = action
        facts = side.hand[index]
        paid = self.cost(p, facts)
        side.influence -= paid
        del side.hand[index]
        if self.log is not None:
            self.say(f"P{p + 1} plays {facts.name} for {paid} influence" + (f" on {label}" if label else ""))
        kind = facts.type
        if kind is GUARDIAN:
            g = Guardian(facts, self.next_uid, p, self.turn)
            self.next_uid += 1
            side.guardians.append(g)
            self._entered(g)
            if facts.plays:
                self._fire_played(facts, p, g, aimed)
        elif kind is BINDING:
            b = Binding(facts, self.next_uid, p)
            self.next_uid += 1
            self._attach(b, aimed)
            if facts.plays:
                self._fire_played(facts, p, b, None)
        elif kind is ENVIRONMENT:
            old = side.env
            env = side.env = Env(facts, self.next_uid, p)
            self.next_uid += 1
            if not self.dirty:
                # the board's lists, as _rebuild() would find them
                if old is not None:
                    if old.facts.listed:
                        self._unlist((old,))
                    if old.facts.p_global:
                        self.glob = [entry for entry in self.glob if entry[1] is not old]
                if facts.listed:
                    self._list(env)
                if facts.p_global:
                    glob = self.glob
                    for kind_, scope, eff in facts.p_global:
                        glob.append((kind_, env, p, scope, eff))
                self._restat(bool(facts.p_global or (old is not None and old.facts.p_global)))
            if old is not None:
                old.alive = False
                side.discard.append(old.facts)
                self.check_lives()
            self._fire_played(facts, p, side.env, None)
        else:
            side.discard.append(facts)
            self._fire_played(facts, p, None, aimed)
            choice = facts.choice
            for eff in facts.delayed:
                target = aimed if choice is not None and eff.target == choice.target else None
                self.delayed.append((eff, Ctx(p, None, facts, target)))
            self._potion_triggers(p)
        if phase == ROLL:
            self._responded()
        elif phase == RESPOND:
            self.resume.append("_window_advance")

    def _responded(self) -> None:
        """After a play in the roll window the other player may respond; it ends when both pass in turn."""
        self.c_passes = 0
        self.c_prio = self._next_prio(self.c_prio)
        self.resume.append("_roll_advance")

    def _fire_played(self, facts: Facts, p: int, source: Any, target: Any) -> None:
        choice = facts.choice
        wanted = choice.target if choice is not None and target is not None else None
        for eff in facts.plays:
            self.queue.append((eff, Ctx(p, source, facts, target if eff.target == wanted else None)))

    def _potion_triggers(self, p: int) -> None:
        """"Whenever you play a potion" effects (and the bound player's / each player's)."""
        if self.dirty:
            self._rebuild()
        start = len(self.queue)
        for obj in self.src_potion:
            facts = obj.facts
            is_binding = type(obj) is Binding
            for eff in facts.triggers["on_potion"]:
                whose = eff.whose
                if whose == "bound_player":
                    if not is_binding or obj.player != p:
                        continue
                elif whose != "each_player" and obj.owner != p:
                    continue
                self.queue.append((eff, Ctx(obj.owner, obj, facts, host=obj.host if is_binding else None, that=p)))
        self._in_turn_order(start)

    def _attach(self, b: Binding, target: int) -> None:
        if target < 0:
            b.player = -1 - target
            self.sides[b.player].bound.append(b)
            self._rebound(b, None, b.player, True)
        else:
            g = self.guardian(target)
            assert g is not None  # a target code of a guardian in play
            b.host = g
            g.bindings.append(b)
            self._rebound(b, g, -1, True)

    def detach(self, b: Binding) -> None:
        """Take binding ``b`` off its host (guardian or player)."""
        if b.host is not None:
            g = b.host
            g.bindings.remove(b)
            b.host = None
            self._rebound(b, g, -1, False)
        elif b.player >= 0:
            seat = b.player
            self.sides[seat].bound.remove(b)
            b.player = -1
            self._rebound(b, None, seat, False)

    def _rebind(self, action: Rebind) -> None:
        p = self.w_seats[0] if self.phase == RESPOND else self.active
        b = self.binding(action.uid)
        assert b is not None  # a binding in play
        paid = self.cost(p, b.facts)
        self.sides[p].influence -= paid
        if self.log is not None:
            self.say(f"P{p + 1} re-binds {b.facts.name} to {action.label} for {paid} influence")
        self.detach(b)
        self._attach(b, action.target)
        self.check_lives()
        if self.phase == RESPOND:
            self.resume.append("_window_advance")

    def _discard_to_draw(self, action: Discard) -> None:
        p = self.active
        side = self.sides[p]
        facts = side.hand.pop(action.index)
        side.influence -= (facts.cost + 1) // 2
        side.discard.append(facts)
        self.draw(p, 1)
        if self.log is not None:
            self.say(f"P{p + 1} discards {facts.name} for {(facts.cost + 1) // 2} influence and draws a card")

    def _activate(self, action: Activate) -> None:
        p = self.c_prio if self.phase == ROLL else self.active
        obj = self.in_play(action.uid)
        eff = obj.facts.activated[action.slot]
        if eff.rest:
            obj.resting = True
        elif eff.rest_attached:
            obj.host.resting = True
        if eff.pay:
            self.sides[p].influence -= eff.pay
        if eff.once:
            self.used[(obj.uid, action.slot)] = self.turn
        if self.log is not None:
            self.say(f"P{p + 1} uses {obj.facts.name}" + (f" on {action.label}" if action.label else ""))
        host = obj.host if type(obj) is Binding else None
        self.queue.append((eff, Ctx(p, obj, obj.facts, action.target, host=host)))
        if self.phase == ROLL:
            self._responded()
