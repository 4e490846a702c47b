"""Mage Warfare: the game record (rulebook: mage-warfare.txt).

Creatures and guards fill the Barracks, devices and shields the Armory,
spells and hexes the Spellbook. Rarity caps the copies in a deck.
"""

from __future__ import annotations

from typing import Literal, get_args

from .base import Game

Rarity = Literal["common", "uncommon", "rare", "scarce"]
CardClass = Literal["basic", "advanced", "uber"]
DeviceKind = Literal["trinket", "regular", "sharable", "complex", "complex-sharable"]
RARITIES: tuple[str, ...] = get_args(Rarity)
CLASSES: tuple[str, ...] = get_args(CardClass)
DEVICE_KINDS: tuple[str, ...] = get_args(DeviceKind)
PILES = {"creature": "barracks", "guard": "barracks", "device": "armory", "shield": "armory",
         "spell": "spellbook", "hex": "spellbook"}
"""Which pile of the deck each card type goes into."""


GAME = Game(
    id="magewarfare",
    name="Mage Warfare",
    aliases=("mage-warfare", "mage_warfare"),
    card_types=('creature', 'guard', 'device', 'shield', 'spell', 'hex'),
    deck_rules=(
        "Barracks (creatures, guards) >= 23, Armory (devices, shields) >= 12, Spellbook (spells, hexes) >= 5; "
        "without a Spellbook Barracks >= 25 and Armory >= 15; copies by rarity: common 5, uncommon 4, rare 3, scarce 2"
    ),
    list_fields=(
        "class", "alignment", "rarity", "flesh_cost", "long", "medium", "close", "defense", "dexterity", "device_kind",
    ),
    curve_field="flesh_cost",
    groups=PILES,
    rulebook="mage-warfare.txt",
    faction_field="alignment",
)
