"""The conditions an effect selects cards by ("a Dragon creature of AL 6 or less"), answered for card facts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

from ..core import IdentityCache

if TYPE_CHECKING:
    from .facts import Facts


def matches(facts: Facts, condition: Mapping[str, Any] | None) -> bool:
    """Whether a card meets a selection condition (card type, creature type, sub-type, AL bounds)."""
    if not condition:
        return True
    for key, wanted in condition.items():
        if key == "card_type":
            if ("creature" if facts.is_creature else "magic") != wanted:
                return False
        elif key == "creature_type":
            if facts.ctype != str(wanted).casefold():
                return False
        elif key == "sub_type":
            if facts.sub_type != wanted:
                return False
        elif key == "magic_type":
            if facts.magic_type != wanted:
                return False
        elif key in ("al_at_most", "al_at_least") and (
                not facts.is_creature or (facts.al > wanted if key == "al_at_most" else facts.al < wanted)):
            return False
    return True


def _memo(_condition: Mapping[str, Any] | None) -> dict[Facts, bool]:
    return {}


match_memos: Final[IdentityCache[Mapping[str, Any] | None, dict[Facts, bool]]] = IdentityCache(_memo, limit=4096)
"""A memo of :func:`matches` for each condition (cards and their conditions never change):
``match_memos.of(condition)``."""


def any_match(cards: list[Facts], condition: Mapping[str, Any] | None, skip: Facts | None) -> bool:
    """Whether a creature card among ``cards`` (other than ``skip``) meets ``condition``."""
    for f in cards:
        if f.is_creature and f is not skip and matches(f, condition):
            return True
    return False


def summoned_type_ok(entry: Mapping[str, Any], summoned: Facts) -> bool:
    wanted = (entry.get("condition") or {}).get("summoned_type")
    return wanted is None or summoned.ctype == str(wanted).casefold()
