"""Table ownership: one process at a time serves a table, through a lease that expires.

The owner renews its leases every few seconds; when it dies, its leases run out and another
process takes the table and resumes it from its event log.  Two owners at once cannot corrupt a
table: the store appends only at the version a writer expects, so a stale owner's append is
refused and it drops the table.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Protocol

from redis.asyncio import Redis

LEASE_SECONDS = 10.0
"""How long a lease lasts without renewal: also how long a dead owner's tables wait."""

_RENEW = """
local held = {}
for i, key in ipairs(KEYS) do
  local holder = redis.call('GET', key)
  if holder == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
    table.insert(held, key)
  elseif not holder then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
    table.insert(held, key)
  end
end
return held
"""
# A lease nobody holds is taken back by its owner: Redis restarted (it keeps nothing), or the
# lease ran out unrenewed and nobody took it.  Safe: another writer since would have moved the
# log on, and the owner's next append at its old version would be refused.
_CLAIM = """
local holder = redis.call('GET', KEYS[1])
if holder then return holder end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]
"""
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def process_id() -> str:
    return secrets.token_hex(6)


class Leases(Protocol):
    owner_id: str
    seconds: float

    async def claim(self, table_id: str) -> str:
        """Take the table's lease if nobody holds it; returns its holder now (`owner_id` when
        it is us).  One step, so a command for another process's table costs one round trip
        before it is forwarded."""
        ...

    async def owners(self, table_ids: list[str]) -> dict[str, str | None]: ...

    async def renew(self, table_ids: Iterable[str]) -> set[str]:
        """Extend our leases (taking back those nobody holds); returns the tables still ours
        (the others were lost to another process)."""
        ...

    async def release(self, table_id: str) -> None: ...


class LocalLeases:
    """One process serves every table (the default, with the in-process bus)."""

    def __init__(self) -> None:
        self.owner_id = "local"
        self.seconds = LEASE_SECONDS

    async def claim(self, table_id: str) -> str:
        return self.owner_id

    async def owners(self, table_ids: list[str]) -> dict[str, str | None]:
        return dict.fromkeys(table_ids, self.owner_id)

    async def renew(self, table_ids: Iterable[str]) -> set[str]:
        return set(table_ids)

    async def release(self, table_id: str) -> None:
        return None


class RedisLeases:
    """Leases as Redis keys with an expiry: SET NX to take, a script to renew only our own."""

    def __init__(
        self, redis: Redis, owner_id: str, seconds: float = LEASE_SECONDS, prefix: str = "vaza:"
    ) -> None:
        self.redis = redis
        self.owner_id = owner_id
        self.ttl_ms = int(seconds * 1000)
        self.seconds = seconds
        self.prefix = f"{prefix}lease:"
        self._claim = redis.register_script(_CLAIM)

    def _key(self, table_id: str) -> str:
        return self.prefix + table_id

    async def claim(self, table_id: str) -> str:
        holder = await self._claim(keys=[self._key(table_id)], args=[self.owner_id, self.ttl_ms])
        return _text(holder)

    async def owners(self, table_ids: list[str]) -> dict[str, str | None]:
        if not table_ids:
            return {}
        values = await self.redis.mget([self._key(table_id) for table_id in table_ids])
        return {
            table_id: None if value is None else _text(value)
            for table_id, value in zip(table_ids, values, strict=True)
        }

    async def renew(self, table_ids: Iterable[str]) -> set[str]:
        keys = [self._key(table_id) for table_id in table_ids]
        if not keys:
            return set()
        held = await self.redis.eval(_RENEW, len(keys), *keys, self.owner_id, self.ttl_ms)
        skip = len(self.prefix)
        return {_text(key)[skip:] for key in held}

    async def release(self, table_id: str) -> None:
        await self.redis.eval(_RELEASE, 1, self._key(table_id), self.owner_id)


def _text(value: object) -> str:
    """A Redis reply as text (bytes unless the client decodes responses)."""
    return value.decode() if isinstance(value, bytes) else str(value)
