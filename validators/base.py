"""What every game's deck rules share: the report, and checks that several games use.

A validator is a function ``check(deck, report)`` registered for a game id; it
adds every violation it finds to the :class:`Report`, never stopping at the first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from decklab.catalog.cards import MAIN, Card, Deck


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule (or one warning): its id, a sentence, the cards, the count against the limit."""

    rule: str
    message: str
    cards: tuple[str, ...] = ()
    count: int | None = None
    limit: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "message": self.message, "cards": list(self.cards),
                "count": self.count, "limit": self.limit}


@dataclass
class Report:
    """The verdict on one deck: every error, every warning, and the deck's counts."""

    game: str
    deck: str
    format: str = "official"
    errors: list[Violation] = field(default_factory=list)
    warnings: list[Violation] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def is_legal(self) -> bool:
        return not self.errors

    def error(self, rule: str, message: str, *, cards: Iterable[Card | str] = (), count: int | None = None,
              limit: int | None = None) -> None:
        self.errors.append(Violation(rule, message, _names(cards), count, limit))

    def warn(self, rule: str, message: str, *, cards: Iterable[Card | str] = (), count: int | None = None,
             limit: int | None = None) -> None:
        self.warnings.append(Violation(rule, message, _names(cards), count, limit))

    def finish(self) -> Report:
        """Sort errors and warnings by rule, then by the cards they name."""
        self.errors.sort(key=lambda v: (v.rule, v.cards, v.message))
        self.warnings.sort(key=lambda v: (v.rule, v.cards, v.message))
        return self

    def to_dict(self) -> dict[str, Any]:
        """The JSON document of ``deck validate --json`` (DESIGN §7)."""
        return {"game": self.game, "deck": self.deck, "format": self.format, "legal": self.is_legal,
                "errors": [v.to_dict() for v in self.errors], "warnings": [v.to_dict() for v in self.warnings],
                "counts": dict(self.counts)}


def _names(cards: Iterable[Card | str]) -> tuple[str, ...]:
    return tuple(card.name if isinstance(card, Card) else card for card in cards)


def plural(count: int, word: str, words: str | None = None) -> str:
    """``plural(1, "card")`` is "1 card", ``plural(3, "card")`` "3 cards"."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def check_exact(report: Report, rule: str, *, count: int, expected: int, what: str, whose: str) -> None:
    """An exact-count rule, e.g. "a Ward deck has exactly 30 cards"."""
    if count != expected:
        report.error(rule, f"The {what} has {plural(count, 'card')}; {whose} has exactly {expected}.",
                     count=count, limit=expected)


def check_copies(report: Report, rule: str, copies: dict[Card, int], limit_of: Callable[[Card], int],
                 reason: Callable[[Card, int], str]) -> None:
    """A per-card copy limit: one violation for each card over its limit, naming it."""
    for card, count in copies.items():
        limit = limit_of(card)
        if count > limit:
            report.error(rule, f"{plural(count, 'copy', 'copies')} of {card.name}; {reason(card, limit)}.",
                         cards=[card], count=count, limit=limit)


def counts_by_group(deck: Deck, group_of: Callable[[str], str], section: str = MAIN) -> dict[str, int]:
    """Cards of one section counted by group (card type, or Mage Warfare pile)."""
    counts: dict[str, int] = {}
    for card, quantity in deck.entries(section):
        group = group_of(card.type)
        counts[group] = counts.get(group, 0) + quantity
    return counts
