"""Duplicate tournaments: the same boards at many tables, every result compared with the others.

Robot tournaments (a person alone with three robots, ranked against everyone who played the
boards), pairs games for friends (a Mitchell movement, robots in empty seats) and team matches
(two tables, seats swapped).  See docs/tournaments.md.

- `model`: the kinds, scorings and rules of a tournament; entry names
- `boards`: board sets from a secure source, a seed, or a PBN file
- `movement`: who plays which boards against whom (Mitchell, team match, robot tournament)
- `results`: archived deals → travellers, matchpoints, IMPs, rankings (pure)
- `views`: what each viewer may see, as JSON (the gate: `may_see`)
- `export`: the whole tournament as a PBN file
- `vaza.app.tournaments.TournamentService` opens the tables and reads their archive
"""

from vaza.tournaments.boards import BoardSet, pbn_boards, random_boards, seeded_boards
from vaza.tournaments.model import ImpMethod, Scoring, Status, TournamentKind, TournamentRules
from vaza.tournaments.movement import Seating, mitchell, team_tables
from vaza.tournaments.results import (
    PlayedResult,
    Standing,
    field_standings,
    ranking,
    score_field_board,
    score_team_board,
    team_standings,
)

__all__ = [
    "BoardSet",
    "ImpMethod",
    "PlayedResult",
    "Scoring",
    "Seating",
    "Standing",
    "Status",
    "TournamentKind",
    "TournamentRules",
    "field_standings",
    "mitchell",
    "pbn_boards",
    "random_boards",
    "ranking",
    "score_field_board",
    "score_team_board",
    "seeded_boards",
    "team_standings",
    "team_tables",
]
