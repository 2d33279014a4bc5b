"""`vaza bench faults`: the club under test — server processes on a database of their own,
PostgreSQL and Redis of the scenario's own — and the constants the scenarios share."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import orjson

from vaza.bench.server import _free_port
from vaza.store.port import StoredEvent

if TYPE_CHECKING:
    from vaza.bench.faults_people import Person


PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


GO_ON_SECONDS = 60.0
"""How long a deal may take to go on to its end after the fault before it counts as stalled."""


OUTAGE_SECONDS = 2.0
"""How long PostgreSQL, Redis or the disk stays down."""


AWAY_HOLD = 1.0
"""The seat hold (`--away-after`) where a player is away: short, so a robot stands in soon."""


PRESENT_HOLD = 10.0
"""The hold where the people stay: long enough for their reconnect after a restart on a loaded
machine (the suite run twice at once), as the club's 60 s is; with 1 s a robot took a turn from
a person still reconnecting, which the bench counted as doubled."""


@dataclass
class Club:
    """Server processes sharing one database (and, for two, a Redis bus)."""

    folder: Path
    """Where the servers' logs go (and the data, unless `data` says elsewhere)."""
    processes: int = 1
    db_url: str | None = None
    redis_port: int | None = None
    away_after: float = PRESENT_HOLD
    data: Path | None = None
    ports: list[int] = field(default_factory=list)
    running: list[subprocess.Popen[bytes] | None] = field(default_factory=list)
    people: list[Person] = field(default_factory=list)
    """Everyone who came to the club: their connections are closed with it."""

    def __post_init__(self) -> None:
        self.ports = [_free_port() for _ in range(self.processes)]
        self.running = [None] * self.processes
        self.data = self.data or self.folder / "data"

    @property
    def sqlite_file(self) -> Path:
        """The embedded database's file (when no `db_url` is given)."""
        assert self.data is not None
        return self.data / "vaza.db"

    def url(self, number: int = 0) -> str:
        return f"http://127.0.0.1:{self.ports[number]}"

    def start(self, number: int = 0) -> None:
        folder = self.folder / f"server{number}"
        folder.mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable, "-m", "vaza.cli", "serve", "--port", str(self.ports[number]),
            "--data-dir", str(self.data), "--away-after", str(self.away_after),
            "--robots", "standard", "--guests-per-hour", "100000", "--open-tables", "100000",
            "--secret", "faults", "--lease-seconds", "2",
        ]  # fmt: skip
        if self.db_url:
            command += ["--db", self.db_url]
        if self.redis_port:
            command += ["--bus", f"redis://127.0.0.1:{self.redis_port}"]
        with (folder / "server.log").open("ab") as log:
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        self.running[number] = process
        deadline = time.monotonic() + 120  # a bound for a loaded machine, not a figure
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise RuntimeError(f"the server exited: {(folder / 'server.log').read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url(number)}/healthz", timeout=1).status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError("the server did not become ready")

    def start_all(self) -> None:
        for number in range(self.processes):
            self.start(number)

    def kill(self, number: int = 0) -> None:
        process = self.running[number]
        if process is not None:
            process.send_signal(signal.SIGKILL)
            process.wait(10)
            self.running[number] = None

    def stop(self) -> None:
        for person in self.people:
            person.close()
        for number, process in enumerate(self.running):
            if process is not None:
                process.terminate()
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                self.running[number] = None

    def events(self, table: str) -> list[StoredEvent]:
        """The table's log, read straight from the database."""
        query = "SELECT version, type, payload FROM table_events WHERE table_id = {} ORDER BY 1"
        rows = self.query(query, table)
        return [StoredEvent(int(v), str(t), orjson.loads(p)) for v, t, p in rows]

    def query(self, sql: str, argument: str) -> list[tuple[Any, ...]]:
        """Rows read straight from the database; `{}` in `sql` stands for `argument`."""
        if self.db_url is None:
            with contextlib.closing(sqlite3.connect(self.sqlite_file, timeout=30)) as db:
                return list(db.execute(sql.format("?"), (argument,)))
        dsn = self.db_url.replace("postgresql+asyncpg", "postgresql")
        return [tuple(row) for row in asyncio.run(_fetch(dsn, sql.format("$1"), argument))]


async def _fetch(dsn: str, sql: str, *args: Any) -> list[Any]:
    import asyncpg  # noqa: PLC0415 - only the PostgreSQL scenarios need it

    connection = await asyncpg.connect(dsn)
    try:
        return list(await connection.fetch(sql, *args))
    finally:
        await connection.close()


@contextlib.contextmanager
def _cluster(folder: Path) -> Iterator[tuple[Club, _Redis, str]]:
    """Two processes on a PostgreSQL database and a Redis of their own."""
    name = f"vaza_faults_{os.getpid()}_{time.monotonic_ns()}"
    _pg(f'CREATE DATABASE "{name}"')
    redis = _Redis(folder)
    url = f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}"
    club = Club(folder, processes=2, redis_port=redis.port, db_url=url)
    try:
        yield club, redis, name
    finally:
        club.stop()
        redis.stop()
        with contextlib.suppress(Exception):
            _pg(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _pg(sql: str) -> None:
    asyncio.run(_fetch(PG_ADMIN, sql))


class _Redis:
    """A Redis server of the scenario's own, on a free port, that keeps nothing on disk."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.folder = folder
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        binary = shutil.which("redis-server") or "redis-server"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port)):
                return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None
