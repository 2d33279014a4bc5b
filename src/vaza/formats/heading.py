"""What the club knows of a deal beyond its cards, written into the PBN and LIN it keeps.

A match deals and scores without knowing who sits where, when, or under which name its table
goes; the table service knows all that.  It gives a `Heading`, and `headed` puts it on the
match's record, so a downloaded file names the event, the date, the board, the four players and
the scoring as other programs expect (PBN's Event, Site, Date, Board, West..South, Scoring; LIN's
``pn`` and ``ah``).
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass
from typing import Final

from vaza.core.record import DealRecord

SITE: Final = "Vaza"


@dataclass(frozen=True, slots=True)
class Heading:
    event: str
    date: str
    """PBN's ``YYYY.MM.DD``."""
    scoring: str
    """PBN's Scoring value (``IMP``, ``MP``, ``Rubber``...), "" when PBN has no word for it."""
    players: tuple[str, str, str, str]
    """Names by seat: North, East, South, West ("" for an empty seat)."""
    board: int
    """The board's number, or for a match without boards the deal's number in the match."""
    site: str = SITE


def pbn_date(seconds: float) -> str:
    """The UTC day of a moment (seconds since the epoch) as PBN writes dates."""
    return time.strftime("%Y.%m.%d", time.gmtime(seconds))


def headed(record: DealRecord, heading: Heading) -> DealRecord:
    """`record` with the heading's names, event, date and scoring; a board without a number
    (a rubber's deal) gets the deal's number, so the file says which deal it is."""
    board = record.board
    if board.number is None:
        board = board.with_number(heading.board)
    return dataclasses.replace(
        record,
        board=board,
        players=heading.players,
        event=heading.event,
        site=heading.site,
        date=heading.date,
        scoring=heading.scoring,
    )


__all__ = ["SITE", "Heading", "headed", "pbn_date"]
