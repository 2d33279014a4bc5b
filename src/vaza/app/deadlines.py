"""A table's deadlines, derived from its log: the time to act of the person whose turn it is,
the hold of each seat whose person left, and the wait for the players' "ready" between deals.

Every deadline is a time in the log plus a length, never a timer's own memory, so arming them
again (on every load, here or in another process) changes none: a process that starts, resumes
after a crash or adopts a table in a cluster goes on where the last one stopped.  A restart may
delay a deadline by the time the process was down, never lose it.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial

from vaza.app.commands import MarkAway, NextDeal
from vaza.app.live import LiveTable, Serving
from vaza.app.robot_turns import RobotTurns
from vaza.app.table import SYSTEM, TableState
from vaza.core.errors import VazaError
from vaza.json_types import JSON

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
        for label, since in self._holds(live).items():
            left_at = state.occupants[label].left_at  # type: ignore[union-attr]
            hold = partial(self._system, state.id, MarkAway(label, left_at))
            self._at(live, f"hold:{label}", since + self.away_after, hold)
        due = self.next_deal_due(live)
        if due is not None:
            self._at(live, "ready", due, partial(self._system, state.id, NextDeal()))

    def _holds(self, live: LiveTable) -> dict[str, float]:
        """The seats held for a person who left, with when they left."""
        return {
            label: live.loaded_at if o.left_at is None else o.left_at
            for label, o in live.state.occupants.items()
            if o is not None and o.left and not o.away
        }

    def next_deal_due(self, live: LiveTable) -> float | None:
        """When the wait for the players' "ready" runs out and the next deal starts (None:
        no deal waits, the table waits for every person, or only one person plays there:
        alone with robots, nobody is held up, and the finished deal stays until they say)."""
        state = live.state
        wait = state.options.ready_wait
        people = [o for o in state.occupants.values() if o and o.kind == "human" and not o.away]
        if not wait or not _between_deals(state) or len(people) < 2:
            return None
        ended = live.loaded_at if state.turn_began is None else state.turn_began
        return float(ended + wait)

    def clocks(self, live: LiveTable, now: float) -> JSON:
        """What the table's people are shown counting down, from the log: each held seat's
        seconds left (`holds`); between deals, who is ready and the seconds before the next
        deal starts anyway (`ready`, `deal_in`: None when it waits for everyone)."""
        clocks: JSON = {
            "holds": {
                label: round(max(0.0, since + self.away_after - now), 1)
                for label, since in self._holds(live).items()
            }
        }
        if _between_deals(live.state):
            due = self.next_deal_due(live)
            clocks["ready"] = live.state.readiness.ready(live.state.occupants)
            clocks["deal_in"] = None if due is None else round(max(0.0, due - now), 1)
        return clocks

    def _at(
        self, live: LiveTable, key: str, deadline: float, work: Callable[[], Awaitable[None]]
    ) -> None:
        """Run `work` at `deadline` (on the wall clock; at once if it has passed)."""
        live.timers[key] = self._service.tasks.later(deadline - self.clock(), work)

    async def _system(self, table_id: str, command: MarkAway | NextDeal) -> None:
        """A deadline ran out: a seat's hold (a robot plays for the person who left, if it is
        still the same leaving), or the wait for "ready" (the next deal starts, if it is still
        due).  The table decides, under its lock."""
        if table_id not in self._service.tables:
            return  # another process serves the table now, and arms its deadlines
        try:
            await self._service.handle(table_id, SYSTEM, command)
        except VazaError as error:
            level = logging.INFO if isinstance(command, NextDeal) else logging.WARNING
            log.log(level, "table %s: %s came too late: %s", table_id, command.kind, error)
        except Exception:
            log.exception("table %s: %s failed", table_id, command.kind)


def _between_deals(state: TableState) -> bool:
    """A deal is over and the next is to come (every seat filled, the match not over)."""
    match = state.match
    return (
        not state.finished
        and match.deals_started > 0
        and not match.in_deal
        and not match.is_over
        and state.full
    )


__all__ = ["Deadlines"]
