"""The Redis bus: publish/subscribe between server processes, on one machine or many.

One pub/sub connection per process; a reader task hands each message to the handlers of its
channel in the order they subscribed.  Messages are JSON (orjson).  Redis delivers pub/sub at
most once: a process that misses a table's event (a reconnect) notices the gap by version and
reads the log from the store, so nothing depends on Redis keeping anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable

import orjson
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.client import PubSub

from vaza.bus.port import Handler
from vaza.json_types import JSON

log = logging.getLogger("vaza.bus")

REDIS_CONNECTIONS = 64
"""Connections one process keeps to Redis at most."""


class RedisBus:
    """`url` is a Redis URL; a ``#name`` after it keeps this club's channels and keys apart
    from another's on the same Redis (``redis://host:6379/0#club``)."""

    def __init__(self, url: str) -> None:
        address, _, namespace = url.partition("#")
        self.prefix = f"vaza:{namespace or 'club'}:"
        # A burst of commands waits for a free connection instead of failing with "too many
        # connections" (the default pool refuses once it is full).
        pool = BlockingConnectionPool.from_url(
            address, max_connections=REDIS_CONNECTIONS, timeout=10
        )
        self.redis: Redis = Redis(connection_pool=pool)
        self._pubsub: PubSub | None = None
        self._handlers: defaultdict[str, list[Handler]] = defaultdict(list)
        self._reader: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self._queues: dict[str, asyncio.Queue[JSON]] = {}
        self._workers: dict[str, asyncio.Task[None]] = {}

    async def publish(self, topic: str, message: JSON) -> None:
        await self.redis.publish(self.prefix + topic, orjson.dumps(message))

    async def subscribe(self, topic: str, handler: Handler) -> Callable[[], Awaitable[None]]:
        async with self._lock:
            if self._pubsub is None:
                self._pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            first = topic not in self._handlers
            self._handlers[topic].append(handler)
            if first:
                await self._pubsub.subscribe(self.prefix + topic)
            if self._reader is None or self._reader.done():
                self._reader = asyncio.create_task(self._read())

        async def cancel() -> None:
            async with self._lock:
                handlers = self._handlers.get(topic)
                if handlers and handler in handlers:
                    handlers.remove(handler)
                if handlers is not None and not handlers:
                    del self._handlers[topic]
                    worker = self._workers.pop(topic, None)
                    if worker is not None:
                        worker.cancel()
                    self._queues.pop(topic, None)
                    if self._pubsub is not None:
                        await self._pubsub.unsubscribe(self.prefix + topic)

        return cancel

    async def _read(self) -> None:
        assert self._pubsub is not None
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("reading from Redis failed; retrying")
                await asyncio.sleep(0.5)
                continue
            if message is None or message.get("type") != "message":
                continue
            channel = message["channel"]
            name = channel.decode() if isinstance(channel, bytes) else str(channel)
            topic = name.removeprefix(self.prefix)
            try:
                data = orjson.loads(message["data"])
            except orjson.JSONDecodeError:
                log.warning("a message on %s is not JSON", topic)
                continue
            queue = self._queues.get(topic)
            if queue is None:
                queue = self._queues[topic] = asyncio.Queue()
                self._workers[topic] = asyncio.create_task(self._work(topic, queue))
            queue.put_nowait(data)

    async def _work(self, topic: str, queue: asyncio.Queue[JSON]) -> None:
        """One worker per channel: its messages are handled in order, and a slow handler on
        one channel (a table) never holds up another."""
        while True:
            data = await queue.get()
            for handler in list(self._handlers.get(topic, ())):
                try:
                    await handler(data)
                except Exception:
                    log.exception("a handler of %s failed", topic)

    async def close(self) -> None:
        for worker in self._workers.values():
            worker.cancel()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._pubsub is not None:
            await self._pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]
        await self.redis.aclose()
