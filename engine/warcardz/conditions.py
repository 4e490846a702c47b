"""Effect conditions of Warcardz ("a Medic of the Resistance in guard position, attacking with a Soldier"),
compiled once; and what an effect entry, a compiled modifier and an instant's window play are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias

from ..core import IdentityCache
from .board import ATTRIBUTES, POSITIONS

if TYPE_CHECKING:
    from .board import Fighter
    from .facts import Facts

# A card's effect entry: a mapping of its record, whose values are of any type.
Entry: TypeAlias = Mapping[str, Any]
# A compiled modifier: (stat, amount, condition); a variable card's is (amount, sides, condition).
Mod: TypeAlias = "tuple[int, int, Cond | None]"
# How an instant is played in a combat's tactics window (``Facts.window``): (True, preferred position only,
# condition) when it picks one of the player's fighters, else (False, its entries as (effect, target, stat,
# condition)).
Window: TypeAlias = ("tuple[Literal[True], bool, Cond | None]"
                      " | tuple[Literal[False], tuple[tuple[str, str | None, int, Cond | None], ...]]")


class Cond:
    """A compiled ``condition`` mapping."""

    __slots__ = ("alone", "attrs", "faction", "klass", "max_value", "position", "with_")
    alone: bool | None
    attrs: frozenset[int] | None
    faction: str | None
    klass: str | None
    max_value: int | None
    position: int
    with_: Cond | None

    def __init__(self, condition: Mapping[str, Any]) -> None:
        faction, klass, position = condition.get("faction"), condition.get("class"), condition.get("position")
        self.faction = faction.casefold() if faction else None
        self.klass = klass.casefold() if klass else None
        self.position = POSITIONS.index(position) if position in POSITIONS else -1
        attrs = condition.get("attribute")
        if isinstance(attrs, str):
            attrs = [attrs]
        self.attrs = frozenset(ATTRIBUTES.index(a) for a in attrs if a in ATTRIBUTES) if attrs else None
        self.max_value = condition.get("max_value")
        self.alone = condition.get("attacking_alone")
        self.with_ = Cond(condition["attacking_with"]) if condition.get("attacking_with") else None


def _compile(entry: Entry) -> Cond | None:
    condition = entry.get("condition")
    return Cond(condition) if condition else None


conditions: Final[IdentityCache[Entry, Cond | None]] = IdentityCache(_compile)
"""The compiled condition of each effect entry (entries never change): ``conditions.of(entry)``."""


def holds(c: Cond, facts: Facts, pos: int, attr: int, group: Sequence[Fighter | None] | None,
             me: Fighter | None) -> bool:
    """Whether ``facts`` (standing in position ``pos``, attribute card ``attr``, attacking with ``group``) meets
    ``c``."""
    if c.faction is not None and facts.faction != c.faction:
        return False
    if c.klass is not None and facts.klass != c.klass:
        return False
    if c.position >= 0 and pos != c.position:
        return False
    if c.attrs is not None and attr not in c.attrs:
        return False
    if c.max_value is not None and facts.value > c.max_value:
        return False
    if c.alone is not None and (group is not None and len(group) == 1) != bool(c.alone):
        return False
    if c.with_ is not None:
        if group is None:
            return False
        inner = c.with_
        for other in group:
            if other is not me and other is not None and holds(inner, other.facts, -1, attr, None, None):
                return True
        return False
    return True
