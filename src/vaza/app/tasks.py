"""The background work of the table service's parts (robots' turns, deadlines, analyses): kept
so that none is collected while it runs, and all of it cancelled when the service closes."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable


class Tasks:
    def __init__(self) -> None:
        self._running: set[asyncio.Future[None]] = set()

    def spawn(self, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    def later(self, delay: float, work: Callable[[], Awaitable[None]]) -> asyncio.TimerHandle:
        """Start `work()` in `delay` seconds (the handle cancels it before it starts)."""
        loop = asyncio.get_running_loop()
        return loop.call_later(max(0.0, delay), lambda: self.spawn(work()))

    async def close(self) -> None:
        running = list(self._running)
        for task in running:
            task.cancel()
        for task in running:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


__all__ = ["Tasks"]
