"""The WebSocket messages a client may send, checked against a schema (see docs/protocol.md).

Every message is a JSON object with a `type`.  Commands that act at a table name it with
`table`.  A client may add `ref` (any short string) to match an error to its command.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from vaza.core.errors import ParseError

MAX_MESSAGE_BYTES = 8192
Seat = Annotated[str, Field(min_length=1, max_length=2)]
Ref = Annotated[str, Field(max_length=40)]
TableId = Annotated[str, Field(min_length=1, max_length=40)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    ref: Ref | None = None


class Hello(_Message):
    """Join a table (as player or kibitzer) and catch up from `since`."""

    type: Literal["hello"]
    table: TableId
    invite: Annotated[str, Field(max_length=64)] | None = None
    since: Annotated[int, Field(ge=0)] | None = None


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
    text: Annotated[str, Field(min_length=1, max_length=500)]


class NextDeal(_TableCommand):
    type: Literal["next_deal"]


class Invite(_TableCommand):
    type: Literal["invite"]
    user: Annotated[str, Field(min_length=1, max_length=40)]


class Call(_TableCommand):
    type: Literal["call"]
    call: Annotated[str, Field(min_length=1, max_length=8)]


class Play(_TableCommand):
    """A card (``"SA"``), or for dummy only a suit (``"H"``: dummy's lowest heart)."""

    type: Literal["play"]
    card: Annotated[str, Field(min_length=2, max_length=3)] | None = None
    suit: Annotated[str, Field(min_length=1, max_length=1)] | None = None


class Claim(_TableCommand):
    type: Literal["claim"]
    tricks: Annotated[int, Field(ge=0, le=13)]


class ClaimResponse(_TableCommand):
    type: Literal["claim_response"]
    accept: bool


class UndoRequest(_TableCommand):
    type: Literal["undo_request"]


class UndoResponse(_TableCommand):
    type: Literal["undo_response"]
    grant: bool


class Bid(_TableCommand):
    """A Boerenbridge bid: the exact number of tricks."""

    type: Literal["bid"]
    tricks: Annotated[int, Field(ge=0, le=26)]


class GameAction(_TableCommand):
    """Other games' own decisions (choose trumps, hand out the widow, draw...)."""

    type: Literal["choose", "give", "draw"]
    value: Annotated[str, Field(max_length=40)] | None = None
    seat: Seat | None = None
    card: Annotated[str, Field(min_length=2, max_length=3)] | None = None


ClientMessage = Annotated[
    Hello
    | Leave
    | Lobby
    | Ping
    | Sit
    | Stand
    | AddRobot
    | RemoveRobot
    | Chat
    | NextDeal
    | Invite
    | Call
    | Play
    | Claim
    | ClaimResponse
    | UndoRequest
    | UndoResponse
    | Bid
    | GameAction,
    Field(discriminator="type"),
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(ClientMessage)


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
