"""Warcardz's scores: a fighter's total in a combat (attack or defense, the active attribute, frenzy, every
modifier, the variable card's bonus) and a combat's two totals, computed the long way or read from per-process
tables and the state's caches (a layer of the state: :class:`ScoredState`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .board import (
    ACTIVE_ATTRIBUTE,
    ALL_ATTRIBUTES,
    ATTACK,
    BESIDE,
    DEFENSE,
    FRENZY,
    SQUARE_POSITION,
    Fighter,
)
from .combat import Combat
from .conditions import Mod, holds
from .facts import Facts
from .field import FieldState

_OWN: Final[dict[int, int]] = {}  # a card's own part of its score, per (card, attribute card, side, position)
# A variable card's bonus, per (variable card, card, position, attribute, side); the attribute is
# ``state.var_attr``: 0 for a variable card whose bonuses do not depend on it.
_VARIABLE: Final[dict[int, int]] = {}
# A card's own part plus the variable card's bonus, packed like ``_OWN``, per (variable card, attribute card,
# card, position, side): the key is ``state.skey + serial * 6 + position * 2 + attacking``.
_BASE: Final[dict[int, int]] = {}
_IN_GROUP: Final = 1 + (1 << 31)  # a ``_BASE`` key's part for an attacker in a group (see ``group_score``)


def _bonus(mods: tuple[Mod, ...], f: Facts, pos: int, a: int, frenzy: int, attacking: bool,
           group: Sequence[Fighter | None] | None, me: Fighter | None) -> int:
    """What modifiers ``(stat, amount, condition)`` add to a total (``frenzy``: the frenzy score counts)."""
    bonus = 0
    for stat, amount, c in mods:
        if c is not None and not holds(c, f, pos, a, group, me):
            continue
        if stat == a or stat == ACTIVE_ATTRIBUTE:
            bonus += amount
        elif stat == FRENZY:
            if frenzy:
                bonus += amount
        elif stat == ALL_ATTRIBUTES:
            bonus += amount * 2 if frenzy else amount
        elif stat == ATTACK and attacking or stat == DEFENSE and not attacking:
            bonus += amount
    return bonus


def _own_score(f: Facts, a: int, frenzy_on: bool, attacking: bool, pos: int, in_group: bool = False) -> int:
    """A card's total from its own stats and effects alone (attacking alone, or defending), packed as
    ``total * 2 + (1 if its frenzy score counts)``. ``in_group``: attacking with others, leaving out
    the modifiers that need another attacker to match (``Facts.with_mods``)."""
    group = ((None, None) if in_group else (None,)) if attacking else None
    frenzy = frenzy_on
    if attacking:
        for c in f.attack_frenzy:
            if c is None or holds(c, f, pos, a, group, None):
                frenzy = True
    home = 1 if pos == f.pos else 0
    total = (f.attack if attacking else f.defense) + f.attrs[a] + home + ((f.frenzy + home) if frenzy else 0)
    mods = f.self_mods + (f.attack_mods if attacking else ())
    if in_group:
        assert f.with_mods is not None  # (only a card whose in-group score takes the short way: see ``raw_score``)
        mods = tuple(m for m in mods if m not in f.with_mods)
    total += _bonus(mods, f, pos, a, frenzy, attacking, group, None)
    return total * 2 + (1 if frenzy else 0)


class ScoredState(FieldState):
    """The state's layer of scores: :meth:`score`, :meth:`fresh_score`, :meth:`group_score`, :meth:`raw_score`
    and :meth:`totals` are public (a policy weighs attacks with them)."""

    __slots__ = ()

    def score(self, fighter: Fighter, attacking: bool, group: Sequence[Fighter] | None = None,
              combat: Combat | None = None) -> int:
        """A fighter's total in a combat: attack (or defense) + the active attribute (+ frenzy) + every modifier.

        ``group`` is every attacker of the combat (``fighter`` included) when ``attacking``. Scores that do
        not depend on the group or on tactics played into the combat are cached until the field changes.
        """
        if combat is not None and not combat.plain:
            return self.raw_score(fighter, attacking, group, combat)
        if attacking:
            if group is None:
                return self.raw_score(fighter, True, None, None)
            if len(group) > 1:
                if fighter.facts.grouped:
                    return self.raw_score(fighter, True, group, None)
                for other in self.auras[fighter.owner]:
                    if other.facts.aura_grouped:
                        return self.raw_score(fighter, True, group, None)
                group = (fighter,)
            key = fighter.uid
        else:
            key = -fighter.uid
        cache = self.cache
        value: int | None = cache.get(key)
        if value is None:
            value = cache[key] = self.fresh_score(fighter, attacking, group)
        return value

    def fresh_score(self, fighter: Fighter, attacking: bool, group: Sequence[Fighter] | None = None) -> int:
        """:meth:`raw_score` outside a combat, for a score that does not depend on the other attackers
        (attacking alone, or defending): the card's own part and the variable card's bonus from a
        per-process table (``_BASE``), plus the commands of its side and a Medic beside it."""
        f = fighter.facts
        sq = fighter.sq
        pos = SQUARE_POSITION[sq]
        key = self.skey + f.serial * 6 + pos * 2 + attacking
        packed = _BASE.get(key)
        if packed is None:
            own_key = f.serial * 120 + self.tindex * 3 + (6 if attacking else 0) + pos * 2
            own = _OWN.get(own_key)
            if own is None:
                own = _OWN[own_key] = _own_score(f, self.attr, self.frenzy_on, attacking, pos)
            packed = _BASE[key] = own + self._variable_bonus(f, pos, attacking, None) * 2
        total = packed >> 1
        owner = fighter.owner
        if self.auras[owner]:
            if attacking and group is None:
                group = (fighter,)
            total += self._aura_bonus(fighter, attacking, pos, group, packed & 1)
        if not attacking and self.medics[owner]:
            board = self.board
            for near in BESIDE[sq]:
                other = board[near]
                if other is not None and other.facts.adj_mods and other.owner == owner:
                    total += _bonus(other.facts.adj_mods, f, pos, self.attr, packed & 1, False, None, fighter)
        return total

    def group_score(self, fighter: Fighter, group: Sequence[Fighter]) -> int:
        """:meth:`raw_score` of an attacker whose score depends on the other attackers (``group``, more than
        one), outside a combat: its own part without the bonuses that need another attacker to match and
        the variable card's bonus from ``_BASE``, plus those bonuses and the commands of its side."""
        f = fighter.facts
        pos = SQUARE_POSITION[fighter.sq]
        key = self.skey + f.serial * 6 + pos * 2 + _IN_GROUP
        packed = _BASE.get(key)
        if packed is None:
            own_key = f.serial * 120 + self.tindex * 3 + 6 + pos * 2 + 1
            own = _OWN.get(own_key)
            if own is None:
                own = _OWN[own_key] = _own_score(f, self.attr, self.frenzy_on, True, pos, True)
            packed = _BASE[key] = own + self._variable_bonus(f, pos, True, None) * 2
        total = packed >> 1
        if f.with_mods:
            total += _bonus(f.with_mods, f, pos, self.attr, packed & 1, True, group, fighter)
        if self.auras[fighter.owner]:
            total += self._aura_bonus(fighter, True, pos, group, packed & 1)
        return total

    def raw_score(self, fighter: Fighter, attacking: bool, group: Sequence[Fighter] | None,
                  combat: Combat | None) -> int:
        """:meth:`score` without the cache (also for a fighter imagined on another square).

        The card's own part (stats, preferred position, its own modifiers) comes from a per-process
        cache (``_OWN``, or ``_BASE`` with the variable card's bonus: :meth:`fresh_score`,
        :meth:`group_score`); the commands of its side and a Medic beside it are added to it. Tactics
        played into the combat, or a bonus that depends on who else attacks, take the long way.
        """
        f = fighter.facts
        if combat is not None:
            uid = fighter.uid
            if uid in combat.mods or uid in combat.frenzy or uid in combat.home:
                return self._full_score(fighter, attacking, group, combat) + self._variable_bonus(
                    f, SQUARE_POSITION[fighter.sq], attacking, combat)
        in_group = False
        if attacking and (group is None or (f.grouped and len(group) > 1)):
            if group is None or f.with_mods is None:
                return self._full_score(fighter, attacking, group, combat) + self._variable_bonus(
                    f, SQUARE_POSITION[fighter.sq], attacking, combat)
            if combat is None or not combat.no_variable:
                return self.group_score(fighter, group)
            in_group = True
        elif combat is None or not combat.no_variable:
            return self.fresh_score(fighter, attacking, group)
        sq = fighter.sq
        pos = SQUARE_POSITION[sq]
        key = f.serial * 120 + self.tindex * 3 + (6 if attacking else 0) + pos * 2 + in_group
        packed = _OWN.get(key)
        if packed is None:
            packed = _OWN[key] = _own_score(f, self.attr, self.frenzy_on, attacking, pos, in_group)
        total = packed >> 1
        if in_group:
            assert f.with_mods is not None  # (in a group only past the test of ``with_mods`` above)
            total += _bonus(f.with_mods, f, pos, self.attr, packed & 1, True, group, fighter)
        if self.auras[fighter.owner]:
            total += self._aura_bonus(fighter, attacking, pos, group, packed & 1)
        if not attacking and self.medics[fighter.owner]:
            board = self.board
            for near in BESIDE[sq]:
                other = board[near]
                if other is not None and other.facts.adj_mods and other.owner == fighter.owner:
                    total += _bonus(other.facts.adj_mods, f, pos, self.attr, packed & 1, False, None, fighter)
        return total  # (only here while the variable card is switched off)

    def _variable_bonus(self, f: Facts, pos: int, attacking: bool, combat: Combat | None) -> int:
        """The variable card's bonus to a fighter's total (none while it is ignored)."""
        if not self.var_mods or (combat is not None and combat.no_variable):
            return 0
        a = self.attr
        key = ((self.var_base + f.serial) * 3 + pos) * 10 + self.var_attr * 2 + attacking
        bonus = _VARIABLE.get(key)
        if bonus is None:
            bonus = 0
            want = 1 if attacking else 2
            for amount, side, c in self.var_mods:
                if side & want and (c is None or holds(c, f, pos, a, None, None)):
                    bonus += amount
            _VARIABLE[key] = bonus
        return bonus

    def _aura_bonus(self, fighter: Fighter, attacking: bool, pos: int, group: Sequence[Fighter] | None,
                    frenzy: int) -> int:
        """What the commands of the fighter's other fighters add to it (``frenzy``: its frenzy counts)."""
        f = fighter.facts
        key = ((((f.serial * 4 + pos) * 2 + attacking) * 2 + fighter.owner) * 2 + frenzy) * 2 + bool(f.auras)
        cache = self.acache
        bonus = cache.get(key)
        if bonus is not None:
            return bonus
        bonus = 0
        grouped = False
        for other in self.auras[fighter.owner]:
            if other is fighter:
                continue
            grouped |= other.facts.aura_grouped
            bonus += _bonus(other.facts.auras, f, pos, self.attr, frenzy, attacking, group, fighter)
        if not grouped:
            cache[key] = bonus
        return bonus

    def _full_score(self, fighter: Fighter, attacking: bool, group: Sequence[Fighter] | None,
                    combat: Combat | None) -> int:
        """The total before the variable card's bonus, with every modifier."""
        f = fighter.facts
        a = self.attr
        sq = fighter.sq
        pos = SQUARE_POSITION[sq]
        attr = f.attrs[a]
        fr = f.frenzy
        base = f.attack if attacking else f.defense
        frenzy_on = self.frenzy_on
        if pos == f.pos or (combat is not None and fighter.uid in combat.home):
            attr += 1
            fr += 1
        mods: tuple[Mod | tuple[int, int], ...] = f.self_mods  # (a combat's modifiers are (stat, amount))
        auras = self.auras[fighter.owner]
        other: Fighter | None
        if auras:
            for other in auras:
                if other is not fighter:
                    mods += other.facts.auras
        if not attacking:
            board = self.board
            for near in BESIDE[sq]:
                other = board[near]
                if other is not None and other.owner == fighter.owner and other.facts.adj_mods:
                    mods += other.facts.adj_mods
        else:
            if f.attack_mods:
                mods += f.attack_mods
            for c in f.attack_frenzy:
                if c is None or holds(c, f, pos, a, group, fighter):
                    frenzy_on = True
        if combat is not None:
            uid = fighter.uid
            if uid in combat.mods:
                mods += tuple(combat.mods[uid])
            if uid in combat.frenzy:
                frenzy_on = True
        for m in mods:
            c = m[2] if len(m) > 2 else None
            if c is not None and not holds(c, f, pos, a, group, fighter):
                continue
            stat = m[0]
            if stat == a or stat == ACTIVE_ATTRIBUTE:
                attr += m[1]
            elif stat == FRENZY:
                fr += m[1]
            elif stat == ALL_ATTRIBUTES:
                attr += m[1]
                fr += m[1]
            elif stat == ATTACK and attacking or stat == DEFENSE and not attacking:
                base += m[1]
        if frenzy_on:
            base += fr
        return base + attr

    def totals(self, combat: Combat) -> tuple[int, int]:
        """The combat score (all attackers summed) and the defender's score."""
        totals = combat.totals
        if totals is None:
            group = combat.attackers
            if combat.plain and len(group) > 1:  # the cached scores where they do not depend on the group
                cache = self.cache
                free = True
                for other in self.auras[combat.player]:
                    if other.facts.aura_grouped:
                        free = False
                attack: int | None  # (None below, for one attacker: not in the cache)
                attack = 0
                for f in group:
                    if free and not f.facts.grouped:
                        value: int | None = cache.get(f.uid)
                        if value is None:
                            value = cache[f.uid] = self.fresh_score(f, True)
                        attack += value
                    elif f.facts.grouped and f.facts.with_mods is not None:
                        attack += self.group_score(f, group)
                    else:
                        attack += self.score(f, True, group)
                defender = combat.defender
                defense: int | None = cache.get(-defender.uid)
                if defense is None:
                    defense = cache[-defender.uid] = self.fresh_score(defender, False)
                totals = combat.totals = (attack, defense)
                return totals
            if combat.plain:  # one attacker: the cached scores (see ``score``)
                cache = self.cache
                f = group[0]
                attack = cache.get(f.uid)
                if attack is None:
                    attack = cache[f.uid] = self.fresh_score(f, True, group)
                defender = combat.defender
                defense = cache.get(-defender.uid)
                if defense is None:
                    defense = cache[-defender.uid] = self.fresh_score(defender, False)
                totals = combat.totals = (attack, defense)
                return totals
            attack = 0
            for f in group:
                attack += self.score(f, True, group, combat)
            totals = combat.totals = (attack, self.score(combat.defender, False, None, combat))
        return totals
