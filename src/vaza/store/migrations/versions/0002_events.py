"""Duplicate events: the events, their members, and the tables that play them.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_TIME = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        sa.Column("public", sa.Boolean, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("boards", sa.JSON, nullable=False),
        sa.Column("source", sa.JSON, nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
    )
    op.create_index("ix_events_public", "events", ["public"])
    op.create_index("ix_events_status", "events", ["status"])
    op.create_table(
        "event_members",
        sa.Column(
            "event_id",
            sa.String(32),
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("entry", sa.String(16), nullable=False),
        sa.Column("seat", sa.String(2), nullable=False),
        sa.Column("created_at", _TIME, nullable=False),
        sa.UniqueConstraint("event_id", "entry", "seat", name="uq_event_member_seat"),
    )
    op.create_index("ix_event_members_user_id", "event_members", ["user_id"])
    op.create_table(
        "event_tables",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "event_id",
            sa.String(32),
            sa.ForeignKey("events.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("ns", sa.String(16), nullable=False),
        sa.Column("ew", sa.String(16), nullable=False),
        sa.Column("first_board", sa.Integer, nullable=False),
        sa.Column("boards", sa.Integer, nullable=False),
    )
    op.create_index("ix_event_tables_event_id", "event_tables", ["event_id"])


def downgrade() -> None:
    for table in ("event_tables", "event_members", "events"):
        op.drop_table(table)
