"""From the deals a tournament's tables archived to travellers, scores and rankings: pure functions.

The truth is the archive: each finished deal keeps its board number and North–South score
(`vaza.match.bridge.DuplicateScorer`), and the tournament knows which entries sat at each table.
Nothing here stores a second copy; `vaza.scoring` does every comparison (matchpoints with
Neuberg, cross-IMPs, Butler, IMPs between a match's two tables, ranks with ties).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from vaza.scoring.duplicate import (
    butler,
    butler_session,
    cross_imp_session,
    cross_imps,
    imp_totals,
    team_board,
)
from vaza.scoring.matchpoints import full_field, matchpoint_board, matchpoint_session
from vaza.scoring.ranking import Placed, rank
from vaza.scoring.traveller import TableResult, Traveller
from vaza.tournaments.model import BUTLER_RULE, CROSS_SCALE, TEAMS, ImpMethod, Scoring
from vaza.tournaments.movement import Seating


@dataclass(frozen=True, slots=True)
class PlayedResult:
    """One table's result on one board, as its archived deal records it."""

    board: int
    table: int
    """The table's number in the tournament."""
    round: int
    ns: str
    ew: str
    ns_score: int
    """The duplicate score from North–South's side (0 when passed out)."""
    contract: str | None
    """``4HX``; None when passed out."""
    declarer: str | None
    tricks: int | None
    """Tricks taken by declarer's side."""
    table_id: str = ""
    deal_id: int = 0

    @property
    def table_result(self) -> TableResult:
        return TableResult(self.ns, self.ew, self.ns_score)


def played_result(summary: Mapping[str, Any], seating: Seating, table_id: str = "",
                  deal_id: int = 0) -> PlayedResult | None:  # fmt: skip
    """Read an archived deal's summary (None if it is not a scored duplicate board)."""
    score = summary.get("score") or {}
    board, ns_score = score.get("board"), score.get("ns_score")
    if not isinstance(board, int) or not isinstance(ns_score, int):
        return None
    if board not in seating.board_numbers:
        return None
    outcome = summary.get("result") or {}
    contract = outcome.get("contract") or None
    return PlayedResult(
        board=board,
        table=seating.number,
        round=seating.round,
        ns=seating.ns,
        ew=seating.ew,
        ns_score=ns_score,
        contract=None if contract is None else str(contract["text"]),
        declarer=None if contract is None else str(contract["declarer"]),
        tricks=None if contract is None else outcome.get("declarer_tricks"),
        table_id=table_id,
        deal_id=deal_id,
    )


def by_board(results: Iterable[PlayedResult]) -> dict[int, tuple[PlayedResult, ...]]:
    """Results grouped by board, each board's in table order."""
    grouped: dict[int, list[PlayedResult]] = {}
    for result in results:
        grouped.setdefault(result.board, []).append(result)
    return {
        board: tuple(sorted(found, key=lambda r: (r.table, r.round)))
        for board, found in sorted(grouped.items())
    }


def travellers(results: Iterable[PlayedResult]) -> tuple[Traveller, ...]:
    """One traveller per board played so far, for a field of pairs."""
    return tuple(
        Traveller.of(board, (r.table_result for r in found))
        for board, found in by_board(results).items()
    )


# -- one board ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """A result with what it earned: matchpoints (pairs) and IMPs."""

    result: PlayedResult
    top: int | None
    """The board's matchpoint top (None at a team match)."""
    ns_mp: Fraction | None
    ew_mp: Fraction | None
    ns_imps: Fraction
    ew_imps: Fraction

    @property
    def ns_percent(self) -> Fraction | None:
        if self.ns_mp is None or self.top is None:
            return None
        return Fraction(50) if self.top == 0 else self.ns_mp * 100 / self.top

    @property
    def ew_percent(self) -> Fraction | None:
        percent = self.ns_percent
        return None if percent is None else 100 - percent


@dataclass(frozen=True, slots=True)
class ScoredBoard:
    board: int
    lines: tuple[ScoredResult, ...]
    datum: int | None = None
    """Butler's datum, when that is how the field is IMPed."""


def score_field_board(
    found: Sequence[PlayedResult], imps: ImpMethod, expected: int | None = None
) -> ScoredBoard:
    """Matchpoint and IMP one board of a pairs field (`expected`: the field's size)."""
    traveller = Traveller.of(found[0].board, (r.table_result for r in found))
    full = max(expected or 0, len(found))
    points = matchpoint_board(traveller, full)
    imped = (
        cross_imps(traveller, CROSS_SCALE, full)
        if imps is ImpMethod.CROSS
        else butler(traveller, BUTLER_RULE)
    )
    lines = tuple(
        ScoredResult(result, mp.top, mp.ns, mp.ew, imp.ns, imp.ew)
        for result, mp, imp in zip(found, points.scores, imped.scores, strict=True)
    )
    return ScoredBoard(traveller.board, lines, imped.datum)


def score_team_board(found: Sequence[PlayedResult]) -> ScoredBoard:
    """A team match's board: the two tables IMPed against each other once both have played
    it (until then, a table's result earns nothing yet)."""
    first, second = _both_tables(found)
    if first is None or second is None:
        return ScoredBoard(
            found[0].board,
            tuple(ScoredResult(r, None, None, None, Fraction(0), Fraction(0)) for r in found),
        )
    swing = team_board(first.table_result, second.table_result)
    return ScoredBoard(
        first.board,
        (
            ScoredResult(first, None, None, None, swing.home_imps, swing.away_imps),
            ScoredResult(second, None, None, None, swing.away_imps, swing.home_imps),
        ),
    )


def _both_tables(
    found: Sequence[PlayedResult],
) -> tuple[PlayedResult | None, PlayedResult | None]:
    first = next((r for r in found if r.table == 1), None)
    second = next((r for r in found if r.table == 2), None)
    return first, second


# -- the whole event ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Standing:
    """An entry's totals over the boards it has played."""

    entry: str
    boards: int
    imps: Fraction
    matchpoints: Fraction | None = None
    percent: Fraction | None = None
    """Matchpoints over the tops of the boards played (None at a team match)."""


def field_standings(
    results: Iterable[PlayedResult], imps: ImpMethod, expected: int | None = None
) -> dict[str, Standing]:
    """Every pair's matchpoints, percentage and IMPs; every board factored to the field's
    size (Neuberg) so boards played fewer times weigh the same."""
    boards = travellers(results)
    full = max(expected or 0, full_field(boards))
    points = {total.pair: total for total in matchpoint_session(boards, full)}
    imp_list = (
        cross_imp_session(boards, CROSS_SCALE, full)
        if imps is ImpMethod.CROSS
        else butler_session(boards, BUTLER_RULE)
    )
    imped = {total.pair: total for total in imp_list}
    return {
        pair: Standing(pair, total.boards, imped[pair].imps, total.matchpoints, total.percent)
        for pair, total in points.items()
    }


def team_standings(results: Iterable[PlayedResult]) -> dict[str, Standing]:
    """Both teams' IMPs over the boards both tables have played."""
    swings = []
    for found in by_board(results).values():
        first, second = _both_tables(found)
        if first is not None and second is not None:
            swings.append(team_board(first.table_result, second.table_result))
    totals = {total.pair: total for total in imp_totals(swings)}
    return {
        team: Standing(team, totals[team].boards, totals[team].imps)
        if team in totals
        else Standing(team, 0, Fraction(0))
        for team in TEAMS
    }


def ranking(
    standings: Mapping[str, Standing], entries: Iterable[str], scoring: Scoring
) -> tuple[Placed[Standing], ...]:
    """Rank `entries` that have played at least one board: by percentage at matchpoints, by
    IMPs otherwise; equal values share a place (1=, 1=, 3)."""
    played = [standings[e] for e in entries if e in standings and standings[e].boards > 0]
    if scoring is Scoring.MATCHPOINTS:
        return rank(played, lambda s: s.percent if s.percent is not None else Fraction(0))
    return rank(played, lambda s: s.imps)


__all__ = [
    "PlayedResult",
    "ScoredBoard",
    "ScoredResult",
    "Standing",
    "by_board",
    "field_standings",
    "played_result",
    "ranking",
    "score_field_board",
    "score_team_board",
    "team_standings",
    "travellers",
]
