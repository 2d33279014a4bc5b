"""What a duplicate tournament is: its kind, how it is scored, how many boards, and its entries'
names.

Three kinds, each the same idea — the same boards at several tables, every result compared with
the others (seed 003: "comparate între mesele care au jucat aceeași mână, în puncte de meci sau
în IMP"):

- a **robot tournament**: each person plays the boards alone with three robots, sitting South;
  robot-only tables play them too, so the field is never empty;
- a **pairs** game for friends: several tables, a Mitchell movement, robots in empty seats;
- a **team match**: two tables, the same boards, the teams' seats swapped.

Entries (who is ranked) are named by short keys that travellers and PBN files carry: ``U7`` is
the person with user id 7 in a robot tournament and ``U7-EW`` the robots facing them, ``R1-NS``
and ``R1-EW`` the robot pairs of robot table 1, ``NS1``/``EW1`` the pairs of a pairs game, ``A``
and ``B`` the teams of a match.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final, TypeVar

from vaza.core.errors import ParseError
from vaza.json_types import JSON
from vaza.scoring.duplicate import ButlerRule, CrossImpScale

E = TypeVar("E", bound=Enum)

MAX_BOARDS: Final = 36
"""The most boards a tournament plays (a long club session)."""
MAX_TABLES: Final = 13
"""The most tables of a pairs game (26 pairs)."""
MAX_ROBOT_TABLES: Final = 6
"""The most robot-only tables a robot tournament starts with."""
DEFAULT_ROBOT_TABLES: Final = 2


class UnknownTournament(LookupError):
    """No event by that id, or no board of that number in it."""


class TournamentKind(Enum):
    ROBOT = "robot"
    PAIRS = "pairs"
    TEAMS = "teams"


class Scoring(Enum):
    """What ranks the entries: matchpoint percentages, or IMPs."""

    MATCHPOINTS = "mp"
    IMPS = "imps"


class ImpMethod(Enum):
    """How a pairs field turns scores into IMPs (a team match always compares its two tables)."""

    CROSS = "cross"
    """Each result against every other, divided by the comparisons (`CrossImpScale`)."""
    BUTLER = "butler"
    """Each result against the board's datum (`ButlerRule`)."""


CROSS_SCALE: Final = CrossImpScale.PER_COMPARISON
BUTLER_RULE: Final = ButlerRule()


class Status(Enum):
    OPEN = "open"
    """A robot tournament taking players; a pairs game or match taking entries."""
    PLAYING = "playing"
    """A pairs game or match whose tables are dealt."""
    FINISHED = "finished"
    """Every table of a pairs game or match has played its boards."""
    CLOSED = "closed"
    """Closed by its organiser: no more players; every board may be seen."""

    @property
    def over(self) -> bool:
        """Whether every board and result may be shown to anyone who may see the tournament."""
        return self in (Status.FINISHED, Status.CLOSED)


@dataclass(frozen=True, slots=True)
class TournamentRules:
    """A tournament's shape, fixed when it is created."""

    kind: TournamentKind
    boards: int
    """Boards in all (a pairs game: rounds × boards per round)."""
    first_board: int = 1
    scoring: Scoring = Scoring.MATCHPOINTS
    imps: ImpMethod = ImpMethod.CROSS
    tables: int = 1
    """Tables of a pairs game (2 for a match; robot-only tables of a robot tournament)."""
    rounds: int = 1
    """Rounds of a pairs game's movement (1 otherwise)."""

    def __post_init__(self) -> None:
        if not 1 <= self.boards <= MAX_BOARDS:
            raise ParseError(f"an event plays 1 to {MAX_BOARDS} boards, not {self.boards}")
        if self.first_board < 1:
            raise ParseError("board numbers start at 1")
        if self.boards % self.rounds:
            raise ParseError(f"{self.boards} boards do not split into {self.rounds} rounds")
        if self.kind is TournamentKind.TEAMS:
            if self.scoring is not Scoring.IMPS:
                raise ParseError("a team match is scored in IMPs between its two tables")
            if (self.tables, self.rounds) != (2, 1):
                raise ParseError("a team match is played at two tables in one round")
        if self.kind is TournamentKind.ROBOT:
            if not 1 <= self.tables <= MAX_ROBOT_TABLES:
                raise ParseError(
                    f"a robot tournament starts with 1 to {MAX_ROBOT_TABLES} robot tables"
                )
            if self.rounds != 1:
                raise ParseError("a robot tournament is played in one round")
        if self.kind is TournamentKind.PAIRS:
            if not 1 <= self.tables <= MAX_TABLES:
                raise ParseError(f"a pairs game has 1 to {MAX_TABLES} tables")
            if not 1 <= self.rounds <= self.tables:
                raise ParseError(
                    f"with {self.tables} tables a Mitchell has 1 to {self.tables} rounds "
                    "(each North–South pair meets each East–West pair at most once)"
                )

    @property
    def boards_per_round(self) -> int:
        return self.boards // self.rounds

    @property
    def board_numbers(self) -> range:
        return range(self.first_board, self.first_board + self.boards)

    def to_json(self) -> JSON:
        return {
            "kind": self.kind.value,
            "boards": self.boards,
            "first_board": self.first_board,
            "scoring": self.scoring.value,
            "imps": self.imps.value,
            "tables": self.tables,
            "rounds": self.rounds,
        }

    @classmethod
    def from_json(cls, data: JSON) -> TournamentRules:
        return cls(
            kind=_choice(TournamentKind, data.get("kind"), "kind"),
            boards=_whole(data.get("boards"), "boards"),
            first_board=_whole(data.get("first_board", 1), "first_board"),
            scoring=_choice(Scoring, data.get("scoring", "mp"), "scoring"),
            imps=_choice(ImpMethod, data.get("imps", "cross"), "imps"),
            tables=_whole(data.get("tables", 1), "tables"),
            rounds=_whole(data.get("rounds", 1), "rounds"),
        )


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParseError(f"{name} is a whole number, not {value!r}")
    return value


def _choice(kind: type[E], value: object, name: str) -> E:
    for member in kind:
        if member.value == value:
            return member
    choices = ", ".join(str(member.value) for member in kind)
    raise ParseError(f"{name} is one of {choices}, not {value!r}")


# -- entries --------------------------------------------------------------------------------

NS_SEATS: Final = frozenset("NS")
EW_SEATS: Final = frozenset("EW")
SOLO_SEAT: Final = "S"
"""A person in a robot tournament sits South, as on every robot-tournament site: everyone then
plays North–South and is compared with everyone directly."""


def direction_of(seat: str) -> str:
    if seat in NS_SEATS:
        return "NS"
    if seat in EW_SEATS:
        return "EW"
    raise ParseError(f"a seat is N, E, S or W, not {seat!r}")


def solo_entry(user_id: int) -> str:
    return f"U{user_id}"


def solo_opponents(user_id: int) -> str:
    return f"U{user_id}-EW"


def robot_entries(table: int) -> tuple[str, str]:
    return f"R{table}-NS", f"R{table}-EW"


def pair_entries(tables: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The North–South and East–West pairs of a Mitchell with `tables` tables."""
    return (
        tuple(f"NS{t}" for t in range(1, tables + 1)),
        tuple(f"EW{t}" for t in range(1, tables + 1)),
    )


TEAMS: Final = ("A", "B")


def joinable(rules: TournamentRules) -> dict[str, frozenset[str]]:
    """The entries people may join (pairs and teams), with the seats each offers.

    A pair's two players sit in its direction; a team's four players are its North–South at
    one table and its East–West at the other, so a team offers all four seats."""
    if rules.kind is TournamentKind.PAIRS:
        north_south, east_west = pair_entries(rules.tables)
        return {**dict.fromkeys(north_south, NS_SEATS), **dict.fromkeys(east_west, EW_SEATS)}
    if rules.kind is TournamentKind.TEAMS:
        return dict.fromkeys(TEAMS, NS_SEATS | EW_SEATS)
    return {}


__all__ = [
    "DEFAULT_ROBOT_TABLES",
    "MAX_BOARDS",
    "MAX_ROBOT_TABLES",
    "MAX_TABLES",
    "SOLO_SEAT",
    "TEAMS",
    "ImpMethod",
    "Scoring",
    "Status",
    "TournamentKind",
    "TournamentRules",
    "UnknownTournament",
    "direction_of",
    "joinable",
    "pair_entries",
    "robot_entries",
    "solo_entry",
    "solo_opponents",
]
