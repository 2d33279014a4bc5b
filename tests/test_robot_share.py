"""Robot work has a fair share (issue 21, finding 10): robots at tables of robots alone think
in the background, one person's tables at a time, so one person's robot tables neither slow the
tables where people play nor take all the robots' time from another person's."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vaza.analysis.dds import is_background
from vaza.app.commands import from_json
from vaza.app.service import ServiceOptions, TableService
from vaza.app.table import Actor
from vaza.bus.memory import MemoryBus
from vaza.store.db import open_database
from vaza.store.sql import SqlStore


@dataclass
class Watch:
    """Where and how many at once each person's robots think."""

    threads: dict[str, set[str]] = field(default_factory=dict)
    busy: dict[str, int] = field(default_factory=dict)
    most: dict[str, int] = field(default_factory=dict)
    after_people: dict[str, set[bool]] = field(default_factory=dict)
    """Whether each person's robots' solver calls give way to people's tables' (`SolverLock`)."""
    lock: threading.Lock = field(default_factory=threading.Lock)


class Watched:
    """A table's robot, reporting each decision to `watch` under its table's owner."""

    def __init__(self, robot: Any, owner: str, watch: Watch) -> None:
        self.robot, self.owner, self.watch = robot, owner, watch

    def _think(self, work: Any, view: Any) -> Any:
        watch = self.watch
        with watch.lock:
            watch.threads.setdefault(self.owner, set()).add(threading.current_thread().name)
            watch.after_people.setdefault(self.owner, set()).add(is_background())
            watch.busy[self.owner] = watch.busy.get(self.owner, 0) + 1
            watch.most[self.owner] = max(watch.most.get(self.owner, 0), watch.busy[self.owner])
        try:
            threading.Event().wait(0.002)  # long enough for another decision to overlap
            return work(view)
        finally:
            with watch.lock:
                watch.busy[self.owner] -= 1

    def choose(self, view: Any) -> Any:
        return self._think(self.robot.choose, view)

    def claim(self, view: Any) -> Any:
        return self.robot.claim(view)

    def respond(self, view: Any) -> Any:
        return self._think(self.robot.respond, view)


def test_robot_tables_think_in_the_background_in_turn(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = SqlStore(await open_database(f"sqlite+aiosqlite:///{tmp_path / 'club.db'}"))
        service = TableService(store, MemoryBus(), ServiceOptions(background_pause=0.001))
        watch = Watch()
        try:
            ana = await store.create_user("ana", None, is_guest=True, settings={})
            bia = await store.create_user("bia", None, is_guest=True, settings={})
            options = {"scoring": "duplicate", "variant": {"boards": 1}}
            robot_tables = [await service.create(ana, options) for _ in range(3)]
            people = await service.create(bia, options)
            for record, owner in [*((t, "ana") for t in robot_tables), (people, "bia")]:
                live = await service.live(record.id)
                live.state.robot = Watched(live.state.robot, owner, watch)
            await service.handle(
                people.id, Actor(bia.id, "bia"), from_json({"type": "sit", "seat": "N"})
            )
            for record in robot_tables:  # ana seats the fourth robot: robots alone play on
                await service.handle(
                    record.id, Actor(ana.id, "ana"), from_json({"type": "add_robot", "seat": "N"})
                )
            await service.handle(
                people.id, Actor(bia.id, "bia"), from_json({"type": "call", "call": "1NT"})
            )
            for _ in range(3000):
                states = [(await service.live(t.id)).state for t in robot_tables]
                bia_table = (await service.live(people.id)).state
                if all(s.finished for s in states) and bia_table.match.controller() == "N":
                    break
                await asyncio.sleep(0.01)
            else:
                raise AssertionError("the robots did not play on")
        finally:
            await service.close()
            await store.close()
        assert watch.threads["ana"] == {"robot-bg_0"}, watch.threads
        assert all(name.startswith("robot_") for name in watch.threads["bia"]), watch.threads
        assert watch.most["ana"] == 1, "one of ana's robot tables thinks at a time"
        assert watch.after_people == {"ana": {True}, "bia": {False}}

    asyncio.run(scenario())
