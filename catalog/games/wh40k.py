"""Warhammer 40K Warfare: the game record (rulebook: warhammer40k-warfare.txt).

Every card carries a faction ("Unaligned" goes in any army), a CP cost and a
limit on copies across the army and reinforcements decks; units have a power level.
"""

from __future__ import annotations

from .base import Game

GAME = Game(
    id="wh40k",
    name="Warhammer 40K Warfare",
    aliases=("40k", "warhammer40k"),
    card_types=('unit', 'order', 'event', 'equipment'),
    deck_rules=(
        "army deck of exactly 50 cards of one faction (plus Unaligned); 0-9 units in the "
        "reinforcements deck; each card's copies across both decks within its limit"
    ),
    list_fields=("faction", "power", "cp_cost", "limit", "keywords"),
    sections=("reinforcements",),
    curve_field="cp_cost",
    rulebook="warhammer40k-warfare.txt",
)
