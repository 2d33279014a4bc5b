"""The events of a table's log: one frozen type per kind, a tagged union (`TableEvent`).

A table's state is the fold of these events (`vaza.app.table`), and each audience learns of them
only as `vaza.core.views.audience.event_for` says.  Both match on the union with
`typing.assert_never`, so a new kind of event cannot pass `mypy --strict` before it is evolved
and before its audience rule is written: nothing reaches a client whole by default.

Each type's `kind` is a property, not a class attribute, which the compiled core would take
for a dataclass field; each pickles by its constructor, as every frozen value of the core
(`vaza.core.pickling`).  The stored form
(`kind`, `payload`) is the one the log has always held and `docs/protocol.md`
describes; `SCHEMA` is its version, stored with every event, and `decode` reads any version
still found in a log (`vaza.store` never rewrites one).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from vaza.core.pickling import Rebuild, by_fields
from vaza.core.seat_events import (
    Away,
    Back,
    Left,
    Reserved,
    RobotIn,
    RobotOut,
    Sat,
    Stood,
    Unreserved,
    timed,
)
from vaza.json_types import JSON

SCHEMA: Final = 2
"""The version of the events written today.  1: the log as it was before events carried a
version, whose act events may name the seat that chose a card (declarer) where it was another
seat's (dummy's); the table upgrades them as it reads them (`TableState.evolve`)."""


@dataclass(frozen=True, slots=True)
class Created:
    """The table's creation: its options, its creator and, for a duplicate event's table, the
    person it is for and its private boards (never sent to anyone)."""

    @property
    def kind(self) -> str:
        return "created"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    options: JSON
    creator: int | None
    owner: int | None = None
    deals: dict[str, str] | None = None

    @classmethod
    def read(cls, p: JSON) -> Created:
        return cls(p["options"], p.get("creator"), p.get("owner"), p.get("deals"))

    @property
    def payload(self) -> JSON:
        payload: JSON = {"options": self.options, "creator": self.creator}
        if self.owner is not None:
            payload["owner"] = self.owner
        if self.deals is not None:
            payload["deals"] = self.deals
        return payload


@dataclass(frozen=True, slots=True)
class Dealt:
    """A new deal: the match's setup of it (its cards among it: never sent), decided at `at`."""

    @property
    def kind(self) -> str:
        return "deal"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    setup: JSON
    at: float | None = None

    @property
    def number(self) -> object:
        return self.setup.get("number")

    @classmethod
    def read(cls, p: JSON) -> Dealt:
        return cls({k: v for k, v in p.items() if k != "at"}, p.get("at"))

    @property
    def payload(self) -> JSON:
        return timed(dict(self.setup), self.at)


@dataclass(frozen=True, slots=True)
class DealWanted:
    """The person at `seat` is ready for the next deal; with no seat, the next deal is due
    at once (the table's wait for the others ran out, or a log from before people said they
    were ready, when one asking dealt for all)."""

    @property
    def kind(self) -> str:
        return "deal_wanted"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str | None = None

    @classmethod
    def read(cls, p: JSON) -> DealWanted:
        return cls(p.get("seat"))

    @property
    def payload(self) -> JSON:
        return {} if self.seat is None else {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class Acted:
    """A game action (a call, a card, a claim …) of the seat whose it is, `seat`; `by` is the
    seat that chose it where that is another (declarer for dummy's card); `timeout`: a robot
    chose it because the person's time to act ran out (everyone is told what was played)."""

    @property
    def kind(self) -> str:
        return "act"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str
    action: JSON
    by: str | None = None
    at: float | None = None
    timeout: bool = False

    @property
    def chooser(self) -> str:
        return self.seat if self.by is None else self.by

    @classmethod
    def read(cls, p: JSON) -> Acted:
        return cls(p["seat"], p["action"], p.get("by"), p.get("at"), p.get("timeout") is True)

    @property
    def payload(self) -> JSON:
        payload: JSON = {"seat": self.seat, "action": self.action}
        if self.by is not None:
            payload["by"] = self.by
        if self.timeout:
            payload["timeout"] = True
        return timed(payload, self.at)


@dataclass(frozen=True, slots=True)
class Chatted:
    """A chat line; `audience` is "kibitzers" for a watcher's line during play (never read
    by the players then), else "all"."""

    @property
    def kind(self) -> str:
        return "chat"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    sender: str
    seat: str | None
    text: str
    audience: str = "all"

    @classmethod
    def read(cls, p: JSON) -> Chatted:
        return cls(p["from"], p.get("seat"), p["text"], p.get("audience", "all"))

    @property
    def payload(self) -> JSON:
        return {
            "from": self.sender,
            "seat": self.seat,
            "text": self.text,
            "audience": self.audience,
        }


@dataclass(frozen=True, slots=True)
class Invited:
    """An invitation to a person (`user_id`, never told to others), offering them `seat` when
    the inviter named one (a seat free or a robot's)."""

    @property
    def kind(self) -> str:
        return "invited"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    user_id: int
    by: str
    seat: str | None = None

    @classmethod
    def read(cls, p: JSON) -> Invited:
        return cls(p["user_id"], p["by"], p.get("seat"))

    @property
    def payload(self) -> JSON:
        payload: JSON = {"user_id": self.user_id, "by": self.by}
        if self.seat is not None:
            payload["seat"] = self.seat
        return payload


@dataclass(frozen=True, slots=True)
class Finished:
    """The match is over: played to its end (`reason` None), closed by its host (`closed`, `by`
    their name) or ended because no person is left at it (`abandoned`)."""

    @property
    def kind(self) -> str:
        return "finished"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    reason: str | None = None
    by: str | None = None

    @classmethod
    def read(cls, p: JSON) -> Finished:
        return cls(p.get("reason"), p.get("by"))

    @property
    def payload(self) -> JSON:
        payload: JSON = {}
        if self.reason is not None:
            payload["reason"] = self.reason
        if self.by is not None:
            payload["by"] = self.by
        return payload


@dataclass(frozen=True, slots=True)
class Named:
    """The host named the table (an empty name: none)."""

    @property
    def kind(self) -> str:
        return "named"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    name: str

    @classmethod
    def read(cls, p: JSON) -> Named:
        return cls(p["name"])

    @property
    def payload(self) -> JSON:
        return {"name": self.name}


TableEvent = (
    Created
    | Sat
    | Stood
    | RobotIn
    | RobotOut
    | Left
    | Away
    | Back
    | Dealt
    | DealWanted
    | Acted
    | Chatted
    | Invited
    | Finished
    | Reserved
    | Unreserved
    | Named
)
"""Every event a table's log may hold."""

Presence = Left | Away | Back
"""The server's reports of a seated person."""

_READERS: Final[dict[str, Callable[[JSON], TableEvent]]] = {
    "created": Created.read,
    "sat": Sat.read,
    "stood": Stood.read,
    "robot_in": RobotIn.read,
    "robot_out": RobotOut.read,
    "left": Left.read,
    "away": Away.read,
    "back": Back.read,
    "deal": Dealt.read,
    "deal_wanted": DealWanted.read,
    "act": Acted.read,
    "chat": Chatted.read,
    "invited": Invited.read,
    "finished": Finished.read,
    "reserved": Reserved.read,
    "unreserved": Unreserved.read,
    "named": Named.read,
}
KINDS: Final = frozenset(_READERS)
"""The kinds of event a log may hold."""


def decode(kind: str, payload: JSON, schema: int = SCHEMA) -> TableEvent:
    """The event stored as `kind` and `payload` in version `schema` of the log's form.  Raises
    ValueError for a kind no version ever wrote.  Version 1 reads as today's form: only its act
    events may differ, and only the table can tell (`Acted.by` needs the match)."""
    del schema  # every version reads alike here: see SCHEMA
    reader = _READERS.get(kind)
    if reader is None:
        raise ValueError(f"unknown event type {kind!r}")
    return reader(payload)


__all__ = [
    "KINDS",
    "SCHEMA",
    "Acted",
    "Away",
    "Back",
    "Chatted",
    "Created",
    "DealWanted",
    "Dealt",
    "Finished",
    "Invited",
    "Left",
    "Named",
    "Presence",
    "Reserved",
    "RobotIn",
    "RobotOut",
    "Sat",
    "Stood",
    "TableEvent",
    "Unreserved",
    "decode",
]
