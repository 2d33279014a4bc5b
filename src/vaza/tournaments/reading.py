"""A tournament as loaded from the store, read for one viewer: pure functions, no I/O.

`Loaded.of` turns the archive (the deals the tournament's tables finished) into results; the rest
builds what a viewer asks for — the overview with the rankings, a board's traveller, the PBN
file — letting through only the boards `views.may_see` allows them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from vaza.core.errors import NotVisible
from vaza.formats import pbn
from vaza.json_types import JSON
from vaza.scoring.ranking import Placed
from vaza.store.port import DealRow
from vaza.store.tournaments_port import MemberRecord, TournamentRecord, TournamentTableRecord
from vaza.tournaments.boards import BoardSet
from vaza.tournaments.export import ExportedEntry, ExportedResult, PbnHeading, tournament_pbn
from vaza.tournaments.model import (
    TEAMS,
    Scoring,
    Status,
    TournamentKind,
    TournamentRules,
    UnknownTournament,
    joinable,
    pair_entries,
)
from vaza.tournaments.movement import Seating
from vaza.tournaments.results import (
    PlayedResult,
    ScoredBoard,
    Standing,
    by_board,
    field_standings,
    played_result,
    ranking,
    score_field_board,
    score_team_board,
    team_standings,
)
from vaza.tournaments.views import (
    board_list_json,
    boards_played,
    entry_name,
    may_see,
    results_json,
    seat_names,
    standings_json,
    tournament_json,
    traveller_json,
)

SEATS = "NESW"


def seating_of(table: TournamentTableRecord) -> Seating:
    return Seating(table.round, table.number, table.ns, table.ew, table.first_board, table.boards)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A tournament with everything its results are read from."""

    record: TournamentRecord
    rules: TournamentRules
    status: Status
    members: tuple[MemberRecord, ...]
    tables: tuple[TournamentTableRecord, ...]
    deals: tuple[DealRow, ...]
    results: tuple[PlayedResult, ...]
    seatings: Mapping[str, Seating]

    @classmethod
    def of(
        cls,
        record: TournamentRecord,
        status: Status,
        members: Iterable[MemberRecord],
        tables: Iterable[TournamentTableRecord],
        deals: Iterable[DealRow],
    ) -> Loaded:
        """Read every archived deal of the tournament's tables as a result."""
        tables = tuple(tables)
        deals = tuple(deals)
        seatings = {table.table_id: seating_of(table) for table in tables}
        results = []
        for row in deals:
            seating = seatings.get(row.table_id)
            found = None if seating is None else played_result(row.summary, seating,
                                                                row.table_id, row.id)  # fmt: skip
            if found is not None:
                results.append(found)
        rules = TournamentRules.from_json(record.rules)
        return cls(record, rules, status, tuple(members), tables, deals, tuple(results), seatings)

    @property
    def field_size(self) -> int:
        """The most results any board has: every board is factored up to it (Neuberg)."""
        return max((len(found) for found in by_board(self.results).values()), default=0)

    def own_tables(self, viewer: int | None) -> list[tuple[TournamentTableRecord, MemberRecord]]:
        """The tables where `viewer` sits, with the seat they play there."""
        return [
            (table, member)
            for table in self.tables
            for member in self.members
            if member.user_id == viewer and seating_of(table).seats(member.entry, member.seat)
        ]

    def progress(self, viewer: int | None) -> tuple[frozenset[int], bool]:
        """The boards `viewer` has played, and whether one of their tables is still being
        played (they then see only what they have played, even once the tournament is closed)."""
        playing = any(table.status != "finished" for table, _ in self.own_tables(viewer))
        return boards_played(viewer, self.members, self.results), playing

    def may_see(self, board: int, viewer: int | None) -> bool:
        played, playing = self.progress(viewer)
        return may_see(board, self.status, played, playing)


def tournament_standings(loaded: Loaded) -> dict[str, tuple[Placed[Standing], ...]]:
    """The ranked groups: the robot tournament's field (everyone sits North–South), a
    Mitchell's two directions, or the two teams."""
    rules = loaded.rules
    if rules.kind is TournamentKind.TEAMS:
        return {"teams": ranking(team_standings(loaded.results), TEAMS, Scoring.IMPS)}
    standings = field_standings(loaded.results, rules.imps, loaded.field_size)
    if rules.kind is TournamentKind.PAIRS:
        north_south, east_west = pair_entries(rules.tables)
        return {
            "NS": ranking(standings, north_south, rules.scoring),
            "EW": ranking(standings, east_west, rules.scoring),
        }
    field_entries = [t.ns for t in sorted(loaded.tables, key=lambda t: t.number)]
    return {"field": ranking(standings, field_entries, rules.scoring)}


def score_board(loaded: Loaded, board: int) -> ScoredBoard | None:
    """A board's results with what each earned (None before anyone has played it)."""
    found = by_board(r for r in loaded.results if r.board == board).get(board)
    if not found:
        return None
    if loaded.rules.kind is TournamentKind.TEAMS:
        return score_team_board(found)
    return score_field_board(found, loaded.rules.imps, loaded.field_size)


FINISHED = "finished"


def compared_tables(loaded: Loaded, table: TournamentTableRecord) -> list[TournamentTableRecord]:
    """The tables whose results `table`'s are compared with before they are final: the same
    round's tables; in a robot tournament its robot-only tables (people who come later to play
    alone change the field, never the fact that this table's results are in)."""
    same_round = [t for t in loaded.tables if t.round == table.round]
    if loaded.rules.kind is TournamentKind.ROBOT:
        return [t for t in same_round if t.table_id == table.table_id or t.ns.startswith("R")]
    return same_round


def results_ready(loaded: Loaded, table: TournamentTableRecord) -> bool:
    """Whether `table` and every table it is compared with have played all their boards."""
    return all(t.status == FINISHED for t in compared_tables(loaded, table))


# -- what a viewer asks for -----------------------------------------------------------------


def overview(loaded: Loaded, viewer: int | None) -> JSON:
    """The tournament for one viewer: rankings, the boards (which they may open), the tables and,
    for a player, their own seats and tables with the tokens to join them."""
    played, playing = loaded.progress(viewer)
    counts = {board: len(found) for board, found in by_board(loaded.results).items()}
    members = loaded.members
    return {
        "event": tournament_json(loaded.record, loaded.rules, loaded.status),
        "standings": standings_json(tournament_standings(loaded), members),
        "boards": board_list_json(loaded.rules, counts, loaded.status, played, playing),
        "entries": entries_json(loaded.rules, members),
        "tables": [
            {
                "round": table.round,
                "number": table.number,
                "ns": table.ns,
                "ew": table.ew,
                "ns_name": entry_name(table.ns, members),
                "ew_name": entry_name(table.ew, members),
                "status": table.status,
                "results": sum(1 for r in loaded.results if r.table_id == table.table_id),
            }
            for table in loaded.tables
        ],
        "you": {
            "organiser": viewer is not None and viewer == loaded.record.created_by,
            "seats": [{"entry": m.entry, "seat": m.seat} for m in members if m.user_id == viewer],
            "tables": [
                {**table_json(table, m.seat), "ready": results_ready(loaded, table)}
                for table, m in loaded.own_tables(viewer)
            ],
        },
    }


def traveller(loaded: Loaded, board: int, viewer: int | None) -> JSON:
    """A board's deal, analysis and every result — once the viewer may see it."""
    if board not in loaded.rules.board_numbers:
        raise UnknownTournament(f"the event has no board {board}")
    if not loaded.may_see(board, viewer):
        raise NotVisible(
            f"you have not played board {board} of this event yet: its deal and results are "
            "shown once you have, or when the event is over"
        )
    return traveller_json(
        loaded.record.id,
        loaded.rules.kind,
        BoardSet.from_json(dict(loaded.record.boards)).board(board),
        results_json(score_board(loaded, board), loaded.members),
        analysis_of(loaded, board),
    )


def pbn_file(loaded: Loaded, viewer: int | None) -> str:
    """The tournament as a PBN file: every result of every board the viewer may see."""
    rows = {row.id: row for row in loaded.deals}
    boards: list[list[ExportedResult]] = []
    for number in loaded.rules.board_numbers:
        scored = score_board(loaded, number)
        if scored is None or not loaded.may_see(number, viewer):
            continue
        exported = []
        for line in scored.lines:
            row = rows.get(line.result.deal_id)
            records = pbn.loads(row.pbn) if row is not None and row.pbn else []
            if records:
                seating = loaded.seatings[line.result.table_id]
                names = seat_names(seating, loaded.members)
                exported.append(ExportedResult(line, records[0], names))
        if exported:
            boards.append(exported)
    ranked = [
        ExportedEntry(placed, entry_name(placed.entry.entry, loaded.members))
        for group in tournament_standings(loaded).values()
        for placed in group
    ]
    created = loaded.record.created_at
    heading = PbnHeading(
        name=loaded.record.name,
        date=created.strftime("%Y.%m.%d") if created else "",
        kind=loaded.rules.kind,
        scoring=loaded.rules.scoring,
        imps=loaded.rules.imps,
    )
    return tournament_pbn(heading, boards, ranked)


def table_json(table: TournamentTableRecord, seat: str) -> JSON:
    """A player's own table: what they say hello with over the WebSocket."""
    return {
        "table": table.table_id,
        "invite": table.invite_token,
        "seat": seat,
        "round": table.round,
        "number": table.number,
        "boards": [table.first_board, table.first_board + table.boards - 1],
        "status": table.status,
    }


def entries_json(rules: TournamentRules, members: Sequence[MemberRecord]) -> list[JSON]:
    """The pairs or teams and who took which seat (None: a robot will play it)."""
    taken = {(m.entry, m.seat): m.name for m in members}
    return [
        {
            "entry": entry,
            "name": entry_name(entry, members),
            "seats": {seat: taken.get((entry, seat)) for seat in SEATS if seat in seats},
        }
        for entry, seats in joinable(rules).items()
    ]


_ONE_TABLES = frozenset(("play_cost", "compare"))
"""What an analysis says of one table's play (card costs, its result under every scoring)."""


def analysis_of(loaded: Loaded, board: int) -> JSON | None:
    """The double-dummy table and par of a board, from whichever table's archive has it (not
    that table's card costs or scores: they describe one table's play, not the board's)."""
    for row in loaded.deals:
        score = row.summary.get("score") or {}
        if score.get("board") == board and row.table_id in loaded.seatings:
            analysis = row.summary.get("analysis")
            if isinstance(analysis, dict):
                return {k: v for k, v in analysis.items() if k not in _ONE_TABLES}
    return None


__all__ = [
    "Loaded",
    "analysis_of",
    "compared_tables",
    "entries_json",
    "overview",
    "pbn_file",
    "results_ready",
    "score_board",
    "seating_of",
    "table_json",
    "tournament_standings",
    "traveller",
]
