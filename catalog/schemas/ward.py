"""Ward card schema (rulebook: ward.txt).

Creatures fight with AL, SPD, HP, attack dice and a modifier; magics are
standard, infinite or lightning, with a field, equip or no sub-type.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..games.ward import CREATURE_TYPES, RARITIES
from .base import CardModel, Count, Positive, choice


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


MODELS = {"creature": Creature, "magic": Magic}
