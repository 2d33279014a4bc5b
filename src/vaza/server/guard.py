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
from collections.abc import Awaitable, Callable, Collection
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

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
