"""The table aggregate without a server: seats, robots and whole matches under every scoring."""

from __future__ import annotations

import random

import pytest

from vaza.app.commands import from_json
from vaza.app.table import SYSTEM, Actor, Forbidden, TableOptions, TableState
from vaza.core.deal import Deal
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.table_events import TableEvent, decode


def robot_table(options: TableOptions) -> TableState:
    state = TableState("t", options, creator=1)
    for seat in state.match.seat_labels:
        state.evolve(decode("robot_in", {"seat": seat, "name": f"Robot {seat}"}))
    return state


def run_robots(state: TableState, rng: random.Random, limit: int = 20000) -> None:
    """Drive a table of robots until its match is over, through decide and evolve."""
    for _ in range(limit):
        for event in state.follow_ups(rng):
            state.evolve(event)
        if state.finished:
            return
        seat = state.match.controller()
        assert seat is not None, "someone must act while the match goes on"
        action = state.robot.choose(state.match.robot_view(seat))
        for event in state.decide(
            Actor(None, "robot", seat), from_json(state.spec.actions.encode(action))
        ):
            state.evolve(event)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(
    ("scoring", "variant"),
    [
        ("rubber", {}),
        ("rubber", {"honours": False, "doubled_overtricks": "flat"}),
        ("chicago", {}),
        ("chicago", {"vul_cycle": "dealer", "partscores": "duplicate"}),
        ("auction", {}),
        ("old-polish", {}),
        ("russian", {}),
        ("duplicate", {"boards": 4}),
    ],
)
def test_robots_play_a_whole_match(scoring: str, variant: dict[str, object]) -> None:
    state = robot_table(TableOptions(scoring=scoring, variant=variant))
    run_robots(state, random.Random(scoring))
    scores = state.match.scores()
    if scoring == "duplicate":
        assert len(scores["deals"]) == 4
    else:
        assert scores["over"] is True
        if scoring in ("chicago", "russian"):
            assert sum(1 for deal in scores["deals"] if deal["counted"]) == 4
    assert state.status == "finished"
    assert len(state.take_finished_deals()) >= 2  # a rubber may be won in two deals


def test_options_are_checked() -> None:
    with pytest.raises(ParseError, match="unknown game"):
        TableOptions.from_json({"game": "poker"})
    with pytest.raises(ParseError, match="scored with one of"):
        TableOptions.from_json({"scoring": "points"})
    with pytest.raises(ParseError, match="seconds_per_action"):
        TableOptions.from_json({"seconds_per_action": 1})
    with pytest.raises(ParseError, match=r"unknown options for Contract bridge \(rubber\)"):
        TableState("t", TableOptions(scoring="rubber", variant={"colour": 1}), None)
    with pytest.raises(ParseError, match="vul_cycle"):
        TableState("t", TableOptions(scoring="chicago", variant={"vul_cycle": "x"}), None)


def test_seating_rules() -> None:
    state = TableState("t", TableOptions(), creator=1)
    ana, bia = Actor(1, "Ana"), Actor(2, "Bia")
    for event in state.decide(ana, from_json({"type": "sit", "seat": "N"})):
        state.evolve(event)
    with pytest.raises(IllegalAction, match="already sitting"):
        state.decide(ana, from_json({"type": "sit", "seat": "S"}))
    with pytest.raises(IllegalAction, match="taken"):
        state.decide(bia, from_json({"type": "sit", "seat": "N"}))
    with pytest.raises(Forbidden):
        state.decide(bia, from_json({"type": "add_robot", "seat": "E"}))  # not a member
    with pytest.raises(Forbidden):
        state.decide(bia, from_json({"type": "call", "call": "1NT"}))  # not seated
    with pytest.raises(Forbidden):
        state.decide(ana, from_json({"type": "away", "seat": "N"}))  # only the server marks absence
    with pytest.raises(ParseError, match="unknown command"):
        state.decide(ana, from_json({"type": "shuffle"}))


def test_presence_is_a_fact_of_the_log_and_a_hold_runs_out_for_one_leaving() -> None:
    """The server reports a person's leaving with its time; the hold that runs out names the
    leaving it was armed for, so one armed for an earlier leaving changes nothing."""
    state = TableState("t", TableOptions(), creator=1)
    ana = Actor(1, "Ana")

    def apply(command: dict[str, object], at: float | None = None) -> list[TableEvent]:
        events = state.decide(SYSTEM if command["type"] != "sit" else ana, from_json(command), at)
        for event in events:
            state.evolve(event)
        return events

    apply({"type": "sit", "seat": "N"})
    [left] = apply({"type": "left", "seat": "N"}, at=100.0)
    assert (left.kind, left.payload) == ("left", {"seat": "N", "at": 100.0})
    north = state.occupants["N"]
    assert north is not None and north.left and north.left_at == 100.0
    assert apply({"type": "left", "seat": "N"}, at=101.0) == []  # left already: held since 100
    assert [e.kind for e in apply({"type": "back", "seat": "N"})] == ["back"]
    assert not north.left and north.left_at is None
    apply({"type": "left", "seat": "N"}, at=102.0)
    assert apply({"type": "away", "seat": "N", "left_at": 100.0}) == []  # a hold since gone
    assert [e.kind for e in apply({"type": "away", "seat": "N", "left_at": 102.0})] == ["away"]
    assert state.robot_seats() == ["N"]
    assert [e.kind for e in apply({"type": "back", "seat": "N"})] == ["back"]
    assert not north.away and not north.left and apply({"type": "back", "seat": "N"}) == []


def test_the_start_of_a_turn_is_in_the_log() -> None:
    """The deal and each action carry when they were decided: the time to act runs from the
    last of them, in any process that replays the log."""
    state = robot_table(TableOptions(scoring="duplicate"))
    [deal] = state.follow_ups(random.Random(1), at=50.0)
    state.evolve(deal)
    assert deal.payload["at"] == 50.0 and state.turn_began == 50.0
    seat = state.match.controller()
    assert seat is not None
    action = state.spec.actions.encode(state.robot.choose(state.match.robot_view(seat)))
    [act] = state.decide(Actor(None, "robot", seat), from_json(action), at=57.5)
    state.evolve(act)
    assert act.payload["at"] == 57.5 and state.turn_began == 57.5
    replayed = TableState("t", TableOptions(scoring="duplicate"), creator=1)
    for event in (decode("robot_in", {"seat": s, "name": s}) for s in "NESW"):
        replayed.evolve(event)
    replayed.evolve(deal)
    replayed.evolve(act)
    assert replayed.turn_began == 57.5


def test_presence_at_a_finished_table_changes_nothing() -> None:
    """Ana left during the match and a robot played for her to its end: her coming and going
    afterwards is no error, and nothing to log."""
    state = TableState("t", TableOptions(scoring="duplicate", variant={"boards": 1}), creator=1)
    state.evolve(decode("sat", {"seat": "N", "user_id": 1, "name": "Ana"}))
    for seat in "ESW":
        state.evolve(decode("robot_in", {"seat": seat, "name": f"Robot {seat}"}))
    state.evolve(decode("left", {"seat": "N", "at": 1.0}))
    state.evolve(decode("away", {"seat": "N"}))
    run_robots(state, random.Random(2))
    assert state.finished and state.robot_seats() == ["N", "E", "S", "W"]
    for kind in ("left", "away", "back"):
        assert state.decide(SYSTEM, from_json({"type": kind, "seat": "N"}), at=1.0) == []
    with pytest.raises(IllegalAction, match="match is over"):
        state.decide(SYSTEM, from_json({"type": "next_deal"}))


@pytest.mark.parametrize(
    ("players", "variant"),
    [
        (3, {}),
        (4, {"harsh": True, "consolation": True}),
        (5, {"no_trump_rounds": True}),
        (6, {"blind_one_card_rounds": True, "blind_multiplier": 3}),
        (7, {"fixed_hand_size": 7}),
        (4, {"wizards": True}),
        (2, {}),
    ],
)
def test_robots_play_a_whole_boerenbridge_match(players: int, variant: dict[str, object]) -> None:
    state = robot_table(TableOptions(game="boerenbridge", scoring="boerenbridge",
                                     players=players, variant=variant))  # fmt: skip
    run_robots(state, random.Random(players))
    scores = state.match.scores()
    assert len(scores["rounds"]) == len(scores["schedule"])
    assert scores["winners"]
    assert state.status == "finished"


def test_boerenbridge_options_are_checked() -> None:
    with pytest.raises(ParseError, match=r"unknown options for Boerenbridge .*: jokers"):
        TableState("t", TableOptions(game="boerenbridge", scoring="boerenbridge",
                                     variant={"jokers": True}), None)  # fmt: skip
    with pytest.raises(ParseError, match="fixed_hand_size is from 1"):
        TableState("t", TableOptions(game="boerenbridge", scoring="boerenbridge",
                                     variant={"fixed_hand_size": 0}), None)  # fmt: skip


def test_a_table_plays_a_given_set_of_boards() -> None:
    rng = random.Random(11)
    deals = {n: Deal.random(rng).to_pbn() for n in (5, 6, 7)}
    options = TableOptions(scoring="duplicate", variant={"boards": 3, "first_board": 5})
    state = TableState("t", options, creator=1, deals=deals)
    for seat in state.match.seat_labels:
        state.evolve(decode("robot_in", {"seat": seat, "name": f"Robot {seat}"}))
    run_robots(state, random.Random(3))
    played = state.take_finished_deals()
    assert [deal.number for deal in played] == [1, 2, 3]
    for deal in played:
        record = deal.summary["record"]
        assert record["board"] in deals
        assert Deal.from_pbn(deals[record["board"]]) == Deal.from_pbn(
            "N:" + " ".join(".".join(_suits(record["hands"][s])) for s in "NESW")
        )


def _suits(cards: list[str]) -> list[str]:
    return ["".join(c[1] for c in cards if c[0] == suit) for suit in "SHDC"]


def test_a_set_of_boards_needs_duplicate_scoring() -> None:
    with pytest.raises(ParseError, match="duplicate"):
        TableState("t", TableOptions(scoring="rubber"), None, deals={1: Deal.random().to_pbn()})


def test_a_view_explains_every_call_as_a_fresh_reading_would() -> None:
    """The table explains each new call once and keeps the rest: after every call of random
    auctions, over several deals, the view's explanations are those of reading the whole
    auction afresh."""
    from vaza.games import find_game
    from vaza.match.bridge import bridge_match
    from vaza.robots.bidding.infer import explain_auction

    rng = random.Random(5)
    match = bridge_match("duplicate", {"boards": None, "first_board": 1})
    parse = find_game("contract").actions.parse
    for _ in range(3):
        match.start_deal(match.setup_deal(rng))
        game = match.current
        assert game is not None
        while not game.is_over:
            seat = match.controller()
            assert seat is not None
            match.apply(parse(rng.choice(match.view(seat)["legal"])), seat)

            for lang in ("en", "pt-BR"):
                fresh = explain_auction(game.auction.calls, game.board.dealer, lang)
                shown = match.view(seat)["explanations"][lang]
                assert shown == {str(i): text for i, text in fresh.items()}
        match.finish_deal()


def test_a_tables_chat_has_a_cap() -> None:
    """Issue 21: a table's log took 4,004 chat lines with no cap."""
    from vaza.app.table_rules import CHAT_CAP

    state = TableState("t", TableOptions(), creator=1)
    ana = Actor(1, "Ana")
    for number in range(CHAT_CAP):
        for event in state.decide(ana, from_json({"type": "chat", "text": f"line {number}"})):
            state.evolve(event)
    with pytest.raises(IllegalAction, match="chat is full"):
        state.decide(ana, from_json({"type": "chat", "text": "one more"}))
