"""The bus port: publish/subscribe between the processes serving tables."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from vaza.json_types import JSON

Handler = Callable[[JSON], Awaitable[None]]


class Bus(Protocol):
    """Publish/subscribe between the processes serving tables (in-process by default)."""

    async def publish(self, topic: str, message: JSON) -> None: ...
    async def subscribe(self, topic: str, handler: Handler) -> Callable[[], Awaitable[None]]:
        """Returns a function that cancels the subscription."""
        ...

    async def close(self) -> None: ...
