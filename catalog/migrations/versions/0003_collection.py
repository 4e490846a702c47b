"""The collection, and built decks.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "collection_item",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("card_id", sa.Integer(), sa.ForeignKey("card.id", ondelete="RESTRICT"), nullable=False),
        sa.Column("quantity", sa.Integer(), nullable=False),
        sa.Column("condition", sa.String(32), nullable=False),
        sa.Column("finish", sa.String(32), nullable=False),
        sa.Column("language", sa.String(32), nullable=False),
        sa.Column("location", sa.String(120), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("card_id", "condition", "finish", "language", "location", name="uq_collection_variant"),
        sa.CheckConstraint("quantity >= 0", name="ck_collection_quantity"),
    )
    op.create_index("ix_collection_item_card_id", "collection_item", ["card_id"])
    op.add_column("deck", sa.Column("built_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("deck") as batch:
        batch.drop_column("built_at")
    op.drop_table("collection_item")
