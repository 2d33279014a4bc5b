"""The database schema (SQLAlchemy 2 ORM).  Migrations in `vaza/store/migrations` follow it.

A table's event log (`table_events`) is its source of truth: the live state of a table is the
fold of its events, and a restarted server replays them.  `(table_id, version)` is unique, so two
writers can never both append the same version.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class User(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), unique=True, index=True)
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    """The name folded to lower case: names are unique whatever their case."""
    password_hash: Mapped[str | None] = mapped_column(String(200))
    """argon2 hash; None for a guest."""
    is_guest: Mapped[bool] = mapped_column(Boolean, default=False)
    settings: Mapped[dict[str, object]] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Session(Base):
    """A logged-in browser.  The cookie carries the signed id; logging out deletes the row."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class Table(Base):
    """A table's summary for the lobby; the truth is in its events."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    options: Mapped[dict[str, object]] = mapped_column(JSON)
    public: Mapped[bool] = mapped_column(Boolean, index=True)
    invite_token: Mapped[str] = mapped_column(String(64))
    created_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    status: Mapped[str] = mapped_column(String(16), default="waiting", index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    summary: Mapped[dict[str, object]] = mapped_column(JSON, default=dict)
    """Seats, robots and kibitzers as the lobby shows them."""


class TableEvent(Base):
    __tablename__ = "table_events"
    __table_args__ = (UniqueConstraint("table_id", "version", name="uq_table_event_version"),)

    id: Mapped[int] = mapped_column(BigInteger().with_variant(Integer, "sqlite"), primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(32))
    payload: Mapped[dict[str, object]] = mapped_column(JSON)
    schema_version: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """The version of the payload's form, as the application numbers them: a log is upgraded
    when read, never rewritten."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DealArchive(Base):
    """A finished deal: its record (PBN, LIN), double-dummy table and par, for history."""

    __tablename__ = "deals"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(32))
    pbn: Mapped[str | None] = mapped_column(Text)
    lin: Mapped[str | None] = mapped_column(Text)
    summary: Mapped[dict[str, object]] = mapped_column(JSON, default=dict)
    """Contract, result, score, double-dummy table and par: what the history page lists."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class DealPlayer(Base):
    """Who sat where in a finished deal: each user's hand history."""

    __tablename__ = "deal_players"

    deal_id: Mapped[int] = mapped_column(
        ForeignKey("deals.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[str] = mapped_column(String(8), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)


class Friendship(Base):
    """One person's friend: a tie one way (as BBO's "friends"), kept by account so that a
    guest's new name follows it.  Nobody is told who has them as a friend."""

    __tablename__ = "friends"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    friend_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
