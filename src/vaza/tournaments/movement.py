"""Who plays which boards against whom: one `Seating` for each table of each round.

Online every table can hold its own copy of a board, so boards never travel; only people
move.  That frees the movements from the constraints of cardboard:

- **Mitchell** (pairs): North–South pair *t* stays at table *t*; East–West pairs move up one
  table each round (pair *e* sits at table *e + r* in round *r*, wrapping round); every table
  plays the same boards in a round (round *r*'s block of boards).  With duplicated boards no
  pair can meet a board twice, so an even number of tables needs no skip and no relay: any
  number of tables from 1, and up to as many rounds as tables (each North–South pair then meets
  every East–West pair once).  North–South pairs are compared with North–South pairs, East–
  West with East–West: two winners, as in every Mitchell.
- **Team match**: two tables play every board; team A sits North–South at table 1 and East–
  West at table 2, team B the other way.
- **Robot tournament**: one table per person (South, with three robots) and robot-only tables,
  each playing every board.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.errors import ParseError
from vaza.tournaments.model import (
    TEAMS,
    TournamentKind,
    TournamentRules,
    direction_of,
    pair_entries,
    robot_entries,
    solo_entry,
    solo_opponents,
)


@dataclass(frozen=True, slots=True)
class Seating:
    """One table of one round: the entries in each direction and the block of boards."""

    round: int
    number: int
    """The table's number in the tournament (1, 2, …)."""
    ns: str
    ew: str
    first_board: int
    boards: int

    @property
    def board_numbers(self) -> range:
        return range(self.first_board, self.first_board + self.boards)

    def seats(self, entry: str, seat: str) -> bool:
        """Whether the member of `entry` who sits at `seat` plays at this table."""
        side = direction_of(seat)
        return (self.ns if side == "NS" else self.ew) == entry


def mitchell(
    tables: int, rounds: int, boards_per_round: int, first_board: int = 1
) -> tuple[Seating, ...]:
    """A Mitchell with duplicated boards: round by round, table by table."""
    if tables < 1:
        raise ParseError("a Mitchell needs at least one table")
    if not 1 <= rounds <= tables:
        raise ParseError(f"with {tables} tables a Mitchell has 1 to {tables} rounds")
    north_south, east_west = pair_entries(tables)
    seatings = []
    for round_index in range(rounds):
        first = first_board + round_index * boards_per_round
        for table in range(tables):
            visitor = (table - round_index) % tables  # East–West pair e is at table e + r
            seatings.append(
                Seating(
                    round_index + 1,
                    table + 1,
                    north_south[table],
                    east_west[visitor],
                    first,
                    boards_per_round,
                )
            )
    return tuple(seatings)


def team_tables(boards: int, first_board: int = 1) -> tuple[Seating, Seating]:
    """The two tables of a team match, seats swapped (team A North–South at table 1)."""
    home, away = TEAMS
    return (
        Seating(1, 1, home, away, first_board, boards),
        Seating(1, 2, away, home, first_board, boards),
    )


def robot_table(number: int, rules: TournamentRules) -> Seating:
    """A robot-only table of a robot tournament, playing every board."""
    ns, ew = robot_entries(number)
    return Seating(1, number, ns, ew, rules.first_board, rules.boards)


def solo_table(number: int, user_id: int, rules: TournamentRules) -> Seating:
    """A person's table in a robot tournament: they sit South, robots everywhere else."""
    return Seating(
        1, number, solo_entry(user_id), solo_opponents(user_id), rules.first_board, rules.boards
    )


def starting_tables(rules: TournamentRules) -> tuple[Seating, ...]:
    """The tables a pairs game or team match deals when it starts."""
    if rules.kind is TournamentKind.PAIRS:
        return mitchell(rules.tables, rules.rounds, rules.boards_per_round, rules.first_board)
    if rules.kind is TournamentKind.TEAMS:
        return team_tables(rules.boards, rules.first_board)
    raise ParseError("a robot tournament's tables open one by one, as people come to play")


__all__ = ["Seating", "mitchell", "robot_table", "solo_table", "starting_tables", "team_tables"]
