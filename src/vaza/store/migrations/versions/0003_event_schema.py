"""The version of each stored table event's form (`schema_version`): events are upgraded when
read, never rewritten; the events written before it are version 1.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("table_events") as table:
        table.add_column(
            sa.Column("schema_version", sa.Integer, nullable=False, server_default="1")
        )


def downgrade() -> None:
    with op.batch_alter_table("table_events") as table:
        table.drop_column("schema_version")
