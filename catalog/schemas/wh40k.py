"""Warhammer 40K Warfare card schema (rulebook: warhammer40k-warfare.txt).

Every card carries a faction ("Unaligned" goes in any army), a CP cost and a
limit on copies across the army and reinforcements decks; units have a power level.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .base import CardModel, Faction, TextList, Whole


class Wh40kCard(CardModel):
    """Fields shared by all four 40K card types."""

    faction: Faction
    cp_cost: Annotated[Whole, Field(ge=0, le=99)]
    limit: Annotated[Whole, Field(ge=1, le=99)]
    keywords: TextList = Field(default_factory=list)


class Unit(Wh40kCard):
    """A unit: soldiers or vehicles with a power level."""

    card_type = "unit"
    power: Annotated[Whole, Field(ge=0, le=9_999)]


class Order(Wh40kCard):
    """An order given to your own forces."""

    card_type = "order"


class Event(Wh40kCard):
    """An event: a generic incident of war."""

    card_type = "event"


class Equipment(Wh40kCard):
    """Wargear equipped to one eligible unit you control."""

    card_type = "equipment"


MODELS = {"unit": Unit, "order": Order, "event": Event, "equipment": Equipment}
