"""Seats that move (issue 45): friends take robots' seats between deals and, where they were
shown no more than the seat sees, during one; standing up frees a seat for its person's return
or for another; the host seats and removes robots, names and closes the table; a table no person
is left at ends; a deal counts in a person's history only as far as they played it."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from vaza.app.commands import from_json
from vaza.app.seating import may_sit_now
from vaza.app.table import Actor, Forbidden, TableOptions, TableState
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.table_events import RobotIn, TableEvent
from vaza.core.views.audience import KIBITZER, KIBITZER_ALL
from vaza.games import GAMES
from vaza.match.base import FinishedDeal

ANA, BIA, CAU = Actor(1, "Ana"), Actor(2, "Bia"), Actor(3, "Cau")
CARD = re.compile(r"^[SHDC][2-9TJQKA]$")


def table(seed: str = "a", **options: Any) -> tuple[TableState, random.Random]:
    """Ana's table, robots in every other seat, its first deal dealt (as the service makes it);
    the seed deals two boards that are played out (not passed)."""
    state = TableState("t", TableOptions.from_json({"scoring": "duplicate", **options}), 1)
    for seat in state.match.seat_labels[1:]:
        state.evolve(RobotIn(seat, f"Robot {seat}"))
    rng = random.Random(seed)
    do(state, ANA, {"type": "sit", "seat": state.match.seat_labels[0]}, rng)
    assert state.match.in_deal
    return state, rng


def do(state: TableState, actor: Actor, command: dict[str, Any], rng: random.Random) -> list[str]:
    """Settle a command; the kinds of the events it caused."""
    return [e.kind for e in state.settle(actor, from_json(command), rng).events]


def step(state: TableState, rng: random.Random) -> list[FinishedDeal]:
    """One action of the deal in progress, by whoever must act (a robot's choice either way)."""
    seat = state.match.controller()
    assert seat is not None
    occupant = state.occupants[seat]
    person = occupant is not None and occupant.kind == "human" and not occupant.away
    robot = Actor(None, "r", seat)
    actor = Actor(occupant.user_id, occupant.name) if person and occupant else robot
    action = state.spec.actions.encode(state.robot.choose(state.match.robot_view(seat)))
    return list(state.settle(actor, from_json(action), rng).finished)


def finish_deal(state: TableState, rng: random.Random) -> list[FinishedDeal]:
    finished: list[FinishedDeal] = []
    while state.match.in_deal:
        finished += step(state, rng)
    return finished


def test_between_deals_a_friend_takes_a_robots_seat_and_the_host_moves_robots() -> None:
    state, rng = table(variant={"boards": 3})
    finish_deal(state, rng)
    assert do(state, BIA, {"type": "sit", "seat": "E"}, rng) == ["robot_out", "sat"]
    assert state.seat_of(2) == "E" and state.humans() == [1, 2]
    assert do(state, ANA, {"type": "next_deal"}, rng) == ["deal_wanted"]  # Bia is not ready
    do(state, ANA, {"type": "stand"}, rng)
    do(state, ANA, {"type": "sit", "seat": "N"}, rng)  # ready is said again by who sits
    assert do(state, BIA, {"type": "next_deal"}, rng) == ["deal_wanted"]
    # The host removes a robot between deals (the next deal waits for the seat) and seats one.
    with pytest.raises(Forbidden, match="host"):
        do(state, BIA, {"type": "remove_robot", "seat": "S"}, rng)
    assert do(state, ANA, {"type": "remove_robot", "seat": "S"}, rng) == ["robot_out"]
    with pytest.raises(IllegalAction, match="every seat"):
        do(state, ANA, {"type": "next_deal"}, rng)
    assert do(state, ANA, {"type": "add_robot", "seat": "S"}, rng) == ["robot_in"]
    assert do(state, ANA, {"type": "next_deal"}, rng) == ["deal_wanted", "deal"]
    with pytest.raises(IllegalAction, match="between deals"):
        do(state, ANA, {"type": "remove_robot", "seat": "W"}, rng)


def test_during_a_deal_a_watcher_of_the_public_view_sits_at_once() -> None:
    state, rng = table()
    for _ in range(6):
        step(state, rng)
    assert state.audience(2) == KIBITZER
    assert do(state, BIA, {"type": "sit", "seat": "E"}, rng) == ["robot_out", "sat"]
    assert state.audience(2) == "E" and "E" not in state.robot_seats()


def test_where_watchers_see_every_hand_a_watcher_takes_the_seat_when_the_deal_ends() -> None:
    state, rng = table(kibitzers_see_all=True, variant={"boards": 2})
    assert state.audience(2) == KIBITZER_ALL
    assert do(state, BIA, {"type": "sit", "seat": "E"}, rng) == ["reserved"]
    assert state.reserved["E"].name == "Bia" and "E" in state.robot_seats()
    with pytest.raises(IllegalAction, match="kept for Bia"):
        do(state, CAU, {"type": "sit", "seat": "E"}, rng)
    with pytest.raises(IllegalAction, match="when this deal ends"):
        do(state, BIA, {"type": "sit", "seat": "E"}, rng)
    finish_deal(state, rng)
    assert state.seat_of(2) == "E" and not state.reserved
    # A reservation may be let go: standing up does it.
    state2, rng2 = table(kibitzers_see_all=True)
    do(state2, CAU, {"type": "sit", "seat": "W"}, rng2)
    assert do(state2, CAU, {"type": "stand"}, rng2) == ["unreserved"]
    finish_deal(state2, rng2)
    assert state2.seat_of(3) is None


def test_one_who_stood_up_takes_back_their_seat_at_once_but_another_only_after_the_deal() -> None:
    state, rng = table(kibitzers_see_all=True)
    do(state, BIA, {"type": "sit", "seat": "E"}, rng)  # reserved: she may have seen all
    finish_deal(state, rng)
    do(state, ANA, {"type": "next_deal"}, rng)
    do(state, BIA, {"type": "next_deal"}, rng)
    assert state.match.in_deal and state.seat_of(2) == "E"
    for _ in range(5):
        step(state, rng)
    assert do(state, BIA, {"type": "stand"}, rng) == ["stood", "robot_in"]
    # Standing, she watches the rest of the deal with the public view, never every hand.
    assert state.audience(2) == KIBITZER
    assert do(state, BIA, {"type": "sit", "seat": "E"}, rng) == ["robot_out", "sat"]
    do(state, BIA, {"type": "stand"}, rng)
    assert do(state, BIA, {"type": "sit", "seat": "W"}, rng) == ["reserved"]  # saw E's hand
    # Sitting back where she was lets the other seat go.
    assert do(state, BIA, {"type": "sit", "seat": "E"}, rng) == ["unreserved", "robot_out", "sat"]


def test_the_rule_admits_only_views_the_seat_is_given() -> None:
    assert may_sit_now(None, "E", watchers_see_all=False)
    assert not may_sit_now(None, "E", watchers_see_all=True)
    assert may_sit_now(frozenset({"E"}), "E", watchers_see_all=True)
    assert not may_sit_now(frozenset({"N"}), "E", watchers_see_all=False)
    assert not may_sit_now(frozenset({"N", "E"}), "E", watchers_see_all=False)


def cards(view: Any) -> set[str]:
    """Every card a view shows, wherever in it."""
    if isinstance(view, str):
        return {view} if CARD.match(view) else set()
    if isinstance(view, dict):
        return set().union(*(cards(v) for v in view.values())) if view else set()
    if isinstance(view, list):
        return set().union(*(cards(v) for v in view)) if view else set()
    return set()


@pytest.mark.parametrize(
    ("game", "players"),
    [(spec.name, n) for spec in GAMES for n in sorted({min(spec.players), max(spec.players)})],
)
def test_the_public_view_shows_no_card_a_seat_does_not_see(game: str, players: int) -> None:
    """What makes sitting at once safe: at every moment of a deal the watchers' public view
    shows only cards every seat's view shows, in every game of the registry.  A watcher (or a
    person who stood up) who takes a seat is shown nothing the seat was not."""
    state = TableState("t", TableOptions.from_json({"game": game, "players": players}), None)
    for seat in state.match.seat_labels:
        state.evolve(RobotIn(seat, "r"))
    rng = random.Random(game)
    for event in state.follow_ups(rng):
        state.evolve(event)
    moments = 0
    while state.match.in_deal and moments < 80:
        public = cards(state.match.view(None))
        for seat in state.match.seat_labels:
            assert public <= cards(state.match.view(seat)), (game, seat, moments)
        seat = state.match.controller()
        assert seat is not None
        action = state.spec.actions.encode(state.robot.choose(state.match.robot_view(seat)))
        for event in state.decide(Actor(None, "r", seat), from_json(action)):
            state.evolve(event)
        moments += 1
    assert moments > 0


def test_standing_up_frees_the_seat_and_the_last_person_leaving_ends_the_table() -> None:
    state, rng = table(variant={"boards": 3})
    do(state, BIA, {"type": "sit", "seat": "E"}, rng)
    assert do(state, BIA, {"type": "stand"}, rng) == ["stood", "robot_in"]
    assert do(state, CAU, {"type": "sit", "seat": "E"}, rng) == ["robot_out", "sat"]
    do(state, CAU, {"type": "stand"}, rng)
    events = do(state, ANA, {"type": "stand"}, rng)
    assert events == ["stood", "robot_in", "finished"]
    assert state.finished and state.status == "finished"


def test_a_table_whose_people_are_all_away_pauses_after_the_deal() -> None:
    """Robots finish the deal in progress for a person away, and deal no other: the table waits
    for them out of the lobby; when they come back it goes on."""
    state, rng = table(variant={"boards": 3})
    system = Actor(None, "system", system=True)
    do(state, system, {"type": "left", "seat": "N"}, rng)
    state.evolve(state.decide(system, from_json({"type": "away", "seat": "N"}))[0])
    finish_deal(state, rng)
    assert not state.finished and not state.match.in_deal
    assert state.status == "paused" and state.summary()["status"] == "paused"
    assert state.follow_ups(rng) == []  # no deal for nobody
    do(state, system, {"type": "back", "seat": "N"}, rng)
    assert state.status == "playing"
    assert do(state, ANA, {"type": "next_deal"}, rng) == ["deal_wanted", "deal"]


def test_a_deal_counts_for_a_person_only_as_far_as_they_played_it() -> None:
    state, rng = table(variant={"boards": 3})
    do(state, BIA, {"type": "sit", "seat": "E"}, rng)
    while state.match.controller() != "E":
        step(state, rng)
    step(state, rng)  # Bia acts once, then stands up
    do(state, BIA, {"type": "stand"}, rng)
    [first] = finish_deal(state, rng)
    assert first.players == {"N": 1, "E": 2} and first.summary["robot_for"] == ["E"]
    do(state, ANA, {"type": "next_deal"}, rng)
    system = Actor(None, "system", system=True)
    do(state, CAU, {"type": "sit", "seat": "S"}, rng)  # Cau stays, so the table goes on
    do(state, system, {"type": "left", "seat": "N"}, rng)
    do(state, system, {"type": "away", "seat": "N", "left_at": None}, rng)
    [second] = finish_deal(state, rng)
    assert 1 not in second.players.values()  # robots played all of it for Ana
    assert "robot_for" not in second.summary


def test_the_host_names_and_closes_the_table() -> None:
    state, rng = table()
    do(state, BIA, {"type": "sit", "seat": "E"}, rng)
    assert do(state, ANA, {"type": "name_table", "name": "  Friday   friends "}, rng) == ["named"]
    assert state.name == "Friday friends" and state.summary()["name"] == "Friday friends"
    with pytest.raises(Forbidden, match="host"):
        do(state, BIA, {"type": "name_table", "name": "mine"}, rng)
    with pytest.raises(ParseError, match="at most 40"):
        do(state, ANA, {"type": "name_table", "name": "x" * 41}, rng)
    with pytest.raises(Forbidden, match="host"):
        do(state, BIA, {"type": "close_table"}, rng)
    change = state.settle(ANA, from_json({"type": "close_table"}), rng)
    closed: list[TableEvent] = list(change.events)
    assert [(e.kind, e.payload) for e in closed] == [
        ("finished", {"reason": "closed", "by": "Ana"})
    ]
    assert state.finished


def test_an_invitation_may_offer_a_seat_not_a_persons() -> None:
    state, _ = table()
    [invited] = state.decide(ANA, from_json({"type": "invite", "user_id": 2, "seat": "E"}))
    assert invited.payload == {"user_id": 2, "by": "Ana", "seat": "E"}
    with pytest.raises(IllegalAction, match="taken"):
        state.decide(ANA, from_json({"type": "invite", "user_id": 2, "seat": "N"}))


@pytest.mark.parametrize(
    ("game", "players"),
    [(spec.name, n) for spec in GAMES for n in sorted({min(spec.players), max(spec.players)})]
    + [("boerenbridge", 5)],
)
def test_robots_fill_only_the_seats_nobody_takes_in_every_game(game: str, players: int) -> None:
    """A table created with robots (the service seats them in every seat but the creator's)
    takes each person who comes in a robot's place: during the first deal at once (its watchers
    see the public view), after it between deals.  Three people and two robots at a five-seat
    Boerenbridge table need nothing unticked and no robot added by hand."""
    state = TableState("t", TableOptions.from_json({"game": game, "players": players}), 1)
    labels = state.match.seat_labels
    for seat in labels[1:]:
        state.evolve(RobotIn(seat, f"Robot {seat}"))
    rng = random.Random(game)
    do(state, ANA, {"type": "sit", "seat": labels[0]}, rng)
    assert state.match.in_deal
    friends = [Actor(10 + n, f"Friend {n}") for n in range(len(labels) - 1)]
    at_once = friends[: min(2, len(friends))]
    for friend, seat in zip(at_once, labels[1:], strict=False):
        assert do(state, friend, {"type": "sit", "seat": seat}, rng) == ["robot_out", "sat"]
    finish_deal(state, rng)
    for friend, seat in zip(friends[len(at_once) :], labels[1 + len(at_once) :], strict=True):
        assert do(state, friend, {"type": "sit", "seat": seat}, rng) == ["robot_out", "sat"]
    assert sorted(state.humans()) == [1, *(10 + n for n in range(len(friends)))]
    if not state.match.is_over:
        for person in [ANA, *friends]:
            do(state, person, {"type": "next_deal"}, rng)
        assert state.match.in_deal and not state.robot_seats()
