"""The store port: users, sessions, tables with their event logs, finished deals.

`vaza.store.sql.SqlStore` implements it over SQLite or PostgreSQL.  Records crossing the port are
small frozen dataclasses, never ORM objects, so the application never sees the database.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from vaza.json_types import JSON


class ConflictError(Exception):
    """Another writer appended to the table's log first (its version is taken)."""


class NameTaken(Exception):
    """A user with that name (in any case) exists."""


@dataclass(frozen=True, slots=True)
class UserRecord:
    id: int
    name: str
    is_guest: bool
    settings: Mapping[str, Any]
    password_hash: str | None = None


@dataclass(frozen=True, slots=True)
class TableRecord:
    id: str
    options: JSON
    public: bool
    invite_token: str
    created_by: int | None
    status: str
    version: int
    summary: JSON
    created_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class StoredEvent:
    version: int
    type: str
    payload: JSON
    schema_version: int = 1
    """The version of the payload's form it was written in (the application numbers them and
    upgrades old ones as it reads them; the log is never rewritten)."""


@dataclass(frozen=True, slots=True)
class NewEvent:
    type: str
    payload: JSON = field(default_factory=dict)
    schema_version: int = 1
    """The version of the payload's form (`StoredEvent.schema_version`)."""


@dataclass(frozen=True, slots=True)
class TableHead:
    """What the table lists read of a table, written with each append so a list never
    replays a log: where the table is (`status`) and what it shows (`summary`)."""

    status: str
    summary: JSON


@dataclass(frozen=True, slots=True)
class DealRow:
    id: int
    table_id: str
    number: int
    game: str
    summary: JSON
    pbn: str | None = None
    lin: str | None = None
    created_at: datetime | None = None
    players: Mapping[str, int] = field(default_factory=dict)


class Store(Protocol):
    # users and sessions
    async def create_user(
        self, name: str, password_hash: str | None, is_guest: bool, settings: JSON
    ) -> UserRecord: ...
    async def user_by_id(self, user_id: int) -> UserRecord | None: ...
    async def user_by_name(self, name: str) -> UserRecord | None: ...
    async def rename_user(self, user_id: int, name: str) -> UserRecord:
        """Gives the user `name`; raises `NameTaken` when another holds it (in any case)."""
        ...

    async def update_settings(self, user_id: int, changes: JSON, defaults: JSON) -> UserRecord:
        """Merges `changes` into the settings as they are now (`defaults` under them): two
        changes sent at once both land, even from two processes."""
        ...

    async def create_session(self, user_id: int) -> str: ...
    async def session_user(
        self, token: str, guests_since: datetime | None = None
    ) -> UserRecord | None:
        """The session's user; a guest's only if the session began after `guests_since`."""
        ...

    async def delete_session(self, token: str) -> None: ...

    # tables and their event logs
    async def create_table(self, table: TableRecord, events: Sequence[NewEvent]) -> int: ...
    async def table(self, table_id: str) -> TableRecord | None: ...
    async def tables(self, public_only: bool, unfinished_only: bool) -> list[TableRecord]: ...
    async def open_tables_created_by(self, user_id: int) -> int:
        """How many unfinished tables this user created."""
        ...

    def person_lock(self, kind: str, who: int | str) -> AbstractAsyncContextManager[None]:
        """Held from counting what `who` has of `kind` to creating one more, so that a limit
        cannot be raced by requests sent at once (every process of the club agrees)."""
        ...

    async def unfinished_table_ids(self) -> list[str]:
        """Only the ids: the cluster looks for orphan tables every few seconds."""
        ...

    async def append(
        self,
        table_id: str,
        expected_version: int,
        events: Sequence[NewEvent],
        *,
        head: TableHead,
        deals: Sequence[DealRow] = (),
    ) -> int:
        """Append after `expected_version`, with the table's new head and the deals those
        events finished, in one commit; raises ConflictError if the log moved."""
        ...

    async def events(self, table_id: str, after: int = 0) -> list[StoredEvent]: ...

    # finished deals
    async def save_deal(self, deal: DealRow) -> int: ...
    async def set_deal_analysis(self, table_id: str, number: int, analysis: JSON) -> None:
        """Add the double-dummy analysis to a finished deal's summary."""
        ...

    async def deal(self, deal_id: int) -> DealRow | None: ...
    async def deals_of_user(self, user_id: int, limit: int, offset: int) -> list[DealRow]: ...
    async def deals_of_table(self, table_id: str) -> list[DealRow]: ...
