"""Wentworth: Guardians of the Realm card schema (rulebook: wentworth.txt).

Every card has an influence cost and a faction; guardians roll dice in
combat (roll power) and have life; bindings may say "Bind Player".
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..games.wentworth import FactionName
from .base import CardModel, Choice, Whole


class WentworthCard(CardModel):
    """Fields shared by the four Wentworth card types."""

    influence_cost: Annotated[Whole, Field(ge=0, le=99)]
    faction: Choice[FactionName]


class Guardian(WentworthCard):
    """A guardian: fights in the Battle Zone with roll-power d6."""

    card_type = "guardian"
    roll_power: Annotated[Whole, Field(ge=1, le=6)]
    life: Annotated[Whole, Field(ge=1, le=999)]


class Binding(WentworthCard):
    """A binding: attaches to a guardian, or to a player if it says "Bind Player"."""

    card_type = "binding"
    bind_player: bool = False


class Potion(WentworthCard):
    """A potion: an instant effect, played at any time."""

    card_type = "potion"


class Environment(WentworthCard):
    """An environment: affects all players; one in play per player."""

    card_type = "environment"


MODELS = {"guardian": Guardian, "binding": Binding, "potion": Potion, "environment": Environment}
