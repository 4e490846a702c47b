"""Mage Warfare deck rules: pile minimums (with or without a Spellbook) and copies by rarity."""

from __future__ import annotations

from decklab.catalog.cards import MAIN, Deck
from decklab.catalog.games.magewarfare import PILES

from . import register
from .base import Report, check_copies, counts_by_group, plural

WITH_SPELLBOOK = {"barracks": 23, "armory": 12, "spellbook": 5}
WITHOUT_SPELLBOOK = {"barracks": 25, "armory": 15}
COPIES = {"common": 5, "uncommon": 4, "rare": 3, "scarce": 2}
PILE_NAMES = {"barracks": "Barracks", "armory": "Armory", "spellbook": "Spellbook"}


@register("magewarfare")
def check(deck: Deck, report: Report) -> None:
    piles = {"barracks": 0, "armory": 0, "spellbook": 0, **counts_by_group(deck, PILES.__getitem__)}
    report.counts.update(cards=deck.size(), **piles)
    has_spellbook = piles["spellbook"] > 0
    minimums = WITH_SPELLBOOK if has_spellbook else WITHOUT_SPELLBOOK
    condition = "with a Spellbook" if has_spellbook else "without a Spellbook"
    for pile, minimum in minimums.items():
        if piles[pile] < minimum:
            tail = " (or none at all)" if pile == "spellbook" else ""
            report.error("magewarfare.piles", f"The {PILE_NAMES[pile]} has {plural(piles[pile], 'card')}; "
                         f"{condition} it needs at least {minimum}{tail}.", count=piles[pile], limit=minimum)
    check_copies(report, "magewarfare.rarity", deck.copies(MAIN), lambda card: COPIES.get(card.get("rarity"), 0),
                 lambda card, limit: f"{_article(card.get('rarity'))} {card.get('rarity')} card allows at most {limit}")


def _article(word) -> str:
    """"an" before a vowel ("an uncommon card"), else "a"."""
    return "an" if str(word)[:1].lower() in "aeiou" and word else "a"
