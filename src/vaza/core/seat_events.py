"""The events of a table's log that say who sits where: people sitting, standing and
reserving a seat, robots coming and going, and the server's reports of a seated person's
presence.  Part of the tagged union `vaza.core.table_events.TableEvent`, which re-exports them
(its docstring says why each kind is a frozen type with a `kind` property)."""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.pickling import Rebuild, by_fields
from vaza.json_types import JSON


def timed(payload: JSON, at: float | None) -> JSON:
    """`payload` with the time its event was decided, when it was stamped with one."""
    if at is not None:
        payload["at"] = at
    return payload


@dataclass(frozen=True, slots=True)
class Sat:
    """A person sat down (`absent`: seated for them by a duplicate event, not yet come)."""

    @property
    def kind(self) -> str:
        return "sat"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str
    user_id: int
    name: str
    absent: bool = False

    @classmethod
    def read(cls, p: JSON) -> Sat:
        return cls(p["seat"], p["user_id"], p["name"], bool(p.get("absent", False)))

    @property
    def payload(self) -> JSON:
        payload: JSON = {"seat": self.seat, "user_id": self.user_id, "name": self.name}
        if self.absent:
            payload["absent"] = True
        return payload


@dataclass(frozen=True, slots=True)
class Stood:
    @property
    def kind(self) -> str:
        return "stood"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str

    @classmethod
    def read(cls, p: JSON) -> Stood:
        return cls(p["seat"])

    @property
    def payload(self) -> JSON:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class RobotIn:
    @property
    def kind(self) -> str:
        return "robot_in"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str
    name: str

    @classmethod
    def read(cls, p: JSON) -> RobotIn:
        return cls(p["seat"], p["name"])

    @property
    def payload(self) -> JSON:
        return {"seat": self.seat, "name": self.name}


@dataclass(frozen=True, slots=True)
class RobotOut:
    @property
    def kind(self) -> str:
        return "robot_out"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str

    @classmethod
    def read(cls, p: JSON) -> RobotOut:
        return cls(p["seat"])

    @property
    def payload(self) -> JSON:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class Left:
    """A seated person's last connection closed, at `at` (None in a log from before it said):
    their seat is held from then."""

    @property
    def kind(self) -> str:
        return "left"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str
    at: float | None = None

    @classmethod
    def read(cls, p: JSON) -> Left:
        return cls(p["seat"], p.get("at"))

    @property
    def payload(self) -> JSON:
        return timed({"seat": self.seat}, self.at)


@dataclass(frozen=True, slots=True)
class Away:
    """A seat's hold ran out: a robot plays for the person until they are back."""

    @property
    def kind(self) -> str:
        return "away"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str

    @classmethod
    def read(cls, p: JSON) -> Away:
        return cls(p["seat"])

    @property
    def payload(self) -> JSON:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class Back:
    """The person of a seat is here (again, or for the first time)."""

    @property
    def kind(self) -> str:
        return "back"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str

    @classmethod
    def read(cls, p: JSON) -> Back:
        return cls(p["seat"])

    @property
    def payload(self) -> JSON:
        return {"seat": self.seat}


@dataclass(frozen=True, slots=True)
class Reserved:
    """A person (`user_id`, never told to others) takes a robot's seat at the end of the deal:
    during it they were shown more than that seat sees (`vaza.app.seating.may_sit_now`)."""

    @property
    def kind(self) -> str:
        return "reserved"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str
    user_id: int
    name: str

    @classmethod
    def read(cls, p: JSON) -> Reserved:
        return cls(p["seat"], p["user_id"], p["name"])

    @property
    def payload(self) -> JSON:
        return {"seat": self.seat, "user_id": self.user_id, "name": self.name}


@dataclass(frozen=True, slots=True)
class Unreserved:
    """A seat's reservation is dropped (its person stood, or sat elsewhere)."""

    @property
    def kind(self) -> str:
        return "unreserved"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)

    seat: str

    @classmethod
    def read(cls, p: JSON) -> Unreserved:
        return cls(p["seat"])

    @property
    def payload(self) -> JSON:
        return {"seat": self.seat}


__all__ = [
    "Away",
    "Back",
    "Left",
    "Reserved",
    "RobotIn",
    "RobotOut",
    "Sat",
    "Stood",
    "Unreserved",
    "timed",
]
