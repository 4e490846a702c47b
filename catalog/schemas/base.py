"""The card-schema base shared by every game: field types and :class:`CardModel`.

Each game's schema module (``decklab.catalog.schemas.<game id>``) defines one
pydantic model per card type in ``MODELS``. Schemas run when set files are
imported; they are loaded on first use, never by the engine or the validators.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, ClassVar, Required, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
)
from pydantic_core import PydanticCustomError
from typing_extensions import TypedDict

from ..cards import MAX_CARD_NAME, MAX_FACTION, MAX_TEXT


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


_Options = TypeVar("_Options")

Choice = Annotated[_Options, BeforeValidator(_lower)]
"""An enumerated text field, ``Choice[Literal["a", "b"]]``: matched case-insensitively, stored in lower case."""

Choices = Annotated[list[Choice[_Options]], BeforeValidator(_split), AfterValidator(_unique)]
"""A list of distinct :data:`Choice` values, ``Choices[Literal["a", "b"]]``, also given as ``"a; b"``."""


LINE_PATTERN = r"^[^\x00-\x1f\x7f-\x9f]*$"
"""One line of text: no control character (C0, DEL, C1), not even a tab or a line break."""

PROSE_PATTERN = r"^[^\x00-\x08\x0b-\x1f\x7f-\x9f]*$"
"""Prose (rules text, flavour): no control character but tabs and line breaks."""

Line = Annotated[str, Field(pattern=LINE_PATTERN)]
"""A text field of one line (at most :data:`~decklab.catalog.cards.MAX_TEXT` characters, as every text)."""

Label = Annotated[str, Field(min_length=1, pattern=LINE_PATTERN)]
"""A :data:`Line` that may not be empty (a card code, a class, an attack's name)."""

Prose = Annotated[str, Field(max_length=MAX_TEXT, pattern=PROSE_PATTERN)]
"""Rules or flavour text: several lines allowed."""

TextList = Annotated[list[Label], BeforeValidator(_split)]
"""A list of short texts (keywords), also given as ``"a; b"`` in CSV cells."""

_DIGITS = re.compile(r"[+-]?[0-9]{1,20}")


def _whole(value: Any) -> Any:
    """Accept an int, or ASCII digits in a text (CSV cells); refuse floats (``3.5``, ``1e26``, even ``3.0``),
    NaN, infinities and true/false, so that a number a card could not print never reaches the engines."""
    if isinstance(value, str) and _DIGITS.fullmatch(value.strip()):
        return int(value.strip())
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise PydanticCustomError("int_parsing", "Input should be a whole number")


def _key_fits(name: str) -> str:
    """A name whose case-folded form (the matching key) also fits the column: "ß" folds to "ss"."""
    if len(name.casefold()) > MAX_CARD_NAME:
        raise ValueError(f"in lower case the name has more than {MAX_CARD_NAME} characters")
    return name


Faction = Annotated[str, Field(min_length=1, max_length=MAX_FACTION, pattern=LINE_PATTERN)]
"""A card's faction, 1 to 64 characters (the ``card.faction`` column)."""


Whole = Annotated[int, BeforeValidator(_whole)]
"""A whole number; a card stat gives its documented range, ``Annotated[Whole, Field(ge=low, le=high)]``."""


class Effect(TypedDict, total=False):
    """One structured effect entry: ``effect`` names its kind; the other keys are the kind's."""

    __pydantic_config__ = ConfigDict(extra="allow")  # type: ignore[misc]
    effect: Required[Annotated[str, Field(min_length=1)]]


class CardModel(BaseModel):
    """Fields every card of every game has.

    ``effects`` is a list of structured entries, each a mapping with an
    ``effect`` key naming the effect kind; the game's engine interprets them.
    """

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, str_max_length=MAX_TEXT,
                              populate_by_name=True, defer_build=True)

    #: The card type this model describes; set by each subclass. The importer
    #: picks the model by the card's ``type`` and stores this spelling.
    card_type: ClassVar[str] = ""

    #: :meth:`list_adapter`'s validator, made on first use and kept by each subclass.
    _list_adapter: ClassVar[TypeAdapter]

    name: Annotated[str, Field(min_length=1, max_length=MAX_CARD_NAME, pattern=LINE_PATTERN), AfterValidator(_key_fits)]
    type: str
    text: Prose = ""
    flavor: Prose | None = None
    code: Line | None = None
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
            # mypy reads list[cls] as a type expression, where a variable may not stand
            adapter = TypeAdapter(list[cls])  # type: ignore[valid-type]
            cls._list_adapter = adapter
        return adapter
