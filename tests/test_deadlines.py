"""Deadlines derived from the log: a table's service arms its seat holds and its time to act
from the times its events carry, so a process that loads the table (a restart, an adoption)
goes on where the last one stopped.

Each scenario runs two services one after the other over one SQLite database, as a process and
the one that replaces it.  Their clocks are set by the test: the second service's "now" is far
past the first's deadlines, which must then run out at once, where a deadline armed afresh at
load would wait its whole length again (600 s, far past the test's patience)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from vaza.app.commands import from_json
from vaza.app.service import ServiceOptions, TableService
from vaza.app.table import SYSTEM, Actor
from vaza.bus.memory import MemoryBus
from vaza.store.db import open_database
from vaza.store.port import UserRecord
from vaza.store.sql import SqlStore

JSON = dict[str, Any]
T0 = 1_800_000_000.0
"""The first service's time (any fixed moment: the wall clock is the test's to set)."""
LONG = 600
"""A hold and a time per action longer than any test waits (the longest a table allows)."""


class Clock:
    """A wall clock the test moves."""

    def __init__(self, now: float) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@asynccontextmanager
async def service(
    path: Path, clock: Clock, away_after: float = LONG, **extra: Any
) -> AsyncIterator[TableService]:
    """One process's table service over the database at `path` (closed at the end, as a
    process that stops; what it committed stays)."""
    database = await open_database(f"sqlite+aiosqlite:///{path}")
    tables = TableService(
        SqlStore(database), MemoryBus(), ServiceOptions(away_after=away_after, clock=clock)
    )
    for name, value in extra.items():
        setattr(tables, name, value)
    try:
        yield tables
    finally:
        await tables.close()
        await tables.store.close()
        await database.close()


async def seated(tables: TableService, **options: Any) -> tuple[str, UserRecord]:
    """A person sits at North of a new table with three robots; North deals board 1, so the
    first turn is theirs."""
    user = await tables.store.create_user("ana", None, is_guest=True, settings={})
    table = await tables.create(user, {"game": "contract", "scoring": "duplicate", **options})
    await tables.handle(
        table.id, Actor(user.id, user.name), from_json({"type": "sit", "seat": "N"})
    )
    return table.id, user


async def log_of(tables: TableService, table_id: str) -> list[tuple[str, JSON]]:
    return [(e.type, e.payload) for e in await tables.store.events(table_id)]


async def until(
    tables: TableService, table_id: str, done: Callable[[list[tuple[str, JSON]]], bool]
) -> list[tuple[str, JSON]]:
    """The table's log once `done` holds for it; fails after 30 s of real time."""
    deadline = time.monotonic() + 30
    while not done(logged := await log_of(tables, table_id)):
        assert time.monotonic() < deadline, f"the log did not come to that: {logged[-4:]}"
        await asyncio.sleep(0.05)
    return logged


def kinds(logged: list[tuple[str, JSON]]) -> list[tuple[str, str | None]]:
    return [(kind, payload.get("seat")) for kind, payload in logged]


def acted_for_north(logged: list[tuple[str, JSON]]) -> bool:
    return ("act", "N") in kinds(logged)


def test_the_time_to_act_runs_from_the_turns_start_across_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock) as first:
            table_id, _ = await seated(first, seconds_per_action=LONG)
        deal = next(p for kind, p in await log_of(first, table_id) if kind == "deal")
        assert deal["at"] == T0  # when North's turn began, in the log
        clock.now = T0 + LONG + 1  # the process was down past North's time to act
        async with service(tmp_path / "club.db", clock) as second:
            await second.resume_all()
            logged = await until(second, table_id, acted_for_north)
        # A robot made that one move for North; the seat stays theirs.
        assert kinds(logged).count(("sat", "N")) == 1 and ("away", "N") not in kinds(logged)

    asyncio.run(scenario())


def test_the_time_left_to_act_is_told_from_the_log_and_a_restart_gives_no_more(
    tmp_path: Path,
) -> None:
    """Every snapshot and update carries the seconds the person to act has left (issue 19:
    views carried no deadline); they run from the turn's start in the log."""

    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock) as first:
            table_id, _ = await seated(first, seconds_per_action=LONG)
            live = await first.live(table_id)
            assert live.time_left(T0 + 10) == LONG - 10
        async with service(tmp_path / "club.db", Clock(T0 + 100)) as second:
            again = await second.load(table_id)
            assert again.time_left(T0 + 100) == LONG - 100  # not the whole time again
            assert again.time_left(T0 + LONG + 5) == 0
        async with service(tmp_path / "other.db", clock) as untimed:
            other, _ = await seated(untimed)
            assert (await untimed.live(other)).time_left(T0) is None

    asyncio.run(scenario())


def test_a_chat_does_not_put_off_the_time_to_act(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock) as tables:
            table_id, user = await seated(tables, seconds_per_action=LONG)
            clock.now = T0 + LONG - 0.2
            await tables.handle(
                table_id, Actor(user.id, user.name), from_json({"type": "chat", "text": "hm"})
            )
            await until(tables, table_id, acted_for_north)

    asyncio.run(scenario())


def test_a_hold_runs_from_the_leaving_across_a_restart(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock) as first:
            table_id, _ = await seated(first)
            await first.handle(table_id, SYSTEM, from_json({"type": "left", "seat": "N"}))
        left = [p for kind, p in await log_of(first, table_id) if kind == "left"]
        assert left == [{"seat": "N", "at": T0}]
        clock.now = T0 + LONG + 1  # the hold ran out while no process served the table
        async with service(tmp_path / "club.db", clock) as second:
            await second.resume_all()
            logged = await until(second, table_id, acted_for_north)
            # The leaving counted once: loading the table did not start the hold again.
            assert kinds(logged).count(("left", "N")) == 1
            assert kinds(logged).index(("away", "N")) < kinds(logged).index(("act", "N"))

    asyncio.run(scenario())


def test_a_person_whose_connection_died_with_the_process_is_held_from_the_load(
    tmp_path: Path,
) -> None:
    """Killed with North connected, the process left no `left` in the log: the next one holds
    North's seat from when it loads the table, unless North's connection is to it."""

    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock) as first:
            table_id, user = await seated(first)
        here = {table_id: {user.id}}
        async with service(
            tmp_path / "club.db", clock, away_after=0.2, connected=lambda t: here.get(t, ())
        ) as adopter:
            await adopter.live(table_id)
            assert ("left", "N") not in kinds(await log_of(adopter, table_id))
        clock.now = T0 + 5
        async with service(tmp_path / "club.db", clock, away_after=0.2) as restarted:
            await restarted.resume_all()
            logged = await until(restarted, table_id, acted_for_north)
        left = [p for kind, p in logged if kind == "left"]
        assert left == [{"seat": "N", "at": T0 + 5}]
        assert kinds(logged).index(("away", "N")) < kinds(logged).index(("act", "N"))

    asyncio.run(scenario())


def test_no_deadline_at_a_finished_table(tmp_path: Path) -> None:
    """A person who leaves once the match is over is not held, and not marked away."""

    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock, away_after=0) as tables:
            table_id, _ = await seated(tables, scoring="duplicate", variant={"boards": 1})
            await tables.handle(table_id, SYSTEM, from_json({"type": "left", "seat": "N"}))
            # North is held for no time: a robot plays the board for them to the end.
            logged = await until(tables, table_id, lambda log: log[-1][0] == "finished")
            for presence in ("back", "left", "back"):  # no error, and nothing to log
                command = {"type": presence, "seat": "N"}
                assert await tables.handle(table_id, SYSTEM, from_json(command)) == len(logged)
            assert not (await tables.live(table_id)).timers

    asyncio.run(scenario())
