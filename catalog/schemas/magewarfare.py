"""Mage Warfare card schema (rulebook: mage-warfare.txt).

Creatures and guards fill the Barracks, devices and shields the Armory,
spells and hexes the Spellbook. Rarity caps the copies in a deck.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from ..games.magewarfare import CardClass, DeviceKind, Rarity
from .base import CardModel, Choice, Line, TextList, Whole


def _plain_uber(value: Any) -> Any:
    return "uber" if isinstance(value, str) and value.strip().casefold() == "über" else value


class MageCard(CardModel):
    """Fields every Mage Warfare card has."""

    rarity: Choice[Rarity]
    alignment: Choice[Literal["evil", "neutral", "heroic"]]
    flesh_cost: Annotated[Whole, Field(ge=0, le=999)]
    reality: Line | None = None
    maintenance: Annotated[Whole, Field(ge=0, le=999)] = 0


class Classed(MageCard):
    """A card with a class (basic, advanced or über; stored as ``uber``)."""

    class_: Choice[CardClass] = Field(alias="class")

    @field_validator("class_", mode="before")
    @classmethod
    def _uber(cls, value: Any) -> Any:
        return _plain_uber(value)


class Fighter(Classed):
    """Creatures and guards: attacks at three ranges, defense and dexterity."""

    long: Annotated[Whole, Field(ge=0, le=999)]
    medium: Annotated[Whole, Field(ge=0, le=999)]
    close: Annotated[Whole, Field(ge=0, le=999)]
    defense: Annotated[Whole, Field(ge=0, le=999)]
    dexterity: Annotated[Whole, Field(ge=0, le=99)]
    keywords: TextList = Field(default_factory=list)


class Creature(Fighter):
    """A creature: keeps attacking after being blocked; blocks once per battle phase."""

    card_type = "creature"


class Guard(Fighter):
    """A guard: stops after being blocked once; may block many times."""

    card_type = "guard"


class Device(Classed):
    """A device used by a creature or guard; ``dexterity`` is what it requires."""

    card_type = "device"
    long: Annotated[Whole, Field(ge=0, le=999)] = 0
    medium: Annotated[Whole, Field(ge=0, le=999)] = 0
    close: Annotated[Whole, Field(ge=0, le=999)] = 0
    defense: Annotated[Whole, Field(ge=0, le=999)] = 0
    dexterity: Annotated[Whole, Field(ge=0, le=99)]
    device_kind: Choice[DeviceKind]
    user: Line | None = None

    @model_validator(mode="after")
    def _trinkets_need_no_dexterity(self) -> Device:
        if (self.device_kind == "trinket") != (self.dexterity == 0):
            raise ValueError("a trinket requires 0 dexterity, and only a trinket requires 0")
        return self


class Shield(Classed):
    """A shield: its own defense, protecting one creature or guard."""

    card_type = "shield"
    defense: Annotated[Whole, Field(ge=0, le=999)]
    user: Line | None = None


class Spell(MageCard):
    """A spell: the only card created on another player's turn."""

    card_type = "spell"


class Hex(MageCard):
    """A hex placed under the card it hexes until lifted."""

    card_type = "hex"


MODELS = {
        "creature": Creature, "guard": Guard, "device": Device,
        "shield": Shield, "spell": Spell, "hex": Hex,
    }
