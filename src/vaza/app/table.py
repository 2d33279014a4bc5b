"""A table as an event-sourced aggregate: seats, people, robots and the match they play.

`decide(actor, command)` checks a command and returns the events it causes, changing nothing;
`evolve(event)` applies an event to the state.  The state of a table is the fold of its events,
so the service can append events to the store first and a restarted server can replay them.
Pure and synchronous: no I/O, no clock, no randomness (deals come in as events, the time as an
argument: the events that start a clock carry it, so deadlines can be derived from the log).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, Final

from vaza.core.errors import IllegalAction, NotYourTurn, ParseError
from vaza.games import GAMES, VERBS, find_game
from vaza.json_types import JSON
from vaza.match.base import FinishedDeal, TableMatch
from vaza.robots.base import TableRobot

DEFAULT_GAME: Final = GAMES[0]
CHAT_LIMIT = 500
"""Longest chat message, in characters."""
CHAT_KEPT = 100
CHAT_CAP = 2000
"""Chat lines a table's log takes in all (a long rubber needs far fewer): past them, the
table's chat is full."""
CLOCKED: Final = frozenset(("act", "deal", "left"))
"""Events that start a clock (the time to act, a seat's hold).  Each carries the wall-clock time
it was decided at (`at`, seconds since the epoch), so any process that loads the table derives
the same deadlines from its log."""
PRESENCE: Final = frozenset(("left", "back", "away"))
"""The server's reports of a seated person: the last connection closed, one opened again, the
seat's hold ran out."""


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
        for name in ("public", "kibitzers", "kibitzers_see_all", "robots"):
            if not isinstance(getattr(options, name), bool):
                raise ParseError(f"{name} must be true or false")
        if not isinstance(options.variant, dict):
            raise ParseError("variant must be an object of options")
        seconds = options.seconds_per_action
        if seconds is not None and (not isinstance(seconds, int) or not 5 <= seconds <= 600):
            raise ParseError("seconds_per_action is a whole number from 5 to 600")
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


SYSTEM = Actor(None, "system", system=True)


@dataclass(slots=True)
class Event:
    type: str
    payload: JSON = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Change:
    """What one command did to a table: its events, with those that followed by themselves (the
    next deal, the match's end), and the deals they finished."""

    before: int
    """The table's version before the command."""
    events: tuple[Event, ...]
    finished: tuple[FinishedDeal, ...]


class TableState:
    def __init__(
        self,
        table_id: str,
        options: TableOptions,
        creator: int | None,
        deals: dict[int, str] | None = None,
    ) -> None:
        """`deals`: the private set of boards of a duplicate event's table (never shown)."""
        self.id = table_id
        self.options = options
        self.creator = creator
        self.owner = creator
        """Whose table it is for the fair share of robot work: its creator, or the person a
        duplicate event opened it for (the event's organiser account creates it)."""
        self.spec = find_game(options.game)
        settings = self.spec.settings(options.players, options.scoring, options.variant, deals)
        self.match: TableMatch[Any, Any] = self.spec.new_match(settings)
        self.robot: TableRobot[Any, Any] = self.spec.robot(settings)
        """Plays every seat a robot plays at this table (robots, and people away)."""
        self.occupants: dict[str, Occupant | None] = dict.fromkeys(self.match.seat_labels)
        self.version = 0
        self.finished = False
        self.invited: set[int] = set()
        self.chat: deque[JSON] = deque(maxlen=CHAT_KEPT)
        self.chat_lines = 0
        self.finished_deals: list[FinishedDeal] = []
        """Deals finished by the events evolved since the caller last took them."""
        self.legacy_acts: dict[int, JSON] = {}
        """Act events of an older log that named the seat that acted (declarer) where the
        card was another's (dummy's), by version, in today's form: for the store to rewrite."""
        self._deal_wanted = False
        self.turn_began: float | None = None
        """When the last action or deal was decided: the turn to act began then."""

    # -- reading ----------------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        return "playing" if self.match.deals_started else "waiting"

    def seat_of(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        for label, occupant in self.occupants.items():
            if occupant is not None and occupant.user_id == user_id:
                return label
        return None

    def robot_seats(self) -> list[str]:
        """Seats a robot plays now: robots, and humans away."""
        return [
            label
            for label, occupant in self.occupants.items()
            if occupant is not None and (occupant.kind == "robot" or occupant.away)
        ]

    def unaccounted(self, present: Collection[int]) -> list[str]:
        """Seats of people who are not in `present` and not known to have left: after a
        restart or an adoption nobody knows if they are still there (their connection was to a
        process that died), so their hold must start."""
        if self.finished:
            return []
        return [
            label
            for label, o in self.occupants.items()
            if o is not None
            and o.kind == "human"
            and o.arrived
            and not (o.left or o.away)
            and o.user_id not in present
        ]

    def humans(self) -> list[int]:
        return [
            o.user_id
            for o in self.occupants.values()
            if o is not None and o.kind == "human" and o.user_id is not None
        ]

    @property
    def full(self) -> bool:
        return all(occupant is not None for occupant in self.occupants.values())

    def summary(self) -> JSON:
        """What the lobby shows."""
        return {
            "game": self.options.game,
            "scoring": self.options.scoring,
            "public": self.options.public,
            "kibitzers_allowed": self.options.kibitzers,
            "seats": {
                label: None if o is None else {"name": o.name, "robot": o.kind == "robot"}
                for label, o in self.occupants.items()
            },
            "robots": sum(1 for o in self.occupants.values() if o and o.kind == "robot"),
            "status": self.status,
            "deals": self.match.deals_started,
        }

    # -- deciding -----------------------------------------------------------------------

    def decide(self, actor: Actor, command: JSON, at: float | None = None) -> list[Event]:
        """The events `command` causes; raises a typed error and changes nothing if refused.
        `at` is the time now (seconds since the epoch), stamped on the events that start a
        clock (`CLOCKED`)."""
        kind = command.get("type")
        if self.finished and kind != "chat" and kind not in PRESENCE:
            raise IllegalAction("this table's match is over")
        handler = _COMMANDS.get(str(kind))
        if handler is not None:
            return _stamped(handler(self, actor, command), at)
        if any(verb.name == kind for verb in self.spec.verbs):
            return _stamped(self._decide_game(actor, command), at)
        if kind in VERBS:
            raise ParseError(f"{self.spec.label.en} has no {kind!r} command")
        raise ParseError(f"unknown command type: {kind!r}")

    def _decide_game(self, actor: Actor, command: JSON) -> list[Event]:
        seat = actor.robot_seat if actor.robot_seat is not None else self.seat_of(actor.user_id)
        if seat is None:
            raise Forbidden("only players at the table may do that")
        occupant = self.occupants[seat]
        if actor.robot_seat is None and occupant is not None and occupant.away:
            raise NotYourTurn("a robot is playing your seat; say hello to take it back")
        if not self.match.in_deal:
            raise IllegalAction("no deal is being played")
        # The core checks legality when the event is evolved: it raises before changing
        # anything, so `TableService` treats that as a refusal (see `evolve`).
        action = self.spec.actions.parse(command)
        owner = self.match.owner(action, seat)
        return [Event("act", act_payload(owner, seat, self.spec.actions.encode(action)))]

    def _sit(self, actor: Actor, command: JSON) -> list[Event]:
        seat = self._seat_argument(command)
        if actor.user_id is None:
            raise Forbidden("log in or play as a guest to sit down")
        current = self.seat_of(actor.user_id)
        if current is not None:
            raise IllegalAction(f"you are already sitting at {current}")
        occupant = self.occupants[seat]
        if occupant is not None and occupant.kind == "human":
            raise IllegalAction(f"seat {seat} is taken")
        if occupant is not None and self.match.deals_started and not self.match.is_over:
            raise IllegalAction("a robot plays that seat during the match; wait for its end")
        events = [Event("robot_out", {"seat": seat})] if occupant is not None else []
        sat: JSON = {"seat": seat, "user_id": actor.user_id, "name": actor.name}
        if command.get("absent"):  # seated for them, not yet come (a duplicate event's seat)
            sat["absent"] = True
        events.append(Event("sat", sat))
        return events

    def _stand(self, actor: Actor, _command: JSON) -> list[Event]:
        seat = self.seat_of(actor.user_id)
        if seat is None:
            raise IllegalAction("you are not sitting at this table")
        events = [Event("stood", {"seat": seat})]
        if self.match.deals_started and not self.match.is_over:
            events.append(Event("robot_in", {"seat": seat, "name": _robot_name(seat)}))
        return events

    def _add_robot(self, actor: Actor, command: JSON) -> list[Event]:
        seat = self._seat_argument(command)
        self._require_member(actor)
        if self.occupants[seat] is not None:
            raise IllegalAction(f"seat {seat} is taken")
        return [Event("robot_in", {"seat": seat, "name": _robot_name(seat)})]

    def _remove_robot(self, actor: Actor, command: JSON) -> list[Event]:
        seat = self._seat_argument(command)
        self._require_member(actor)
        occupant = self.occupants[seat]
        if occupant is None or occupant.kind != "robot":
            raise IllegalAction(f"no robot sits at {seat}")
        if self.match.deals_started and not self.match.is_over:
            raise IllegalAction("robots stay until the match ends once it has started")
        return [Event("robot_out", {"seat": seat})]

    def _chat(self, actor: Actor, command: JSON) -> list[Event]:
        text = command.get("text")
        if not isinstance(text, str) or not text.strip():
            raise ParseError("a chat message needs some text")
        if len(text) > CHAT_LIMIT:
            raise ParseError(f"a chat message has at most {CHAT_LIMIT} characters")
        if self.chat_lines >= CHAT_CAP:
            raise IllegalAction(f"this table's chat is full ({CHAT_CAP} lines)")
        seat = self.seat_of(actor.user_id)
        if seat is None and not self.options.kibitzers and actor.user_id != self.creator:
            raise Forbidden("this table does not allow visitors")
        # Kibitzers' chat never reaches players during play.
        audience = "kibitzers" if seat is None and self.match.in_deal else "all"
        return [
            Event(
                "chat",
                {"from": actor.name, "seat": seat, "text": text.strip(), "audience": audience},
            )
        ]

    def _next_deal(self, actor: Actor, _command: JSON) -> list[Event]:
        if self.seat_of(actor.user_id) is None:
            raise Forbidden("only players at the table may start the next deal")
        if self.match.in_deal:
            raise IllegalAction("the current deal is not over")
        if not self.full:
            raise IllegalAction("every seat needs a player or a robot")
        if self.match.is_over:
            raise IllegalAction("the match is over")
        return [Event("deal_wanted", {})]

    def _invite(self, actor: Actor, command: JSON) -> list[Event]:
        self._require_member(actor)
        user_id = command.get("user_id")
        if not isinstance(user_id, int):
            raise ParseError("an invitation names a user")
        return [Event("invited", {"user_id": user_id, "by": actor.name})]

    def _presence(self, actor: Actor, command: JSON) -> list[Event]:
        """A seated person's last connection closed (`left`: the seat is held), the hold ran
        out (`away`: a robot plays for them; the command names the leaving it is for, so a
        hold that ran out for an earlier one changes nothing), or they are here again (`back`).
        Once the match is over, nothing: nobody's presence matters any more."""
        if not actor.system:
            raise Forbidden("only the server marks players away or back")
        seat = self._seat_argument(command)
        occupant = self.occupants[seat]
        if self.finished or occupant is None or occupant.kind != "human":
            return []
        kind = str(command["type"])
        if kind == "left":
            due = not (occupant.left or occupant.away)
        elif kind == "away":
            due = occupant.left and not occupant.away
            due = due and command.get("left_at") == occupant.left_at
        else:  # here again, or here for the first time
            due = occupant.left or occupant.away or not occupant.arrived
        return [Event(kind, {"seat": seat})] if due else []

    def _seat_argument(self, command: JSON) -> str:
        seat = command.get("seat")
        if seat not in self.occupants:
            raise ParseError(f"seat must be one of {', '.join(self.occupants)}")
        return str(seat)

    def _require_member(self, actor: Actor) -> None:
        if actor.user_id != self.creator and self.seat_of(actor.user_id) is None:
            raise Forbidden("only the table's creator or its players may do that")

    def settle(
        self, actor: Actor, command: JSON, rng: random.Random, at: float | None = None
    ) -> Change:
        """Decide `command`'s events and evolve the table by them and by those that follow by
        themselves (`at`: the time now, as for `decide`).  Raises a typed error when the
        command is refused: the core refuses an illegal action as it is evolved, before
        changing anything (should a later event fail, the table's version has moved and the
        caller rebuilds it from its log)."""
        before = self.version
        for event in (events := self.decide(actor, command, at)):
            self.evolve(event)
        for _ in range(4):  # deals and the match's end follow by themselves
            follow = self.follow_ups(rng, at)
            if not follow:
                break
            for event in follow:
                self.evolve(event)
            events += follow
        return Change(before, tuple(events), tuple(self.take_finished_deals()))

    # -- follow-ups -----------------------------------------------------------------------

    def follow_ups(self, rng: random.Random, at: float | None = None) -> list[Event]:
        """Events that follow by themselves: the next deal once every seat is filled (the
        first deal, or any deal when only robots play or someone asked), the match's end."""
        if self.finished or self.match.in_deal or not self.full:
            return []
        if self.match.is_over:
            return [Event("finished", {})]
        first = self.match.deals_started == 0
        if first or not self.humans() or self._deal_wanted:
            return _stamped([Event("deal", self.match.setup_deal(rng))], at)
        return []

    # -- evolving -------------------------------------------------------------------------

    def evolve(self, event: Event) -> None:
        """Apply an event.  An "act" event is checked by the core, which raises (and changes
        nothing, the version included) when the action is illegal; other events come from
        `decide` or from the log and are trusted."""
        payload = event.payload
        kind = event.type
        if kind == "created":
            self.owner = payload.get("owner", self.creator)
        elif kind == "sat":
            arrived = not payload.get("absent", False)
            self.occupants[payload["seat"]] = Occupant(
                "human", payload["name"], payload["user_id"], arrived=arrived
            )
        elif kind in {"stood", "robot_out"}:
            self.occupants[payload["seat"]] = None
        elif kind == "robot_in":
            self.occupants[payload["seat"]] = Occupant("robot", payload["name"])
        elif kind in PRESENCE:
            self._evolve_presence(kind, payload)
        elif kind == "deal":
            self.match.start_deal({k: v for k, v in payload.items() if k != "at"})
            self._deal_wanted = False
            self.turn_began = payload.get("at")
        elif kind == "deal_wanted":
            self._deal_wanted = True
        elif kind == "act":
            action = self.spec.actions.parse(payload["action"])
            by: str = payload["by"] if "by" in payload else payload["seat"]
            if "by" not in payload and self.match.owner(action, by) != by:
                self.legacy_acts[self.version + 1] = act_payload(
                    self.match.owner(action, by), by, payload["action"], payload.get("at")
                )
            self.match.apply(action, by)
            self.turn_began = payload.get("at")
            if not self.match.in_deal:
                self.finished_deals.append(self.match.finish_deal())
        elif kind == "chat":
            self.chat.append(payload)
            self.chat_lines += 1
        elif kind == "invited":
            self.invited.add(payload["user_id"])
        elif kind == "finished":
            self.finished = True
        else:
            raise ValueError(f"unknown event type {kind!r}")
        self.version += 1

    def _evolve_presence(self, kind: str, payload: JSON) -> None:
        occupant = self.occupants[payload["seat"]]
        if occupant is None:
            return
        if kind == "left":
            occupant.left, occupant.left_at = True, payload.get("at")
        elif kind == "away":
            occupant.away = True
        else:  # back: here (again), nothing held
            occupant.left, occupant.left_at, occupant.away = False, None, False
            occupant.arrived = True

    def take_finished_deals(self) -> list[FinishedDeal]:
        deals, self.finished_deals = self.finished_deals, []
        return deals


def act_payload(owner: str, by: str, action: JSON, at: float | None = None) -> JSON:
    """An act event: the seat whose call or card it is and, where another seat chose it
    (declarer for dummy), that seat as `by` (docs/protocol.md)."""
    payload: JSON = {"seat": owner, "action": action}
    if by != owner:
        payload["by"] = by
    if at is not None:
        payload["at"] = at
    return payload


def _stamped(events: list[Event], at: float | None) -> list[Event]:
    """`events`, those that start a clock carrying `at` (when it is known)."""
    if at is not None:
        for event in events:
            if event.type in CLOCKED:
                event.payload["at"] = at
    return events


def _robot_name(seat: str) -> str:
    return f"Robot {seat}"


_COMMANDS = {
    "sit": TableState._sit,
    "stand": TableState._stand,
    "add_robot": TableState._add_robot,
    "remove_robot": TableState._remove_robot,
    "chat": TableState._chat,
    "next_deal": TableState._next_deal,
    "invite": TableState._invite,
    "left": TableState._presence,
    "away": TableState._presence,
    "back": TableState._presence,
}
