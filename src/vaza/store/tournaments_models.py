"""The schema of duplicate tournaments (SQLAlchemy 2 ORM), on the same `Base` as the rest.

Migration `0002_events` creates these tables; they keep the names they were created with
(`events`, `event_members`, `event_tables`, their `event_id` columns), from before tournaments
were named so, since renaming them buys nothing but a migration.  A tournament's results are not
here: they are read from the deals its tables archived (`deals`, joined through `event_tables`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from vaza.store.models import Base, utcnow


class Tournament(Base):
    """A duplicate tournament: its rules, its secret boards, its organiser."""

    __tablename__ = "events"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(80))
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    public: Mapped[bool] = mapped_column(Boolean, index=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    rules: Mapped[dict[str, object]] = mapped_column(JSON)
    boards: Mapped[dict[str, str]] = mapped_column(JSON)
    """PBN deals by board number; never sent to a client as such."""
    source: Mapped[dict[str, object]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TournamentMember(Base):
    """A person in a tournament: the entry (pair, team, or themselves) and the seat they play."""

    __tablename__ = "event_members"
    __table_args__ = (UniqueConstraint("event_id", "entry", "seat", name="uq_event_member_seat"),)

    event_id: Mapped[str] = mapped_column(
        ForeignKey("events.id", ondelete="CASCADE"), primary_key=True
    )
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True, index=True)
    name: Mapped[str] = mapped_column(String(40))
    entry: Mapped[str] = mapped_column(String(16))
    seat: Mapped[str] = mapped_column(String(2))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TournamentTable(Base):
    """A Vaza table playing one seating of a tournament: a round's block of boards at one table."""

    __tablename__ = "event_tables"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    event_id: Mapped[str] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    ns: Mapped[str] = mapped_column(String(16))
    ew: Mapped[str] = mapped_column(String(16))
    first_board: Mapped[int] = mapped_column(Integer)
    boards: Mapped[int] = mapped_column(Integer)
