"""`vaza bench store`: what one durable append of one action costs the server.

At human pace each action is its own commit (the group commit has nothing to group), so the
CPU of one append (SQLAlchemy, the driver, the fsync's system time) bounds how many tables a
core can serve.  Appends are made one after another on a fresh database, as the server makes
them.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sqlalchemy import inspect
from sqlalchemy.ext.asyncio import create_async_engine

from vaza.core.errors import VazaError
from vaza.store.db import open_database
from vaza.store.port import NewEvent, TableHead, TableRecord
from vaza.store.sql import SqlStore

_ACTION = {"seat": "N", "action": {"type": "play", "card": "SA"}}
_WARM_UP = 50


class NotEmpty(VazaError):
    """The benchmark writes rows of its own: it runs only on an empty database."""


async def _require_empty(url: str) -> None:
    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            names = await connection.run_sync(lambda sync: inspect(sync).get_table_names())
    finally:
        await engine.dispose()
    if names:
        raise NotEmpty(
            f"the database already holds tables ({', '.join(sorted(names)[:5])}): the "
            "benchmark writes rows of its own, so give it an empty database"
        )


async def _measure(url: str, appends: int, tick: Callable[[int], None] | None) -> dict[str, Any]:
    await _require_empty(url)
    database = await open_database(url)
    store = SqlStore(database)
    try:
        user = await store.create_user("bench", None, is_guest=True, settings={})
        table = TableRecord(
            id="bench", options={}, public=True, invite_token="-", created_by=user.id,
            status="playing", version=0, summary={},
        )  # fmt: skip
        version = await store.create_table(table, [NewEvent("created", {})])
        step = max(1, appends // 100)
        for number in range(_WARM_UP + appends):
            if number == _WARM_UP:
                before, start = os.times(), time.perf_counter()
            version = await store.append(
                table.id, version, [NewEvent("act", _ACTION)], head=TableHead("playing", {})
            )
            if tick is not None and number >= _WARM_UP and (number - _WARM_UP) % step == step - 1:
                tick(step)
        after, wall = os.times(), time.perf_counter() - start
    finally:
        await store.close()
    return {
        "benchmark": "store",
        "database": url.split(":", 1)[0],
        "appends": appends,
        "cpu_ms_per_append": round(
            1000 * (after.user + after.system - before.user - before.system) / appends, 3
        ),
        "user_ms_per_append": round(1000 * (after.user - before.user) / appends, 3),
        "system_ms_per_append": round(1000 * (after.system - before.system) / appends, 3),
        "wall_ms_per_append": round(1000 * wall / appends, 3),
    }


def run(appends: int, db: str | None = None, tick: Callable[[int], None] | None = None) -> Any:
    """`db`: a SQLAlchemy async URL (default: a new SQLite file, as `vaza serve` makes)."""
    with tempfile.TemporaryDirectory(prefix="vaza-bench-store-") as folder:
        url = db or f"sqlite+aiosqlite:///{Path(folder) / 'club.db'}"
        return asyncio.run(_measure(url, appends, tick))
