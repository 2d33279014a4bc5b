"""The robots' turns: who thinks where, and their actions sent down the one path.

Robots think in worker threads, off the event loop: beside the tables where a person plays now
(`executor`), or in one background thread shared in turn by the people who opened tables of
robots alone (robot events, robot matches), so nobody's robot tables slow the tables where
people play, nor starve another person's.  A robot's action goes to `act`, the service's one
path, like anyone's.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from functools import partial
from typing import Any

from vaza.app.commands import from_json
from vaza.app.live import LiveTable, Serving
from vaza.app.table import Actor, TableState
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.game import ProposalKind
from vaza.robots.base import robot_answer

log = logging.getLogger("vaza.tables")

Think = Callable[[Callable[[Any], Any], Any], Awaitable[Any]]

BACKGROUND_PAUSE = 0.05
"""Seconds after each robot decision at a robot-only table while people play elsewhere: all
robot-only tables together then make at most 20 a second, and never take the processor from
the tables where people play."""
BACKGROUND_YIELDS_FOR = 30.0
"""How long after robots last thought at a table with a person the background keeps its pace."""


class RobotTurns:
    def __init__(
        self,
        service: Serving,
        *,
        executor: Executor | None = None,
        background_pause: float | None = None,
    ) -> None:
        self._service = service
        self.executor = executor or ThreadPoolExecutor(2, thread_name_prefix="robot")
        """Robots' thinking at tables where a person plays now."""
        self.background = ThreadPoolExecutor(
            1, thread_name_prefix="robot-bg", initializer=_background_thread
        )
        """Robots' thinking at tables of robots alone: one thread, shared in turn (`_thinker`)."""
        self._shares: dict[int | None, asyncio.Lock] = {}
        self.background_pause = BACKGROUND_PAUSE if background_pause is None else background_pause
        self._background_turn = asyncio.Lock()
        """One robot-only decision at a time, the people who wait for one served in turn."""
        self._people_played_at = -BACKGROUND_YIELDS_FOR
        """When robots last thought at a table where a person plays (monotonic seconds)."""

    def start(self, live: LiveTable) -> bool:
        """Start a robot's turn if a robot (or a robot standing in) must act or answer now,
        once per position; False if none must."""
        state = live.state
        robots = set(state.robot_seats())
        pending = [s for s in state.match.responders() if s in robots]
        if state.match.controller() not in robots and not pending:
            return False
        if live.robots_at != state.version:
            live.robots_at = state.version
            self._service.tasks.spawn(self.turn(state.id, state.version))
        return True

    def stand_in(self, table_id: str, version: int, seat: str) -> Callable[[], Awaitable[None]]:
        """A robot's move for the person at `seat` (their time to act ran out)."""
        return partial(self.turn, table_id, version, stand_in=seat)

    async def turn(self, table_id: str, version: int, stand_in: str | None = None) -> None:
        live = self._service.tables.get(table_id)
        if live is None or live.state.version != version:
            return
        state = live.state
        robots = set(state.robot_seats())
        # A person whose time ran out: what the robot chooses for them is marked so, and
        # everyone is told what was played (a robot playing for someone away is not).
        timed_out = stand_in is not None and stand_in not in robots
        if stand_in is not None:
            robots.add(stand_in)
        responders = [s for s in sorted(state.match.responders()) if s in robots]
        robot = state.robot
        think = self._thinker(state)
        try:
            if responders:
                answerer = responders[0]
                view = state.match.robot_view(answerer)
                checker = self._claim_checker(state, view) or think
                answer = await checker(partial(robot_answer, robot), view)
                if live.state.version == version:
                    command = from_json(state.spec.actions.encode(answer))
                    actor = _robot(answerer, timed_out=timed_out and answerer == stand_in)
                    await self._service.handle(table_id, actor, command)
                return
            seat = state.match.controller()
            if seat is None or seat not in robots:
                return
            view = state.match.robot_view(seat)
            claim = await self._claim(live, seat, robot, view)
            action = claim or await think(robot.choose, view)
            if live.state.version != version:
                return  # someone else moved first (an undo, a claim): think again later
            command = from_json(state.spec.actions.encode(action))
            actor = _robot(seat, timed_out=timed_out and seat == stand_in)
            await self._service.handle(table_id, actor, command)
        except (IllegalAction, ParseError):
            live.robots_at = -1
            log.exception("table %s: a robot's action was refused", table_id)
        except Exception:
            live.robots_at = -1
            log.exception("table %s: robot turn failed", table_id)
            self._service.retry_later(table_id)

    def _thinker(self, state: TableState) -> Think:
        """Where a table's robots think: beside people's tables if a person plays there now,
        else in the background, one person's robot tables at a time in turn."""
        present = any(
            o is not None and o.kind == "human" and not o.away and not o.left
            for o in state.occupants.values()
        )
        loop = asyncio.get_running_loop()
        if present:
            self._people_played_at = time.monotonic()
            return lambda work, view: loop.run_in_executor(self.executor, work, view)
        return self._in_turn(state.owner)

    def _claim_checker(self, state: TableState, view: Any) -> Think | None:
        """Where robots check a claim: in the background, in the claimer's turn with their
        other robot work (`_in_turn`), never beside the tables where people play: one person
        claiming over and over at two tables once held both of those threads for seconds a
        claim.  None when no claim waits (an undo is granted or not at once)."""
        proposal = getattr(view, "proposal", None)
        if proposal is None or proposal.kind is not ProposalKind.CLAIM:
            return None
        occupant = state.occupants.get(str(getattr(proposal.by, "letter", proposal.by)))
        person = occupant.user_id if occupant is not None else None
        return self._in_turn(state.owner if person is None else person)

    def _in_turn(self, person: int | None) -> Think:
        """Thinking on the background thread, one decision of `person`'s at a time, the people
        who wait for one served in turn."""
        loop = asyncio.get_running_loop()
        share = self._shares.setdefault(person, asyncio.Lock())

        async def in_turn(work: Callable[[Any], Any], view: Any) -> Any:
            async with share, self._background_turn:
                chosen = await loop.run_in_executor(self.background, work, view)
                if time.monotonic() - self._people_played_at < BACKGROUND_YIELDS_FOR:
                    await asyncio.sleep(self.background_pause)  # people play: pace, not race
                return chosen

        return in_turn

    async def _claim(self, live: LiveTable, seat: str, robot: Any, view: Any) -> Any:
        """A robot that can claim does so, at most once a trick, when a person defends
        against it (robots play such endings out faster than they could settle a claim)."""
        played = len(view.played)  # every game's view lists the cards played
        if (seat, played // 4) in live.robot_claims:
            return None
        if not any(s in live.state.occupants and s not in live.state.robot_seats()
                   for s in _claim_answerers(live, seat)):  # fmt: skip
            return None
        live.robot_claims.add((seat, played // 4))
        return await asyncio.get_running_loop().run_in_executor(self.executor, robot.claim, view)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.background.shutdown(wait=False, cancel_futures=True)


def _robot(seat: str, *, timed_out: bool) -> Actor:
    """The robot choosing for `seat` (for its person, whose time ran out: `timed_out`)."""
    return Actor(None, "robot", seat, timed_out=timed_out)


def _claim_answerers(live: LiveTable, seat: str) -> list[str]:
    """The seats that would answer a claim by `seat`: its two opponents."""
    labels = list(live.state.match.seat_labels)
    if len(labels) != 4 or seat not in labels:
        return []
    at = labels.index(seat)
    return [labels[(at + 1) % 4], labels[(at + 3) % 4]]


def _background_thread() -> None:
    """The robot-only tables' thread: its solver calls give way to people's tables'."""
    from vaza.analysis.dds import solve_after_people  # noqa: PLC0415 - DDS loads on first use

    solve_after_people()


__all__ = ["BACKGROUND_PAUSE", "BACKGROUND_YIELDS_FOR", "RobotTurns"]
