"""What every route of the server depends on: the services of the app, and who is asking (the
session cookie's user).  The app and its routers (`tournaments_api`) read them here, so neither
imports the other."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Annotated, Final

from fastapi import Depends, HTTPException, Request
from itsdangerous import BadSignature, URLSafeSerializer

from vaza.app.service import TableService
from vaza.app.users import UserService
from vaza.server.hub import Hub
from vaza.store.db import Database
from vaza.store.port import UserRecord
from vaza.store.sql import SqlStore

COOKIE: Final = "vaza_session"
GUEST_LIFETIME: Final = timedelta(days=7)
"""How long a guest account plays: its session ends a week after it was made (an account, with
a password, keeps its sessions for 30 days)."""


@dataclass
class Services:
    database: Database
    store: SqlStore
    users: UserService
    tables: TableService
    hub: Hub
    signer: URLSafeSerializer


def services(request: Request) -> Services:
    return request.app.state.services  # type: ignore[no-any-return]


async def user_from_cookie(svc: Services, cookie: str | None) -> UserRecord | None:
    if not cookie:
        return None
    try:
        token = svc.signer.loads(cookie)
    except BadSignature:
        return None
    since = datetime.now(UTC) - GUEST_LIFETIME
    return await svc.store.session_user(str(token), guests_since=since)


async def current_user(
    request: Request, svc: Annotated[Services, Depends(services)]
) -> UserRecord | None:
    return await user_from_cookie(svc, request.cookies.get(COOKIE))


async def required_user(
    user: Annotated[UserRecord | None, Depends(current_user)],
) -> UserRecord:
    if user is None:
        raise HTTPException(401, "log in or play as a guest first")
    return user


Svc = Annotated[Services, Depends(services)]
User = Annotated[UserRecord, Depends(required_user)]
MaybeUser = Annotated[UserRecord | None, Depends(current_user)]
