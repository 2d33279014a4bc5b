"""A table as an event-sourced aggregate: seats, people, robots and the match they play.

`decide(actor, command)` checks a command and returns the events it causes, changing nothing;
`evolve(event)` applies an event to the state.  The state of a table is the fold of its events,
so the service can append events to the store first and a restarted server can replay them.
Pure and synchronous: no I/O, no clock, no randomness (deals come in as events, the time as an
argument: the events that start a clock carry it, so deadlines can be derived from the log).
Commands and events are typed (`vaza.app.commands`, `vaza.core.table_events`), and both are
dispatched by `match` ending in `assert_never`: a new kind cannot be left unhandled.
"""

from __future__ import annotations

import dataclasses
import random
from collections import deque
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, assert_never

from vaza.app import seat_moves
from vaza.app.commands import (
    AddRobot,
    Chat,
    CloseTable,
    Command,
    Invite,
    MarkAway,
    MarkBack,
    MarkLeft,
    NameTable,
    NextDeal,
    Play,
    Presence,
    RemoveRobot,
    Sit,
    Stand,
    to_json,
)
from vaza.app.readiness import Readiness
from vaza.app.seating import (
    DEFAULT_GAME,
    SYSTEM,
    Actor,
    DealSeats,
    Forbidden,
    Occupant,
    Reservation,
    TableOptions,
)
from vaza.app.table_rules import (
    CHAT_CAP,
    CHAT_KEPT,
    CHAT_LIMIT,
    CLAIM_PAUSE,
    CLAIM_PAUSED,
    UNDO_OFF,
    stamped,
)
from vaza.core.errors import IllegalAction, NotYourTurn, ParseError
from vaza.core.game import Claim, ClaimResponse, UndoRequest, UndoResponse
from vaza.core.table_events import (
    SCHEMA,
    Acted,
    Away,
    Back,
    Chatted,
    Created,
    Dealt,
    DealWanted,
    Finished,
    Invited,
    Left,
    Named,
    Reserved,
    RobotIn,
    RobotOut,
    Sat,
    Stood,
    TableEvent,
    Unreserved,
)
from vaza.core.views.audience import audience_of
from vaza.games import find_game
from vaza.json_types import JSON
from vaza.match.base import FinishedDeal, TableMatch
from vaza.robots.base import TableRobot


@dataclass(frozen=True, slots=True)
class Change:
    """What one command did to a table: its events, with those that followed by themselves (the
    next deal, the match's end), and the deals they finished."""

    before: int
    """The table's version before the command."""
    events: tuple[TableEvent, ...]
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
        """The players' chat lines (watchers' are counted apart, in `watcher_lines`)."""
        self.watcher_lines = 0
        self.finished_deals: list[FinishedDeal] = []
        """Deals finished by the events evolved since the caller last took them."""
        self.readiness = Readiness()  # who is ready for the next deal
        self._actions = 0
        """Calls and cards evolved at this table (claims, undo and their answers aside)."""
        self._claimer: str | None = None
        """The seat whose claim waits for answers."""
        self._claims_from: dict[str, int] = {}
        """After a rejection: the count of `_actions` from which that seat may claim again."""
        self.turn_began: float | None = None
        """When the last action or deal was decided: the turn to act began then."""
        self.name = ""
        """The name its host gave the table (none: "")."""
        self.reserved: dict[str, Reservation] = {}
        """Robots' seats people take when the deal ends (`vaza.app.seat_moves`)."""
        self.deal_seats = DealSeats()
        self.had_people = False
        """Someone sat here once: a table left by all its people ends (`seat_moves.abandoned`)."""
        self.event_table = deals is not None
        """A duplicate event's table: the event finishes it, nobody's leaving does."""

    # -- reading ----------------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.finished:
            return "finished"
        if seat_moves.paused(self):
            return "paused"
        return "playing" if self.match.deals_started else "waiting"

    def seat_of(self, user_id: int | None) -> str | None:
        if user_id is None:
            return None
        for label, occupant in self.occupants.items():
            if occupant is not None and occupant.user_id == user_id:
                return label
        return None

    def audience(self, user_id: int | None) -> str:
        """Whose view a person at this table gets (`vaza.core.views.audience.audience_of`)."""
        held = self.match.in_deal and self.deal_seats.holds(user_id) is not None
        return audience_of(self.seat_of(user_id), self.options.kibitzers_see_all, held)

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
            "name": self.name,
            "seats": {
                label: None if o is None else {"name": o.name, "robot": o.kind == "robot"}
                for label, o in self.occupants.items()
            },
            "robots": sum(1 for o in self.occupants.values() if o and o.kind == "robot"),
            "status": self.status,
            "deals": self.match.deals_started,
        }

    # -- deciding -----------------------------------------------------------------------

    def decide(self, actor: Actor, command: Command, at: float | None = None) -> list[TableEvent]:
        """The events `command` causes; raises a typed error and changes nothing if refused.
        `at` is the time now (seconds since the epoch), stamped on the events that start a
        clock (`CLOCKED`)."""
        if self.finished and not isinstance(command, Chat | MarkLeft | MarkAway | MarkBack):
            raise IllegalAction("this table's match is over")
        match command:
            case Sit() | Stand() | AddRobot() | RemoveRobot() | NameTable() | CloseTable():
                events = seat_moves.decide(self, actor, command)
            case Chat():
                events = self._chat(actor, command.text)
            case NextDeal():
                events = self._next_deal(actor)
            case Invite():
                events = seat_moves.invite(self, actor, command)
            case MarkLeft() | MarkAway() | MarkBack():
                events = self._presence(actor, command)
            case Play():
                events = self._decide_game(actor, command)
            case _:
                assert_never(command)
        return stamped(events, at)

    def _decide_game(self, actor: Actor, command: Play) -> list[TableEvent]:
        if not any(verb.name == command.verb for verb in self.spec.verbs):
            raise ParseError(f"{self.spec.label.en} has no {command.verb!r} command")
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
        action = self.spec.actions.parse(to_json(command))
        if isinstance(action, UndoRequest) and not self.options.undo:
            raise IllegalAction(UNDO_OFF)
        if isinstance(action, ClaimResponse) and action.held_to is not None:
            # A count of tricks found in the answerer's hidden hand: the claimer is told the
            # rejection and its reason in words (`why`), never the number.
            action = dataclasses.replace(action, held_to=None)
        owner = self.match.owner(action, seat)
        if (
            isinstance(action, Claim)
            and action.tricks > 0  # a concession costs the robots no check: never paused
            and actor.robot_seat is None
            and self._actions < self._claims_from.get(owner, 0)
        ):
            raise IllegalAction(CLAIM_PAUSED)
        encoded = self.spec.actions.encode(action)
        return [Acted(owner, encoded, None if seat == owner else seat, timeout=actor.timed_out)]

    def _chat(self, actor: Actor, text: str) -> list[TableEvent]:
        if not text.strip():
            raise ParseError("a chat message needs some text")
        if len(text) > CHAT_LIMIT:
            raise ParseError(f"a chat message has at most {CHAT_LIMIT} characters")
        seat = self.seat_of(actor.user_id)
        if seat is None and not self.options.kibitzers and actor.user_id != self.creator:
            raise Forbidden("this table does not allow visitors")
        # Players and watchers each have a cap of their own: watchers cannot fill the
        # players' chat (they once did, and the players could not speak).
        if seat is not None and self.chat_lines >= CHAT_CAP:
            raise IllegalAction(f"this table's chat is full ({CHAT_CAP} lines)")
        if seat is None and self.watcher_lines >= CHAT_CAP:
            raise IllegalAction(f"the watchers' chat is full at this table ({CHAT_CAP} lines)")
        # Kibitzers' chat never reaches players during play.
        audience = "kibitzers" if seat is None and self.match.in_deal else "all"
        return [Chatted(actor.name, seat, text.strip(), audience)]

    def _next_deal(self, actor: Actor) -> list[TableEvent]:
        """A person is ready for the next deal; the server deals it (the wait ran out)."""
        seat = self.seat_of(actor.user_id)
        if seat is None and not actor.system:
            raise Forbidden("only players at the table may start the next deal")
        if self.match.in_deal:
            raise IllegalAction("the current deal is not over")
        if not self.full:
            raise IllegalAction("every seat needs a player or a robot")
        if self.match.is_over:
            raise IllegalAction("the match is over")
        return [] if self.readiness.said(seat) else [DealWanted(seat)]

    def _presence(self, actor: Actor, command: Presence) -> list[TableEvent]:
        """A seated person's last connection closed (`left`: the seat is held), the hold ran
        out (`away`: a robot plays for them; the command names the leaving it is for, so a
        hold that ran out for an earlier one changes nothing), or they are here again (`back`).
        Once the match is over, nothing: nobody's presence matters any more."""
        if not actor.system:
            raise Forbidden("only the server marks players away or back")
        seat = self.seat_argument(command.seat)
        occupant = self.occupants[seat]
        if self.finished or occupant is None or occupant.kind != "human":
            return []
        match command:
            case MarkLeft():
                return [] if occupant.left or occupant.away else [Left(seat)]
            case MarkAway():
                due = occupant.left and not occupant.away
                return [Away(seat)] if due and command.left_at == occupant.left_at else []
            case MarkBack():  # here again, or here for the first time
                due = occupant.left or occupant.away or not occupant.arrived
                return [Back(seat)] if due else []
            case _:
                assert_never(command)

    def seat_argument(self, seat: str) -> str:
        if seat not in self.occupants:
            raise ParseError(f"seat must be one of {', '.join(self.occupants)}")
        return seat

    def require_member(self, actor: Actor) -> None:
        if actor.user_id != self.creator and self.seat_of(actor.user_id) is None:
            raise Forbidden("only the table's creator or its players may do that")

    def settle(
        self, actor: Actor, command: Command, rng: random.Random, at: float | None = None
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

    def follow_ups(self, rng: random.Random, at: float | None = None) -> list[TableEvent]:
        """Events that follow by themselves: the next deal once every seat is filled (the
        first deal, or any deal when only robots play or all are ready), the match's end, the
        seats kept for people once a deal ends, a table no person is left at ending."""
        if self.finished:
            return []
        if self.match.is_over and not self.match.in_deal:
            return [Finished()]
        if gone := seat_moves.abandoned(self):
            return gone
        if self.match.in_deal:
            return []
        if kept := seat_moves.seat_reserved(self):
            return kept
        if not self.full or seat_moves.paused(self):
            return []
        first = self.match.deals_started == 0
        if first or not self.humans() or self.readiness.due(self.occupants):
            return stamped([Dealt(self.match.setup_deal(rng))], at)
        return []

    # -- evolving -------------------------------------------------------------------------

    def evolve(self, event: TableEvent) -> None:
        """Apply an event.  An act event is checked by the core, which raises (and changes
        nothing, the version included) when the action is illegal; other events come from
        `decide` or from the log and are trusted."""
        match event:
            case Created():
                self.owner = self.creator if event.owner is None else event.owner
            case Sat() | Stood() | RobotIn() | RobotOut() | Reserved() | Unreserved():
                seat_moves.evolve_seat(self, event)
            case Left() | Away() | Back():
                self._evolve_presence(event)
            case Dealt():
                self.match.start_deal(event.setup)
                self.readiness = Readiness()
                self.deal_seats.start(seat_moves.seated(self))
                self.turn_began = event.at
            case DealWanted():
                self.readiness.want(event.seat)
            case Acted():
                self._evolve_act(event)
            case Chatted():
                self._evolve_chat(event)
            case Invited():
                self.invited.add(event.user_id)
            case Finished():
                self.finished = True
            case Named():
                self.name = event.name
            case _:
                assert_never(event)
        self.version += 1

    def _evolve_chat(self, event: Chatted) -> None:
        self.chat.append(event.payload)
        if event.seat is None:
            self.watcher_lines += 1
        else:
            self.chat_lines += 1

    def upgraded(self, event: TableEvent, schema: int) -> TableEvent:
        """`event`, read from the log in version `schema` of its form, in today's form
        (`vaza.core.table_events.SCHEMA`), given the table as it stood before it.  Version 1's
        act events named the seat that chose a card (declarer) where it was another's (dummy's):
        the owner is the match's to say."""
        if schema >= SCHEMA or not isinstance(event, Acted) or event.by is not None:
            return event
        owner = self.match.owner(self.spec.actions.parse(event.action), event.seat)
        return event if owner == event.seat else Acted(owner, event.action, event.seat, event.at)

    def _evolve_act(self, event: Acted) -> None:
        action = self.spec.actions.parse(event.action)
        self.match.apply(action, event.chooser)
        chooser = self.occupants.get(event.chooser)
        if chooser is not None and chooser.user_id is not None and not chooser.away:
            self.deal_seats.acted(event.chooser, chooser.user_id)
        match action:
            case Claim():
                self._claimer = event.seat
            case ClaimResponse(accept=False) if self._claimer is not None:
                self._claims_from[self._claimer] = self._actions + CLAIM_PAUSE
                self._claimer = None
            case ClaimResponse() | UndoRequest() | UndoResponse():
                pass
            case _:
                self._actions += 1
        self.turn_began = event.at
        if not self.match.in_deal:
            self.finished_deals.append(seat_moves.with_players(self, self.match.finish_deal()))

    def _evolve_presence(self, event: Left | Away | Back) -> None:
        occupant = self.occupants[event.seat]
        if occupant is None:
            return
        match event:
            case Left():
                occupant.left, occupant.left_at = True, event.at
            case Away():
                occupant.away = True
                if occupant.user_id is not None:
                    self.deal_seats.gone(event.seat, occupant.user_id)
            case Back():  # here (again), nothing held
                occupant.left, occupant.left_at, occupant.away = False, None, False
                occupant.arrived = True
            case _:
                assert_never(event)

    def take_finished_deals(self) -> list[FinishedDeal]:
        deals, self.finished_deals = self.finished_deals, []
        return deals


__all__ = [
    "DEFAULT_GAME",
    "SYSTEM",
    "Actor",
    "Change",
    "Forbidden",
    "Occupant",
    "TableOptions",
    "TableState",
]
