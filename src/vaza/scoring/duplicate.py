"""IMPs across tables: a team match's two tables, cross-IMPs and Butler (seed 003, "în IMP").

Every method turns a difference of North–South scores into IMPs with the WBF scale (`imps`):

- **Two tables** (a team match): the same board at two tables, the teams' seats swapped.  The team
  that sat North–South at the first table wins imps(first − second).
- **Cross-IMPs**: each result IMPed against every other result of the board, summed.  The sum is
  divided by the number of comparisons (n − 1) so that a board is worth about what it is worth in
  a team match whatever the field's size (ACBLscore's "Average IMPs", BBO's IMP pairs);
  `CrossImpScale.TOTAL` keeps the sum instead (ACBLscore's "Total IMPs").
- **Butler**: each result IMPed against a *datum*, the average North–South score with the
  extreme results left out, rounded to the nearest 10 (see `ButlerRule`).

Artificial scores are not compared: the side gets its award's IMPs (Law 12C2(b): average plus
+3, average 0, average minus −3), multiplied by the comparisons when cross-IMPs are totalled.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Protocol

from vaza.scoring.imps import imps
from vaza.scoring.matchpoints import full_field
from vaza.scoring.traveller import (
    ArtificialScore,
    InvalidTraveller,
    TableResult,
    Traveller,
    WeightedScore,
    scored_parts,
)


def imps_between(ns_score: int, other_ns_score: int) -> int:
    """IMPs for North–South at a table whose board another table scored `other_ns_score`."""
    return imps(ns_score - other_ns_score)


def imp_compare(mine: int | WeightedScore, other: int | WeightedScore) -> Fraction:
    """IMPs `mine` wins against `other`, weighted part by part for weighted scores."""
    total = Fraction(0)
    for weight, score in scored_parts(mine):
        for other_weight, other_score in scored_parts(other):
            total += weight * other_weight * imps(score - other_score)
    return total


class ScoresImps(Protocol):
    """Anything that hands IMPs to contestants on one board."""

    @property
    def awards(self) -> tuple[tuple[str, Fraction], ...]: ...


# --- a team match: two tables -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamBoard:
    """A board of a team match, scored from the team that sat North–South at the first table."""

    first: TableResult
    second: TableResult
    home_imps: Fraction
    """IMPs to the team North–South at the first table (East–West at the second)."""
    away_imps: Fraction
    """IMPs to the other team: −home_imps, unless artificial scores do not balance."""

    @property
    def home(self) -> str:
        return self.first.ns

    @property
    def away(self) -> str:
        return self.first.ew

    @property
    def awards(self) -> tuple[tuple[str, Fraction], ...]:
        return ((self.home, self.home_imps), (self.away, self.away_imps))


def team_board(first: TableResult, second: TableResult) -> TeamBoard:
    """Score one board of a team match from its two tables.

    The teams swap seats between the tables: the first table's North–South team sits East–West
    at the second.  With a result at both tables the first table's team wins
    imps(first − second).  A table with an artificial score (Law 12C2(b)) gives each team its
    award instead, and the other table's result does not count.
    """
    if (first.ns, first.ew) != (second.ew, second.ns):
        raise InvalidTraveller(
            f"a team match swaps seats between its tables: {first.ns!r} sat North–South at the "
            f"first table, so it sits East–West at the second (found {second.ew!r})"
        )
    first_score, second_score = first.score, second.score
    if isinstance(first_score, ArtificialScore) or isinstance(second_score, ArtificialScore):
        home = away = Fraction(0)
        if isinstance(first_score, ArtificialScore):
            home += first_score.ns.imps
            away += first_score.ew.imps
        if isinstance(second_score, ArtificialScore):
            home += second_score.ew.imps
            away += second_score.ns.imps
        return TeamBoard(first, second, home, away)
    home = imp_compare(first_score, second_score)
    return TeamBoard(first, second, home, -home)


# --- IMPs across a field: cross-IMPs and Butler -------------------------------------------


@dataclass(frozen=True, slots=True)
class ImpScore:
    """One table's IMPs on a board, for each direction."""

    result: TableResult
    ns: Fraction
    ew: Fraction
    """−ns, unless the score is artificial."""

    @property
    def awards(self) -> tuple[tuple[str, Fraction], ...]:
        return ((self.result.ns, self.ns), (self.result.ew, self.ew))


@dataclass(frozen=True, slots=True)
class ImpBoard:
    """A traveller IMPed across the field."""

    board: int
    scores: tuple[ImpScore, ...]
    datum: int | None = None
    """Butler's datum (None for cross-IMPs, or when no result could be compared)."""

    @property
    def awards(self) -> tuple[tuple[str, Fraction], ...]:
        return tuple(award for score in self.scores for award in score.awards)


class CrossImpScale(Enum):
    """How a result's cross-IMP comparisons become its score on the board."""

    PER_COMPARISON = "per_comparison"
    """The sum over the n − 1 comparisons, divided by n − 1 (the default)."""
    TOTAL = "total"
    """The sum itself; a board with fewer results is factored by (N − 1) / (n − 1)."""


def cross_imps(
    traveller: Traveller,
    scale: CrossImpScale = CrossImpScale.PER_COMPARISON,
    expected: int | None = None,
) -> ImpBoard:
    """IMP every result against every other result of the board.

    `expected` (N) matters only for `CrossImpScale.TOTAL`: the comparisons a result would have
    had on a full board, which factors results and artificial awards alike.
    """
    full = traveller.full_count if expected is None else expected
    if full < len(traveller.results):
        raise InvalidTraveller(
            f"board {traveller.board} has {len(traveller.results)} results, more than the "
            f"{full} expected"
        )
    real = traveller.compared_scores
    comparisons = len(real) - 1
    full_comparisons = max(full - 1, 0)
    scores: list[ImpScore] = []
    for result in traveller.results:
        score = result.score
        if isinstance(score, ArtificialScore):
            factor = 1 if scale is CrossImpScale.PER_COMPARISON else full_comparisons
            scores.append(ImpScore(result, score.ns.imps * factor, score.ew.imps * factor))
            continue
        total = sum((imp_compare(score, other) for other in real), Fraction(0))
        if comparisons == 0:
            ns = Fraction(0)
        elif scale is CrossImpScale.PER_COMPARISON:
            ns = total / comparisons
        else:
            ns = total * full_comparisons / comparisons
        scores.append(ImpScore(result, ns, -ns))
    return ImpBoard(traveller.board, tuple(scores))


@dataclass(frozen=True, slots=True)
class ButlerRule:
    """Which results the datum leaves out.

    `discard` results are dropped at each end (the highest and the lowest North–South scores)
    when the board has at least `minimum` results to compare; smaller boards average them all.
    The default drops one top and one bottom once five results are there, so that at least three
    are averaged.  The sources differ: clubs commonly drop one of each, ACBLscore 5% at each end,
    some championship Butlers none; `ButlerRule(discard=0)` averages everything.
    """

    discard: int = 1
    minimum: int = 5

    def __post_init__(self) -> None:
        if self.discard < 0:
            raise InvalidTraveller(f"a datum drops 0 or more results, not {self.discard}")
        if self.minimum < 2 * self.discard + 1:
            raise InvalidTraveller(
                f"dropping {self.discard} at each end needs at least {2 * self.discard + 1} "
                f"results, not {self.minimum}"
            )


DEFAULT_BUTLER = ButlerRule()
"""One top and one bottom dropped from five results up."""


def round_datum(mean: Fraction) -> int:
    """The nearest multiple of 10; exactly halfway goes to the even ten (425 → 420, 435 → 440).

    ACBLscore's rule.  Unlike rounding halves up, it treats North–South and East–West alike:
    the datum of the negated scores is the negated datum.
    """
    return round(mean / 10) * 10


def datum(scores: Sequence[int | WeightedScore], rule: ButlerRule = DEFAULT_BUTLER) -> int | None:
    """The Butler datum of a board's scores; None when there is nothing to average.

    A weighted score takes part with its weighted mean.
    """
    values = sorted(
        score.mean if isinstance(score, WeightedScore) else Fraction(score) for score in scores
    )
    if not values:
        return None
    if len(values) >= rule.minimum and rule.discard:
        values = values[rule.discard : -rule.discard]
    return round_datum(sum(values, Fraction(0)) / len(values))


def butler(traveller: Traveller, rule: ButlerRule = DEFAULT_BUTLER) -> ImpBoard:
    """IMP every result against the board's datum (artificial scores get their award)."""
    board_datum = datum(traveller.compared_scores, rule)
    scores: list[ImpScore] = []
    for result in traveller.results:
        score = result.score
        if isinstance(score, ArtificialScore):
            scores.append(ImpScore(result, score.ns.imps, score.ew.imps))
            continue
        assert board_datum is not None  # a compared score exists, so the datum does
        ns = imp_compare(score, board_datum)
        scores.append(ImpScore(result, ns, -ns))
    return ImpBoard(traveller.board, tuple(scores), board_datum)


# --- totals over a session ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ImpTotal:
    """A contestant's IMPs over a session or match: the sum over the boards it played."""

    pair: str
    imps: Fraction
    boards: int

    @property
    def per_board(self) -> Fraction:
        """The average per board played, to compare pairs that played different numbers."""
        return self.imps / self.boards if self.boards else Fraction(0)


def imp_totals(boards: Iterable[ScoresImps]) -> tuple[ImpTotal, ...]:
    """Per contestant, the sum of its IMPs over `boards` (cross-IMP, Butler or team boards)."""
    totals: dict[str, Fraction] = {}
    played: dict[str, int] = {}
    for board in boards:
        for pair, earned in board.awards:
            totals[pair] = totals.get(pair, Fraction(0)) + earned
            played[pair] = played.get(pair, 0) + 1
    return tuple(ImpTotal(pair, totals[pair], played[pair]) for pair in totals)


def cross_imp_session(
    travellers: Sequence[Traveller],
    scale: CrossImpScale = CrossImpScale.PER_COMPARISON,
    expected: int | None = None,
) -> tuple[ImpTotal, ...]:
    """Per pair, the cross-IMPs over a session; totals factor every board up to the full field."""
    full = full_field(travellers) if expected is None else expected
    return imp_totals(cross_imps(traveller, scale, full) for traveller in travellers)


def butler_session(
    travellers: Iterable[Traveller], rule: ButlerRule = DEFAULT_BUTLER
) -> tuple[ImpTotal, ...]:
    """Per pair, the Butler IMPs over a session."""
    return imp_totals(butler(traveller, rule) for traveller in travellers)


def team_match(boards: Iterable[tuple[TableResult, TableResult]]) -> tuple[ImpTotal, ...]:
    """Both teams' IMPs over a match, from each board's two tables."""
    return imp_totals(team_board(first, second) for first, second in boards)


__all__ = [
    "DEFAULT_BUTLER",
    "ButlerRule",
    "CrossImpScale",
    "ImpBoard",
    "ImpScore",
    "ImpTotal",
    "ScoresImps",
    "TeamBoard",
    "butler",
    "butler_session",
    "cross_imp_session",
    "cross_imps",
    "datum",
    "imp_compare",
    "imp_totals",
    "imps_between",
    "round_datum",
    "team_board",
    "team_match",
]
