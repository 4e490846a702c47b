"""Effect conditions of Warhammer 40K Warfare ("a unit of the Orks faction with Power Level 40 or less"),
compiled once and answered for card facts; and what an effect entry and its context are."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ..core import IdentityCache

if TYPE_CHECKING:
    from .facts import Facts

Entry = Mapping[str, Any]
"""One effect of a card, as its card data writes it (``{"effect": "draw", "trigger": "on_play", ...}``)."""
Context = dict[str, Any]
"""Where an effect comes from: ``source`` (its card's facts), ``unit`` (the unit it belongs to), ``origin``..."""


class Condition:
    """An effect's condition compiled (case-folded), with the answers for cards at their printed power."""

    __slots__ = ("faction", "keyword", "max_power", "type", "answers")
    faction: str | None
    keyword: str | None
    max_power: int | None
    type: str | None
    answers: dict[Facts, bool]

    def __init__(self, source: Entry) -> None:
        faction, keyword = source.get("faction"), source.get("keyword")
        self.faction = faction.casefold() if faction else None
        self.keyword = keyword.casefold() if keyword else None
        self.max_power = source.get("max_power")
        self.type = source.get("type")
        self.answers = {}

    def is_met(self, facts: Facts, power: int) -> bool:
        """Whether ``facts`` (a card, or a unit at ``power``) meets the condition."""
        if self.faction and facts.faction != self.faction:
            return False
        if self.keyword and self.keyword not in facts.keywords:
            return False
        if self.max_power is not None and power > self.max_power:
            return False
        return not self.type or facts.type == self.type


# Conditions compiled, by identity: cards and conditions are immutable, so the answers last the process.
_COMPILED: Final[IdentityCache[Entry, Condition]] = IdentityCache(Condition)


def matches(facts: Facts, condition: Entry | None, power: int | None = None) -> bool:
    """Whether a card (or a unit of ``power``) meets an effect's condition."""
    if not condition:
        return True
    compiled = _COMPILED.of(condition)
    if power is None:
        answers = compiled.answers
        answer = answers.get(facts)
        if answer is None:
            answer = answers[facts] = compiled.is_met(facts, facts.power)
        return answer
    return compiled.is_met(facts, power)
