"""The :class:`Game` record: a game's id, aliases, card types and deck facts.

Card schemas (pydantic) live in :mod:`decklab.catalog.schemas` and are loaded
only when a set file is validated, so the registry is cheap to import.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its id and aliases, card types with their schemas, and its deck rules.

    Later layers (validators, engines) find a game by :attr:`id`.
    """

    id: str
    name: str
    aliases: tuple[str, ...]
    card_types: tuple[str, ...]
    deck_rules: str
    rulebook: str
    #: The card field ``catalog list --faction`` filters on, if the game has factions.
    faction_field: str | None = "faction"
    #: The fields a card listing shows, in order (those a card lacks are skipped).
    list_fields: tuple[str, ...] = ()
    #: Decklist sections besides the main deck, e.g. ``("reinforcements",)``.
    sections: tuple[str, ...] = ()
    #: The card field ``deck show`` draws its curve of (a cost, or Warcardz value).
    curve_field: str | None = None
    #: How ``deck show`` groups cards: card type -> group (default: the type itself).
    groups: dict[str, str] | None = None
    #: Sections that pick cards already in the deck (Warcardz's starting line), not extra cards.
    selections: tuple[str, ...] = ()
    #: Whether the game's sets carry an official banned/limited list.
    has_banlist: bool = False

    @property
    def card_models(self) -> dict[str, Any]:
        """The pydantic model of each card type (imports the game's schema module on first use)."""
        return import_module(f"decklab.catalog.schemas.{self.id}").MODELS

    def group_of(self, card_type: str) -> str:
        """The group a card type is shown in (Mage Warfare: its pile)."""
        return (self.groups or {}).get(card_type, card_type)

    def physical_copies(self, deck) -> dict:
        """Copies of each card a player needs in hand to build ``deck``: every section but selections."""
        return deck.copies(*(section for section in deck.sections if section not in self.selections))

    def names(self) -> tuple[str, ...]:
        """The id followed by every alias."""
        return (self.id, *self.aliases)
