"""Many server processes, one club: which process serves which table, and how they talk.

Each table is served by one process at a time, the holder of its lease (`vaza.bus.leases`).
A command that arrives at another process is forwarded to the owner over the bus, and the
answer comes back the same way.  After each commit the owner publishes the table's new events;
every other process whose clients watch the table keeps a replica, evolving the same events, so
it builds its own clients' views locally.  When an owner dies its leases expire; a process that
needs the table (a command, a watcher, or the scan for orphans) takes the lease and resumes the
table from its event log.

With the in-process bus and `LocalLeases` the process owns everything and none of this runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from vaza.app.commands import Command, from_json, to_json
from vaza.app.live import LiveTable
from vaza.app.repository import new_table_id
from vaza.app.service import TableService
from vaza.app.table import Actor
from vaza.app.updates import Update, table_topic
from vaza.bus.leases import Leases, LocalLeases
from vaza.bus.port import Bus
from vaza.core.errors import VazaError
from vaza.core.table_events import TableEvent, decode
from vaza.json_types import JSON
from vaza.store.port import TableRecord, UserRecord

log = logging.getLogger("vaza.cluster")
FORWARD_TIMEOUT = 5.0


class Unavailable(VazaError):
    """The table is moving between server processes; the same command may be sent again."""

    code = "unavailable"


class RemoteError(VazaError):
    """An error the owning process gave for a forwarded command, with its own code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code  # type: ignore[misc]  # the owner's code, one for each error


class Cluster:
    def __init__(self, service: TableService, bus: Bus, leases: Leases | None = None) -> None:
        self.service = service
        self.bus = bus
        self.leases = leases or LocalLeases()
        self.me = self.leases.owner_id
        self.distributed = not isinstance(self.leases, LocalLeases)
        self.replicas: dict[str, LiveTable] = {}
        self._subscriptions: dict[str, Callable[[], Awaitable[None]]] = {}
        self._replies: dict[str, asyncio.Future[JSON]] = {}
        self._watching: dict[str, asyncio.Lock] = {}
        self._loops: list[asyncio.Task[None]] = []
        if self.distributed:
            service.publisher.relay = self

    @property
    def store(self) -> Any:
        return self.service.store

    # -- starting and stopping ------------------------------------------------------------

    async def start(self) -> None:
        if not self.distributed:
            await self.service.resume_all()
            return
        await self.bus.subscribe(f"cmd:{self.me}", self._on_command)
        await self.bus.subscribe(f"reply:{self.me}", self._on_reply)
        self._loops = [
            asyncio.create_task(self._renew_loop()),
            asyncio.create_task(self._orphan_loop()),
        ]

    async def close(self) -> None:
        for task in self._loops:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for table_id in list(self.service.tables):
            with contextlib.suppress(Exception):
                await self.leases.release(table_id)

    # -- what the hub asks ----------------------------------------------------------------

    def state_of(self, table_id: str) -> LiveTable | None:
        """The table as this process knows it: served here, or a replica."""
        return self.service.tables.get(table_id) or self.replicas.get(table_id)

    async def watch(self, table_id: str) -> LiveTable:
        """A table some client here watches: ours if nobody serves it, else a replica kept
        up to date by the owner's events (raises KeyError for an unknown table)."""
        live = self.state_of(table_id)
        if live is not None:
            return live
        async with self._watching.setdefault(table_id, asyncio.Lock()):
            live = self.state_of(table_id)  # another client here may have just loaded it
            if live is not None:
                return live
            if await self._take(table_id):
                return await self.service.live(table_id)
            # Subscribe before reading the log, so no event falls between the two: one that
            # arrives early finds the replica's version ahead, and is skipped.
            self._subscriptions[table_id] = await self.bus.subscribe(
                table_topic(table_id), self._on_events
            )
            replica = await self.service.load(table_id)
            self.replicas[table_id] = replica
            return replica

    async def create(
        self,
        creator: UserRecord,
        options: JSON,
        deals: dict[int, str] | None = None,
        owner: int | None = None,
    ) -> TableRecord:
        """A new table, served by this process: its lease is taken first, so no other process
        can adopt it before it exists."""
        table_id = new_table_id()
        if await self.leases.claim(table_id) != self.me:
            raise Unavailable("could not create the table; try again")
        return await self.service.create(creator, options, deals, table_id, owner)

    async def handle(self, table_id: str, actor: Actor, command: Command) -> int:
        """Apply a command here if this process serves the table (or may take it), else at
        its owner."""
        if table_id in self.service.tables:
            return await self.service.handle(table_id, actor, command)
        owner = await self._claim(table_id)
        if owner == self.me:
            return await self.service.handle(table_id, actor, command)
        return await self._forward(owner, table_id, actor, command)

    async def _take(self, table_id: str) -> bool:
        """Take the table's lease if free; True if this process serves the table now."""
        return await self._claim(table_id) == self.me

    async def _claim(self, table_id: str) -> str:
        """Take the table's lease if free, and return its holder.  When that is us, a replica
        kept here stops following the old owner's events (the table is loaded from its log
        when first used)."""
        owner = await self.leases.claim(table_id)
        if owner == self.me:
            self.replicas.pop(table_id, None)
            cancel = self._subscriptions.pop(table_id, None)
            if cancel is not None:
                await cancel()
        return owner

    # -- forwarding -----------------------------------------------------------------------

    async def _forward(self, owner: str, table_id: str, actor: Actor, command: Command) -> int:
        request = secrets.token_hex(8)
        future: asyncio.Future[JSON] = asyncio.get_running_loop().create_future()
        self._replies[request] = future
        try:
            await self.bus.publish(
                f"cmd:{owner}",
                {
                    "request": request,
                    "reply_to": self.me,
                    "table": table_id,
                    "actor": [actor.user_id, actor.name, actor.robot_seat, actor.system],
                    "command": to_json(command),
                },
            )
            reply = await asyncio.wait_for(future, FORWARD_TIMEOUT)
        except TimeoutError:
            raise Unavailable("the server holding this table does not answer; try again") from None
        finally:
            self._replies.pop(request, None)
        if "error" in reply:
            raise RemoteError(reply["error"]["code"], reply["error"]["message"])
        return int(reply["version"])

    async def _on_command(self, message: JSON) -> None:
        """Each forwarded command in its own task: commands for different tables run at once."""
        self.service.tasks.spawn(self._answer(message))

    async def _answer(self, message: JSON) -> None:
        user_id, name, robot_seat, system = message["actor"]
        actor = Actor(user_id, name, robot_seat, system)
        reply: JSON = {"request": message["request"]}
        table_id = message["table"]
        try:
            if table_id not in self.service.tables:
                raise Unavailable("the table moved to another server; try again")
            command = from_json(message["command"])
            reply["version"] = await self.service.handle(table_id, actor, command)
        except VazaError as error:
            reply["error"] = {"code": error.code, "message": str(error)}
        except KeyError:
            reply["error"] = {"code": "not_found", "message": "no such table"}
        await self.bus.publish(f"reply:{message['reply_to']}", reply)

    async def _on_reply(self, message: JSON) -> None:
        future = self._replies.get(message.get("request", ""))
        if future is not None and not future.done():
            future.set_result(message)

    # -- replicas -------------------------------------------------------------------------

    async def committed(self, table_id: str, before: int, events: list[TableEvent]) -> None:
        """The owner's new events, for the replicas of other processes."""
        await self.bus.publish(
            table_topic(table_id),
            {
                "origin": self.me,
                "table": table_id,
                "from": before,
                "events": [[event.kind, event.payload] for event in events],
            },
        )

    async def notice(self, table_id: str, message: JSON) -> None:
        """A message for everyone at a table (a finished deal's analysis), for the clients of
        the other processes."""
        await self.bus.publish(table_topic(table_id), {"origin": self.me, "notice": message})

    async def _on_events(self, message: JSON) -> None:
        if message.get("origin") == self.me:
            return
        notice = message.get("notice")
        if notice is not None:
            table_id = notice.get("table")
            await self.service.publisher.notice(str(table_id), notice, relayed=False)
            return
        replica = self.replicas.get(str(message.get("table")))
        if replica is not None:
            events = [decode(kind, payload) for kind, payload in message["events"]]
            await self._apply_to_replica(replica, int(message["from"]), events)

    async def _apply_to_replica(
        self, replica: LiveTable, before: int, events: list[TableEvent]
    ) -> None:
        state = replica.state
        if before + len(events) <= state.version:
            return  # already in the replica (it was read from the log after this was sent)
        if state.version != before:  # a gap (a message lost, a reconnect): read the log
            log.info("table %s: a gap in its events; reading the log", state.id)
            fresh = await self.service.load(state.id)
            replica.state, replica.record = fresh.state, fresh.record
            replica.upgraded = fresh.upgraded
        else:
            for event in events:
                state.evolve(event)
            state.take_finished_deals()  # archived by the owner
        await self.service.publisher.deliver(Update.after(replica.state, events))

    # -- leases ---------------------------------------------------------------------------

    async def lost(self, table_id: str) -> None:
        """Another writer took a table served here: follow it as a replica."""
        await self.leases.release(table_id)
        await self._follow(table_id)

    async def _follow(self, table_id: str) -> None:
        """A table served here until now is another process's: the clients here that watch
        it go on seeing it, through a replica that follows the new owner's events (or the
        table is served here again, if its lease is free)."""
        try:
            await self.watch(table_id)
        except Exception:
            log.exception("could not follow table %s after losing it", table_id)

    async def _renew_loop(self) -> None:
        while True:
            await asyncio.sleep(self.leases.seconds / 3)
            try:
                owned = set(self.service.tables)
                held = await self.leases.renew(owned)
                for table_id in owned - held:
                    log.warning("lost the lease of table %s; another process serves it", table_id)
                    self.service.drop(table_id)
                    await self._follow(table_id)
            except Exception:
                log.exception("renewing leases failed")

    async def _orphan_loop(self) -> None:
        """Adopt unfinished tables nobody serves (their owner died), so robots and timers go
        on even where no client is watching."""
        while True:
            await asyncio.sleep(self.leases.seconds / 2 * random.uniform(0.8, 1.2))
            try:
                unfinished = await self.store.unfinished_table_ids()
                candidates = [t for t in unfinished if t not in self.service.tables]
                owners = await self.leases.owners(candidates)
                for table_id in candidates:
                    if owners.get(table_id) is None and await self._take(table_id):
                        log.info("adopting table %s", table_id)
                        await self.service.live(table_id)
            except Exception:
                log.exception("looking for orphan tables failed")
