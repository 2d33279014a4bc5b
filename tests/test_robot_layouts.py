"""Robots think in layouts, not seconds (issue 48): `vaza serve --robots --layouts --robot-seed`
seats robots that weigh exactly that many layouts, drawn from that seed, at every table."""

from __future__ import annotations

from vaza.cli import build_parser as command_parser
from vaza.robots.cardplay import CardPlayer, CardSettings
from vaza.robots.cardplay.player import CARD_LAYOUTS
from vaza.robots.registry import Thinking, set_table_robot, table_robot, thinking


def test_serve_seats_robots_of_the_layouts_and_seed_asked_for() -> None:
    args = command_parser().parse_args(
        ["serve", "--robots", "quick", "--layouts", "6", "--robot-seed", "9"]
    )
    assert (args.robots, args.layouts, args.robot_seed) == ("quick", 6, 9)
    try:
        set_table_robot(args.robots, Thinking(args.layouts, args.robot_seed))
        robot = table_robot()
        assert isinstance(robot, CardPlayer)
        assert robot.settings == CardSettings.fixed(6) and robot.seed == 9
    finally:
        set_table_robot("standard")  # the suite's own (conftest.py)
    plain = command_parser().parse_args(["serve"])
    assert plain.layouts is None


def test_the_strong_robot_weighs_its_layouts_and_says_so() -> None:
    assert thinking("strong") == f"up to {CARD_LAYOUTS} layouts a card"
    assert thinking("simple") == "instant"
