"""The card-schema base shared by every game: field types and :class:`CardModel`.

Each game's schema module (``decklab.catalog.schemas.<game id>``) defines one
pydantic model per card type in ``MODELS``. Schemas run when set files are
imported; they are loaded on first use, never by the engine or the validators.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
)
from typing_extensions import Required, TypedDict


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

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, populate_by_name=True, defer_build=True)

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
