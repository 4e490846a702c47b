"""Warcardz card schema (rulebook: warcardz.txt).

A player deck is ten characters and three tactics cards; attribute and
variable cards form the two side decks that set the terms of every combat.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..games.warcardz import POSITIONS, AttributeName, Direction, Position
from .base import CardModel, Choice, Choices, Faction, Label, Whole


class Character(CardModel):
    """A fighter: value, attack/defense, six attributes, attack lights, preferred position."""

    card_type = "character"
    code: Label
    value: Annotated[Whole, Field(ge=1, le=25)]
    attack: Annotated[Whole, Field(ge=0, le=99)]
    defense: Annotated[Whole, Field(ge=0, le=99)]
    hand_to_hand: Annotated[Whole, Field(ge=0, le=99)] = 0
    small_arms: Annotated[Whole, Field(ge=0, le=99)] = 0
    heavy_weapons: Annotated[Whole, Field(ge=0, le=99)] = 0
    energy: Annotated[Whole, Field(ge=0, le=99)] = 0
    explosive: Annotated[Whole, Field(ge=0, le=99)] = 0
    frenzy: Annotated[Whole, Field(ge=0, le=99)] = 0
    directions: Annotated[Choices[Direction], Field(min_length=1)]
    position: Choice[Position]
    faction: Faction
    class_: Annotated[Label, Field(alias="class")]


class Tactics(CardModel):
    """A tactics card, played before combat or instantly during it."""

    card_type = "tactics"
    timing: Choice[Literal["before-combat", "instant"]]


class Attribute(CardModel):
    """An attribute side-deck card: the damage type every combat uses while it is up."""

    card_type = "attribute"
    attribute: Choice[AttributeName]
    frenzy: bool = False


class Variable(CardModel):
    """A variable side-deck card: a blanket bonus for one class, faction or position."""

    card_type = "variable"
    scope: Choice[Literal["class", "faction", "position"]]
    subject: Label
    bonus: Annotated[Whole, Field(ge=-99, le=99)]
    side: Choice[Literal["attack", "defense", "both"]] = "both"

    @model_validator(mode="after")
    def _position_subject(self) -> Variable:
        if self.scope == "position" and self.subject.casefold() not in POSITIONS:
            raise ValueError(f"a position bonus names flank, guard or post, not '{self.subject}'")
        return self


MODELS = {"character": Character, "tactics": Tactics, "attribute": Attribute, "variable": Variable}
