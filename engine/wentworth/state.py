"""Wentworth's state: :class:`WentworthState`, the top of its layers (``base``, ``passives``, ``legal``, ``combat``,
``turn``, ``play``): applying actions, resolving effects, copies and what a player sees."""

from __future__ import annotations

import random
from typing import Any, Final

from ..core import Action, Choose, Pass, Play, copy_rng
from .board import Activate, Binding, Block, Ctx, Declare, Discard, Guardian, Rebind, Redraw
from .copies import _binding_view, _copy_state, _ctx_view, _eff_view, _guardian_view, _redraw_other, _redraw_own, _uid
from .effects import EFFECTS, _recover
from .facts import Eff
from .play import PlayState


class WentworthState(PlayState):
    """A game of Wentworth between two to four players (or one player against a goldfish dummy).

    Made by :func:`~.game.new_match` and :func:`~.game.new_goldfish`, which set every attribute (it has no
    ``__init__`` of its own), or copied by :meth:`clone` and :meth:`determinize`. What a policy reads of it is the
    public view that :class:`~.base.StateBase` lists."""

    def clone(self) -> WentworthState:
        """An independent copy that plays on exactly as this game (its generator in the same state too)."""
        twin = _copy_state(self, WentworthState(), True)
        twin.rng = copy_rng(self.rng)
        return twin

    def determinize(self, player: int, rng: random.Random) -> WentworthState:
        """A copy that ``player`` cannot tell from this game, with what it cannot see redrawn from ``rng``.

        Hidden in Wentworth: every player's hand from the others, and the order of every deck (deck
        searches excepted: the searcher saw the cards it put on the bottom, and sees the top cards while it
        chooses one). Each other player's hand and deck are pooled in a canonical order (their deck list's),
        shuffled and dealt back at the same sizes; ``player``'s own deck below what it saw is shuffled the same way;
        every deck is settled at once (no lazy order left from this game); the game's generator is a new one
        drawn from ``rng``. The copy keeps no play-by-play (``log`` None). This game is not changed and its
        generator not drawn from."""
        twin = _copy_state(self, WentworthState(), False)
        for side in twin.sides:
            if side.dummy:
                continue
            if side.seat == player:
                _redraw_own(twin, side, rng)
            else:
                _redraw_other(twin, side, rng)
        twin.rng = random.Random(rng.getrandbits(64))
        return twin

    def observation(self, player: int) -> tuple[Any, ...]:
        """Everything ``player`` sees (see :meth:`determinize`): the board with every counter, the discard
        piles, its own hand in order, the counts of the others' hands and of the decks, the deck cards it has
        seen, the turn, the step, the combat, the effects waiting to resolve and the pending choice."""
        sides = []
        for side in self.sides:
            own = side.seat == player
            seen = side.seen if side.seen < len(side.deck) else len(side.deck)
            sides.append((
                side.seat, side.life, side.influence, side.shield, side.shield_all, side.out, side.had_turn,
                side.dummy, side.size, len(side.deck), seen, len(side.hand),
                tuple([facts.name for facts in side.hand]) if own else None,
                tuple([facts.name for facts in side.deck[:seen]]) if own else None,
                tuple([facts.name for facts in side.discard]),
                tuple([_eff_view(eff) for eff in side.cost_temp]),
                (side.env.uid, side.env.facts.name, side.env.owner, side.env.alive) if side.env is not None else None,
                tuple([_guardian_view(g) for g in side.guardians]),
                tuple([_binding_view(b) for b in side.bound]),
            ))
        pending: list[tuple[Any, ...]] = []
        for seat, kind, actions, handler, data in self.pending:
            if handler == "_answer_search":
                # the searcher sees the top cards; the others, how many it looks at
                count = data[1]
                if seat == player:
                    looked = tuple([facts.name for facts in self.sides[seat].deck[-count:][::-1]])
                    pending.append((seat, kind, count, looked, tuple([(a.option, a.label) for a in actions])))
                else:
                    pending.append((seat, kind, count))
            else:
                pending.append((seat, kind, tuple([(a.option, a.label) for a in actions]), handler,
                                tuple([_ctx_view(x) if type(x) is Ctx else _eff_view(x) if type(x) is Eff else x
                                       for x in data]) if data is not None else None))
        return (
            self.n, self.goldfish, self.turn, self.max_turns, self.first, self.active, self.phase, self.redraw_seat,
            self.current_player(), self.over, self.result, self.is_unresolved(), self.next_uid,
            tuple(sides), tuple(pending),
            tuple([(_eff_view(eff), _ctx_view(ctx)) for eff, ctx in self.queue]), tuple(self.resume),
            tuple([(_eff_view(eff), _ctx_view(ctx)) for eff, ctx in self.delayed]),
            tuple(sorted(self.used.items())), tuple(self.w_seats), self.w_after,
            # the combat
            tuple([(g.uid, seat) for g, seat in self.decl]),
            tuple([g.uid if g is not None else None for g in self.blocks]), tuple(self.block_seats),
            tuple(self.block_idx), self.c_index, _uid(self.c_att), _uid(self.c_def), self.c_ap, self.c_dp,
            self.c_prio, self.c_passes, tuple(self.c_order), self.c_defended, self.c_rolled, tuple(self.c_adice),
            tuple(self.c_ddice), tuple([(g.uid, op, amount, applies, ctrl) for g, op, amount, applies, ctrl
                                        in self.c_mods]),
            tuple([(_eff_view(eff), _ctx_view(ctx), g.uid) for eff, ctx, g in self.c_rolltime]),
            self.c_protect,
            # the readings in force (known to every player)
            self.undefended_damage, self.attackers_stand,
        )

    def apply(self, action: Action) -> None:
        if self.pending:
            _, _, _, handler, data = self.pending[0]
            del self.pending[0]
            assert type(action) is Choose  # a pending choice is answered with one of its options
            getattr(self, handler)(action.option, data)
        else:
            if type(action) is Play:
                self._play(action)
            elif type(action) is Declare:
                self._declare(action)
            elif type(action) is Pass:
                self._pass(action)
            elif type(action) is Block:
                self._block(action)
            else:
                method = _APPLY.get(type(action))
                if method is None:
                    raise ValueError(f"{action} is not an action of this game")
                getattr(self, method)(action)
        if self.queue or self.resume or self.hurt:
            self._drain()

    def _drain(self) -> None:
        """Resolve queued effects, then continue the turn, until a player must choose or the game ends."""
        queue, resume = self.queue, self.resume
        while not self.over:
            if self.hurt:
                self._check_players()
                continue
            if self.pending:
                return
            if queue:
                eff, ctx = queue[0]
                del queue[0]
                self._resolve(eff, ctx)
            elif resume:
                step = resume.pop()
                # the usual steps called directly (compiled, a C call), any other by name
                if step == "_roll_advance":
                    self._roll_advance()
                elif step == "_window_advance":
                    self._window_advance()
                elif step == "_end_combat":
                    self._end_combat()
                elif step == "_roll":
                    self._roll()
                else:
                    getattr(self, step)()
            else:
                return

    def _resolve(self, eff: Eff, ctx: Ctx) -> None:
        """Resolve one effect; a target still to pick or an optional cost becomes a choice for its controller."""
        side = self.sides[ctx.controller]
        if side.out:
            return
        cond = eff.cond
        if cond is not None and cond.in_combat and not ctx.in_combat:
            return
        if eff.choice and ctx.target is None:
            exclude = ctx.source if eff.trigger == "on_enter" else None
            options = self._options(ctx.controller, eff, ctx.source, exclude)
            if not options:
                return
            if len(options) == 1 and not eff.optional:
                ctx.target = options[0][0]
            else:
                actions = [Choose(code, label) for code, label in options]
                if eff.optional:
                    actions.append(Choose(None, "decline"))
                self.pending.append((ctx.controller, "target", actions, "_answer_target", (eff, ctx)))
                return
        elif eff.pay and eff.trigger != "activated":
            if side.influence < eff.pay:
                return
            actions = [Choose(True, f"pay {eff.pay} influence for {ctx.facts.name}"), Choose(False, "decline")]
            self.pending.append((ctx.controller, "pay", actions, "_answer_pay", (eff, ctx)))
            return
        EFFECTS.handlers[eff.kind](self, eff, ctx)

    def _answer_target(self, option: Any, data: tuple[Any, ...]) -> None:
        eff, ctx = data
        if option is not None:
            ctx.target = option
            EFFECTS.handlers[eff.kind](self, eff, ctx)

    def _answer_pay(self, option: Any, data: tuple[Any, ...]) -> None:
        eff, ctx = data
        if option:
            self.sides[ctx.controller].influence -= eff.pay
            EFFECTS.handlers[eff.kind](self, eff, ctx)

    def gtargets(self, eff: Eff, ctx: Ctx) -> list[Guardian]:
        """The guardians an effect touches (an "attached" guardian may be one just defeated)."""
        target = eff.target
        if eff.choice:
            g = self.guardian(ctx.target) if ctx.target is not None else None
            pool = [g] if g is not None else []
        elif target == "this":
            source = ctx.source
            pool = [source] if type(source) is Guardian and source.alive else []
        elif target == "attached":
            host = ctx.host if ctx.host is not None else (ctx.source.host if type(ctx.source) is Binding else None)
            return [host] if host is not None else []
        elif target == "opposing_guardian":
            g = ctx.opp_g
            pool = [g] if g is not None and g.alive else []
        elif target == "attacking_guardian":
            g = self.c_att
            pool = [g] if g is not None and g.alive else []
        else:
            # several guardians at once: touched in turn order from the controller (their own first)
            ctrl = ctx.controller
            sides = self.sides
            if target == "friendly_guardians":
                pool = list(sides[ctrl].guardians)
            elif target == "other_friendly_guardians":
                pool = [g for g in sides[ctrl].guardians if g is not ctx.source]
            elif target == "enemy_guardians":
                pool = [g for side in self.seen_by(ctrl) if side.seat != ctrl for g in side.guardians]
            elif target == "all_guardians":
                pool = [g for side in self.seen_by(ctrl) for g in side.guardians]
            elif target == "all_other_guardians":
                pool = [g for side in self.seen_by(ctrl) for g in side.guardians if g is not ctx.source]
            elif target == "bound_player_guardians" and type(ctx.source) is Binding and ctx.source.player >= 0:
                pool = list(sides[ctx.source.player].guardians)
            else:
                pool = []
        cond = eff.cond
        if cond is not None and pool:
            pool = [g for g in pool if cond.ok(self, g)]
        return pool

    def ptargets(self, eff: Eff, ctx: Ctx) -> list[int]:
        """The players (seats) an effect aimed at players affects."""
        target = eff.target
        ctrl = ctx.controller
        if target == "controller":
            seats = [ctrl]
        elif target in ("opponent", "target_player"):
            seats = [-1 - ctx.target] if ctx.target is not None else []
        elif target == "each_opponent":
            seats = self.opponents(ctrl)
        elif target == "all_players":
            seats = [side.seat for side in self.seen_by(ctrl) if not side.out]
        elif target == "that_player":
            seats = [ctx.that]
        elif target == "that_player_opponents":
            seats = self.opponents(ctx.that) if ctx.that >= 0 else []
        elif target == "opposing_player":
            seats = [ctx.opp_p]
        elif target == "bound_player":
            seats = [ctx.source.player] if type(ctx.source) is Binding else []
        else:
            seats = []
        return [seat for seat in seats if seat >= 0 and not self.sides[seat].out]

    def _answer_search(self, option: Any, data: tuple[Any, ...]) -> None:
        seat, count, _ = data
        self.finish_search(seat, count, option)

    def finish_search(self, seat: int, count: int, option: Any) -> None:
        """Take the chosen card of the top ``count`` into hand; the rest go to the bottom in the order seen."""
        side = self.sides[seat]
        deck = side.deck
        looked = deck[-count:][::-1]
        del deck[-count:]
        if side.seen > len(deck):
            side.seen = len(deck)
        if option is not None:
            side.hand.append(looked.pop(option))
        deck[0:0] = looked[::-1]
        side.seen += len(looked)
        if side.hi > side.lo:
            side.lo += len(looked)
            side.hi += len(looked)

    def answer_recover(self, option: Any, data: tuple[Any, ...]) -> None:
        """Return the card chosen (``option``: its index in the discard pile; None: none) to the hand, then ask for the
        next while ``data``'s count of cards to recover lasts."""
        eff, ctx, remaining = data
        if option is None:
            return
        side = self.sides[ctx.controller]
        facts = side.discard.pop(option)
        side.hand.append(facts)
        if self.log is not None:
            self.say(f"P{ctx.controller + 1} returns {facts.name} to hand")
        if remaining > 1:
            _recover(self, eff, ctx, remaining - 1)

    def card_counts(self) -> tuple[int, ...]:
        """Cards each player owns in every zone (conserved through the game)."""
        counts = [len(s.deck) + len(s.hand) + len(s.discard) + len(s.guardians) + (s.env is not None)
                  for s in self.sides]
        for b in self.bindings():
            counts[b.owner] += 1
        return tuple(counts)


# the method that plays each kind of action (apply() calls the usual ones directly)
_APPLY: Final = {Pass: "_pass", Play: "_play", Declare: "_declare", Block: "_block", Activate: "_activate",
          Discard: "_discard_to_draw", Rebind: "_rebind", Redraw: "_redraw"}
