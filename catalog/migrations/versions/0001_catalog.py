"""The catalog: card sets and cards.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "card_set",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("code", sa.String(64), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("banlist", sa.JSON(), nullable=True),
        sa.Column("imported_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game", "code", name="uq_card_set_game_code"),
    )
    op.create_index("ix_card_set_game", "card_set", ["game"])
    op.create_table(
        "card",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("name", sa.String(120), nullable=False),
        sa.Column("name_key", sa.String(120), nullable=False),
        sa.Column("type", sa.String(32), nullable=False),
        sa.Column("set_id", sa.Integer(), sa.ForeignKey("card_set.id", ondelete="RESTRICT"), nullable=False),
        sa.Column("rarity", sa.String(32), nullable=True),
        sa.Column("faction", sa.String(64), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.UniqueConstraint("game", "name_key", name="uq_card_game_name_key"),
    )
    op.create_index("ix_card_game_type", "card", ["game", "type"])
    op.create_index("ix_card_set_id", "card", ["set_id"])


def downgrade() -> None:
    op.drop_table("card")
    op.drop_table("card_set")
