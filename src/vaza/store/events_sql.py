"""The events store port over SQLAlchemy (SQLite or PostgreSQL), beside `SqlStore`."""

from __future__ import annotations

from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError

from vaza.store import events_models as rows
from vaza.store import models
from vaza.store.db import Database
from vaza.store.events_port import EventRecord, EventTableRecord, MemberConflict, MemberRecord
from vaza.store.port import DealRow


def _event(row: rows.Event) -> EventRecord:
    return EventRecord(
        id=row.id,
        kind=row.kind,
        name=row.name,
        created_by=row.created_by,
        public=row.public,
        status=row.status,
        rules=dict(row.rules),
        boards=dict(row.boards),
        source=dict(row.source),
        created_at=row.created_at,
    )


def _member(row: rows.EventMember) -> MemberRecord:
    return MemberRecord(row.event_id, row.user_id, row.name, row.entry, row.seat)


class SqlEventStore:
    def __init__(self, database: Database) -> None:
        self._sessions = database.sessions

    async def create_event(self, event: EventRecord) -> None:
        async with self._sessions() as session:
            session.add(
                rows.Event(
                    id=event.id,
                    kind=event.kind,
                    name=event.name,
                    created_by=event.created_by,
                    public=event.public,
                    status=event.status,
                    rules=event.rules,
                    boards=dict(event.boards),
                    source=event.source,
                )
            )
            await session.commit()

    async def event(self, event_id: str) -> EventRecord | None:
        async with self._sessions() as session:
            row = await session.get(rows.Event, event_id)
            return _event(row) if row else None

    async def events(self, viewer: int | None, limit: int) -> list[EventRecord]:
        query = select(rows.Event).order_by(rows.Event.created_at.desc()).limit(limit)
        if viewer is None:
            query = query.where(rows.Event.public.is_(True))
        else:
            joined = select(rows.EventMember.event_id).where(rows.EventMember.user_id == viewer)
            query = query.where(
                or_(
                    rows.Event.public.is_(True),
                    rows.Event.created_by == viewer,
                    rows.Event.id.in_(joined),
                )
            )
        async with self._sessions() as session:
            return [_event(row) for row in (await session.execute(query)).scalars()]

    async def open_events(self, creator: int) -> int:
        query = select(func.count()).where(
            rows.Event.created_by == creator, rows.Event.status.in_(("open", "playing"))
        )
        async with self._sessions() as session:
            return int((await session.execute(query)).scalar_one())

    async def set_status(self, event_id: str, status: str, expected: str | None = None) -> bool:
        query = update(rows.Event).where(rows.Event.id == event_id).values(status=status)
        if expected is not None:
            query = query.where(rows.Event.status == expected)
        async with self._sessions() as session:
            moved = await session.execute(query)
            await session.commit()
            return bool(moved.rowcount)  # type: ignore[attr-defined]

    async def add_member(self, member: MemberRecord) -> None:
        async with self._sessions() as session:
            session.add(
                rows.EventMember(
                    event_id=member.event_id,
                    user_id=member.user_id,
                    name=member.name,
                    entry=member.entry,
                    seat=member.seat,
                )
            )
            try:
                await session.commit()
            except IntegrityError:
                raise MemberConflict(f"{member.entry} {member.seat}") from None

    async def members(self, event_id: str) -> list[MemberRecord]:
        query = (
            select(rows.EventMember)
            .where(rows.EventMember.event_id == event_id)
            .order_by(rows.EventMember.created_at, rows.EventMember.user_id)
        )
        async with self._sessions() as session:
            return [_member(row) for row in (await session.execute(query)).scalars()]

    async def add_table(self, table: EventTableRecord) -> None:
        async with self._sessions() as session:
            session.add(
                rows.EventTable(
                    table_id=table.table_id,
                    event_id=table.event_id,
                    round=table.round,
                    number=table.number,
                    ns=table.ns,
                    ew=table.ew,
                    first_board=table.first_board,
                    boards=table.boards,
                )
            )
            await session.commit()

    async def tables(self, event_id: str) -> list[EventTableRecord]:
        query = (
            select(rows.EventTable, models.Table.status, models.Table.invite_token)
            .join(models.Table, models.Table.id == rows.EventTable.table_id)
            .where(rows.EventTable.event_id == event_id)
            .order_by(rows.EventTable.round, rows.EventTable.number)
        )
        async with self._sessions() as session:
            return [
                EventTableRecord(
                    row.event_id,
                    row.table_id,
                    row.round,
                    row.number,
                    row.ns,
                    row.ew,
                    row.first_board,
                    row.boards,
                    status,
                    invite,
                )
                for row, status, invite in (await session.execute(query)).all()
            ]

    async def deals(self, event_id: str) -> list[DealRow]:
        query = (
            select(models.DealArchive)
            .join(rows.EventTable, rows.EventTable.table_id == models.DealArchive.table_id)
            .where(rows.EventTable.event_id == event_id)
            .order_by(models.DealArchive.table_id, models.DealArchive.number)
        )
        async with self._sessions() as session:
            return [
                DealRow(
                    row.id,
                    row.table_id,
                    row.number,
                    row.game,
                    dict(row.summary or {}),
                    row.pbn,
                    row.lin,
                    row.created_at,
                )
                for row in (await session.execute(query)).scalars()
            ]


__all__ = ["SqlEventStore"]
