"""The catalog's tables, described once in SQLAlchemy Core.

Reading (cards, decks, what a deck is missing) uses these tables directly, so a command that only reads never
imports SQLModel or pydantic. :mod:`decklab.catalog.models` derives the SQLModel classes from the same tables
(for writes and for Alembic's comparison with the migrations), so nothing is described twice.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    CheckConstraint,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)
from sqlalchemy.types import TypeDecorator

from .cards import MAX_CARD_NAME, MAX_DECK_NAME, MAX_FACTION, MAX_SET_CODE, MAX_SET_NAME


def utcnow() -> datetime:
    """Now, in UTC (timezone-aware)."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator):
    """A timezone-aware time, stored in UTC and read back in UTC (SQLite keeps no offset: UTC is assumed)."""

    impl = DateTime
    cache_ok = True

    def __init__(self) -> None:
        super().__init__(timezone=True)

    def process_bind_param(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        if value.utcoffset() is None:
            raise ValueError("decklab stores times with their timezone (use utcnow()).")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Any) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.utcoffset() is None else value.astimezone(UTC)


metadata = MetaData()

card_set = Table(
    "card_set", metadata,
    Column("id", Integer, primary_key=True),
    Column("game", String(32), nullable=False, index=True),
    Column("code", String(MAX_SET_CODE), nullable=False),
    Column("name", String(MAX_SET_NAME), nullable=False),
    Column("banlist", JSON, nullable=True),
    Column("imported_at", UTCDateTime(), nullable=False, default=utcnow),
    UniqueConstraint("game", "code", name="uq_card_set_game_code"),
)
"""One imported card set; ``(game, code)`` is unique."""

card = Table(
    "card", metadata,
    Column("id", Integer, primary_key=True),
    Column("game", String(32), nullable=False),
    Column("name", String(MAX_CARD_NAME), nullable=False),
    Column("name_key", String(MAX_CARD_NAME), nullable=False),
    Column("type", String(32), nullable=False),
    Column("set_id", Integer, ForeignKey("card_set.id", ondelete="RESTRICT"), nullable=False, index=True),
    Column("rarity", String(32), nullable=True),
    Column("faction", String(MAX_FACTION), nullable=True),
    Column("text", Text, nullable=False),
    Column("data", JSON, nullable=False),
    UniqueConstraint("game", "name_key", name="uq_card_game_name_key"),
    Index("ix_card_game_type", "game", "type"),
)
"""One card. ``name_key`` is the case-folded name, unique within a game; ``data`` holds every field of the card
as in its set file, the other columns repeat the ones that listings filter on."""

deck = Table(
    "deck", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(MAX_DECK_NAME), nullable=False),
    Column("name_key", String(MAX_DECK_NAME), nullable=False),
    Column("game", String(32), nullable=False, index=True),
    Column("format", String(16), nullable=False, default="official"),
    Column("notes", Text, nullable=False),
    Column("created_at", UTCDateTime(), nullable=False, default=utcnow),
    Column("updated_at", UTCDateTime(), nullable=False, default=utcnow),
    Column("built_at", UTCDateTime(), nullable=True),  # when the deck was marked built (its cards reserved)
    UniqueConstraint("name_key", name="uq_deck_name_key"),
)
"""A saved deck; ``name_key`` (the case-folded name) is unique across games."""

deck_entry = Table(
    "deck_entry", metadata,
    Column("id", Integer, primary_key=True),
    Column("deck_id", Integer, ForeignKey("deck.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("card_id", Integer, ForeignKey("card.id", ondelete="RESTRICT"), nullable=False, index=True),
    Column("section", String(32), nullable=False, default="main"),
    Column("quantity", Integer, nullable=False),
    Column("position", Integer, nullable=False, default=0),
    UniqueConstraint("deck_id", "card_id", "section", name="uq_deck_entry"),
    CheckConstraint("quantity >= 1", name="ck_deck_entry_quantity"),
)
"""A card in a deck section with its quantity (at least 1)."""

collection_item = Table(
    "collection_item", metadata,
    Column("id", Integer, primary_key=True),
    Column("card_id", Integer, ForeignKey("card.id", ondelete="RESTRICT"), nullable=False, index=True),
    Column("quantity", Integer, nullable=False),
    Column("condition", String(32), nullable=False, default=""),
    Column("finish", String(32), nullable=False, default=""),
    Column("language", String(32), nullable=False, default=""),
    Column("location", String(120), nullable=False, default=""),
    Column("notes", Text, nullable=False),
    Column("updated_at", UTCDateTime(), nullable=False, default=utcnow),
    UniqueConstraint("card_id", "condition", "finish", "language", "location", name="uq_collection_variant"),
    CheckConstraint("quantity >= 0", name="ck_collection_quantity"),
)
"""Copies of one card the player owns, in one variant (condition, finish, language, location). Quantities change
only through single atomic SQL statements (see :mod:`decklab.catalog.collection`); a row never holds less than 1."""
