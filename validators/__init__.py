"""Deck legality for the five games: pure functions over plain cards and decks.

>>> from decklab.catalog.cards import Card, Deck
>>> potion = Card(game="wentworth", name="Tonic", type="potion", set_code="T", fields={})
>>> report = validate(Deck(name="One", game="wentworth", sections={"main": [(potion, 2)]}))
>>> [v.rule for v in report.errors]
['wentworth.singleton', 'wentworth.size']
"""

from __future__ import annotations

from collections.abc import Callable

from decklab.catalog.cards import FORMATS, Deck

from .base import Report, Violation

__all__ = ["FORMATS", "Report", "Violation", "register", "validate"]

Check = Callable[[Deck, Report], None]
_CHECKS: dict[str, Check] = {}


def register(game: str) -> Callable[[Check], Check]:
    """Register ``check(deck, report)`` as the deck rules of ``game``."""

    def decorate(check: Check) -> Check:
        _CHECKS[game] = check
        return check

    return decorate


def validate(deck: Deck, *, format: str | None = None) -> Report:
    """Check ``deck`` against its game's deck rules and report every violation.

    ``format`` is ``official`` (the default, or the deck's own) or ``casual``
    (Ward's banlist does not apply).
    """
    chosen = format or deck.format or "official"
    if chosen not in FORMATS:
        raise ValueError(f"'{chosen}' is not a format; the formats are {', '.join(FORMATS)}")
    report = Report(game=deck.game, deck=deck.name, format=chosen)
    _CHECKS[deck.game](deck, report)
    return report.finish()


from . import magewarfare, warcardz, ward, wentworth, wh40k  # noqa: E402,F401  (each registers itself)
