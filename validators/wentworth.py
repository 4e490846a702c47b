"""Wentworth deck rules: exactly 100 cards, each card once."""

from __future__ import annotations

from decklab.catalog.cards import MAIN, Deck

from . import register
from .base import Report, check_copies, check_exact, counts_by_group

SIZE = 100


@register("wentworth")
def check(deck: Deck, report: Report) -> None:
    size = deck.size()
    report.counts.update(cards=size, **counts_by_group(deck, str))
    check_exact(report, "wentworth.size", count=size, expected=SIZE, what="deck", whose="a Wentworth deck")
    check_copies(report, "wentworth.singleton", deck.copies(MAIN), lambda card: 1,
                 lambda card, limit: "a Wentworth deck holds each card only once")
