"""A table served by this process: its state, its log's record, and what serving it holds
(its lock, its armed deadlines, the robots' progress)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from vaza.app.commands import Command
from vaza.app.table import Actor, TableState
from vaza.app.tasks import Tasks
from vaza.core.table_events import TableEvent
from vaza.store.port import TableRecord


@dataclass
class LiveTable:
    state: TableState
    record: TableRecord
    loaded_at: float = 0.0
    """When this process loaded the table: where a clock starts whose start the log does not
    say (a log from before events carried their time)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timers: dict[str, asyncio.TimerHandle] = field(default_factory=dict)
    """The deadlines armed now, derived from `state` (`vaza.app.deadlines`)."""
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

    def cancel_timers(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()


class Serving(Protocol):
    """What the service's parts see of it (`TableService`): the tables served here, its
    background work, and its one path for commands."""

    @property
    def tables(self) -> Mapping[str, LiveTable]: ...

    @property
    def tasks(self) -> Tasks: ...

    async def handle(self, table_id: str, actor: Actor, command: Command) -> int:
        """Apply a command at a table for an actor; the table's new version."""
        ...

    def retry_later(self, table_id: str) -> None:
        """The server failed at a table for its own reasons: try it again in a while."""


__all__ = ["LiveTable", "Serving"]
