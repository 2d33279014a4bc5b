"""`vaza bench faults`: the club under faults, and what each cost (issue 22).

Each scenario starts a club of its own (server processes on a database of their own), seats
people and robots, plays until the moment the fault is wanted, does it, undoes it, and plays
the deal to its end.  The people behave as the browser does: they act on what their view
offers, answer claims and undo requests from `legal`, send a command again when the server
answers `unavailable`, and reconnect (saying hello again) when the connection drops.

For each it reports, from the table's log read afterwards:

- `actions`: the acts in the log;
- `lost`: actions the server acknowledged (an update carried them) that the log does not hold;
- `doubled`: actions of the people present in the log beyond the decisions they made;
- `stalled`: 1 when the deal did not go on to its end after the fault;
- `recover_s`: seconds from the fault's end to the table's next action.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from vaza.bench.server import _free_port
from vaza.json_types import JSON
from vaza.store.port import StoredEvent

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


# -- the club ----------------------------------------------------------------------------------


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


# -- people ------------------------------------------------------------------------------------


def _match_over(view: JSON) -> bool:
    """The match is over (a rubber won): no next deal can begin, as the page offers none."""
    return bool((view.get("scores") or {}).get("over"))


def _position(view: JSON) -> tuple[Any, ...]:
    proposal = view.get("proposal") or {}
    return (
        view.get("number"), view.get("phase"), len(view.get("calls") or ()),
        len(view.get("played") or ()), proposal.get("kind"), tuple(proposal.get("awaiting", ())),
    )  # fmt: skip


@dataclass
class Person:
    """A person at a table who acts as the browser lets them."""

    club: Club
    seat: str
    server: int = 0
    http: httpx.Client | None = None
    ws: ClientConnection | None = None
    table: str = ""
    invite: str = ""
    """The table's invitation token, for a private table (an event's)."""
    view: JSON = field(default_factory=dict)
    version: int = 0
    decisions: int = 0
    refused: int = 0
    """Decisions the server refused (a turn gone by): they never land."""
    unavailable: int = 0
    """Answers `unavailable` (the server could not do it just now): sent again."""
    told: list[str] = field(default_factory=list)
    """The sentences of those answers."""
    acked: dict[int, JSON] = field(default_factory=dict)
    """Versions of this person's acts the server acknowledged, with the action."""
    paused: bool = False
    """Read but do not act (to leave a claim or undo request waiting at the fault)."""
    next_deals: bool = True
    acts_seen: list[float] = field(default_factory=list)
    """When updates with an act in them arrived (the wall clock)."""
    last_error: JSON | None = None
    """The last error the server answered, to say why a scenario did not go on."""
    _acted_at: tuple[Any, ...] | None = None
    _last: JSON | None = None
    _resent: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.club.people.append(self)
        if self.http is None:  # a newcomer; given a session, the same person at another table
            self.http = httpx.Client(base_url=self.club.url(self.server), timeout=10)
            self.http.post("/api/guest", json={"language": "en"}).raise_for_status()

    def open_table(self, **options: Any) -> str:
        assert self.http is not None
        response = self.http.post("/api/tables", json=options)
        response.raise_for_status()
        self.table = str(response.json()["table"])
        return self.table

    def join(self, table: str, sit: bool = True) -> None:
        self.table = table
        self.connect()
        if sit:
            self._send({"type": "sit", "seat": self.seat})

    def connect(self) -> None:
        """Open a connection and say hello; what it sent before and never saw land is
        offered again by the snapshot, as the page offers it."""
        assert self.http is not None
        self.leave()
        self._acted_at = None
        cookie = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
        url = self.club.url(self.server).replace("http", "ws") + "/ws"
        self.ws = connect(url, additional_headers={"Cookie": cookie}, open_timeout=10, legacy=True)
        hello: JSON = {"type": "hello", "table": self.table}
        if self.invite:
            hello["invite"] = self.invite
        self._send(hello)

    def leave(self) -> None:
        """Close the tab."""
        if self.ws is not None:
            with contextlib.suppress(Exception):
                self.ws.close()
            self.ws = None

    def close(self) -> None:
        self.leave()
        if self.http is not None:
            self.http.close()
            self.http = None

    def _send(self, message: JSON) -> None:
        assert self.ws is not None
        self._last = message
        self.ws.send(orjson.dumps({"table": self.table, **message}).decode())

    def step(self, timeout: float = 0.05) -> bool:
        """Read one message (if any) and act on it; False once the connection is gone."""
        if self.ws is None:
            return False
        try:
            raw = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return True
        except (ConnectionClosed, OSError):
            self.leave()
            return False
        message = orjson.loads(raw)
        kind = message.get("type")
        if kind == "error":
            self.last_error = message
            ref = str(message.get("ref"))
            if message.get("code") == "unavailable" and self._last is not None:
                self.unavailable += 1
                self.told.append(str(message.get("message")))
                if self._last.get("ref") == ref:
                    time.sleep(0.2)  # as the browser: the same command again, a moment later
                    self._resent.add(ref)
                    with contextlib.suppress(ConnectionClosed, OSError):
                        self._send(self._last)
            elif message.get("code") in ("not_your_turn", "illegal_action", "proposal_pending"):
                if ref.startswith("d") and ref not in self._resent:
                    self.refused += 1  # (a command sent again may find its first landed)
                self._acted_at = None
            return True
        if kind not in ("snapshot", "update") or message.get("table") != self.table:
            return True
        self.version = int(message.get("version", self.version))
        events = message.get("events") or []
        if kind == "update" and any(event.get("type") == "act" for event in events):
            self.acts_seen.append(time.time())
        for index, event in enumerate(events):
            if event.get("type") != "act":
                continue
            if event.get("by", event.get("seat")) == self.seat:
                self.acked[self.version - len(events) + 1 + index] = event["action"]
            if event["action"]["type"] in ("claim_response", "undo_response"):
                self._acted_at = None  # an undo may bring back a position already acted on
        self.view = message.get("view") or {}
        self._act()
        return True

    def where(self) -> str:
        """What this person holds now, for an error that says where a scenario stopped."""
        view = self.view
        legal = sorted({str(a.get("type")) for a in view.get("legal") or ()})
        over = ", the match over" if _match_over(view) else ""
        return (
            f"{self.seat} holds deal {view.get('number')} in the {view.get('phase')}{over}, "
            f"{len(view.get('played') or ())} cards played, controller {view.get('controller')}, "
            f"legal {legal}; its last command {self._last}, the last error {self.last_error}"
        )

    def act_now(self) -> None:
        """Act on the view held now (as after a pause)."""
        self._act()

    def _act(self) -> None:
        view = self.view
        position = _position(view)
        if self.paused or position == self._acted_at:
            return
        if view.get("phase") == "over":
            if self.next_deals and self.seat == "N" and not _match_over(view):
                self._acted_at = position
                self._send({"type": "next_deal"})
            return
        legal = view.get("legal") or []
        answers = [a for a in legal if a["type"] in ("claim_response", "undo_response")]
        if answers:
            undo = answers[0]["type"] == "undo_response"
            self._decide(position, answers[0] if undo else answers[1])  # grant; reject
            return
        if not legal or view.get("controller") != self.seat:
            return
        bids = [a for a in legal if a["type"] == "call" and a["call"][0].isdigit()]
        if bids and not any(c[0].isdigit() for c in view.get("calls") or ()):
            self._decide(position, bids[0])  # open at the lowest level, then pass
        elif legal[0]["type"] == "call":
            self._decide(position, next(a for a in legal if a["call"] == "Pass"))
        else:
            self._decide(position, legal[0])

    def _decide(self, position: tuple[Any, ...], action: JSON) -> None:
        self._acted_at = position
        self.do(action)

    def do(self, action: JSON) -> None:
        """Decide `action` (the scenario's own decisions too: a claim, an undo request)."""
        self.decisions += 1
        self._send({**action, "ref": f"d{self.decisions}"})


def _play(people: list[Person], until: Callable[[], bool], seconds: float) -> bool:
    """Let everyone read and act until `until()` holds; False if it did not within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if until():
            return True
        for person in people:
            if person.ws is not None:
                person.step()
            else:
                time.sleep(0.01)
    return until()


def _reconnect(people: list[Person], seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    for person in people:
        while True:
            try:
                person.connect()
                break
            except (OSError, ConnectionClosed, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)


# -- measuring ---------------------------------------------------------------------------------


@dataclass
class Outcome:
    fault: str
    tables: int = 1
    actions: int = 0
    lost: int = 0
    doubled: int = 0
    stalled: int = 0
    recover_s: float | None = None
    stand_in_s: float | None = None
    """For a player away: seconds from the restart until a robot had played for them."""
    errors: int = 0
    """`unavailable` answers the people had while the fault lasted (each sent again)."""
    note: str = ""

    def as_dict(self) -> JSON:
        return {
            "fault": self.fault, "tables": self.tables, "actions": self.actions,
            "lost": self.lost, "doubled": self.doubled, "stalled": self.stalled,
            "recover_s": None if self.recover_s is None else round(self.recover_s, 2),
            "stand_in_s": None if self.stand_in_s is None else round(self.stand_in_s, 2),
            "errors": self.errors, "note": self.note,
        }  # fmt: skip


def _acts(log: list[StoredEvent]) -> list[StoredEvent]:
    return [e for e in log if e.type == "act"]


def _actor(event: StoredEvent) -> str:
    return str(event.payload.get("by", event.payload["seat"]))


def _measure(
    outcome: Outcome,
    club: Club,
    table: str,
    *,
    people: list[Person],
    present: list[Person],
    fault_over: float,
    went_on: bool,
    acts_before: int,
) -> Outcome:
    log = club.events(table)
    by_version = {e.version: e for e in log}
    acts = _acts(log)
    outcome.actions = len(acts)
    for person in people:
        for version, action in person.acked.items():
            stored = by_version.get(version)
            if stored is None or stored.type != "act" or stored.payload["action"] != action:
                outcome.lost += 1
    for person in present:
        landed = sum(1 for e in acts if _actor(e) == person.seat)
        outcome.doubled += max(0, landed - (person.decisions - person.refused))
    outcome.stalled = 0 if went_on else 1
    outcome.errors = sum(person.unavailable for person in people)
    seen = [t for person in people for t in person.acts_seen if t >= fault_over]
    after = [e for e in acts[acts_before:] if "at" in e.payload]
    if seen:  # as the people saw it: the first action to reach them after the fault
        outcome.recover_s = min(seen) - fault_over
    elif after:
        outcome.recover_s = max(0.0, float(after[0].payload["at"]) - fault_over)
    return outcome


def _deal_over(person: Person, number: int) -> Callable[[], bool]:
    """Deal `number` is over (a later one may have begun)."""

    def over() -> bool:
        seen = int(person.view.get("number") or 0)
        return seen > number or (seen == number and person.view.get("phase") == "over")

    return over


def _phase(person: Person, phase: str, cards: int = 0) -> Callable[[], bool]:
    def there() -> bool:
        view = person.view
        return view.get("phase") == phase and len(view.get("played") or ()) >= cards

    return there


# -- scenarios ---------------------------------------------------------------------------------


def _kill_at(folder: Path, phase: str, away: bool) -> Outcome:
    """One person (North) with three robots; the server is killed (kill -9) in `phase`, with
    North present, or gone from the table (`away`) with its hold still running."""
    club = Club(folder, away_after=AWAY_HOLD if away else PRESENT_HOLD)
    where = "between deals" if phase == "between deals" else f"in the {phase}"
    name = f"kill -9 {where}, player {'away' if away else 'present'}"
    outcome = Outcome(name)
    club.start()
    try:
        north = Person(club, "N")
        table = north.open_table(game="contract", scoring="rubber")
        north.next_deals = phase != "between deals"
        north.join(table)
        want = {
            "auction": lambda: bool(north.view.get("phase") == "auction" and north.view["calls"]),
            "play": _phase(north, "play", cards=3),
            "between deals": _phase(north, "over"),
        }[phase]
        if not _play([north], want, GO_ON_SECONDS):
            raise RuntimeError(f"{name}: the table never reached the {phase}")
        if away:
            north.leave()
        number = int(north.view.get("number", 1))
        log = club.events(table)
        acts_before, version_before = len(_acts(log)), log[-1].version
        club.kill()
        club.start()
        fault_over = time.time()
        if away:
            # A robot plays for North once the hold runs out (or, North being dummy, the deal
            # is played out without it); then North comes back.
            def robot_played() -> bool:
                log = club.events(table)
                later = _acts(log)[acts_before:]
                stood_in = any(e.payload.get("by", e.payload["seat"]) == "N" for e in later)
                return stood_in or _deal_done(log)

            went_on = _wait(robot_played, GO_ON_SECONDS)
            outcome.stand_in_s = time.time() - fault_over
            north.view = {}
            north.connect()  # back: the seat is North's again, and the deal goes on to its end
            _play([north], lambda: bool(north.view), 10)
            now = int(north.view.get("number") or number)
            went_on = went_on and _play([north], _deal_over(north, now), GO_ON_SECONDS)

            def back() -> bool:
                logged = club.events(table)
                return any(
                    e.type == "back" and e.payload.get("seat") == "N" and e.version > version_before
                    for e in logged
                )

            went_on = went_on and _wait(back, 10)  # told after the snapshot
            present: list[Person] = []
        else:
            _reconnect([north])
            if phase == "between deals":
                north.next_deals = True
                number += 1  # the next deal must begin and end
            went_on = _play([north], _deal_over(north, number), GO_ON_SECONDS)
            present = [north]
        return _measure(
            outcome,
            club,
            table,
            people=[north],
            present=present,
            fault_over=fault_over,
            went_on=went_on,
            acts_before=acts_before,
        )
    finally:
        club.stop()


def _deal_done(log: list[StoredEvent]) -> bool:
    """The log's last deal is over: 52 cards played, or passed out."""
    starts = [i for i, e in enumerate(log) if e.type == "deal"]
    if not starts:
        return False
    actions = [e.payload["action"] for e in log[starts[-1] :] if e.type == "act"]
    cards = sum(1 for a in actions if a["type"] == "play")
    calls = [a.get("call") for a in actions if a["type"] == "call"]
    return cards == 52 or (calls == ["Pass"] * 4 and cards == 0)


def _wait(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def _four_people(club: Club) -> tuple[str, list[Person]]:
    north = Person(club, "N")
    table = north.open_table(game="contract", scoring="rubber", robots=False)
    people = [north] + [Person(club, seat) for seat in "ESW"]
    for person in people:
        person.join(table)
    return table, people


def _kill_pending(folder: Path, kind: str) -> Outcome:
    """Four people; a claim (or undo request) waits for two of them when the server is
    killed.  After the restart they find their answers in `legal` and give them."""
    club = Club(folder)
    outcome = Outcome(f"kill -9 with a{'n undo request' if kind == 'undo' else ' claim'} pending")
    club.start()
    try:
        table, people = _four_people(club)
        north = people[0]
        if not _play(people, _phase(north, "play", cards=5), GO_ON_SECONDS):
            raise RuntimeError(f"the deal never reached the play: {north.where()}")
        _propose(people, kind)
        if not _play(people, lambda: bool(north.view.get("proposal")), 10):
            raise RuntimeError(f"the {kind} did not wait for answers")
        number = int(north.view.get("number", 1))
        acts_before = len(_acts(club.events(table)))
        club.kill()
        club.start()
        fault_over = time.time()
        _reconnect(people)
        for person in people:
            person.paused = False
        went_on = _play(people, _deal_over(north, number), GO_ON_SECONDS)
        return _measure(
            outcome,
            club,
            table,
            people=people,
            present=people,
            fault_over=fault_over,
            went_on=went_on,
            acts_before=acts_before,
        )
    finally:
        club.stop()


def _propose(people: list[Person], kind: str) -> None:
    """Everyone stops acting; then the seat to play claims a trick, or a player who may take
    back their last card asks to (after more cards if nobody may yet)."""
    for _ in range(20):
        for person in people:
            person.paused = True
        _play(people, lambda: False, 0.5)  # what was on its way arrives
        if kind == "claim":
            controller = people[0].view["controller"]
            next(p for p in people if p.seat == controller).do({"type": "claim", "tricks": 1})
            return
        askers = [p for p in people if p.view.get("may_undo")]
        if askers:
            askers[0].do({"type": "undo_request"})
            return
        played = len(people[0].view.get("played") or ())
        for person in people:
            person.paused = False
        _play(people, _more_cards(people[0], played), 10)
    raise RuntimeError("nobody could ask for an undo")


def _more_cards(person: Person, played: int) -> Callable[[], bool]:
    return lambda: len(person.view.get("played") or ()) > played


def _outage(
    outcome: Outcome, club: Club, start: Callable[[], None], end: Callable[[], None]
) -> Outcome:
    """One person (North, on the last process) with three robots.  In the play, at North's
    turn, `start()` the fault; North plays its card into it, and goes on trying (as the
    browser does) until `end()` ends it `OUTAGE_SECONDS` later; then the deal is played out.
    The table's duplicate has no end: a rubber may be won in the deals North is dummy in, and
    then the deal North waits for never comes (CI saw it once)."""
    club.start_all()
    north = Person(club, "N", server=club.processes - 1)
    table = north.open_table(game="contract", scoring="duplicate")
    north.join(table)
    for _ in range(10):  # until a deal in which North plays (not as dummy)
        if not _play([north], _phase(north, "play", cards=3), GO_ON_SECONDS):
            raise RuntimeError(f"the deal never reached the play: {north.where()}")
        north.paused = True
        mine = _play([north], _north_or_over(north), GO_ON_SECONDS)
        if mine and north.view.get("controller") == "N":
            break
        north.paused = False
        north.act_now()  # ask for the next deal
    else:
        raise RuntimeError(f"North's turn never came: {north.where()}")
    number = int(north.view.get("number", 1))
    acts_before = len(_acts(club.events(table)))
    start()
    north.paused = False
    north.act_now()  # on the view it has: its card goes into the fault
    _play([north], lambda: False, OUTAGE_SECONDS)
    end()
    fault_over = time.time()
    if north.ws is None:
        _reconnect([north])
    went_on = _play([north], _deal_over(north, number), GO_ON_SECONDS)
    if north.told:
        outcome.note = f"the player was told: {north.told[0]!r}"
    return _measure(
        outcome, club, table, people=[north], present=[north], fault_over=fault_over,
        went_on=went_on, acts_before=acts_before,
    )  # fmt: skip


def _north_or_over(north: Person) -> Callable[[], bool]:
    return lambda: north.view.get("controller") == "N" or north.view.get("phase") == "over"


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


def _postgres_restart(folder: Path) -> Outcome:
    """Mid-deal the database goes away (every connection ended, new ones refused) for
    `OUTAGE_SECONDS`, then comes back."""
    with _cluster(folder) as (club, _, name):

        def down() -> None:
            _pg(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false')
            _pg(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")

        def up() -> None:
            _pg(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')

        return _outage(Outcome("PostgreSQL restarted mid-deal (two processes)"), club, down, up)


def _redis_restart(folder: Path) -> Outcome:
    """Mid-deal Redis is killed and started again, empty (it keeps nothing on disk)."""
    with _cluster(folder) as (club, redis, _):
        outcome = Outcome("Redis restarted mid-deal (two processes)")
        return _outage(outcome, club, redis.stop, redis.start)


def _disk_full(folder: Path) -> Outcome:
    """SQLite in a small filesystem of its own (tmpfs): the disk is filled mid-deal, so the
    next commit fails, and emptied again."""
    outcome = Outcome("SQLite's disk full mid-deal")
    with small_disk(folder / "disk") as disk:
        if disk is None:
            outcome.note = "skipped: no tmpfs could be mounted here (needs root)"
            return outcome
        club = Club(folder, data=disk)
        try:
            filler = disk / "filler"
            fill = functools.partial(fill_disk, club.sqlite_file, filler)
            return _outage(outcome, club, fill, filler.unlink)
        finally:
            club.stop()


@contextlib.contextmanager
def small_disk(path: Path) -> Iterator[Path | None]:
    """A 32 MB filesystem of its own (tmpfs) mounted at `path`; None where none can be
    mounted (it needs root)."""
    path.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(path)],
        capture_output=True, check=False,
    )  # fmt: skip
    if mounted.returncode != 0:
        yield None
        return
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True, check=False)


def fill_disk(database: Path, filler: Path) -> None:
    """Empty the SQLite `database`'s write-ahead log, then fill its filesystem with `filler`,
    so that its next commit fails."""
    _empty_wal(database)
    fill_to_the_last_byte(filler)


def fill_to_the_last_byte(filler: Path) -> None:
    """Write `filler` until its filesystem has no byte left."""
    with filler.open("wb") as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * (1 << 20))
            out.flush()


def _empty_wal(database: Path) -> None:
    """Copy the write-ahead log into the database and cut it to nothing, so the next commit
    must take new space. A log that has cycled (restarted after a checkpoint) writes into
    space it already holds, and a full disk then refuses no commit (CI saw it once)."""
    with contextlib.closing(sqlite3.connect(database, timeout=10)) as connection:
        deadline = time.monotonic() + 10
        while connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]:
            if time.monotonic() > deadline:
                raise RuntimeError("the write-ahead log could not be emptied")
            time.sleep(0.05)  # a reader is in the log: once it is done


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


def _event(folder: Path, moment: str, away: bool, cluster: bool = False) -> Outcome:
    from vaza.bench.faults_tournament import kill_tournament  # noqa: PLC0415 - it builds on this module

    return kill_tournament(folder, moment, away, cluster)


SCENARIOS: dict[str, Callable[[Path], Outcome]] = {
    "kill-auction": lambda folder: _kill_at(folder, "auction", away=False),
    "kill-play": lambda folder: _kill_at(folder, "play", away=False),
    "kill-claim": lambda folder: _kill_pending(folder, "claim"),
    "kill-undo": lambda folder: _kill_pending(folder, "undo"),
    "kill-between-deals": lambda folder: _kill_at(folder, "between deals", away=False),
    "kill-auction-away": lambda folder: _kill_at(folder, "auction", away=True),
    "kill-play-away": lambda folder: _kill_at(folder, "play", away=True),
    "postgres-restart": _postgres_restart,
    "redis-restart": _redis_restart,
    "disk-full": _disk_full,
    "kill-event-between-rounds": lambda folder: _event(folder, "between rounds", away=False),
    "kill-event-round": lambda folder: _event(folder, "round", away=False),
    "kill-event-round-away": lambda folder: _event(folder, "round", away=True),
    "kill-event-owner": lambda folder: _event(folder, "between rounds", False, cluster=True),
}
"""Every fault, by the name `--only` takes."""


def run(names: list[str] | None = None, advance: Callable[[int], None] | None = None) -> JSON:
    """Run the scenarios `names` (all by default), each in a folder of its own."""
    results = []
    with _folder() as root:
        for name in names or list(SCENARIOS):
            folder = root / name
            folder.mkdir()
            results.append(SCENARIOS[name](folder).as_dict())
            if advance is not None:
                advance(1)
    return {"faults": results}


@contextlib.contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="vaza-faults-") as name:
        yield Path(name)
