"""Ward card schema (rulebook: ward.txt).

Creatures fight with AL, SPD, HP, attack dice and a modifier; magics are
standard, infinite or lightning, with a field, equip or no sub-type.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..games.ward import CreatureType, Rarity
from .base import CardModel, Choice, Label, Whole


class WardCard(CardModel):
    """Fields shared by creatures and magics."""

    rarity: Choice[Rarity]
    generation: Annotated[Whole, Field(ge=1, le=99)] = 1


class Creature(WardCard):
    """A creature: the primary combat unit."""

    card_type = "creature"
    creature_type: Choice[CreatureType]
    al: Annotated[Whole, Field(ge=1, le=12)]
    spd: Annotated[Whole, Field(ge=0, le=99)]
    hp: Annotated[Whole, Field(ge=1, le=9_999)]
    attack_name: Label
    attack_dice: Annotated[Whole, Field(ge=1, le=99)]
    modifier: Annotated[Whole, Field(ge=-99, le=99)] = 0


class Magic(WardCard):
    """A magic card: buffs, debuffs, damage, healing and utility."""

    card_type = "magic"
    magic_type: Choice[Literal["standard", "infinite", "lightning"]]
    sub_type: Choice[Literal["field", "equip", "none"]]


MODELS = {"creature": Creature, "magic": Magic}
