"""A table's deadlines, derived from its log: the time to act of the person whose turn it is,
and the hold of each seat whose person left.

Every deadline is a time in the log plus a length, never a timer's own memory, so arming them
again (on every load, here or in another process) changes none: a process that starts, resumes
after a crash or adopts a table in a cluster goes on where the last one stopped.  A restart may
delay a deadline by the time the process was down, never lose it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial

from vaza.app.commands import MarkAway
from vaza.app.live import LiveTable, Serving
from vaza.app.robot_turns import RobotTurns
from vaza.app.table import SYSTEM
from vaza.core.errors import VazaError

log = logging.getLogger("vaza.tables")


class Deadlines:
    def __init__(
        self,
        service: Serving,
        robots: RobotTurns,
        *,
        away_after: float,
        clock: Callable[[], float],
    ) -> None:
        self._service = service
        self._robots = robots
        self.away_after = away_after
        """Seconds a seat is held for a person who left before a robot plays for them."""
        self.clock = clock
        """The wall clock (seconds since the epoch), which deadlines are measured against, in
        this process and the next."""

    def arm(self, live: LiveTable, *, turn: bool) -> None:
        """Arm the table's deadlines again from its state (`turn`: the time to act too, when
        no robot is to act)."""
        state = live.state
        seat = state.match.controller()
        if turn and seat is not None and live.turn_deadline is not None:
            # Time per action: when it runs out, a robot makes this one move for the player.
            move = self._robots.stand_in(state.id, state.version, seat)
            self._at(live, "turn", live.turn_deadline, move)
        for label, occupant in state.occupants.items():
            if occupant is not None and occupant.left and not occupant.away:
                since = live.loaded_at if occupant.left_at is None else occupant.left_at
                hold = partial(self._hold_ran_out, state.id, label, occupant.left_at)
                self._at(live, f"hold:{label}", since + self.away_after, hold)

    def _at(
        self, live: LiveTable, key: str, deadline: float, work: Callable[[], Awaitable[None]]
    ) -> None:
        """Run `work` at `deadline` (on the wall clock; at once if it has passed)."""
        live.timers[key] = self._service.tasks.later(deadline - self.clock(), work)

    async def _hold_ran_out(self, table_id: str, seat: str, left_at: float | None) -> None:
        """A seat's hold ran out: a robot plays for the person who left (if it is still the
        same leaving: the table decides, under its lock)."""
        if table_id not in self._service.tables:
            return  # another process serves the table now, and arms its deadlines
        try:
            await self._service.handle(table_id, SYSTEM, MarkAway(seat, left_at))
        except VazaError as error:
            log.warning("table %s: could not mark %s away: %s", table_id, seat, error)
        except Exception:
            log.exception("table %s: could not mark %s away", table_id, seat)


__all__ = ["Deadlines"]
