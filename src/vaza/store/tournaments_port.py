"""The store port for duplicate tournaments: the tournaments, who joined them, and their tables.

A tournament stores its shape and its secret boards, its members (a person and the entry and seat
they play), and which Vaza table each seating became.  Results are never stored here: they are
read from the deals the tables archived (`deals`), so there is one truth.
`vaza.store.tournaments_sql.SqlTournamentStore` implements it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from vaza.json_types import JSON
from vaza.store.port import DealRow


class MemberConflict(Exception):
    """The person already plays in the tournament, or the seat is taken."""


@dataclass(frozen=True, slots=True)
class TournamentRecord:
    id: str
    kind: str
    name: str
    created_by: int
    public: bool
    status: str
    rules: JSON
    """`vaza.tournaments.model.TournamentRules.to_json()`."""
    boards: Mapping[str, str]
    """PBN deals by board number: the tournament's secret."""
    source: JSON
    """How the boards were made (random, a seed, a PBN file), for the record."""
    created_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class MemberRecord:
    event_id: str
    user_id: int
    name: str
    entry: str
    seat: str


@dataclass(frozen=True, slots=True)
class TournamentTableRecord:
    event_id: str
    table_id: str
    round: int
    number: int
    ns: str
    ew: str
    first_board: int
    boards: int
    status: str = "waiting"
    """The Vaza table's status (waiting, playing, finished), read with it."""
    invite_token: str = ""
    """The table's invitation token: what its seated players say hello with."""


class TournamentStore(Protocol):
    async def create_tournament(self, event: TournamentRecord) -> None: ...
    async def tournament(self, event_id: str) -> TournamentRecord | None: ...
    async def tournaments(self, viewer: int | None, limit: int) -> list[TournamentRecord]:
        """Public tournaments, and those `viewer` created or plays in; newest first."""
        ...

    async def open_tournaments(self, creator: int) -> int:
        """How many events `creator` organises that are open or being played."""
        ...

    async def set_status(self, event_id: str, status: str, expected: str | None = None) -> bool:
        """Set the status (only if it is `expected`, when given); whether it changed."""
        ...

    async def add_member(self, member: MemberRecord) -> None:
        """Raises MemberConflict if the person or the seat is already in the tournament."""
        ...

    async def members(self, event_id: str) -> list[MemberRecord]: ...
    async def add_table(self, table: TournamentTableRecord) -> None: ...
    async def tables(self, event_id: str) -> list[TournamentTableRecord]: ...
    async def event_of_table(self, table_id: str) -> str | None:
        """The event a table plays for (None: an ordinary table)."""
        ...

    async def deals(self, event_id: str) -> list[DealRow]:
        """Every deal the tournament's tables archived, by table and deal number."""
        ...


__all__ = [
    "MemberConflict",
    "MemberRecord",
    "TournamentRecord",
    "TournamentStore",
    "TournamentTableRecord",
]
