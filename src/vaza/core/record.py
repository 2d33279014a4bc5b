"""The record of one deal of contract bridge: what PBN and LIN files hold and what history keeps.

A record is plain data.  `vaza.core.games.contract.ContractDeal.from_record` replays one through
the rules (which checks it); `ContractDeal.record()` writes one from a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vaza.core.calls import Call, Contract
from vaza.core.cards import Card, Seat
from vaza.core.deal import Board
from vaza.core.pickling import Rebuild, by_fields


@dataclass(frozen=True, slots=True)
class DealRecord:
    board: Board
    calls: tuple[Call, ...] = ()
    """The auction from the dealer (possibly incomplete, or empty when unknown)."""
    play: tuple[Card, ...] = ()
    """Cards in the order played, from the opening lead (possibly incomplete)."""
    contract: Contract | None = None
    """The final contract; None when passed out or unknown (see `passed_out`)."""
    passed_out: bool = False
    declarer_tricks: int | None = None
    """Tricks taken by the declaring side: played out, or as agreed by a claim."""
    claimed: bool = False
    """True when play stopped before trick 13 because a claim was accepted."""
    players: tuple[str, str, str, str] = ("", "", "", "")
    """Names by seat: North, East, South, West ("" when unknown)."""
    event: str = ""
    site: str = ""
    date: str = ""
    scoring: str = ""
    explanations: tuple[tuple[int, str], ...] = ()
    """(position of a call in `calls`, its explanation or alert text)."""
    extra_tags: tuple[tuple[str, str, tuple[str, ...]], ...] = field(default=())
    """Tags Vaza does not interpret, kept as (name, value, section lines) to write back."""

    def player(self, seat: Seat) -> str:
        return self.players[seat]

    def __reduce__(self) -> Rebuild:
        return by_fields(self)
