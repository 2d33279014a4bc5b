"""Who is online in the club, and where (`vaza.app.friends.Presence`).

Online means a live WebSocket connection to the club.  This process knows its own: the hub's
clients (with the tables each watches) and the tables it serves or follows (with who sits
there, connected or not).  In a club of several processes (a Redis bus) each process also
writes what it knows to the shared board every `PERIOD` seconds (`vaza.bus.presence`), and a
question is answered from this process's own knowledge, fresh, joined with the board's for
the others: a friend who connects to another process is seen online within `PERIOD` seconds,
one whose process dies is seen offline within the board's lifetime (10 s).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Collection, Iterable

from vaza.app.friends import Spot, Whereabouts
from vaza.app.live import LiveTable
from vaza.bus.presence import RedisPresence
from vaza.json_types import JSON
from vaza.server.hub import Hub

log = logging.getLogger("vaza.presence")

PERIOD = 2.0
"""Seconds between two writes of this process's people to the shared board."""


Place = tuple[str, bool, bool, str]
"""A table where a person is: its id, public or not, seated or not, its game."""


class _Seen:
    """What is known of one person while counting: online here or not, and their tables."""

    __slots__ = ("online", "places")

    def __init__(self) -> None:
        self.online = False
        self.places: dict[str, Place] = {}

    def add(self, place: Place) -> None:
        before = self.places.get(place[0])
        if before is None or (place[2] and not before[2]):
            self.places[place[0]] = place

    def to_json(self) -> JSON:
        return {"on": self.online, "at": list(self.places.values())}

    def read(self, entry: JSON) -> None:
        self.online = self.online or bool(entry.get("on"))
        for table, public, seated, game in entry.get("at", ()):
            self.add((str(table), bool(public), bool(seated), str(game)))

    def whereabouts(self) -> Whereabouts:
        return Whereabouts(self.online, tuple(Spot(*place) for place in self.places.values()))


class ClubPresence:
    def __init__(self, hub: Hub, board: RedisPresence | None = None) -> None:
        self.hub = hub
        self.board = board
        self._loop: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self.board is not None:
            self._loop = asyncio.create_task(self._write_loop())

    async def close(self) -> None:
        if self._loop is not None:
            self._loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop
        if self.board is not None:
            with contextlib.suppress(Exception):
                await self.board.close()

    async def where(self, user_ids: Collection[int]) -> dict[int, Whereabouts]:
        wanted = set(user_ids)
        seen = self._here(wanted)
        if self.board is not None and wanted:
            try:
                remote = await self.board.read(wanted)
            except Exception:
                log.warning("reading the presence board failed; answering from this process")
                remote = {}
            for user_id, entries in remote.items():
                person = seen.setdefault(user_id, _Seen())
                for entry in entries:
                    person.read(entry)
        return {user_id: person.whereabouts() for user_id, person in seen.items()}

    def _here(self, wanted: set[int] | None) -> dict[int, _Seen]:
        """What this process knows of the people `wanted` (everyone, for None): who sits at
        the tables it serves or follows, and who is connected here to which table.  Plain
        tuples, each table's facts read once: with everyone, it runs every `PERIOD` seconds."""
        seen: dict[int, _Seen] = {}
        tables = self.hub.tables
        for live in _live_tables(tables.service.tables.values(), tables.replicas.values()):
            place: Place | None = None
            for occupant in live.state.occupants.values():
                user_id = None if occupant is None else occupant.user_id
                if user_id is None or (wanted is not None and user_id not in wanted):
                    continue
                place = place or _place(live, seated=True)
                person = seen.get(user_id) or seen.setdefault(user_id, _Seen())
                person.add(place)
        clients = (
            list(self.hub.clients)
            if wanted is None
            else [client for user_id in wanted for client in self.hub.clients.of(user_id)]
        )
        for client in clients:
            if client.user is None:
                continue
            person = seen.get(client.user.id) or seen.setdefault(client.user.id, _Seen())
            person.online = True
            for table_id in list(client.tables):
                if table_id not in person.places and (watched := tables.state_of(table_id)):
                    # Seated there, the tables' round found it: here, only watching.
                    person.add(_place(watched, seated=False))
        return seen

    async def _write_loop(self) -> None:
        assert self.board is not None
        failing = False
        while True:
            try:
                here = self._here(None)
                await self.board.write({u: p.to_json() for u, p in here.items()})
            except Exception as error:
                if not failing:  # said once an outage, not every round of it
                    log.warning("writing to the presence board failed: %r", error)
                failing = True
            else:
                if failing:
                    log.info("writing to the presence board again")
                failing = False
            await asyncio.sleep(PERIOD)


def _live_tables(*groups: Iterable[LiveTable]) -> list[LiveTable]:
    """The unfinished tables among `groups` (a copy: the dicts change while others run)."""
    return [live for group in groups for live in list(group) if not live.state.finished]


def _place(live: LiveTable, *, seated: bool) -> Place:
    options = live.state.options
    return live.state.id, bool(options.public), seated, str(options.game)
