"""TableService: one path for every actor, human or robot.

A command arrives → the table decides and applies it in the core → the events (and any deal they
finish) are appended to the store and committed → only then are they published, with each
audience's view.  If the store refuses (another process wrote first, or the database failed),
the in-memory table is dropped and reloaded from its log, so memory never runs ahead of the
truth.  Robots think in worker threads, off the event loop, and send their action down the same
path.

Deadlines (a seat's hold, the time to act) are derived from the table's log, whose events carry
the time they happened at, and armed again whenever the table is loaded: a process that starts,
resumes after a crash or adopts a table in a cluster goes on where the last one stopped.  A
restart may delay a deadline by the time the process was down, never lose it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import random
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from vaza.analysis.worker import start_worker
from vaza.app.commands import Command, MarkAway, MarkLeft, from_json
from vaza.app.side_by_side import compared_systems
from vaza.app.table import SYSTEM, Actor, Change, Forbidden, TableOptions, TableState
from vaza.bus.port import Bus
from vaza.core.cards import SEATS
from vaza.core.deal import make_rng
from vaza.core.errors import IllegalAction, ParseError, VazaError
from vaza.core.record import DealRecord
from vaza.core.table_events import (
    SCHEMA,
    Chatted,
    Created,
    Invited,
    RobotIn,
    TableEvent,
    decode,
)
from vaza.core.views.audience import KIBITZER_ALL, chat_for, event_for
from vaza.formats import lin, pbn
from vaza.formats.heading import Heading, headed, pbn_date
from vaza.json_types import JSON
from vaza.match.base import SHARED, FinishedDeal
from vaza.protocol.bridge import analysis_json
from vaza.robots.base import robot_answer
from vaza.scoring.compare import PlayedDeal, System, compare_deal, rows_json
from vaza.store.port import ConflictError, DealRow, NewEvent, Store, TableRecord, UserRecord

log = logging.getLogger("vaza.tables")


class TableMoved(VazaError):
    """The table is served by another process now; the command may be sent again."""

    code = "unavailable"


@dataclass
class LiveTable:
    state: TableState
    record: TableRecord
    loaded_at: float = 0.0
    """When this process loaded the table: where a clock starts whose start the log does not
    say (a log from before events carried their time)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timers: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    """The deadlines armed now, derived from `state` (`TableService._schedule`)."""
    robots_at: int = -1
    """The version a robot's turn was last started for (one robot thinks per position)."""
    robot_claims: set[tuple[str, int]] = field(default_factory=set)
    """(seat, trick) where a robot has already tried a claim."""
    upgraded: dict[int, TableEvent] = field(default_factory=dict)
    """The events of an old log whose form today differs from the stored one, by version, as
    the table read them (`TableState.upgraded`): what a client catching up is told."""
    stale: bool = False
    """A commit failed and the log could not be read back (the database away): memory may be
    ahead of the log, so the table is read again before its next command."""

    @property
    def turn_deadline(self) -> float | None:
        """When the person whose turn it is must have acted, on the wall clock (a table with a
        time to act): the turn's start in the log plus the time allowed; else None."""
        state = self.state
        seconds = state.options.seconds_per_action
        seat = state.match.controller()
        if not seconds or seat is None or seat in state.robot_seats():
            return None
        began = self.loaded_at if state.turn_began is None else state.turn_began
        return float(began + seconds)

    def time_left(self, now: float) -> float | None:
        """Seconds the person whose turn it is has left to act at `now` (None: no time limit
        now): from the turn's start in the log, so a reconnect or a restart gives no more."""
        deadline = self.turn_deadline
        return None if deadline is None else round(max(0.0, deadline - now), 1)


class AudienceViews:
    """The view of each audience at one version, computed when first asked for and shared by
    every client of that audience.  Audiences (`vaza.core.views.audience`): a seat label, the
    kibitzers (the public view) and the kibitzers who see every hand, where the table allows."""

    def __init__(self, state: TableState) -> None:
        self._state = state
        self._views: dict[str, JSON] = {}
        self._moment: JSON = {}
        """What the audiences' views of this version hold alike, built once for them all."""

    def get(self, audience: str) -> JSON:
        view = self._views.get(audience)
        if view is None:
            match, moment = self._state.match, self._moment
            if audience in match.seat_labels:
                view = match.view(audience, moment=moment)
            elif audience == KIBITZER_ALL and self._state.options.kibitzers_see_all:
                view = match.view(None, all_hands=True, moment=moment)
            else:
                view = match.view(None, moment=moment)
            self._views[audience] = view
        return view

    def shared(self) -> JSON | None:
        """The part every audience's view of this version holds alike, once a view is built,
        where the match shares one (`vaza.match.base.SHARED`): every other key of a view is
        its audience's own."""
        shared: JSON | None = self._moment.get(SHARED)
        return shared


@dataclass(frozen=True, slots=True)
class Update:
    """What subscribers of a table receive after a commit: the new events and the views of
    each audience at the new version; `for_audience` is what one audience may be sent."""

    table_id: str
    version: int
    events: tuple[TableEvent, ...]
    views: AudienceViews
    public_action: Callable[[JSON], JSON]
    in_deal: bool

    @classmethod
    def after(cls, state: TableState, events: list[TableEvent]) -> Update:
        """The update of `state` once `events` are in it."""
        return cls(
            state.id,
            state.version,
            tuple(events),
            AudienceViews(state),
            state.spec.actions.public,
            state.match.in_deal,
        )

    def for_audience(self, audience: str) -> JSON:
        """The events, view and chat lines `audience` may learn of (`vaza.core.views.audience`)."""
        events = self.events
        return {
            "events": [
                event_for(e, audience, self.public_action, in_deal=self.in_deal) for e in events
            ],
            "view": self.views.get(audience),
            "chat": chat_for(
                (e.payload for e in events if isinstance(e, Chatted)), audience, self.in_deal
            ),
        }


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def table_topic(table_id: str) -> str:
    return f"table:{table_id}"


def user_topic(user_id: int) -> str:
    return f"user:{user_id}"


LOBBY = "lobby"


def _records(state: TableState, deal: FinishedDeal, at: float) -> tuple[str | None, str | None]:
    """The deal's PBN and LIN with everything the club knows of it: the table, the day, the
    board, who sat where (robots by their names) and the scoring; the match's own where it
    keeps no record of the play."""
    if deal.record is None or deal.pbn is None:
        return deal.pbn, deal.lin
    scoring = state.spec.scoring(state.options.scoring)
    names = []
    for seat in SEATS:
        occupant = state.occupants.get(seat.letter)
        names.append("" if occupant is None else occupant.name)
    heading = Heading(
        event=f"{state.spec.label.en}, {scoring.label.en}, table {state.id}",
        date=pbn_date(at),
        scoring=scoring.pbn,
        players=(names[0], names[1], names[2], names[3]),
        board=deal.number,
    )
    record = headed(deal.record, heading)
    return pbn.dumps([record]), None if deal.lin is None else lin.dumps([record])


class TableService:
    def __init__(
        self,
        store: Store,
        bus: Bus,
        *,
        rng: random.Random | None = None,
        robot_executor: Executor | None = None,
        away_after: float = 60.0,
        background_pause: float | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.bus = bus
        self.rng = rng or make_rng()
        self.executor = robot_executor or ThreadPoolExecutor(2, thread_name_prefix="robot")
        """Robots' thinking at tables where a person plays now."""
        self.background = ThreadPoolExecutor(
            1, thread_name_prefix="robot-bg", initializer=_background_thread
        )
        """Robots' thinking at tables of robots alone (robot events, robot matches): one thread,
        shared in turn by the people who opened such tables (`_share`), so nobody's robot
        tables slow the tables where people play, nor starve another person's."""
        self._shares: dict[int | None, asyncio.Lock] = {}
        self.background_pause = BACKGROUND_PAUSE if background_pause is None else background_pause
        self._background_turn = asyncio.Lock()
        """One robot-only decision at a time, the people who wait for one served in turn."""
        self._people_played_at = -BACKGROUND_YIELDS_FOR
        """When robots last thought at a table where a person plays (monotonic seconds)."""
        self.away_after = away_after
        """Seconds a seat is held for a person who left before a robot plays for them."""
        self.clock = clock
        """The wall clock (seconds since the epoch): the time stamped on events, and what
        deadlines are measured against, in this process and the next."""
        self.connected: Callable[[str], Collection[int]] = _nobody
        """The users with a connection to a table at this process (the hub says): when a
        table is loaded, the people seated there who are not are held as having left."""
        self.tables: dict[str, LiveTable] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.listeners: list[Callable[[Update], Awaitable[None]]] = []
        """Called in-process with every update (the WebSocket hub)."""
        self._analyser: ProcessPoolExecutor | None = None
        self._analysis_waiting = 0
        self._analysis_by: dict[int | None, int] = {}
        """Deals waiting for the solver, by the person who opened their table."""
        self.notices: list[Callable[[str, JSON], Awaitable[None]]] = []
        """Called with messages for everyone at a table (a finished deal's analysis)."""
        self.committed: list[Callable[[str, int, list[TableEvent]], Awaitable[None]]] = []
        """Called after each commit with the table, its version before, and the new events."""
        self.lost: list[Callable[[str], Awaitable[None]]] = []
        """Called when another writer took a table (its append was refused)."""

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
        record = TableRecord(
            id=table_id,
            options=options.to_json(),
            public=options.public,
            invite_token=secrets.token_urlsafe(16),
            created_by=creator.id,
            status=state.status,
            version=state.version,
            summary=state.summary(),
        )
        await self.store.create_table(record, [NewEvent(e.kind, e.payload, SCHEMA) for e in events])
        self.tables[table_id] = LiveTable(state, record)
        await self.bus.publish(LOBBY, {"table": table_id, "summary": record.summary})
        return record

    async def live(self, table_id: str) -> LiveTable:
        """The table in memory, loaded from its log if needed (raises KeyError if unknown)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            live = self.tables.get(table_id)
            if live is None:
                live = await self.load(table_id)
                await self._hold_the_unaccounted(live)
                self.tables[table_id] = live
        self._schedule(table_id)
        return live

    async def _hold_the_unaccounted(self, live: LiveTable) -> None:
        """The people seated at a table just loaded who have no connection here and are not
        known to have left: their connection was to a process that is gone, so they left now,
        as far as anyone can tell, and their hold starts (it ends when they say hello).  Done
        before the table is served, so a hello that follows finds them left and brings them
        back."""
        for seat in live.state.unaccounted(self.connected(live.state.id)):
            await self._commit(live, SYSTEM, MarkLeft(seat))

    async def load(self, table_id: str) -> LiveTable:
        """A table rebuilt from its log (not registered as served here)."""
        return await self._load(table_id)

    def drop(self, table_id: str) -> None:
        """Stop serving a table (another process has it now)."""
        live = self.tables.pop(table_id, None)
        if live is not None:
            for timer in live.timers.values():
                timer.cancel()

    async def _load(self, table_id: str) -> LiveTable:
        record = await self.store.table(table_id)
        if record is None:
            raise KeyError(table_id)
        events = await self.store.events(table_id)
        if not events or events[0].type != "created":
            raise ValueError(f"table {table_id} has no creation event")
        created = events[0].payload
        options = TableOptions.from_json(created["options"])
        deals = created.get("deals")
        state = TableState(
            table_id,
            options,
            created.get("creator"),
            None if deals is None else {int(n): text for n, text in deals.items()},
        )
        upgraded: dict[int, TableEvent] = {}
        for stored in events:
            event = decode(stored.type, stored.payload)
            today = state.upgraded(event, stored.schema_version)
            if today is not event:
                upgraded[stored.version] = today
            state.evolve(today)
        state.take_finished_deals()  # archived when they happened
        return LiveTable(state, record, loaded_at=self.clock(), upgraded=upgraded)

    async def events_after(self, live: LiveTable, since: int) -> list[tuple[int, TableEvent]]:
        """The table's events after version `since` (up to the version in memory), in today's
        form: an old log is upgraded as it is read (`LiveTable.upgraded`), never rewritten."""
        stored = await self.store.events(live.state.id, after=since)
        return [
            (e.version, live.upgraded.get(e.version) or decode(e.type, e.payload))
            for e in stored
            if e.version <= live.state.version
        ]

    async def resume_all(self) -> int:
        """Load every unfinished table (after a restart) so robots and timers go on."""
        table_ids = await self.store.unfinished_table_ids()
        for table_id in table_ids:
            try:
                await self.live(table_id)
            except Exception:  # a broken table must not keep the others down
                log.exception("could not resume table %s", table_id)
        return len(table_ids)

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
    async def as_logged(self, live: LiveTable) -> AsyncIterator[LiveTable]:
        """The table as its log holds it, its lock held while the block runs: read again if a
        failed commit left it stale, and no other command decided and not yet committed (a
        snapshot built then would show what a failed commit takes back)."""
        async with live.lock:
            if live.stale:
                await self._reload(live)
            yield live

    async def _commit(self, live: LiveTable, actor: Actor, command: Command) -> None:
        """Decide, append and publish one command, the table's lock held throughout."""
        async with self.as_logged(live):
            change = await self._decide(live, actor, command)
            if change.events:
                await self._append(live, change)
                await self._publish(live, change)

    async def _decide(self, live: LiveTable, actor: Actor, command: Command) -> Change:
        state = live.state
        before = state.version
        try:
            return state.settle(actor, command, self.rng, at=self.clock())
        except IllegalAction:
            if state.version != before:  # part of it changed memory: rebuild from the log
                await self._reload(live)
            raise

    async def _append(self, live: LiveTable, change: Change) -> None:
        """Append the change to the table's log and commit it (nothing is told before)."""
        state = live.state
        players = self._players(state)
        deals = []
        for deal in change.finished:
            pbn_text, lin_text = _records(state, deal, self.clock())
            deals.append(
                DealRow(
                    id=0,
                    table_id=state.id,
                    number=deal.number,
                    game=state.options.game,
                    summary=deal.summary,
                    pbn=pbn_text,
                    lin=lin_text,
                    players=players,
                )
            )
        try:
            await self.store.append(
                state.id,
                change.before,
                [NewEvent(e.kind, e.payload, SCHEMA) for e in change.events],
                status=state.status,
                summary=state.summary(),
                deals=deals,
            )
        except ConflictError:
            # Another process wrote this table's log: it serves the table now, not us.
            log.warning("table %s: another writer appended first; dropping it", state.id)
            self.drop(state.id)
            for lost in list(self.lost):
                await lost(state.id)
            raise TableMoved("the table moved to another server; try again") from None
        except Exception:
            log.exception("table %s: could not append; reloading from the log", state.id)
            try:
                await self._reload(live)
            except Exception:
                live.stale = True  # read again before the next command, or by the retry
            self._retry_later(state.id)
            raise

    async def _analyse(
        self,
        table_id: str,
        number: int,
        record: DealRecord,
        owner: int | None,
        systems: tuple[System, ...] = (),
    ) -> None:
        """The double-dummy table and par of a finished deal, solved off the event loop, kept
        with the deal and shown at the table (all hands are public once a deal is over), with
        the deal scored under each of `systems` beside it.

        At most `ANALYSIS_BACKLOG` deals wait for the solver, and at most `ANALYSIS_SHARE` of
        the tables one person opened: past that (robots racing through deals) a deal goes
        without, rather than the server falling ever further behind or one person's robot
        tables taking the solver from everyone else's."""
        mine = self._analysis_by.get(owner, 0)
        if self._analysis_waiting >= ANALYSIS_BACKLOG or mine >= ANALYSIS_SHARE:
            log.info("table %s: deal %d not analysed, the solver is busy", table_id, number)
            return
        self._analysis_waiting += 1
        self._analysis_by[owner] = mine + 1
        try:
            loop = asyncio.get_running_loop()
            data = await loop.run_in_executor(
                self._analysis_pool(), analyse_to_json, record, systems
            )
            await self.store.set_deal_analysis(table_id, number, data)
            message = {"type": "analysis", "table": table_id, "number": number, "analysis": data}
            for notice in list(self.notices):
                await notice(table_id, message)
        except Exception:
            log.exception("table %s: analysis of deal %d failed", table_id, number)
        finally:
            self._analysis_waiting -= 1
            self._analysis_by[owner] -= 1

    @staticmethod
    def _players(state: TableState) -> dict[str, int]:
        return {
            seat: o.user_id
            for seat, o in state.occupants.items()
            if o is not None and o.kind == "human" and o.user_id is not None
        }

    async def _reload(self, live: LiveTable) -> None:
        fresh = await self._load(live.state.id)
        live.state, live.record, live.upgraded = fresh.state, fresh.record, fresh.upgraded
        live.robots_at = -1  # the position may be one a robot must think about again
        live.stale = False

    # -- publishing ---------------------------------------------------------------------

    @staticmethod
    def views(state: TableState) -> AudienceViews:
        """The views of a table's audiences at its current version."""
        return AudienceViews(state)

    async def _publish(self, live: LiveTable, change: Change) -> None:
        """Tell the other processes and the listeners (each audience gets its projection),
        the lobby and those invited; then solve the finished deals double dummy.  The change
        is committed: a failure to tell (Redis away, a listener's bug) is logged and stops
        nothing (a replica that missed events reads the log at the next)."""
        state = live.state
        events = list(change.events)
        where = f"{state.id} v{state.version}"
        for committed in list(self.committed):
            others = committed(state.id, change.before, events)
            await _telling(f"the other processes of {where}", others)
        update = Update.after(state, events)
        for listener in list(self.listeners):
            await _telling(f"listeners of {where}", listener(update))
        if any(e.kind in _LOBBY_EVENTS for e in events):
            lobby = {"table": state.id, "summary": state.summary()}
            await _telling(f"the lobby of {where}", self.bus.publish(LOBBY, lobby))
        for event in events:
            if isinstance(event, Invited):
                invitation = {
                    "type": "invitation",
                    "table": state.id,
                    "by": event.by,
                    "invite": live.record.invite_token,
                }
                topic = user_topic(event.user_id)
                await _telling(f"an invitation to {where}", self.bus.publish(topic, invitation))
        for deal in change.finished:
            if deal.record is not None:
                systems = compared_systems(state.options.game, state.options.variant)
                analysis = self._analyse(state.id, deal.number, deal.record, state.owner, systems)
                self._spawn(analysis)

    # -- robots and timers --------------------------------------------------------------

    def _schedule(self, table_id: str) -> None:
        """Start a robot's turn if a robot (or a robot standing in) must act or answer, and arm
        the table's deadlines again from its state: the time to act of a person whose turn it
        is, the hold of each seat whose person left.  Every deadline is a time in the log plus
        a length, so arming them again, here or in another process, changes none."""
        live = self.tables.get(table_id)
        if live is None:
            return
        state = live.state
        for timer in live.timers.values():
            timer.cancel()
        live.timers.clear()
        if state.finished:
            return
        robots = set(state.robot_seats())
        seat = state.match.controller()
        pending = [s for s in state.match.responders() if s in robots]
        if seat in robots or pending:
            if live.robots_at != state.version:
                live.robots_at = state.version
                self._spawn(self._robot_turn(table_id, state.version))
        elif seat is not None and live.turn_deadline is not None:
            # Time per action: when it runs out, a robot makes this one move for the player.
            turn = partial(self._robot_turn, table_id, state.version, stand_in=seat)
            self._arm(live, "turn", live.turn_deadline, turn)
        for label, occupant in state.occupants.items():
            if occupant is not None and occupant.left and not occupant.away:
                since = live.loaded_at if occupant.left_at is None else occupant.left_at
                hold = partial(self._hold_ran_out, table_id, label, occupant.left_at)
                self._arm(live, f"hold:{label}", since + self.away_after, hold)

    def _arm(
        self, live: LiveTable, key: str, deadline: float, work: Callable[[], Awaitable[None]]
    ) -> None:
        """Run `work` at `deadline` (on the wall clock; at once if it has passed)."""
        delay = max(0.0, deadline - self.clock())
        live.timers[key] = asyncio.get_running_loop().call_later(delay, lambda: self._spawn(work()))

    async def _hold_ran_out(self, table_id: str, seat: str, left_at: float | None) -> None:
        """A seat's hold ran out: a robot plays for the person who left (if it is still the
        same leaving: the table decides, under its lock)."""
        if table_id not in self.tables:
            return  # another process serves the table now, and arms its deadlines
        try:
            await self.handle(table_id, SYSTEM, MarkAway(seat, left_at))
        except VazaError as error:
            log.warning("table %s: could not mark %s away: %s", table_id, seat, error)
        except Exception:
            log.exception("table %s: could not mark %s away", table_id, seat)

    def _spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _robot_turn(self, table_id: str, version: int, stand_in: str | None = None) -> None:
        live = self.tables.get(table_id)
        if live is None or live.state.version != version:
            return
        state = live.state
        robots = set(state.robot_seats())
        if stand_in is not None:
            robots.add(stand_in)
        responders = [s for s in sorted(state.match.responders()) if s in robots]
        robot = state.robot
        think = self._thinker(state)
        try:
            if responders:
                answerer = responders[0]
                view = state.match.robot_view(answerer)
                answer = await think(partial(robot_answer, robot), view)
                if live.state.version == version:
                    command = from_json(state.spec.actions.encode(answer))
                    await self.handle(table_id, Actor(None, "robot", answerer), command)
                return
            seat = state.match.controller()
            if seat is None or seat not in robots:
                return
            view = state.match.robot_view(seat)
            claim = await self._robot_claim(live, seat, robot, view)
            action = claim or await think(robot.choose, view)
            if live.state.version != version:
                return  # someone else moved first (an undo, a claim): think again later
            await self.handle(
                table_id, Actor(None, "robot", seat), from_json(state.spec.actions.encode(action))
            )
        except (IllegalAction, ParseError):
            live.robots_at = -1
            log.exception("table %s: a robot's action was refused", table_id)
        except Exception:
            live.robots_at = -1
            log.exception("table %s: robot turn failed", table_id)
            self._retry_later(table_id)

    def _retry_later(self, table_id: str) -> None:
        """The server failed at a table for its own reasons (its database away, say): in
        `RETRY_SECONDS` the table is read again if it must be, and its robots and deadlines
        start again, so nobody waits for a move that no one will make."""
        loop = asyncio.get_running_loop()
        loop.call_later(RETRY_SECONDS, lambda: self._spawn(self._retry(table_id)))

    async def _retry(self, table_id: str) -> None:
        live = self.tables.get(table_id)
        if live is None:
            return  # not served here any more: whoever serves it arms its own
        try:
            async with self.as_logged(live):
                pass  # read again from its log, if a failed commit left it stale
        except Exception as error:
            log.warning("table %s: still cannot read its log (%s); trying again", table_id, error)
            self._retry_later(table_id)
            return
        live.robots_at = -1
        self._schedule(table_id)

    def _thinker(self, state: TableState) -> Callable[[Callable[[Any], Any], Any], Awaitable[Any]]:
        """Where a table's robots think: beside people's tables if a person plays there now,
        else in the background, one person's robot tables at a time in turn."""
        present = any(
            o is not None and o.kind == "human" and not o.away and not o.left
            for o in state.occupants.values()
        )
        loop = asyncio.get_running_loop()
        if present:
            self._people_played_at = time.monotonic()
            return lambda work, view: loop.run_in_executor(self.executor, work, view)
        share = self._shares.setdefault(state.owner, asyncio.Lock())

        async def in_turn(work: Callable[[Any], Any], view: Any) -> Any:
            async with share, self._background_turn:
                chosen = await loop.run_in_executor(self.background, work, view)
                if time.monotonic() - self._people_played_at < BACKGROUND_YIELDS_FOR:
                    await asyncio.sleep(self.background_pause)  # people play: pace, not race
                return chosen

        return in_turn

    async def _robot_claim(self, live: LiveTable, seat: str, robot: Any, view: Any) -> Any:
        """A robot that can claim does so, at most once a trick, when a person defends
        against it (robots play such endings out faster than they could settle a claim)."""
        played = len(view.played)  # every game's view lists the cards played

        if (seat, played // 4) in live.robot_claims:
            return None
        if not any(s in live.state.occupants and s not in live.state.robot_seats()
                   for s in self._claim_answerers(live, seat)):  # fmt: skip
            return None
        live.robot_claims.add((seat, played // 4))
        return await asyncio.get_running_loop().run_in_executor(self.executor, robot.claim, view)

    @staticmethod
    def _claim_answerers(live: LiveTable, seat: str) -> list[str]:
        """The seats that would answer a claim by `seat`: its two opponents."""
        labels = list(live.state.match.seat_labels)
        if len(labels) != 4 or seat not in labels:
            return []
        at = labels.index(seat)
        return [labels[(at + 1) % 4], labels[(at + 3) % 4]]

    def _analysis_pool(self) -> Executor:
        """One worker process at low priority: solving deals uses only the CPU that serving
        tables leaves over, and never holds the server's GIL."""
        if self._analyser is None:
            self._analyser = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=partial(start_worker, nice=10, parent=os.getpid()),
            )
        return self._analyser

    async def close(self) -> None:
        for live in self.tables.values():
            for timer in live.timers.values():
                timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.background.shutdown(wait=False, cancel_futures=True)
        if self._analyser is not None:
            # Waited for (in a thread, off the event loop): a pool left to die with the process
            # leaks its semaphores, and the resource tracker says so at exit.
            await asyncio.to_thread(self._analyser.shutdown, wait=True, cancel_futures=True)
            self._analyser = None


def _background_thread() -> None:
    """The robot-only tables' thread: its solver calls give way to people's tables'."""
    from vaza.analysis.dds import solve_after_people  # noqa: PLC0415 - DDS loads on first use

    solve_after_people()


RETRY_SECONDS = 1.0
"""After the server's own failure at a table, how long before it tries the table again."""
BACKGROUND_PAUSE = 0.05
"""Seconds after each robot decision at a robot-only table while people play elsewhere: all
robot-only tables together then make at most 20 a second, and never take the processor from
the tables where people play."""
BACKGROUND_YIELDS_FOR = 30.0
"""How long after robots last thought at a table with a person the background keeps its pace."""
ANALYSIS_BACKLOG = 16
ANALYSIS_SHARE = 4
"""Deals of one person's tables that may wait for the solver at once."""


def analyse_to_json(record: DealRecord, systems: tuple[System, ...] = ()) -> JSON:
    """Solve a finished deal double-dummy (in the analysis worker): its table and par, where
    the tricks went (each card's cost against double dummy), and the deal scored under each of
    `systems` side by side (`compare`; duplicate's IMPs are counted against the par)."""
    from vaza.analysis import analyse_board  # noqa: PLC0415 - in the worker only
    from vaza.analysis.play_cost import record_play_cost  # noqa: PLC0415

    analysis = analyse_board(record.board)
    data = analysis_json(analysis)
    if systems:
        rows = compare_deal(systems, PlayedDeal.from_record(record), analysis.par.score)
        data["compare"] = rows_json(rows)
    cost = record_play_cost(record)
    data["play_cost"] = None if cost is None else cost.as_dict()
    return data


async def _telling(whom: str, telling: Awaitable[None]) -> None:
    """Tell of a committed change; a failure is logged, never raised (it is committed)."""
    try:
        await telling
    except Exception:
        log.exception("telling %s failed", whom)


def _nobody(table_id: str) -> Collection[int]:
    """No connections here (a service without a hub: tests, tools)."""
    return ()


_LOBBY_EVENTS = frozenset(("sat", "stood", "robot_in", "robot_out", "deal", "finished"))


__all__ = [
    "LOBBY",
    "Forbidden",
    "LiveTable",
    "TableService",
    "Update",
    "table_topic",
]
