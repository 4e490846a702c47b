"""What Wentworth's greedy player thinks cards, effects and choices are worth outside combat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..core import Choose
from .board import (
    ATTACK,
    DEFENSE,
    ENVIRONMENT,
    GUARDIAN,
    K_DAMAGE,
    K_DESTROY,
    K_DISCARD,
    K_DRAW,
    K_ENTRY_ATTACK,
    K_EXTRA_COMBAT,
    K_GAIN_INFLUENCE,
    K_HEAL,
    K_LOSE_INFLUENCE,
    K_MODIFY_COST,
    K_MODIFY_ROLL,
    K_READY,
    K_RECOVER,
    K_REST,
    K_RETURN_TO_HAND,
    K_SEARCH_DECK,
    MAX_GUARDIANS,
    PLAYER_TARGETS,
    REBUFF,
    RECHARGE,
    START_LIFE,
    W_MAIN,
    W_ROLL,
    Binding,
    Env,
    Guardian,
    Redraw,
    Side,
)
from .facts import Cond, Eff, Facts
from .state import WentworthState


def _abilities_of(state: WentworthState, p: int, in_roll: bool) -> list[tuple[Any, Eff, int, Any, Any]]:
    """(source, ability, slot, target code, target) of ``p``'s abilities usable now, in the order of the engine's
    legal actions."""
    if state.dirty:
        state.refresh()
    found = []
    for obj, user, slot, eff in state.src_act:
        if user != p or ((eff.window == W_MAIN) if in_roll else (eff.window == W_ROLL)):
            continue
        if not state.ability_ready(p, obj, eff, slot):
            continue
        targets = state.ability_targets(p, obj, eff, in_roll)
        if targets is None:
            found.append((obj, eff, slot, None, None))
        else:
            for code, target in targets:
                found.append((obj, eff, slot, code, target))
    return found


def _cheap_guardians(hand: list[Facts]) -> int:
    """How many guardians in ``hand`` cost no more than one turn's influence."""
    count = 0
    for facts in hand:
        if facts.type is GUARDIAN and facts.cost <= RECHARGE:
            count += 1
    return count


def _g_value(state: WentworthState, p: int, eff: Eff, g: Guardian, rebuff: bool) -> float:
    """What an effect that touches guardian ``g`` adds to :meth:`_effect_value` (the same terms)."""
    code = eff.code
    amount = eff.amount
    mine = g.owner == p
    if code == K_DAMAGE:
        left = state.life_left(g)
        worth = 6.0 + 2 * g.facts.cost if amount >= left else 0.7 * amount
        return -worth if mine else worth
    if code == K_HEAL:
        healed = min(amount, g.damage)
        return healed if mine else -healed
    if code == K_RETURN_TO_HAND:
        return -g.facts.cost if mine else 4.0 + g.facts.cost + 2 * len(g.bindings)
    if code == K_REST:
        if not mine and rebuff and not g.resting and state.any_attack(p):
            return 4.0 + 0.5 * g.facts.cost
    elif code == K_READY:
        if mine and g.resting and not rebuff:
            return 4.0 + 0.5 * g.facts.cost
    elif code == K_ENTRY_ATTACK:
        if mine and rebuff and g.entered == state.turn and not state.may_attack(g):
            return 6.0 + 3 * state.roll_power(g)
    elif code == K_EXTRA_COMBAT:
        if mine and rebuff and state.may_attack(g):
            return 4.0 + 3 * state.roll_power(g)
    elif code == K_MODIFY_ROLL:
        if mine:
            if rebuff and eff.applies & ATTACK and amount > 0 and state.may_attack(g):
                return amount
        elif rebuff and eff.applies & DEFENSE and amount < 0 and state.may_defend(g):
            return -(0.8 * amount)
    return 0.0


def _most_of(state: WentworthState) -> tuple[int, int]:
    """The highest cost and most bindings of a guardian in play (what bounds :func:`_g_value`)."""
    cost = bound = 0
    for side in state.sides:
        for g in side.guardians:
            if g.facts.cost > cost:
                cost = g.facts.cost
            if len(g.bindings) > bound:
                bound = len(g.bindings)
    return cost, bound


def _g_bound(eff: Eff, rebuff: bool, most: tuple[int, int]) -> float:
    """An upper bound of :func:`_g_value` of ``eff`` on any guardian in play."""
    code = eff.code
    cost, bound = most
    if code == K_DAMAGE:
        return max(6.0 + 2 * cost, 0.7 * eff.amount)
    if code == K_HEAL:
        return float(eff.amount)
    if code == K_RETURN_TO_HAND:
        return 4.0 + cost + 2 * bound
    if code == K_REST or code == K_READY:
        return 4.0 + 0.5 * cost
    if code == K_MODIFY_ROLL:
        return eff.gmax_rebuff if rebuff else 0.0
    if code == K_ENTRY_ATTACK or code == K_EXTRA_COMBAT:
        return float("inf")
    return 0.0


def _pool_of(state: WentworthState, p: int, eff: Eff, target: Any, source: Any) -> list[Guardian]:
    """The guardians an effect would touch, seen by the player choosing (an approximation of the
    engine's targeting for effects that do not pick)."""
    name = eff.target
    if eff.choice:
        return [target] if type(target) is Guardian else []
    if name == "this":
        return [source] if type(source) is Guardian else []
    if name == "attached":
        host = source.host if type(source) is Binding else None
        return [host] if host is not None else []
    sides = state.sides
    if name == "friendly_guardians":
        return sides[p].guardians
    if name == "other_friendly_guardians":
        return [g for g in sides[p].guardians if g is not source]
    if name == "enemy_guardians":
        return [g for side in sides if side.seat != p for g in side.guardians]
    if name in ("all_guardians", "all_other_guardians"):
        return [g for side in sides for g in side.guardians if g is not source]
    return []


def _binding_conds(facts: Facts) -> tuple[Cond, ...]:
    """The card conditions (faction, cost, printed roll power) of a binding's effects on its host: a host
    must meet them for the binding to do anything there."""
    conds = _CONDS.get(facts)
    if conds is None:
        effs = [eff for _, _, eff in facts.passives]
        for entries in facts.triggers.values():
            effs.extend(entries)
        found = []
        for eff in effs:
            if eff.cond is not None and eff.target == "attached" and eff.cond.plain:
                found.append(eff.cond)
        conds = _CONDS[facts] = tuple(found)
    return conds


_CONDS: dict[Facts, tuple[Cond, ...]] = {}


def _threat_of(state: WentworthState, side: Side) -> float:
    """How threatening an opponent is (a tie-break among targets that does not depend on seats): the
    printed roll power of its guardians, then its influence, then how close it is to losing."""
    power = 0
    for g in side.guardians:
        power += g.facts.rp
    return power + 0.001 * side.influence - 0.00001 * side.life


def _tie_of(side: Side) -> float:
    """What breaks ties between opponents to attack: the one closest to losing, then the most threatening
    (printed roll power of its guardians, then influence); turn order only when all of these are equal."""
    power = 0
    for g in side.guardians:
        power += g.facts.rp
    return 0.01 * (START_LIFE - side.life) + 0.0002 * power + 0.000001 * side.influence


def _pays(value: float, facts: Facts) -> bool:
    """Whether a potion worth ``value`` (roughly in life points) pays for itself: worth at least the
    influence it costs, and at least 2 (the greedy player's potion test; was a flat 4, so that cheap
    potions such as Mana Spring, Healing Salve or Cutpurse were never played)."""
    return value >= 2.0 and value >= facts.cost


def _dig_index(state: WentworthState, p: int) -> int:
    """The card the greedy player discards to draw when stuck (-1: none), in its Rebuff step once nothing
    is worth playing: with no guardian in play and no guardian in hand, a card that needs a guardian to
    be of use (the cheapest to discard, first in hand on ties), while influence pays for it and cards are
    left to draw. The rulebook's discard-to-draw is the way out of a hand of bindings and potions."""
    side = state.sides[p]
    if side.guardians or not side.deck:
        return -1
    best, best_cost = -1, 0
    for index, facts in enumerate(side.hand):
        if facts.type is GUARDIAN:
            return -1
        if facts.type is ENVIRONMENT and side.env is None:
            continue
        price = (facts.cost + 1) // 2
        if price <= side.influence and (best < 0 or price < best_cost):
            best, best_cost = index, price
    return best


def _guardian_base_of(state: WentworthState, p: int, facts: Facts) -> float:
    """A guardian while there is room for it; with four, only one clearly better than the cheapest
    (which is then discarded at the end of the turn)."""
    guardians = state.sides[p].guardians
    if len(guardians) < MAX_GUARDIANS:
        return 100.0 + 2 * facts.cost
    if len(guardians) == MAX_GUARDIANS:
        least = guardians[0].facts.cost
        for g in guardians:
            if g.facts.cost < least:
                least = g.facts.cost
        if facts.cost >= least + 3:
            return 60.0 + 2 * (facts.cost - least)
    return 0.0


# the bound of _plays_bound for a player effect, by kind (times its amount, for each seat it reaches)
_PER_SEAT: Final = {"damage": 1.5, "draw": 5.0, "gain_influence": 1.5, "lose_influence": 1.0, "discard": 3.0}



def _players_value(state: WentworthState, p: int, eff: Eff, seats: Sequence[int]) -> float:
    """What an effect on players ``seats`` is worth to ``p`` (the part of ``_effect_value`` for player targets)."""
    code = eff.code
    amount = eff.amount
    value = 0.0
    for seat in seats:
        sign = 1.0 if seat == p else -1.0
        other = state.sides[seat]
        if code == K_DAMAGE:
            value -= sign * 1.5 * amount
        elif code == K_HEAL:
            value += sign * (0.4 * amount if other.life < START_LIFE else 0.1)
        elif code == K_DRAW:
            value += sign * 5 * amount
        elif code == K_GAIN_INFLUENCE:
            value += sign * 1.5 * amount
        elif code == K_LOSE_INFLUENCE:
            value -= sign * min(amount, other.influence)
        elif code == K_DISCARD:
            value -= sign * 3 * min(amount, len(other.hand))
        elif code == K_SEARCH_DECK:
            value += sign * 5
        elif code == K_RECOVER:
            for f in state.sides[p].discard:
                if (not eff.card_type or f.type == eff.card_type) and (eff.cond is None or eff.cond.card_ok(f)):
                    value += 6
                    break
        elif code == K_MODIFY_COST:
            value += 1
    return value


class GreedyValues:
    """The greedy player's values of cards, effects and choices (the base of :class:`~.policies.Greedy`)."""

    def _best_host(self, state: WentworthState, p: int, facts: Facts,
                   cache: dict[Any, Any]) -> tuple[int | None, Guardian | int | None, float]:
        """The first host (in the engine's order, turn order from ``p``) worth most to this binding:
        (code, host, value). A helpful binding goes only on a guardian that meets its conditions (Crown of
        Cinders only on a Dragons guardian); a curse prefers a host it touches. A curse on a player goes to
        the most threatening opponent (most guardians' roll power, then least life; turn order last)."""
        helpful = facts.sign > 0
        key = ("host", facts)
        found = cache.get(key)
        if found is None:
            found = (None, None, 0.0)
            if facts.bind_player:
                if helpful:
                    found = (-1 - p, p, 0.0)
                else:
                    best = None
                    for side in state.seen_by(p):
                        if side.out or side.seat == p:
                            continue
                        value = _threat_of(state, side)
                        if best is None or value > best:
                            best, found = value, (-1 - side.seat, side.seat, 0.0)
            else:
                conds = _binding_conds(facts)
                best = None
                for side in ((state.sides[p],) if helpful else state.seen_by(p)):
                    if not helpful and side.seat == p:
                        continue
                    for g in side.guardians:
                        met = True
                        for cond in conds:
                            if not cond.card_ok(g.facts):
                                met = False
                                break
                        if not met:
                            if helpful:
                                continue
                            value = -0.3 * len(g.bindings)
                        else:
                            value = 0.5 * g.facts.cost - 0.3 * len(g.bindings)
                        if best is None or value > best:
                            best, found = value, (g.uid, g, value)
            cache[key] = found
        return found

    @staticmethod
    def _host_value(p: int, facts: Facts, host: Any) -> float | None:
        """What a host adds to a binding's value (None: the binding is wasted there)."""
        if type(host) is Guardian:
            if (facts.sign > 0) != (host.owner == p):
                return None
            if facts.sign > 0:
                for cond in _binding_conds(facts):
                    if not cond.card_ok(host.facts):
                        return None
            return 0.5 * host.facts.cost - 0.3 * len(host.bindings)
        return 0.0 if (facts.sign > 0) == (host == p) else None

    @staticmethod
    def _redraw_value(state: WentworthState, action: Redraw) -> float:
        if not action.redraw:
            return 0.0
        return 1.0 if _cheap_guardians(state.sides[state.redraw_seat].hand) < 2 else -1.0

    def _binding_value(self, state: WentworthState, p: int, facts: Facts, target: Any, cache: dict[Any, Any]) -> float:
        """Helpful bindings on one's own guardians (the most expensive first), curses on the opponents';
        only the best host counts (others score 0), and only in the Rebuff step."""
        if state.phase != REBUFF:
            return 0.0
        code, _, value = self._best_host(state, p, facts, cache)
        if code is None or code != target:
            return 0.0
        return 50.0 + facts.cost + value

    @staticmethod
    def _env_value(side: Side, facts: Facts) -> float:
        return 0.0 if side.env is not None else 60.0 + facts.cost

    def _dead(self, state: WentworthState, p: int, facts: Facts) -> bool:
        """A card the greedy player will not play soon (discarded to draw when influence piles up)."""
        if facts.type is GUARDIAN:
            return _guardian_base_of(state, p, facts) == 0.0
        return facts.type is ENVIRONMENT and state.sides[p].env is not None

    def _card_value(self, state: WentworthState, p: int, facts: Facts, target: Any, cache: dict[Any, Any]) -> float:
        """A guardian or a potion played now, with its chosen target."""
        choice = facts.choice
        wanted = choice.target if choice is not None else None
        if facts.type is GUARDIAN:
            value = _guardian_base_of(state, p, facts)
            if not value:
                return 0.0
            for eff in facts.plays:
                value += self._effect_value(state, p, eff, target if eff.target == wanted else None, cache)
            return value
        value = 0.0
        for eff in facts.plays:
            value += self._effect_value(state, p, eff, target if eff.target == wanted else None, cache)
        return 30.0 + value if _pays(value, facts) else 0.0

    def _ability_value(self, state: WentworthState, p: int, obj: Any, eff: Eff, target: Any,
                       cache: dict[Any, Any]) -> float:
        value = self._effect_value(state, p, eff, target, cache, source=obj)
        if eff.rest or eff.rest_attached:
            g = obj if eff.rest else obj.host
            if state.phase == REBUFF and state.may_attack(g):
                return 0.0
            value -= 3 + 2 * state.roll_power(g)
        value -= eff.pay
        return 20.0 + value if value >= 3 else 0.0

    def _effect_value(self, state: WentworthState, p: int, eff: Eff, target: Any, cache: dict[Any, Any],
                      source: Any = None) -> float:
        """What an effect is worth to ``p`` outside combat (roughly in life points)."""
        if eff.static is not None:
            return eff.static
        code = eff.code
        amount = eff.amount
        name = eff.target
        if name in PLAYER_TARGETS:
            seats: Sequence[int]
            if name == "controller":
                seats = (p,)
            elif name in ("opponent", "target_player"):
                seats = (target,) if target is not None else state.opponents(p)[:1]
            elif name == "each_opponent":
                seats = state.opponents(p)
            else:
                return 0.0
            return _players_value(state, p, eff, seats)
        if code == K_DESTROY:
            if type(target) is Binding:
                mine = (target.host.owner if target.host is not None else target.player) == p
                return (8.0 + target.facts.cost) * (1 if (target.facts.sign < 0) == mine else -1)
            if type(target) is Env:
                return 8.0 + target.facts.cost if target.owner != p else -10.0
            return 0.0
        if eff.choice:
            if type(target) is not Guardian:
                return 0.0
            return 0.0 + _g_value(state, p, eff, target, state.phase == REBUFF)
        pool = _pool_of(state, p, eff, target, source)
        if not pool:
            return 0.0
        value = 0.0
        rebuff = state.phase == REBUFF
        for g in pool:
            mine = g.owner == p
            if code == K_DAMAGE:
                left = state.life_left(g)
                worth = 6.0 + 2 * g.facts.cost if amount >= left else 0.7 * amount
                value += -worth if mine else worth
            elif code == K_HEAL:
                healed = min(amount, g.damage)
                value += healed if mine else -healed
            elif code == K_RETURN_TO_HAND:
                value += -g.facts.cost if mine else 4.0 + g.facts.cost + 2 * len(g.bindings)
            elif code == K_REST:
                if not mine and rebuff and not g.resting and state.any_attack(p):
                    value += 4.0 + 0.5 * g.facts.cost
            elif code == K_READY:
                if mine and g.resting and not rebuff:
                    value += 4.0 + 0.5 * g.facts.cost
            elif code == K_ENTRY_ATTACK:
                if mine and rebuff and g.entered == state.turn and not state.may_attack(g):
                    value += 6.0 + 3 * state.roll_power(g)
            elif code == K_EXTRA_COMBAT:
                if mine and rebuff and state.may_attack(g):
                    value += 4.0 + 3 * state.roll_power(g)
            elif code == K_MODIFY_ROLL:
                if mine:
                    if rebuff and eff.applies & ATTACK and amount > 0 and state.may_attack(g):
                        value += amount
                elif rebuff and eff.applies & DEFENSE and amount < 0 and state.may_defend(g):
                    value -= 0.8 * amount
        return value

    @classmethod
    def _plays_bound(cls, state: WentworthState, facts: Facts, most: tuple[int, int]) -> float:
        """An upper bound (with a margin for rounding) of the sum of :meth:`_effect_value` over what a
        potion does when played in the Rebuff step, whatever its target."""
        total = 1e-6
        guardians = -1
        for eff in facts.plays:
            if eff.static is not None:
                total += abs(eff.static)
                continue
            kind = eff.kind
            name = eff.target
            amount = abs(eff.amount)
            if name in PLAYER_TARGETS:
                if name == "each_opponent":
                    seats = state.n - 1
                elif name in ("controller", "opponent", "target_player"):
                    seats = 1
                else:
                    continue
                if kind == "heal":
                    per = 0.4 * amount + 0.1
                elif kind == "search_deck":
                    per = 5.0
                elif kind == "recover":
                    per = 6.0
                elif kind == "modify_cost":
                    per = 1.0
                else:
                    per = _PER_SEAT.get(kind, 0.0) * amount
                total += seats * per
                continue
            if kind == "destroy":
                return float("inf")
            per = _g_bound(eff, True, most)
            if kind == "heal":
                per = float(amount)
            per = per if per > 0 else 0.0
            if eff.choice:
                total += per
            elif per:
                if guardians < 0:
                    guardians = sum(len(side.guardians) for side in state.sides)
                total += guardians * per
        return total

    def _choice_value(self, state: WentworthState, pending: tuple[int, str, list[Choose], str, Any],
                      option: Any) -> float:
        player, kind, _, handler, data = pending
        if option is None or option is False:
            return 0.0
        if kind == "target":
            eff, ctx = data
            return self._effect_value(state, player, eff, state.target_object(option), {}, source=ctx.source) + 0.5
        if kind == "pay":
            return 3.0
        if kind == "sacrifice":
            g = state.guardian(option)
            assert g is not None  # one of the options: a guardian of the active player
            return -(2.0 * g.facts.cost + state.life_left(g))
        facts: Facts
        if handler == "_answer_search":
            seat, count, _ = data
            facts = state.sides[seat].deck[-count:][::-1][option]
        else:
            facts = state.sides[player].discard[option]
        return 1.0 + facts.cost + (5.0 if facts.type is GUARDIAN else 0.0)
