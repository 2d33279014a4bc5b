"""A WebSocket client of the hub: its connection, its outbox, its flood limit, and what a
watched table's clients were last sent (the bases of patches)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import orjson
from starlette.websockets import WebSocket

from vaza.json_types import JSON
from vaza.store.port import UserRecord

log = logging.getLogger("vaza.ws")

RATE = 20.0
"""Messages per second a person may send on average, over all their connections."""
BURST = 40.0
OUTBOX = 256
"""Messages that may wait for one client before it is deemed gone (a table sends about one
per action: minutes of play)."""
WS_TRY_AGAIN_LATER = 1013


@dataclass(eq=False)
class Bucket:
    """A token bucket: at most RATE messages a second on average, BURST at once."""

    tokens: float = BURST
    stamp: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(BURST, self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass(eq=False)
class Client:
    socket: WebSocket
    user: UserRecord | None
    tables: set[str] = field(default_factory=set)
    """Tables this client watches (as a player or a kibitzer)."""
    lobby: bool = False
    bucket: Bucket = field(default_factory=Bucket)
    """The flood limit: the person's own (shared by their connections), or this connection's
    when nobody is logged in on it."""
    patched: dict[str, tuple[str, int]] = field(default_factory=dict)
    """The tables whose updates this client takes as patches (`hello` with `patches`), each
    with the audience and version of the last view it was sent: the patch's base."""
    outbox: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(OUTBOX))
    """Messages waiting to be written, in order, by this client's own writer (`write`)."""
    too_slow: bool = False

    async def send(self, message: JSON) -> None:
        await self.send_text(dumps(message))

    async def send_text(self, text: str) -> None:
        """Queue a message for this client; never waits on it.  A client that lets OUTBOX
        messages pile up unread is closed (it may reconnect and catch up with `since`), so a
        reader that stops reading never holds up a table or anyone else."""
        if self.too_slow:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.too_slow = True
            log.warning("closing a client that reads too slowly")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.socket.close(code=WS_TRY_AGAIN_LATER), 1)

    async def write(self) -> None:
        """Write the outbox to the socket, one message after another, while it is open."""
        with contextlib.suppress(Exception):  # a closed socket: its reader loop cleans up
            while True:
                await self.socket.send_text(await self.outbox.get())


@dataclass(eq=False)
class Sent:
    """What a watched table's clients were last sent: the bases of the next update's patches."""

    views: dict[str, tuple[int, JSON]] = field(default_factory=dict)
    """The last view sent to each audience, with its version."""
    occupants: JSON | None = None
    """The occupants the last update carried."""
    shared: tuple[int, JSON] | None = None
    """The part of the last update's views that every audience held alike, with its version,
    where the match shares one: the next update diffs it once for them all."""


def dumps(message: JSON) -> str:
    return orjson.dumps(message).decode()


def error_message(code: str, message: str, ref: str | None = None) -> JSON:
    return {"type": "error", "code": code, "message": message, "ref": ref}


__all__ = [
    "BURST",
    "OUTBOX",
    "RATE",
    "WS_TRY_AGAIN_LATER",
    "Bucket",
    "Client",
    "Sent",
    "dumps",
    "error_message",
]


class Connections:
    """The hub's clients, each person's own at hand: who is online is asked for a few people
    at a time (a friends' list), never by looking at every connection (`server/presence`)."""

    def __init__(self) -> None:
        self._all: set[Client] = set()
        self._by_user: dict[int, set[Client]] = {}

    def add(self, client: Client) -> None:
        self._all.add(client)
        if client.user is not None:
            self._by_user.setdefault(client.user.id, set()).add(client)

    def discard(self, client: Client) -> None:
        self._all.discard(client)
        if client.user is None:
            return
        mine = self._by_user.get(client.user.id)
        if mine is not None:
            mine.discard(client)
            if not mine:
                del self._by_user[client.user.id]

    def of(self, user_id: int) -> list[Client]:
        """The person's connections here (a copy)."""
        return list(self._by_user.get(user_id, ()))

    def __iter__(self) -> Iterator[Client]:
        return iter(self._all)

    def __len__(self) -> int:
        return len(self._all)

    def __contains__(self, client: object) -> bool:
        return client in self._all
