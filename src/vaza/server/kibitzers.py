"""Who watches a table, told at most once a second per table.

Every `hello` and `leave` of a watcher changes the table's list of kibitzers, and each change
used to go to every watcher at once: one socket saying hello and leave in a loop sent 198
`kibitzers` messages a watcher in 10 s (issue 47).  `Coalesced` sends the first change at once
and folds the changes that follow within a second into one message at the end of that second,
with the names as they are then: no watcher gets more than one a second from a table, and the
last change always arrives.  A watcher who arrives meanwhile has the names in its snapshot.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Final

PERIOD: Final = 1.0
"""Seconds between two `kibitzers` messages of one table, at least."""


class Coalesced:
    """Calls `tell(table_id)` for a table's changes, at most once a `period` per table.

    `clock` and `sleep` are the event loop's by default; a test gives its own, so what is sent
    follows from the order of events, never from how fast the machine is."""

    def __init__(
        self,
        tell: Callable[[str], Awaitable[None]],
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        period: float = PERIOD,
    ) -> None:
        self._tell, self._clock, self._sleep, self._period = tell, clock, sleep, period
        self._told: dict[str, float] = {}
        """When each table was last told (forgotten once a period has passed)."""
        self._waiting: dict[str, asyncio.Future[None]] = {}
        """The tables with a message due at the end of their period."""

    async def changed(self, table_id: str) -> None:
        """A table's watchers changed: tell them now, or once the period since the last
        message is over (one message for every change until then)."""
        if table_id in self._waiting:
            return  # the message due will carry this change too
        now = self._clock()
        told = self._told.get(table_id)
        if told is None or now - told >= self._period:
            self._forget_old(now)
            self._told[table_id] = now
            await self._tell(table_id)
            return
        self._waiting[table_id] = asyncio.ensure_future(
            self._later(table_id, self._period - (now - told))
        )

    async def _later(self, table_id: str, delay: float) -> None:
        try:
            await self._sleep(delay)
            self._told[table_id] = self._clock()
        finally:
            del self._waiting[table_id]
        await self._tell(table_id)

    def _forget_old(self, now: float) -> None:
        """Tables told more than a period ago need no memory (a club has many tables)."""
        if len(self._told) > 1000:
            self._told = {t: at for t, at in self._told.items() if now - at < self._period}

    async def close(self) -> None:
        """Cancel the messages still due (the server is stopping)."""
        for waiting in list(self._waiting.values()):
            waiting.cancel()
        await asyncio.gather(*self._waiting.values(), return_exceptions=True)
