"""The table's events as typed values: each read back from its stored form, and each told to
every audience only as its rule says (the audience rule fails closed: a field no rule names is
told to nobody).  The samples cover the whole union, so a new kind of event must add one."""

from __future__ import annotations

import pickle
from typing import get_args

import pytest

from vaza.app import commands
from vaza.core.errors import ParseError
from vaza.core.table_events import (
    KINDS,
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
    decode,
)
from vaza.core.views.audience import KIBITZER, KIBITZER_ALL, event_for

SAMPLES: dict[type, TableEvent] = {
    Created: Created({"game": "contract"}, 1, owner=2, deals={"1": "N:AKQ.. ..."}),
    Sat: Sat("N", 7, "Ana", absent=True),
    Stood: Stood("N"),
    RobotIn: RobotIn("E", "Robot E"),
    RobotOut: RobotOut("E"),
    Left: Left("N", at=12.5),
    Away: Away("N"),
    Back: Back("N"),
    Dealt: Dealt({"number": 3, "dealer": "S", "hands": ["SAK", "HQ", "DJ", "CT"]}, at=4.0),
    DealWanted: DealWanted("S"),
    Acted: Acted("N", {"type": "play", "card": "SA"}, by="S", at=9.0, timeout=True),
    Chatted: Chatted("Bia", None, "nice lead", "kibitzers"),
    Invited: Invited(9, "Ana", seat="E"),
    Finished: Finished("closed", "Ana"),
    Reserved: Reserved("E", 9, "Bia"),
    Unreserved: Unreserved("E"),
    Named: Named("Friday friends"),
}
AUDIENCES = ("N", "E", "S", "W", KIBITZER, KIBITZER_ALL)
TOLD: dict[str, set[str]] = {
    "created": {"type"},
    "invited": {"type"},
    "deal_wanted": {"type", "seat"},
    "finished": {"type", "reason", "by"},
    "reserved": {"type", "seat", "name"},
    "unreserved": {"type", "seat"},
    "named": {"type", "name"},
    "deal": {"type", "number"},
    "sat": {"type", "seat", "name", "absent"},
    "stood": {"type", "seat"},
    "robot_in": {"type", "seat", "name"},
    "robot_out": {"type", "seat"},
    "left": {"type", "seat", "at"},
    "away": {"type", "seat"},
    "back": {"type", "seat"},
    "act": {"type", "seat", "action", "by", "timeout"},
    "chat": {"type", "from", "seat", "text", "audience"},
}
"""The most each kind tells anyone (docs/protocol.md)."""


def test_the_samples_cover_every_kind_of_event() -> None:
    assert set(SAMPLES) == set(get_args(TableEvent))
    assert {event.kind for event in SAMPLES.values()} == KINDS == set(TOLD)


@pytest.mark.parametrize("event", SAMPLES.values(), ids=lambda e: e.kind)
def test_each_event_is_read_back_from_its_stored_form(event: TableEvent) -> None:
    assert decode(event.kind, event.payload) == event
    assert pickle.loads(pickle.dumps(event)) == event  # compiled (mypyc) or not


@pytest.mark.parametrize("event", SAMPLES.values(), ids=lambda e: e.kind)
@pytest.mark.parametrize("in_deal", [True, False])
def test_each_audience_is_told_no_more_than_its_rule(event: TableEvent, in_deal: bool) -> None:
    for audience in AUDIENCES:
        told = event_for(event, audience, lambda action: action, in_deal=in_deal)
        assert told["type"] == event.kind
        assert set(told) <= TOLD[event.kind], (event.kind, audience)


def test_hidden_fields_reach_nobody() -> None:
    """A deal's cards, a duplicate event's boards and an invitation's account stay in the log;
    a field a rule does not name (here a deal's `hands`) is not told, whatever it holds."""
    for audience in AUDIENCES:
        for kind in (Created, Invited, Dealt, Sat, Reserved):
            told = event_for(SAMPLES[kind], audience, dict, in_deal=True)
            assert "deals" not in told and "hands" not in told and "user_id" not in told
        assert event_for(SAMPLES[Dealt], audience, dict, in_deal=True) == {
            "type": "deal",
            "number": 3,
        }


def test_a_watchers_chat_line_reaches_no_player_during_play() -> None:
    line = SAMPLES[Chatted]
    for seat in "NESW":
        assert event_for(line, seat, dict, in_deal=True) == {"type": "chat"}
        assert event_for(line, seat, dict, in_deal=False)["text"] == "nice lead"
    assert event_for(line, KIBITZER, dict, in_deal=True)["text"] == "nice lead"


def test_an_unknown_kind_is_refused_when_read() -> None:
    with pytest.raises(ValueError, match="unknown event type"):
        decode("shuffle", {})


@pytest.mark.parametrize(
    "command",
    [
        commands.Sit("N", absent=True),
        commands.Stand(),
        commands.AddRobot("E"),
        commands.RemoveRobot("E"),
        commands.Chat("hi"),
        commands.NextDeal(),
        commands.Invite(3),
        commands.Invite(3, "E"),
        commands.NameTable("Friday friends"),
        commands.CloseTable(),
        commands.MarkLeft("N"),
        commands.MarkAway("N", 12.5),
        commands.MarkBack("N"),
        commands.Play("call", {"call": "1NT"}),
    ],
    ids=lambda c: c.kind,
)
def test_each_command_is_read_back_from_its_json(command: commands.Command) -> None:
    """The form a command is forwarded in between processes (`vaza.app.cluster`)."""
    assert commands.from_json(commands.to_json(command)) == command


def test_a_command_of_no_known_type_or_with_a_bad_field_is_refused() -> None:
    with pytest.raises(ParseError, match="unknown command type"):
        commands.from_json({"type": "shuffle"})
    with pytest.raises(ParseError, match="seat"):
        commands.from_json({"type": "sit", "seat": 3})
    with pytest.raises(ParseError, match="names a user"):
        commands.from_json({"type": "invite", "user_id": True})
