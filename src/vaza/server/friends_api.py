"""Friends: the list (who is online, at which public table), adding by name, removing, and a
one-click invitation to the table you sit at.  Every decision is `FriendService`'s; friends
are named by name, never by account id."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi import Path as FastApiPath
from pydantic import BaseModel, Field

from vaza.app.friends import FriendService, FriendsFull
from vaza.server.deps import User
from vaza.server.guard import LimitReached
from vaza.store.friends_sql import SqlFriendStore

router = APIRouter(prefix="/api/friends", tags=["friends"])
Name = Annotated[str, FastApiPath(min_length=1, max_length=40)]


def friend_service(request: Request) -> FriendService:
    """The app's FriendService, made from its services the first time it is needed."""
    state = request.app.state
    service: FriendService | None = getattr(state, "friends", None)
    if service is None:
        svc = state.services
        service = FriendService(
            svc.store,
            SqlFriendStore(svc.database),
            state.presence,
            svc.hub.tables,
            state.config.friends,
        )
        state.friends = service
    return service


Friends = Annotated[FriendService, Depends(friend_service)]


class NewFriend(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class Invitation(BaseModel):
    table: str = Field(min_length=1, max_length=32)
    """A table you sit at (or created): `your_tables` of the list."""


@router.get("")
async def friends(user: User, service: Friends) -> dict[str, Any]:
    """Your friends, online first: each with `online` and the public `table` they are at;
    and `your_tables`, the tables you sit at, where a friend may be invited."""
    return await service.listing(user)


@router.post("", status_code=201)
async def add_friend(body: NewFriend, user: User, service: Friends) -> dict[str, Any]:
    """Adds the person with that name (in any case); again, it changes nothing."""
    try:
        friend = await service.add(user, body.name)
    except FriendsFull as full:
        raise LimitReached("friends", full.limit, str(full)) from None
    return {"name": friend.name, "guest": friend.is_guest}


@router.delete("/{name}")
async def remove_friend(name: Name, user: User, service: Friends) -> dict[str, bool]:
    await service.remove(user, name)
    return {"ok": True}


@router.post("/{name}/invite")
async def invite_friend(
    name: Name, body: Invitation, user: User, service: Friends
) -> dict[str, str]:
    """Invites a friend to a table you sit at, as the table's invitation form does: they are
    sent an `invitation` message on their connections."""
    try:
        invited = await service.invite(user, name, body.table)
    except KeyError:
        raise HTTPException(404, "no such table") from None
    return {"name": invited, "table": body.table}
