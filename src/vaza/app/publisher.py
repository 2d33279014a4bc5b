"""Telling of a committed change: the other processes (a `Relay`, in a cluster), the subscribers
of this process (each audience's projection, `Update`), the lobby and those invited.

The change is committed before anything is told, so a failure to tell (Redis away, a
subscriber's bug) is logged and stops nothing: a replica that missed events reads the log at
the next.  Subscribers register through `subscribe`, which returns what ends the subscription.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from vaza.app.live import LiveTable
from vaza.app.table import Change
from vaza.app.updates import LOBBY, Update, user_topic
from vaza.bus.port import Bus
from vaza.core.table_events import Invited, TableEvent
from vaza.json_types import JSON

log = logging.getLogger("vaza.tables")

Listener = Callable[[Update], Awaitable[None]]
"""A subscriber's handler of every update of every table served or followed here."""
NoticeListener = Callable[[str, JSON], Awaitable[None]]
"""A subscriber's handler of a message for everyone at a table (a finished deal's analysis)."""


class Relay(Protocol):
    """The other processes of a cluster (`vaza.app.cluster.Cluster`)."""

    async def committed(self, table_id: str, before: int, events: list[TableEvent]) -> None:
        """A table served here committed `events` after version `before`."""

    async def notice(self, table_id: str, message: JSON) -> None:
        """A message for everyone at a table, wherever they are connected."""

    async def lost(self, table_id: str) -> None:
        """Another writer took a table served here (its append was refused)."""


class Publisher:
    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self.relay: Relay | None = None
        self._listeners: list[Listener] = []
        self._notices: list[NoticeListener] = []

    def subscribe(
        self, listener: Listener, notices: NoticeListener | None = None
    ) -> Callable[[], None]:
        """Call `listener` with every update (and `notices` with every notice) from now on;
        returns what ends it."""
        self._listeners.append(listener)
        if notices is not None:
            self._notices.append(notices)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)
            if notices is not None and notices in self._notices:
                self._notices.remove(notices)

        return unsubscribe

    async def publish(self, live: LiveTable, change: Change) -> None:
        """Tell of a committed change: the other processes, then the subscribers (each
        audience gets its projection), the lobby and those invited."""
        state = live.state
        events = list(change.events)
        where = f"{state.id} v{state.version}"
        if self.relay is not None:
            others = self.relay.committed(state.id, change.before, events)
            await _telling(f"the other processes of {where}", others)
        await self.deliver(Update.after(state, events))
        if any(e.kind in _LOBBY_EVENTS for e in events):
            lobby = {"table": state.id, "summary": state.summary()}
            await _telling(f"the lobby of {where}", self.bus.publish(LOBBY, lobby))
        for event in events:
            if isinstance(event, Invited):
                invitation: JSON = {
                    "type": "invitation",
                    "table": state.id,
                    "by": event.by,
                    "invite": live.record.invite_token,
                }
                if event.seat is not None:
                    invitation["seat"] = event.seat  # "take seat E"
                topic = user_topic(event.user_id)
                await _telling(f"an invitation to {where}", self.bus.publish(topic, invitation))

    async def deliver(self, update: Update) -> None:
        """Tell this process's subscribers of an update (of a table served here, or of a
        replica following another process's)."""
        where = f"{update.table_id} v{update.version}"
        for listener in list(self._listeners):
            await _telling(f"subscribers of {where}", listener(update))

    async def notice(self, table_id: str, message: JSON, *, relayed: bool = True) -> None:
        """A message for everyone at a table: this process's subscribers and, unless it came
        from another process (`relayed=False`), the other processes'."""
        for notice in list(self._notices):
            await _telling(f"a notice of {table_id}", notice(table_id, message))
        if relayed and self.relay is not None:
            relay = self.relay.notice(table_id, message)
            await _telling(f"the other processes of {table_id}", relay)

    async def lost(self, table_id: str) -> None:
        if self.relay is not None:
            await self.relay.lost(table_id)


async def _telling(whom: str, telling: Awaitable[None]) -> None:
    """Tell of a committed change; a failure is logged, never raised (it is committed)."""
    try:
        await telling
    except Exception:
        log.exception("telling %s failed", whom)


_LOBBY_EVENTS = frozenset(
    (
        "sat",
        "stood",
        "robot_in",
        "robot_out",
        "deal",
        "finished",
        "named",
        "reserved",
        "away",
        "back",
    )
)


__all__ = ["Listener", "NoticeListener", "Publisher", "Relay"]
