from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import pytest

from vaza.bench.boerenbridge_compare import Rounds, play_round
from vaza.bench.boerenbridge_compare import compare as boerenbridge_compare
from vaza.bench.compare import Comparison, compare, interval95, paired_change
from vaza.cli import main
from vaza.commands import match as match_command
from vaza.core.cards import SEATS, Side
from vaza.core.deal import Board, make_rng
from vaza.core.games.boerenbridge import RoundDeal
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup
from vaza.core.games.contract import ContractDeal
from vaza.robots.driver import play_out
from vaza.robots.external import ExternalSeats, command_words, is_command
from vaza.robots.registry import BOERENBRIDGE_CONFIGS, CONFIGS, Thinking
from vaza.robots.stdio import Request
from vaza.scoring.boerenbridge import round_scores


def test_a_configuration_against_itself_is_even_on_average() -> None:
    result = compare(CONFIGS["simple"], CONFIGS["simple"], boards=30, seed=4)
    low, high = result.interval
    assert low <= 0 <= high
    assert len(result.imps) == 30


def test_the_interval_narrows_with_agreement() -> None:
    assert Comparison(3, (2, 2, 2)).interval == (2.0, 2.0)
    assert Comparison(1, (5,)).as_dict()["imps_per_board"] == 5


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--boards", "12", "--seed", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["boards"] == 12 and figures["a"] == "standard" and figures["b"] == "simple"
    assert figures["game"] == "contract"
    low, high = figures["ci95"]
    assert low <= figures["imps_per_board"] <= high


def test_a_robot_is_a_configuration_or_a_command() -> None:
    parser = argparse.ArgumentParser(prog="vaza")
    match_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["match", "--a", "strong", "--b", "/opt/vaza/bin/vaza robot --stdio"])
    assert (args.game, args.a, args.b) == ("contract", "strong", "/opt/vaza/bin/vaza robot --stdio")
    args = parser.parse_args(["match", "--game", "boerenbridge", "--deals", "4"])
    assert (args.game, args.boards, args.a, args.b) == ("boerenbridge", 4, None, None)
    assert is_command("/opt/robot") and is_command("robot --stdio") and not is_command("strong")


@pytest.mark.parametrize("game", ["contract", "boerenbridge"])
def test_the_baseline_in_the_package_is_gone_and_says_where_it_went(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["match", "--game", game, "--b", "baseline", "--boards", "1"]) == 2
    assert "scripts/install-baseline.sh" in capsys.readouterr().err


ROBOT_PROGRAM = f"{sys.executable} -m vaza.commands.robot --stdio"


def test_a_program_seated_through_the_protocol_plays_as_the_robot_in_process(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The same robot as a program (`vaza robot --stdio`, one a seat, told the seed and the
    layouts with each view) and in process: the same match, board for board, every time."""
    argv = ["match", "--a", "standard", "--boards", "2", "--seed", "6", "--layouts", "2"]
    assert main([*argv, "--b", "quick", "--json"]) == 0
    in_process = json.loads(capsys.readouterr().out)
    runs = []
    for _ in range(2):
        assert main([*argv, "--b", f"{ROBOT_PROGRAM} --level quick", "--json"]) == 0
        runs.append(json.loads(capsys.readouterr().out))
    assert runs[0] == runs[1]
    assert {**runs[0], "b": "quick"} == in_process


def test_a_boerenbridge_program_is_told_each_robot_s_seed() -> None:
    """Each Boerenbridge robot of a match draws from a seed of its own: a program is told it
    with every view, and plays as the robot in process."""
    strong = BOERENBRIDGE_CONFIGS["strong"]
    in_process = boerenbridge_compare(strong, strong, Rounds(1, 4, hand_size=2))
    with ExternalSeats(command_words(ROBOT_PROGRAM)) as seats:
        through = boerenbridge_compare(
            strong,
            lambda options, seed: seats.robot(Request(seed=seed)),
            Rounds(1, 4, hand_size=2),
        )
    assert through == in_process


def test_a_program_that_cannot_start_is_said_so(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--b", "/nonexistent/robot --stdio", "--boards", "1", "--seed", "1"]
    assert main(argv) == 1
    assert "cannot start '/nonexistent/robot'" in capsys.readouterr().err


# -- Boerenbridge ------------------------------------------------------------------------------


def test_a_boerenbridge_robot_against_itself_scores_exactly_even() -> None:
    """Each robot holds every seat's cards once a pair, drawing from that seat's seed at both
    tables: two copies of one robot play both tables alike, so nothing but the robots can
    make a difference."""
    strong = BOERENBRIDGE_CONFIGS["strong"]
    result = boerenbridge_compare(strong, strong, Rounds(6, 5, hand_size=4))
    assert [deal.difference for deal in result.deals] == [0.0] * 6
    assert result.interval == (0.0, 0.0)
    figures = result.as_dict()
    assert figures["a_exact_rate"] == figures["b_exact_rate"]
    assert figures["a_points_per_hand"] == figures["b_points_per_hand"] > 0


def test_two_boerenbridge_robots_each_play_every_seat_of_a_deal() -> None:
    """Strong against simple: each pair's points are the two tables' scores split by seat, A
    holding players 0 and 2 at the first table and 1 and 3 at the second."""
    a, b = BOERENBRIDGE_CONFIGS["strong"], BOERENBRIDGE_CONFIGS["simple"]
    result = boerenbridge_compare(a, b, Rounds(3, 8, hand_size=5))
    rng = make_rng(8)
    for number, paired in enumerate(result.deals):
        setup = RoundSetup(4, number % 4, 5)
        dealt = RoundDeal.shuffle(setup, rng)
        seeds = [rng.getrandbits(32) for _ in range(4)]
        options = BoerenbridgeOptions()
        first = play_round(setup, dealt, [(a, b)[p % 2](options, seeds[p]) for p in range(4)])
        second = play_round(setup, dealt, [(b, a)[p % 2](options, seeds[p]) for p in range(4)])
        one, two = round_scores(first, options), round_scores(second, options)
        assert paired.a_points == one[0] + one[2] + two[1] + two[3]
        assert paired.b_points == one[1] + one[3] + two[0] + two[2]
        assert paired.difference == (paired.a_points - paired.b_points) / 4


def test_the_boerenbridge_match_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--game", "boerenbridge", "--deals", "2", "--seed", "1"]
    assert main([*argv, "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert (figures["game"], figures["a"], figures["b"]) == ("boerenbridge", "strong", "simple")
    assert (figures["deals"], figures["players"], figures["cards"]) == (2, 4, 7)
    low, high = figures["ci95"]
    assert low <= figures["points_per_hand"] <= high


def test_a_robot_the_game_does_not_have_is_refused_with_a_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["match", "--game", "boerenbridge", "--a", "quick", "--deals", "1"]) == 2
    assert "boerenbridge has no robot 'quick': choose simple, strong, or give the command" in (
        capsys.readouterr().err
    )


def test_the_boerenbridge_match_explains_its_points() -> None:
    """Beside the points: each robot's exact bids and 0 bids over the same hands, how the two
    bid each hand, and each one's exact bids at a table of three random players."""
    a, b = BOERENBRIDGE_CONFIGS["strong"], BOERENBRIDGE_CONFIGS["simple"]
    result = boerenbridge_compare(a, b, Rounds(4, 2, hand_size=3))
    hands = result.hands
    assert len(hands) == 16
    figures = result.as_dict()
    assert figures["a_exact"]["rate"] == figures["a_exact_rate"]  # type: ignore[index]
    zero = sum(hand.b_bid == 0 for hand in hands) / 16
    assert figures["b_zero_bid_share"]["rate"] == round(zero, 3)  # type: ignore[index]
    same = figures["same_hand"]
    assert isinstance(same, dict)
    assert sum(group["share"] for group in same.values()) == pytest.approx(1.0, abs=0.002)
    for key in ("a_exact_vs_random", "b_exact_vs_random"):
        low, high = figures[key]["ci95"]  # type: ignore[index]
        assert low <= figures[key]["rate"] <= high  # type: ignore[index]


def test_a_robot_against_random_players_is_the_same_robot_at_both_tables() -> None:
    """The random players draw alike for A and B, so one robot against itself is exactly even
    there too."""
    strong = BOERENBRIDGE_CONFIGS["strong"]
    result = boerenbridge_compare(strong, strong, Rounds(4, 3, hand_size=3))
    assert all(d.a_exact_vs_random == d.b_exact_vs_random for d in result.deals)
    assert all(hand.a_bid == hand.b_bid for hand in result.hands)


# -- matches that repeat, compared board by board -----------------------------------------------


def _play_record(thinking: Thinking, board: Board) -> list[object]:
    """Every call and card of one table, strong North–South against quick."""
    robots = {
        seat: CONFIGS["strong" if seat.side is Side.NS else "quick"](thinking) for seat in SEATS
    }
    actions: list[object] = []
    play_out(ContractDeal(board), robots, lambda seat, action: actions.append((seat, action)))
    return actions


def test_robots_that_weigh_a_fixed_number_of_layouts_play_a_board_again_alike() -> None:
    """With `Thinking` the strong robot and the quick one weigh exactly that many layouts a
    decision, drawn from a seed and what the seat sees: a board played twice is played alike,
    call for call and card for card, which is what lets two matches pair board by board."""
    board = Board.random(1, make_rng(11))
    first = _play_record(Thinking(layouts=2), board)
    assert len(first) > 52
    assert _play_record(Thinking(layouts=2), board) == first


def test_a_match_saved_and_played_again_changes_no_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "a.json"
    argv = ["match", "--boards", "6", "--seed", "3", "--layouts", "2", "--json"]
    assert main([*argv, "--save", str(saved)]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main([*argv, "--against", str(saved)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["against"] == {
        "a": "standard",
        "change_imps_per_board": 0.0,
        "change_ci95": [0.0, 0.0],
        "boards_changed": 0,
    }
    assert {key: again[key] for key in first} == first


def test_the_change_against_a_saved_match_is_counted_board_by_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "a.json"
    argv = ["match", "--boards", "4", "--seed", "5", "--json"]
    assert main([*argv, "--save", str(saved)]) == 0
    imps = json.loads(saved.read_text())["imps"]
    capsys.readouterr()
    base = json.loads(saved.read_text())
    base["imps"] = [imps[0] - 6, *imps[1:3], imps[3] + 2]
    saved.write_text(json.dumps(base))
    assert main([*argv, "--against", str(saved)]) == 0
    change = json.loads(capsys.readouterr().out)["against"]
    assert change["change_imps_per_board"] == 1.0  # (+6 - 2) / 4
    assert change["boards_changed"] == 2
    assert paired_change([3, 1], [1, 1]) == (1.0, interval95([2.0, 0.0]), 1)


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--layouts", "4"], "need --seed"),
        (["--seed", "1", "--against", "missing.json"], "cannot read"),
        (["--seed", "1", "--save", "nowhere/a.json"], "folder does not exist"),
        (["--seed", "1", "--game", "boerenbridge", "--save", "a.json"], "contract bridge"),
    ],
)
def test_a_match_that_cannot_repeat_or_pair_is_refused_with_a_sentence(
    extra: list[str], said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    extra = [str(tmp_path / item) if item.endswith(".json") else item for item in extra]
    assert main(["match", "--boards", "2", *extra]) == 2
    assert said in capsys.readouterr().err
    assert not any(tmp_path.iterdir())  # nothing was played, so nothing was written


def test_a_match_of_other_boards_is_not_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "a.json"
    assert main(["match", "--boards", "3", "--seed", "5", "--json", "--save", str(saved)]) == 0
    assert main(["match", "--boards", "3", "--seed", "6", "--against", str(saved)]) == 2
    assert "not a match of the same boards" in capsys.readouterr().err


def test_a_club_cannot_seat_the_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    """`vaza serve --robots baseline` is refused before anything starts: the baseline is a
    release installed apart, seated only in matches."""
    with pytest.raises(SystemExit) as stopped:
        main(["serve", "--robots", "baseline"])
    assert stopped.value.code == 2
    assert "invalid choice: 'baseline'" in capsys.readouterr().err
