"""Robot configurations by name, for tables, `vaza match`, `vaza robot` and the benchmarks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.core.games.contract import BridgeAction
from vaza.core.views import TableView
from vaza.robots.base import BoerenbridgeRobot, TableRobot
from vaza.robots.bidding import BiddingRobot, infer
from vaza.robots.bidding.bidder import system_call
from vaza.robots.boerenbridge_simple import BoerenbridgeSimpleRobot
from vaza.robots.boerenbridge_strong import BoerenbridgeStrongRobot
from vaza.robots.cardplay.player import CardPlayer
from vaza.robots.judged_bidding import JudgingBidder
from vaza.robots.simple import SimpleRobot

Robot = TableRobot[TableView, BridgeAction]
"""A contract bridge robot for a seat at a table (every configuration below is one)."""


def _simple() -> Robot:
    return SimpleRobot()


def _standard() -> Robot:
    """The documented bidding system, with simple card play."""
    return BiddingRobot(card_player=SimpleRobot())


def _strong() -> Robot:
    """The bidding system, judging by simulation the calls that place the contract where our
    side bids alone (`judged_bidding.JudgingBidder`, `JUDGE_BUDGET_MS` a judged call at most),
    and card play by sampling the hidden hands consistently with the auction and the play,
    each sample solved double dummy (`CARD_BUDGET_MS` a card at most)."""
    return CardPlayer(bidder=JudgingBidder(), constraints=infer, caller=system_call)


QUICK_BUDGET_MS: Final = 150.0


def _quick() -> Robot:
    """As strong, but bidding the system without judging, and thinking at most
    `QUICK_BUDGET_MS` a card."""
    return CardPlayer(
        bidder=BiddingRobot(),
        constraints=infer,
        caller=system_call,
        budget_ms=QUICK_BUDGET_MS,
        max_samples=48,
    )


def _baseline() -> Robot:
    """The strong robot frozen as it was when issue 18 began (`robots/baseline/`): the
    yardstick every later robot is measured against."""
    from vaza.robots.baseline import bridge_robot  # noqa: PLC0415 - only when one is asked for

    return bridge_robot()


CONFIGS: Final[dict[str, Callable[[], Robot]]] = {
    "simple": _simple,
    "standard": _standard,
    "quick": _quick,
    "strong": _strong,
    "baseline": _baseline,
}
"""Name → a new robot (each seat gets its own)."""

BoerenbridgeFactory = Callable[[BoerenbridgeOptions, int], BoerenbridgeRobot]
"""(the table's scoring options, which every player knows; a seed for the robot's random
draws) → a new Boerenbridge robot."""


def _boerenbridge_baseline(options: BoerenbridgeOptions, seed: int) -> BoerenbridgeRobot:
    """The strong Boerenbridge robot frozen with the contract bridge one."""
    from vaza.robots.baseline import boerenbridge_strong  # noqa: PLC0415 - as for _baseline

    return boerenbridge_strong.BoerenbridgeStrongRobot(options, seed=seed)


BOERENBRIDGE_CONFIGS: Final[dict[str, BoerenbridgeFactory]] = {
    "simple": lambda options, seed: BoerenbridgeSimpleRobot(),
    "strong": lambda options, seed: BoerenbridgeStrongRobot(options, seed=seed),
    "baseline": _boerenbridge_baseline,
}
"""Name → a new Boerenbridge robot (the simple one has no random draws; the seed is unused)."""

DEFAULT_ROBOT: Final = "strong"
"""The configuration every table, command and protocol seats unless told otherwise: the
strongest (issue 18)."""

_table_robot = DEFAULT_ROBOT


def set_table_robot(name: str) -> None:
    """The robot contract bridge tables seat in this process (`vaza serve --robots`)."""
    global _table_robot  # noqa: PLW0603 - one setting for the process, set at start
    if name not in CONFIGS:
        raise KeyError(f"no robot configuration {name!r}: choose one of {', '.join(CONFIGS)}")
    _table_robot = name


def thinking(name: str) -> str:
    """How long a configuration thinks at most a card, for a command's help: read from a robot
    it builds, so the help cannot drift from the factory."""
    budget = getattr(robot(name), "budget_ms", None)
    return "instant" if budget is None else f"up to {budget / 1000:g} s a card"


def table_robot() -> Robot:
    return CONFIGS[_table_robot]()


def robot(name: str) -> Robot:
    factory = CONFIGS.get(name)
    if factory is None:
        raise KeyError(f"no robot configuration {name!r}: choose one of {', '.join(CONFIGS)}")
    return factory()


def boerenbridge_robot(
    name: str, options: BoerenbridgeOptions | None = None, seed: int = 0
) -> BoerenbridgeRobot:
    factory = BOERENBRIDGE_CONFIGS.get(name)
    if factory is None:
        raise KeyError(
            f"no Boerenbridge robot {name!r}: choose one of {', '.join(BOERENBRIDGE_CONFIGS)}"
        )
    return factory(options if options is not None else BoerenbridgeOptions(), seed)
