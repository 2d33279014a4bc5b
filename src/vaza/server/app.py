"""The ASGI app: pages, a JSON API with an OpenAPI schema, and one WebSocket per client.

A thin transport: every rule lives in the core, every decision about a table in the application
layer.  Sessions are signed, HTTP-only cookies naming a server-side session.
"""

from __future__ import annotations

import gc
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from itsdangerous import URLSafeSerializer

from vaza import __version__
from vaza.app.cluster import Cluster
from vaza.app.friends import FRIENDS_LIMIT
from vaza.app.service import ServiceOptions, TableService
from vaza.app.users import UserService
from vaza.bus.leases import LEASE_SECONDS, Leases, LocalLeases, RedisLeases, process_id
from vaza.bus.memory import MemoryBus
from vaza.bus.port import Bus
from vaza.bus.presence import presence_board
from vaza.bus.redis import RedisBus
from vaza.core.errors import VazaError
from vaza.server.accounts_api import router as accounts_router
from vaza.server.deps import (
    COOKIE,
    Services,
    user_from_cookie,
)
from vaza.server.friends_api import router as friends_router
from vaza.server.games_api import MEANINGS_PER_MINUTE
from vaza.server.games_api import router as games_router
from vaza.server.guard import (
    SMALL_BODIES,
    BodyLimit,
    FailedLogins,
    LimitReached,
    RateLimiter,
    csrf_guard,
    origin_allowed,
    security_headers,
)
from vaza.server.hub import Hub
from vaza.server.presence import ClubPresence
from vaza.server.tables_api import can_view
from vaza.server.tables_api import router as tables_router
from vaza.server.tournaments_api import router as tournaments_router
from vaza.store.db import PRIVATE, default_url, open_database, private_file
from vaza.store.sql import SqlStore

log = logging.getLogger("vaza.server")
WS_POLICY_VIOLATION: Final = 1008
"""The WebSocket close code for a handshake refused by policy (another site's page)."""


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
    friends: int = FRIENDS_LIMIT
    """Friends one person may have."""
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
        private_file(path)  # 0600 before the key is in it
        path.write_text(secrets.token_urlsafe(48))
    path.chmod(PRIVATE)
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
        if not config.data_dir.exists():
            config.data_dir.mkdir(parents=True, mode=0o700)  # the club's own folder
        database = await open_database(config.db_url or default_url(config.data_dir))
        store = SqlStore(database)
        bus, leases = open_bus(config.bus_url, config.lease_seconds)
        tables = TableService(store, bus, ServiceOptions(away_after=config.away_after))
        cluster = Cluster(tables, bus, leases)
        hub = Hub(cluster, can_view, store.user_by_name)
        await hub.start()
        presence = app.state.presence = ClubPresence(hub, presence_board(bus, cluster.me))
        app.state.services = Services(
            database, store, UserService(store), tables, hub, URLSafeSerializer(_secret(config))
        )
        await cluster.start()
        await presence.start()
        log.info("serving %d tables (process %s)", len(tables.tables), cluster.me)
        app.state.ready = True
        _settle_garbage_collector()
        try:
            yield
        finally:
            app.state.ready = False
            await presence.close()
            await cluster.close()
            await tables.close()
            await store.close()
            await bus.close()
            await database.close()

    app = FastAPI(title="Vaza", version=__version__, lifespan=lifespan)
    app.middleware("http")(csrf_guard)
    app.middleware("http")(security_headers)
    app.add_middleware(BodyLimit, limit=config.max_body, paths=SMALL_BODIES)
    app.state.ready = False
    app.state.logins = RateLimiter(config.login_attempts, 60.0)
    app.state.failed_logins = FailedLogins(config.failed_logins)
    app.state.guests = RateLimiter(config.guests_per_hour, 3600.0)
    app.state.meanings = RateLimiter(MEANINGS_PER_MINUTE, 60.0)
    app.state.config = config
    _routes(app)
    routers = (accounts_router, friends_router, games_router, tables_router, tournaments_router)
    for router in routers:
        app.include_router(router)
    return app


def _routes(app: FastAPI) -> None:
    config: ServerConfig = app.state.config

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
