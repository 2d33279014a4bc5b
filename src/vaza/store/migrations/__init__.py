"""Alembic migrations of the Vaza schema."""
