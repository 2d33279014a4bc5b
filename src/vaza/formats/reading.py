"""What a forgiving reader made of a file: the games it read, and each game it could not take
whole, named once with its line and reason (left out, or kept without a part)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from vaza.core.record import DealRecord

PLAY_NOT_READ: Final = "play not read"
"""A game kept without its play: its deal, auction, contract and result stand."""
AUCTION_CUT_OFF: Final = "auction cut off"
"""A game whose auction stops before it ends: its deal (and the calls made) stand."""


@dataclass(frozen=True, slots=True)
class Problem:
    """A game the forgiving reader could not take whole: left out, or kept without a part."""

    line: int
    """The line the game starts at (0 when the format has no lines to name)."""
    where: str
    """The game as a message names it: ``board 3 (line 40)``."""
    reason: str
    kept: str = ""
    """What the kept game lacks (`PLAY_NOT_READ`, `AUCTION_CUT_OFF`); "" when it was left out."""

    def __str__(self) -> str:
        if self.kept:
            return f"{self.where}: {self.kept}: {self.reason}"
        return f"{self.where} skipped: {self.reason}"


@dataclass(frozen=True, slots=True)
class Reading:
    """The games read and the problems met, in the file's order."""

    records: tuple[DealRecord, ...]
    lines: tuple[int, ...]
    """The line each record's game starts at, so later warnings can name it (empty when the
    format does not say)."""
    problems: tuple[Problem, ...]

    @property
    def skipped(self) -> tuple[Problem, ...]:
        """The games left out."""
        return tuple(problem for problem in self.problems if not problem.kept)

    @property
    def play_not_read(self) -> tuple[Problem, ...]:
        """The games kept without their play."""
        return tuple(problem for problem in self.problems if problem.kept == PLAY_NOT_READ)
