"""Warcardz deck rules: 10 characters and 3 tactics, a possible starting line, side decks apart."""

from __future__ import annotations

from decklab.catalog.cards import MAIN, Card, Deck

from . import register
from .base import Report, plural

CHARACTERS = 10
TACTICS = 3
LINE = 5
LINE_VALUE = 25
LINE_ORDER = ("flank", "guard", "post", "guard", "flank")
SIDE_DECKS = ("attribute", "variable")


def a_kind(kind: str) -> str:
    """A card type with its article: "an attribute card", "a variable card".

    >>> a_kind("attribute"), a_kind("tactics")
    ('an attribute card', 'a tactics card')
    """
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind} card"


@register("warcardz")
def check(deck: Deck, report: Report) -> None:
    main = deck.entries(MAIN)
    characters = {card: q for card, q in main if card.type == "character"}
    count = {kind: sum(q for card, q in main if card.type == kind) for kind in ("character", "tactics")}
    report.counts.update(characters=count["character"], tactics=count["tactics"],
                         **{side: deck.size(side) for side in SIDE_DECKS}, line=deck.size("line"))
    _check_count(report, "warcardz.characters", count["character"], CHARACTERS, "character")
    _check_count(report, "warcardz.tactics", count["tactics"], TACTICS, "tactics card")
    _check_line_value(report, characters)
    _check_side_decks(report, deck)
    if deck.entries("line"):
        _check_starting_line(report, deck, characters)


def _check_count(report: Report, rule: str, count: int, expected: int, word: str) -> None:
    if count != expected:
        report.error(rule, f"The deck has {plural(count, word)}; a Warcardz player deck has exactly {expected}.",
                     count=count, limit=expected)


def _value(card: Card) -> int:
    return int(card.get("value", 0))


def _check_line_value(report: Report, characters: dict[Card, int]) -> None:
    """The five cheapest characters must fit in 25, or no legal starting line exists."""
    values = sorted(value for card, q in characters.items() for value in [_value(card)] * q)
    if len(values) < LINE:
        return
    cheapest = sum(values[:LINE])
    if cheapest > LINE_VALUE:
        names = sorted(characters, key=_value)[:LINE]
        report.error("warcardz.line-value", f"The five lowest-valued characters total {cheapest}; a starting line "
                     f"may total at most {LINE_VALUE}, so no legal line exists.", cards=names,
                     count=cheapest, limit=LINE_VALUE)


def _check_side_decks(report: Report, deck: Deck) -> None:
    """Attribute and variable cards belong in their side decks; nothing else does."""
    for card, quantity in deck.entries(MAIN):
        if card.type in SIDE_DECKS:
            report.error("warcardz.side-decks", f"{card.name} is {a_kind(card.type)}: it belongs in the "
                         f"[{card.type}] side deck, not the player deck.", cards=[card], count=quantity, limit=0)
    for side in SIDE_DECKS:
        for card, quantity in deck.entries(side):
            if card.type != side:
                report.error("warcardz.side-decks", f"{card.name} is {a_kind(card.type)}, not {a_kind(side)}: it "
                             f"cannot be in the [{side}] side deck.", cards=[card], count=quantity, limit=0)


def _check_starting_line(report: Report, deck: Deck, characters: dict[Card, int]) -> None:
    """The [line]: five characters of the deck (flank, guard, post, guard, flank) totalling at most 25."""
    line = deck.entries("line")
    size = deck.size("line")
    if size != LINE:
        report.error("warcardz.starting-line", f"The starting line names {plural(size, 'card')}; it is exactly "
                     f"five characters ({', '.join(LINE_ORDER)}).", count=size, limit=LINE)
    for card, quantity in line:
        if card.type != "character":
            report.error("warcardz.starting-line", f"{card.name} is {a_kind(card.type)}; only characters stand in "
                         "the starting line.", cards=[card], count=quantity, limit=0)
        elif quantity > characters.get(card, 0):
            have = characters.get(card, 0)
            where = "is not in the deck" if have == 0 else f"is in the deck only {plural(have, 'time')}"
            report.error("warcardz.starting-line", f"{card.name} stands in the starting line {plural(quantity, 'time')}"
                         f" but {where}.", cards=[card], count=quantity, limit=have)
    total = sum(_value(card) * quantity for card, quantity in line if card.type == "character")
    if total > LINE_VALUE:
        report.error("warcardz.starting-line", f"The starting line totals {total} value; at most {LINE_VALUE}.",
                     cards=[card for card, _ in line], count=total, limit=LINE_VALUE)
