"""SQLModel tables of the catalog. Imported only by code that touches the database."""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, CheckConstraint, Column, ForeignKey, Index, Integer, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

from .cards import MAX_CARD_NAME, MAX_DECK_NAME, MAX_FACTION, MAX_SET_CODE, MAX_SET_NAME


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class CardSetRow(SQLModel, table=True):
    """One imported card set; ``(game, code)`` is unique."""

    __tablename__ = "card_set"
    __table_args__ = (UniqueConstraint("game", "code", name="uq_card_set_game_code"),)

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(index=True, max_length=32)
    code: str = Field(max_length=MAX_SET_CODE)
    name: str = Field(max_length=MAX_SET_NAME)
    banlist: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    imported_at: datetime = Field(default_factory=utcnow)


class CardRow(SQLModel, table=True):
    """One card. ``name_key`` is the case-folded name, unique within a game.

    ``data`` holds every field of the card as in its set file; the other
    columns repeat the ones that listings filter on.
    """

    __tablename__ = "card"
    __table_args__ = (
        UniqueConstraint("game", "name_key", name="uq_card_game_name_key"),
        Index("ix_card_game_type", "game", "type"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game: str = Field(max_length=32)
    name: str = Field(max_length=MAX_CARD_NAME)
    name_key: str = Field(max_length=MAX_CARD_NAME)
    type: str = Field(max_length=32)
    set_id: int = Field(sa_column=Column(Integer, ForeignKey("card_set.id", ondelete="RESTRICT"), nullable=False, index=True))
    rarity: str | None = Field(default=None, max_length=32)
    faction: str | None = Field(default=None, max_length=MAX_FACTION)
    text: str = Field(default="", sa_column=Column(Text, nullable=False))
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))


class DeckRow(SQLModel, table=True):
    """A saved deck; ``name_key`` (the case-folded name) is unique across games."""

    __tablename__ = "deck"
    __table_args__ = (UniqueConstraint("name_key", name="uq_deck_name_key"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(max_length=MAX_DECK_NAME)
    name_key: str = Field(max_length=MAX_DECK_NAME)
    game: str = Field(max_length=32, index=True)
    format: str = Field(default="official", max_length=16)
    notes: str = Field(default="", sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    #: When the deck was marked physically built (its cards reserved), else None.
    built_at: datetime | None = Field(default=None)


class DeckEntryRow(SQLModel, table=True):
    """A card in a deck section with its quantity (at least 1)."""

    __tablename__ = "deck_entry"
    __table_args__ = (
        UniqueConstraint("deck_id", "card_id", "section", name="uq_deck_entry"),
        CheckConstraint("quantity >= 1", name="ck_deck_entry_quantity"),
    )

    id: int | None = Field(default=None, primary_key=True)
    deck_id: int = Field(sa_column=Column(Integer, ForeignKey("deck.id", ondelete="CASCADE"), nullable=False, index=True))
    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="RESTRICT"), nullable=False, index=True))
    section: str = Field(default="main", max_length=32)
    quantity: int
    position: int = 0


class CollectionItemRow(SQLModel, table=True):
    """Copies of one card the player owns, in one variant (condition, finish, language, location).

    Quantities change only through single atomic SQL statements (see
    :mod:`decklab.catalog.collection`); a row never holds less than 1.
    """

    __tablename__ = "collection_item"
    __table_args__ = (
        UniqueConstraint("card_id", "condition", "finish", "language", "location", name="uq_collection_variant"),
        CheckConstraint("quantity >= 0", name="ck_collection_quantity"),
    )

    id: int | None = Field(default=None, primary_key=True)
    card_id: int = Field(sa_column=Column(Integer, ForeignKey("card.id", ondelete="RESTRICT"), nullable=False, index=True))
    quantity: int
    condition: str = Field(default="", max_length=32)
    finish: str = Field(default="", max_length=32)
    language: str = Field(default="", max_length=32)
    location: str = Field(default="", max_length=120)
    notes: str = Field(default="", sa_column=Column(Text, nullable=False))
    updated_at: datetime = Field(default_factory=utcnow)
