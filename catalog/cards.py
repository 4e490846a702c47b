"""Plain, immutable card objects: what the validators and engines receive.

No database or pydantic here: a :class:`Card` is built from a stored record
and pickles cheaply for worker processes.

>>> card = Card.from_record("ward", "WRD1", {"name": "Grizzly Bear", "type": "creature", "hp": 40})
>>> card["hp"], card.get("al", 0), card.key
(40, 0, 'grizzly bear')
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping


class Card:
    """One card of one game: its name, type, set and every field of its record."""

    __slots__ = ("game", "name", "type", "set_code", "fields", "key")

    def __init__(self, *, game: str, name: str, type: str, set_code: str, fields: Mapping[str, Any]) -> None:
        object.__setattr__(self, "game", game)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "set_code", set_code)
        object.__setattr__(self, "fields", MappingProxyType(dict(fields)))
        object.__setattr__(self, "key", name.casefold())

    @classmethod
    def from_record(cls, game: str, set_code: str, record: Mapping[str, Any]) -> "Card":
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
