"""What every game shares: the :class:`Game` record and the card-schema base.

A game module defines one pydantic model per card type and registers a
:class:`Game`. The schemas run when set files are imported, never in the
engine's hot paths.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from typing_extensions import Required, TypedDict

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter


def _lower(value: Any) -> Any:
    return value.strip().casefold() if isinstance(value, str) else value


def _split(value: Any) -> Any:
    """Accept ``"a; b"`` (CSV cells) as well as a list."""
    if isinstance(value, str):
        return [part.strip() for part in value.replace(";", ",").split(",") if part.strip()]
    return value


def _unique(values: list) -> list:
    seen = []
    for value in values:
        if value in seen:
            raise ValueError(f"'{value}' is listed twice")
        seen.append(value)
    return values


def choice(*options: str):
    """An enumerated text field: matched case-insensitively, stored in lower case."""
    from typing import Literal

    return Annotated[Literal[options], BeforeValidator(_lower)]  # type: ignore[valid-type]


def choices(*options: str):
    """A list of distinct :func:`choice` values, also given as ``"a; b"``."""
    return Annotated[list[choice(*options)], BeforeValidator(_split), AfterValidator(_unique)]


TextList = Annotated[list[Annotated[str, Field(min_length=1)]], BeforeValidator(_split)]
"""A list of short texts (keywords), also given as ``"a; b"`` in CSV cells."""

Count = Annotated[int, Field(ge=0, strict=False)]
"""A whole number that cannot be negative (costs, stats)."""

Positive = Annotated[int, Field(ge=1, strict=False)]
"""A whole number of at least 1."""


class Effect(TypedDict, total=False):
    """One structured effect entry: ``effect`` names its kind; the other keys are the kind's."""

    __pydantic_config__ = ConfigDict(extra="allow")  # type: ignore[misc]
    effect: Required[Annotated[str, Field(min_length=1)]]


class CardModel(BaseModel):
    """Fields every card of every game has.

    ``effects`` is a list of structured entries, each a mapping with an
    ``effect`` key naming the effect kind; the game's engine interprets them.
    """

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, populate_by_name=True)

    #: The card type this model describes; set by each subclass. The importer
    #: picks the model by the card's ``type`` and stores this spelling.
    card_type: ClassVar[str] = ""

    name: Annotated[str, Field(min_length=1, max_length=120)]
    type: str
    text: str = ""
    flavor: str | None = None
    code: str | None = None
    effects: list[Effect] = Field(default_factory=list)

    def record(self) -> dict[str, Any]:
        """The card as stored and shown: field names as in set files, unset optional fields left out."""
        return self.model_dump(by_alias=True, exclude_none=True)

    def record_json(self) -> str:
        """:meth:`record` as compact JSON, serialised in pydantic's core (the import hot path)."""
        return self.__pydantic_serializer__.to_json(self, by_alias=True, exclude_none=True).decode()

    @classmethod
    def list_adapter(cls) -> TypeAdapter:
        """A validator for a whole list of this type's cards at once (the fast import path)."""
        adapter = cls.__dict__.get("_list_adapter")
        if adapter is None:
            adapter = TypeAdapter(list[cls])
            setattr(cls, "_list_adapter", adapter)
        return adapter


@dataclass(frozen=True, slots=True)
class Game:
    """One game: its id and aliases, card types with their schemas, and its deck rules.

    Later layers (validators, engines) find a game by :attr:`id`.
    """

    id: str
    name: str
    aliases: tuple[str, ...]
    card_models: dict[str, type[CardModel]]
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
    #: Whether the game's sets carry an official banned/limited list.
    has_banlist: bool = False

    @property
    def card_types(self) -> tuple[str, ...]:
        return tuple(self.card_models)

    def group_of(self, card_type: str) -> str:
        """The group a card type is shown in (Mage Warfare: its pile)."""
        return (self.groups or {}).get(card_type, card_type)

    def names(self) -> tuple[str, ...]:
        """The id followed by every alias."""
        return (self.id, *self.aliases)
