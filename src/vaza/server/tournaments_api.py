"""The duplicate tournaments API (see docs/tournaments.md): a FastAPI router the app includes.

Its routes keep the address they had before tournaments were named so (`/api/events`; the
page is `/events`), so links and the protocol did not change.  Thin like the rest of the server:
every decision is `vaza.app.tournaments.TournamentService`'s.  The service is made on first use from
the app's services (its store, its tables), so including the router is all the app needs to do.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Path, Request
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field

from vaza.app.tournaments import TournamentService
from vaza.core.errors import NotVisible
from vaza.server.deps import MaybeUser, User
from vaza.store.tournaments_sql import SqlTournamentStore
from vaza.tournaments.model import (
    MAX_BOARDS,
    MAX_ROBOT_TABLES,
    MAX_TABLES,
    ImpMethod,
    Scoring,
    TournamentKind,
    UnknownTournament,
)
from vaza.tournaments.request import TournamentRequest

router = APIRouter(prefix="/api/events", tags=["events"])
PBN_LIMIT = 2_000_000


def tournament_service(request: Request) -> TournamentService:
    """The app's TournamentService, made from its services the first time it is needed."""
    state = request.app.state
    service: TournamentService | None = getattr(state, "tournaments", None)
    if service is None:
        svc = state.services
        service = TournamentService(SqlTournamentStore(svc.database), svc.hub.tables, svc.store)
        state.tournaments = service
    return service


Tournaments = Annotated[TournamentService, Depends(tournament_service)]

TournamentId = Annotated[str, Path(min_length=1, max_length=32)]
TableId = Annotated[str, Path(min_length=1, max_length=64)]
BoardNumber = Annotated[int, Path(ge=1, le=10_000)]


class CreateTournament(BaseModel):
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

    def request(self) -> TournamentRequest:
        kind = TournamentKind(self.kind)
        return TournamentRequest(
            kind=kind,
            name=self.name,
            boards=self.boards,
            source=self.source,
            seed=self.seed,
            pbn=self.pbn,
            scoring=None if self.scoring is None else Scoring(self.scoring),
            imps=ImpMethod(self.imps),
            public=self.public,
            tables=self.robot_tables if kind is TournamentKind.ROBOT else self.tables,
            rounds=self.rounds,
        )


class JoinTournament(BaseModel):
    entry: str = Field(min_length=1, max_length=16)
    """A pair (NS1, EW2 …) or a team (A, B)."""
    seat: Literal["N", "E", "S", "W"]


def _not_found() -> HTTPException:
    return HTTPException(404, "no such event")


def _hidden(error: NotVisible) -> JSONResponse:
    return JSONResponse({"code": error.code, "message": str(error)}, status_code=403)


@router.post("", status_code=201)
async def create_tournament(
    body: CreateTournament, user: User, tournaments: Tournaments
) -> dict[str, Any]:
    record = await tournaments.create(user, body.request())
    return await tournaments.overview(record.id, user)


@router.get("")
async def list_tournaments(user: MaybeUser, tournaments: Tournaments) -> list[dict[str, Any]]:
    """Public tournaments, and those you organise or play in."""
    return await tournaments.list(user)


@router.get("/at-table/{table_id}")
async def table_ending(table_id: TableId, user: User, tournaments: Tournaments) -> dict[str, Any]:
    """The end of your event table: your result on each board, where you stand, the links to
    the ranking, the travellers and your next round's table, and whether the results are
    ready.  `{"event": null}` for a table of no event, or one you do not play at: every table's
    page asks at its match's end, and a 404 would be an error in every ordinary table's console
    (the same answer either way, so it tells nobody which tables are an event's)."""
    try:
        return await tournaments.ending(table_id, user)
    except UnknownTournament:
        return {"event": None}


@router.get("/{event_id}")
async def tournament_overview(
    event_id: TournamentId, user: MaybeUser, tournaments: Tournaments
) -> dict[str, Any]:
    try:
        return await tournaments.overview(event_id, user)
    except UnknownTournament:
        raise _not_found() from None


@router.get("/{event_id}/boards/{board}", response_model=None)
async def tournament_board(
    event_id: TournamentId, board: BoardNumber, user: MaybeUser, tournaments: Tournaments
) -> dict[str, Any] | JSONResponse:
    """A board's traveller and deal, once you have played it (or the tournament is over)."""
    try:
        return await tournaments.traveller(event_id, board, user)
    except UnknownTournament:
        raise HTTPException(404, "no such event or board") from None
    except NotVisible as error:
        return _hidden(error)


@router.get("/{event_id}/pbn", response_class=PlainTextResponse)
async def tournament_pbn(
    event_id: TournamentId, user: MaybeUser, tournaments: Tournaments
) -> PlainTextResponse:
    """Every result of every board you may see, as one PBN file."""
    try:
        text = await tournaments.pbn(event_id, user)
    except UnknownTournament:
        raise _not_found() from None
    return PlainTextResponse(
        text,
        media_type="application/x-pbn",
        headers={"Content-Disposition": f'attachment; filename="vaza-event-{event_id}.pbn"'},
    )


@router.post("/{event_id}/play")
async def play_tournament(
    event_id: TournamentId, user: User, tournaments: Tournaments
) -> dict[str, Any]:
    """Your table in a robot tournament: say hello to it with its `invite`."""
    try:
        return await tournaments.play(event_id, user)
    except UnknownTournament:
        raise _not_found() from None


@router.post("/{event_id}/join")
async def join_tournament(
    event_id: TournamentId, body: JoinTournament, user: User, tournaments: Tournaments
) -> dict[str, Any]:
    try:
        await tournaments.join(event_id, user, body.entry, body.seat)
        return await tournaments.overview(event_id, user)
    except UnknownTournament:
        raise _not_found() from None


@router.post("/{event_id}/start")
async def start_tournament(
    event_id: TournamentId, user: User, tournaments: Tournaments
) -> dict[str, Any]:
    try:
        await tournaments.start(event_id, user)
        return await tournaments.overview(event_id, user)
    except UnknownTournament:
        raise _not_found() from None


@router.post("/{event_id}/close")
async def close_tournament(
    event_id: TournamentId, user: User, tournaments: Tournaments
) -> dict[str, Any]:
    try:
        await tournaments.close(event_id, user)
        return await tournaments.overview(event_id, user)
    except UnknownTournament:
        raise _not_found() from None


__all__ = ["router"]
