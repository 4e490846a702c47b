"""Ward: the game record (rulebook: ward.txt).

Creatures fight with AL, SPD, HP, attack dice and a modifier; magics are
standard, infinite or lightning, with a field, equip or no sub-type.
"""

from __future__ import annotations

from typing import Literal, get_args

from .base import Game

CreatureType = Literal[
    "beast", "bug", "cosmic", "demon", "dragon", "elemental", "humanoid", "dinosaur", "undead", "mechanical",
]
Rarity = Literal["common", "uncommon", "rare", "epic", "legendary", "mythic", "promo"]
CREATURE_TYPES: tuple[str, ...] = get_args(CreatureType)
RARITIES: tuple[str, ...] = get_args(Rarity)


GAME = Game(
    id="ward",
    name="Ward",
    aliases=(),
    card_types=('creature', 'magic'),
    deck_rules=(
        "exactly 30 cards, at most 3 copies of a name; official format: banned cards 0, "
        "limited cards 1; 8-12 creatures and 18-22 magics recommended"
    ),
    list_fields=("creature_type", "al", "spd", "hp", "attack_dice", "modifier", "magic_type", "sub_type", "rarity"),
    curve_field="al",
    has_banlist=True,
    rulebook="ward.txt",
    faction_field="creature_type",
)
