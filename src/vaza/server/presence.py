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


class _Seen:
    """What is known of one person while counting: online here or not, and their tables."""

    __slots__ = ("online", "spots")

    def __init__(self) -> None:
        self.online = False
        self.spots: dict[str, Spot] = {}

    def add(self, spot: Spot) -> None:
        before = self.spots.get(spot.table)
        if before is None or (spot.seated and not before.seated):
            self.spots[spot.table] = spot

    def to_json(self) -> JSON:
        return {
            "on": self.online,
            "at": [[s.table, s.public, s.seated, s.game] for s in self.spots.values()],
        }

    def read(self, entry: JSON) -> None:
        self.online = self.online or bool(entry.get("on"))
        for table, public, seated, game in entry.get("at", ()):
            self.add(Spot(str(table), bool(public), bool(seated), str(game)))

    def whereabouts(self) -> Whereabouts:
        return Whereabouts(self.online, tuple(self.spots.values()))


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
                log.exception("reading the presence board failed; answering from this process")
                remote = {}
            for user_id, entries in remote.items():
                person = seen.setdefault(user_id, _Seen())
                for entry in entries:
                    person.read(entry)
        return {user_id: person.whereabouts() for user_id, person in seen.items()}

    def _here(self, wanted: set[int] | None) -> dict[int, _Seen]:
        """What this process knows of the people `wanted` (everyone, for None)."""
        seen: dict[int, _Seen] = {}
        tables = self.hub.tables
        for client in list(self.hub.clients):
            user = client.user
            if user is None or (wanted is not None and user.id not in wanted):
                continue
            person = seen.setdefault(user.id, _Seen())
            person.online = True
            for table_id in list(client.tables):
                live = tables.state_of(table_id)
                if live is not None:
                    person.add(_spot(live, live.state.seat_of(user.id) is not None))
        for live in _live_tables(tables.service.tables.values(), tables.replicas.values()):
            for occupant in live.state.occupants.values():
                user_id = None if occupant is None else occupant.user_id
                if user_id is not None and (wanted is None or user_id in wanted):
                    seen.setdefault(user_id, _Seen()).add(_spot(live, True))
        return seen

    async def _write_loop(self) -> None:
        assert self.board is not None
        while True:
            try:
                here = self._here(None)
                await self.board.write({u: p.to_json() for u, p in here.items()})
            except Exception:
                log.exception("writing to the presence board failed")
            await asyncio.sleep(PERIOD)


def _live_tables(*groups: Iterable[LiveTable]) -> list[LiveTable]:
    """The unfinished tables among `groups` (a copy: the dicts change while others run)."""
    return [live for group in groups for live in list(group) if not live.state.finished]


def _spot(live: LiveTable, seated: bool) -> Spot:
    state = live.state
    return Spot(state.id, bool(state.options.public), seated, str(state.options.game))
