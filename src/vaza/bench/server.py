"""`vaza bench server`: a real server, N tables, four simulated people per table.

Each person is a real WebSocket client with its own guest account.  When its seat must act it
waits (the think time: human pace, or none when flat out) and sends a legal action; the time
from sending to receiving the broadcast of that action is the latency measured.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import orjson
import uvloop
import websockets

from vaza.bench import engine
from vaza.bench.ports import free_port
from vaza.json_types import JSON
from vaza.protocol import patch

SEATS = ("N", "E", "S", "W")
CONNECTING_AT_ONCE = 32
"""Clients opening their connection at the same moment: people arrive over time, not all in
one instant; the measurement starts once everyone is seated."""


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    deals: int = 0
    last_error: str | None = None
    bytes: int = 0
    """Bytes of the server's messages the simulated people received."""


def _free_port() -> int:
    return free_port()  # reserved: apart from any other run's servers (`vaza.bench.ports`)


async def _wait_ready(url: str, process: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient() as http:
        for _ in range(300):
            if process.poll() is not None:
                raise RuntimeError("the server exited at start")
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get(f"{url}/healthz", timeout=1)).status_code == 200:
                    return
            await asyncio.sleep(0.1)
    raise RuntimeError("the server did not become ready")


async def _guest(http: httpx.AsyncClient) -> str:
    response = await http.post("/api/guest", json={})
    response.raise_for_status()
    return "; ".join(f"{name}={value}" for name, value in response.cookies.items())


@dataclass(frozen=True, slots=True)
class Load:
    """The simulated people: `tables` tables of four, for `seconds`, thinking `think` seconds
    a move on average (0: at once), drawn from `seed`."""

    tables: int
    seconds: float
    think: float
    seed: int | None = None


@dataclass(slots=True)
class Player:
    """One simulated person at a table, on the WebSocket at `url`."""

    url: str
    cookie: str
    table: str
    seat: str
    think: Callable[[], float]
    patches: bool = True
    """Take updates as patches of the view, as the browser does."""
    sent_at: float | None = field(default=None, init=False)

    async def run(
        self,
        figures: Figures,
        rng: random.Random,
        connecting: asyncio.Semaphore,
        seated: Callable[[], None],
    ) -> None:
        """Connect (a few at a time, as people arrive), sit, then play until cancelled."""
        async with connecting:
            # No keepalive pings of its own, as a browser sends none: the server's pings
            # (answered) keep the connection alive.
            socket_ = await websockets.connect(
                self.url, additional_headers={"Cookie": self.cookie}, max_size=2**22,
                open_timeout=120, ping_interval=None,
            )  # fmt: skip
        async with socket_:
            hello: JSON = {"type": "hello", "table": self.table}
            if self.patches:  # a server older than patches knows no such field
                hello["patches"] = True
            await socket_.send(_dumps(hello))
            await socket_.send(_dumps({"type": "sit", "table": self.table, "seat": self.seat}))
            view: JSON = orjson.loads(await socket_.recv()).get("view") or {}  # the snapshot
            seated()
            async for raw in socket_:
                figures.bytes += len(raw)
                message = orjson.loads(raw)
                if message["type"] == "error":
                    figures.errors += 1
                    figures.last_error = str(message.get("message"))
                    self.sent_at = None
                    continue
                if message["type"] != "update":
                    continue
                if self.sent_at is not None:
                    figures.latencies.append(time.perf_counter() - self.sent_at)
                    figures.actions += 1
                    self.sent_at = None
                if "patch" in message:
                    view = patch.apply(view, message["patch"])
                else:
                    view = message.get("view") or {}
                await self._act(socket_, view, figures, rng)

    async def _act(self, socket_: Any, view: JSON, figures: Figures, rng: random.Random) -> None:
        if view.get("phase") == "over" and self.seat == "N":
            figures.deals += 1
            await socket_.send(_dumps({"type": "next_deal", "table": self.table}))
            return
        legal = view.get("legal") or []
        if not legal or view.get("controller") != self.seat:
            return
        delay = self.think()
        if delay:
            await asyncio.sleep(delay)
        action = dict(rng.choice(legal))
        self.sent_at = time.perf_counter()
        await socket_.send(_dumps({"table": self.table, **action}))


def _dumps(message: JSON) -> str:
    return orjson.dumps(message).decode()


async def _run(
    load: Load, url: str | None = None, *, patches: bool = True, source: Path | None = None
) -> JSON:
    if url is not None:  # servers already running (other processes, other machines)
        urls = [part.strip().rstrip("/") for part in url.split(",") if part.strip()]
        return await _drive(urls, load, servers=[], patches=patches)
    with tempfile.TemporaryDirectory(prefix="vaza-bench-") as data_dir:
        servers = await _start_servers(Path(data_dir), 1, (), source=source)
        try:
            figures = await _drive_started(servers, load, patches=patches)
        finally:
            _stop_servers(servers)
    return figures


async def _run_cluster(processes: int, load: Load, *, pg: str, redis: str) -> JSON:
    """Several server processes over one PostgreSQL database (made for the run) and Redis."""
    database = f"vaza_bench_{secrets.token_hex(4)}"
    admin = await asyncpg.connect(pg)
    try:
        await admin.execute(f'CREATE DATABASE "{database}"')
    finally:
        await admin.close()
    base = pg.rsplit("/", 1)[0].replace("postgresql://", "postgresql+asyncpg://")
    options = (
        "--db", f"{base}/{database}", "--bus", f"{redis}#{database}",
        f"--secret={secrets.token_urlsafe(32)}",
    )  # fmt: skip
    try:
        with tempfile.TemporaryDirectory(prefix="vaza-bench-") as data_dir:
            servers = await _start_servers(Path(data_dir), processes, options)
            series: list[list[float | None]] = []
            sampler = asyncio.create_task(_sample_memory(servers, series))
            try:
                figures = await _drive_started(servers, load)
                figures["benchmark"] = "cluster"
                figures["processes"] = processes
                figures["rss_mb"] = [_rss_mb(process) for _, process in servers]
                figures["rss_mb_every_30s"] = series
            finally:
                sampler.cancel()
                _stop_servers(servers)
    finally:
        admin = await asyncpg.connect(pg)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        finally:
            await admin.close()
    return figures


async def _start_servers(
    data_dir: Path,
    count: int,
    options: tuple[str, ...],
    *,
    lift_limits: bool = True,
    source: Path | None = None,
) -> list[tuple[str, subprocess.Popen[bytes]]]:
    """Servers of this code, or of the `vaza` package under `source` (another commit's `src`,
    run on this interpreter and its packages)."""
    environment = None
    if source is not None:
        environment = {**os.environ, "PYTHONPATH": str(source)}
    servers = []
    for number in range(count):
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        folder = data_dir / f"server{number}"
        folder.mkdir()
        # Every simulated person comes from this one address: the limits per address and
        # per person are lifted for the benchmark's own servers (but for the abuse bench's).
        lifted = ("--guests-per-hour", "1000000", "--open-tables", "1000000") if lift_limits else ()

        command = [sys.executable, "-m", "vaza.cli", "serve", "--port", str(port),
                   "--data-dir", str(folder), "--away-after", "600", *lifted, *options]  # fmt: skip

        with (folder / "server.log").open("wb") as out:
            process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, env=environment
            )
        servers.append((url, process))
    for url, process in servers:
        await _wait_ready(url, process)
    return servers


def _stop_servers(servers: list[tuple[str, subprocess.Popen[bytes]]]) -> None:
    for _, process in servers:
        process.terminate()
    for _, process in servers:
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


async def _sample_memory(
    servers: list[tuple[str, subprocess.Popen[bytes]]], series: list[list[float | None]]
) -> None:
    """Each server's resident memory every 30 seconds (a soak shows whether it stays flat)."""
    while True:
        series.append([_rss_mb(process) for _, process in servers])
        await asyncio.sleep(30)


def _rss_mb(process: subprocess.Popen[bytes]) -> float | None:
    """Resident memory of a server process, from /proc (Linux)."""
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return None


async def _drive_started(
    servers: list[tuple[str, subprocess.Popen[bytes]]], load: Load, *, patches: bool = True
) -> JSON:
    """`_drive` over servers this benchmark started, whose CPU it measures too."""
    urls = [url for url, _ in servers]
    processes = [p for _, p in servers]
    return await _drive(urls, load, servers=processes, patches=patches)


async def _drive(
    urls: list[str],
    load: Load,
    *,
    servers: list[subprocess.Popen[bytes]],
    patches: bool = True,
) -> JSON:
    """Tables are created on the servers in turn, and the four people of a table connect to
    different servers where there are several (so commands cross between processes); each
    takes updates as patches unless `patches` is False (whole views, as before patches)."""
    tables, seconds, think, seed = load.tables, load.seconds, load.think, load.seed
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=50)
    players: list[Player] = []

    def pace() -> float:
        return rng.uniform(0.5 * think, 1.5 * think) if think else 0.0

    clients = [httpx.AsyncClient(base_url=url, limits=limits, timeout=60) for url in urls]
    try:
        for number in range(tables):
            http = clients[number % len(urls)]
            cookies = await asyncio.gather(*(_guest(http) for _ in SEATS))
            response = await http.post(
                "/api/tables",
                json={"game": "contract", "scoring": "duplicate", "robots": False},
                headers={"Cookie": cookies[0]},
            )
            response.raise_for_status()
            table = response.json()["table"]
            for offset, (cookie, seat) in enumerate(zip(cookies, SEATS, strict=True)):
                url = urls[(number + offset) % len(urls)]
                socket_url = url.replace("http", "ws") + "/ws"
                players.append(Player(socket_url, cookie, table, seat, pace, patches=patches))
    finally:
        for http in clients:
            await http.aclose()
    # Before anyone sits: measured after the run, while the servers still dealt with
    # everyone leaving, it read 1,800 to 2,900 deals a second in one side's runs against
    # 4,100 to 4,700 in the other's, in turns on the same machine.
    machine_speed = _machine_speed()
    figures = Figures()
    everyone_seated = asyncio.Event()
    connecting = asyncio.Semaphore(CONNECTING_AT_ONCE)
    waiting = len(players)

    def seated() -> None:
        nonlocal waiting
        waiting -= 1
        if waiting == 0:
            everyone_seated.set()

    tasks = [
        asyncio.create_task(p.run(figures, random.Random(rng.random()), connecting, seated))
        for p in players
    ]
    setup_started = time.perf_counter()
    waiter = asyncio.create_task(everyone_seated.wait())
    await asyncio.wait([waiter, *tasks], return_when=asyncio.FIRST_COMPLETED)
    if not everyone_seated.is_set():  # a client could not connect: say why
        failed = next(t for t in tasks if t.done() and t.exception() is not None)
        await _cancel(tasks)
        raise RuntimeError(f"a simulated person could not sit: {failed.exception()!r}")
    seating_seconds = time.perf_counter() - setup_started
    await asyncio.sleep(2)  # the first deals under way
    figures.latencies.clear()
    start_actions, start, start_bytes = figures.actions, time.perf_counter(), figures.bytes
    cpu_before = _cpu_seconds(servers), _own_cpu_seconds()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - start
    actions = figures.actions - start_actions
    sent_bytes = figures.bytes - start_bytes
    cpu_after = _cpu_seconds(servers), _own_cpu_seconds()
    latencies = sorted(figures.latencies)
    await _cancel(tasks)
    return {
        "benchmark": "server",
        "tables": tables,
        "sockets": len(players),
        "seconds": round(elapsed, 2),
        "think_seconds": think,
        "actions": actions,
        "actions_per_second": round(actions / elapsed, 1),
        "latency_ms_p50": _ms(latencies, 0.50),
        "latency_ms_p99": _ms(latencies, 0.99),
        "latency_ms_mean": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        "errors": figures.errors,
        "last_error": figures.last_error,
        "deals_finished": figures.deals,
        "seating_seconds": round(seating_seconds, 1),
        "server_cpu_ms_per_action": _per_action(cpu_after[0], cpu_before[0], actions),
        "client_cpu_ms_per_action": _per_action(cpu_after[1], cpu_before[1], actions),
        "bytes_per_action": round(sent_bytes / actions) if actions else None,
        "patches": patches,
        "cpus": os.cpu_count(),
        "engine_deals_per_second": machine_speed,
    }


async def _cancel(tasks: list[asyncio.Task[None]]) -> None:
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def _cpu_seconds(servers: list[subprocess.Popen[bytes]]) -> float | None:
    """CPU time used so far by the servers this benchmark started (Linux), None for servers
    elsewhere: the CPU an action costs compares runs across machines of different speeds."""
    if not servers:
        return None
    total = 0.0
    for process in servers:
        try:
            fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return None
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def _own_cpu_seconds() -> float:
    """CPU time of the simulated people (this process)."""
    times = os.times()
    return times.user + times.system


def _per_action(after: float | None, before: float | None, actions: int) -> float | None:
    if after is None or before is None or not actions:
        return None
    return round((after - before) * 1000 / actions, 2)


def _machine_speed() -> float:
    """The rules engine's speed on this machine now (`vaza bench engine`, 1,000 deals): the
    same code ran from 1,800 to 9,000 deals a second on machines of one kind, so
    a latency figure is read next to it."""
    speed = engine.run(1000, seed=1)["deals_per_second"]
    assert isinstance(speed, float)
    return speed


def _ms(values: list[float], quantile: float) -> float | None:
    if not values:
        return None
    return round(values[min(len(values) - 1, int(quantile * len(values)))] * 1000, 2)


def run_cluster(
    processes: int,
    load: Load,
    *,
    pg: str = "postgresql://postgres@127.0.0.1:5432/postgres",
    redis: str = "redis://127.0.0.1:6379/0",
) -> JSON:
    return uvloop.run(_run_cluster(processes, load, pg=pg, redis=redis))


def run(
    load: Load, url: str | None = None, *, patches: bool = True, source: Path | None = None
) -> JSON:
    """Measure; the simulated clients run on uvloop so that they take less of the machine's
    CPU from the server they measure.  `source`: serve the `vaza` package found there instead
    of this one (`vaza bench compare-server`)."""
    return uvloop.run(_run(load, url, patches=patches, source=source))
