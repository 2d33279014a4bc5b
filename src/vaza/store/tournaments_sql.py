"""The tournaments store port over SQLAlchemy (SQLite or PostgreSQL), beside `SqlStore`."""

from __future__ import annotations

from sqlalchemy import func, or_, select, update
from sqlalchemy.exc import IntegrityError

from vaza.store import models
from vaza.store import tournaments_models as rows
from vaza.store.db import Database
from vaza.store.port import DealRow
from vaza.store.sql_rows import deal_row
from vaza.store.tournaments_port import (
    MemberConflict,
    MemberRecord,
    TournamentRecord,
    TournamentTableRecord,
)


def _tournament(row: rows.Tournament) -> TournamentRecord:
    return TournamentRecord(
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


def _member(row: rows.TournamentMember) -> MemberRecord:
    return MemberRecord(row.event_id, row.user_id, row.name, row.entry, row.seat)


class SqlTournamentStore:
    def __init__(self, database: Database) -> None:
        self._sessions = database.sessions

    async def create_tournament(self, event: TournamentRecord) -> None:
        async with self._sessions() as session:
            session.add(
                rows.Tournament(
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

    async def tournament(self, event_id: str) -> TournamentRecord | None:
        async with self._sessions() as session:
            row = await session.get(rows.Tournament, event_id)
            return _tournament(row) if row else None

    async def tournaments(self, viewer: int | None, limit: int) -> list[TournamentRecord]:
        query = select(rows.Tournament).order_by(rows.Tournament.created_at.desc()).limit(limit)
        if viewer is None:
            query = query.where(rows.Tournament.public.is_(True))
        else:
            joined = select(rows.TournamentMember.event_id).where(
                rows.TournamentMember.user_id == viewer
            )
            query = query.where(
                or_(
                    rows.Tournament.public.is_(True),
                    rows.Tournament.created_by == viewer,
                    rows.Tournament.id.in_(joined),
                )
            )
        async with self._sessions() as session:
            return [_tournament(row) for row in (await session.execute(query)).scalars()]

    async def open_tournaments(self, creator: int) -> int:
        query = select(func.count()).where(
            rows.Tournament.created_by == creator, rows.Tournament.status.in_(("open", "playing"))
        )
        async with self._sessions() as session:
            return int((await session.execute(query)).scalar_one())

    async def set_status(self, event_id: str, status: str, expected: str | None = None) -> bool:
        query = update(rows.Tournament).where(rows.Tournament.id == event_id).values(status=status)
        if expected is not None:
            query = query.where(rows.Tournament.status == expected)
        async with self._sessions() as session:
            moved = await session.execute(query)
            await session.commit()
            return bool(moved.rowcount)  # type: ignore[attr-defined]

    async def add_member(self, member: MemberRecord) -> None:
        async with self._sessions() as session:
            session.add(
                rows.TournamentMember(
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
            select(rows.TournamentMember)
            .where(rows.TournamentMember.event_id == event_id)
            .order_by(rows.TournamentMember.created_at, rows.TournamentMember.user_id)
        )
        async with self._sessions() as session:
            return [_member(row) for row in (await session.execute(query)).scalars()]

    async def add_table(self, table: TournamentTableRecord) -> None:
        async with self._sessions() as session:
            session.add(
                rows.TournamentTable(
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

    async def tables(self, event_id: str) -> list[TournamentTableRecord]:
        query = (
            select(rows.TournamentTable, models.Table.status, models.Table.invite_token)
            .join(models.Table, models.Table.id == rows.TournamentTable.table_id)
            .where(rows.TournamentTable.event_id == event_id)
            .order_by(rows.TournamentTable.round, rows.TournamentTable.number)
        )
        async with self._sessions() as session:
            return [
                TournamentTableRecord(
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

    async def event_of_table(self, table_id: str) -> str | None:
        query = select(rows.TournamentTable.event_id).where(
            rows.TournamentTable.table_id == table_id
        )
        async with self._sessions() as session:
            found: str | None = (await session.execute(query)).scalar_one_or_none()
            return found

    async def deals(self, event_id: str) -> list[DealRow]:
        query = (
            select(models.DealArchive)
            .join(
                rows.TournamentTable, rows.TournamentTable.table_id == models.DealArchive.table_id
            )
            .where(rows.TournamentTable.event_id == event_id)
            .order_by(models.DealArchive.table_id, models.DealArchive.number)
        )
        async with self._sessions() as session:
            return [deal_row(row) for row in (await session.execute(query)).scalars()]


__all__ = ["SqlTournamentStore"]
