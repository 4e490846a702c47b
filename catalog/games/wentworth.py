"""Wentworth: Guardians of the Realm: the game record (rulebook: wentworth.txt).

Every card has an influence cost and a faction; guardians roll dice in
combat (roll power) and have life; bindings may say "Bind Player".
"""

from __future__ import annotations

from typing import Literal, get_args

from .base import Game

FactionName = Literal["dragons", "goblins", "humans", "mages", "neutral"]
FACTIONS: tuple[str, ...] = get_args(FactionName)


GAME = Game(
    id="wentworth",
    name="Wentworth: Guardians of the Realm",
    aliases=(),
    card_types=('guardian', 'binding', 'potion', 'environment'),
    deck_rules="exactly 100 cards, no card more than once",
    list_fields=("faction", "influence_cost", "roll_power", "life", "bind_player"),
    curve_field="influence_cost",
    rulebook="wentworth.txt",
)
