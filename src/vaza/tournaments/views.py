"""What each viewer may see of a tournament, as JSON: names, standings, travellers.

The gate for hidden information is `may_see`: a board's deal and results are shown only to
someone who has played it in this tournament, or to anyone once the tournament is over.  Standings
show totals only (no contract, no card), so they are public while the tournament is played; the
board list says which boards the viewer may open.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction

from vaza.core.cards import SEATS, board_dealer, board_vulnerability
from vaza.core.deal import Board
from vaza.json_types import JSON
from vaza.scoring.ranking import Placed
from vaza.store.tournaments_port import MemberRecord, TournamentRecord
from vaza.tournaments.model import TEAMS, Status, TournamentKind, TournamentRules, direction_of
from vaza.tournaments.movement import Seating
from vaza.tournaments.results import PlayedResult, ScoredBoard, ScoredResult, Standing

ROBOT = "Robot"


def number(value: Fraction | None) -> float | None:
    """A score for JSON: two decimals (exact values decide ranks; this is for showing)."""
    return None if value is None else round(float(value), 2)


# -- who is who -----------------------------------------------------------------------------


def seat_names(seating: Seating, members: Iterable[MemberRecord]) -> tuple[str, str, str, str]:
    """Who sat North, East, South and West at a table: its members, robots elsewhere."""
    sitting = {(m.entry, m.seat): m.name for m in members}
    return tuple(  # type: ignore[return-value]
        sitting.get((seating.ns if direction_of(s.letter) == "NS" else seating.ew, s.letter), ROBOT)
        for s in SEATS
    )


def entry_name(entry: str, members: Sequence[MemberRecord]) -> str:
    """An entry as a results page shows it: its people, "Robot" for a seat a robot plays."""
    people = sorted((m for m in members if m.entry == entry), key=lambda m: "NESW".index(m.seat))
    if entry in TEAMS:
        names = ", ".join(m.name for m in people) or "robots"
        return f"Team {entry} ({names})"
    if entry.startswith("R") and entry.endswith("-NS"):
        return f"Robots {entry[1:-3]}"
    if entry.endswith("-EW") and entry.startswith(("U", "R")):
        return "Robots"
    if entry.startswith("U"):
        return people[0].name if people else entry
    if not people:
        return "Robots"
    if len(people) == 1:
        return f"{people[0].name} & {ROBOT}"
    return " & ".join(m.name for m in people)


def is_robots(entry: str, members: Sequence[MemberRecord]) -> bool:
    return not any(m.entry == entry for m in members)


# -- the gate -------------------------------------------------------------------------------


def boards_played(
    viewer: int | None, members: Iterable[MemberRecord], results: Iterable[PlayedResult]
) -> frozenset[int]:
    """The boards `viewer` has finished at a table of this tournament, in their own seat.

    A team's North–South player has played a board once their own table has, whatever the
    other table has done."""
    if viewer is None:
        return frozenset()
    mine = [(m.entry, direction_of(m.seat)) for m in members if m.user_id == viewer]
    return frozenset(
        r.board
        for r in results
        for entry, side in mine
        if (r.ns if side == "NS" else r.ew) == entry
    )


def may_see(board: int, status: Status, played: frozenset[int], playing: bool = False) -> bool:
    """Whether a board's deal and results may be shown: after playing it, or once the tournament
    is over (finished, or closed by its organiser) — except to someone still at one of its
    tables, who sees only what they have played until their table is done."""
    return board in played or (status.over and not playing)


# -- JSON -----------------------------------------------------------------------------------


def tournament_json(record: TournamentRecord, rules: TournamentRules, status: Status) -> JSON:
    """A tournament's description.  A seed is shown only once the tournament is over: it would give
    the boards away.  Not the organiser's account id (ids go to their owner alone: `you` tells
    the organiser it is theirs)."""
    source = dict(record.source)
    if not status.over:
        source.pop("seed", None)
    return {
        "id": record.id,
        "kind": record.kind,
        "name": record.name,
        "status": status.value,
        "public": record.public,
        "created_at": record.created_at.isoformat() if record.created_at else None,
        "rules": rules.to_json(),
        "source": source,
    }


def standing_json(placed: Placed[Standing], members: Sequence[MemberRecord]) -> JSON:
    standing = placed.entry
    return {
        "place": placed.label,
        "position": placed.position,
        "entry": standing.entry,
        "name": entry_name(standing.entry, members),
        "robots": is_robots(standing.entry, members),
        "boards": standing.boards,
        "matchpoints": number(standing.matchpoints),
        "percent": number(standing.percent),
        "imps": number(standing.imps),
    }


def standings_json(
    groups: Mapping[str, Sequence[Placed[Standing]]], members: Sequence[MemberRecord]
) -> list[JSON]:
    """Ranked groups: one field (robot tournament), North–South and East–West (a Mitchell has
    two winners), or the two teams."""
    return [
        {"group": group, "rankings": [standing_json(placed, members) for placed in ranked]}
        for group, ranked in groups.items()
    ]


def result_json(line: ScoredResult, members: Sequence[MemberRecord]) -> JSON:
    result = line.result
    return {
        "table": result.table,
        "round": result.round,
        "ns": result.ns,
        "ew": result.ew,
        "ns_name": entry_name(result.ns, members),
        "ew_name": entry_name(result.ew, members),
        "contract": result.contract,
        "declarer": result.declarer,
        "tricks": result.tricks,
        "ns_score": result.ns_score,
        "top": line.top,
        "ns_mp": number(line.ns_mp),
        "ew_mp": number(line.ew_mp),
        "ns_percent": number(line.ns_percent),
        "ew_percent": number(line.ew_percent),
        "ns_imps": number(line.ns_imps),
        "ew_imps": number(line.ew_imps),
        "deal": result.deal_id,
    }


def results_json(scored: ScoredBoard | None, members: Sequence[MemberRecord]) -> JSON:
    """A board's results with what each earned, and the datum they were compared with."""
    return {
        "datum": None if scored is None else scored.datum,
        "results": [] if scored is None else [result_json(line, members) for line in scored.lines],
    }


def traveller_json(
    event_id: str, kind: TournamentKind, board: Board, results: JSON, analysis: JSON | None
) -> JSON:
    """A board for someone who may see it: the deal, its double-dummy table and par (once
    solved), and its `results_json`."""
    return {
        "event": event_id,
        "kind": kind.value,
        "board": board.number,
        "dealer": board.dealer.letter,
        "vulnerability": board.vulnerability.pbn,
        "hands": {seat.letter: [str(card) for card in board.deal[seat]] for seat in SEATS},
        "analysis": analysis,
        **results,
    }


def board_list_json(
    rules: TournamentRules,
    results_per_board: Mapping[int, int],
    status: Status,
    played: frozenset[int],
    playing: bool = False,
) -> list[JSON]:
    """Every board of the tournament: its dealer and vulnerability (public: the number fixes
    them), how many results it has, and whether the viewer may open it."""
    out = []
    for n in rules.board_numbers:
        out.append(
            {
                "board": n,
                "dealer": board_dealer(n).letter,
                "vulnerability": board_vulnerability(n).pbn,
                "results": results_per_board.get(n, 0),
                "played": n in played,
                "visible": may_see(n, status, played, playing),
            }
        )
    return out


__all__ = [
    "ROBOT",
    "board_list_json",
    "boards_played",
    "entry_name",
    "is_robots",
    "may_see",
    "number",
    "result_json",
    "results_json",
    "seat_names",
    "standings_json",
    "tournament_json",
    "traveller_json",
]
