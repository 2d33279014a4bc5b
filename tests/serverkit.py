"""A real Vaza server in a subprocess and real WebSocket clients, for the server tests."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from vaza.bench import ports

JSON = dict[str, Any]


PROBLEM = re.compile(
    r" (WARNING|ERROR|CRITICAL) "  # a record (`vaza serve` logs each record's level)
    r"|^Traceback \(most recent call last\)"
    r"|\w+(Warning|Error): "  # a Python warning, or an exception printed by hand
    r"|leaked \w+ objects"  # multiprocessing's resource tracker at exit
)
"""What `Server.log_problems` looks for."""
KILLED_POOL = re.compile(r"resource_tracker: There appear to be \d+ leaked semaphore objects")
"""What a killed server's analysis pool leaves: its resource tracker, which outlives it,
finds the pool's semaphores and frees them (as it should), saying so in the log the two
share.  After `Server.kill` that is the kill's doing, not a problem of the server's."""


READY_SECONDS = 120
"""How long a server may take to start: under the suite run twice at once on two cores, the
first start took 24–31 s (30 s was the limit, and one missed it)."""
STOP_SECONDS = 60
"""How long a stopped server may take to shut down cleanly before it is killed: it waits for
the deal being analysed, which on a loaded machine (the worker runs at low priority) took more
than 10 s, and the kill then left the analysis pool's semaphores to the resource tracker."""


def free_port() -> int:
    """A free port, reserved for this run: a suite run twice at once never starts two servers
    on one port, nor talks to the other run's (`vaza.bench.ports`)."""
    return ports.free_port()


class Server:
    def __init__(
        self,
        data_dir: Path,
        *,
        port: int | None = None,
        away_after: float = 1.0,
        extra: tuple[str, ...] = (),
        robots: str = "standard",
        limits: tuple[str, ...] = ("--guests-per-hour", "100000", "--open-tables", "100000"),
        clean_log: bool = True,
    ) -> None:
        self.data_dir = data_dir
        self.port = port or free_port()
        self.away_after = away_after
        self.extra = extra
        """More `vaza serve` options (a --db, a --bus ...)."""
        self.robots = robots
        """Robots that think in milliseconds keep whole deals quick in tests."""
        self.limits = limits
        """The limits per person, raised by default: every test client is one address (the
        tests of the limits start a server with `limits=()`, the club's defaults)."""
        self.clean_log = clean_log
        """`stop` fails the test on anything in the log that has no place in a normal game
        (`log_problems`); a test that makes the server fail on purpose says False."""
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data_dir / "server.log"
        self.killed = False
        """Whether a process of this server was killed (`kill`) rather than stopped."""

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [
            sys.executable, "-m", "vaza.cli", "serve", "--port", str(self.port),
            "--data-dir", str(self.data_dir), "--away-after", str(self.away_after),
            "--robots", self.robots, *self.limits, *self.extra,

        ]  # fmt: skip
        # Unclosed resources (files, sockets, transports) are said in the log, where
        # `assert_clean_log` finds them; Python keeps them quiet by default.
        warnings = ",".join(
            filter(None, (os.environ.get("PYTHONWARNINGS"), "always::ResourceWarning"))
        )
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**os.environ, "PYTHONWARNINGS": warnings},
            )
        self.wait_ready()

    def wait_ready(self) -> None:
        """Until the server answers its health check; it fails only past `READY_SECONDS`,
        a bound for a loaded machine, never a figure (a server ready sooner goes on at once)."""
        assert self.process is not None
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not become ready")

    def kill(self) -> None:
        """kill -9: no chance to clean up."""
        if self.process is not None:
            self.killed = True
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)
            self.process = None

    def log_problems(self) -> list[str]:
        """The lines of the server's log that have no place in a normal game: a record at
        WARNING or above, a traceback, a Python warning (an unclosed resource among them), a
        resource leaked at exit."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [
            line
            for line in text.splitlines()
            if PROBLEM.search(line) and not (self.killed and KILLED_POOL.search(line))
        ]

    def assert_clean_log(self) -> None:
        """Fail the test on anything `log_problems` finds (call it after `stop`, so the
        shutdown is in the log too)."""
        problems = self.log_problems()
        assert not problems, "the server's log:\n" + "\n".join(problems[:40])

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(STOP_SECONDS)
            except subprocess.TimeoutExpired:
                self.process.kill()
            self.process = None
            if self.clean_log:
                self.assert_clean_log()


@contextmanager
def running_server(data_dir: Path, away_after: float = 1.0) -> Iterator[Server]:
    server = Server(data_dir, away_after=away_after)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class Client:
    """A person: an HTTP session (cookie) and a WebSocket."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, timeout=10)
        self.ws: ClientConnection | None = None
        self.me: JSON = {}
        self.received: list[JSON] = []

    def guest(self) -> Client:
        response = self.http.post("/api/guest", json={"language": "en"})
        response.raise_for_status()
        self.me = response.json()
        return self

    def register(self, name: str, password: str = "correct horse") -> Client:
        response = self.http.post("/api/register", json={"name": name, "password": password})
        response.raise_for_status()
        self.me = response.json()
        return self

    def create_table(self, **options: Any) -> JSON:
        response = self.http.post("/api/tables", json=options)
        response.raise_for_status()
        return dict(response.json())

    def connect(self, origin: str | None = None) -> Client:
        """Open the WebSocket, with the session's cookie and, as a browser would, `origin`."""
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = self.server.url.replace("http", "ws") + "/ws"
        headers = {"Cookie": cookie} if cookie else None
        self.ws = connect(url, additional_headers=headers, origin=origin, legacy=True)
        return self

    def send(self, **message: Any) -> None:
        assert self.ws is not None
        self.ws.send(json.dumps(message))

    def send_raw(self, text: str) -> None:
        assert self.ws is not None
        self.ws.send(text)

    def recv(self, timeout: float = 10) -> JSON:
        assert self.ws is not None
        message: JSON = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        return message

    def recv_until(self, predicate: Any, timeout: float = 20) -> JSON:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the expected message did not come")
            message = self.recv(timeout=left)
            if predicate(message):
                return message

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None
        self.http.close()


def position(view: dict[str, Any]) -> tuple[int, int, int]:
    """Where a deal stands: a message that leaves it where it was (someone came or went) is
    not a new turn, and acting on it again would be acting twice."""
    return view.get("number", 0), len(view.get("calls", ())), len(view.get("played", ()))


def refused_as_late(message: dict[str, Any]) -> bool:
    """An action sent for a turn that is gone: a player away for a second has a robot moving
    for them (`--away-after 1`), and after a restart it may move first.  The refusal is right;
    any other error is not."""
    if message["type"] != "error":
        return False
    assert message["code"] == "not_your_turn", message
    return True


def act_until(player: Client, table: str, seat: str, cards: int) -> int:
    """Play this seat's first legal action whenever asked, until `cards` cards are played."""
    version = 0
    acted_at = None
    while True:
        message = player.recv(timeout=30)
        if refused_as_late(message):
            continue
        view = message.get("view") or {}
        version = message.get("version", version)
        if view.get("phase") == "over":
            player.send(type="next_deal", table=table)
        elif view.get("phase") == "play" and len(view["played"]) >= cards:
            return version
        elif view.get("legal") and view.get("controller") == seat and position(view) != acted_at:
            acted_at = position(view)
            player.send(table=table, **view["legal"][0])


def play_out(player: Client, table: str, seat: str, message: JSON) -> None:
    """From `message` on, play this seat's first legal action whenever asked, until the deal
    is over."""
    acted_at = None
    while (message.get("view") or {}).get("phase") != "over":
        view = message.get("view") or {}
        if view.get("legal") and view.get("controller") == seat and position(view) != acted_at:
            acted_at = position(view)
            player.send(table=table, **view["legal"][0])
        message = player.recv(timeout=30)
        while refused_as_late(message):
            message = player.recv(timeout=30)
