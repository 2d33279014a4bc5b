"""TableService: one path for every actor, human or robot.

A command arrives → the table decides and applies it in the core → the events (and any deal they
finish) are appended to the log and committed → only then are they published, with each
audience's view.  If the store refuses (another process wrote first, or the database failed),
the in-memory table is dropped and reloaded from its log, so memory never runs ahead of the
truth.

The service is that path and the tables served here; each other job is a part of its own,
wired through its constructor: the log (`TableRepository`: load, append, upgrade on read),
telling (`Publisher`), the robots' turns (`RobotTurns`), the deadlines derived from the log
(`Deadlines`) and the double-dummy analyses (`AnalysisQueue`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from concurrent.futures import Executor
from dataclasses import dataclass

from vaza.app.analysis_queue import AnalysisQueue
from vaza.app.commands import Command, MarkLeft
from vaza.app.deadlines import Deadlines
from vaza.app.live import LiveTable
from vaza.app.publisher import Listener, NoticeListener, Publisher
from vaza.app.repository import TableRepository, new_table_id
from vaza.app.robot_turns import RobotTurns
from vaza.app.table import SYSTEM, Actor, Change, Forbidden, TableOptions, TableState
from vaza.app.tasks import Tasks
from vaza.app.updates import LOBBY, AudienceViews, Update, table_topic
from vaza.bus.port import Bus
from vaza.core.deal import make_rng
from vaza.core.errors import IllegalAction, VazaError
from vaza.core.table_events import Created, RobotIn, TableEvent
from vaza.json_types import JSON
from vaza.store.port import ConflictError, Store, TableRecord, UserRecord

log = logging.getLogger("vaza.tables")
RETRY_SECONDS = 1.0
"""After the server's own failure at a table, how long before it tries the table again."""
CATCH_UP_LIMIT = 500
"""At most this many past events with a snapshot (`since`); further back, the snapshot alone
(its view and chat say all a client needs)."""


class TableMoved(VazaError):
    """The table is served by another process now; the command may be sent again."""

    code = "unavailable"


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A table as its log holds it at one version, for a client that starts watching it."""

    live: LiveTable
    views: AudienceViews
    past: list[tuple[int, TableEvent]] | None
    """The events after the version the client asked from, in today's form (None: it asked
    from too far back, or did not ask)."""


@dataclass(frozen=True, slots=True)
class ServiceOptions:
    """How a table service runs (the defaults serve a club; tests set a clock, a seed …)."""

    away_after: float = 60.0
    """Seconds a seat is held for a person who left before a robot plays for them."""
    clock: Callable[[], float] = time.time
    """The wall clock: the time stamped on events, which deadlines are measured against."""
    rng: random.Random | None = None
    """Where deals come from (None: a secure source)."""
    robot_executor: Executor | None = None
    """Where robots think at tables where a person plays (None: two threads)."""
    background_pause: float | None = None
    """The pause after each robot-only decision while people play (`RobotTurns`)."""


class TableService:
    def __init__(self, store: Store, bus: Bus, options: ServiceOptions | None = None) -> None:
        options = options or ServiceOptions()
        self.store = store
        self.rng = options.rng or make_rng()
        self.clock = options.clock
        self.tables: dict[str, LiveTable] = {}
        self.tasks = Tasks()
        self.repository = TableRepository(store, self.clock)
        self.publisher = Publisher(bus)
        self.robots = RobotTurns(
            self, executor=options.robot_executor, background_pause=options.background_pause
        )
        self.deadlines = Deadlines(
            self, self.robots, away_after=options.away_after, clock=self.clock
        )
        self.analyses = AnalysisQueue(store, self.publisher, self.tasks)
        self.connected: Callable[[str], Collection[int]] = _nobody
        """The users with a connection to a table at this process (`subscribe` says): when a
        table is loaded, the people seated there who are not are held as having left."""
        self._loading: dict[str, asyncio.Lock] = {}

    def subscribe(
        self,
        updates: Listener,
        notices: NoticeListener | None = None,
        connected: Callable[[str], Collection[int]] | None = None,
    ) -> Callable[[], None]:
        """Be told every update and notice of the tables here (the WebSocket hub), and say who
        is connected to each (`connected`); returns what ends the subscription."""
        if connected is not None:
            self.connected = connected
        unsubscribe = self.publisher.subscribe(updates, notices)

        def end() -> None:
            unsubscribe()
            if connected is not None and self.connected is connected:
                self.connected = _nobody

        return end

    # -- tables -------------------------------------------------------------------------

    async def create(
        self,
        creator: UserRecord,
        options_json: JSON,
        deals: dict[int, str] | None = None,
        table_id: str | None = None,
        owner: int | None = None,
    ) -> TableRecord:
        """A new table; `deals` (PBN deals by board number) make it play a duplicate event's
        boards.  They go into the table's log, never into what clients are sent.  `owner`: the
        person it is opened for, when someone else creates it (a duplicate event's tables)."""
        options = TableOptions.from_json(options_json)
        table_id = table_id or new_table_id()
        state = TableState(table_id, options, creator.id, deals)
        boards = None if deals is None else {str(n): text for n, text in deals.items()}
        events: list[TableEvent] = [Created(options.to_json(), creator.id, owner, boards)]
        if options.robots:
            events += [RobotIn(seat, f"Robot {seat}") for seat in state.match.seat_labels][1:]
        for event in events:
            state.evolve(event)
        record = await self.repository.create(state, events)
        self.tables[table_id] = LiveTable(state, record)
        await self.publisher.bus.publish(LOBBY, {"table": table_id, "summary": record.summary})
        return record

    async def live(self, table_id: str) -> LiveTable:
        """The table in memory, loaded from its log if needed (raises KeyError if unknown)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        async with self._loading.setdefault(table_id, asyncio.Lock()):
            live = self.tables.get(table_id)
            if live is None:
                live = await self.repository.load(table_id)
                # The people seated with no connection here and not known to have left: their
                # connection was to a process that is gone, so their hold starts now (before
                # the table is served: a hello that follows brings them back).
                for seat in live.state.unaccounted(self.connected(table_id)):
                    await self._commit(live, SYSTEM, MarkLeft(seat))
                self.tables[table_id] = live
        self._schedule(table_id)
        return live

    async def load(self, table_id: str) -> LiveTable:
        """A table rebuilt from its log (not registered as served here)."""
        return await self.repository.load(table_id)

    def drop(self, table_id: str) -> None:
        """Stop serving a table (another process has it now)."""
        live = self.tables.pop(table_id, None)
        if live is not None:
            live.cancel_timers()

    async def resume_all(self) -> int:
        """Load every unfinished table (after a restart) so robots and timers go on."""
        table_ids = await self.store.unfinished_table_ids()
        for table_id in table_ids:
            try:
                await self.live(table_id)
            except Exception:  # a broken table must not keep the others down
                log.exception("could not resume table %s", table_id)
        return len(table_ids)

    @staticmethod
    def views(state: TableState) -> AudienceViews:
        """The views of a table's audiences at its current version."""
        return AudienceViews(state)

    async def snapshot(
        self, live: LiveTable, since: int | None, deliver: Callable[[Snapshot], Awaitable[None]]
    ) -> None:
        """The table as its log holds it (none of a command decided and not yet committed),
        with the events after `since`, given to `deliver` before any later update is
        published: a client that starts watching in `deliver` misses none and sees none twice."""
        async with self._as_logged(live):
            version = live.state.version
            past = None
            if since is not None and version - CATCH_UP_LIMIT <= since < version:
                past = await self.repository.events_after(live, since)
            await deliver(Snapshot(live, AudienceViews(live.state), past))

    # -- the one path -------------------------------------------------------------------

    async def handle(self, table_id: str, actor: Actor, command: Command) -> int:
        """Apply a command for `actor` (a person, a robot, the server itself); returns the new
        version.  Raises a VazaError (with a code and a sentence) when refused, and then
        nothing has changed.  The path, each step once: load → decide → append → publish (each
        audience's projection); then the robots' turns, which come back here as commands."""
        live = await self.live(table_id)
        await self._commit(live, actor, command)
        self._schedule(table_id)
        return live.state.version

    @contextlib.asynccontextmanager
    async def _as_logged(self, live: LiveTable) -> AsyncIterator[LiveTable]:
        """The table as its log holds it, its lock held while the block runs: read again if a
        failed commit left it stale."""
        async with live.lock:
            if live.stale:
                await self._reload(live)
            yield live

    async def _commit(self, live: LiveTable, actor: Actor, command: Command) -> None:
        """Decide, append and publish one command, the table's lock held throughout."""
        async with self._as_logged(live):
            state = live.state
            before = state.version
            try:
                change = state.settle(actor, command, self.rng, at=self.clock())
            except IllegalAction:
                if state.version != before:  # part of it changed memory: rebuild from the log
                    await self._reload(live)
                raise
            if change.events:
                await self._append(live, change)
                await self.publisher.publish(live, change)
                self.analyses.finished(state, change.finished)

    async def _append(self, live: LiveTable, change: Change) -> None:
        """Append the change to the table's log and commit it (nothing is told before)."""
        table_id = live.state.id
        try:
            await self.repository.append(live.state, change)
        except ConflictError:
            # Another process wrote this table's log: it serves the table now, not us.
            log.warning("table %s: another writer appended first; dropping it", table_id)
            self.drop(table_id)
            await self.publisher.lost(table_id)
            raise TableMoved("the table moved to another server; try again") from None
        except Exception:
            log.exception("table %s: could not append; reloading from the log", table_id)
            try:
                await self._reload(live)
            except Exception:
                live.stale = True  # read again before the next command, or by the retry
            self.retry_later(table_id)
            raise

    async def _reload(self, live: LiveTable) -> None:
        fresh = await self.repository.load(live.state.id)
        live.state, live.record, live.upgraded = fresh.state, fresh.record, fresh.upgraded
        live.robots_at = -1  # the position may be one a robot must think about again
        live.stale = False

    # -- robots and deadlines -----------------------------------------------------------

    def _schedule(self, table_id: str) -> None:
        """Start a robot's turn if a robot (or a robot standing in) must act or answer, and arm
        the table's deadlines again from its state (`Deadlines`)."""
        live = self.tables.get(table_id)
        if live is None:
            return
        live.cancel_timers()
        if not live.state.finished:
            robot_to_act = self.robots.start(live)
            self.deadlines.arm(live, turn=not robot_to_act)

    def retry_later(self, table_id: str) -> None:
        """The server failed at a table for its own reasons (its database away, say): in
        `RETRY_SECONDS` the table is read again if it must be, and its robots and deadlines
        start again, so nobody waits for a move that no one will make."""
        self.tasks.later(RETRY_SECONDS, lambda: self._retry(table_id))

    async def _retry(self, table_id: str) -> None:
        live = self.tables.get(table_id)
        if live is None:
            return  # not served here any more: whoever serves it arms its own
        try:
            async with self._as_logged(live):
                pass  # read again from its log, if a failed commit left it stale
        except Exception as error:
            log.warning("table %s: still cannot read its log (%s); trying again", table_id, error)
            self.retry_later(table_id)
            return
        live.robots_at = -1
        self._schedule(table_id)

    async def close(self) -> None:
        for live in self.tables.values():
            live.cancel_timers()
        await self.tasks.close()
        self.robots.close()
        await self.analyses.close()


def _nobody(table_id: str) -> Collection[int]:
    """No connections here (a service without a hub: tests, tools)."""
    return ()


__all__ = [
    "LOBBY",
    "Forbidden",
    "LiveTable",
    "ServiceOptions",
    "Snapshot",
    "TableMoved",
    "TableService",
    "Update",
    "table_topic",
]
