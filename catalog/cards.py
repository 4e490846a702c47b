"""Plain, immutable card objects: what the validators and engines receive.

No database or pydantic here: a :class:`Card` is built from a stored record
and pickles cheaply for worker processes.

>>> card = Card.from_record("ward", "WRD1", {"name": "Grizzly Bear", "type": "creature", "hp": 40})
>>> card["hp"], card.get("al", 0), card.key
(40, 0, 'grizzly bear')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any


class Card:
    """One card of one game: its name, type, set and every field of its record."""

    __slots__ = ("game", "name", "type", "set_code", "fields", "key")
    game: str
    name: str
    type: str
    set_code: str
    fields: Mapping[str, Any]
    key: str

    def __init__(self, *, game: str, name: str, type: str, set_code: str, fields: Mapping[str, Any]) -> None:
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "set_code", set_code)
        object.__setattr__(self, "fields", MappingProxyType(dict(fields)))
        object.__setattr__(self, "key", name.casefold())

    @classmethod
    def from_record(cls, game: str, set_code: str, record: Mapping[str, Any]) -> Card:
        return cls(game=game, name=record["name"], type=record["type"], set_code=set_code, fields=record)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __getitem__(self, field: str) -> Any:
        return self.fields[field]

    def get(self, field: str, default: Any = None) -> Any:
        return self.fields.get(field, default)

    @property
    def effects(self) -> tuple[Mapping[str, Any], ...]:
        return tuple(self.fields.get("effects", ()))

    def record(self) -> dict[str, Any]:
        """The card as JSON output shows it: game, set, then its fields."""
        return {"game": self.game, "set": self.set_code, **self.fields}

    def __reduce__(self):
        return (_rebuild, (self.game, self.name, self.type, self.set_code, dict(self.fields)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and (self.game, self.key, dict(self.fields)) == (
            other.game, other.key, dict(other.fields))

    def __hash__(self) -> int:
        return hash((self.game, self.key))

    def __repr__(self) -> str:
        return f"Card({self.game}:{self.name!r}, {self.type})"


def _rebuild(game: str, name: str, type: str, set_code: str, fields: dict[str, Any]) -> Card:
    return Card(game=game, name=name, type=type, set_code=set_code, fields=fields)


MAX_QUANTITY = 2_147_483_647
"""The most copies of a card a quantity may hold (in a collection, a deck or a file): 2^31 - 1, the largest
value of the 4-byte integer column that stores it on PostgreSQL (SQLite is held to the same bound)."""

MAX_CARD_NAME = 120
"""The longest card name, in characters (the ``card.name`` column)."""

MAX_FACTION = 64
"""The longest faction (or other listed grouping) of a card, in characters (the ``card.faction`` column)."""

MAX_SET_CODE = 64
"""The longest set code, in characters (the ``card_set.code`` column)."""

MAX_SET_NAME = 200
"""The longest set name, in characters (the ``card_set.name`` column)."""

MAX_DECK_NAME = 200
"""The longest deck name, in characters (the ``deck.name`` column)."""

MAX_TEXT = 10_000
"""The longest text a card-set file may give any field (rules text, flavour, an effect's value), in characters."""

MAIN = "main"
"""The name of a deck's main section (the part of a decklist before any ``[section]``)."""

FORMATS = ("official", "casual")
"""Play formats: ``casual`` ignores official restrictions (Ward's banlist)."""


class Deck:
    """A deck as validators and engines see it: cards with quantities, per section.

    Repeated cards in one section are merged, keeping the first position.

    >>> bear = Card(game="ward", name="Bear", type="creature", set_code="W", fields={})
    >>> deck = Deck(name="Bears", game="ward", sections={"main": [(bear, 2), (bear, 1)]})
    >>> deck.size(), deck.entries()[0][1]
    (3, 3)
    """

    __slots__ = ("name", "game", "format", "sections")
    name: str
    game: str
    format: str
    sections: Mapping[str, tuple[tuple[Card, int], ...]]

    def __init__(self, *, name: str, game: str, sections: Mapping[str, Any], format: str = "official") -> None:
        merged: dict[str, tuple[tuple[Card, int], ...]] = {}
        for section, entries in sections.items():
            counts: dict[Card, int] = {}
            for card, quantity in entries:
                counts[card] = counts.get(card, 0) + quantity
            merged[section] = tuple(counts.items())
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "format", format)
        object.__setattr__(self, "sections", MappingProxyType(merged))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("decks are immutable")

    def __reduce__(self):
        return (_rebuild_deck, (self.name, self.game, self.format, {k: list(v) for k, v in self.sections.items()}))

    def entries(self, section: str = MAIN) -> tuple[tuple[Card, int], ...]:
        """``(card, quantity)`` pairs of one section, in decklist order."""
        return self.sections.get(section, ())

    def size(self, section: str = MAIN) -> int:
        return sum(quantity for _, quantity in self.entries(section))

    def copies(self, *sections: str) -> dict[Card, int]:
        """Copies of each card across ``sections`` (default: all of them)."""
        total: dict[Card, int] = {}
        for section in sections or tuple(self.sections):
            for card, quantity in self.entries(section):
                total[card] = total.get(card, 0) + quantity
        return total

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and (self.name, self.game, self.format, dict(self.sections)) == (
            other.name, other.game, other.format, dict(other.sections))

    def __repr__(self) -> str:
        return f"Deck({self.game}:{self.name!r}, {self.size()} cards)"


def _rebuild_deck(name: str, game: str, format: str, sections: dict) -> Deck:
    return Deck(name=name, game=game, format=format, sections=sections)
