"""Ward card schema (rulebook: ward.txt).

Creatures fight with AL, SPD, HP, attack dice and a modifier; magics are
standard, infinite or lightning, with a field, equip or no sub-type.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .base import CardModel, Count, Game, Positive, choice

CREATURE_TYPES = (
    "beast", "bug", "cosmic", "demon", "dragon", "elemental", "humanoid", "dinosaur", "undead", "mechanical",
)
RARITIES = ("common", "uncommon", "rare", "epic", "legendary", "mythic", "promo")


class WardCard(CardModel):
    """Fields shared by creatures and magics."""

    rarity: choice(*RARITIES)
    generation: Positive = 1


class Creature(WardCard):
    """A creature: the primary combat unit."""

    card_type = "creature"
    creature_type: choice(*CREATURE_TYPES)
    al: Annotated[int, Field(ge=1, le=12)]
    spd: Count
    hp: Positive
    attack_name: Annotated[str, Field(min_length=1)]
    attack_dice: Positive
    modifier: int = 0


class Magic(WardCard):
    """A magic card: buffs, debuffs, damage, healing and utility."""

    card_type = "magic"
    magic_type: choice("standard", "infinite", "lightning")
    sub_type: choice("field", "equip", "none")


GAME = Game(
    id="ward",
    name="Ward",
    aliases=(),
    card_models={"creature": Creature, "magic": Magic},
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
