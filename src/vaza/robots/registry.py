"""Robot configurations by name, for tables, `vaza match` and the benchmarks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from vaza.core.games.contract import BridgeAction
from vaza.core.views import TableView
from vaza.robots.base import TableRobot
from vaza.robots.bidding import BiddingRobot, infer
from vaza.robots.cardplay import CardPlayer
from vaza.robots.simple import SimpleRobot

Robot = TableRobot[TableView, BridgeAction]
"""A contract bridge robot for a seat at a table (every configuration below is one)."""


def _simple() -> Robot:
    return SimpleRobot()


def _standard() -> Robot:
    """The documented bidding system, with simple card play."""
    return BiddingRobot(card_player=SimpleRobot())


def _strong() -> Robot:
    """The bidding system, and card play by sampling the hidden hands consistently with the
    auction and the play, each sample solved double dummy (0.65 s a card at most)."""
    return CardPlayer(bidder=BiddingRobot(), constraints=infer)


def _quick() -> Robot:
    """As strong, thinking at most 0.15 s a card."""
    return CardPlayer(bidder=BiddingRobot(), constraints=infer, budget_ms=150.0, max_samples=48)


CONFIGS: Final[dict[str, Callable[[], Robot]]] = {
    "simple": _simple,
    "standard": _standard,
    "quick": _quick,
    "strong": _strong,
}
"""Name → a new robot (each seat gets its own)."""

_table_robot = "standard"


def set_table_robot(name: str) -> None:
    """The robot contract bridge tables seat in this process (`vaza serve --robots`)."""
    global _table_robot  # noqa: PLW0603 - one setting for the process, set at start
    if name not in CONFIGS:
        raise KeyError(f"no robot configuration {name!r}: choose one of {', '.join(CONFIGS)}")
    _table_robot = name


def table_robot() -> Robot:
    return CONFIGS[_table_robot]()


def robot(name: str) -> Robot:
    factory = CONFIGS.get(name)
    if factory is None:
        raise KeyError(f"no robot configuration {name!r}: choose one of {', '.join(CONFIGS)}")
    return factory()
