"""Who is at a table, for the hub (who is online in the club is `vaza.server.presence`): a
seated person's last connection closing is reported to the table (`left`), and a return
(`back`) brings them, alone, what a robot played for them while they were away; every message
about a table carries its clocks (holds, the next deal's wait).

The hub keeps no timers: the table's service holds the seat and marks the person away when the
hold runs out (`vaza.app.deadlines`), both derived from the log.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from vaza.app.cluster import Cluster
from vaza.app.commands import MarkBack, MarkLeft, Stand
from vaza.app.live import LiveTable
from vaza.app.table import SYSTEM, Actor
from vaza.core.errors import VazaError
from vaza.core.views.audience import played_for
from vaza.json_types import JSON
from vaza.server.clients import Client

log = logging.getLogger("vaza.ws")

LEFT_RETRIES = (0.5, 1.0, 2.0)
"""Seconds between the tries to tell a table that someone left while it answers `unavailable`
(its owner is slow or the table is moving between processes)."""
PLAYED_TOLD = 60
"""At most this many of the actions a robot chose for someone away are told on their return
(the latest): a whole deal's worth, and a few."""


class AtTable:
    def __init__(self, tables: Cluster, watching: Callable[[str], set[int]]) -> None:
        self.tables = tables
        self.watching = watching
        """The users with a connection to a table here (`Hub.users_watching`)."""

    def clocks(self, live: LiveTable) -> JSON:
        """The table's clocks as its people are shown them now (`Deadlines.clocks`)."""
        service = self.tables.service
        return service.deadlines.clocks(live, service.clock())

    async def back(self, client: Client, live: LiveTable, seat: str) -> None:
        """A seated person is here again: the table is told, and if a robot played for them
        meanwhile, they are told what it chose (`notice`, `robot_played`)."""
        occupant = live.state.occupants[seat]
        if occupant is None or not (occupant.left or occupant.away):
            return
        played: list[JSON] = []
        if occupant.away:
            past = await self.tables.service.repository.events_after(live, 0)
            played = played_for((event for _, event in past), seat)
        table_id = live.state.id
        await self.tables.handle(table_id, SYSTEM, MarkBack(seat))
        if played:
            notice: JSON = {"type": "notice", "table": table_id, "notice": "robot_played"}
            notice["seat"] = seat
            notice["actions"] = played[-PLAYED_TOLD:]
            notice["more"] = max(0, len(played) - PLAYED_TOLD)
            await client.send(notice)

    async def left(self, client: Client, table_id: str) -> None:
        """A client stopped watching a table: if it was its player's last connection to it,
        the table is told (its service holds the seat, then a robot plays for them)."""
        if client.user is None:
            return
        for pause in (*LEFT_RETRIES, None):
            live = self.tables.state_of(table_id)
            if live is None or live.state.finished:
                return
            seat = live.state.seat_of(client.user.id)
            if client.user.id in self.watching(table_id):
                return
            if seat is None:
                await self._let_go(client, live)
                return
            try:
                await self.tables.handle(table_id, SYSTEM, MarkLeft(seat))
                return
            except VazaError as error:
                # The table is moving between processes, or its owner is slow to answer:
                # said again (a `left` already recorded records nothing), or the seat would
                # never be held and no robot would ever play for it.
                if error.code != "unavailable" or pause is None:
                    log.warning("could not tell %s that %s left: %s", table_id, seat, error)
                    return
            except Exception:
                log.exception("could not tell %s that %s left", table_id, seat)
                return
            await asyncio.sleep(pause)

    async def _let_go(self, client: Client, live: LiveTable) -> None:
        """Someone gone from a table lets go of a seat kept for them from the deal's end: it
        is not given to a person who is no longer there."""
        assert client.user is not None
        if not any(r.user_id == client.user.id for r in live.state.reserved.values()):
            return
        try:
            actor = Actor(client.user.id, client.user.name)
            await self.tables.handle(live.state.id, actor, Stand())
        except VazaError as error:
            log.info("table %s: a kept seat stays kept: %s", live.state.id, error)


__all__ = ["LEFT_RETRIES", "PLAYED_TOLD", "AtTable"]
