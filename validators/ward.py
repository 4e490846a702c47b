"""Ward deck rules: 30 cards, 3 copies, the official banlist; creature/magic balance as warnings."""

from __future__ import annotations

from decklab.catalog.cards import MAIN, Deck

from . import register
from .base import Report, check_copies, check_exact, plural

SIZE = 30
COPIES = 3
CREATURES = (8, 12)
MAGICS = (18, 22)


@register("ward")
def check(deck: Deck, report: Report) -> None:
    copies = deck.copies(MAIN)
    size = deck.size()
    creatures = sum(q for card, q in deck.entries() if card.type == "creature")
    magics = size - creatures
    report.counts.update(cards=size, creatures=creatures, magics=magics)
    check_exact(report, "ward.size", count=size, expected=SIZE, what="deck", whose="a Ward deck")
    check_copies(report, "ward.copies", copies, lambda card: COPIES,
                 lambda card, limit: f"a deck holds at most {limit}")
    if report.format != "casual":
        banned = {card: q for card, q in copies.items() if card.get("banlist") == "banned"}
        check_copies(report, "ward.banned", banned, lambda card: 0, lambda card, limit: "it is banned in official play")
        limited = {card: q for card, q in copies.items() if card.get("banlist") == "limited"}
        check_copies(report, "ward.limited", limited, lambda card: 1,
                     lambda card, limit: "it is limited to 1 copy in official play")
    if creatures == 0:
        report.warn("ward.no-creature", "The deck has no creature: it cannot summon its first primary creature.",
                    count=0, limit=CREATURES[0])
    elif not CREATURES[0] <= creatures <= CREATURES[1]:
        report.warn("ward.creatures", f"The deck has {plural(creatures, 'creature')}; {CREATURES[0]} to "
                    f"{CREATURES[1]} are recommended.", count=creatures,
                    limit=CREATURES[1] if creatures > CREATURES[1] else CREATURES[0])
    if not MAGICS[0] <= magics <= MAGICS[1]:
        report.warn("ward.magics", f"The deck has {plural(magics, 'magic')}; {MAGICS[0]} to {MAGICS[1]} are "
                    "recommended.", count=magics, limit=MAGICS[1] if magics > MAGICS[1] else MAGICS[0])
