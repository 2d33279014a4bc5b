"""Persistence behind a port: SQLAlchemy 2 (async) over SQLite by default, PostgreSQL by URL."""
