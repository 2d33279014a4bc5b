"""The end of an event table, for one of its players: pure functions, no I/O.

A table of an event is an ordinary table, so at its end it knew only "the match is over".  Here
is what the player is owed then (issue 45, item 5): their result on each board of the table with
what it earned, where they stand, the links that lead on (the ranking, each board's traveller,
their table of the next round) and whether the results are *ready* — every table their score is
compared with has finished, so the figures will not move any more.

Only a player seated at the table is answered (`TableEnding.of` returns None for anyone else):
the per-board results are theirs, and a board's traveller is still behind `views.may_see`.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.json_types import JSON
from vaza.store.tournaments_port import MemberRecord, TournamentTableRecord
from vaza.tournaments.model import TournamentKind, direction_of
from vaza.tournaments.reading import (
    Loaded,
    results_ready,
    score_board,
    table_json,
    tournament_standings,
)
from vaza.tournaments.results import ScoredBoard, ScoredResult
from vaza.tournaments.views import number


@dataclass(frozen=True, slots=True)
class TableEnding:
    """One player's view of the end of one event table."""

    loaded: Loaded
    table: TournamentTableRecord
    member: MemberRecord

    @classmethod
    def of(cls, loaded: Loaded, table_id: str, viewer: int | None) -> TableEnding | None:
        """The ending of `table_id` for `viewer`, if they play at it (else None)."""
        for table, member in loaded.own_tables(viewer):
            if table.table_id == table_id:
                return cls(loaded, table, member)
        return None

    @property
    def side(self) -> str:
        return direction_of(self.member.seat)

    def next_table(self) -> TournamentTableRecord | None:
        """The player's table of the next round (a Mitchell's; None after the last)."""
        viewer = self.member.user_id
        return next(
            (t for t, _ in self.loaded.own_tables(viewer) if t.round == self.table.round + 1),
            None,
        )

    def boards(self) -> list[JSON]:
        """Each board of the table: its contract and result, the score from the player's side,
        and what it earned (percentage and IMPs; a team board's IMPs once both tables have
        played it)."""
        out = []
        for board in range(self.table.first_board, self.table.first_board + self.table.boards):
            line = _line_of(score_board(self.loaded, board), self.table.table_id)
            out.append(
                {
                    "board": board,
                    "played": line is not None,
                    "visible": self.loaded.may_see(board, self.member.user_id),
                    **({} if line is None else self._earned(line)),
                }
            )
        return out

    def _earned(self, line: ScoredResult) -> JSON:
        ns = self.side == "NS"
        result = line.result
        return {
            "contract": result.contract,
            "declarer": result.declarer,
            "tricks": result.tricks,
            "score": result.ns_score if ns else -result.ns_score,
            "percent": number(line.ns_percent if ns else line.ew_percent),
            "imps": number(line.ns_imps if ns else line.ew_imps),
            "deal": result.deal_id,
        }

    def standing(self) -> JSON | None:
        """Where the player's pair, team or self stands in its group, and out of how many."""
        entry = self.member.entry
        for ranked in tournament_standings(self.loaded).values():
            for placed in ranked:
                if placed.entry.entry == entry:
                    return {
                        "place": placed.label,
                        "of": len(ranked),
                        "percent": number(placed.entry.percent),
                        "imps": number(placed.entry.imps),
                    }
        return None

    def to_json(self) -> JSON:
        record, rules = self.loaded.record, self.loaded.rules
        following = self.next_table()
        return {
            "event": {
                "id": record.id,
                "name": record.name,
                "kind": rules.kind.value,
                "status": self.loaded.status.value,
                "scoring": "imps" if rules.kind is TournamentKind.TEAMS else rules.scoring.value,
                "rounds": rules.rounds,
            },
            "table": table_json(self.table, self.member.seat),
            "entry": self.member.entry,
            "side": self.side,
            "boards": self.boards(),
            "ready": results_ready(self.loaded, self.table),
            "standing": self.standing(),
            "next": None if following is None else table_json(following, self.member.seat),
        }


def _line_of(scored: ScoredBoard | None, table_id: str) -> ScoredResult | None:
    lines = () if scored is None else scored.lines
    return next((line for line in lines if line.result.table_id == table_id), None)


__all__ = ["TableEnding"]
