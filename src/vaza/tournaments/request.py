"""What an organiser asks for when creating a tournament, and the boards and rules it becomes."""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.errors import ParseError, VazaError
from vaza.json_types import JSON
from vaza.tournaments.boards import BoardSet, pbn_boards, random_boards, seeded_boards
from vaza.tournaments.model import (
    DEFAULT_ROBOT_TABLES,
    ImpMethod,
    Scoring,
    TournamentKind,
    TournamentRules,
)


@dataclass(frozen=True, slots=True)
class TournamentRequest:
    """A new event as asked for (checked by `make_boards`, `rules_for` and `TournamentRules`)."""

    kind: TournamentKind
    name: str
    boards: int | None = None
    """Boards in all; with a PBN file, None takes every board of the file."""
    source: str = "random"
    """"random" (a secure source), "seed" (reproducible) or "pbn" (the `pbn` text)."""
    seed: str | int | None = None
    pbn: str | None = None
    scoring: Scoring | None = None
    """None: matchpoints, or IMPs for a team match."""
    imps: ImpMethod = ImpMethod.CROSS
    public: bool = True
    tables: int | None = None
    """Pairs: tables of the Mitchell (2 if None); robot tournament: robot-only tables (2)."""
    rounds: int | None = None
    """Pairs: rounds (default: as many as tables, so every pair meets every other)."""


def make_boards(request: TournamentRequest) -> tuple[BoardSet, JSON]:
    """The tournament's boards, and a note of where they came from (kept with the tournament)."""
    if request.source == "pbn":
        if not request.pbn:
            raise ParseError("a PBN board source needs the text of a PBN file")
        try:
            return pbn_boards(request.pbn, request.boards), {"kind": "pbn"}
        except VazaError:
            raise
        except ValueError as error:  # anything else the reader found wrong with the text
            raise ParseError(f"not a PBN file Vaza can read: {error}") from None
    if request.boards is None:
        raise ParseError("say how many boards the event plays")
    if request.source == "seed":
        if request.seed is None or str(request.seed) == "":
            raise ParseError("a seeded board source needs a seed")
        return seeded_boards(request.boards, request.seed), {"kind": "seed", "seed": request.seed}
    if request.source == "random":
        return random_boards(request.boards), {"kind": "random"}
    raise ParseError(f"boards come from random, seed or pbn, not {request.source!r}")


def rules_for(request: TournamentRequest, boards: BoardSet) -> TournamentRules:
    """The rules of the tournament asked for, over the boards made for it."""
    kind = request.kind
    scoring = request.scoring or (
        Scoring.IMPS if kind is TournamentKind.TEAMS else Scoring.MATCHPOINTS
    )
    tables = {
        TournamentKind.ROBOT: request.tables or DEFAULT_ROBOT_TABLES,
        TournamentKind.PAIRS: request.tables or 2,
        TournamentKind.TEAMS: 2,
    }[kind]
    rounds = request.rounds or (tables if kind is TournamentKind.PAIRS else 1)
    return TournamentRules(
        kind=kind,
        boards=len(boards.deals),
        first_board=boards.first,
        scoring=scoring,
        imps=request.imps,
        tables=tables,
        rounds=rounds,
    )


__all__ = ["TournamentRequest", "make_boards", "rules_for"]
