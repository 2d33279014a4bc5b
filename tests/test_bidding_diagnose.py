"""The diagnosis of the bidding (issue 49): each board off par put in one kind, robots bidding
through the robot protocol, and the head-to-head match of the bidding alone."""

from __future__ import annotations

import random

import pytest

from vaza.analysis import BoardAnalysis, DDTable, Par
from vaza.core import Board, Contract, Seat, Vulnerability
from vaza.core.deal import Deal
from vaza.robots.bidding import BiddingRobot
from vaza.robots.bidding.diagnose import (
    KINDS,
    alone,
    best_contract,
    bid_table,
    by_kind,
    classify,
    head_to_head,
)
from vaza.robots.bidding.measure import analyse_cached, bid_board
from vaza.robots.bidding.measure import main as measure_main

# North–South take ten tricks in hearts and spades, nine in no trump; East–West eight in
# diamonds.  (Declarers N E S W, strains C D H S NT.)
_TABLE = DDTable(
    (
        *(7, 5, 10, 10, 9),  # North
        *(6, 8, 3, 3, 4),  # East
        *(7, 5, 10, 10, 9),  # South
        *(6, 8, 3, 3, 4),  # West
    )
)


def _analysis(par_score: int, vulnerability: Vulnerability = Vulnerability.NONE) -> BoardAnalysis:
    board = Board(Deal.random(), Seat.NORTH, vulnerability)
    return BoardAnalysis(board, _TABLE, Par(par_score, ()))


@pytest.mark.parametrize(
    ("contract", "par", "kind"),
    [
        ("2S N", 420, "missed game"),  # 2♠ making ten
        ("7H S", 420, "failing game or slam"),
        ("3NT N", 420, "wrong strain"),  # a game, where another game scores more
        ("5S N", 420, "failing game or slam"),
        ("2D E", 420, "outbid above a partscore"),  # their 2♦ makes; ours is a game
        ("5D E", 420, "penalty double missed"),  # down three: 150, doubled 500
        ("2DX E", 420, "penalty double wrong"),  # their doubled 2♦ makes eight tricks
        ("4S N", 420, ""),  # par
    ],
)
def test_a_board_off_par_is_put_in_one_kind(contract: str, par: int, kind: str) -> None:
    seats = {"N": Seat.NORTH, "E": Seat.EAST, "S": Seat.SOUTH}
    text, seat = contract.split()
    declarer = seats[seat]
    found = classify(Contract.parse(text, declarer), _analysis(par))
    assert found == kind and (found == "" or found in KINDS)


def test_a_board_passed_out_with_a_game_to_make_is_a_missed_game() -> None:
    assert classify(None, _analysis(420)) == "missed game"
    best = best_contract(_TABLE, Seat.SOUTH.side, Vulnerability.NONE)
    assert best is not None and best.level == 4 and best.declarer.side is Seat.SOUTH.side


def test_robots_bid_through_their_views_as_the_system_bids() -> None:
    board = Board.random(5, random.Random(3))
    robots = {seat: BiddingRobot() for seat in Seat}
    assert bid_table(board, robots).calls == bid_board(board).calls


def test_a_robot_against_itself_wins_nothing() -> None:
    rng = random.Random(4)
    boards = [Board.random(number, rng) for number in range(1, 5)]
    analyses = analyse_cached(boards, None, None)
    match = head_to_head(boards, BiddingRobot, BiddingRobot, analyses)
    assert match.imps == (0, 0, 0, 0)
    results = alone(boards, BiddingRobot, analyses)
    assert sum(by_kind(results).values()) == pytest.approx(
        sum(result.loss for result in results) / 4, abs=0.01
    )


def test_the_measure_diagnoses_and_plays_head_to_head(capsys: pytest.CaptureFixture[str]) -> None:
    measure_main(
        [
            *("--deals", "2", "--seed", "5", "--robot", "standard"),
            *("--diagnose", "quick", "--head-to-head", "quick"),
        ]
    )
    printed = capsys.readouterr().out
    assert '"diagnosis"' in printed and '"head_to_head"' in printed
