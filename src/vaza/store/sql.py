"""The store port over SQLAlchemy (SQLite or PostgreSQL)."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Table, Update, bindparam, delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from vaza.json_types import JSON
from vaza.store import models
from vaza.store.db import Database
from vaza.store.port import (
    ConflictError,
    DealRow,
    NameTaken,
    NewEvent,
    StoredEvent,
    TableHead,
    TableRecord,
    UserRecord,
)
from vaza.store.quota import PersonLocks
from vaza.store.sql_rows import deal_row, table_record, user_record
from vaza.store.sqlite_writer import SqliteWriter

_BATCH = 256


def _move_tables() -> Update:
    table = models.Table.__table__
    assert isinstance(table, Table)
    return (
        update(table)
        .where(table.c.id == bindparam("b_id"), table.c.version == bindparam("b_from"))
        .values(
            version=bindparam("b_to"), status=bindparam("b_status"), summary=bindparam("b_summary")
        )
    )


# The group commit's two statements, built once (building them is a good part of a commit's CPU).
_MOVE_TABLES = _move_tables()
_INSERT_EVENTS = insert(models.TableEvent)


@dataclass(frozen=True, slots=True)
class _Append:
    table_id: str
    expected_version: int
    events: tuple[NewEvent, ...]
    head: TableHead
    deals: tuple[DealRow, ...]

    @property
    def reached(self) -> int:
        """The table's version once the append is in."""
        return self.expected_version + len(self.events)

    @property
    def status(self) -> str:
        return self.head.status

    @property
    def summary(self) -> JSON:
        return self.head.summary


class SqlStore:
    def __init__(self, database: Database) -> None:
        self.database = database
        self._sessions = database.sessions
        self._settings_lock = asyncio.Lock()
        self.locks = PersonLocks(database)
        """Held from a limit's count to the creation it allows (`store.quota`)."""
        self._queue: asyncio.Queue[tuple[_Append, asyncio.Future[int]]] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self._writer_connection: AsyncConnection | None = None
        """Kept by the group committer between batches: taking one from the pool for each
        batch costs two more round trips (the pool's liveness ping and its reset)."""
        self._sqlite: SqliteWriter | None = None
        """An embedded club's group commit, on a thread of its own (`store.sqlite_writer`)."""
        url = database.engine.url
        if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
            self._sqlite = SqliteWriter(url.database, database.engine.dialect)

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer
        await self._drop_writer_connection()
        if self._sqlite is not None:
            await self._sqlite.close()

    async def _drop_writer_connection(self) -> None:
        connection, self._writer_connection = self._writer_connection, None
        if connection is not None:
            with contextlib.suppress(Exception):
                await connection.close()

    # -- users ----------------------------------------------------------------------------

    async def create_user(
        self, name: str, password_hash: str | None, is_guest: bool, settings: JSON
    ) -> UserRecord:
        row = models.User(
            name=name,
            name_key=name.casefold(),
            password_hash=password_hash,
            is_guest=is_guest,
            settings=settings,
        )
        async with self._sessions() as session:
            session.add(row)
            try:
                await session.commit()
            except IntegrityError:
                raise NameTaken(name) from None
            return user_record(row)

    async def user_by_id(self, user_id: int) -> UserRecord | None:
        async with self._sessions() as session:
            row = await session.get(models.User, user_id)
            return user_record(row) if row else None

    async def user_by_name(self, name: str) -> UserRecord | None:
        async with self._sessions() as session:
            query = select(models.User).where(models.User.name_key == name.casefold())
            row = (await session.execute(query)).scalar_one_or_none()
            return user_record(row) if row else None

    async def rename_user(self, user_id: int, name: str) -> UserRecord:
        async with self._sessions() as session:
            row = await session.get(models.User, user_id)
            if row is None:
                raise KeyError(user_id)
            row.name, row.name_key = name, name.casefold()
            try:
                await session.commit()
            except IntegrityError:
                raise NameTaken(name) from None
            return user_record(row)

    async def update_settings(self, user_id: int, changes: JSON, defaults: JSON) -> UserRecord:
        # The row is read and written in one transaction, locked against other processes
        # (PostgreSQL's FOR UPDATE) and against this one's other requests (SQLite has no row
        # lock, and serves one process).
        async with self._settings_lock, self._sessions() as session:
            row = await session.get(models.User, user_id, with_for_update=True)
            if row is None:
                raise KeyError(user_id)
            row.settings = {**defaults, **(row.settings or {}), **changes}
            await session.commit()
            return user_record(row)

    async def create_session(self, user_id: int) -> str:
        token = secrets.token_urlsafe(32)
        async with self._sessions() as session:
            session.add(models.Session(id=token, user_id=user_id))
            await session.commit()
        return token

    async def session_user(
        self, token: str, guests_since: datetime | None = None
    ) -> UserRecord | None:
        async with self._sessions() as session:
            query = (
                select(models.User)
                .join(models.Session, models.Session.user_id == models.User.id)
                .where(models.Session.id == token)
            )
            if guests_since is not None:
                query = query.where(
                    or_(models.User.is_guest.is_(False), models.Session.created_at > guests_since)
                )
            row = (await session.execute(query)).scalar_one_or_none()
            return user_record(row) if row else None

    async def delete_session(self, token: str) -> None:
        async with self._sessions() as session:
            await session.execute(delete(models.Session).where(models.Session.id == token))
            await session.commit()

    # -- tables and events ----------------------------------------------------------------

    async def create_table(self, table: TableRecord, events: Sequence[NewEvent]) -> int:
        async with self._sessions() as session:
            session.add(
                models.Table(
                    id=table.id,
                    options=table.options,
                    public=table.public,
                    invite_token=table.invite_token,
                    created_by=table.created_by,
                    status=table.status,
                    version=len(events),
                    summary=table.summary,
                )
            )
            await session.flush()
            for version, item in enumerate(events, start=1):
                session.add(
                    models.TableEvent(
                        table_id=table.id,
                        version=version,
                        type=item.type,
                        payload=item.payload,
                        schema_version=item.schema_version,
                    )
                )
            await session.commit()
        return len(events)

    async def table(self, table_id: str) -> TableRecord | None:
        async with self._sessions() as session:
            row = await session.get(models.Table, table_id)
            return table_record(row) if row else None

    async def tables(self, public_only: bool, unfinished_only: bool) -> list[TableRecord]:
        query = select(models.Table).order_by(models.Table.created_at.desc())
        if public_only:
            query = query.where(models.Table.public.is_(True))
        if unfinished_only:
            query = query.where(models.Table.status != "finished")
        async with self._sessions() as session:
            return [table_record(row) for row in (await session.execute(query)).scalars()]

    async def open_tables_created_by(self, user_id: int) -> int:
        query = (
            select(func.count())
            .select_from(models.Table)
            .where(models.Table.created_by == user_id, models.Table.status != "finished")
        )
        async with self._sessions() as session:
            return int((await session.execute(query)).scalar_one())

    def person_lock(self, kind: str, who: int | str) -> AbstractAsyncContextManager[None]:
        return self.locks.hold(kind, who)

    async def unfinished_table_ids(self) -> list[str]:
        query = select(models.Table.id).where(models.Table.status != "finished")
        async with self._sessions() as session:
            return list((await session.execute(query)).scalars())

    async def append(
        self,
        table_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        head: TableHead,
        deals: Sequence[DealRow] = (),
    ) -> int:
        """Queue the append for the group committer and wait until it is durable."""
        request = _Append(table_id, expected_version, tuple(events), head, tuple(deals))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_batches())
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        await self._queue.put((request, future))
        return await future

    async def _write_batches(self) -> None:
        """Group commit: every append waiting when a commit starts goes into it, so one
        fsync covers many tables' actions.  A batch that fails is retried one by one, so
        one table's conflict never fails another's append."""
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty() and len(batch) < _BATCH:
                batch.append(self._queue.get_nowait())
            requests = [request for request, _ in batch]
            outcomes: list[int | BaseException] = []
            try:
                outcomes = await self._commit_all(requests)
            except Exception:
                outcomes = []
            if not outcomes:  # a conflict or a failure somewhere: settle each on its own
                outcomes = [await self._append_alone(request) for request in requests]
            for (_, future), outcome in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if isinstance(outcome, BaseException):
                    future.set_exception(outcome)
                else:
                    future.set_result(outcome)

    async def _commit_all(self, requests: list[_Append]) -> list[int | BaseException]:
        """The whole batch in one transaction with one statement per table kind (Core,
        executemany); returns [] and commits nothing unless every table was where its
        append expected it."""
        if self._sqlite is not None:
            if not await self._sqlite.commit(requests):
                return []
            return [r.reached for r in requests]
        if self._writer_connection is None:
            self._writer_connection = await self.database.engine.connect()
        try:
            return await self._commit_on(self._writer_connection, requests)
        except BaseException:
            # Whatever state it is in (the database restarted, a statement failed half-way),
            # the next batch starts on a fresh connection.
            await self._drop_writer_connection()
            raise

    async def _commit_on(
        self, connection: AsyncConnection, requests: list[_Append]
    ) -> list[int | BaseException]:
        transaction = await connection.begin()
        moved = await connection.execute(
            _MOVE_TABLES,
            [
                {
                    "b_id": r.table_id,
                    "b_from": r.expected_version,
                    "b_to": r.reached,
                    "b_status": r.status,
                    "b_summary": r.summary,
                }
                for r in requests
            ],
        )
        if not await self._all_moved(connection, moved.rowcount, requests):
            await transaction.rollback()
            return []
        rows = [
            {
                "table_id": r.table_id,
                "version": r.expected_version + offset,
                "type": item.type,
                "payload": item.payload,
                "schema_version": item.schema_version,
                "created_at": models.utcnow(),
            }
            for r in requests
            for offset, item in enumerate(r.events, start=1)
        ]
        if rows:
            await connection.execute(_INSERT_EVENTS, rows)
        if any(r.deals for r in requests):
            async with AsyncSession(bind=connection) as session:
                for request in requests:
                    for deal in request.deals:
                        await self._add_deal(session, deal)
                await session.flush()
        await transaction.commit()
        return [r.reached for r in requests]

    @staticmethod
    async def _all_moved(
        connection: AsyncConnection, rowcount: int, requests: list[_Append]
    ) -> bool:
        """Whether every table of the batch was where its append expected it.  asyncpg's
        executemany counts no rows (-1): then the versions are read back in the same
        transaction (a table already at the version an append would reach is caught by the
        events' unique (table, version))."""
        if rowcount != -1:
            return rowcount == len(requests)
        reached = {r.table_id: r.reached for r in requests}
        table = models.Table.__table__.c
        rows = await connection.execute(
            select(table.id, table.version).where(table.id.in_(list(reached)))
        )
        return dict(rows.all()) == reached

    async def _append_alone(self, request: _Append) -> int | BaseException:
        try:
            async with self._sessions() as session:
                outcome = await self._stage(session, request)
                await session.commit()
                return outcome
        except IntegrityError:
            return ConflictError(f"table {request.table_id}: version taken")
        except Exception as error:  # the database failed: tell the waiter
            return error

    async def _stage(self, session: AsyncSession, request: _Append) -> int | BaseException:
        """Add one append to the session; a conflict is returned, not raised."""
        new_version = request.reached
        moved = await session.execute(
            update(models.Table)
            .where(
                models.Table.id == request.table_id,
                models.Table.version == request.expected_version,
            )
            .values(version=new_version, status=request.head.status, summary=request.head.summary)
        )
        if moved.rowcount != 1:  # type: ignore[attr-defined]
            return ConflictError(
                f"table {request.table_id} is not at version {request.expected_version}"
            )
        for offset, item in enumerate(request.events, start=1):
            session.add(
                models.TableEvent(
                    table_id=request.table_id,
                    version=request.expected_version + offset,
                    type=item.type,
                    payload=item.payload,
                    schema_version=item.schema_version,
                )
            )
        for deal in request.deals:
            await self._add_deal(session, deal)
        return new_version

    async def events(self, table_id: str, after: int = 0) -> list[StoredEvent]:
        query = (
            select(models.TableEvent)
            .where(models.TableEvent.table_id == table_id, models.TableEvent.version > after)
            .order_by(models.TableEvent.version)
        )
        async with self._sessions() as session:
            rows = (await session.execute(query)).scalars()
            return [
                StoredEvent(row.version, row.type, dict(row.payload), row.schema_version)
                for row in rows
            ]

    async def save_deal(self, deal: DealRow) -> int:
        async with self._sessions() as session:
            deal_id = await self._add_deal(session, deal)
            await session.commit()
            return deal_id

    @staticmethod
    async def _add_deal(session: AsyncSession, deal: DealRow) -> int:
        row = models.DealArchive(
            table_id=deal.table_id,
            number=deal.number,
            game=deal.game,
            pbn=deal.pbn,
            lin=deal.lin,
            summary=deal.summary,
        )
        session.add(row)
        await session.flush()
        for seat, user_id in deal.players.items():
            session.add(models.DealPlayer(deal_id=row.id, seat=seat, user_id=user_id))
        return row.id

    async def set_deal_analysis(self, table_id: str, number: int, analysis: JSON) -> None:
        query = select(models.DealArchive).where(
            models.DealArchive.table_id == table_id, models.DealArchive.number == number
        )
        async with self._sessions() as session:
            row = (await session.execute(query)).scalar_one_or_none()
            if row is not None:
                row.summary = {**(row.summary or {}), "analysis": analysis}
                await session.commit()

    async def deal(self, deal_id: int) -> DealRow | None:
        async with self._sessions() as session:
            row = await session.get(models.DealArchive, deal_id)
            if row is None:
                return None
            query = select(models.DealPlayer).where(models.DealPlayer.deal_id == deal_id)
            players = {p.seat: p.user_id for p in (await session.execute(query)).scalars()}
            return deal_row(row, players)

    async def deals_of_user(self, user_id: int, limit: int, offset: int) -> list[DealRow]:
        query = (
            select(models.DealArchive)
            .join(models.DealPlayer, models.DealPlayer.deal_id == models.DealArchive.id)
            .where(models.DealPlayer.user_id == user_id)
            .order_by(models.DealArchive.id.desc())
            .limit(limit)
            .offset(offset)
        )
        async with self._sessions() as session:
            return [deal_row(row) for row in (await session.execute(query)).scalars()]

    async def deals_of_table(self, table_id: str) -> list[DealRow]:
        query = (
            select(models.DealArchive)
            .where(models.DealArchive.table_id == table_id)
            .order_by(models.DealArchive.number)
        )
        async with self._sessions() as session:
            return [deal_row(row) for row in (await session.execute(query)).scalars()]
