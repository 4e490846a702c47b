"""Warcardz card schema (rulebook: warcardz.txt).

A player deck is ten characters and three tactics cards; attribute and
variable cards form the two side decks that set the terms of every combat.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ..games.warcardz import ATTRIBUTES, DIRECTIONS, POSITIONS
from .base import CardModel, Faction, Label, Whole, choice, choices


class Character(CardModel):
    """A fighter: value, attack/defense, six attributes, attack lights, preferred position."""

    card_type = "character"
    code: Label
    value: Whole(1, 25)
    attack: Whole(0, 99)
    defense: Whole(0, 99)
    hand_to_hand: Whole(0, 99) = 0
    small_arms: Whole(0, 99) = 0
    heavy_weapons: Whole(0, 99) = 0
    energy: Whole(0, 99) = 0
    explosive: Whole(0, 99) = 0
    frenzy: Whole(0, 99) = 0
    directions: Annotated[choices(*DIRECTIONS), Field(min_length=1)]
    position: choice(*POSITIONS)
    faction: Faction
    class_: Annotated[Label, Field(alias="class")]


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
    subject: Label
    bonus: Whole(-99, 99)
    side: choice("attack", "defense", "both") = "both"

    @model_validator(mode="after")
    def _position_subject(self) -> "Variable":
        if self.scope == "position" and self.subject.casefold() not in POSITIONS:
            raise ValueError(f"a position bonus names flank, guard or post, not '{self.subject}'")
        return self


MODELS = {"character": Character, "tactics": Tactics, "attribute": Attribute, "variable": Variable}
