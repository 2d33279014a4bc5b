"""Who is connected to which process of a club, shared through Redis (the friends' "online").

Each process writes what it knows of its own people into a hash of its own (`presence:<id>`:
account id → what it saw of them, as JSON) that lives `seconds` unless written again, and names
itself in a set of the club's processes.  It writes only what changed since its last write, and
renews the hash every round even when nothing did, so a process that dies leaves no one online
for longer than `seconds`.  A reader asks every live process's hash for the people it wants, in
one round trip.  With the in-process bus there is no board: one process knows everyone.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

import orjson
from redis.asyncio import Redis

from vaza.bus.port import Bus
from vaza.bus.redis import RedisBus
from vaza.json_types import JSON

PRESENCE_SECONDS = 10.0
"""How long a process's hash lives unless written again (it writes every few seconds)."""


class RedisPresence:
    def __init__(self, redis: Redis, prefix: str, me: str, seconds: float = PRESENCE_SECONDS):
        self.redis = redis
        self.me = me
        self.seconds = seconds
        self._members = f"{prefix}presence"
        self._prefix = f"{prefix}presence:"
        self._written: dict[int, bytes] = {}
        self._rounds = 0

    REWRITE_EVERY = 15
    """Every so many writes, all is written again, not only what changed: a Redis that
    restarted (it keeps nothing) is whole again within a few rounds."""

    def _key(self, process: str) -> str:
        return self._prefix + process

    async def write(self, entries: Mapping[int, JSON]) -> None:
        """This process's people now: what changed is written, and the hash's life renewed."""
        encoded = {user: orjson.dumps(entry) for user, entry in entries.items()}
        self._rounds += 1
        if self._rounds % self.REWRITE_EVERY == 0:
            self._written = {}
        changed = {u: e for u, e in encoded.items() if self._written.get(u) != e}
        gone = [u for u in self._written if u not in encoded]
        key = self._key(self.me)
        async with self.redis.pipeline(transaction=True) as pipe:
            if changed:
                pipe.hset(key, mapping={str(u): e for u, e in changed.items()})
            if gone:
                pipe.hdel(key, *(str(u) for u in gone))
            pipe.hset(key, "-", b"1")  # an empty hash is no key: this keeps the process's
            pipe.pexpire(key, int(self.seconds * 1000))
            pipe.sadd(self._members, self.me)
            await pipe.execute()
        self._written = encoded

    async def read(self, user_ids: Collection[int]) -> dict[int, list[JSON]]:
        """What the other processes saw of these people (one entry per process that did)."""
        wanted = [str(u) for u in user_ids]
        processes = [
            p.decode() if isinstance(p, bytes) else str(p)
            for p in await self.redis.smembers(self._members)
        ]
        others = [p for p in processes if p != self.me]
        if not wanted or not others:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for process in others:
                pipe.exists(self._key(process))
                pipe.hmget(self._key(process), wanted)
            answers = await pipe.execute()
        found: dict[int, list[JSON]] = {}
        dead = []
        for index, process in enumerate(others):
            alive, values = answers[2 * index], answers[2 * index + 1]
            if not alive:
                dead.append(process)
                continue
            for user, value in zip(wanted, values, strict=True):
                if value is not None:
                    found.setdefault(int(user), []).append(orjson.loads(value))
        if dead:  # a process that died: its hash ran out; forget its name
            await self.redis.srem(self._members, *dead)
        return found

    async def close(self) -> None:
        """Leaving the club: this process's people are at once no longer seen here."""
        await self.redis.delete(self._key(self.me))
        await self.redis.srem(self._members, self.me)
        self._written = {}


def presence_board(bus: Bus, me: str) -> RedisPresence | None:
    """The board for a bus shared by several processes; None for the in-process bus."""
    if isinstance(bus, RedisBus):
        return RedisPresence(bus.redis, bus.prefix, me)
    return None
