"""Who sits at a table and what its creator chose: the table's options, its occupants, and the
actors who send it commands.  Plain values, read by the table (`vaza.app.table`) and its service.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from vaza.core.errors import IllegalAction, ParseError
from vaza.games import GAMES, find_game
from vaza.json_types import JSON

DEFAULT_GAME: Final = GAMES[0]
READY_WAIT_MAX: Final = 600
"""The longest wait for the players' "ready" a table may set (`TableOptions.ready_wait`)."""


class Forbidden(IllegalAction):
    """The sender may not do this at this table."""

    code = "forbidden"


@dataclass(frozen=True, slots=True)
class TableOptions:
    """What a table's creator chose (seed 001's "Gerenciamento do jogo" and more)."""

    game: str = DEFAULT_GAME.name
    scoring: str = DEFAULT_GAME.scorings[0].name
    variant: JSON = field(default_factory=dict)
    """Game and scoring options (e.g. honours, Chicago convention, Boerenbridge variants)."""
    players: int = 4
    public: bool = True
    kibitzers: bool = True
    kibitzers_see_all: bool = False
    robots: bool = True
    """Fill empty seats with robots when the table is created."""
    seconds_per_action: int | None = None
    ready_wait: int = 20
    """Seconds after a deal ends before the next starts by itself, however many of the people
    said they are ready, where two or more people play (0: it waits until every person is):
    each may look at the finished deal, and one person gone cannot hold the others up."""
    undo: bool = True
    """Whether a player may ask to take back an action (where the game and the laws allow):
    off at an event's tables, where every table plays the same boards and an undo granted by
    robots would let one player try calls the others could not."""

    @classmethod
    def from_json(cls, data: JSON) -> TableOptions:
        """Read options sent by a client, with a clear error for each bad one."""
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            raise ParseError(f"unknown table options: {', '.join(sorted(unknown))}")
        game = data.get("game", DEFAULT_GAME.name)
        spec = find_game(str(game))
        # What is not chosen follows the game: its usual number of players, its first scoring.
        defaults = {"scoring": spec.scorings[0].name, "players": spec.players[0]}
        options = cls(**{**defaults, **data})
        spec.scoring(str(options.scoring))
        for name in ("public", "kibitzers", "kibitzers_see_all", "robots", "undo"):
            if not isinstance(getattr(options, name), bool):
                raise ParseError(f"{name} must be true or false")
        if not isinstance(options.variant, dict):
            raise ParseError("variant must be an object of options")
        seconds = options.seconds_per_action
        if seconds is not None and (not isinstance(seconds, int) or not 5 <= seconds <= 600):
            raise ParseError("seconds_per_action is a whole number from 5 to 600")
        wait = options.ready_wait
        if not isinstance(wait, int) or isinstance(wait, bool) or not 0 <= wait <= READY_WAIT_MAX:
            raise ParseError(f"ready_wait is a whole number of seconds from 0 to {READY_WAIT_MAX}")
        if not isinstance(options.players, int) or isinstance(options.players, bool):
            raise ParseError("players must be a whole number")
        return options

    def to_json(self) -> JSON:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}


@dataclass(slots=True)
class Occupant:
    kind: str
    """"human" or "robot"."""
    name: str
    user_id: int | None = None
    left: bool = False
    """A human whose last connection to the table closed: the seat is held for them."""
    left_at: float | None = None
    """When they left (None if the log does not say: a log from before it did)."""
    away: bool = False
    """A human whose hold ran out: a robot plays for them until they come back."""
    arrived: bool = True
    """False for a person seated for them (a duplicate event seats its people at every round's
    table when it starts) until they first come: the table waits for them, and no restart
    holds them, since they had no connection to lose."""

    def to_json(self) -> JSON:
        """As everyone at the table may learn it: no account id."""
        return {"kind": self.kind, "name": self.name, "away": self.away}


@dataclass(frozen=True, slots=True)
class Actor:
    """Who sends a command: a user (maybe seated), or the robot playing a seat."""

    user_id: int | None
    name: str
    robot_seat: str | None = None
    system: bool = False
    """The server itself (marking a player away or back)."""
    timed_out: bool = False
    """A robot acting for the person at `robot_seat`, whose time to act ran out."""


SYSTEM = Actor(None, "system", system=True)

NAME_LIMIT: Final = 40
"""The most characters a table's name may have."""


@dataclass(frozen=True, slots=True)
class Reservation:
    """A person who takes a robot's seat when the deal being played ends."""

    user_id: int
    name: str


def may_sit_now(held: frozenset[str] | None, seat: str, watchers_see_all: bool) -> bool:
    """Whether a person may take `seat` in the middle of a deal: only if every view they were
    given during it is one `seat` is given too.

    `held` is the seats they held during the deal (None: none).  Someone who held no seat may
    have watched, and a watcher sees the public view, which every seat sees as well, or, where
    the table shows watchers every hand, more than any seat.  Someone who held seats saw those
    seats' views, and while standing the public view only (`audience_of`): so only the one seat
    they held is theirs to take back at once.  Anyone else waits for the end of the deal."""
    if held is None:
        return not watchers_see_all
    return held <= {seat}


class DealSeats:
    """Who held which seat during the deal being played, folded from the log: whether a person
    may take a seat at once (`may_sit_now`), and whose deal it was for their history."""

    def __init__(self) -> None:
        self.held: dict[int, set[str]] = {}
        """The seats each person held during the deal (at its start, or since)."""
        self.credited: dict[str, int] = {}
        """The person who first played each seat during the deal, as themselves."""
        self.robot_from: set[str] = set()
        """The credited seats a robot then played on (the person stood up or went away)."""

    def start(self, seated: dict[str, int]) -> None:
        """A new deal: `seated`, the people in each seat now."""
        self.held = {user_id: {seat} for seat, user_id in seated.items()}
        self.credited = {}
        self.robot_from = set()

    def sat(self, seat: str, user_id: int) -> None:
        self.held.setdefault(user_id, set()).add(seat)

    def acted(self, seat: str, user_id: int) -> None:
        self.credited.setdefault(seat, user_id)

    def gone(self, seat: str, user_id: int) -> None:
        """The person at `seat` stood up or went away: a robot plays on for them."""
        if self.credited.get(seat) == user_id:
            self.robot_from.add(seat)

    def holds(self, user_id: int | None) -> frozenset[str] | None:
        seats = None if user_id is None else self.held.get(user_id)
        return None if seats is None else frozenset(seats)


__all__ = [
    "DEFAULT_GAME",
    "NAME_LIMIT",
    "SYSTEM",
    "Actor",
    "DealSeats",
    "Forbidden",
    "Occupant",
    "Reservation",
    "TableOptions",
    "may_sit_now",
]
