"""Warhammer 40K Warfare deck rules: a 50-card one-faction army, 0-9 reinforcement units, card limits."""

from __future__ import annotations

from decklab.catalog.cards import MAIN, Deck

from . import register
from .base import Report, check_copies, check_exact, plural

ARMY = 50
REINFORCEMENTS = "reinforcements"
MAX_REINFORCEMENTS = 9
UNALIGNED = "unaligned"


@register("wh40k")
def check(deck: Deck, report: Report) -> None:
    army, reinforcements = deck.size(MAIN), deck.size(REINFORCEMENTS)
    report.counts.update(army=army, reinforcements=reinforcements)
    for card_type in ("unit", "order", "event", "equipment"):
        report.counts[card_type] = sum(q for card, q in deck.entries() if card.type == card_type)
    check_exact(report, "wh40k.army-size", count=army, expected=ARMY, what="army deck", whose="an army deck")
    if reinforcements > MAX_REINFORCEMENTS:
        report.error("wh40k.reinforcements", f"The reinforcements deck has {plural(reinforcements, 'card')}; it "
                     f"holds at most {MAX_REINFORCEMENTS}.", count=reinforcements, limit=MAX_REINFORCEMENTS)
    for card, quantity in deck.entries(REINFORCEMENTS):
        if card.type != "unit":
            report.error("wh40k.reinforcements", f"{card.name} is an {card.type}; the reinforcements deck holds "
                         "units only.", cards=[card], count=quantity, limit=0)
    copies = deck.copies(MAIN, REINFORCEMENTS)
    _check_faction(report, copies)
    check_copies(report, "wh40k.limit", copies, lambda card: card.get("limit", 1),
                 lambda card, limit: f"its limit across both decks is {limit}")


def _check_faction(report: Report, copies) -> None:
    """All cards of one faction, or Unaligned; the faction with most cards is the army's."""
    by_faction: dict[str, list] = {}
    for card, quantity in copies.items():
        faction = str(card.get("faction", "")).strip()
        if faction.casefold() != UNALIGNED:
            by_faction.setdefault(faction, []).append((card, quantity))
    if len(by_faction) < 2:
        return
    sizes = {faction: sum(q for _, q in cards) for faction, cards in by_faction.items()}
    army = max(sorted(sizes), key=lambda faction: sizes[faction])
    others = [faction for faction in sorted(sizes) if faction != army]
    strays = [card for faction in others for card, _ in by_faction[faction]]
    listed = ", ".join(f"{faction} ({plural(sizes[faction], 'card')})" for faction in others)
    report.error("wh40k.faction", f"Most cards are {army} ({sizes[army]} across both decks), but the deck also "
                 f"holds {listed}; every card must be {army} or Unaligned.", cards=strays, count=len(sizes), limit=1)
