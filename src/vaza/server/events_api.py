"""The duplicate events API (see docs/events.md): a FastAPI router the app includes.

Thin like the rest of the server: every decision is `vaza.events.EventService`'s.  The service
is made on first use from the app's services (its store, its tables), so including the router
is all the app needs to do.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Path, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field

from vaza.app.events import EventService
from vaza.core.errors import NotVisible
from vaza.events.model import (
    MAX_BOARDS,
    MAX_ROBOT_TABLES,
    MAX_TABLES,
    EventKind,
    ImpMethod,
    Scoring,
    UnknownEvent,
)
from vaza.events.request import EventRequest
from vaza.server.deps import MaybeUser, User
from vaza.store.events_sql import SqlEventStore

router = APIRouter(prefix="/api/events", tags=["events"])
PBN_LIMIT = 2_000_000


def event_service(request: Request) -> EventService:
    """The app's EventService, made from its services the first time it is needed."""
    state = request.app.state
    service: EventService | None = getattr(state, "events", None)
    if service is None:
        svc = state.services
        service = EventService(SqlEventStore(svc.database), svc.hub.tables, svc.store)
        state.events = service
    return service


Events = Annotated[EventService, Depends(event_service)]

EventId = Annotated[str, Path(min_length=1, max_length=32)]
BoardNumber = Annotated[int, Path(ge=1, le=10_000)]


class CreateEvent(BaseModel):
    """A new event.  `boards`: in all (a pairs game splits them into `rounds`); with a PBN
    file, how many of its boards to play (all if omitted)."""

    kind: Literal["robot", "pairs", "teams"]
    name: str = Field(min_length=1, max_length=80)
    boards: int | None = Field(default=None, ge=1, le=MAX_BOARDS)
    source: Literal["random", "seed", "pbn"] = "random"
    seed: Annotated[str, Field(max_length=100)] | int | None = None
    pbn: Annotated[str, Field(max_length=PBN_LIMIT)] | None = None
    scoring: Literal["mp", "imps"] | None = None
    imps: Literal["cross", "butler"] = "cross"
    public: bool = True
    tables: int | None = Field(default=None, ge=1, le=MAX_TABLES)
    """A pairs game's tables."""
    rounds: int | None = Field(default=None, ge=1, le=MAX_TABLES)
    robot_tables: int | None = Field(default=None, ge=1, le=MAX_ROBOT_TABLES)
    """A robot tournament's robot-only tables (2 if omitted)."""

    def request(self) -> EventRequest:
        kind = EventKind(self.kind)
        return EventRequest(
            kind=kind,
            name=self.name,
            boards=self.boards,
            source=self.source,
            seed=self.seed,
            pbn=self.pbn,
            scoring=None if self.scoring is None else Scoring(self.scoring),
            imps=ImpMethod(self.imps),
            public=self.public,
            tables=self.robot_tables if kind is EventKind.ROBOT else self.tables,
            rounds=self.rounds,
        )


class JoinEvent(BaseModel):
    entry: str = Field(min_length=1, max_length=16)
    """A pair (NS1, EW2 …) or a team (A, B)."""
    seat: Literal["N", "E", "S", "W"]


def _not_found() -> HTTPException:
    return HTTPException(404, "no such event")


def _hidden(error: NotVisible) -> JSONResponse:
    return JSONResponse({"code": error.code, "message": str(error)}, status_code=403)


@router.post("", status_code=201)
async def create_event(body: CreateEvent, user: User, events: Events) -> dict[str, Any]:
    record = await events.create(user, body.request())
    return await events.overview(record.id, user)


@router.get("")
async def list_events(user: MaybeUser, events: Events) -> list[dict[str, Any]]:
    """Public events, and those you organise or play in."""
    return await events.list(user)


@router.get("/{event_id}")
async def event_overview(event_id: EventId, user: MaybeUser, events: Events) -> dict[str, Any]:
    try:
        return await events.overview(event_id, user)
    except UnknownEvent:
        raise _not_found() from None


@router.get("/{event_id}/boards/{board}", response_model=None)
async def event_board(
    event_id: EventId, board: BoardNumber, user: MaybeUser, events: Events
) -> dict[str, Any] | JSONResponse:
    """A board's traveller and deal, once you have played it (or the event is over)."""
    try:
        return await events.traveller(event_id, board, user)
    except UnknownEvent:
        raise HTTPException(404, "no such event or board") from None
    except NotVisible as error:
        return _hidden(error)


@router.get("/{event_id}/pbn", response_class=PlainTextResponse)
async def event_pbn(event_id: EventId, user: MaybeUser, events: Events) -> PlainTextResponse:
    """Every result of every board you may see, as one PBN file."""
    try:
        text = await events.pbn(event_id, user)
    except UnknownEvent:
        raise _not_found() from None
    return PlainTextResponse(
        text,
        media_type="application/x-pbn",
        headers={"Content-Disposition": f'attachment; filename="vaza-event-{event_id}.pbn"'},
    )


@router.post("/{event_id}/play")
async def play_event(event_id: EventId, user: User, events: Events) -> dict[str, Any]:
    """Your table in a robot tournament: say hello to it with its `invite`."""
    try:
        return await events.play(event_id, user)
    except UnknownEvent:
        raise _not_found() from None


@router.post("/{event_id}/join")
async def join_event(
    event_id: EventId, body: JoinEvent, user: User, events: Events
) -> dict[str, Any]:
    try:
        await events.join(event_id, user, body.entry, body.seat)
        return await events.overview(event_id, user)
    except UnknownEvent:
        raise _not_found() from None


@router.post("/{event_id}/start")
async def start_event(event_id: EventId, user: User, events: Events) -> dict[str, Any]:
    try:
        await events.start(event_id, user)
        return await events.overview(event_id, user)
    except UnknownEvent:
        raise _not_found() from None


@router.post("/{event_id}/close")
async def close_event(event_id: EventId, user: User, events: Events) -> dict[str, Any]:
    try:
        await events.close(event_id, user)
        return await events.overview(event_id, user)
    except UnknownEvent:
        raise _not_found() from None


__all__ = ["router"]
