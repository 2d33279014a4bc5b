"""TournamentService: creates duplicate tournaments, opens their tables, and reads their results.

A tournament's tables are ordinary Vaza tables given a private set of boards (`TableService.create`
with `deals`): they run their robots, archive every finished deal with its score, and get a
double-dummy analysis, as any table does.  This service only decides which tables to open and
who sits where (people in their seats, robots everywhere else), and loads what `reading` turns
into rankings, travellers and PBN for each viewer.

Every tournament table is private, refuses kibitzers and is created by the organiser account (a name
no person can register), so nobody can watch a table and learn boards they have yet to play;
its seated players reach it with its invitation token, which only they are given.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from vaza.app.commands import AddRobot, Command, Sit
from vaza.app.table import Actor, Forbidden
from vaza.core.errors import IllegalAction, ParseError
from vaza.json_types import JSON
from vaza.store.port import NameTaken, Store, TableRecord, UserRecord
from vaza.store.tournaments_port import (
    MemberConflict,
    MemberRecord,
    TournamentRecord,
    TournamentStore,
    TournamentTableRecord,
)
from vaza.tournaments import reading
from vaza.tournaments.boards import BoardSet
from vaza.tournaments.ending import TableEnding
from vaza.tournaments.model import (
    SOLO_SEAT,
    Status,
    TournamentKind,
    TournamentRules,
    UnknownTournament,
    joinable,
    solo_entry,
)
from vaza.tournaments.movement import Seating, robot_table, solo_table, starting_tables
from vaza.tournaments.reading import Loaded, table_json
from vaza.tournaments.request import TournamentRequest, make_boards, rules_for
from vaza.tournaments.views import tournament_json

ORGANISER = "Vaza events"
"""The account that creates tournament tables: a space in it, so no person can register the name."""
SEATS = "NESW"
MAX_OPEN_TOURNAMENTS = 3
"""Tournaments one organiser may have open or playing at once: every tournament sets robots to work,
so one account must not be able to keep the server busy with as many as it likes."""


class Tables(Protocol):
    """Where tables are created and commands applied: `TableService`, or the `Cluster` that
    forwards a command to the process serving the table."""

    async def create(
        self,
        creator: UserRecord,
        options: JSON,
        deals: dict[int, str] | None = None,
        owner: int | None = None,
    ) -> TableRecord: ...

    async def handle(self, table_id: str, actor: Actor, command: Command) -> int: ...


class TournamentService:
    def __init__(self, tournaments: TournamentStore, tables: Tables, store: Store) -> None:
        self.tournaments = tournaments
        self.tables = tables
        self.store = store
        self._organiser: UserRecord | None = None
        self._locks: dict[str, asyncio.Lock] = {}

    def _lock(self, event_id: str) -> asyncio.Lock:
        return self._locks.setdefault(event_id, asyncio.Lock())

    async def organiser(self) -> UserRecord:
        """The account tournament tables are created by (made on first use)."""
        if self._organiser is None:
            user = await self.store.user_by_name(ORGANISER)
            if user is None:
                try:
                    user = await self.store.create_user(ORGANISER, None, False, {})
                except NameTaken:
                    user = await self.store.user_by_name(ORGANISER)
            assert user is not None
            self._organiser = user
        return self._organiser

    # -- creating and playing ---------------------------------------------------------------

    async def create(self, creator: UserRecord, request: TournamentRequest) -> TournamentRecord:
        """A new event; a robot tournament opens its robot-only tables at once."""
        name = request.name.strip()
        if not 1 <= len(name) <= 80:
            raise ParseError("an event's name has 1 to 80 characters")
        # The count and the creation in one step (a hundred requests at once make exactly
        # the limit), and the cheap count before the boards are made.  Making them (reading
        # a PBN file of up to 2 MB) runs in a worker thread, never on the event loop; the
        # person's lock makes it one at a time for each person.
        async with self.store.person_lock("tournaments", creator.id):
            if await self.tournaments.open_tournaments(creator.id) >= MAX_OPEN_TOURNAMENTS:
                raise IllegalAction(
                    f"you already run {MAX_OPEN_TOURNAMENTS} events; "
                    "close one before you start another"
                )
            boards, source = await asyncio.to_thread(make_boards, request)
            rules = rules_for(request, boards)
            record = TournamentRecord(
                id=secrets.token_urlsafe(9),
                kind=rules.kind.value,
                name=name,
                created_by=creator.id,
                public=request.public,
                status=Status.OPEN.value,
                rules=rules.to_json(),
                boards=boards.to_json(),
                source=source,
            )
            await self.tournaments.create_tournament(record)
            if rules.kind is TournamentKind.ROBOT:
                for number in range(1, rules.tables + 1):
                    await self._open(record, robot_table(number, rules), {})
            return record

    async def play(self, event_id: str, user: UserRecord) -> JSON:
        """A person's own table in a robot tournament (South, three robots): opened on the
        first call, the same table after."""
        async with self._lock(event_id):
            record, rules = await self._tournament(event_id)
            if rules.kind is not TournamentKind.ROBOT:
                raise IllegalAction("only a robot tournament is played alone; join a pair or team")
            tables = await self.tournaments.tables(event_id)
            entry = solo_entry(user.id)
            mine = next((t for t in tables if t.ns == entry), None)
            if mine is not None:
                return table_json(mine, SOLO_SEAT)
            if Status(record.status) is not Status.OPEN:
                raise IllegalAction("this tournament is closed")
            members = await self.tournaments.members(event_id)
            if not any(m.user_id == user.id for m in members):
                try:
                    await self.tournaments.add_member(
                        MemberRecord(event_id, user.id, user.name, entry, SOLO_SEAT)
                    )
                except MemberConflict:  # another server process is opening it right now
                    raise IllegalAction("your table is being opened; ask again") from None
            number = max((t.number for t in tables), default=0) + 1
            seating = solo_table(number, user.id, rules)
            opened = await self._open(record, seating, {SOLO_SEAT: user})
            return table_json(opened, SOLO_SEAT)

    async def join(self, event_id: str, user: UserRecord, entry: str, seat: str) -> None:
        """Take a seat in a pair or team; the tournament starts by itself when every seat is a
        person's."""
        async with self._lock(event_id):
            record, rules = await self._tournament(event_id)
            entries = joinable(rules)
            if not entries:
                raise IllegalAction("a robot tournament is not joined: play it")
            if Status(record.status) is not Status.OPEN:
                raise IllegalAction("this event has started; its seats are taken")
            if entry not in entries:
                raise ParseError(f"the entries are {', '.join(entries)}, not {entry!r}")
            if seat not in entries[entry]:
                seats = " or ".join(sorted(entries[entry]))
                raise ParseError(f"{entry} plays {seats}, not {seat!r}")
            members = await self.tournaments.members(event_id)
            for member in members:
                if member.user_id == user.id:
                    raise IllegalAction(f"you already play {member.entry} {member.seat}")
                if (member.entry, member.seat) == (entry, seat):
                    raise IllegalAction(f"{member.name} already plays {entry} {seat}")
            try:
                await self.tournaments.add_member(
                    MemberRecord(event_id, user.id, user.name, entry, seat)
                )
            except MemberConflict:
                raise IllegalAction(f"that seat, or you, already play in {entry}") from None
            if len(members) + 1 == sum(len(seats) for seats in entries.values()):
                await self._start(record, rules)

    async def start(self, event_id: str, user: UserRecord) -> None:
        """The organiser deals a pairs game or match: robots take the seats nobody took."""
        async with self._lock(event_id):
            record, rules = await self._tournament(event_id)
            self._require_organiser(record, user)
            if rules.kind is TournamentKind.ROBOT:
                raise IllegalAction("a robot tournament's tables open as people come to play")
            if Status(record.status) is not Status.OPEN:
                raise IllegalAction("this event has already started")
            await self._start(record, rules)

    async def close(self, event_id: str, user: UserRecord) -> None:
        """The organiser closes a tournament: no more players, every board open to all."""
        async with self._lock(event_id):
            record, _ = await self._tournament(event_id)
            self._require_organiser(record, user)
            if Status(record.status) is not Status.CLOSED:
                await self.tournaments.set_status(event_id, Status.CLOSED.value)

    async def _start(self, record: TournamentRecord, rules: TournamentRules) -> None:
        # From open to playing once, whichever server process gets there first: no more
        # joining, and the tables are opened by that process alone.
        if not await self.tournaments.set_status(
            record.id, Status.PLAYING.value, Status.OPEN.value
        ):
            raise IllegalAction("this event has already started")
        members = await self.tournaments.members(record.id)
        for seating in starting_tables(rules):
            people = {
                m.seat: _Person(m.user_id, m.name)
                for m in members
                if seating.seats(m.entry, m.seat)
            }
            await self._open(record, seating, people)

    async def _open(
        self, record: TournamentRecord, seating: Seating, people: Mapping[str, UserRecord | _Person]
    ) -> TournamentTableRecord:
        """Open a Vaza table for `seating`: its block of boards, people in their seats and
        robots in the others.  Filling the last seat deals the first board."""
        organiser = await self.organiser()
        boards = BoardSet.from_json(dict(record.boards))
        options = {
            "game": "contract",
            "scoring": "duplicate",
            "variant": {"boards": seating.boards, "first_board": seating.first_board},
            "public": False,
            "kibitzers": False,
            "robots": False,
            "undo": False,
        }
        table = await self.tables.create(
            organiser, options, boards.pbn_deals(seating.board_numbers), owner=record.created_by
        )
        opened = TournamentTableRecord(
            record.id,
            table.id,
            seating.round,
            seating.number,
            seating.ns,
            seating.ew,
            seating.first_board,
            seating.boards,
            table.status,
            table.invite_token,
        )
        await self.tournaments.add_table(opened)
        host = Actor(organiser.id, organiser.name)
        for seat in SEATS:
            person = people.get(seat)
            if person is None:
                await self.tables.handle(table.id, host, AddRobot(seat))
            else:
                # Seated for them: the table waits until they come, a restart holding nothing
                # for someone who has not (`Occupant.arrived`).
                actor = Actor(person.id, person.name)
                await self.tables.handle(table.id, actor, Sit(seat, absent=True))
        return opened

    @staticmethod
    def _require_organiser(record: TournamentRecord, user: UserRecord) -> None:
        if user.id != record.created_by:
            raise Forbidden("only the event's organiser may do that")

    async def _tournament(self, event_id: str) -> tuple[TournamentRecord, TournamentRules]:
        record = await self.tournaments.tournament(event_id)
        if record is None:
            raise UnknownTournament(f"no event {event_id!r}")
        return record, TournamentRules.from_json(record.rules)

    # -- reading ----------------------------------------------------------------------------

    async def load(self, event_id: str) -> Loaded:
        """A tournament with its members, tables and archived deals; a pairs game or match whose
        tables have all finished is marked finished."""
        record, _ = await self._tournament(event_id)
        tables = await self.tournaments.tables(event_id)
        status = Status(record.status)
        if status is Status.PLAYING and tables and all(t.status == "finished" for t in tables):
            status = Status.FINISHED
            await self.tournaments.set_status(event_id, status.value, Status.PLAYING.value)
        members = await self.tournaments.members(event_id)
        deals = await self.tournaments.deals(event_id)
        return Loaded.of(record, status, members, tables, deals)

    async def list(self, viewer: UserRecord | None, limit: int = 100) -> list[JSON]:
        """Public tournaments, and those `viewer` organises or plays in; newest first."""
        records = await self.tournaments.tournaments(None if viewer is None else viewer.id, limit)
        return [
            tournament_json(record, TournamentRules.from_json(record.rules), Status(record.status))
            for record in records
        ]

    async def overview(self, event_id: str, viewer: UserRecord | None) -> JSON:
        return reading.overview(await self.load(event_id), _id(viewer))

    async def traveller(self, event_id: str, board: int, viewer: UserRecord | None) -> JSON:
        """Raises NotVisible before the viewer may see the board."""
        return reading.traveller(await self.load(event_id), board, _id(viewer))

    async def ending(self, table_id: str, viewer: UserRecord | None) -> JSON:
        """The end of an event table for one of its players: their results, the links that
        lead on, whether the results are ready.  Raises UnknownTournament for a table of no
        event, or one the viewer does not play at."""
        event_id = await self.tournaments.event_of_table(table_id)
        if event_id is None:
            raise UnknownTournament(f"table {table_id!r} plays for no event")
        found = TableEnding.of(await self.load(event_id), table_id, _id(viewer))
        if found is None:
            raise UnknownTournament(f"you do not play at table {table_id!r}")
        return found.to_json()

    async def pbn(self, event_id: str, viewer: UserRecord | None) -> str:
        """Written in a worker thread (every result of every board: the biggest thing the
        service writes), one at a time for each person, so no export holds the event loop."""
        loaded = await self.load(event_id)
        async with self.store.person_lock("export", _id(viewer) or "anyone"):
            return await asyncio.to_thread(reading.pbn_file, loaded, _id(viewer))


def _id(user: UserRecord | None) -> int | None:
    return None if user is None else user.id


@dataclass(frozen=True, slots=True)
class _Person:
    id: int
    name: str


__all__ = ["ORGANISER", "TournamentRequest", "TournamentService", "UnknownTournament"]
