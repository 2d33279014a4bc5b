"""Alembic environment: Vaza runs migrations itself, on a connection it hands over."""

from __future__ import annotations

from alembic import context

from vaza.store import tournaments_models  # noqa: F401 - the events' tables join Base.metadata
from vaza.store.models import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through vaza.store.db.open_database")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
