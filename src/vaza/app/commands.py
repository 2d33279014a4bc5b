"""The commands a table takes: one frozen type per kind, a tagged union (`Command`).

People's commands arrive as WebSocket messages checked by their schema (`vaza.server.messages`),
robots' as their game's encoded actions, the server's own (presence) from the service; each is
read into one of these types once, at the edge (`from_json`), and the table decides on the type
(`TableState.decide`, a `match` ending in `assert_never`).  A game's own commands (a call, a
card, a claim …) are one type, `Play`, whose fields the game's codec reads: the registry
declares them per game.  `to_json` gives the JSON form back, for a command forwarded to the
process that serves the table (`vaza.app.cluster`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Final, Literal, assert_never

from vaza.core.errors import ParseError
from vaza.games import VERBS
from vaza.json_types import JSON


@dataclass(frozen=True, slots=True)
class Sit:
    """Take a seat; `absent`: seated for them (a duplicate event's seat), not yet come."""

    kind: ClassVar[Literal["sit"]] = "sit"
    seat: str
    absent: bool = False

    @classmethod
    def read(cls, data: JSON) -> Sit:
        return cls(_seat(data), data.get("absent") is True)


@dataclass(frozen=True, slots=True)
class Stand:
    kind: ClassVar[Literal["stand"]] = "stand"

    @classmethod
    def read(cls, data: JSON) -> Stand:
        return cls()


@dataclass(frozen=True, slots=True)
class AddRobot:
    kind: ClassVar[Literal["add_robot"]] = "add_robot"
    seat: str

    @classmethod
    def read(cls, data: JSON) -> AddRobot:
        return cls(_seat(data))


@dataclass(frozen=True, slots=True)
class RemoveRobot:
    kind: ClassVar[Literal["remove_robot"]] = "remove_robot"
    seat: str

    @classmethod
    def read(cls, data: JSON) -> RemoveRobot:
        return cls(_seat(data))


@dataclass(frozen=True, slots=True)
class Chat:
    kind: ClassVar[Literal["chat"]] = "chat"
    text: str

    @classmethod
    def read(cls, data: JSON) -> Chat:
        text = data.get("text")
        if not isinstance(text, str):
            raise ParseError("a chat message needs some text")
        return cls(text)


@dataclass(frozen=True, slots=True)
class NextDeal:
    kind: ClassVar[Literal["next_deal"]] = "next_deal"

    @classmethod
    def read(cls, data: JSON) -> NextDeal:
        return cls()


@dataclass(frozen=True, slots=True)
class Invite:
    """Invite a person, offering them `seat` if one is named (a free seat or a robot's)."""

    kind: ClassVar[Literal["invite"]] = "invite"
    user_id: int
    seat: str | None = None

    @classmethod
    def read(cls, data: JSON) -> Invite:
        user_id = data.get("user_id")
        if not isinstance(user_id, int) or isinstance(user_id, bool):
            raise ParseError("an invitation names a user")
        return cls(user_id, None if data.get("seat") is None else _seat(data))


@dataclass(frozen=True, slots=True)
class CloseTable:
    """The host ends the table's match for everyone."""

    kind: ClassVar[Literal["close_table"]] = "close_table"

    @classmethod
    def read(cls, data: JSON) -> CloseTable:
        return cls()


@dataclass(frozen=True, slots=True)
class NameTable:
    """The host names the table (shown in the lobby and at the table); empty: no name."""

    kind: ClassVar[Literal["name_table"]] = "name_table"
    name: str

    @classmethod
    def read(cls, data: JSON) -> NameTable:
        name = data.get("name")
        if not isinstance(name, str):
            raise ParseError("a table's name is text")
        return cls(name)


@dataclass(frozen=True, slots=True)
class MarkLeft:
    """The server: a seated person's last connection to the table closed."""

    kind: ClassVar[Literal["left"]] = "left"
    seat: str

    @classmethod
    def read(cls, data: JSON) -> MarkLeft:
        return cls(_seat(data))


@dataclass(frozen=True, slots=True)
class MarkAway:
    """The server: the hold of the leaving at `left_at` ran out."""

    kind: ClassVar[Literal["away"]] = "away"
    seat: str
    left_at: float | None = None

    @classmethod
    def read(cls, data: JSON) -> MarkAway:
        left_at = data.get("left_at")
        return cls(_seat(data), None if left_at is None else float(left_at))


@dataclass(frozen=True, slots=True)
class MarkBack:
    """The server: a seated person has a connection to the table (again)."""

    kind: ClassVar[Literal["back"]] = "back"
    seat: str

    @classmethod
    def read(cls, data: JSON) -> MarkBack:
        return cls(_seat(data))


@dataclass(frozen=True, slots=True)
class Play:
    """A game's own command (`verb` among the registry's `VERBS`), its fields as sent: the
    table's game reads it with its codec, which refuses what is not its own."""

    verb: str
    fields: JSON

    @property
    def kind(self) -> str:
        return self.verb


Command = (
    Sit
    | Stand
    | AddRobot
    | RemoveRobot
    | Chat
    | NextDeal
    | Invite
    | CloseTable
    | NameTable
    | MarkLeft
    | MarkAway
    | MarkBack
    | Play
)
"""Every command a table takes."""

Presence = MarkLeft | MarkAway | MarkBack


_READERS: Final[dict[str, Callable[[JSON], Command]]] = {
    cls.kind: cls.read
    for cls in (
        Sit,
        Stand,
        AddRobot,
        RemoveRobot,
        Chat,
        NextDeal,
        Invite,
        CloseTable,
        NameTable,
        MarkLeft,
        MarkAway,
        MarkBack,
    )
}


def from_json(data: JSON) -> Command:
    """The command of a JSON object with a `type`; raises ParseError, with a sentence a person
    understands, for an unknown type or a field of the wrong kind."""
    kind = data.get("type")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is not None:
        return reader(data)
    if isinstance(kind, str) and kind in VERBS:
        return Play(kind, {k: v for k, v in data.items() if k != "type"})
    raise ParseError(f"unknown command type: {kind!r}")


def to_json(command: Command) -> JSON:
    """The JSON form `from_json` reads back."""
    match command:
        case Sit():
            data: JSON = {"seat": command.seat}
            if command.absent:
                data["absent"] = True
        case AddRobot() | RemoveRobot() | MarkLeft() | MarkBack():
            data = {"seat": command.seat}
        case MarkAway():
            data = {"seat": command.seat, "left_at": command.left_at}
        case Chat():
            data = {"text": command.text}
        case Invite():
            data = {"user_id": command.user_id}
            if command.seat is not None:
                data["seat"] = command.seat
        case NameTable():
            data = {"name": command.name}
        case Stand() | NextDeal() | CloseTable():
            data = {}
        case Play():
            data = dict(command.fields)
        case _:
            assert_never(command)
    return {"type": command.kind, **data}


def _seat(data: JSON) -> str:
    seat = data.get("seat")
    if not isinstance(seat, str):
        raise ParseError("a seat is named by its letter")
    return seat


__all__ = [
    "AddRobot",
    "Chat",
    "CloseTable",
    "Command",
    "Invite",
    "MarkAway",
    "MarkBack",
    "MarkLeft",
    "NameTable",
    "NextDeal",
    "Play",
    "Presence",
    "RemoveRobot",
    "Sit",
    "Stand",
    "from_json",
    "to_json",
]
