"""Ward card schema (rulebook: ward.txt).

Creatures fight with AL, SPD, HP, attack dice and a modifier; magics are
standard, infinite or lightning, with a field, equip or no sub-type.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..games.ward import CREATURE_TYPES, RARITIES
from .base import CardModel, Label, Whole, choice


class WardCard(CardModel):
    """Fields shared by creatures and magics."""

    rarity: choice(*RARITIES)
    generation: Whole(1, 99) = 1


class Creature(WardCard):
    """A creature: the primary combat unit."""

    card_type = "creature"
    creature_type: choice(*CREATURE_TYPES)
    al: Whole(1, 12)
    spd: Whole(0, 99)
    hp: Whole(1, 9_999)
    attack_name: Label
    attack_dice: Whole(1, 99)
    modifier: Whole(-99, 99) = 0


class Magic(WardCard):
    """A magic card: buffs, debuffs, damage, healing and utility."""

    card_type = "magic"
    magic_type: choice("standard", "infinite", "lightning")
    sub_type: choice("field", "equip", "none")


MODELS = {"creature": Creature, "magic": Magic}
