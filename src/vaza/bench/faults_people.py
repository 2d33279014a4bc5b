"""`vaza bench faults`: the people at a table, who act as the browser lets them, and the moments
the scenarios wait for."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from vaza.bench.faults_club import Club
from vaza.json_types import JSON


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
            self._on_error(message)
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

    def _on_error(self, message: JSON) -> None:
        """An error answers a command: `unavailable` is sent again, a refusal counted."""
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
            # Each person says they are ready (the next deal waits for everyone's "ready").
            if self.next_deals and not _match_over(view):
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


def _more_cards(person: Person, played: int) -> Callable[[], bool]:
    return lambda: len(person.view.get("played") or ()) > played


def _north_or_over(north: Person) -> Callable[[], bool]:
    return lambda: north.view.get("controller") == "N" or north.view.get("phase") == "over"
