"""Decks and their entries.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "deck",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_deck_name_key"),
    )
    op.create_index("ix_deck_game", "deck", ["game"])
    op.create_table(
        "deck_entry",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("deck_id", sa.Integer(), sa.ForeignKey("deck.id", ondelete="CASCADE"), nullable=False),
        sa.Column("card_id", sa.Integer(), sa.ForeignKey("card.id", ondelete="RESTRICT"), nullable=False),
        sa.Column("section", sa.String(32), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.UniqueConstraint("deck_id", "card_id", "section", name="uq_deck_entry"),
        sa.CheckConstraint("quantity >= 1", name="ck_deck_entry_quantity"),
    )
    op.create_index("ix_deck_entry_deck_id", "deck_entry", ["deck_id"])
    op.create_index("ix_deck_entry_card_id", "deck_entry", ["card_id"])


def downgrade() -> None:
    op.drop_table("deck_entry")
    op.drop_table("deck")
