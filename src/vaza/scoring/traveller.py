"""A board's results at every table that played it: the traveller (seed 003, WBF Laws 12, 78).

Duplicate compares the tables that played the same board ("comparate între mese", seed 003), so
every method (matchpoints, IMPs between two tables, cross-IMPs, Butler) starts from the same list:
who sat North–South and East–West, and what the board scored, always from North–South's side.

A table's score is one of three kinds, as the laws have them:

- a **table score**: the signed points of the deal (`ns_score`); a passed-out board is 0;
- a **weighted score** (Law 12C1(c)): an assigned adjusted score made of several table scores,
  each with a weight ("30% of 4♠ making, 70% of 4♠ one down");
- an **artificial score** (Law 12C2): no table score at all, but a share of the top for each side
  — average plus (60%), average (50%), average minus (40%) — or ±3 IMPs at IMP scoring.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from vaza.core.calls import Contract
from vaza.core.cards import Side, Vulnerability
from vaza.core.errors import VazaError
from vaza.scoring.contract import duplicate_score


class InvalidTraveller(VazaError, ValueError):
    """Results that cannot be scored together: a pair twice on a board, a score no deal makes."""

    code = "invalid_traveller"


def ns_score(contract: Contract | None, declarer_tricks: int, vulnerability: Vulnerability) -> int:
    """The duplicate score of a deal signed from North–South's side (0 if passed out).

    Travellers are written from North–South's side so that one number compares every table.
    """
    if contract is None:
        return 0
    side = contract.declarer.side
    points = duplicate_score(contract, declarer_tricks, vulnerability.is_vulnerable(side))
    return points if side is Side.NS else -points


@dataclass(frozen=True, slots=True)
class Award:
    """What one side receives from an artificial adjusted score.

    The laws give it in two currencies: a percentage of the top at matchpoints (Law 12C2(a)) and
    IMPs at IMP scoring (Law 12C2(b): average plus is +3 IMPs, average minus −3).
    """

    percent: Fraction
    """Share of the board's top, 0..100, at matchpoints."""
    imps: Fraction
    """IMPs for the board at IMP scoring (per comparison at cross-IMPs)."""

    def __post_init__(self) -> None:
        if not 0 <= self.percent <= 100:
            raise InvalidTraveller(f"an award is 0% to 100% of the top, not {self.percent}%")

    @classmethod
    def of(cls, percent: int | Fraction, imps: int | Fraction) -> Award:
        return cls(Fraction(percent), Fraction(imps))


AVERAGE_PLUS = Award.of(60, 3)
"""For a side in no way at fault (Law 12C2(a): "at least 60%"; 12C2(b): +3 IMPs)."""
AVERAGE = Award.of(50, 0)
"""For a side only partly at fault."""
AVERAGE_MINUS = Award.of(40, -3)
"""For a side directly at fault (Law 12C2(a): "at most 40%"; 12C2(b): −3 IMPs)."""


@dataclass(frozen=True, slots=True)
class ArtificialScore:
    """No result could be obtained: each side gets its own award (Law 12C2).

    The awards need not balance: both sides may be partly at fault (50/50), one at fault
    (60/40), or both at fault (40/40).
    """

    ns: Award
    ew: Award


@dataclass(frozen=True, slots=True)
class WeightedScore:
    """An assigned adjusted score that weighs several table scores (Law 12C1(c)).

    Each part is compared as if it had happened at that fraction of a table, so a weighted
    score is matchpointed and IMPed as the weighted sum of its parts' comparisons.
    """

    parts: tuple[tuple[Fraction, int], ...]
    """(weight, North–South score) pairs; the weights are positive and sum to 1."""

    def __post_init__(self) -> None:
        if not self.parts:
            raise InvalidTraveller("a weighted score needs at least one score")
        if any(weight <= 0 for weight, _ in self.parts):
            raise InvalidTraveller("every weight of a weighted score must be positive")
        if sum(weight for weight, _ in self.parts) != 1:
            raise InvalidTraveller("the weights of a weighted score must add up to 1")
        for _, points in self.parts:
            _check_points(points)

    @classmethod
    def of(cls, *parts: tuple[int | Fraction, int]) -> WeightedScore:
        """`WeightedScore.of((Fraction(1, 3), 620), (Fraction(2, 3), -100))`."""
        return cls(tuple((Fraction(weight), points) for weight, points in parts))

    @property
    def mean(self) -> Fraction:
        """The expected North–South score, which is what a Butler datum averages."""
        return sum((weight * points for weight, points in self.parts), Fraction(0))


Score = int | WeightedScore | ArtificialScore
"""What a table scored on a board, from North–South's side."""


def _check_points(points: int) -> None:
    if isinstance(points, bool) or not isinstance(points, int):
        raise InvalidTraveller(f"a table score is a whole number of points, not {points!r}")
    if points % 10:
        raise InvalidTraveller(f"every duplicate score is a multiple of 10, not {points}")


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result on a board: the pair (or team) in each direction and the score."""

    ns: str
    """The pair, or team, that sat North–South."""
    ew: str
    """The pair, or team, that sat East–West."""
    score: Score

    def __post_init__(self) -> None:
        if self.ns == self.ew:
            raise InvalidTraveller(f"{self.ns!r} cannot sit both North–South and East–West")
        if not isinstance(self.score, WeightedScore | ArtificialScore):
            _check_points(self.score)

    @property
    def is_artificial(self) -> bool:
        """Whether the table has no score to compare (an average of some kind)."""
        return isinstance(self.score, ArtificialScore)


def scored_parts(score: int | WeightedScore) -> tuple[tuple[Fraction, int], ...]:
    """A comparable score as (weight, points) parts: a table score is one part of weight 1."""
    if isinstance(score, WeightedScore):
        return score.parts
    return ((Fraction(1), score),)


@dataclass(frozen=True, slots=True)
class Traveller:
    """Every result of one board.

    `expected` is how many times the board should have been played, artificial scores
    included; a board played fewer times (a late table, a fouled board split into groups) is
    factored up to it.  None: as many results as there are.
    """

    board: int
    results: tuple[TableResult, ...]
    expected: int | None = None

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for result in self.results:
            for pair in (result.ns, result.ew):
                if pair in seen:
                    raise InvalidTraveller(f"{pair!r} has two results on board {self.board}")
                seen.add(pair)
        if self.expected is not None and self.expected < len(self.results):
            raise InvalidTraveller(
                f"board {self.board} has {len(self.results)} results, more than the "
                f"{self.expected} expected"
            )

    @classmethod
    def of(
        cls, board: int, results: Iterable[TableResult], expected: int | None = None
    ) -> Traveller:
        return cls(board, tuple(results), expected)

    @property
    def full_count(self) -> int:
        """The number of results the board is scored as if it had (N in Neuberg's formula)."""
        return len(self.results) if self.expected is None else self.expected

    @property
    def compared_scores(self) -> tuple[int | WeightedScore, ...]:
        """The scores to compare: artificial scores take no part."""
        return tuple(
            result.score for result in self.results if not isinstance(result.score, ArtificialScore)
        )


__all__ = [
    "AVERAGE",
    "AVERAGE_MINUS",
    "AVERAGE_PLUS",
    "ArtificialScore",
    "Award",
    "InvalidTraveller",
    "Score",
    "TableResult",
    "Traveller",
    "WeightedScore",
    "ns_score",
    "scored_parts",
]
