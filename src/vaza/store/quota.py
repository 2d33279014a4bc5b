"""Per-person locks, so that a limit is checked and taken in one step (issue 47).

A limit that counts what a person has (open tables, open tournaments) and then creates one more
can be raced: a hundred requests sent at once all count before any creates.  Whoever checks a
limit holds the person's lock from the count to the creation.  In one process an asyncio lock
per person suffices (an embedded SQLite club is one process); on PostgreSQL several processes
may serve one person, so the lock is also a PostgreSQL advisory lock, held on a connection of
its own for that short while.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from sqlalchemy import text

from vaza.store.db import Database


class PersonLocks:
    """One lock for each (limit, person): `hold("tables", 7)`."""

    def __init__(self, database: Database) -> None:
        self._engine = database.engine
        self._shared = database.engine.dialect.name == "postgresql"
        self._locks: dict[str, asyncio.Lock] = {}
        self._holders: dict[str, int] = {}

    @asynccontextmanager
    async def hold(self, kind: str, who: int | str) -> AsyncIterator[None]:
        key = f"vaza:{kind}:{who}"
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._holders[key] = self._holders.get(key, 0) + 1
        try:
            async with lock:
                if not self._shared:
                    yield
                    return
                async with self._engine.connect() as connection:
                    # A session-level lock, taken and let go on this one connection: the
                    # count and the creation run in transactions of their own in between.
                    lock_key = {"key": key}
                    await connection.execute(
                        text("SELECT pg_advisory_lock(hashtextextended(:key, 0))"), lock_key
                    )
                    await connection.commit()
                    try:
                        yield
                    finally:
                        try:
                            await connection.execute(
                                text("SELECT pg_advisory_unlock(hashtextextended(:key, 0))"),
                                lock_key,
                            )
                            await connection.commit()
                        except BaseException:
                            # Never back to the pool still holding the lock: closing the
                            # connection lets it go.
                            await connection.invalidate()
                            raise
        finally:
            self._holders[key] -= 1
            if not self._holders[key]:  # nobody waits: forget the lock
                del self._holders[key]
                del self._locks[key]
