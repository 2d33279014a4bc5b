"""A whole event as one PBN file: every result of every board, with the tournament's scores.

Each result is a game of its own (the table's record: deal, auction, play, contract, result)
carrying the tournament's tags — Event, Site, Date, the players' names, Scoring, and the
supplemental tags of PBN 2.1 §4: Competition, Round, Table, Room (a team match's Open and Closed
rooms), Score ("NS 420"), and what the result earned: ScoreMP and ScorePercentage (pairs) and
ScoreIMP.  The first game of each board also carries the board's ScoreTable (its
traveller, §5.9) and the last game the tournament's TotalScoreTable (§5.10), both as tables any PBN
program reads: a header of ``Column\\widthAlign`` entries and one row per result.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from vaza.core.record import DealRecord
from vaza.formats import pbn
from vaza.scoring.ranking import Placed
from vaza.tournaments.model import ImpMethod, Scoring, TournamentKind
from vaza.tournaments.results import ScoredResult, Standing

SITE = "Vaza"
ExtraTag = tuple[str, str, tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class ExportedResult:
    """One table's result on a board, with its record and who sat where (N, E, S, W)."""

    line: ScoredResult
    record: DealRecord
    players: tuple[str, str, str, str]


@dataclass(frozen=True, slots=True)
class ExportedEntry:
    placed: Placed[Standing]
    name: str


def scoring_tag(kind: TournamentKind, scoring: Scoring, imps: ImpMethod) -> str:
    """PBN's Scoring value: MatchPoints, or IMP (with Butler or Cross as the IMP method)."""
    if scoring is Scoring.MATCHPOINTS:
        return "MatchPoints"
    if kind is TournamentKind.TEAMS:
        return "IMP"
    return "IMP;Butler" if imps is ImpMethod.BUTLER else "IMP;Cross"


_COMPETITION = {
    TournamentKind.ROBOT: "Individual",
    TournamentKind.PAIRS: "Pairs",
    TournamentKind.TEAMS: "Teams",
}


def decimal(value: Fraction | None) -> str:
    return "-" if value is None else f"{float(value):.2f}"


def score_tag(ns_score: int) -> str:
    """PBN's Score value: the side that scored and how much ("NS 420", "EW 100")."""
    return f"NS {ns_score}" if ns_score >= 0 else f"EW {-ns_score}"


def table_section(
    name: str, columns: Sequence[tuple[str, bool]], rows: Sequence[Sequence[str]]
) -> ExtraTag:
    """A PBN table: the header names each column with its width and alignment (R or L), and
    every row is padded to those widths.  `columns`: (name, right-aligned)."""
    widths = [
        max([len(column), *(len(row[i]) for row in rows)]) for i, (column, _) in enumerate(columns)
    ]
    header = ";".join(
        f"{column}\\{width}{'R' if right else 'L'}"
        for (column, right), width in zip(columns, widths, strict=True)
    )
    lines = tuple(
        " ".join(
            value.rjust(width) if right else value.ljust(width)
            for value, (_, right), width in zip(row, columns, widths, strict=True)
        ).rstrip()
        for row in rows
    )
    return (name, header, lines)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def score_table(kind: TournamentKind, lines: Sequence[ScoredResult]) -> ExtraTag:
    """A board's traveller as a PBN ScoreTable."""
    teams = kind is TournamentKind.TEAMS
    columns: list[tuple[str, bool]] = [("Table", True)]
    columns += [("Room", False)] if teams else [("Round", True)]
    columns += [
        ("PairId_NS", True), ("PairId_EW", True), ("Contract", False), ("Declarer", True),
        ("Result", True), ("Score_NS", True), ("Score_EW", True),
    ]  # fmt: skip
    if not teams:
        columns += [("MP_NS", True), ("MP_EW", True), ("Percentage_NS", True)]
    columns += [("IMP_NS", True), ("IMP_EW", True)]
    rows = []
    for line in lines:
        result = line.result
        score = result.ns_score
        row = [str(result.table), _room(result.table) if teams else str(result.round)]
        row += [
            result.ns,
            result.ew,
            result.contract or "Pass",
            result.declarer or "-",
            "-" if result.tricks is None else str(result.tricks),
            str(score) if score >= 0 else "-",
            str(-score) if score <= 0 else "-",
        ]
        if not teams:
            row += [decimal(line.ns_mp), decimal(line.ew_mp), decimal(line.ns_percent)]
        row += [decimal(line.ns_imps), decimal(line.ew_imps)]
        rows.append(row)
    return table_section("ScoreTable", columns, rows)


def total_score_table(scoring: Scoring, entries: Sequence[ExportedEntry]) -> ExtraTag:
    """The ranking as a PBN TotalScoreTable."""
    columns: list[tuple[str, bool]] = [("Rank", True), ("PairId", True)]
    if scoring is Scoring.MATCHPOINTS:
        columns += [("TotalScoreMP", True), ("TotalPercentage", True)]
    columns += [("TotalScoreIMP", True), ("NrBoards", True), ("Names", False)]
    rows = []
    for item in entries:
        standing = item.placed.entry
        row = [item.placed.label, standing.entry]
        if scoring is Scoring.MATCHPOINTS:
            row += [decimal(standing.matchpoints), decimal(standing.percent)]
        row += [decimal(standing.imps), str(standing.boards), _quoted(item.name)]
        rows.append(row)
    return table_section("TotalScoreTable", columns, rows)


def _room(table: int) -> str:
    return "Open" if table == 1 else "Closed"


@dataclass(frozen=True, slots=True)
class PbnHeading:
    """What every game of the file says of the tournament: its name and day, how it is scored."""

    name: str
    date: str
    """PBN's form, "2026.12.06"."""
    kind: TournamentKind
    scoring: Scoring
    imps: ImpMethod


def tournament_pbn(
    heading: PbnHeading,
    boards: Sequence[Sequence[ExportedResult]],
    ranking: Sequence[ExportedEntry],
) -> str:
    """The tournament as a PBN file (export format): `boards` in order, each its results."""
    name, date, kind = heading.name, heading.date, heading.kind
    scoring, imps = heading.scoring, heading.imps
    scoring_value = scoring_tag(kind, scoring, imps)
    games: list[DealRecord] = []
    for results in boards:
        for position, item in enumerate(results):
            result = item.line.result
            tags: list[ExtraTag] = [
                ("Competition", _COMPETITION[kind], ()),
                ("Table", str(result.table), ()),
                ("Score", score_tag(result.ns_score), ()),
            ]
            if kind is TournamentKind.TEAMS:
                tags.append(("Room", _room(result.table), ()))
            else:
                tags.append(("Round", str(result.round), ()))
            if item.line.ns_mp is not None:
                tags.append(("ScoreMP", f"NS {decimal(item.line.ns_mp)}", ()))
            if item.line.ns_percent is not None:
                tags.append(("ScorePercentage", f"NS {decimal(item.line.ns_percent)}", ()))
            tags.append(("ScoreIMP", f"NS {decimal(item.line.ns_imps)}", ()))
            if position == 0:
                tags.append(score_table(kind, [other.line for other in results]))
            games.append(
                dataclasses.replace(
                    item.record,
                    players=item.players,
                    event=name,
                    site=SITE,
                    date=date,
                    scoring=scoring_value,
                    extra_tags=tuple(tags),
                )
            )
    if games and ranking:
        last = games[-1]
        games[-1] = dataclasses.replace(
            last, extra_tags=(*last.extra_tags, total_score_table(scoring, ranking))
        )
    return pbn.dumps(games)


__all__ = [
    "ExportedEntry",
    "ExportedResult",
    "PbnHeading",
    "decimal",
    "score_table",
    "score_tag",
    "scoring_tag",
    "table_section",
    "total_score_table",
    "tournament_pbn",
]
