from __future__ import annotations

import random

import pytest

from vaza.core import Board, ContractDeal, Seat, seat_view
from vaza.robots import SimpleRobot
from vaza.robots.driver import play_out


@pytest.mark.parametrize("seed", range(40))
def test_simple_robots_play_legal_deals_to_the_end(seed: int) -> None:
    rng = random.Random(seed)
    game = ContractDeal(Board.random(seed % 16 + 1, rng))
    seen: list[Seat] = []
    play_out(game, dict.fromkeys(Seat, SimpleRobot()), lambda seat, _: seen.append(seat))
    assert game.is_over and game.result is not None
    contract = game.contract
    if contract is not None:
        assert contract.dummy not in seen[len(game.auction.calls) :]  # declarer plays dummy


def test_a_robot_only_chooses_among_its_views_legal_actions() -> None:
    rng = random.Random(5)
    robot = SimpleRobot()
    for _ in range(30):
        game = ContractDeal(Board.random(1, rng))
        while not game.is_over:
            seat = game.controller
            assert seat is not None
            view = seat_view(game, seat)
            action = robot.choose(view)
            assert action in view.legal_actions
            game.apply(action, by=seat)


def test_the_robot_refuses_to_act_without_choices() -> None:
    game = ContractDeal(Board.random(1, random.Random(1)))
    with pytest.raises(ValueError, match="nothing to choose"):
        SimpleRobot().choose(seat_view(game, Seat.EAST))
