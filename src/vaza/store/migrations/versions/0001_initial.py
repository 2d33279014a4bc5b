"""The first schema: users, sessions, tables, their event logs, finished deals.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_TIME = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(40), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200)),
        sa.Column("is_guest", sa.Boolean, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
    )
    op.create_index("ix_users_name", "users", ["name"], unique=True)
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created_at", _TIME, nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("invite_token", sa.String(64), nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id")),
        sa.Column("created_at", _TIME, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("summary", sa.JSON, nullable=False),
    )
    op.create_index("ix_tables_public", "tables", ["public"])
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "table_events",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer, "sqlite"), primary_key=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("type", sa.String(32), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
        sa.UniqueConstraint("table_id", "version", name="uq_table_event_version"),
    )
    op.create_index("ix_table_events_table_id", "table_events", ["table_id"])
    op.create_table(
        "deals",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("pbn", sa.Text),
        sa.Column("lin", sa.Text),
        sa.Column("summary", sa.JSON, nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
    )
    op.create_index("ix_deals_table_id", "deals", ["table_id"])
    op.create_table(
        "deal_players",
        sa.Column(
            "deal_id", sa.Integer, sa.ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seat", sa.String(8), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
    )
    op.create_index("ix_deal_players_user_id", "deal_players", ["user_id"])


def downgrade() -> None:
    for table in ("deal_players", "deals", "table_events", "tables", "sessions", "users"):
        op.drop_table(table)
