"""Warcardz: the game record (rulebook: warcardz.txt).

A player deck is ten characters and three tactics cards; attribute and
variable cards form the two side decks that set the terms of every combat.
"""

from __future__ import annotations

from typing import Literal, get_args

from .base import Game

AttributeName = Literal["hand_to_hand", "small_arms", "heavy_weapons", "energy", "explosive"]
Direction = Literal["front", "left_front", "right_front", "left", "right", "aft"]
Position = Literal["flank", "guard", "post"]
ATTRIBUTES: tuple[str, ...] = get_args(AttributeName)
DIRECTIONS: tuple[str, ...] = get_args(Direction)
POSITIONS: tuple[str, ...] = get_args(Position)


GAME = Game(
    id="warcardz",
    name="Warcardz",
    aliases=(),
    card_types=('character', 'tactics', 'attribute', 'variable'),
    deck_rules=(
        "10 characters and 3 tactics cards; the five lowest-valued characters total at most 25; "
        "duplicates allowed; attribute and variable cards are side decks"
    ),
    list_fields=(
        "value", "attack", "defense", "position", "faction", "class", "timing", "attribute", "scope", "subject",
        "bonus",
    ),
    sections=("line", "attribute", "variable"),
    selections=("line",),
    curve_field="value",
    rulebook="warcardz.txt",
)
