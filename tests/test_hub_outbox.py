"""A client that stops reading never holds up a table: each client's messages wait in its own
outbox, written by its own writer; past OUTBOX waiting messages the client is closed."""

from __future__ import annotations

import asyncio
from typing import Any

from vaza.server.hub import OUTBOX, WS_TRY_AGAIN_LATER, Client


class StuckSocket:
    """A peer that never reads: once its buffers are full, every write waits for ever."""

    def __init__(self) -> None:
        self.written: list[str] = []
        self.closed_with: int | None = None
        self.blocked = asyncio.Event()

    async def send_text(self, text: str) -> None:
        if len(self.written) >= 3:
            self.blocked.set()
            await asyncio.Event().wait()
        self.written.append(text)

    async def close(self, code: int = 1000) -> None:
        self.closed_with = code


def test_a_client_that_stops_reading_is_closed_and_holds_nobody_up() -> None:
    async def scenario() -> None:
        socket = StuckSocket()
        client = Client(socket, None)  # type: ignore[arg-type]
        writer = asyncio.ensure_future(client.write())
        for n in range(3 + 1 + OUTBOX):
            await asyncio.wait_for(client.send_text(f"m{n}"), 1)  # never waits on the peer
            await asyncio.sleep(0)
        await asyncio.wait_for(socket.blocked.wait(), 1)
        assert socket.written == ["m0", "m1", "m2"]
        assert not client.too_slow and socket.closed_with is None  # full, not yet over
        await client.send_text("one too many")
        assert client.too_slow and socket.closed_with == WS_TRY_AGAIN_LATER
        await client.send_text("dropped")  # nothing more is queued for a closed client
        assert client.outbox.qsize() == OUTBOX
        writer.cancel()

    asyncio.run(scenario())


def test_messages_are_written_in_order() -> None:
    async def scenario() -> None:
        written: list[Any] = []

        class Socket:
            async def send_text(self, text: str) -> None:
                await asyncio.sleep(0)
                written.append(text)

        client = Client(Socket(), None)  # type: ignore[arg-type]
        writer = asyncio.ensure_future(client.write())
        for n in range(50):
            await client.send_text(str(n))
        while len(written) < 50:
            await asyncio.sleep(0)
        assert written == [str(n) for n in range(50)]
        writer.cancel()

    asyncio.run(scenario())


def test_a_person_who_left_is_told_again_while_the_table_is_unavailable(
    monkeypatch: Any,
) -> None:
    """In a cluster under load the owner of a table may not answer in time: the `left` is
    said again (else the seat would never be held, and no robot would play for it).  Before,
    it was given up at once with a warning in the log."""
    from types import SimpleNamespace

    from vaza.app.cluster import Unavailable
    from vaza.app.commands import MarkLeft
    from vaza.server import at_table as presence_module
    from vaza.server.hub import Hub

    monkeypatch.setattr(presence_module, "LEFT_RETRIES", (0.0, 0.0, 0.0), raising=False)
    said: list[dict[str, Any]] = []

    class Tables:
        service = SimpleNamespace(subscribe=lambda *_: lambda: None)

        def state_of(self, table_id: str) -> Any:
            state = SimpleNamespace(finished=False, seat_of=lambda user_id: "W")
            return SimpleNamespace(state=state)

        async def handle(self, table_id: str, actor: Any, command: dict[str, Any]) -> int:
            said.append(command)
            if len(said) < 3:
                raise Unavailable("the server holding this table does not answer; try again")
            return 7

    hub = Hub(Tables(), lambda *_: True, lambda name: asyncio.sleep(0))  # type: ignore[arg-type]
    person = SimpleNamespace(id=4, name="ana")
    client = Client(object(), person)  # type: ignore[arg-type]
    asyncio.run(hub.people.left(client, "t1"))
    assert said == [MarkLeft("W")] * 3
