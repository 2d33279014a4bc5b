"""Claims metered (issue 47, finding 5): a guest claimed over and over at robot tables, each
claim costing the robots seconds of checking, and each rejection told the claimer `held_to`, a
number of tricks found in a defender's hidden hand.  Now a rejected claimer plays a trick's
worth of actions before claiming again, and a rejection carries its reason in words alone."""

from __future__ import annotations

import random

import pytest

from vaza.app.commands import from_json
from vaza.app.table import CLAIM_PAUSE, Actor, TableOptions, TableState
from vaza.core.errors import IllegalAction
from vaza.core.table_events import Acted

PEOPLE = {seat: Actor(n, f"person {seat}") for n, seat in enumerate("NESW", start=1)}


def act(state: TableState, actor: Actor, command: dict[str, object]) -> list[Acted]:
    events = state.decide(actor, from_json(command))
    for event in events:
        state.evolve(event)
    return [e for e in events if isinstance(e, Acted)]


def in_play() -> TableState:
    """Four people, North declares 1S, East has led."""
    options = TableOptions(scoring="duplicate", variant={"boards": 2}, robots=False)
    state = TableState("t", options, creator=1)
    for seat, person in PEOPLE.items():
        act(state, person, {"type": "sit", "seat": seat})
    for event in state.follow_ups(random.Random(47)):
        state.evolve(event)
    for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"], strict=True):
        act(state, PEOPLE[seat], {"type": "call", "call": call})
    play_cards(state, 1)
    return state


def play_cards(state: TableState, count: int) -> None:
    for _ in range(count):
        seat = state.match.controller()
        card = state.robot.choose(state.match.robot_view(seat))
        act(state, PEOPLE[seat], state.spec.actions.encode(card))


def test_a_rejected_claimer_plays_a_trick_before_claiming_again() -> None:
    state = in_play()
    north, east = PEOPLE["N"], PEOPLE["E"]
    act(state, north, {"type": "claim", "tricks": 13})
    rejection = {"type": "claim_response", "accept": False, "why": "held", "held_to": 3}
    (logged,) = act(state, east, rejection)
    assert logged.action == {"type": "claim_response", "accept": False, "why": "held"}, (
        "the reason in words, never the count found in East's hand"
    )
    with pytest.raises(IllegalAction, match="you may claim again after a trick"):
        act(state, north, {"type": "claim", "tricks": 12})
    play_cards(state, CLAIM_PAUSE - 1)
    with pytest.raises(IllegalAction, match="you may claim again after a trick"):
        act(state, north, {"type": "claim", "tricks": 12})
    play_cards(state, 1)
    act(state, north, {"type": "claim", "tricks": 12})
    assert state.match.responders() == frozenset("EW")


def test_the_pause_is_the_rejected_claimers_alone() -> None:
    state = in_play()
    act(state, PEOPLE["N"], {"type": "claim", "tricks": 13})
    act(state, PEOPLE["W"], {"type": "claim_response", "accept": False})
    # East, whose side rejected, may claim at once; then East's claim is rejected in turn.
    act(state, PEOPLE["E"], {"type": "claim", "tricks": 0})
    act(state, PEOPLE["N"], {"type": "claim_response", "accept": False})
    with pytest.raises(IllegalAction, match="claim again after a trick"):
        act(state, PEOPLE["E"], {"type": "claim", "tricks": 1})
