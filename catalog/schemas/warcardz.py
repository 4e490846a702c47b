"""Warcardz card schema (rulebook: warcardz.txt).

A player deck is ten characters and three tactics cards; attribute and
variable cards form the two side decks that set the terms of every combat.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ..games.warcardz import ATTRIBUTES, DIRECTIONS, POSITIONS
from .base import CardModel, Count, choice, choices


class Character(CardModel):
    """A fighter: value, attack/defense, six attributes, attack lights, preferred position."""

    card_type = "character"
    code: Annotated[str, Field(min_length=1)]
    value: Annotated[int, Field(ge=1, le=25)]
    attack: Count
    defense: Count
    hand_to_hand: Count = 0
    small_arms: Count = 0
    heavy_weapons: Count = 0
    energy: Count = 0
    explosive: Count = 0
    frenzy: Count = 0
    directions: Annotated[choices(*DIRECTIONS), Field(min_length=1)]
    position: choice(*POSITIONS)
    faction: Annotated[str, Field(min_length=1)]
    class_: Annotated[str, Field(min_length=1, alias="class")]


class Tactics(CardModel):
    """A tactics card, played before combat or instantly during it."""

    card_type = "tactics"
    timing: choice("before-combat", "instant")


class Attribute(CardModel):
    """An attribute side-deck card: the damage type every combat uses while it is up."""

    card_type = "attribute"
    attribute: choice(*ATTRIBUTES)
    frenzy: bool = False


class Variable(CardModel):
    """A variable side-deck card: a blanket bonus for one class, faction or position."""

    card_type = "variable"
    scope: choice("class", "faction", "position")
    subject: Annotated[str, Field(min_length=1)]
    bonus: int
    side: choice("attack", "defense", "both") = "both"

    @model_validator(mode="after")
    def _position_subject(self) -> "Variable":
        if self.scope == "position" and self.subject.casefold() not in POSITIONS:
            raise ValueError(f"a position bonus names flank, guard or post, not '{self.subject}'")
        return self


MODELS = {"character": Character, "tactics": Tactics, "attribute": Attribute, "variable": Variable}
