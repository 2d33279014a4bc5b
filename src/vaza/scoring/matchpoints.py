"""Matchpoints: each result against every other result of the board (seed 003, "puncte de meci").

A result earns two matchpoints for each result it beats and one for each it ties, so on a board
played n times the top is 2 × (n − 1).  North–South and East–West are scored separately; East–
West's matchpoints are the complement of North–South's (top − NS).

Boards played fewer times than the rest (a table too slow, an artificial score, a fouled board
split into groups) are factored with Neuberg's formula up to the top of the full field, as the
WBF, the ACBL and the EBU do:

    M' = (M + 1) × N / n − 1

with M the matchpoints among the n results that can be compared and N the number of results the
board should have had.  It is what matchpointing gives when each actual result is counted N / n
times (EBU, "The Neuberg Formula", Max Bavin).  Artificial scores take no part in the
comparison; they get their percentage of the full top (Law 12C2(a)).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from vaza.scoring.traveller import (
    ArtificialScore,
    InvalidTraveller,
    TableResult,
    Traveller,
    WeightedScore,
    scored_parts,
)


def matchpoints(scores: Sequence[int]) -> tuple[int, ...]:
    """North–South matchpoints of plain table scores: 2 per score beaten, 1 per score tied."""
    return tuple(
        sum(2 if mine > other else 1 if mine == other else 0 for other in scores) - 1
        for mine in scores
    )


def top(results: int) -> int:
    """The most a result can earn on a board with `results` results."""
    return 2 * (results - 1) if results > 0 else 0


def neuberg(points: Fraction | int, actual: int, expected: int) -> Fraction:
    """Factor matchpoints earned among `actual` results up to a board of `expected` results.

    Neuberg's formula, (M + 1) × N / n − 1: each actual result stands for N / n results.
    """
    if not 0 < actual <= expected:
        raise InvalidTraveller(
            f"Neuberg factors 1 to {expected} actual results up to {expected}, not {actual}"
        )
    return (Fraction(points) + 1) * Fraction(expected, actual) - 1


def compare(mine: int | WeightedScore, other: int | WeightedScore) -> Fraction:
    """Matchpoints `mine` earns against `other`: 2, 1 or 0, weighted part by part."""
    points = Fraction(0)
    for weight, score in scored_parts(mine):
        for other_weight, other_score in scored_parts(other):
            step = 2 if score > other_score else 1 if score == other_score else 0
            points += weight * other_weight * step
    return points


@dataclass(frozen=True, slots=True)
class MatchpointScore:
    """One table's matchpoints on a board, for each direction."""

    result: TableResult
    ns: Fraction
    """North–South's matchpoints (Neuberg-factored when the board has fewer results)."""
    ew: Fraction
    """East–West's matchpoints: the complement top − ns, unless the score is artificial."""
    top: int

    @property
    def ns_percent(self) -> Fraction:
        return percent_of(self.ns, self.top)

    @property
    def ew_percent(self) -> Fraction:
        return percent_of(self.ew, self.top)


def percent_of(points: Fraction, board_top: int | Fraction) -> Fraction:
    """Matchpoints as a percentage of the top; a board with no comparison is an average."""
    if board_top == 0:
        return Fraction(50)
    return points * 100 / board_top


@dataclass(frozen=True, slots=True)
class MatchpointBoard:
    """A whole traveller matchpointed."""

    board: int
    expected: int
    """N: the results the board is scored as having, so its top is 2 × (N − 1)."""
    compared: int
    """n: the results that were compared (artificial scores aside)."""
    scores: tuple[MatchpointScore, ...]

    @property
    def top(self) -> int:
        return top(self.expected)


def matchpoint_board(traveller: Traveller, expected: int | None = None) -> MatchpointBoard:
    """Matchpoint every result of a board; `expected` overrides the traveller's own N."""
    full = traveller.full_count if expected is None else expected
    if full < len(traveller.results):
        raise InvalidTraveller(
            f"board {traveller.board} has {len(traveller.results)} results, more than the "
            f"{full} expected"
        )
    board_top = top(full)
    real = traveller.compared_scores
    scores: list[MatchpointScore] = []
    for result in traveller.results:
        score = result.score
        if isinstance(score, ArtificialScore):
            ns = score.ns.percent * board_top / 100
            ew = score.ew.percent * board_top / 100
        else:
            among = sum((compare(score, other) for other in real), Fraction(0)) - 1
            ns = among if len(real) == full else neuberg(among, len(real), full)
            ew = board_top - ns
        scores.append(MatchpointScore(result, ns, ew, board_top))
    return MatchpointBoard(traveller.board, full, len(real), tuple(scores))


@dataclass(frozen=True, slots=True)
class MatchpointTotal:
    """A pair's matchpoints over a session: the sum over the boards it played."""

    pair: str
    matchpoints: Fraction
    tops: Fraction
    """The sum of the tops of the boards the pair played."""
    boards: int

    @property
    def percent(self) -> Fraction:
        """Matchpoints as a percentage of the matchpoints available to the pair."""
        return percent_of(self.matchpoints, self.tops)


def full_field(travellers: Iterable[Traveller]) -> int:
    """The field's size: the most results any board of the session expects or has."""
    return max((traveller.full_count for traveller in travellers), default=0)


def matchpoint_session(
    travellers: Sequence[Traveller], expected: int | None = None
) -> tuple[MatchpointTotal, ...]:
    """Per pair, the matchpoints and percentage over the boards it played.

    Every board is factored up to `expected` results (default: the full field, the most results
    any board has), so that every board weighs the same.  A pair's percentage is its matchpoints
    over the tops of its boards.
    """
    full = full_field(travellers) if expected is None else expected
    points: dict[str, Fraction] = {}
    tops: dict[str, Fraction] = {}
    boards: dict[str, int] = {}
    for traveller in travellers:
        for score in matchpoint_board(traveller, full).scores:
            for pair, earned in ((score.result.ns, score.ns), (score.result.ew, score.ew)):
                points[pair] = points.get(pair, Fraction(0)) + earned
                tops[pair] = tops.get(pair, Fraction(0)) + score.top
                boards[pair] = boards.get(pair, 0) + 1
    return tuple(MatchpointTotal(pair, points[pair], tops[pair], boards[pair]) for pair in points)


__all__ = [
    "MatchpointBoard",
    "MatchpointScore",
    "MatchpointTotal",
    "compare",
    "full_field",
    "matchpoint_board",
    "matchpoint_session",
    "matchpoints",
    "neuberg",
    "percent_of",
    "top",
]
