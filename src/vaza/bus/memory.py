"""The in-process bus: subscribers of a topic are called in the order they subscribed."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Awaitable, Callable

from vaza.bus.port import Handler
from vaza.json_types import JSON


class MemoryBus:
    def __init__(self) -> None:
        self._handlers: defaultdict[str, list[Handler]] = defaultdict(list)

    async def publish(self, topic: str, message: JSON) -> None:
        for handler in list(self._handlers.get(topic, ())):
            await handler(message)

    async def subscribe(self, topic: str, handler: Handler) -> Callable[[], Awaitable[None]]:
        self._handlers[topic].append(handler)

        async def cancel() -> None:
            handlers = self._handlers.get(topic)
            if handlers and handler in handlers:
                handlers.remove(handler)
                if not handlers:
                    del self._handlers[topic]

        return cancel

    async def close(self) -> None:
        self._handlers.clear()
