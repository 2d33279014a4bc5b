"""Seats that move: who may sit, stand, seat or remove a robot, name or close a table, and when.

Between deals anyone the table admits takes a free seat or a robot's (the robot goes out); the
host seats or removes robots.  During a deal a person takes a robot's seat at once only where
they were shown no more than it sees (`vaza.app.seating.may_sit_now`), else at the deal's end (a
reservation).  Standing up frees the seat: a robot plays it until someone sits.  Decisions only:
each function returns the events a command causes and changes nothing (`TableState.decide`).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, assert_never

from vaza.app.commands import AddRobot, CloseTable, Invite, NameTable, RemoveRobot, Sit, Stand
from vaza.app.seating import NAME_LIMIT, Actor, Forbidden, Occupant, Reservation, may_sit_now
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.table_events import (
    Finished,
    Invited,
    Named,
    Reserved,
    RobotIn,
    RobotOut,
    Sat,
    Stood,
    TableEvent,
    Unreserved,
)
from vaza.json_types import JSON

if TYPE_CHECKING:
    from vaza.app.table import TableState
    from vaza.match.base import FinishedDeal

SeatEvent = Sat | Stood | RobotIn | RobotOut | Reserved | Unreserved


SeatCommand = Sit | Stand | AddRobot | RemoveRobot | NameTable | CloseTable


def decide(state: TableState, actor: Actor, command: SeatCommand) -> list[TableEvent]:
    """The events of a command about seats or the table itself (`TableState.decide`)."""
    match command:
        case Sit():
            return sit(state, actor, command)
        case Stand():
            return stand(state, actor)
        case AddRobot():
            return add_robot(state, actor, command.seat)
        case RemoveRobot():
            return remove_robot(state, actor, command.seat)
        case NameTable():
            return name_table(state, actor, command)
        case CloseTable():
            return close_table(state, actor, command)
        case _:
            assert_never(command)


def robot_name(seat: str) -> str:
    return f"Robot {seat}"


def under_way(state: TableState) -> bool:
    """The match has begun and is not over: a seat a person leaves is a robot's."""
    return state.match.deals_started > 0 and not state.match.is_over


def sit(state: TableState, actor: Actor, command: Sit) -> list[TableEvent]:
    seat = state.seat_argument(command.seat)
    user_id = actor.user_id
    if user_id is None:
        raise Forbidden("log in or play as a guest to sit down")
    current = state.seat_of(user_id)
    if current is not None:
        raise IllegalAction(f"you are already sitting at {current}")
    occupant = state.occupants[seat]
    if occupant is not None and occupant.kind == "human":
        raise IllegalAction(f"seat {seat} is taken")
    kept = state.reserved.get(seat)
    if kept is not None and kept.user_id != user_id:
        raise IllegalAction(f"seat {seat} is kept for {kept.name} from the next deal")
    # A person keeps one seat at most: another kept for them is let go.
    events: list[TableEvent] = [
        Unreserved(other)
        for other, r in state.reserved.items()
        if r.user_id == user_id and other != seat
    ]
    if occupant is not None and state.match.in_deal:
        held = state.deal_seats.holds(user_id)
        if not may_sit_now(held, seat, state.options.kibitzers_see_all):
            if kept is not None:
                raise IllegalAction(f"you take seat {seat} when this deal ends")
            return [*events, Reserved(seat, user_id, actor.name)]
    if kept is not None:
        events.append(Unreserved(seat))
    if occupant is not None:
        events.append(RobotOut(seat))
    # `absent`: seated for them, not yet come (a duplicate event's seat).
    events.append(Sat(seat, user_id, actor.name, command.absent))
    return events


def stand(state: TableState, actor: Actor) -> list[TableEvent]:
    """Stand up (a robot plays the seat on once the match has begun), or let go of a seat kept
    for you."""
    seat = state.seat_of(actor.user_id)
    if seat is None:
        kept = [s for s, r in state.reserved.items() if r.user_id == actor.user_id]
        if not kept:
            raise IllegalAction("you are not sitting at this table")
        return [Unreserved(s) for s in kept]
    events: list[TableEvent] = [Stood(seat)]
    if under_way(state):
        events.append(RobotIn(seat, robot_name(seat)))
    return events


def add_robot(state: TableState, actor: Actor, seat: str) -> list[TableEvent]:
    seat = state.seat_argument(seat)
    state.require_member(actor)
    if state.occupants[seat] is not None:
        raise IllegalAction(f"seat {seat} is taken")
    return [RobotIn(seat, robot_name(seat))]


def remove_robot(state: TableState, actor: Actor, seat: str) -> list[TableEvent]:
    """A robot leaves its seat: before the match, at a member's word; once it has begun, only
    between deals and at the host's (a seat left free waits for someone to fill it)."""
    seat = state.seat_argument(seat)
    state.require_member(actor)
    occupant = state.occupants[seat]
    if occupant is None or occupant.kind != "robot":
        raise IllegalAction(f"no robot sits at {seat}")
    if under_way(state):
        if actor.user_id != state.creator:
            raise Forbidden("only the table's host removes robots once the match has begun")
        if state.match.in_deal:
            raise IllegalAction("a robot leaves its seat between deals, not during one")
    return [RobotOut(seat)]


def name_table(state: TableState, actor: Actor, command: NameTable) -> list[TableEvent]:
    require_host(state, actor)
    name = " ".join(command.name.split())
    if len(name) > NAME_LIMIT:
        raise ParseError(f"a table's name has at most {NAME_LIMIT} characters")
    return [Named(name)]


def close_table(state: TableState, actor: Actor, command: CloseTable) -> list[TableEvent]:
    del command  # no fields: the command is the wish
    require_host(state, actor)
    return [Finished("closed", actor.name)]


def invite(state: TableState, actor: Actor, command: Invite) -> list[TableEvent]:
    """An invitation, offering a seat where one is named: a free one or a robot's."""
    state.require_member(actor)
    if command.seat is not None:
        occupant = state.occupants[state.seat_argument(command.seat)]
        if occupant is not None and occupant.kind == "human":
            raise IllegalAction(f"seat {command.seat} is taken")
    return [Invited(command.user_id, actor.name, command.seat)]


def require_host(state: TableState, actor: Actor) -> None:
    if actor.user_id is None or actor.user_id != state.creator:
        raise Forbidden("only the table's host may do that")


def abandoned(state: TableState) -> list[TableEvent]:
    """The table's end when its last person stands up, once people played there: robots do
    not play on for people who have gone.  An event's table is the event's to finish, never
    ended here."""
    if state.finished or not state.had_people or state.event_table or not under_way(state):
        return []
    if state.reserved or any(o is not None and o.kind == "human" for o in state.occupants.values()):
        return []  # someone sits, or takes a seat when the deal ends
    return [Finished("abandoned")]


def paused(state: TableState) -> bool:
    """Between deals, every person seated is away (their hold ran out): robots finished the
    deal in progress for them, and deal no other; the table waits for one of them to come
    back and leaves the lobby meanwhile (`status` "paused")."""
    if state.finished or state.event_table or state.match.in_deal or not under_way(state):
        return False
    people = [o for o in state.occupants.values() if o is not None and o.kind == "human"]
    return bool(people) and all(o.away for o in people)


def seat_reserved(state: TableState) -> list[TableEvent]:
    """Between deals, each seat kept for a person is theirs: the robot goes out, they sit (if
    they are still here to: sitting elsewhere lets the reservation go)."""
    if state.match.in_deal or not state.reserved:
        return []
    events: list[TableEvent] = []
    for seat, kept in state.reserved.items():
        occupant = state.occupants[seat]
        events.append(Unreserved(seat))
        if occupant is not None and occupant.kind == "human":
            continue
        if occupant is not None:
            events.append(RobotOut(seat))
        events.append(Sat(seat, kept.user_id, kept.name))
    return events


def admits(state: TableState, user_id: int | None) -> bool:
    """Whether someone with no seat may come to the table (to watch, or to take a seat): anyone
    where it allows visitors; where it does not, its host, the people invited (to take the
    seat offered them, or a robot's) and someone who stood up during this deal."""
    if state.options.kibitzers or (user_id is not None and user_id == state.creator):
        return True
    if user_id is None:
        return False
    return user_id in state.invited or state.deal_seats.holds(user_id) is not None


def occupants_json(state: TableState) -> JSON:
    """Who sits where, as everyone at the table may learn it: no account ids (a client learns
    its own seat apart), a robot's seat kept for a person with their name (`reserved`)."""
    told: JSON = {}
    for seat, occupant in state.occupants.items():
        told[seat] = None if occupant is None else occupant.to_json()
        kept = state.reserved.get(seat)
        if kept is not None and told[seat] is not None:
            told[seat]["reserved"] = kept.name
    return told


# -- evolving ---------------------------------------------------------------------------------


def evolve_seat(state: TableState, event: SeatEvent) -> None:
    """Apply an event of the seats (`TableState.evolve`)."""
    match event:
        case Sat():
            state.occupants[event.seat] = Occupant(
                "human", event.name, event.user_id, arrived=not event.absent
            )
            state.had_people = True
            state.readiness.seats.discard(event.seat)  # ready is the new person's to say
            if state.match.in_deal:
                state.deal_seats.sat(event.seat, event.user_id)
        case Stood():
            occupant = state.occupants[event.seat]
            if occupant is not None and occupant.user_id is not None:
                state.deal_seats.gone(event.seat, occupant.user_id)
            state.occupants[event.seat] = None
        case RobotOut():
            state.occupants[event.seat] = None
        case RobotIn():
            state.occupants[event.seat] = Occupant("robot", event.name)
        case Reserved():
            state.reserved[event.seat] = Reservation(event.user_id, event.name)
        case Unreserved():
            state.reserved.pop(event.seat, None)
        case _:
            assert_never(event)


def seated(state: TableState) -> dict[str, int]:
    """The people in each seat now."""
    return {
        seat: o.user_id
        for seat, o in state.occupants.items()
        if o is not None and o.kind == "human" and o.user_id is not None
    }


def with_players(state: TableState, deal: FinishedDeal) -> FinishedDeal:
    """The deal with the people who played it, each in the seat they first played in it (a deal
    robots played wholly for someone who had gone is not theirs), and the seats a robot played
    on for them once they stood up or went away (`robot_for`), which their history says."""
    seats = state.deal_seats
    summary = dict(deal.summary)
    if seats.robot_from:
        summary["robot_for"] = sorted(seats.robot_from)
    return dataclasses.replace(deal, summary=summary, players=dict(seats.credited))


__all__ = [
    "SeatCommand",
    "SeatEvent",
    "abandoned",
    "add_robot",
    "admits",
    "close_table",
    "decide",
    "evolve_seat",
    "invite",
    "name_table",
    "occupants_json",
    "paused",
    "remove_robot",
    "robot_name",
    "seat_reserved",
    "seated",
    "sit",
    "stand",
    "under_way",
    "with_players",
]
