"""Tables and their deals: the lobby, creating a table, a table's details, a person's history,
and each finished deal with its PBN and LIN records."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi import Path as FastApiPath
from fastapi.responses import PlainTextResponse

from vaza.app.deal_viewer import deal_extras
from vaza.match.records import with_analysis
from vaza.server.deps import MaybeUser, Services, Svc, User
from vaza.server.guard import LimitReached
from vaza.store.port import DealRow, TableRecord, UserRecord

router = APIRouter(tags=["tables"])
DealId = Annotated[int, FastApiPath(ge=1, le=2**31 - 1)]


def can_view(user: UserRecord | None, table: TableRecord, invite: str | None) -> bool:
    """Public tables are open; a private one only to its creator, its invitees (by the link)
    and those holding the invitation link."""
    if table.public:
        return True
    if user is not None and user.id == table.created_by:
        return True
    return invite is not None and secrets.compare_digest(invite, table.invite_token)


@router.get("/api/tables/{table_id}/deals")
async def table_deals(
    table_id: str, svc: Svc, user: MaybeUser, invite: str | None = None
) -> list[dict[str, Any]]:
    """A table's finished deals (for the deal viewer and the PBN/LIN links)."""
    record = await svc.store.table(table_id)
    if record is None or not can_view(user, record, invite):
        raise HTTPException(404, "no such table")
    return [
        {"deal": row.id, "number": row.number, "summary": row.summary}
        for row in await svc.store.deals_of_table(table_id)
    ]


@router.get("/api/tables")
async def lobby(svc: Svc) -> list[dict[str, Any]]:
    records = await svc.store.tables(public_only=True, unfinished_only=True)
    # A table whose people are all away waits for them out of the lobby (`seat_moves.paused`).
    return [
        {"table": r.id, **r.summary, "kibitzers": svc.hub.watchers(r.id)}
        for r in records
        if r.summary.get("status") != "paused"
    ]


@router.post("/api/tables", status_code=201)
async def create_table(
    body: dict[str, Any], user: User, svc: Svc, request: Request
) -> dict[str, Any]:
    config = request.app.state.config
    async with svc.store.person_lock("tables", user.id):  # counted and taken in one step
        if await svc.store.open_tables_created_by(user.id) >= config.open_tables:
            raise LimitReached(
                "tables",
                config.open_tables,
                f"you have {config.open_tables} tables open; finish or leave one first",
            )
        record = await svc.hub.tables.create(user, body)
    base = str(request.base_url).rstrip("/")
    return {
        "table": record.id,
        "summary": record.summary,
        "invite_url": f"{base}/table/{record.id}?invite={record.invite_token}",
    }


@router.get("/api/tables/{table_id}")
async def table_info(
    table_id: str, svc: Svc, user: MaybeUser, invite: str | None = None
) -> dict[str, Any]:
    record = await svc.store.table(table_id)
    if record is None or not can_view(user, record, invite):
        raise HTTPException(404, "no such table")
    info: dict[str, Any] = {"table": record.id, **record.summary, "version": record.version}
    if user is not None and user.id == record.created_by:
        info["invite_token"] = record.invite_token
    return info


@router.get("/api/history")
async def history(
    user: User, svc: Svc, offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0
) -> list[dict[str, Any]]:
    """The user's deals, newest first, each with its game and scoring (names of the
    registry's, which `/api/games` labels) and the points each side scored on it."""
    rows = await svc.store.deals_of_user(user.id, limit=50, offset=max(0, offset))
    scorings: dict[str, str | None] = {}
    for table_id in {r.table_id for r in rows}:
        table = await svc.store.table(table_id)
        scorings[table_id] = None if table is None else table.options.get("scoring")

    def points(summary: dict[str, Any]) -> dict[str, Any] | None:
        """Each side's points for the deal: a duplicate score goes to the side that
        earns it; a pad's deal wrote points for both (a rubber bonus, honours)."""
        score = summary.get("score")
        if not isinstance(score, dict):
            return None
        if isinstance(score.get("ns_score"), int):
            ns = score["ns_score"]
            return {"NS": max(ns, 0), "EW": max(-ns, 0), "unit": "points"}
        if isinstance(score.get("points"), dict):
            return {**score["points"], "unit": score.get("unit", "points")}
        return None

    return [
        {"deal": r.id, "table": r.table_id, "number": r.number, "game": r.game,
         "scoring": scorings.get(r.table_id), "points": points(r.summary),
         "summary": r.summary, "at": r.created_at.isoformat() if r.created_at else None,
         "robot_finished": await _robot_finished(r, user, svc)}
        for r in rows
    ]  # fmt: skip


async def _robot_finished(row: DealRow, user: UserRecord, svc: Services) -> bool:
    """Whether a robot played on for `user` in the deal once they stood up or went away (the
    deal counts for them only as far as they played it, and their history says so)."""
    robot_for = (row.summary or {}).get("robot_for")
    if not robot_for:
        return False
    full = await svc.store.deal(row.id)
    seats = [] if full is None else [s for s, who in full.players.items() if who == user.id]
    return any(seat in robot_for for seat in seats)


async def _deal_for(deal_id: int, user: UserRecord | None, svc: Services) -> Any:
    row = await svc.store.deal(deal_id)
    if row is None:
        raise HTTPException(404, "no such deal")
    table = await svc.store.table(row.table_id)
    played = user is not None and user.id in row.players.values()
    if not played and (table is None or not table.public):
        raise HTTPException(404, "no such deal")
    return row


@router.get("/api/deals/{deal_id}")
async def deal(deal_id: DealId, svc: Svc, user: MaybeUser) -> dict[str, Any]:
    row = await _deal_for(deal_id, user, svc)
    # Account ids go to nobody but their owner: the asker learns their own seat, no one's id.
    mine = sorted(seat for seat, who in row.players.items() if user is not None and who == user.id)
    # Names (never ids), alerts and the calls' meanings: the deal is over, nothing is hidden.
    return {"deal": row.id, "table": row.table_id, "number": row.number, "game": row.game,
            "summary": row.summary, "your_seats": mine,
            "records": row.pbn is not None,
            **await deal_extras(row, svc.store)}  # fmt: skip


@router.get("/api/deals/{deal_id}/pbn", response_class=PlainTextResponse)
async def deal_pbn(deal_id: DealId, svc: Svc, user: MaybeUser) -> PlainTextResponse:
    row = await _deal_for(deal_id, user, svc)
    if row.pbn is None:
        raise HTTPException(404, "this game's deals have no PBN record")
    return PlainTextResponse(
        with_analysis(row.pbn, (row.summary or {}).get("analysis")),
        media_type="application/x-pbn; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="vaza-{row.id}.pbn"'},
    )


@router.get("/api/deals/{deal_id}/lin", response_class=PlainTextResponse)
async def deal_lin(deal_id: DealId, svc: Svc, user: MaybeUser) -> PlainTextResponse:
    row = await _deal_for(deal_id, user, svc)
    if row.lin is None:
        raise HTTPException(404, "this game's deals have no LIN record")
    return PlainTextResponse(
        row.lin,
        media_type="text/plain; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="vaza-{row.id}.lin"'},
    )
