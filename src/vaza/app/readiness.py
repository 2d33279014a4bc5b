"""Who is ready for the next deal: each person says so ("ready"), robots and people a robot
plays for always are, and the table's wait (`TableOptions.ready_wait`) ends it for those who
did not.  Nobody's look at the finished deal is ended by another's click."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from vaza.app.seating import Occupant


@dataclass(slots=True)
class Readiness:
    """Since the last deal: the seats whose person said they are ready, and whether the next
    deal is due at once (the wait ran out, or a log from before people said they were ready)."""

    seats: set[str] = field(default_factory=set)
    at_once: bool = False

    def want(self, seat: str | None) -> None:
        """`seat` is ready (None: the next deal is due at once)."""
        if seat is None:
            self.at_once = True
        else:
            self.seats.add(seat)

    def said(self, seat: str | None) -> bool:
        """Whether the person at `seat` said so already (saying it again changes nothing)."""
        return seat is not None and seat in self.seats

    def ready(self, occupants: Mapping[str, Occupant | None]) -> list[str]:
        """The seats ready now: robots, people a robot plays for, and those who said so."""
        return [
            label
            for label, o in occupants.items()
            if o is not None and (o.kind == "robot" or o.away or label in self.seats)
        ]

    def due(self, occupants: Mapping[str, Occupant | None]) -> bool:
        """Whether the next deal starts now: every seat ready, or at once."""
        return self.at_once or len(self.ready(occupants)) == len(occupants)


__all__ = ["Readiness"]
