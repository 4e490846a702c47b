"""The conditions an effect selects cards by ("a Dragon creature of AL 6 or less"), answered for card facts."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

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


_MEMOS: Final[dict[int, tuple[Mapping[str, Any] | None, dict[Facts, bool]]]] = {}


def match_memo(condition: Mapping[str, Any] | None) -> dict[Facts, bool]:
    """A memo of :func:`matches` for one condition (cards and their conditions never change)."""
    entry = _MEMOS.get(id(condition))
    if entry is None or entry[0] is not condition:
        if len(_MEMOS) > 4096:
            _MEMOS.clear()
        entry = _MEMOS[id(condition)] = (condition, {})
    return entry[1]


def any_match(cards: list[Facts], condition: Mapping[str, Any] | None, skip: Facts | None) -> bool:
    """Whether a creature card among ``cards`` (other than ``skip``) meets ``condition``."""
    for f in cards:
        if f.is_creature and f is not skip and matches(f, condition):
            return True
    return False


def summoned_type_ok(entry: Mapping[str, Any], summoned: Facts) -> bool:
    wanted = (entry.get("condition") or {}).get("summoned_type")
    return wanted is None or summoned.ctype == str(wanted).casefold()
