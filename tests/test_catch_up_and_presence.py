"""Issue 47, finding 11 and 12: a catch-up is bounded in bytes as well as in events, and the
list of a table's kibitzers is told at most once a second however often watchers come and go.
The clock and the sleeps are the test's: what is sent follows from the order of events alone."""

from __future__ import annotations

import asyncio

import orjson

from vaza.server.catch_up import CATCH_UP_BYTES, within_bytes
from vaza.server.kibitzers import Coalesced


def test_a_catch_up_over_its_bytes_is_left_to_the_snapshot() -> None:
    act = {"version": 7, "type": "act", "seat": "N", "action": {"type": "play", "card": "SA"}}
    few = [act] * 3
    many = [act] * (CATCH_UP_BYTES // 60 + 1)  # each event is over 60 bytes as sent
    assert within_bytes(few) and within_bytes([])
    assert not within_bytes(many)
    size = len(orjson.dumps(act))
    assert within_bytes(few, limit=3 * size) and not within_bytes(few, limit=3 * size - 1)


class Sleeps:
    """Sleeps that end when the test says so."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, asyncio.Future[None]]] = []

    async def __call__(self, delay: float) -> None:
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((delay, done))
        await done

    async def end(self) -> None:
        for _, done in self.waiting:
            done.set_result(None)
        self.waiting.clear()
        for _ in range(5):  # let the woken tasks run to their end
            await asyncio.sleep(0)


def test_watchers_coming_and_going_are_told_once_a_second_at_most() -> None:
    async def scenario() -> None:
        now = [0.0]
        told: list[tuple[str, float]] = []
        sleeps = Sleeps()

        async def tell(table_id: str) -> None:
            told.append((table_id, now[0]))

        kibitzers = Coalesced(tell, clock=lambda: now[0], sleep=sleeps)
        for _ in range(10):  # one socket saying hello and leave in a loop
            await kibitzers.changed("t1")
        await asyncio.sleep(0)  # the message due starts waiting
        assert told == [("t1", 0.0)]  # the first change at once
        assert [delay for delay, _ in sleeps.waiting] == [1.0]  # the rest in one, a second on
        await kibitzers.changed("t2")  # each table has its own second
        assert told == [("t1", 0.0), ("t2", 0.0)]
        now[0] = 0.4
        await kibitzers.changed("t1")
        assert len(sleeps.waiting) == 1  # already due: nothing more
        now[0] = 1.0
        await sleeps.end()
        assert told[-1] == ("t1", 1.0) and len(told) == 3  # the last change did arrive
        now[0] = 1.5
        await kibitzers.changed("t1")
        await asyncio.sleep(0)
        assert [delay for delay, _ in sleeps.waiting] == [0.5]  # a second after the last one
        now[0] = 2.0
        await sleeps.end()
        now[0] = 3.5
        await kibitzers.changed("t1")  # a quiet second since: at once
        assert told[-2:] == [("t1", 2.0), ("t1", 3.5)]
        await kibitzers.close()

    asyncio.run(scenario())
