"""What a table needs from the match it runs, whatever the game.

The table (`vaza.app.table`) knows seats, people and robots; a `TableMatch` knows the game: how
to deal (from a random source, so the deal can be stored as an event and replayed), which seat
must act, what each seat may see (through the core's views) and how the match is scored.  Every
game offers the same interface, so the server has no rules in it; how a command is read and who
plays a seat for a robot are the game's spec's (`vaza.games`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol, TypeVar

from vaza.core.record import DealRecord
from vaza.json_types import JSON

SHARED = "shared"
"""The key of a view `moment` under which a match keeps the part of its views that every
audience of the moment holds alike (`Match.view`)."""
ActionT_contra = TypeVar("ActionT_contra", contravariant=True)
ViewT_co = TypeVar("ViewT_co", covariant=True)


@dataclass(frozen=True, slots=True)
class FinishedDeal:
    """A deal just ended: what history keeps."""

    number: int
    summary: JSON
    """Contract, result, score: what a history list shows."""
    pbn: str | None = None
    lin: str | None = None
    record: DealRecord | None = None
    """A contract bridge deal's record, for the double-dummy analysis that follows it."""
    players: Mapping[str, int] | None = None
    """The people who played it, by seat (the table's to say: `vaza.app.seat_moves`)."""


class TableMatch(Protocol[ActionT_contra, ViewT_co]):
    """A match of one game: `ActionT_contra` the core actions it applies, `ViewT_co` the core
    view a robot decides from."""

    game: str
    seat_labels: tuple[str, ...]

    def setup_deal(self, rng: random.Random) -> JSON:
        """The random part of the next deal (the cards), as JSON for the event log."""
        ...

    def start_deal(self, setup: JSON) -> None: ...

    @property
    def in_deal(self) -> bool:
        """A deal is being played (started and not over)."""
        ...

    @property
    def is_over(self) -> bool:
        """The match is finished: no more deals."""
        ...

    @property
    def deals_started(self) -> int: ...

    def controller(self) -> str | None:
        """The seat label that must act now, or None (between deals, or a proposal waits)."""
        ...

    def responders(self) -> frozenset[str]:
        """Seats asked to answer a pending claim or undo request."""
        ...

    def owner(self, action: ActionT_contra, seat: str) -> str:
        """The seat whose call or card `action`, sent by `seat`, is: the seat to act when
        `seat` controls its move (declarer plays dummy's cards), else `seat` itself (a claim,
        an answer, a seat acting for itself)."""
        ...

    def apply(self, action: ActionT_contra, seat: str) -> None:
        """Apply for `seat` (raises IllegalAction and changes nothing when not allowed)."""
        ...

    def view(self, viewer: str | None, all_hands: bool = False, moment: JSON | None = None) -> JSON:
        """What `viewer` (a seat label, or None for a kibitzer) may see, as JSON.  `moment`, a
        dict kept for one state of the match, lets every audience's view of that state share
        what they hold alike (a match may leave it empty and build each view whole).  What it
        keeps under `SHARED` is that part itself: the keys and values every audience's view of
        the state holds alike, all the others being each audience's own."""
        ...

    def robot_view(self, seat: str) -> ViewT_co:
        """The view object a robot at `seat` decides from (immutable; safe in a thread)."""
        ...

    def finish_deal(self) -> FinishedDeal:
        """Called once when a deal ends: the record and the scores."""
        ...

    def scores(self) -> JSON:
        """The running score of the match, as the table shows it."""
        ...
