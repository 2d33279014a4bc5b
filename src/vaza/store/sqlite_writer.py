"""The group commit of an embedded SQLite club, on a thread of its own.

Through SQLAlchemy's async engine a commit of one action crossed to aiosqlite's thread about
six times (begin, each statement's cursor, execute and close, commit), and a busy server's
main thread spent a quarter of its time there.  Here the whole batch is one call on one
thread holding its own `sqlite3` connection to the same file: one crossing a batch.  The
statements and values are the ones SQLAlchemy writes (its own bind processors turn the
values into what it stores), so every other reader and writer of the file is unchanged;
SQLite's lock orders this writer with the engine's (WAL, `busy_timeout`).  A finished deal's
rows go in with its last events (its archive row and who sat where).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol

from sqlalchemy.engine import Dialect

from vaza.json_types import JSON
from vaza.store import models
from vaza.store.db import sqlite_settings
from vaza.store.port import DealRow, NewEvent

_MOVE_TABLE = "UPDATE tables SET version = ?, status = ?, summary = ? WHERE id = ? AND version = ?"
_INSERT_EVENT = (
    "INSERT INTO table_events (table_id, version, type, payload, schema_version, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?)"
)
_INSERT_DEAL = (
    "INSERT INTO deals (table_id, number, game, pbn, lin, summary, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_PLAYER = "INSERT INTO deal_players (deal_id, seat, user_id) VALUES (?, ?, ?)"


class Move(Protocol):
    """One table's append: from `expected_version`, these events, the lobby's new summary."""

    @property
    def table_id(self) -> str: ...
    @property
    def expected_version(self) -> int: ...
    @property
    def reached(self) -> int: ...
    @property
    def events(self) -> tuple[NewEvent, ...]: ...
    @property
    def status(self) -> str: ...
    @property
    def summary(self) -> JSON: ...
    @property
    def deals(self) -> tuple[DealRow, ...]: ...


def _processor(column: Any, dialect: Dialect) -> Callable[[Any], Any]:
    process = column.type.bind_processor(dialect)
    return process if process is not None else (lambda value: value)


class SqliteWriter:
    """Commits batches of moves, all or nothing, one at a time on its own thread."""

    def __init__(self, path: str, dialect: Dialect) -> None:
        self._path = path
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="vaza-sqlite")
        self._connection: sqlite3.Connection | None = None
        table, event = models.Table.__table__.c, models.TableEvent.__table__.c
        deal = models.DealArchive.__table__.c
        self._summary = _processor(table.summary, dialect)
        self._payload = _processor(event.payload, dialect)
        self._created = _processor(event.created_at, dialect)
        self._deal_summary = _processor(deal.summary, dialect)
        self._deal_created = _processor(deal.created_at, dialect)

    def _open(self) -> sqlite3.Connection:
        if self._connection is None:
            # Autocommit mode: this writer says BEGIN and COMMIT itself.
            connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            sqlite_settings(connection)  # the engine's own (WAL, FULL sync, busy timeout)
            self._connection = connection
        return self._connection

    def _commit(self, moves: Sequence[Move]) -> bool:
        connection = self._open()
        connection.execute("BEGIN IMMEDIATE")
        try:
            moved = connection.executemany(
                _MOVE_TABLE,
                [
                    (m.reached, m.status, self._summary(m.summary),
                     m.table_id, m.expected_version)
                    for m in moves
                ],
            ).rowcount  # fmt: skip
            if moved != len(moves):
                connection.execute("ROLLBACK")
                return False
            now = self._created(models.utcnow())
            connection.executemany(
                _INSERT_EVENT,
                [
                    (m.table_id, m.expected_version + offset, item.type,
                     self._payload(item.payload), item.schema_version, now)
                    for m in moves
                    for offset, item in enumerate(m.events, start=1)
                ],
            )  # fmt: skip
            for deal in (deal for m in moves for deal in m.deals):
                self._insert_deal(connection, deal)
            connection.execute("COMMIT")
            return True
        except BaseException:
            if connection.in_transaction:
                connection.execute("ROLLBACK")
            raise

    def _insert_deal(self, connection: sqlite3.Connection, deal: DealRow) -> None:
        """A finished deal and who sat where, as the store's `_add_deal` writes them."""
        row = connection.execute(
            _INSERT_DEAL,
            (deal.table_id, deal.number, deal.game, deal.pbn, deal.lin,
             self._deal_summary(deal.summary), self._deal_created(models.utcnow())),
        )  # fmt: skip
        connection.executemany(
            _INSERT_PLAYER,
            [(row.lastrowid, seat, user_id) for seat, user_id in deal.players.items()],
        )

    async def commit(self, moves: Sequence[Move]) -> bool:
        """True once every move is durable; False, with nothing written, if some table was not
        at the version its move expected."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, self._commit, moves)

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def close(self) -> None:
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self._thread, self._close)
        self._thread.shutdown(wait=True)
