"""Opening the database: the URL, SQLite's settings, and migrations to the latest schema."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import orjson
from alembic import command
from alembic.config import Config
from sqlalchemy import event, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)

MIGRATIONS = Path(__file__).parent / "migrations"


PRIVATE: Final = 0o600
"""The mode of every file the club writes that holds its secrets (password hashes, sessions,
the cards of unfinished deals): its owner's alone, whatever the umask."""


def private_file(path: Path) -> None:
    """Make `path` (created empty if missing) readable and writable by its owner alone."""
    os.close(os.open(path, os.O_CREAT | os.O_WRONLY, PRIVATE))
    path.chmod(PRIVATE)


def default_url(data_dir: Path) -> str:
    """The embedded database: one SQLite file in the data directory."""
    return f"sqlite+aiosqlite:///{(data_dir / 'vaza.db').resolve()}"


def _json_text(value: object) -> str:
    """JSON columns written by orjson: the standard library's encoder was a visible part of a
    busy server's commits."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def sqlite_settings(dbapi_connection: object, _record: object = None) -> None:
    """WAL lets readers go on while a table appends; FULL sync makes each commit durable
    (an accepted action survives a crash of the machine, not only of the process)."""
    cursor = dbapi_connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


_MIGRATION_LOCK = 0x7A7A  # any number the processes of one club agree on


def _upgrade(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        # Several processes may start at once against a new database: one migrates, the
        # others wait for it and then find the schema up to date.
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


@dataclass
class Database:
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]

    async def close(self) -> None:
        await self.engine.dispose()


async def open_database(url: str) -> Database:
    """Connect and migrate to the latest schema (creating it on first start)."""
    parsed = make_url(url)
    sqlite = parsed.get_backend_name() == "sqlite"
    if sqlite and parsed.database not in (None, "", ":memory:"):
        # SQLite makes the WAL and shared-memory files with the database's own mode.
        path = Path(str(parsed.database))
        private_file(path)
        for extra in ("-wal", "-shm"):
            if (beside := path.with_name(path.name + extra)).exists():
                beside.chmod(PRIVATE)
    # SQLAlchemy rolls back whatever a closing connection or session left open; for SQLite the
    # pool's second rollback on return is one more trip to the driver's thread for nothing.
    engine = create_async_engine(
        url,
        pool_pre_ping=not sqlite,
        pool_reset_on_return=None if sqlite else "rollback",
        json_serializer=_json_text,
        json_deserializer=orjson.loads,
    )
    if sqlite:
        event.listen(engine.sync_engine, "connect", sqlite_settings)
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)
    return Database(engine, async_sessionmaker(engine, expire_on_commit=False))
