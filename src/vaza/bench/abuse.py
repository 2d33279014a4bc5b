"""`vaza bench abuse`: a normal table's robots while others try what issue 21 found.

One server with the club's own limits.  A person plays at a table with three robots (human
pace, from a process of their own as a browser would be), and the time each robot's move takes
is measured, from the update that makes it a robot's turn to the update with its card or call.
Meanwhile, from the same address:

- guest accounts asked for at 1,000 a minute;
- 20 sockets of one guest flooding a table's chat;
- 50 logged-out sockets asking again and again for the whole log (`hello` with `since=0`);
- every guest that could be made opening four robot tournaments (the most boards, tables).

Then, each on a server of its own (`abuse_heavy`): one guest claiming over and over at two
robot tables (`claims`), and four large PBN uploads at once, again and again (`pbn`).

It prints the robot moves' p50/p95 quiet and under each attack, their p95 at each moment of a
deal, each attack's p95 against the quiet one (`p95_ratio`: within 1.25 is the aim), and what
each attack got through and had refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Final

import httpx
import orjson
import websockets

from vaza.bench.abuse_heavy import claim_flood, pbn_uploads
from vaza.bench.server import _ms, _start_servers, _stop_servers
from vaza.json_types import JSON


@dataclass
class Counts:
    robot_moves: list[tuple[float, str]] = field(default_factory=list)
    """Each robot move's seconds and its moment (`_moment`)."""
    person_actions: int = 0
    guests: dict[str, int] = field(default_factory=lambda: {"made": 0, "refused": 0})
    chat: dict[str, int] = field(default_factory=lambda: {"sent": 0, "refused": 0, "closed": 0})
    catch_up: dict[str, int] = field(
        default_factory=lambda: {"asked": 0, "with_log": 0, "closed": 0}
    )
    robot_events: dict[str, int] = field(
        default_factory=lambda: {"opened": 0, "refused": 0, "timed_out": 0}
    )
    claims: dict[str, int] = field(default_factory=lambda: {"sent": 0, "refused": 0})
    uploads: dict[str, int] = field(
        default_factory=lambda: {"sent": 0, "created": 0, "refused": 0, "timed_out": 0}
    )


ATTACKS: Final = ("club", "claims", "pbn")
"""The attacks, each measured on a server of its own against the same quiet table: the
club-wide floods of issue 21 (`club`), the claim flood and the PBN uploads of issue 47."""


def _dumps(message: JSON) -> str:
    return orjson.dumps(message).decode()


def _cookie(http: httpx.AsyncClient, response: httpx.Response) -> str:
    """The session cookie a response set, kept apart: the client itself keeps none, so each
    request says whose it is."""
    http.cookies.clear()
    return "; ".join(f"{name}={value}" for name, value in response.cookies.items())


async def _socket(url: str, cookie: str | None = None) -> Any:
    headers = {"Cookie": cookie} if cookie else None
    return await websockets.connect(
        url, additional_headers=headers, max_size=2**24, ping_interval=None, open_timeout=60
    )


def _moment(view: JSON) -> str:
    """Where in the deal a robot is to move: a call, the opening lead, the rest of trick one,
    tricks two and three, or later (the strong robot's thinking differs most between them)."""
    if view.get("phase") != "play":
        return "call"
    played = len(view.get("played") or [])
    seats = len(view.get("seats") or ()) or 4
    if played == 0:
        return "opening lead"
    if played < seats:
        return "trick 1"
    return "tricks 2-3" if played < 3 * seats else "later"


async def _person(ws_url: str, cookie: str, table: str, think: float, counts: Counts) -> None:
    """Plays North at a table of three robots, a legal action after `think` seconds; times
    every robot move."""
    rng = random.Random(1)
    async with await _socket(ws_url, cookie) as socket:
        await socket.send(_dumps({"type": "hello", "table": table}))
        await socket.send(_dumps({"type": "sit", "table": table, "seat": "N"}))
        robot_turn_at: float | None = None
        moment = ""
        async for raw in socket:
            message = orjson.loads(raw)
            if message.get("type") not in ("snapshot", "update"):
                continue
            now = time.perf_counter()
            acts = [e for e in message.get("events", []) if e.get("type") == "act"]
            if robot_turn_at is not None and acts:
                counts.robot_moves.append((now - robot_turn_at, moment))
            view = message.get("view") or {}
            controller = view.get("controller")
            legal = view.get("legal") or []
            # A robot's claim waits for North's answer: North's turn, though the claimer is
            # still the seat to play (unanswered, the table waited for good).
            answering = bool(legal) and all(a.get("type") == "claim_response" for a in legal)
            robot_turn_at = now if controller not in (None, "N") and not answering else None
            moment = _moment(view)
            if view.get("phase") == "over":
                await socket.send(_dumps({"type": "next_deal", "table": table}))
            elif (controller == "N" or answering) and legal:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                await socket.send(_dumps({"table": table, **rng.choice(view["legal"])}))
                counts.person_actions += 1


@dataclass(frozen=True, slots=True)
class _Person:
    """Who the person is and where they play: North at `table`, `think` seconds a move."""

    ws_url: str
    cookie: str
    table: str
    think: float


def _person_main(person: _Person, *, actions: Any, out: Any, stop: Any) -> None:
    """The person's client in a process of its own, as a person's browser is: the attackers'
    clients, in the bench's process, would otherwise delay the person's own messages. Counts
    its actions in `actions` as it goes; sends the robot moves' times down `out` when `stop`
    is set."""

    async def play() -> list[tuple[float, str]]:
        counts = Counts()
        playing = asyncio.ensure_future(
            _person(person.ws_url, person.cookie, person.table, person.think, counts)
        )
        while not stop.is_set() and not playing.done():
            actions.value = counts.person_actions
            await asyncio.sleep(0.1)
        actions.value = counts.person_actions
        playing.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await playing  # a person's client that failed says why
        return counts.robot_moves

    try:
        out.send(("moves", asyncio.run(play())))
    except Exception as error:  # said to the bench, which fails with it
        out.send(("error", repr(error)))


class _PersonProcess:
    """`_person_main`, started and finished from the bench."""

    def __init__(self, ws_url: str, cookie: str, table: str, think: float) -> None:
        context = multiprocessing.get_context("spawn")
        self.actions = context.Value("i", 0)
        self._stop = context.Event()
        self._results, out = context.Pipe(duplex=False)
        self._process = context.Process(
            target=_person_main,
            args=(_Person(ws_url, cookie, table, think),),
            kwargs={
                "actions": self.actions,
                "out": out,
                "stop": self._stop,
            },
            daemon=True,
        )
        self._process.start()

    def kill(self) -> None:
        if self._process.is_alive():
            self._process.kill()

    def finish(self) -> list[tuple[float, str]]:
        """Stop playing; the robot moves' times (seconds) and moments."""
        self._stop.set()
        try:
            if not self._results.poll(60):
                raise RuntimeError("the person's client did not stop")
            kind, value = self._results.recv()
        finally:
            self._process.join(10)
            self.kill()
        if kind == "error":
            raise RuntimeError(f"the person's client failed: {value}")
        return [(seconds, moment) for seconds, moment in value]


async def _guests(http: httpx.AsyncClient, counts: Counts, made: list[str]) -> None:
    """Guest accounts at 1,000 a minute."""
    while True:
        response = await http.post("/api/guest", json={})
        if response.status_code == 200:
            counts.guests["made"] += 1
            made.append(_cookie(http, response))
        else:
            http.cookies.clear()
            counts.guests["refused"] += 1
        await asyncio.sleep(0.06)


async def _robot_events(url: str, made: list[str], counts: Counts) -> None:
    """Each guest made opens four robot tournaments of the most boards and tables."""
    done = 0
    while True:
        while done < len(made):
            cookie = made[done]
            done += 1
            async with httpx.AsyncClient(base_url=url, headers={"Cookie": cookie}) as http:
                for number in range(4):
                    body = {"kind": "robot", "name": f"flood {number}", "boards": 36,
                            "robot_tables": 6}  # fmt: skip
                    try:
                        response = await http.post("/api/events", json=body)
                    except httpx.TimeoutException:  # a swamped server: the attack goes on
                        counts.robot_events["timed_out"] += 1
                        continue
                    key = "opened" if response.status_code in (200, 201) else "refused"
                    counts.robot_events[key] += 1
        await asyncio.sleep(0.5)


async def _again_when_closed(attack: Callable[[], Awaitable[None]], count: dict[str, int]) -> None:
    """An attacker's socket that the server closes (one that reads too slowly is: the limit
    working) is counted, and opened again."""
    while True:
        try:
            await attack()
        except websockets.ConnectionClosed:
            count["closed"] += 1


async def _chat_flood(ws_url: str, cookie: str, table: str, counts: Counts) -> None:
    """20 sockets of one guest, each sending a chat line every 20 ms."""

    async def one(number: int) -> None:
        await _again_when_closed(partial(flood, number), counts.chat)

    async def flood(number: int) -> None:
        async with await _socket(ws_url, cookie) as socket:
            await socket.send(_dumps({"type": "hello", "table": table}))

            async def read() -> None:
                async for raw in socket:
                    if orjson.loads(raw).get("type") == "error":
                        counts.chat["refused"] += 1

            reader = asyncio.ensure_future(read())
            try:
                while True:
                    await socket.send(_dumps({"type": "chat", "table": table, "text": f"{number}"}))
                    counts.chat["sent"] += 1
                    await asyncio.sleep(0.02)
            finally:
                reader.cancel()

    await asyncio.gather(*(one(n) for n in range(20)))


async def _catch_ups(ws_url: str, table: str, counts: Counts) -> None:
    """50 logged-out sockets asking for the whole log, again and again."""

    async def one() -> None:
        await _again_when_closed(ask, counts.catch_up)

    async def ask() -> None:
        async with await _socket(ws_url) as socket:
            while True:
                await socket.send(_dumps({"type": "hello", "table": table, "since": 0}))
                while True:
                    message = orjson.loads(await socket.recv())
                    if message.get("type") in ("snapshot", "error"):
                        break
                counts.catch_up["asked"] += 1
                counts.catch_up["with_log"] += "events" in message
                await asyncio.sleep(0.1)

    await asyncio.gather(*(one() for _ in range(50)))


async def _new_table(http: httpx.AsyncClient, cookie: str, options: JSON) -> str:
    response = await http.post("/api/tables", json=options, headers={"Cookie": cookie})
    response.raise_for_status()
    return str(response.json()["table"])


def _cpu_seconds(pid: int) -> float:

    with contextlib.suppress(OSError), open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return 0.0


def _all_tried(counts: Counts, attack: str | None) -> bool:
    """The person has played, and each attack has met its limit (or been let through)."""
    if counts.person_actions == 0:
        return False
    if attack == "claims":
        return counts.claims["sent"] > 0
    if attack == "pbn":
        return counts.uploads["created"] + counts.uploads["refused"] > 0
    if attack == "club":
        return (
            counts.guests["refused"] > 0
            and counts.chat["sent"] > 0
            and counts.catch_up["asked"] > 0
            and counts.robot_events["opened"] > 0
        )
    return True


async def _claims(http: httpx.AsyncClient, ws_url: str, cookie: str, counts: Counts) -> None:
    """One guest at two robot tables of its own, claiming over and over at both."""
    tables = [await _new_table(http, cookie, {"scoring": "duplicate"}) for _ in range(2)]

    async def at(table: str) -> None:
        async with await _socket(ws_url, cookie) as socket:
            await claim_flood(socket, table, counts.claims)

    await asyncio.gather(*(at(table) for table in tables))


async def _run(seconds: float, think: float, robots: str, attack: str | None) -> JSON:
    """The person's table for `seconds`, quiet (`attack` None) or under one of `ATTACKS`."""
    with tempfile.TemporaryDirectory() as data_dir:
        options = ("--robots", robots)
        servers = await _start_servers(Path(data_dir), 1, options, lift_limits=False)
        url, process = servers[0]
        ws_url = url.replace("http", "ws") + "/ws"
        counts = Counts()
        tasks: list[asyncio.Future[None]] = []
        player: _PersonProcess | None = None
        try:
            async with httpx.AsyncClient(base_url=url, timeout=60) as http:
                person = _cookie(http, await http.post("/api/guest", json={}))
                attacker = _cookie(http, await http.post("/api/guest", json={}))
                table = await _new_table(http, person, {"scoring": "duplicate"})
                flooded = await _new_table(http, attacker, {"robots": False})
                made: list[str] = [attacker]
                cpu_before = _cpu_seconds(process.pid)
                started = time.perf_counter()
                player = _PersonProcess(ws_url, person, table, think)
                if attack == "club":
                    tasks = [
                        asyncio.ensure_future(_guests(http, counts, made)),
                        asyncio.ensure_future(_robot_events(url, made, counts)),
                        asyncio.ensure_future(_chat_flood(ws_url, attacker, flooded, counts)),
                        asyncio.ensure_future(_catch_ups(ws_url, table, counts)),
                    ]
                elif attack == "claims":
                    tasks = [asyncio.ensure_future(_claims(http, ws_url, attacker, counts))]
                elif attack == "pbn":
                    tasks = [asyncio.ensure_future(pbn_uploads(url, attacker, counts.uploads))]
                # On a slow machine the window may close before an attack's first answer:
                # every one is tried before the run ends (a minute more at most).
                deadline = started + seconds
                done: list[asyncio.Future[None]] = []
                while not done:
                    counts.person_actions = player.actions.value
                    now = time.perf_counter()
                    if now >= deadline and (_all_tried(counts, attack) or now > deadline + 60):
                        break
                    await asyncio.sleep(0.2)
                    done = [task for task in tasks if task.done()]
                for task in done:  # an attack that ended early says why
                    task.result()
                counts.robot_moves = await asyncio.to_thread(player.finish)
                counts.person_actions = player.actions.value
                elapsed = time.perf_counter() - started
                cpu = _cpu_seconds(process.pid) - cpu_before
        finally:
            if player is not None:
                player.kill()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            _stop_servers(servers)
    moves = sorted(taken for taken, _ in counts.robot_moves)
    by_moment: dict[str, list[float]] = {}
    for taken, moment in counts.robot_moves:
        by_moment.setdefault(moment, []).append(taken)
    return {
        "seconds": round(elapsed, 1),
        "robot_moves": len(moves),
        "robot_move_ms_p50": round(1000 * statistics.median(moves), 1) if moves else None,
        "robot_move_ms_p95": _ms(moves, 0.95),
        "robot_move_ms_max": round(1000 * moves[-1], 1) if moves else None,
        "robot_moves_by_moment": {
            moment: {
                "moves": len(times),
                "ms_p95": _ms(sorted(times), 0.95),
            }
            for moment, times in sorted(by_moment.items())
        },
        "person_actions": counts.person_actions,
        "guests": counts.guests,
        "chat": counts.chat,
        "catch_up": counts.catch_up,
        "robot_events": counts.robot_events,
        "claims": counts.claims,
        "uploads": counts.uploads,
        "server_cpu_share": round(cpu / elapsed, 2) if elapsed else None,
    }


def run(seconds: float, think: float, robots: str, attacks: Sequence[str] = ATTACKS) -> JSON:
    """The same table quiet, then under each attack, each on a fresh server, in one run: the
    club's floods are reported as `under_attack`, the others under their names."""
    quiet = asyncio.run(_run(seconds, think, robots, attack=None))
    figures: JSON = {"robots": robots, "quiet": quiet}
    ratios: JSON = {}
    for attack in attacks:
        measured = asyncio.run(_run(seconds, think, robots, attack=attack))
        figures["under_attack" if attack == "club" else attack] = measured
        base, under = quiet["robot_move_ms_p95"], measured["robot_move_ms_p95"]
        ratios[attack] = round(under / base, 2) if base and under is not None else None
    figures["p95_ratio"] = ratios
    return figures
