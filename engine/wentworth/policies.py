"""Wentworth's greedy player: :class:`Greedy` (its values in :mod:`.policy_values` and :mod:`.policy_combat`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..core import Choose, Play
from .board import (
    BINDING,
    DEFEND,
    END_TURN,
    ENVIRONMENT,
    GUARDIAN,
    KEEP,
    MAX_GUARDIANS,
    PASS_ROLL,
    POTION,
    REBUFF,
    REDRAW,
    REINFORCE,
    RESPOND,
    ROLL,
    W_ROLL,
    Activate,
    Block,
    Declare,
    Discard,
    Redraw,
    WentworthAction,
    describe,
    new_action,
)
from .facts import TOP_COST, Facts
from .policy_combat import GreedyCombat, _blocks_action, _declare_action
from .policy_values import (
    _abilities_of,
    _dig_index,
    _g_bound,
    _g_value,
    _most_of,
    _pays,
)
from .state import WentworthState

_RICH: Final = 20  # influence from which the greedy player discards dead cards to draw


class _Best:
    """The best play a main step has found so far: its value (``score``), the card (``pick``: index in hand, facts,
    target code, target) and its index in hand, and the highest cost and most bindings of a guardian in play (what
    bounds the values of some plays), found once when first needed."""

    __slots__ = ("index", "peak", "pick", "score")

    def __init__(self) -> None:
        self.score = 0.0
        self.index = -1
        self.pick: tuple[int, Facts, int | None, Any] | None = None
        self.peak: tuple[int, int] | None = None

    def most(self, state: WentworthState) -> tuple[int, int]:
        """The highest cost and most bindings of a guardian in play (``_most_of(state)``, found once)."""
        if self.peak is None:
            self.peak = _most_of(state)
        return self.peak


class Greedy(GreedyCombat):
    """A sensible Wentworth player. It keeps a good opening hand; plays its most expensive guardians up to
    four, an environment when it has none, helpful bindings on its best guardians and curses on the
    opponent's; uses removal, burn, healing and card draw when they pay off; declares the attacks whose
    expected roll beats the best defender (all of them when nobody can defend, or when its attackers
    outnumber the defenders); assigns the defenders that lose least; and in roll windows plays the combat
    potion or ability that improves the combat most, if it is worth its cost."""

    name = "greedy"


    @staticmethod
    def _most(state: WentworthState) -> tuple[int, int]:
        """The highest cost and most bindings of a guardian in play (see :func:`_most_of`)."""
        return _most_of(state)

    def act(self, state: WentworthState) -> WentworthAction:
        """The action :meth:`choose` picks from ``state.legal_actions()``, found without listing every
        action (the batch runner's fast path; a test checks they agree)."""
        if state.pending:
            return self._best_choice(state, state.pending[0])
        phase = state.phase
        if phase == REBUFF or phase == REINFORCE:
            return self._act_main(state, {})
        if phase == DEFEND:
            return _blocks_action(state)
        if phase == ROLL:
            return self._act_roll(state, {})
        if phase == RESPOND:
            return self._act_window(state, {})
        return REDRAW if self._redraw_value(state, REDRAW) > 0 else KEEP

    def _act_main(self, state: WentworthState, cache: dict[Any, Any]) -> WentworthAction:
        p = state.active
        side = state.sides[p]
        hand = side.hand
        influence = side.influence
        rebuff = state.phase == REBUFF
        if state.dirty:
            state.refresh()
        # guardians first (they are worth 60 or more), then the other cards, skipping bindings and
        # environments that cannot reach the best value so far; ties go to the card first in hand, as in choose()
        found = _Best()
        others = self._main_guardians(state, p, found, cache)
        if others is not None:
            self._main_others(state, p, others, found, cache)
        best: WentworthAction | None = None
        if found.pick is not None:
            index, facts, code, obj = found.pick
            best = new_action(Play, (index, facts.name, code, describe(obj) if code is not None else ""))
        if state.src_act:
            best = self._main_abilities(state, p, found, best, cache)
        if not rebuff:
            return best or END_TURN
        if best is not None:
            return best
        if influence >= _RICH and side.deck:
            for index, facts in enumerate(hand):
                if self._dead(state, p, facts):
                    return new_action(Discard, (index, facts.name))
        dig = _dig_index(state, p)
        if dig >= 0:
            return new_action(Discard, (dig, hand[dig].name))
        return _declare_action(state, p, side.guardians)

    def _main_guardians(self, state: WentworthState, p: int, found: _Best, cache: dict[Any, Any]) -> list[int] | None:
        """The guardians of ``p``'s hand weighed against ``found`` (in hand order); the other cards it may play in
        this main step (their indexes in hand; None: none), for :meth:`_main_others`."""
        side = state.sides[p]
        influence = side.influence
        rebuff = state.phase == REBUFF
        plain = not state.src_cost and not side.cost_temp
        guardians = side.guardians
        count = len(guardians)
        lo = 0
        if count < MAX_GUARDIANS:
            least = 0
        elif count == MAX_GUARDIANS:
            g0, g1, g2, g3 = guardians
            lo = min(g0.facts.cost, g1.facts.cost, g2.facts.cost, g3.facts.cost)
            least = lo + 3
        else:
            least = 1000
        others = None
        # the costs: printed, or printed plus what cost_deltas() gives the card's type (None: ask cost())
        deltas = None if plain else state.cost_deltas(p)
        exact = plain or deltas is not None
        for index, facts in enumerate(side.hand):
            if plain:
                if facts.cost > influence:
                    continue
            elif deltas is not None:
                delta = deltas[facts.type]
                if delta:
                    c = facts.cost + delta
                    if (c if c > 1 else 1) > influence:
                        continue
                elif facts.cost > influence:
                    continue
            kind = facts.type
            if kind is GUARDIAN:
                c = facts.cost
                if c < least or (not exact and state.cost(p, facts) > influence):
                    continue
                base = 100.0 + 2 * c if count < MAX_GUARDIANS else 60.0 + 2 * (c - lo)
                self._main_guardian(state, p, index, facts, base, found, cache)
            elif rebuff or kind is POTION:
                # bindings and environments in the Rebuff step; potions in either main step
                if facts.main_skip or (not exact and state.cost(p, facts) > influence):
                    continue
                if others is None:
                    others = [index]
                else:
                    others.append(index)
        return others

    def _main_guardian(self, state: WentworthState, p: int, index: int, facts: Facts, base: float, found: _Best,
                       cache: dict[Any, Any]) -> None:
        """Guardian ``facts`` (card ``index`` of the hand, worth ``base`` before its effects) at its best target,
        weighed against ``found``."""
        eff = facts.choice
        if eff is None:
            # _card_value(), its guardian base known
            value = base
            for eff in facts.plays:
                value += self._effect_value(state, p, eff, None, cache)
            if value > found.score:
                found.pick, found.score, found.index = (index, facts, None, None), value, index
            return
        targets = state.targets(p, eff)
        if not targets:
            value = self._card_value(state, p, facts, None, cache)
            if value > found.score:
                found.pick, found.score, found.index = (index, facts, None, None), value, index
            return
        if facts.gchoice:
            rebuff = state.phase == REBUFF
            for code, obj in targets:
                value = base + (0.0 + _g_value(state, p, eff, obj, rebuff))
                if value > found.score:
                    found.pick, found.score, found.index = (index, facts, code, obj), value, index
            return
        for code, obj in targets:
            value = self._card_value(state, p, facts, obj, cache)
            if value > found.score:
                found.pick, found.score, found.index = (index, facts, code, obj), value, index

    def _main_others(self, state: WentworthState, p: int, others: list[int], found: _Best,
                     cache: dict[Any, Any]) -> None:
        """The bindings, environments and potions of ``p``'s hand (``others``: their indexes) weighed against
        ``found``, skipping those that cannot reach it."""
        side = state.sides[p]
        hand = side.hand
        rebuff = state.phase == REBUFF
        for index in others:
            facts = hand[index]
            kind = facts.type
            if kind is BINDING:
                if found.score > 50.0 + facts.cost:
                    # no host can make it reach the best so far (a host adds at most half its cost;
                    # no card compiled in this process costs more than TOP_COST[0])
                    if 50.0 + 0.5 * TOP_COST[0] + facts.cost < found.score:
                        continue
                    if 50.0 + 0.5 * found.most(state)[0] + facts.cost < found.score:
                        continue
                code, host, host_value = self._best_host(state, p, facts, cache)
                if code is not None:
                    value = 50.0 + facts.cost + host_value
                    if value > found.score or (value == found.score and index < found.index):
                        found.pick, found.score, found.index = (index, facts, code, host), value, index
                continue
            if kind is ENVIRONMENT:
                if side.env is None:
                    value = 60.0 + facts.cost
                    if value > found.score or (value == found.score and index < found.index):
                        found.pick, found.score, found.index = (index, facts, None, None), value, index
                continue
            eff = facts.choice
            if eff is None:
                # _card_value() of a potion
                value = 0.0
                for eff in facts.plays:
                    value += self._effect_value(state, p, eff, None, cache)
                value = 30.0 + value if _pays(value, facts) else 0.0
                if value > found.score or (value == found.score and index < found.index):
                    found.pick, found.score, found.index = (index, facts, None, None), value, index
                continue
            if facts.gchoice:
                if not _pays(eff.gmax_rebuff if rebuff else eff.gmax_main, facts):
                    continue
                # a guardian (or better) is found: skip the potion if no target can reach it
                if found.score > 60.0 and 30.0 + _g_bound(eff, True, found.most(state)) < found.score:
                    continue
                for code, obj in state.targets(p, eff):
                    value = 0.0 + _g_value(state, p, eff, obj, rebuff)
                    if _pays(value, facts):
                        value = 30.0 + value
                        if value > found.score or (value == found.score and index < found.index):
                            found.pick, found.score, found.index = (index, facts, code, obj), value, index
                continue
            # a guardian (or better) is found: skip the potion if no target can reach it
            if found.score > 60.0 and 30.0 + self._plays_bound(state, facts, found.most(state)) < found.score:
                continue
            for code, obj in state.targets(p, eff):
                value = self._card_value(state, p, facts, obj, cache)
                if value > found.score or (value == found.score and index < found.index):
                    found.pick, found.score, found.index = (index, facts, code, obj), value, index

    def _main_abilities(self, state: WentworthState, p: int, found: _Best, best: WentworthAction | None,
                        cache: dict[Any, Any]) -> WentworthAction | None:
        """The best of ``best`` (worth ``found.score``) and ``p``'s abilities usable in this main step."""
        rebuff = state.phase == REBUFF
        for obj, user, slot, eff in state.src_act:
            if user != p or eff.window == W_ROLL or not state.ability_ready(p, obj, eff, slot):
                continue
            if eff.gchoice:
                # no target can make it worth using: skip it (the same answer as below)
                if (eff.gmax_rebuff if rebuff else eff.gmax_main) - eff.pay < 3:
                    continue
                if found.score > 60.0 and 20.0 + _g_bound(eff, rebuff, found.most(state)) - eff.pay <= found.score:
                    continue
            targets = state.ability_targets(p, obj, eff, False)
            if targets is None:
                value = self._ability_value(state, p, obj, eff, None, cache)
                if value > found.score:
                    found.score = value
                    best = new_action(Activate, (obj.uid, slot, obj.facts.name, None, ""))
                continue
            if eff.gchoice:
                # the same terms as _ability_value, the target-independent ones once
                rests = eff.rest or eff.rest_attached
                if rests:
                    g = obj if eff.rest else obj.host
                    if rebuff and state.may_attack(g):
                        continue
                    penalty = 3 + 2 * state.roll_power(g)
                for code, target in targets:
                    value = 0.0 + _g_value(state, p, eff, target, rebuff)
                    if rests:
                        value -= penalty
                    value -= eff.pay
                    if value >= 3:
                        value = 20.0 + value
                        if value > found.score:
                            found.score = value
                            best = new_action(Activate, (obj.uid, slot, obj.facts.name, code, describe(target)))
                continue
            for code, target in targets:
                value = self._ability_value(state, p, obj, eff, target, cache)
                if value > found.score:
                    found.score = value
                    best = new_action(Activate, (obj.uid, slot, obj.facts.name, code, describe(target)))
        return best

    def _act_window(self, state: WentworthState, cache: dict[Any, Any]) -> WentworthAction:
        """In another player's step window: the potion that pays for itself most (as in a main step), or pass."""
        p = state.w_seats[0]
        side = state.sides[p]
        if state.dirty:
            state.refresh()
        influence = side.influence
        pick: tuple[int, Facts, int | None, Any] | None = None
        best_score = 0.0
        plain = not state.src_cost and not side.cost_temp
        for index, facts in enumerate(side.hand):
            if facts.type is not POTION or facts.window == W_ROLL or facts.main_skip:
                continue
            if (facts.cost if plain else state.cost(p, facts)) > influence:
                continue
            eff = facts.choice
            if facts.gchoice and eff is not None and not _pays(eff.gmax_main, facts):
                # no target can make it pay for itself (the bound _act_main uses outside the Rebuff step)
                continue
            if eff is None:
                value = self._card_value(state, p, facts, None, cache)
                if value > best_score:
                    pick, best_score = (index, facts, None, None), value
            else:
                for code, obj in state.targets(p, eff):
                    value = self._card_value(state, p, facts, obj, cache)
                    if value > best_score:
                        pick, best_score = (index, facts, code, obj), value
        if pick is None:
            return PASS_ROLL
        index, facts, code, obj = pick
        return new_action(Play, (index, facts.name, code, describe(obj) if code is not None else ""))

    def _act_roll(self, state: WentworthState, cache: dict[Any, Any]) -> WentworthAction:
        p = state.c_prio
        side = state.sides[p]
        if state.dirty:
            state.refresh()
        influence = side.influence
        plain = not state.src_cost and not side.cost_temp
        pick: tuple[int, Facts, int | None, Any] | None = None
        best_score = 0.0
        att, d = state.c_att, state.c_def
        assert att is not None  # in a roll window
        combatants = None
        for index, facts in enumerate(side.hand):
            if not (facts.is_roll or facts.trick) or (facts.cost if plain else state.cost(p, facts)) > influence:
                continue
            eff = facts.choice
            if not facts.is_roll and eff is not None and facts.gchoice:
                # a combat trick aimed at one guardian: only a guardian in the combat can change it (those of
                # its targets, in the order of targets(): from p's seat round the table)
                if combatants is None:
                    combatants = [att] if d is None else (
                        [att, d] if (att.owner - p) % state.n <= (d.owner - p) % state.n else [d, att])
                for g in combatants:
                    if not g.alive:
                        continue
                    name = eff.target
                    if name == "target_friendly_guardian":
                        if g.owner != p:
                            continue
                    elif name == "target_enemy_guardian":
                        if g.owner == p:
                            continue
                    elif name != "target_guardian":
                        continue
                    if eff.cond is not None and not eff.cond.ok(state, g):
                        continue
                    value = self._roll_value(state, p, facts.plays, g, None, facts, cache)
                    if value > best_score:
                        pick, best_score = (index, facts, g.uid, g), value
                continue
            if eff is None:
                value = self._roll_value(state, p, facts.plays, None, None, facts, cache)
                if value > best_score:
                    pick, best_score = (index, facts, None, None), value
            else:
                for code, obj in state.targets(p, eff):
                    value = self._roll_value(state, p, facts.plays, obj, None, facts, cache)
                    if value > best_score:
                        pick, best_score = (index, facts, code, obj), value
        best: WentworthAction = PASS_ROLL
        if pick is not None:
            index, facts, code, obj = pick
            best = new_action(Play, (index, facts.name, code, describe(obj) if code is not None else ""))
        if state.src_ract:
            for obj, eff, slot, code, target in _abilities_of(state, p, True):
                value = self._roll_value(state, p, (eff,), target, obj, None, cache)
                if value > best_score:
                    best_score = value
                    label = describe(target) if code is not None else ""
                    best = new_action(Activate, (obj.uid, slot, obj.facts.name, code, label))
        return best

    def choose(self, state: WentworthState, actions: Sequence[WentworthAction]) -> WentworthAction:
        if len(actions) == 1:
            return actions[0]
        cache: dict[Any, Any] = {}
        best = actions[-1]
        best_score = self.score(state, best, cache)
        for action in actions[:-1]:
            value = self.score(state, action, cache)
            if value > best_score:
                best, best_score = action, value
        return best

    def score(self, state: WentworthState, action: WentworthAction, cache: dict[Any, Any] | None = None) -> float:
        """How much ``action`` helps the player choosing now (0: no better than passing)."""
        cache = {} if cache is None else cache
        if state.pending:
            assert type(action) is Choose  # a pending choice is answered with one of its options
            return self._choice_value(state, state.pending[0], action.option)
        p = state.current_player()
        if type(action) is Play:
            facts = state.sides[p].hand[action.index]
            if facts.type is BINDING:
                return self._binding_value(state, p, facts, action.target, cache)
            target = state.target_object(action.target)
            if state.phase == ROLL:
                return self._roll_value(state, p, facts.plays, target, None, facts, cache)
            if state.phase != REBUFF and facts.type is not GUARDIAN and facts.type is not POTION:
                return 0.0
            if facts.type is ENVIRONMENT:
                return self._env_value(state.sides[p], facts)
            return self._card_value(state, p, facts, target, cache)
        if type(action) is Activate:
            obj = state.in_play(action.uid)
            eff = obj.facts.activated[action.slot]
            target = state.target_object(action.target)
            if state.phase == ROLL:
                return self._roll_value(state, p, (eff,), target, obj, None, cache)
            return self._ability_value(state, p, obj, eff, target, cache)
        if type(action) is Declare:
            return self._declare_value(state, action.attacks, cache)
        if type(action) is Block:
            return self._block_value(action.blocks, self._block_matrix(state, cache))
        if type(action) is Redraw:
            return self._redraw_value(state, action)
        if type(action) is Discard:
            side = state.sides[p]
            if state.phase != REBUFF:
                return 0.0
            if side.influence >= _RICH and self._dead(state, p, side.hand[action.index]):
                return 1.0
            return 0.9 if action.index == _dig_index(state, p) else 0.0
        return 0.0

    def _best_choice(self, state: WentworthState, pending: tuple[int, str, list[Choose], str, Any]) -> WentworthAction:
        options = pending[2]
        best = options[-1]
        if len(options) == 1:
            return best
        best_score = self._choice_value(state, pending, best.option)
        for action in options[:-1]:
            value = self._choice_value(state, pending, action.option)
            if value > best_score:
                best, best_score = action, value
        return best
