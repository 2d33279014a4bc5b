"""Accounts: registering, logging in (with limits on attempts and wrong passwords), guests,
logging out, and a person's settings."""

from __future__ import annotations

from contextlib import suppress
from typing import Any

from fastapi import APIRouter, HTTPException, Request, Response
from itsdangerous import BadSignature
from pydantic import BaseModel, Field

from vaza.app.users import AccountError
from vaza.server.deps import COOKIE, GUEST_LIFETIME, Services, Svc, User
from vaza.server.guard import FailedLogins, LimitReached, RateLimiter
from vaza.store.port import UserRecord

router = APIRouter(tags=["accounts"])


class Credentials(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=256)
    language: str | None = None


class NameChange(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class GuestRequest(BaseModel):
    language: str | None = None


class Settings(BaseModel):
    language: str | None = None
    accept_invitations: bool | None = None
    sound: bool | None = None
    compact_cards: bool | None = None
    four_colours: bool | None = None
    confirm_cards: bool | None = None


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


def _secure(request: Request) -> bool:
    """Whether session cookies are sent over HTTPS only (`ServerConfig.secure_cookies`)."""
    return bool(request.app.state.config.secure_cookies)


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


@router.post("/api/register")
async def register(
    body: Credentials, request: Request, response: Response, svc: Svc
) -> dict[str, Any]:
    _limit(request, f"name:{body.name.casefold()}")
    user = await svc.users.register(body.name, body.password, body.language)
    await _log_in(svc, response, user, _secure(request))
    _remember_device(svc, response, body.name.casefold(), _secure(request))
    return _me(user)


DEVICE_COOKIE = "vaza_device"
"""A browser that has logged into an account: its attempts skip the account's wait."""


def _known_device(request: Request, svc: Services, name: str) -> bool:
    cookie = request.cookies.get(DEVICE_COOKIE)
    if not cookie:
        return False
    try:
        return bool(svc.signer.loads(cookie) == {"device": name})
    except BadSignature:
        return False


def _remember_device(svc: Services, response: Response, name: str, secure: bool) -> None:
    response.set_cookie(
        DEVICE_COOKIE,
        svc.signer.dumps({"device": name}),
        httponly=True,
        samesite="lax",
        secure=secure,
        max_age=60 * 60 * 24 * 365,
    )


def _wait(failures: FailedLogins, shown: str, wait: int) -> LimitReached:
    return LimitReached(
        "failed_logins",
        failures.free,
        f"too many wrong passwords for {shown}; wait {wait} s and try again",
        retry_after=wait,
    )


@router.post("/api/login")
async def login(
    body: Credentials, request: Request, response: Response, svc: Svc
) -> dict[str, Any]:
    _limit(request)  # per address: a stranger cannot fill the owner's limit
    failures: FailedLogins = request.app.state.failed_logins
    name = body.name.casefold()
    known = _known_device(request, svc, name)
    if not known and (wait := failures.waiting(name)):
        raise _wait(failures, body.name, wait)  # right or wrong: the same answer
    try:
        user = await svc.users.login(body.name, body.password)
    except AccountError as error:
        wait = failures.failed(name)
        if wait:
            raise _wait(failures, body.name, wait) from None
        raise HTTPException(401, str(error)) from None
    failures.succeeded(name)
    await _log_in(svc, response, user, _secure(request))
    _remember_device(svc, response, name, _secure(request))
    return _me(user)


@router.post("/api/guest")
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
    await _log_in(svc, response, user, _secure(request))
    return _me(user)


@router.post("/api/logout")
async def logout(request: Request, response: Response, svc: Svc) -> dict[str, bool]:
    cookie = request.cookies.get(COOKIE)
    if cookie:
        with suppress(BadSignature):
            await svc.store.delete_session(str(svc.signer.loads(cookie)))
    response.delete_cookie(COOKIE)
    return {"ok": True}


@router.get("/api/me")
async def me(user: User) -> dict[str, Any]:
    return _me(user)


@router.put("/api/me/settings")
async def settings(body: Settings, user: User, svc: Svc) -> dict[str, Any]:
    changes = body.model_dump(exclude_none=True)
    return _me(await svc.users.update_settings(user, changes))


@router.put("/api/me/name")
async def rename(body: NameChange, user: User, svc: Svc) -> dict[str, Any]:
    """A guest chooses its name (`UserService.rename_guest`)."""
    return _me(await svc.users.rename_guest(user, body.name))
