"""Defences in front of the API: cross-site request forgery and log-in rate limits.

CSRF: every request that changes something must be JSON and, when the browser says where it
comes from (``Origin``), come from this site.  A form on another site can post only
url-encoded or multipart bodies without a CORS pre-flight, and a pre-flighted request from
another origin is never allowed here, so a forged request cannot reach a handler.  The
WebSocket's handshake is checked the same way (`origin_allowed`): a page on another site
cannot open a socket with a visitor's cookie and sit at their seat.


Rate limits: a sliding window per client address and per account name for log-ins and
registrations, so passwords cannot be guessed at speed.  The windows live in each process; with
several processes behind a load balancer each one limits what reaches it.
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Awaitable, Callable, Collection, Mapping
from typing import Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from vaza.core.errors import VazaError

SAFE_METHODS = frozenset(("GET", "HEAD", "OPTIONS"))


def origin_allowed(headers: Headers, allowed: Collection[str] = ()) -> bool:
    """Whether a request or a WebSocket handshake may come from where it says it comes from:
    no Origin (not a browser: browsers always send one on a handshake and on a cross-site
    request), this site (the Host it was sent to), or one of the deployment's `allowed`
    origins (``https://club.example``).  ``null`` (a sandboxed or file page) never."""
    origin = headers.get("origin")
    if origin is None:
        return True
    if origin == "null":
        return False
    return urlsplit(origin).netloc == headers.get("host", "") or origin.rstrip("/") in allowed


async def csrf_guard(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    if request.method in SAFE_METHODS or request.url.path.startswith("/ws"):
        return await call_next(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    has_body = request.headers.get("content-length", "0") not in ("", "0")
    if has_body and kind != "application/json":
        return _refuse("send JSON (Content-Type: application/json)")
    if not origin_allowed(request.headers, request.app.state.config.allowed_origins):
        return _refuse("this request comes from another site")
    return await call_next(request)


def _refuse(message: str) -> JSONResponse:
    return JSONResponse({"code": "forbidden", "message": message}, status_code=403)


class RateLimiter:
    """At most `limit` events per `window` seconds for each key."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._events: defaultdict[str, deque[float]] = defaultdict(deque)

    def allow(self, *keys: str) -> bool:
        """Count one event for every key; False (and nothing counted) if any is over."""
        now = time.monotonic()
        queues = [self._events[key] for key in keys]
        for queue in queues:
            while queue and now - queue[0] > self.window:
                queue.popleft()
        if any(len(queue) >= self.limit for queue in queues):
            return False
        for queue in queues:
            queue.append(now)
        if len(self._events) > 100_000:  # forget idle keys now and then
            for key in [k for k, q in self._events.items() if not q]:
                del self._events[key]
        return True

    def retry_after(self, key: str) -> int:
        queue = self._events.get(key)
        if not queue:
            return 0
        return max(1, int(self.window - (time.monotonic() - queue[0])) + 1)


class LimitReached(VazaError):
    """A limit that follows the person was reached: `kind` names it (for a translated
    sentence on the page), `figure` is the limit, `retry_after` the seconds to wait, if any."""

    code = "limit"

    def __init__(self, kind: str, figure: int, message: str, retry_after: int = 0) -> None:
        super().__init__(message)
        self.kind = kind
        self.figure = figure
        self.retry_after = retry_after

    def to_json(self) -> dict[str, object]:
        return {
            "code": self.code,
            "message": str(self),
            "limit": self.kind,
            "max": self.figure,
            "retry_after": self.retry_after,
        }


class FailedLogins:
    """Wrong passwords per account: after `free` of them within `window` seconds, each
    further wrong one is answered "wait" for a time that doubles (30 s, 60 s … at most the
    window), and during the wait every attempt at the account, right or wrong and from any
    address, gets that same answer (guessing from many addresses is bounded per account).
    The owner's browser is let through all the same by its device cookie (`accounts_api`),
    so a stranger who fills the count cannot keep the owner out there."""

    def __init__(self, free: int = 10, window: float = 900.0) -> None:
        self.free = free
        self.window = window
        self._failures: dict[str, deque[float]] = {}
        self._until: dict[str, float] = {}
        """When each account's current wait ends (monotonic seconds)."""

    def waiting(self, name: str) -> int:
        """The seconds left of the account's wait (0: none): every attempt meanwhile, right
        or wrong, is answered as a wrong one past the free ones is."""
        left = self._until.get(name, 0.0) - time.monotonic()
        if left <= 0:
            self._until.pop(name, None)
            return 0
        return int(left) + 1

    def _recent(self, name: str, now: float) -> deque[float]:
        queue = self._failures.setdefault(name, deque())
        while queue and now - queue[0] > self.window:
            queue.popleft()
        return queue

    def succeeded(self, name: str) -> None:
        self._failures.pop(name, None)
        self._until.pop(name, None)

    def failed(self, name: str) -> int:
        """Count a wrong password; the seconds to wait before the next try (0: none)."""
        now = time.monotonic()
        queue = self._recent(name, now)
        queue.append(now)
        if len(self._failures) > 100_000:
            for key in [k for k, q in self._failures.items() if not q]:
                del self._failures[key]
        if len(self._until) > 100_000:
            for key in [k for k, end in self._until.items() if end < now]:
                del self._until[key]
        over = len(queue) - self.free
        wait = 0 if over <= 0 else int(min(self.window, 30 * 2 ** (over - 1)))
        if wait:
            self._until[name] = now + wait
        return wait


SMALL_BODIES: Final = {"/api/pad": 256_000}
"""Paths whose bodies are small by nature, with a cap of their own: the score pad's 500 lines
of at most 200 characters fit in 256 KB; a dense 3.8 MB body of JSON once cost it 30 MB of
memory to parse (ten at once, 318 MB)."""


class BodyLimit:
    """ASGI middleware refusing request bodies over `limit` bytes with 413, whether they say
    their length (Content-Length) or stream it."""

    def __init__(self, app: ASGIApp, limit: int, paths: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.paths = dict(paths or {})
        """Smaller limits for the paths whose bodies are not meant to be large (`SMALL_BODIES`)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.paths.get(scope.get("path", ""), self.limit)
        length = dict(scope.get("headers") or ()).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > limit:
            await _too_large(limit, send)
            return
        seen = 0
        answered = False

        async def counted() -> Message:
            """The body as it comes; past the limit, the 413 is sent and the app is told the
            client left (whatever it then answers is dropped)."""
            nonlocal seen, answered
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > limit:
                if not answered:
                    answered = True
                    await _too_large(limit, send)
                return {"type": "http.disconnect"}
            return message

        async def unless_answered(message: Message) -> None:
            if not answered:
                await send(message)

        await self.app(scope, counted, unless_answered)


async def _too_large(limit: int, send: Send) -> None:
    response = JSONResponse(
        {
            "code": "limit",
            "limit": "body",
            "max": limit,
            "message": (
                f"a request body is at most {limit // 1_000_000} MB"
                if limit >= 1_000_000
                else f"this request's body is at most {limit // 1_000} KB"
            ),
        },
        status_code=413,
    )
    await response({"type": "http"}, _nothing, send)


async def _nothing() -> Message:
    return {"type": "http.disconnect"}


SECURITY_HEADERS: Final = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; "
        "frame-ancestors 'none'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""Sent with every HTTP answer: the page loads only its own scripts and styles (inline style
attributes aside: the cards' layout), talks only to its own server, and no other site may
frame it."""


async def security_headers(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    response = await call_next(request)
    response.headers.update(SECURITY_HEADERS)
    return response
