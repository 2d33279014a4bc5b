"""The robot protocol over stdin/stdout: views rebuilt from JSON exactly, one answer per line,
errors that let the loop go on; and `vaza robot --stdio` seated at Vaza tables as an external
program."""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
from typing import Any

import pytest

from vaza.commands import robot as robot_command
from vaza.core import Board, ContractDeal, Seat, seat_view
from vaza.core.calls import Call
from vaza.core.games.boerenbridge import BoerenbridgeRound
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup, round_setups
from vaza.core.views import kibitzer_view
from vaza.core.views.boerenbridge import kibitzer_view as round_kibitzer_view
from vaza.core.views.boerenbridge import player_view
from vaza.protocol import boerenbridge as boerenbridge_json
from vaza.protocol import bridge as bridge_json
from vaza.robots import SimpleRobot
from vaza.robots.bidding import BiddingRobot
from vaza.robots.boerenbridge_simple import BoerenbridgeSimpleRobot
from vaza.robots.boerenbridge_strong import BoerenbridgeStrongRobot
from vaza.robots.cardplay import CardPlayer
from vaza.robots.driver import play_out
from vaza.robots.external import ExternalRobot, ExternalRobotError, ExternalSeats
from vaza.robots.registry import CONFIGS
from vaza.robots.stdio import Request, StdioRobot, view_from_json

STDIO_ROBOT = [sys.executable, "-m", "vaza.commands.robot", "--stdio"]
SIMPLE_STDIO_ROBOT = [*STDIO_ROBOT, "--level", "simple"]


def stdio_robot() -> StdioRobot:
    return StdioRobot(SimpleRobot(), BoerenbridgeSimpleRobot())


def through_json(data: dict[str, Any]) -> dict[str, Any]:
    """What arrives at the other end of a pipe."""
    loaded: dict[str, Any] = json.loads(json.dumps(data))
    return loaded


# -- views from JSON ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_contract_views_come_back_from_json_unchanged(seed: int) -> None:
    rng = random.Random(seed)
    game = ContractDeal(Board.random(seed + 1, rng))
    robot = SimpleRobot()
    while True:
        for seat in Seat:
            view = seat_view(game, seat)
            assert view_from_json(through_json(bridge_json.view_json(view))) == view
        public = kibitzer_view(game)
        assert view_from_json(through_json(bridge_json.view_json(public))) == public
        if game.is_over:
            break
        controller = game.controller
        assert controller is not None
        game.apply(robot.choose(seat_view(game, controller)), by=controller)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (4, BoerenbridgeOptions()),
        (5, BoerenbridgeOptions(wizards=True)),
        (2, BoerenbridgeOptions()),
        (4, BoerenbridgeOptions(blind_one_card_rounds=True, no_trump_rounds=True)),
    ],
)
def test_boerenbridge_views_come_back_from_json_unchanged(
    players: int, options: BoerenbridgeOptions
) -> None:
    rng = random.Random(players)
    robot = BoerenbridgeSimpleRobot()
    for setup in round_setups(players, options, first_dealer=1)[:3]:
        game = BoerenbridgeRound.dealt(setup, rng)
        while True:
            for player in range(players):
                view = player_view(game, player)
                assert view_from_json(through_json(boerenbridge_json.view_json(view))) == view
            public = round_kibitzer_view(game)
            assert view_from_json(through_json(boerenbridge_json.view_json(public))) == public
            if game.is_over:
                break
            to_act = game.to_act
            assert to_act is not None
            game.apply(robot.choose(player_view(game, to_act)), by=to_act)


def test_a_server_message_is_read_for_its_view() -> None:
    game = ContractDeal(Board.random(1, random.Random(2)))
    view = seat_view(game, Seat.NORTH)
    message = {"type": "update", "table": "t1", "version": 3, "view": bridge_json.view_json(view)}
    assert view_from_json(through_json(message)) == view


# -- answering lines ----------------------------------------------------------------------------


def _error(answer: dict[str, Any], words: str) -> None:
    assert answer["type"] == "error"
    assert words in answer["message"]


def test_a_view_gets_the_robots_action_as_a_client_command() -> None:
    game = ContractDeal(Board.random(1, random.Random(3)))
    seat = game.controller
    assert seat is not None
    view = seat_view(game, seat)
    answer = stdio_robot().answer(json.dumps(bridge_json.view_json(view)))
    assert answer == bridge_json.action_json(SimpleRobot().choose(view))
    assert answer["type"] == "call"


def test_a_boerenbridge_view_gets_a_bid() -> None:
    game = BoerenbridgeRound.dealt(RoundSetup(4, 0, 3), random.Random(4))
    view = player_view(game, 1)
    answer = stdio_robot().answer(json.dumps(boerenbridge_json.view_json(view)))
    assert answer["type"] == "bid"
    assert 0 <= answer["tricks"] <= 3


def test_lines_that_are_not_views_get_errors() -> None:
    server = stdio_robot()
    game = ContractDeal(Board.random(1, random.Random(3)))
    waiting = seat_view(game, (game.controller or Seat.NORTH).lho)
    round_game = BoerenbridgeRound.dealt(RoundSetup(4, 0, 2), random.Random(4))
    cases = [
        ("{not json", "not JSON"),
        ("[1, 2]", "a view is a JSON object"),
        ('{"type": "snapshot", "view": null}', "carries no view"),
        ('{"hello": 1}', "has no game"),
        ('{"game": "widow"}', "this robot plays contract and boerenbridge"),
        ('{"game": "contract", "dealer": "N"}', "needs 'hands'"),
        (json.dumps({**bridge_json.view_json(waiting), "dealer": "Q"}), "not a seat"),
        (json.dumps(bridge_json.view_json(kibitzer_view(game))), "kibitzer"),
        (json.dumps(bridge_json.view_json(waiting)), "not this seat's turn"),
        (
            json.dumps({**boerenbridge_json.view_json(player_view(round_game, 1)), "players": 9}),
            "2 to 7",
        ),
    ]
    for line, words in cases:
        _error(server.answer(line), words)


def test_the_loop_answers_every_line_and_goes_on_after_errors() -> None:
    game = ContractDeal(Board.random(1, random.Random(5)))
    seat = game.controller
    assert seat is not None
    view_line = json.dumps(bridge_json.view_json(seat_view(game, seat)))
    out = io.StringIO()
    answered = stdio_robot().serve(iter(["oops\n", "\n", view_line + "\n", "   \n", "[]\n"]), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answered == 3
    assert [answer["type"] for answer in answers] == ["error", "call", "error"]


# -- the command ------------------------------------------------------------------------------


def command_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="vaza")
    robot_command.register(parser.add_subparsers(dest="command"))
    return parser


def test_the_command_needs_one_mode(capsys: pytest.CaptureFixture[str]) -> None:
    parser = command_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["robot"])
    with pytest.raises(SystemExit):
        parser.parse_args(["robot", "--stdio", "--bluechip-client", "h:1"])
    with pytest.raises(SystemExit):
        parser.parse_args(["robot", "--bluechip-client", "nowhere"])
    args = parser.parse_args(["robot", "--bluechip-client", "127.0.0.1:2000"])
    assert args.bluechip_client == ("127.0.0.1", 2000)
    assert args.run(args) == 2
    assert "needs --seat" in capsys.readouterr().err


def test_the_command_serves_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    game = BoerenbridgeRound.dealt(RoundSetup(4, 0, 2), random.Random(6))
    line = json.dumps(boerenbridge_json.view_json(player_view(game, 1)))
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{line}\nnonsense\n"))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    args = command_parser().parse_args(["robot", "--stdio", "--harsh"])
    assert args.run(args) == 0
    answers = [json.loads(text) for text in out.getvalue().splitlines()]
    assert [answer["type"] for answer in answers] == ["bid", "error"]


# -- vaza robot --stdio as an external robot ---------------------------------------------------


def test_vaza_robot_stdio_plays_a_contract_deal_as_an_external_program() -> None:
    game = ContractDeal(Board.random(7, random.Random(7)))
    with ExternalRobot(SIMPLE_STDIO_ROBOT, timeout=60) as external:
        seen: list[Seat] = []
        play_out(game, dict.fromkeys(Seat, external), lambda seat, _: seen.append(seat))
    assert game.is_over and game.result is not None
    # at --level simple it serves SimpleRobot: the same deal played in process goes the same way
    again = ContractDeal(Board.random(7, random.Random(7)))
    play_out(again, dict.fromkeys(Seat, SimpleRobot()))
    assert again.record() == game.record()


def test_vaza_robot_stdio_plays_a_boerenbridge_round_as_an_external_program() -> None:
    game = BoerenbridgeRound.dealt(RoundSetup(4, 2, 3), random.Random(8))
    with ExternalRobot(STDIO_ROBOT, timeout=60) as external:
        while not game.is_over:
            player = game.to_act
            assert player is not None
            view = player_view(game, player)
            action = external.choose(view) if player % 2 else BoerenbridgeSimpleRobot().choose(view)
            game.apply(action, by=player)
    assert sum(game.tricks_won) == 3


def test_vaza_robot_stdio_serves_the_strong_robot_by_default() -> None:
    """A program that asks Vaza's robot for a call gets the bidding system's (1D here, where
    the simple robot would open 1C), from the strong robot the registry names."""
    game = ContractDeal(Board.random(5, random.Random(5)))
    seat = game.controller
    assert seat is not None
    view = seat_view(game, seat)
    assert SimpleRobot().choose(view) == Call.parse("1C")
    with ExternalRobot(STDIO_ROBOT, timeout=60) as external:
        assert external.choose(view) == Call.parse("1D")
    server = robot_command.stdio_server(command_parser().parse_args(["robot", "--stdio"]))
    assert isinstance(server.bridge, CardPlayer) and isinstance(server.bridge.bidder, BiddingRobot)
    strong = CONFIGS["strong"]()
    assert isinstance(strong, CardPlayer) and server.bridge.settings == strong.settings
    assert isinstance(server.boerenbridge, BoerenbridgeStrongRobot)


@pytest.mark.parametrize(
    ("level", "bridge", "boerenbridge"),
    [
        ("simple", SimpleRobot, BoerenbridgeSimpleRobot),
        ("standard", BiddingRobot, BoerenbridgeStrongRobot),
        ("quick", CardPlayer, BoerenbridgeStrongRobot),
    ],
)
def test_vaza_robot_stdio_serves_the_level_asked_for(
    level: str, bridge: type, boerenbridge: type
) -> None:
    args = command_parser().parse_args(["robot", "--stdio", "--level", level, "--harsh"])
    server = robot_command.stdio_server(args)
    assert type(server.bridge) is bridge and type(server.boerenbridge) is boerenbridge
    assert type(server.bridge) is type(CONFIGS[level]())
    if isinstance(server.boerenbridge, BoerenbridgeStrongRobot):
        assert server.boerenbridge.options == BoerenbridgeOptions(harsh=True)


@pytest.mark.parametrize("level", ["expert", "baseline"])
def test_an_unknown_level_is_refused(level: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The baseline too: it is a pinned release now, installed apart (scripts/)."""
    with pytest.raises(SystemExit):
        command_parser().parse_args(["robot", "--stdio", "--level", level])
    assert f"invalid choice: '{level}'" in capsys.readouterr().err


# -- protocol version 2: a seed and layouts with the view ---------------------------------------


def _opening_view() -> Any:
    """A dealer's view where the simple robot opens 1C and the bidding system 1D."""
    game = ContractDeal(Board.random(5, random.Random(5)))
    seat = game.controller
    assert seat is not None
    return seat_view(game, seat)


def _contract_line(**fields: object) -> str:
    return json.dumps({**bridge_json.view_json(_opening_view()), **fields})


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"protocol": 3}, "up to version 2, not 3"),
        ({"protocol": "2"}, "protocol is a version number"),
        ({"protocol": 2, "seed": 1.5}, "seed is a whole number"),
        ({"protocol": 2, "layouts": 0}, "layouts is a whole number, 1 or more"),
        ({"protocol": 2, "layouts": True}, "layouts is a whole number, 1 or more"),
    ],
)
def test_a_malformed_request_is_answered_with_a_sentence(
    fields: dict[str, object], words: str
) -> None:
    answer = stdio_robot().answer(_contract_line(**fields))
    assert answer["type"] == "error" and words in answer["message"]


def test_a_view_with_layouts_is_answered_by_the_robot_thinking_so() -> None:
    """The robot built for the view's seed and layouts answers (one for each pair asked), the
    robot given answers views that say nothing, and a robot that cannot think in layouts
    says so."""
    built: list[tuple[int, int]] = []

    def thinking(seed: int, layouts: int) -> BiddingRobot:
        built.append((seed, layouts))
        return BiddingRobot()

    robot = StdioRobot(SimpleRobot(), BoerenbridgeSimpleRobot(), thinking=thinking)
    view = _opening_view()
    assert SimpleRobot().choose(view) != BiddingRobot().choose(view)
    plain = robot.answer(_contract_line())
    assert plain == bridge_json.action_json(SimpleRobot().choose(view))
    for line in (_contract_line(protocol=2, seed=7, layouts=3), _contract_line(layouts=3, seed=7)):
        assert robot.answer(line) == bridge_json.action_json(BiddingRobot().choose(view))
    robot.answer(_contract_line(protocol=2, layouts=5))
    assert built == [(7, 3), (1, 5)]
    refused = stdio_robot().answer(_contract_line(protocol=2, layouts=5))
    assert "cannot think in a fixed number of layouts" in refused["message"]


def test_a_boerenbridge_view_with_a_seed_is_answered_by_the_robot_of_that_seed() -> None:
    seeds: list[int] = []

    def seeded(seed: int) -> BoerenbridgeStrongRobot:
        seeds.append(seed)
        return BoerenbridgeStrongRobot(seed=seed)

    robot = StdioRobot(SimpleRobot(), BoerenbridgeSimpleRobot(), seeded=seeded)
    game = BoerenbridgeRound.dealt(RoundSetup(4, 0, 2), random.Random(6))
    view = player_view(game, 1)
    line = json.dumps({**boerenbridge_json.view_json(view), "protocol": 2, "seed": 9})
    expected = boerenbridge_json.action_json(BoerenbridgeStrongRobot(seed=9).choose(view))
    assert robot.answer(line) == expected and robot.answer(line) == expected
    assert seeds == [9]


def test_an_external_robot_sends_the_version_the_seed_and_the_layouts() -> None:
    """What a program reads: the view, with `protocol` and what the request asks."""
    echo = (
        "import json, sys; line = json.loads(sys.stdin.readline()); "
        "print(json.dumps({'type': 'error', 'message': "
        "str([line.get(k) for k in ('protocol', 'seed', 'layouts')])}), flush=True); input()"
    )
    with (
        ExternalRobot(_program(echo), timeout=30) as external,
        pytest.raises(ExternalRobotError, match=r"\[2, 5, 8\]"),
    ):
        external.choose(_waiting_view(), Request(seed=5, layouts=8))
    with (
        ExternalRobot(_program(echo), timeout=30) as external,
        pytest.raises(ExternalRobotError, match=r"\[2, None, None\]"),
    ):
        external.choose(_waiting_view())


def test_external_seats_give_each_seat_a_program_of_its_own() -> None:
    game = ContractDeal(Board.random(7, random.Random(7)))
    with ExternalSeats(SIMPLE_STDIO_ROBOT, timeout=60) as seats:
        robot = seats.robot(Request(seed=1, layouts=1))
        play_out(game, dict.fromkeys(Seat, robot))
        assert set(seats.programs) == set(Seat)
        assert len({id(program) for program in seats.programs.values()}) == 4
    assert not seats.programs
    again = ContractDeal(Board.random(7, random.Random(7)))
    play_out(again, dict.fromkeys(Seat, SimpleRobot()))
    assert again.record() == game.record()


# -- an external program that misbehaves ---------------------------------------------------------


def _program(source: str) -> list[str]:
    return [sys.executable, "-c", source]


def _waiting_view() -> Any:
    game = ContractDeal(Board.random(1, random.Random(9)))
    seat = game.controller
    assert seat is not None
    return seat_view(game, seat)


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("import time; time.sleep(30)", "did not answer within"),
        ("pass", "exited without answering"),
        ("input(); print('hello', flush=True); input()", "not JSON"),
        ("input(); print('[1]', flush=True); input()", "not a JSON object"),
        ('input(); print(\'{"type": "nod"}\', flush=True); input()', "not an action"),
        (
            'input(); print(\'{"type": "error", "message": "lost"}\', flush=True); input()',
            "answered an error: lost",
        ),
        (
            'input(); print(\'{"type": "play", "card": "SA"}\', flush=True); input()',
            "not legal here",
        ),
    ],
)
def test_an_external_program_that_misbehaves_is_reported(source: str, words: str) -> None:
    with (
        ExternalRobot(_program(source), timeout=1.5) as external,
        pytest.raises(ExternalRobotError, match=words),
    ):
        external.choose(_waiting_view())


def test_a_program_that_cannot_start_is_reported() -> None:
    with pytest.raises(ExternalRobotError, match="cannot start"):
        ExternalRobot(["/nonexistent/robot-program"]).choose(_waiting_view())
