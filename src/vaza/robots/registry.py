"""Robot configurations by name, for tables, `vaza match` and the benchmarks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from vaza.robots.base import Robot
from vaza.robots.bidding import BiddingRobot
from vaza.robots.simple import SimpleRobot


def _simple() -> Robot:
    return SimpleRobot()


def _standard() -> Robot:
    """The documented bidding system, with simple card play."""
    return BiddingRobot(card_player=SimpleRobot())


CONFIGS: Final[dict[str, Callable[[], Robot]]] = {
    "simple": _simple,
    "standard": _standard,
}
"""Name → a new robot (each seat gets its own)."""


def robot(name: str) -> Robot:
    factory = CONFIGS.get(name)
    if factory is None:
        raise KeyError(f"no robot configuration {name!r}: choose one of {', '.join(CONFIGS)}")
    return factory()
