"""The WebSocket messages a client may send, checked against a schema (see docs/protocol.md).

Every message is a JSON object with a `type`.  Commands that act at a table name it with
`table`.  A client may add `ref` (any short string) to match an error to its command.
"""

from __future__ import annotations

from typing import Annotated, Any, Final, Literal, Union

import orjson
from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError, create_model
from pydantic import Field as PydanticField

from vaza.app import commands
from vaza.core.errors import ParseError
from vaza.games import VERBS
from vaza.games.spec import Field, FieldKind, Verb

MAX_MESSAGE_BYTES = 8192
Seat = Annotated[str, PydanticField(min_length=1, max_length=2)]
REF_LENGTH: Final = 40
Ref = Annotated[str, PydanticField(max_length=REF_LENGTH)]
TableId = Annotated[str, PydanticField(min_length=1, max_length=40)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    ref: Ref | None = None


class Hello(_Message):
    """Join a table (as player or kibitzer) and catch up from `since`."""

    type: Literal["hello"]
    table: TableId
    invite: Annotated[str, PydanticField(max_length=64)] | None = None
    since: Annotated[int, PydanticField(ge=0)] | None = None
    patches: bool = False
    """Take this table's updates as patches of the view (`vaza.protocol.patch`)."""


class Leave(_Message):
    type: Literal["leave"]
    table: TableId


class Lobby(_Message):
    type: Literal["lobby"]


class Ping(_Message):
    type: Literal["ping"]


class _TableCommand(_Message):
    table: TableId


class Sit(_TableCommand):
    type: Literal["sit"]
    seat: Seat


class Stand(_TableCommand):
    type: Literal["stand"]


class AddRobot(_TableCommand):
    type: Literal["add_robot"]
    seat: Seat


class RemoveRobot(_TableCommand):
    type: Literal["remove_robot"]
    seat: Seat


class Chat(_TableCommand):
    type: Literal["chat"]
    text: Annotated[str, PydanticField(min_length=1, max_length=500)]


class NextDeal(_TableCommand):
    type: Literal["next_deal"]


class Invite(_TableCommand):
    type: Literal["invite"]
    user: Annotated[str, PydanticField(min_length=1, max_length=40)]
    seat: Seat | None = None
    """The seat offered to them (a free one or a robot's), if any."""


class NameTable(_TableCommand):
    """The host names the table (empty: no name)."""

    type: Literal["name_table"]
    name: Annotated[str, PydanticField(max_length=40)]


class CloseTable(_TableCommand):
    """The host ends the table's match for everyone."""

    type: Literal["close_table"]


def _field(spec: Field) -> tuple[Any, Any]:
    """A pydantic field for one field of a game command's schema."""
    if spec.kind is FieldKind.TEXT:
        kind: Any = Annotated[str, PydanticField(min_length=spec.low, max_length=spec.high)]
    elif spec.kind is FieldKind.WHOLE:
        kind = Annotated[int, PydanticField(ge=spec.low, le=spec.high)]
    else:
        kind = bool
    return (kind, ...) if spec.required else (kind | None, None)


def _game_command(verb: Verb) -> type[_TableCommand]:
    """The message schema of a game command, from the registry's (one per command type)."""
    fields: dict[str, Any] = {"type": (Literal[verb.name], ...)}
    fields.update({spec.name: _field(spec) for spec in verb.fields})
    model: type[_TableCommand] = create_model(
        verb.name.title().replace("_", ""), __base__=_TableCommand, __doc__=verb.doc, **fields
    )
    return model


GAME_COMMANDS: Final = tuple(_game_command(verb) for verb in VERBS.values())
"""The games' own commands (calls, cards, claims, bids, choices …), as the registry declares."""

_TABLE_MESSAGES: Final = (
    Sit,
    Stand,
    AddRobot,
    RemoveRobot,
    Chat,
    NextDeal,
    Invite,
    NameTable,
    CloseTable,
)
ClientMessage: Any = Annotated[
    Union[(Hello, Leave, Lobby, Ping, *_TABLE_MESSAGES, *GAME_COMMANDS)],
    PydanticField(discriminator="type"),
]
"""Every message a client may send (a union built at start from the registry's commands)."""
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)


def ref_of(text: str) -> str | None:
    """The `ref` a client gave a message, if it is readable at all (so that even an error
    about a malformed message names the request it answers)."""
    if len(text) > MAX_MESSAGE_BYTES:
        return None
    try:
        data = orjson.loads(text)
    except orjson.JSONDecodeError:
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    return ref if isinstance(ref, str) and len(ref) <= REF_LENGTH else None


def parse_message(text: str) -> Any:
    """Check a raw message; raises ParseError with a sentence a person understands."""
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise ParseError(f"messages are at most {MAX_MESSAGE_BYTES} bytes")
    try:
        return _ADAPTER.validate_json(text)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first.get("loc", ()) if part != "function-after")
        if first.get("type") == "json_invalid":
            raise ParseError("that is not valid JSON") from None
        if first.get("type") == "union_tag_invalid" or "discriminator" in first.get("type", ""):
            raise ParseError(
                f"unknown message type; see docs/protocol.md ({first['msg']})"
            ) from None
        raise ParseError(f"bad message: {where}: {first['msg']}") from None


def command_of(message: _TableCommand) -> commands.Command:
    """The table's command for a checked message (an invitation names its user by name: the
    hub looks the name up, `commands.Invite`)."""
    match message:
        case Sit():
            return commands.Sit(message.seat)
        case Stand():
            return commands.Stand()
        case AddRobot():
            return commands.AddRobot(message.seat)
        case RemoveRobot():
            return commands.RemoveRobot(message.seat)
        case Chat():
            return commands.Chat(message.text)
        case NextDeal():
            return commands.NextDeal()
        case NameTable():
            return commands.NameTable(message.name)
        case CloseTable():
            return commands.CloseTable()
    fields = message.model_dump(exclude={"ref", "table"}, exclude_none=True)
    return commands.from_json(fields)  # a game's command, as the registry declares it
