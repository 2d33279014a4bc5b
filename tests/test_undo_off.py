"""Undo off at an event's tables (issue 47, finding 3): a player at a robot tournament table
took calls back and tried each candidate against the robots for free.  The table narrows the
game's undo: an undo request is refused, and no view offers it (`may_undo`)."""

from __future__ import annotations

import random

import pytest

from vaza.app.commands import from_json
from vaza.app.table import Actor, TableOptions, TableState
from vaza.app.updates import AudienceViews
from vaza.core.errors import IllegalAction

PEOPLE = {seat: Actor(n, f"person {seat}") for n, seat in enumerate("NESW", start=1)}


def seated(undo: bool) -> TableState:
    """Four people at a duplicate table, the first board dealt (North deals)."""
    options = TableOptions(scoring="duplicate", variant={"boards": 2}, robots=False, undo=undo)
    state = TableState("t", options, creator=1)
    for seat, person in PEOPLE.items():
        for event in state.decide(person, from_json({"type": "sit", "seat": seat})):
            state.evolve(event)
    for event in state.follow_ups(random.Random(47)):
        state.evolve(event)
    assert state.match.in_deal
    return state


def act(state: TableState, seat: str, command: dict[str, object]) -> None:
    for event in state.decide(PEOPLE[seat], from_json(command)):
        state.evolve(event)


@pytest.mark.parametrize("undo", [True, False])
def test_the_table_narrows_the_games_undo(undo: bool) -> None:
    state = seated(undo)
    act(state, "N", {"type": "call", "call": "1C"})
    view = AudienceViews(state).get("N")
    assert view["may_undo"] is undo, "offered exactly where it can succeed"
    if undo:
        act(state, "N", {"type": "undo_request"})
        assert state.match.responders() == frozenset("EW")
        return
    with pytest.raises(IllegalAction, match="nothing is taken back at this table"):
        act(state, "N", {"type": "undo_request"})
    assert state.match.responders() == frozenset()


def test_undo_is_an_option_a_client_may_only_set_to_true_or_false() -> None:
    with pytest.raises(Exception, match="undo must be true or false"):
        TableOptions.from_json({"undo": "no"})
    assert TableOptions.from_json({}).undo is True
