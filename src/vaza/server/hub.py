"""The WebSocket hub: each connected client, what it watches, and what it may be sent.

Every outgoing table message carries the view of the client's own audience (its seat, or the
kibitzers'), taken from the views the service computed through the core: a client is never sent
another audience's view.  A bad message gets an `error` reply; it never closes anyone's
connection or stops a table.

The hub keeps no timers: it reports, as a command down the one path, that a seated person's last
connection to a table closed (`left`) or that one opened again (`back`), through
`vaza.server.presence`; the table's service holds the seat and marks the person away when the
hold runs out (`vaza.app.deadlines`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketDisconnected

from vaza.app import seat_moves
from vaza.app.cluster import Cluster
from vaza.app.commands import Command, Invite, MarkBack
from vaza.app.service import Snapshot
from vaza.app.table import SYSTEM, Actor, Forbidden, TableState
from vaza.app.updates import LOBBY, Update, user_topic
from vaza.core.errors import VazaError
from vaza.core.table_events import Left
from vaza.core.views.audience import chat_for, event_for, is_kibitzer
from vaza.json_types import JSON
from vaza.protocol import patch
from vaza.server import messages
from vaza.server.at_table import AtTable
from vaza.server.catch_up import within_bytes
from vaza.server.clients import (
    OUTBOX,
    WS_TRY_AGAIN_LATER,
    Bucket,
    Client,
    Connections,
    Sent,
    dumps,
    error_message,
)
from vaza.server.guard import LimitReached, RateLimiter
from vaza.server.kibitzers import Coalesced
from vaza.store.port import TableRecord, UserRecord

log = logging.getLogger("vaza.ws")

CHAT_PER_MINUTE = 20
"""Chat lines a person may send to one table in a minute."""


class NoSuchUser(VazaError):
    """An invitation to a name no account has: said as such, not as a refusal."""

    code: ClassVar[str] = "no_user"


class Hub:
    def __init__(
        self,
        tables: Cluster,
        can_view: Callable[[UserRecord | None, TableRecord, str | None], bool],
        find_user: Callable[[str], Awaitable[UserRecord | None]],
    ) -> None:
        self.tables = tables
        self.can_view = can_view
        self.find_user = find_user
        self.clients = Connections()
        self._watching: dict[str, set[Client]] = {}
        """The clients watching each table: an update goes to them without looking at the others."""
        self._buckets: dict[int | str, Bucket] = {}
        """Each person's flood limit, whichever connection they write on (logged-out
        connections: their address's)."""
        self._chat = RateLimiter(CHAT_PER_MINUTE, 60.0)
        self._sent: dict[str, Sent] = {}
        """What each watched table's clients were last sent: the next update's patches are
        written against it."""
        self._still_here: set[asyncio.Future[None]] = set()
        """Telling a table that a person it thinks left is connected here (`_back`)."""
        self.people = AtTable(tables, self.users_watching)
        """Who is at each table: leaving, returning, and the clocks shown for them."""
        self.kibitzers_told = Coalesced(self._tell_kibitzers)
        """Who kibitzes, told at most once a second per table."""
        self.unsubscribe = tables.service.subscribe(
            self.on_update, self.to_table, self.users_watching
        )

    async def start(self) -> None:
        await self.tables.bus.subscribe(LOBBY, self.on_lobby)

    # -- connection lifetime ------------------------------------------------------------

    async def serve(self, socket: WebSocket, user: UserRecord | None) -> None:
        await socket.accept()
        client = Client(socket, user)
        who: int | str = user.id if user is not None else f"ip:{_address(socket)}"
        client.bucket = self._buckets.setdefault(who, client.bucket)
        writer = asyncio.ensure_future(client.write())
        self.clients.add(client)
        cancel_user = None
        if user is not None:
            cancel_user = await self.tables.bus.subscribe(user_topic(user.id), client.send)
        try:
            while True:
                frame = await socket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: say so, and keep the connection
                    await client.send(
                        error_message("parse_error", "send JSON text frames, not binary")
                    )
                    continue
                await self.receive(client, text)
        except (WebSocketDisconnect, WebSocketDisconnected):
            pass  # the client left (or a send to it failed and the socket closed)
        except Exception:
            log.exception("connection failed")
        finally:
            writer.cancel()
            self.clients.discard(client)
            if cancel_user is not None:
                await cancel_user()
            for table_id in list(client.tables):
                self._unwatch(client, table_id)
                await self.people.left(client, table_id)
                await self.presence(table_id)

    async def receive(self, client: Client, text: str) -> None:
        ref = messages.ref_of(text)  # echoed on every error, a malformed message's too
        try:
            if not client.bucket.allow():
                # The writer runs before the refusal is queued: a burst read back reply by
                # reply never fills the outbox (which would close the socket, 1013).
                await asyncio.sleep(0)
                raise _Flood("too many messages; slow down")
            message = messages.parse_message(text)
            await self.dispatch(client, message)
        except LimitReached as error:
            await client.send({"type": "error", **error.to_json(), "ref": ref})
        except VazaError as error:
            await client.send(error_message(error.code, str(error), ref))
        except KeyError:
            await client.send(error_message("not_found", "no such table", ref))
        except Exception:  # our failure, not the client's: say so, and keep the connection
            log.exception("a command failed")
            await client.send(
                error_message(
                    "unavailable", "the server could not do that just now; try again", ref
                )
            )

    # -- dispatch -----------------------------------------------------------------------

    async def dispatch(self, client: Client, message: Any) -> None:
        kind = message.type
        if kind == "ping":
            await client.send({"type": "pong", "ref": message.ref})
        elif kind == "lobby":
            client.lobby = True
            await client.send({"type": "lobby", "tables": await self._lobby_list()})
        elif kind == "hello":
            await self.hello(client, message.table, message.invite, message.since, message.patches)
        elif kind == "leave":
            self._unwatch(client, message.table)
            await self.people.left(client, message.table)
            await self.presence(message.table)
        else:
            await self.command(client, message)

    async def hello(
        self,
        client: Client,
        table_id: str,
        invite: str | None,
        since: int | None,
        patches: bool = False,
    ) -> None:
        live = await self.tables.watch(table_id)
        if not self.can_view(client.user, live.record, invite):
            raise Forbidden("this table is private: you need its invitation link")
        state = live.state
        seat = state.seat_of(client.user.id if client.user else None)
        if seat is None and not seat_moves.admits(state, client.user.id if client.user else None):
            raise Forbidden("this table does not allow visitors")
        occupant = None if seat is None else state.occupants[seat]
        if seat is not None and occupant is not None and not occupant.arrived:
            # Here for the first time (a duplicate event seated them): told before the
            # snapshot, which then holds it; nothing on their page changes.
            await self.tables.handle(table_id, SYSTEM, MarkBack(seat))
        live = self.tables.state_of(table_id) or live

        async def deliver(snapshot: Snapshot) -> None:
            # The client watches with its snapshot queued first: every update it then gets
            # comes after the snapshot, none is missed.
            audience = _audience(client, snapshot.live.state)
            user_id = client.user.id if client.user else None
            message = self._snapshot(snapshot, audience, user_id)
            version = snapshot.live.state.version
            self._watch(client, table_id)
            client.patched.pop(table_id, None)
            if patches and message["view"] is not None:
                # The snapshot is the first patch's base (nothing is sent between the two).
                self._sent_to(table_id).views[audience] = (version, message["view"])
                client.patched[table_id] = (audience, version)
            await client.send(message)

        await self.tables.service.snapshot(live, since, deliver)
        if seat is not None:  # after the snapshot: the page draws its update on the snapshot
            await self.people.back(client, live, seat)
        await self.presence(table_id)

    async def command(self, client: Client, message: Any) -> None:
        table_id = message.table
        if table_id not in client.tables:
            raise Forbidden("say hello to the table first")
        if client.user is None:
            raise Forbidden("log in or play as a guest first")
        if message.type == "chat" and not self._chat.allow(f"{client.user.id}:{table_id}"):
            raise LimitReached(
                "chat",
                CHAT_PER_MINUTE,
                f"at most {CHAT_PER_MINUTE} chat messages a minute at a table; slow down",
                retry_after=self._chat.retry_after(f"{client.user.id}:{table_id}"),
            )
        command: Command
        if message.type == "invite":
            command = await self._invitation(message.user, message.seat)
        else:
            command = messages.command_of(message)
        await self.tables.handle(table_id, Actor(client.user.id, client.user.name), command)
        if message.type in ("sit", "stand"):  # a watcher became a player, or back again
            await self.presence(table_id)

    async def _invitation(self, name: str, seat: str | None = None) -> Invite:
        user = await self.find_user(name)
        if user is None:
            raise NoSuchUser(f"there is no user called {name}")
        if not user.settings.get("accept_invitations", True):
            raise Forbidden(f"{user.name} does not accept invitations")
        return Invite(user.id, seat)

    # -- outgoing -----------------------------------------------------------------------

    def _snapshot(self, snapshot: Snapshot, audience: str, client_id: int | None) -> JSON:
        """The table now as `audience` may see it, with the past events it may learn of."""
        live = snapshot.live
        state = live.state
        table_id = state.id
        message: JSON = {
            "type": "snapshot",
            "table": table_id,
            "version": state.version,
            "seat": _seat(audience, state),
            "options": state.options.to_json(),
            "status": state.status,
            "you_created": client_id is not None and client_id == state.creator,
            "occupants": _occupants(state),
            "view": snapshot.views.get(audience),
            "chat": chat_for(state.chat, audience, state.match.in_deal),
            "kibitzers": self.kibitzer_names(table_id),
            "time_left": live.time_left(time.time()),
            **self.people.clocks(live),
        }
        if snapshot.past is not None:
            # Each as its audience may learn of it (the view carries what it may see now);
            # chat from then is read as between deals.
            public = state.spec.actions.public
            events = [
                {"version": version, **event_for(event, audience, public, in_deal=True)}
                for version, event in snapshot.past
            ]
            if within_bytes(events):  # else the snapshot alone, as from too far back
                message["events"] = events
        return message

    async def on_update(self, update: Update) -> None:
        """Send each watching client its audience's message, serialised once per audience:
        the new view whole, or, to a client that takes patches and holds the view before
        this update, what changed in it (`protocol.patch`)."""
        live = self.tables.state_of(update.table_id)
        if live is None:
            return
        table_id = update.table_id
        occupants = _occupants(live.state)
        time_left = live.time_left(time.time())
        clocks = self.people.clocks(live)
        base = update.version - len(update.events)
        sent = self._sent_to(table_id)
        # Who sits where, to a client that takes patches, only when it changed.
        seated_as_before = occupants == sent.occupants
        sent.occupants = occupants
        texts: dict[tuple[str, bool], str] = {}
        fresh: dict[str, tuple[int, JSON]] = {}
        shared_before = sent.shared
        beside: tuple[JSON, patch.Patch] | None = None
        beside_known = False
        for client in self._watchers_of(table_id):
            audience = _audience(client, live.state)
            held = client.patched.get(table_id)
            before = sent.views.get(audience)
            as_patch = held == (audience, base) and before is not None and before[0] == base
            text = texts.get((audience, as_patch))
            if text is None:
                message: JSON = {
                    "type": "update",
                    "table": table_id,
                    "version": update.version,
                    "seat": _seat(audience, live.state),
                    "occupants": occupants,
                    "time_left": time_left,
                    **clocks,
                    **update.for_audience(audience),
                }
                view = message["view"]
                fresh[audience] = (update.version, view)
                if as_patch:
                    assert before is not None
                    del message["view"]
                    message["base"] = base
                    if not beside_known:  # once the first view is built
                        beside_known = True
                        beside = _shared_patch(shared_before, update.views.shared(), base)
                    if beside is None:
                        message["patch"] = patch.diff(before[1], view)
                    else:  # what the audiences hold alike is compared once, not once each
                        message["patch"] = patch.diff_beside(before[1], view, *beside)
                    if seated_as_before:
                        del message["occupants"]
                    # The patch's base was this audience's, so its seat is the one the client
                    # holds; a chat line is news only when there is one.
                    del message["seat"]
                    if not message["chat"]:
                        del message["chat"]
                text = texts[(audience, as_patch)] = dumps(message)
            if held is not None:
                client.patched[table_id] = (audience, update.version)
            await client.send_text(text)
        sent.views.update(fresh)
        shared = update.views.shared()
        sent.shared = None if shared is None else (update.version, shared)
        for event in update.events:
            if isinstance(event, Left) and self._seated_here(update.table_id, live.state, event):
                self._still_here.add(asyncio.ensure_future(self._back(update.table_id, event)))

    def _seated_here(self, table_id: str, state: TableState, event: Left) -> bool:
        """A person said to have left is connected to the table here: the process that serves
        the table (after adopting it, in a cluster) cannot see connections to this one."""
        occupant = state.occupants.get(event.seat)
        user_id = None if occupant is None else occupant.user_id
        return user_id is not None and user_id in self.users_watching(table_id)

    async def _back(self, table_id: str, event: Left) -> None:
        seat = event.seat
        try:
            await self.tables.handle(table_id, SYSTEM, MarkBack(seat))
        except VazaError as error:
            log.info("table %s: could not say %s is here: %s", table_id, seat, error)
        finally:
            self._still_here = {task for task in self._still_here if not task.done()}

    async def on_lobby(self, message: JSON) -> None:
        for client in list(self.clients):
            if client.lobby and message.get("summary", {}).get("public", True):
                await client.send({"type": "lobby_update", **message})

    async def _lobby_list(self) -> list[JSON]:
        records = await self.tables.store.tables(public_only=True, unfinished_only=True)
        listing = []
        for record in records[:200]:
            summary = dict(record.summary)
            summary["kibitzers"] = self.watchers(record.id)
            listing.append({"table": record.id, "summary": summary})
        return listing

    def _sent_to(self, table_id: str) -> Sent:
        sent = self._sent.get(table_id)
        if sent is None:
            sent = self._sent[table_id] = Sent()
        return sent

    def _watchers_of(self, table_id: str) -> list[Client]:
        """A copy: sending awaits, and clients come and go meanwhile."""
        return list(self._watching.get(table_id, ()))

    def _watch(self, client: Client, table_id: str) -> None:
        client.tables.add(table_id)
        self._watching.setdefault(table_id, set()).add(client)

    def _unwatch(self, client: Client, table_id: str) -> None:
        client.tables.discard(table_id)
        watchers = self._watching.get(table_id)
        if watchers is not None:
            watchers.discard(client)
            if not watchers:
                del self._watching[table_id]
                self._sent.pop(table_id, None)
        client.patched.pop(table_id, None)

    def _kibitzers(self, table_id: str) -> list[Client]:
        """The clients watching a table without a seat in it."""
        live = self.tables.state_of(table_id)
        if live is None:
            return []
        return [
            client
            for client in self._watchers_of(table_id)
            if is_kibitzer(_audience(client, live.state))
        ]

    def kibitzer_names(self, table_id: str) -> list[str]:
        """Who watches a table without a seat (each name once)."""
        return sorted({c.user.name if c.user else "?" for c in self._kibitzers(table_id)})

    async def to_table(self, table_id: str, message: JSON) -> None:
        """A message for everyone watching a table."""
        text = dumps(message)
        for client in self._watchers_of(table_id):
            await client.send_text(text)

    async def presence(self, table_id: str) -> None:
        """Who kibitzes a table changed: its watchers are told, at most once a second."""
        await self.kibitzers_told.changed(table_id)

    async def _tell_kibitzers(self, table_id: str) -> None:
        names = self.kibitzer_names(table_id)
        await self.to_table(table_id, {"type": "kibitzers", "table": table_id, "names": names})

    def watchers(self, table_id: str) -> int:
        """Kibitzers watching a table now."""
        return len(self._kibitzers(table_id))

    # -- presence -----------------------------------------------------------------------

    def users_watching(self, table_id: str) -> set[int]:
        """The users with a connection to a table here (`TableService.connected`)."""
        return {c.user.id for c in self._watchers_of(table_id) if c.user is not None}


class _Flood(VazaError):
    code = "flood"


def _audience(client: Client, state: TableState) -> str:
    """Whose view a client gets at a table: its seat's, or the kibitzers'."""
    return state.audience(client.user.id if client.user else None)


def _shared_patch(
    before: tuple[int, JSON] | None, shared: JSON | None, base: int
) -> tuple[JSON, patch.Patch] | None:
    """The part of a table's views that every audience holds alike, `shared`, with its patch
    from the one last sent (`before`, with its version); None where each view must be diffed
    whole: the match shares no part, the part last sent is not of the patches' `base`, or its
    keys changed."""
    if shared is None or before is None or before[0] != base or before[1].keys() != shared.keys():
        return None
    return shared, patch.diff(before[1], shared)


def _occupants(state: TableState) -> JSON:
    """Who sits where, as everyone at the table may learn it: no account ids (a client learns
    its own seat from `seat`)."""
    return seat_moves.occupants_json(state)


def _seat(audience: str, state: TableState) -> str | None:
    """The recipient's own seat, if it has one."""
    return audience if audience in state.match.seat_labels else None


def _address(socket: WebSocket) -> str:
    return socket.client.host if socket.client else "?"


__all__ = ["OUTBOX", "WS_TRY_AGAIN_LATER", "Client", "Hub"]
