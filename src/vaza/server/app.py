"""The ASGI app: pages, a JSON API with an OpenAPI schema, and one WebSocket per client.

A thin transport: every rule lives in the core, every decision about a table in the application
layer.  Sessions are signed, HTTP-only cookies naming a server-side session.
"""

from __future__ import annotations

import gc
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Final

from fastapi import FastAPI, HTTPException, Query, Request, Response, WebSocket
from fastapi import Path as FastApiPath
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from itsdangerous import BadSignature, URLSafeSerializer
from pydantic import BaseModel, Field

from vaza import __version__
from vaza.app.cluster import Cluster
from vaza.app.service import ServiceOptions, TableService
from vaza.app.users import AccountError, UserService
from vaza.bus.leases import LEASE_SECONDS, Leases, LocalLeases, RedisLeases, process_id
from vaza.bus.memory import MemoryBus
from vaza.bus.port import Bus
from vaza.bus.redis import RedisBus
from vaza.core.errors import VazaError
from vaza.games import GAME_NAMES, catalogue, find_game
from vaza.match.records import with_analysis
from vaza.scoring.pad_syntax import parse_pad_line, parse_seat
from vaza.scoring.sheet import add, close, new_sheet
from vaza.scoring.systems import pad_rules
from vaza.server.deps import (
    COOKIE,
    GUEST_LIFETIME,
    MaybeUser,
    Services,
    Svc,
    User,
    user_from_cookie,
)
from vaza.server.guard import (
    BodyLimit,
    FailedLogins,
    LimitReached,
    RateLimiter,
    csrf_guard,
    origin_allowed,
    security_headers,
)
from vaza.server.hub import Hub
from vaza.server.tournaments_api import router as events_router
from vaza.store.db import default_url, open_database
from vaza.store.port import TableRecord, UserRecord
from vaza.store.sql import SqlStore

log = logging.getLogger("vaza.server")
WS_POLICY_VIOLATION: Final = 1008
"""The WebSocket close code for a handshake refused by policy (another site's page)."""

CATALOGUE: Final = catalogue()
"""`/api/games`: the registry as the page reads it (built once; it never changes)."""

GC_YOUNG_THRESHOLD = 5000
"""Allocations between collections of the youngest generation (Python: 700)."""
GC_MIDDLE_THRESHOLD = 100
"""Young collections between collections of the middle generation (Python: 10).  With 4,000
connections each waiting in a fresh chain of coroutines after every message, the middle
generation holds some 100,000 objects and collecting it took 70-80 ms of CPU, every 13 s at
1,000 tables: the commands behind each pause made the 99th percentile.  At 1,000 tables and
4 s a move, the p99 was 96-117 ms collecting every 20 young collections, 48-73 ms every 100."""


@dataclass
class ServerConfig:
    data_dir: Path = Path("data")
    db_url: str | None = None
    bus_url: str | None = None
    """``redis://…`` to share tables between processes; None: this process alone."""
    login_attempts: int = 10
    """Log-ins and registrations per minute from one address (registrations also per name)."""
    failed_logins: int = 10
    """Wrong passwords for one account in 15 minutes before each further one must wait."""
    guests_per_hour: int = 10
    """Guest accounts one address may make in an hour."""
    open_tables: int = 10
    """Unfinished tables one person may have created."""
    max_body: int = 4_000_000
    """The largest request body, in bytes (a duplicate event's PBN file fits)."""
    lease_seconds: float = LEASE_SECONDS
    """How long a dead process's tables wait before another process takes them."""
    secret: str | None = None
    away_after: float = 60.0
    """Seconds a player who left keeps the seat before a robot plays for them."""
    secure_cookies: bool = False
    allowed_origins: tuple[str, ...] = ()
    """Origins besides the club's own from which pages may call the API and open the socket
    (``https://club.example``: a deployment whose pages are served under another name)."""

    robots_seed: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _secret(config: ServerConfig) -> str:
    """The cookie-signing key: given, or kept in the data directory across restarts."""
    if config.secret:
        return config.secret
    path = config.data_dir / "secret.key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


def open_bus(url: str | None, lease_seconds: float = LEASE_SECONDS) -> tuple[Bus, Leases]:
    """The bus and the table leases for a URL: in-process by default, Redis to run several
    server processes (on one machine or many) over one club."""
    if url is None or url.startswith("memory:"):
        return MemoryBus(), LocalLeases()
    if url.startswith(("redis://", "rediss://", "unix://")):
        bus = RedisBus(url)
        return bus, RedisLeases(bus.redis, process_id(), lease_seconds, bus.prefix)
    raise ValueError(f"unknown bus URL {url!r}: use redis://host:port or leave it out")


def can_view(user: UserRecord | None, table: TableRecord, invite: str | None) -> bool:
    """Public tables are open; a private one only to its creator, its invitees (by the link)
    and those holding the invitation link."""
    if table.public:
        return True
    if user is not None and user.id == table.created_by:
        return True
    return invite is not None and secrets.compare_digest(invite, table.invite_token)


def _settle_garbage_collector() -> None:
    """Everything alive once the server is up (modules, the app, the robots' tables) lives as
    long as the process: keep it out of every later collection, and collect the young less
    often.  A full collection over all of it stopped the event loop for 0.4 s under load."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, GC_MIDDLE_THRESHOLD, 20)


def create_app(config: ServerConfig) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        config.data_dir.mkdir(parents=True, exist_ok=True)
        database = await open_database(config.db_url or default_url(config.data_dir))
        store = SqlStore(database)
        bus, leases = open_bus(config.bus_url, config.lease_seconds)
        tables = TableService(store, bus, ServiceOptions(away_after=config.away_after))
        cluster = Cluster(tables, bus, leases)
        hub = Hub(cluster, can_view, store.user_by_name)
        await hub.start()
        app.state.services = Services(
            database, store, UserService(store), tables, hub, URLSafeSerializer(_secret(config))
        )
        await cluster.start()
        log.info("serving %d tables (process %s)", len(tables.tables), cluster.me)
        app.state.ready = True
        _settle_garbage_collector()
        try:
            yield
        finally:
            app.state.ready = False
            await cluster.close()
            await tables.close()
            await store.close()
            await bus.close()
            await database.close()

    app = FastAPI(title="Vaza", version=__version__, lifespan=lifespan)
    app.middleware("http")(csrf_guard)
    app.middleware("http")(security_headers)
    app.add_middleware(BodyLimit, limit=config.max_body)
    app.state.ready = False
    app.state.logins = RateLimiter(config.login_attempts, 60.0)
    app.state.failed_logins = FailedLogins(config.failed_logins)
    app.state.guests = RateLimiter(config.guests_per_hour, 3600.0)
    app.state.meanings = RateLimiter(MEANINGS_PER_MINUTE, 60.0)
    app.state.config = config
    _routes(app)
    app.include_router(events_router)
    return app


MEANINGS_PER_MINUTE: Final = 120
"""How often one person may ask what the next calls would mean (each of their turns asks once)."""

DealId = Annotated[int, FastApiPath(ge=1, le=2**31 - 1)]


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=256)
    language: str | None = None


class GuestRequest(BaseModel):
    language: str | None = None


class PadRequest(BaseModel):
    system: str = "rubber"
    options: dict[str, Any] = Field(default_factory=dict)
    deals: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=500)
    dealer: str = "N"
    finished: bool = False
    """True: the game stopped here (an unfinished rubber is scored as such)."""


class Settings(BaseModel):
    language: str | None = None
    accept_invitations: bool | None = None
    sound: bool | None = None
    compact_cards: bool | None = None
    four_colours: bool | None = None


def _me(user: UserRecord) -> dict[str, Any]:
    return {"id": user.id, "name": user.name, "guest": user.is_guest, "settings": user.settings}


async def _log_in(svc: Services, response: Response, user: UserRecord, secure: bool) -> None:
    token = await svc.store.create_session(user.id)
    response.set_cookie(
        COOKIE,
        svc.signer.dumps(token),
        httponly=True,
        samesite="lax",
        secure=secure,
        max_age=int(GUEST_LIFETIME.total_seconds()) if user.is_guest else 60 * 60 * 24 * 30,
    )


def _routes(app: FastAPI) -> None:
    config: ServerConfig = app.state.config
    secure = config.secure_cookies

    @app.exception_handler(VazaError)
    async def vaza_error(_request: Request, error: VazaError) -> JSONResponse:
        if isinstance(error, LimitReached):
            headers = {"Retry-After": str(error.retry_after)} if error.retry_after else None
            return JSONResponse(error.to_json(), status_code=429, headers=headers)
        status = 403 if error.code == "forbidden" else 400
        return JSONResponse({"code": error.code, "message": str(error)}, status_code=status)

    @app.get("/healthz")
    async def healthz(request: Request) -> JSONResponse:
        ready = bool(request.app.state.ready)
        return JSONResponse(
            {"ok": ready, "version": __version__}, status_code=200 if ready else 503
        )

    def _address(request: Request) -> str:
        """The client's address (a proxy's forwarded one only from `--forwarded-allow-ips`)."""
        return request.client.host if request.client else "?"

    def _limit(request: Request, *keys: str) -> None:
        limiter: RateLimiter = request.app.state.logins
        keys = (f"ip:{_address(request)}", *keys)
        if not limiter.allow(*keys):
            wait = max(limiter.retry_after(key) for key in keys)
            raise LimitReached(
                "attempts",
                limiter.limit,
                "too many attempts; wait a minute and try again",
                retry_after=wait or 60,
            )

    @app.post("/api/register")
    async def register(
        body: Credentials, request: Request, response: Response, svc: Svc
    ) -> dict[str, Any]:
        _limit(request, f"name:{body.name.casefold()}")
        user = await svc.users.register(body.name, body.password, body.language)
        await _log_in(svc, response, user, secure)
        return _me(user)

    @app.post("/api/login")
    async def login(
        body: Credentials, request: Request, response: Response, svc: Svc
    ) -> dict[str, Any]:
        _limit(request)  # per address: a stranger cannot fill the owner's limit
        failures: FailedLogins = request.app.state.failed_logins
        name = body.name.casefold()
        try:
            user = await svc.users.login(body.name, body.password)
        except AccountError as error:
            wait = failures.failed(name)
            if wait:
                raise LimitReached(
                    "failed_logins",
                    failures.free,
                    f"too many wrong passwords for {body.name}; wait {wait} s and try again",
                    retry_after=wait,
                ) from None
            raise HTTPException(401, str(error)) from None
        failures.succeeded(name)  # a right password is never kept out
        await _log_in(svc, response, user, secure)
        return _me(user)

    @app.post("/api/guest")
    async def guest(
        body: GuestRequest, request: Request, response: Response, svc: Svc
    ) -> dict[str, Any]:
        guests: RateLimiter = request.app.state.guests
        key = f"ip:{_address(request)}"
        if not guests.allow(key):
            raise LimitReached(
                "guests",
                guests.limit,
                f"at most {guests.limit} guest accounts an hour from one address; log in, or "
                "wait and try again",
                retry_after=guests.retry_after(key),
            )
        user = await svc.users.guest(body.language)
        await _log_in(svc, response, user, secure)
        return _me(user)

    @app.post("/api/logout")
    async def logout(request: Request, response: Response, svc: Svc) -> dict[str, bool]:
        cookie = request.cookies.get(COOKIE)
        if cookie:
            with suppress(BadSignature):
                await svc.store.delete_session(str(svc.signer.loads(cookie)))
        response.delete_cookie(COOKIE)
        return {"ok": True}

    @app.get("/api/me")
    async def me(user: User) -> dict[str, Any]:
        return _me(user)

    @app.put("/api/me/settings")
    async def settings(body: Settings, user: User, svc: Svc) -> dict[str, Any]:
        changes = body.model_dump(exclude_none=True)
        return _me(await svc.users.update_settings(user, changes))

    @app.post("/api/pad")
    async def pad(body: PadRequest) -> dict[str, Any]:
        """The score pad for a game played with real cards (the `vaza pad` systems)."""
        return keep_pad(body.system, body.options, body.deals, body.dealer, body.finished)

    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        """What a table can play, from the registry of games: each game with its labels in
        both languages, how many play it (the usual number first), its scorings (the default
        first) with the schema of every option, its renderer and its commands; and every
        scoring's labels."""
        return CATALOGUE

    @app.get("/api/games/{game}/meanings")
    async def meanings(
        game: str,
        *,
        request: Request,
        user: User,
        dealer: Annotated[str, Query(min_length=1, max_length=5)],
        calls: Annotated[str, Query(max_length=600)] = "",
        lang: Annotated[str, Query(pattern="^(en|pt-BR)$")] = "en",
    ) -> dict[str, Any]:
        """What each legal next call of the auction `calls` (comma-separated, from `dealer`)
        would mean in the robots' system, for the bidding box to show before a call is made.
        Public knowledge (the system and the auction), so any player may ask; a person's asks
        are counted, as their other work is."""
        spec = find_game(game) if game in GAME_NAMES else None
        if spec is None or spec.meanings is None:
            raise HTTPException(404, f"{game} has no bidding system to explain")
        limiter: RateLimiter = request.app.state.meanings
        if not limiter.allow(f"user:{user.id}"):
            raise LimitReached(
                "meanings",
                limiter.limit,
                "too many questions about calls; wait a minute",
                retry_after=limiter.retry_after(f"user:{user.id}") or 60,
            )
        auction = [call for call in calls.split(",") if call.strip()]
        return {"meanings": spec.meanings(auction, dealer, lang)}

    @app.get("/api/tables/{table_id}/deals")
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

    @app.get("/api/tables")
    async def lobby(svc: Svc) -> list[dict[str, Any]]:
        records = await svc.store.tables(public_only=True, unfinished_only=True)
        return [{"table": r.id, **r.summary, "kibitzers": svc.hub.watchers(r.id)} for r in records]

    @app.post("/api/tables", status_code=201)
    async def create_table(
        body: dict[str, Any], user: User, svc: Svc, request: Request
    ) -> dict[str, Any]:
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

    @app.get("/api/tables/{table_id}")
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

    @app.get("/api/history")
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
             "summary": r.summary, "at": r.created_at.isoformat() if r.created_at else None}
            for r in rows
        ]  # fmt: skip

    async def _deal_for(deal_id: int, user: UserRecord | None, svc: Services) -> Any:
        row = await svc.store.deal(deal_id)
        if row is None:
            raise HTTPException(404, "no such deal")
        table = await svc.store.table(row.table_id)
        played = user is not None and user.id in row.players.values()
        if not played and (table is None or not table.public):
            raise HTTPException(404, "no such deal")
        return row

    @app.get("/api/deals/{deal_id}")
    async def deal(deal_id: DealId, svc: Svc, user: MaybeUser) -> dict[str, Any]:
        row = await _deal_for(deal_id, user, svc)
        return {"deal": row.id, "table": row.table_id, "number": row.number, "game": row.game,
                "summary": row.summary, "players": row.players,
                "records": row.pbn is not None}  # fmt: skip

    @app.get("/api/deals/{deal_id}/pbn", response_class=PlainTextResponse)
    async def deal_pbn(deal_id: DealId, svc: Svc, user: MaybeUser) -> PlainTextResponse:
        row = await _deal_for(deal_id, user, svc)
        if row.pbn is None:
            raise HTTPException(404, "this game's deals have no PBN record")
        return PlainTextResponse(
            with_analysis(row.pbn, (row.summary or {}).get("analysis")),
            media_type="application/x-pbn; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="vaza-{row.id}.pbn"'},
        )

    @app.get("/api/deals/{deal_id}/lin", response_class=PlainTextResponse)
    async def deal_lin(deal_id: DealId, svc: Svc, user: MaybeUser) -> PlainTextResponse:
        row = await _deal_for(deal_id, user, svc)
        if row.lin is None:
            raise HTTPException(404, "this game's deals have no LIN record")
        return PlainTextResponse(
            row.lin,
            media_type="text/plain; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="vaza-{row.id}.lin"'},
        )

    @app.websocket("/ws")
    async def websocket(socket: WebSocket) -> None:
        if not origin_allowed(socket.headers, config.allowed_origins):
            await socket.close(code=WS_POLICY_VIOLATION)  # before accepting: an HTTP 403
            return
        svc: Services = socket.app.state.services
        user = await user_from_cookie(svc, socket.cookies.get(COOKIE))
        await svc.hub.serve(socket, user)

    app.mount("/static", StaticFiles(directory=WEB / "static"), name="static")

    async def page() -> FileResponse:
        """Every page is the same shell; the browser's modules draw the page for the path."""
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)


def keep_pad(
    system: str, options: dict[str, Any], deals: list[str], dealer: str, finished: bool
) -> dict[str, Any]:
    """Score deal lines on a pad; a bad line is reported and skipped, the others count."""
    rules = pad_rules(system, **{k: v for k, v in options.items() if k in _PAD_OPTIONS})
    sheet = new_sheet(rules, parse_seat(dealer))
    errors: list[dict[str, Any]] = []
    for number, line in enumerate(deals, start=1):
        if not line.strip():
            continue
        try:
            sheet = add(sheet, parse_pad_line(line))
        except VazaError as error:
            errors.append({"line": number, "text": line, "message": str(error)})
    if finished and not sheet.over:
        sheet = close(sheet)
    return {"sheet": sheet.to_dict(), "errors": errors}


_PAD_OPTIONS = frozenset(("honours", "doubled_overtricks", "vul_cycle", "partscores", "passed_out"))
WEB = Path(__file__).resolve().parent.parent / "web"
PAGES = (
    "/",
    "/login",
    "/lobby",
    "/table/{table_id}",
    "/history",
    "/deal/{deal_id}",
    "/pad",
    "/settings",
    "/rules",
    "/rules/{game}",
    "/events",
    "/events/{event_id}",
)
