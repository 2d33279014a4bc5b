"""Friends: a person's list of the people they follow (added by name), who of them is online
and at which public table, and a one-click invitation to the table the person sits at.

A friend is known to the server by account, to the person by name: no account id is ever
in what the service returns (issue 47).  Online means a live connection to the club; where a
friend is comes from the club's presence (`Presence`), which the server keeps across its
processes.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from vaza.app.commands import Invite
from vaza.app.seating import Actor, Forbidden
from vaza.core.errors import VazaError
from vaza.json_types import JSON
from vaza.store.friends_port import FriendRecord, FriendStore
from vaza.store.port import Store, UserRecord

FRIENDS_LIMIT = 200
"""Friends one person may have (`ServerConfig.friends`)."""


class UnknownName(VazaError):
    """No account has that name: said as such, never as a refusal."""

    code: ClassVar[str] = "unknown_name"


class NotAFriend(VazaError):
    code: ClassVar[str] = "not_a_friend"


class Yourself(VazaError):
    """One is not one's own friend."""

    code: ClassVar[str] = "yourself"


class FriendsFull(VazaError):
    """The person has as many friends as the club allows (the server says it as a limit)."""

    code: ClassVar[str] = "friends_full"

    def __init__(self, limit: int) -> None:
        super().__init__(f"you have {limit} friends, the most one may have; remove one first")
        self.limit = limit


@dataclass(frozen=True, slots=True)
class Spot:
    """One table where a person is: connected to it (watching or playing), or seated at it."""

    table: str
    public: bool
    seated: bool
    game: str
    """The game's registry name (the page names it in the reader's language)."""

    def to_json(self) -> JSON:
        return {"table": self.table, "seated": self.seated, "game": self.game}


@dataclass(frozen=True, slots=True)
class Whereabouts:
    online: bool
    """A live connection to the club, on any of its processes."""
    spots: tuple[Spot, ...] = ()


OFFLINE = Whereabouts(False)


class Presence(Protocol):
    """Who is connected and where, across every process of the club."""

    async def where(self, user_ids: Collection[int]) -> dict[int, Whereabouts]:
        """Each asked person's whereabouts (those not online may be left out)."""
        ...


class Tables(Protocol):
    """The one path for a table's commands (`vaza.app.cluster.Cluster.handle`)."""

    async def handle(self, table_id: str, actor: Actor, command: Invite) -> int: ...


@dataclass(frozen=True, slots=True)
class FriendView:
    """A friend as the person sees them: a name, online or not, and the public table they
    are at (a private table is not told)."""

    name: str
    guest: bool
    online: bool
    spot: Spot | None

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "guest": self.guest,
            "online": self.online,
            "table": None if self.spot is None else self.spot.to_json(),
        }


def shown_spot(where: Whereabouts) -> Spot | None:
    """The public table a friend is seen at: one where they sit, else one they watch."""
    if not where.online:
        return None
    public = [spot for spot in where.spots if spot.public]
    public.sort(key=lambda spot: (not spot.seated, spot.table))
    return public[0] if public else None


class FriendService:
    def __init__(
        self,
        store: Store,
        friends: FriendStore,
        presence: Presence,
        tables: Tables,
        limit: int = FRIENDS_LIMIT,
    ) -> None:
        self.store = store
        self.friends = friends
        self.presence = presence
        self.tables = tables
        self.limit = limit

    async def _person(self, name: str) -> UserRecord:
        found = await self.store.user_by_name(name.strip()) if name.strip() else None
        if found is None:
            raise UnknownName(f"there is no user called {name.strip()}")
        return found

    async def add(self, user: UserRecord, name: str) -> FriendRecord:
        """Adds the person called `name` (in any case); adding a friend again changes
        nothing.  The count and the addition are one step: requests sent at once cannot pass
        the limit together (`Store.person_lock`)."""
        friend = await self._person(name)
        if friend.id == user.id:
            raise Yourself("you cannot add yourself")
        record = FriendRecord(friend.id, friend.name, friend.is_guest)
        async with self.store.person_lock("friends", user.id):
            known = {f.user_id for f in await self.friends.friends_of(user.id)}
            if friend.id in known:
                return record
            if len(known) >= self.limit:
                raise FriendsFull(self.limit)
            await self.friends.add_friend(user.id, friend.id)
        return record

    async def remove(self, user: UserRecord, name: str) -> None:
        friend = await self._person(name)
        if not await self.friends.remove_friend(user.id, friend.id):
            raise NotAFriend(f"{friend.name} is not among your friends")

    async def listing(self, user: UserRecord) -> JSON:
        """The person's friends (online first, then by name), and the tables the person sits
        at now, where a friend may be invited with one click."""
        friends = await self.friends.friends_of(user.id)
        where = await self.presence.where([user.id, *(f.user_id for f in friends)])
        views = [
            FriendView(f.name, f.is_guest, where.get(f.user_id, OFFLINE).online,
                       shown_spot(where.get(f.user_id, OFFLINE)))
            for f in friends
        ]  # fmt: skip
        views.sort(key=lambda view: (not view.online, view.name.casefold()))
        mine = [spot for spot in where.get(user.id, OFFLINE).spots if spot.seated]
        return {
            "friends": [view.to_json() for view in views],
            "limit": self.limit,
            "your_tables": _tables(mine),
        }

    async def invite(self, user: UserRecord, name: str, table_id: str) -> str:
        """Invites a friend to a table by the table's own path (`Invite`, which only its
        creator or a player may send); returns the friend's name."""
        friend = await self._person(name)
        if friend.id not in {f.user_id for f in await self.friends.friends_of(user.id)}:
            raise NotAFriend(f"{friend.name} is not among your friends")
        if not friend.settings.get("accept_invitations", True):
            raise Forbidden(f"{friend.name} does not accept invitations")
        await self.tables.handle(table_id, Actor(user.id, user.name), Invite(friend.id))
        return friend.name


def _tables(spots: Sequence[Spot]) -> list[JSON]:
    seen: dict[str, Spot] = {}
    for spot in spots:
        seen.setdefault(spot.table, spot)
    return [{"table": s.table, "game": s.game, "public": s.public} for s in seen.values()]
