"""Wentworth's greedy player in combat: which attacks to declare, which defenders to assign, and what a combat
potion or ability does to the combat under way."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any, Final

from .board import (
    ALL_DAMAGE,
    ATTACK,
    DEFENSE,
    K_DAMAGE,
    K_HEAL,
    K_MODIFY_ROLL,
    K_PREVENT_DAMAGE,
    K_REROLL,
    K_RESTRICT,
    K_RETURN_TO_HAND,
    NO_ATTACK,
    PLAYER_TARGETS,
    Block,
    Declare,
    Guardian,
    Side,
    WentworthAction,
    new_action,
)
from .dice import pips, sequence
from .facts import Eff, Facts
from .policy_values import GreedyValues, _pool_of, _tie_of
from .state import WentworthState

_PATIENCE: Final = 40  # turns after which it attacks into slightly better defenders (no endless standoffs)


def _declare_action(state: WentworthState, p: int, guardians: list[Guardian]) -> WentworthAction:
    """The best declaration: each guardian's first best option (a declaration scores its sum), in the
    order of state.attack_options() (the same values as :meth:`_attack_worth`)."""
    if state.dirty:
        state.refresh()
    turn = state.turn
    attackers = []
    for g in guardians:
        # may_attack(g), its usual answer read off directly
        if g.resting or g.noattack_turn == turn or g.noattack:
            continue
        if (g.dyn or g.attacks or g.entered == turn) and not state.may_attack(g):
            continue
        attackers.append(g)
    if not attackers:
        return NO_ATTACK
    if state.n == 2 and not state.c_mods:
        return _declare_two(state, p, attackers)
    return _declare_many(state, p, attackers)


def _declare_two(state: WentworthState, p: int, attackers: list[Guardian]) -> WentworthAction:
    """:func:`_declare_action` between two players: one seat to attack (the same values as :func:`_declare_many`,
    without the bookkeeping)."""
    turn = state.turn
    sides = state.sides
    n = state.n
    # expected rolls (a guardian's est_a and est_d are None until estimated)
    ea: float | None
    ed: float | None
    other = sides[1 - p]
    if other.out or not other.had_turn:
        return NO_ATTACK
    best: float | None = None
    defenders = 0
    for d in other.guardians:
        if d.resting or d.nodefend_turn == turn or d.nodefend:
            continue
        if d.dyn or d.temps:
            if d.dyn and not state.may_defend(d):
                continue
            ed = state.estimate(d, DEFENSE)
        else:
            ed = d.est_d
            if ed is None:
                # estimate(d, DEFENSE) with no moment's effects
                ed = d.est_d = sequence(3.5 * d.rp, d.m_def, d.owner, n) if d.m_def else 3.5 * d.rp
        defenders += 1
        if best is None or ed > best:
            best = ed
    count = len(attackers)
    threshold = 0.5 if turn <= _PATIENCE else -2.5
    seat = 1 - p
    suffix = f" -> P{seat + 1}"
    uids = []
    names = []
    for g in attackers:
        if g.dyn or g.temps:
            ea = state.estimate(g, ATTACK)
        else:
            ea = g.est_a
            if ea is None:
                # estimate(g, ATTACK) with no moment's effects
                ea = g.est_a = sequence(3.5 * g.rp, g.m_att, g.owner, n) if g.m_att else 3.5 * g.rp
        if ea <= 0 or not (best is None or ea - best > threshold or count > defenders):
            continue
        uids.append((g.uid, seat))
        names.append(g.facts.name + suffix)
        if g.xtra or g.extra_turn == turn or g.dyn:
            # with extra attacks, each one is worth as much: attack as often as allowed
            for _ in range(state.extra_attacks(g)):
                uids.append((g.uid, seat))
                names.append(g.facts.name + suffix)
    if uids:
        return new_action(Declare, (tuple(uids), ", ".join(names)))
    return NO_ATTACK


def _declare_many(state: WentworthState, p: int, attackers: list[Guardian]) -> WentworthAction:
    """:func:`_declare_action` in a free-for-all (or with roll effects of this combat): each attacker's best
    opponents."""
    turn = state.turn
    sides = state.sides
    n = state.n
    ea: float | None
    best: float | None
    plain = not state.c_mods
    infos = []
    for k in range(1, n):
        seat = (p + k) % n
        other = sides[seat]
        if other.out or not other.had_turn:
            continue
        best = None
        defenders = 0
        for d in other.guardians:
            if d.resting or d.nodefend_turn == turn or d.nodefend:
                continue
            if d.dyn and not state.may_defend(d):
                continue
            defenders += 1
            ed = d.est_d if plain and not d.dyn and not d.temps else None
            if ed is None:
                ed = state.estimate(d, DEFENSE)
            if best is None or ed > best:
                best = ed
        infos.append((seat, best, defenders, _tie_of(other)))
    if not infos:
        return NO_ATTACK
    count = len(attackers)
    threshold = 0.5 if turn <= _PATIENCE else -2.5
    attacks: list[tuple[Guardian, int]] = []
    for g in attackers:
        ea = g.est_a if plain and not g.dyn and not g.temps else None
        if ea is None:
            ea = state.estimate(g, ATTACK)
        if ea <= 0:
            continue
        if len(infos) == 1 and not (g.xtra or g.extra_turn == turn or g.dyn):
            seat, best, defenders, tie = infos[0]
            if best is None or ea - best > threshold or count > defenders:
                attacks.append((g, seat))
            continue
        values = _seat_values(infos, ea, threshold, count)
        extra = state.extra_attacks(g)
        if not extra:
            chosen, chosen_value = None, 0.0
            for seat, value in values:
                if value > chosen_value:
                    chosen, chosen_value = seat, value
            if chosen is not None:
                attacks.append((g, chosen))
            continue
        worth = dict(values)
        chosen_seats: tuple[int, ...]
        chosen_seats, chosen_value = (), 0.0
        for number in range(1, 2 + extra):
            for option in combinations_with_replacement([seat for seat, _ in values], number):
                value = 0.0
                for seat in option:
                    value += worth[seat]
                if value > chosen_value:
                    chosen_seats, chosen_value = option, value
        for seat in chosen_seats:
            attacks.append((g, seat))
    if attacks:
        return Declare(tuple([(g.uid, seat) for g, seat in attacks]),
                       ", ".join([f"{g.facts.name} -> P{seat + 1}" for g, seat in attacks]))
    return NO_ATTACK


def _seat_values(infos: list[tuple[int, float | None, int, float]], ea: float, threshold: float,
                 count: int) -> list[tuple[int, float]]:
    """What attacking each opponent of ``infos`` (seat, best defense, defenders, tie-break) is worth to an attacker
    of expected roll ``ea`` (the same values as :meth:`GreedyCombat._attack_worth`)."""
    values = []
    for seat, best, defenders, tie in infos:
        if best is None:
            value = 100.0 + ea + tie
        else:
            margin = ea - best
            if margin > threshold:
                value = 40.0 + margin + tie
            elif count > defenders:
                value = 10.0 + 0.2 * ea + tie
            else:
                value = 0.0
        values.append((seat, value))
    return values


def _defender_stats(state: WentworthState, side: Side,
                    plain: bool) -> tuple[list[Guardian], list[tuple[float, int, float]]]:
    """The guardians of ``side`` that may defend, each with its expected defense roll, life left and worth."""
    turn = state.turn
    defenders = []
    stats: list[tuple[float, int, float]] = []
    ed: float | None
    for d in side.guardians:
        # may_defend(d) and estimate(d, DEFENSE), their usual answers read off directly
        if d.resting or d.nodefend_turn == turn or d.nodefend:
            continue
        if d.dyn:
            if not state.may_defend(d):
                continue
            ed = state.estimate(d, DEFENSE)
            left = state.life_left(d)
        else:
            ed = d.est_d if plain and not d.temps else None
            if ed is None:
                ed = state.estimate(d, DEFENSE)
            left = d.life_max - d.damage
        defenders.append(d)
        stats.append((ed, left, 1.5 * d.facts.cost + 2.0))
    return defenders, stats


def _blocks_action(state: WentworthState) -> WentworthAction:
    """The assignment :meth:`_best_blocks` finds (the same values and search order), on lists."""
    if state.dirty:
        state.refresh()
    dp = state.c_dp
    side = state.sides[dp]
    plain = not state.c_mods
    defenders, stats = _defender_stats(state, side, plain)
    life = side.life
    undefended = state.undefended_damage
    decl = state.decl
    unblocked_values = []
    rows = []
    for index in state.block_idx:
        g = decl[index][0]
        ea = g.est_a if plain and not g.dyn and not g.temps else None
        if ea is None:
            ea = state.estimate(g, ATTACK)
        row = []
        for ed, left, worth in stats:
            diff = ea - ed
            row.append(-diff if diff <= 0 else -0.6 * diff if diff < left else -(diff - left) - worth)
        rows.append(row)
        # undefended-damage=none: an attack let through costs nothing
        unblocked_values.append((-ea - (50.0 if ea >= life else 0.0)) if undefended else 0.0)
    count = len(rows)
    size = len(defenders)
    if count == 1:
        best, best_score = -1, unblocked_values[0]
        row = rows[0]
        for k in range(size):
            if row[k] > best_score:
                best, best_score = k, row[k]
        chosen: tuple[int, ...] = (best,)
    elif size == 1:
        # the one defender blocks attack k (in that order) or none: the search's order and sums
        total = 0.0
        for unblocked in unblocked_values:
            total += unblocked
        best, best_score = -1, total
        for k in range(count):
            total = 0.0
            for index in range(count):
                total += rows[k][0] if index == k else unblocked_values[index]
            if total > best_score:
                best, best_score = k, total
        chosen = tuple([0 if index == best else -1 for index in range(count)])
    else:
        bounds = [0.0] * (count + 1)
        for index in range(count - 1, -1, -1):
            unblocked = unblocked_values[index]
            bounds[index] = bounds[index + 1] + max(unblocked, *rows[index]) if rows[index] else \
                bounds[index + 1] + unblocked
        total = 0.0
        for unblocked in unblocked_values:
            total += unblocked
        found: list[Any] = [(-1,) * count, total]
        _block_search(0, 0.0, rows, unblocked_values, bounds, [False] * size, [-1] * count, found)
        chosen = found[0]
    uids: list[int | None] = []
    parts = []
    for index, k in zip(state.block_idx, chosen, strict=False):
        g = decl[index][0]
        if k >= 0:
            d = defenders[k]
            uids.append(d.uid)
            parts.append(f"{d.facts.name} blocks {g.facts.name}")
        else:
            uids.append(None)
            parts.append(f"{g.facts.name} unblocked")
    return new_action(Block, (tuple(uids), "; ".join(parts)))


def _block_search(position: int, total: float, rows: list[list[float]], unblocked_values: list[float],
                  bounds: list[float], used: list[bool], picks: list[int], found: list[Any]) -> None:
    """The depth-first search of :func:`_blocks_action`: attack ``position`` on gets each unused defender
    (in order) or none; ``found`` keeps the first best assignment and its sum."""
    count = len(rows)
    best: float = found[1]
    if position == count:
        if total > best:
            found[0], found[1] = tuple(picks), total
        return
    if total + bounds[position] < best - 1e-9:
        return
    row = rows[position]
    for k in range(len(used)):
        if not used[k]:
            used[k] = True
            picks[position] = k
            _block_search(position + 1, total + row[k], rows, unblocked_values, bounds, used, picks, found)
            used[k] = False
    picks[position] = -1
    _block_search(position + 1, total + unblocked_values[position], rows, unblocked_values, bounds, used, picks, found)



def _rerolled(eff: Eff, dice: list[int] | tuple[()], favour: bool) -> float:
    """The expected dice sum after reroll ``eff`` (3.5 a die rerolled), ``favour``: for the dice's owner."""
    old = pips(dice)
    if eff.dice == "one":
        return old - (min(dice) if favour else max(dice)) + 3.5
    mean = 3.5 * len(dice)
    keep = eff.keep
    return (mean if keep == "new" else max(old, mean) if keep == "higher" else min(old, mean)
            if keep == "lower" else (max(old, mean) if favour else min(old, mean)))


def _total_after(total: float, dice: float, mods: list[tuple[int, int, int]],
                 new_mods: list[tuple[int, int, int]] | None, rerolled: bool, g: Guardian | None, n: int) -> float:
    """A combat roll total after a play: ``total`` (the one now) when its dice and effects are unchanged, else its
    dice sum ``dice`` after the effects (``new_mods`` when they changed); 0 with no guardian."""
    if new_mods is None and not rerolled:
        return total
    mods = new_mods if new_mods is not None else mods
    if g is None:
        return 0
    return sequence(dice, mods, g.owner, n) if mods else dice


def _penalty(effs: tuple[Eff, ...], source: Any, facts: Facts | None) -> float:
    """What a roll-window play costs the greedy player: its influence, a rest, a potion's later effects."""
    penalty = 1.0 + 0.3 * (facts.cost if facts is not None else 0)
    if source is not None:
        eff = effs[0]
        if eff.rest or eff.rest_attached:
            penalty += 2.0
        penalty += eff.pay
    if facts is not None and facts.delayed:
        penalty += 3.0
    return penalty


class GreedyCombat(GreedyValues):
    """The greedy player's values of attacks, blocks and roll-window plays (the base of :class:`~.policies.Greedy`)."""

    def _attack_value(self, state: WentworthState, g: Guardian, seat: int, cache: dict[Any, Any]) -> float:
        """An attack's worth: a sure hit when nobody can defend; else the expected margin over the best
        defender, or some pressure when the attackers outnumber the defenders."""
        memo = (g.uid, seat, "attack")
        found: float | None = cache.get(memo)
        if found is not None:
            return found
        found = cache[memo] = self._attack_worth(state, g, seat, cache)
        return found

    def _attack_worth(self, state: WentworthState, g: Guardian, seat: int, cache: dict[Any, Any]) -> float:
        ea = state.estimate(g, ATTACK)
        if ea <= 0:
            return 0.0
        key = -1 - seat
        defense = cache.get(key)
        if defense is None:
            estimate = state.estimate
            eds = [estimate(d, DEFENSE) for d in state.sides[seat].guardians if state.may_defend(d)]
            attackers = sum(1 for mine in state.sides[g.owner].guardians if state.may_attack(mine))
            defense = cache[key] = (max(eds) if eds else None, len(eds), attackers)
        best, defenders, attackers = defense
        tie = _tie_of(state.sides[seat])
        if best is None:
            return 100.0 + ea + tie
        margin = ea - best
        if margin > (0.5 if state.turn <= _PATIENCE else -2.5):
            return 40.0 + margin + tie
        if attackers > defenders:
            return 10.0 + 0.2 * ea + tie
        return 0.0

    def _declare_value(self, state: WentworthState, attacks: tuple[tuple[int, int], ...],
                       cache: dict[Any, Any]) -> float:
        """A declaration's worth: the sum of its attacks' values, squeezed below 0.5 so that every card
        worth playing is played first (declaring ends the Rebuff step)."""
        total = 0.0
        for uid, seat in attacks:
            g = state.guardian(uid)
            assert g is not None  # a guardian of the attacking player
            total += self._attack_value(state, g, seat, cache)
        return 0.5 * total / (1.0 + total) if total > 0 else total

    def _block_matrix(self, state: WentworthState, cache: dict[Any, Any]) -> tuple[tuple[float, dict[int, float]], ...]:
        """Per attack against the defending player: the value of no defender, and of each defender."""
        matrix = cache.get("blocks")
        if matrix is None:
            defenders = [(d.uid, state.estimate(d, DEFENSE), state.life_left(d), 1.5 * d.facts.cost + 2.0)
                         for d in state.defenders(state.c_dp)]
            life = state.sides[state.c_dp].life
            rows = []
            decl = state.decl
            for index in state.block_idx:
                ea = state.estimate(decl[index][0], ATTACK)
                values = {}
                for uid, ed, left, worth in defenders:
                    diff = ea - ed
                    values[uid] = (-diff if diff <= 0 else -0.6 * diff if diff < left
                                   else -(diff - left) - worth)
                # undefended-damage=none: an attack let through costs nothing
                rows.append((-ea - (50.0 if ea >= life else 0.0) if state.undefended_damage else 0.0, values))
            matrix = cache["blocks"] = tuple(rows)
        return matrix

    def _best_blocks(self, state: WentworthState, cache: dict[Any, Any]) -> tuple[int | None, ...]:
        """The assignment :meth:`choose` picks among ``state.block_options()`` (the first best in their
        order, the empty one on ties), by a depth-first search in that order that skips hopeless branches."""
        matrix = self._block_matrix(state, cache)
        count = len(matrix)
        if count == 1:
            unblocked, values = matrix[0]
            best, best_score = None, unblocked
            for uid, value in values.items():
                if value > best_score:
                    best, best_score = uid, value
            return (best,)
        uids = list(matrix[0][1])
        bounds = [0.0] * (count + 1)
        for index in range(count - 1, -1, -1):
            unblocked, values = matrix[index]
            bounds[index] = bounds[index + 1] + max(unblocked, *values.values()) if values else \
                bounds[index + 1] + unblocked
        no_blocks = (None,) * count
        found: list[Any] = [no_blocks, self._block_value(no_blocks, matrix)]

        def search(position: int, chosen: tuple[int | None, ...], total: float) -> None:
            if position == count:
                if total > found[1]:
                    found[0], found[1] = chosen, total
                return
            if total + bounds[position] < found[1] - 1e-9:
                return
            unblocked, values = matrix[position]
            for uid in uids:
                if uid not in chosen:
                    search(position + 1, chosen + (uid,), total + values[uid])
            search(position + 1, chosen + (None,), total + unblocked)

        search(0, (), 0.0)
        blocks: tuple[int | None, ...] = found[0]
        return blocks

    @staticmethod
    def _block_value(blocks: tuple[int | None, ...], matrix: tuple[tuple[float, dict[int, float]], ...]) -> float:
        total = 0.0
        for uid, (unblocked, values) in zip(blocks, matrix, strict=False):
            total += unblocked if uid is None else values[uid]
        return total

    def _combat_now(self, state: WentworthState, cache: dict[Any, Any]) -> tuple[Any, ...]:
        now = cache.get("now")
        if now is None:
            att, d = state.c_att, state.c_def
            assert att is not None  # in a roll window
            amods = state.roll_mods(att, ATTACK)
            dmods = state.roll_mods(d, DEFENSE) if d is not None else []
            a_sum, d_sum = pips(state.c_adice), pips(state.c_ddice)
            a = int(sequence(a_sum, amods, att.owner, state.n)) if amods else a_sum
            v = (int(sequence(d_sum, dmods, d.owner, state.n)) if dmods else d_sum) if d is not None else 0
            now = cache["now"] = (amods, dmods, a_sum, d_sum, a, v)
        return now

    def _outcome(self, state: WentworthState, p: int, a: float, v: float,
                 adjust: tuple[int, int, bool, int, int]) -> float:
        """The combat's result for ``p`` (damage dealt minus taken, defeats weighted by cost)."""
        prev_att, prev_def, shielded, life_att, life_def = adjust
        att, d = state.c_att, state.c_def
        assert att is not None  # in a roll window
        a = a if a > 0 else 0.0
        v = v if v > 0 else 0.0
        value = 0.0
        if a > v:
            amount = a - v
            if d is None:
                # undefended-damage=none: the player takes nothing
                if state.undefended_damage and not (shielded and p == state.c_dp):
                    value = float(amount)
            else:
                amount -= prev_def + d.shields + d.prevent
                if amount > 0 and not (state.c_protect and d.uid in state.c_protect):
                    left = state.life_left(d) + life_def
                    value = 0.5 * amount if amount < left else 0.5 * left + 1.5 * d.facts.cost + (
                        0 if shielded and p == state.c_dp else amount - left)
        elif v > a:
            amount = v - a - prev_att - att.shields - att.prevent
            if amount > 0 and not (state.c_protect and att.uid in state.c_protect):
                left = state.life_left(att) + life_att
                value = -(0.5 * amount if amount < left else 0.5 * left + 1.5 * att.facts.cost + (
                    0 if shielded and p == state.c_ap else amount - left))
        if p == state.c_ap:
            return value
        if p == state.c_dp:
            return -value
        # another player of a free-for-all: every point of damage hurts an opponent
        return value if value > 0 else -value

    def _outcome_now(self, state: WentworthState, p: int, a: float, v: float, cache: dict[Any, Any]) -> float:
        """The combat's result for ``p`` as it stands, before any play (see :meth:`_outcome`), kept in ``cache``."""
        key = ("outcome", p)
        before: float | None = cache.get(key)
        if before is None:
            before = cache[key] = self._outcome(state, p, a, v, (0, 0, False, 0, 0))
        return before

    def _roll_value(self, state: WentworthState, p: int, effs: tuple[Eff, ...], target: Any, source: Any,
                    facts: Facts | None, cache: dict[Any, Any]) -> float:
        """How much a combat potion or ability improves this combat for ``p`` (0: not worth it)."""
        amods, dmods, a_sum, d_sum, a, v = self._combat_now(state, cache)
        att, d = state.c_att, state.c_def
        assert att is not None  # in a roll window
        new_a = new_d = None
        prev_att = prev_def = 0
        # combat tricks: life healed (+) or damage dealt (-) before the comparison; a guardian of the combat
        # that leaves play ends it, worth what removing it is worth
        life_att = life_def = 0
        removed = False
        bonus = 0.0
        shielded = cancelled = False
        touched = rerolled_a = rerolled_d = False
        for eff in effs:
            code = eff.code
            if eff.target in PLAYER_TARGETS:
                if code == K_PREVENT_DAMAGE and eff.target == "controller" and eff.amount >= ALL_DAMAGE:
                    shielded = touched = True
                continue
            for g in _pool_of(state, p, eff, target, source):
                if g is not att and g is not d:
                    continue
                is_att = g is att
                touched = True
                if code == K_MODIFY_ROLL:
                    if eff.applies & (ATTACK if is_att else DEFENSE):
                        if is_att:
                            new_a = [*(new_a or amods), (eff.op, eff.amount, p)]
                        else:
                            new_d = [*(new_d or dmods), (eff.op, eff.amount, p)]
                elif code == K_REROLL:
                    new = _rerolled(eff, state.c_adice if is_att else state.c_ddice, p == g.owner)
                    if is_att:
                        a_sum, rerolled_a = new, True
                    else:
                        d_sum, rerolled_d = new, True
                elif code == K_PREVENT_DAMAGE:
                    if is_att:
                        prev_att += eff.amount
                    else:
                        prev_def += eff.amount
                elif code == K_RESTRICT and is_att:
                    cancelled = True
                elif code == K_HEAL:
                    healed = eff.amount if eff.amount < g.damage else g.damage
                    if is_att:
                        life_att += healed
                    else:
                        life_def += healed
                elif code == K_DAMAGE:
                    amount = eff.amount - g.prevent - g.shields
                    if amount > 0 and not (state.c_protect and g.uid in state.c_protect):
                        left = state.life_left(g) + (life_att if is_att else life_def)
                        if amount >= left:
                            removed = True
                            worth = 0.5 * left + 1.5 * g.facts.cost
                            bonus += -worth if g.owner == p else worth
                        elif is_att:
                            life_att -= amount
                        else:
                            life_def -= amount
                elif code == K_RETURN_TO_HAND:
                    removed = True
                    bonus += -0.5 * g.facts.cost if g.owner == p else 1.0 + 0.5 * g.facts.cost
        if not touched:
            return 0.0
        a2 = _total_after(a, a_sum, amods, new_a, rerolled_a, att, state.n)
        v2 = _total_after(v, d_sum, dmods, new_d, rerolled_d, d, state.n)
        if removed:
            after = bonus
        elif cancelled:
            after = 0.0
        else:
            after = self._outcome(state, p, a2, v2, (prev_att, prev_def, shielded, life_att, life_def))
        gain = after - self._outcome_now(state, p, a, v, cache)
        penalty = _penalty(effs, source, facts)
        return gain - penalty if gain > penalty else 0.0
