"""Robot configurations by name, for tables, `vaza match`, `vaza robot` and the benchmarks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol

from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.core.games.contract import BridgeAction
from vaza.core.views import TableView
from vaza.robots.base import BoerenbridgeRobot, TableRobot
from vaza.robots.bidding import BiddingRobot, infer
from vaza.robots.boerenbridge_simple import BoerenbridgeSimpleRobot
from vaza.robots.boerenbridge_strong import BoerenbridgeStrongRobot
from vaza.robots.cardplay.player import CardPlayer, CardSettings
from vaza.robots.judged_bidding import JudgeSettings, JudgingBidder
from vaza.robots.simple import SimpleRobot

Robot = TableRobot[TableView, BridgeAction]
"""A contract bridge robot for a seat at a table (every configuration below is one)."""


@dataclass(frozen=True, slots=True)
class Thinking:
    """A robot that repeats itself: every sampling decision (a card, a judged call) weighs
    exactly `layouts` layouts, drawn from `seed` and what the seat sees, with no clock. Two
    matches of such robots on the same boards are alike wherever the robots choose alike, so
    they can be compared board by board (`vaza match --layouts`)."""

    layouts: int
    seed: int = 1

    def __post_init__(self) -> None:
        if self.layouts < 1:
            raise ValueError("a robot needs at least one layout to think about")


class RobotFactory(Protocol):
    """A configuration: a new robot, thinking against its clock or as `thinking` says."""

    def __call__(self, thinking: Thinking | None = None) -> Robot: ...


def _card_settings(thinking: Thinking | None, default: CardSettings) -> CardSettings:
    """A card player's settings for `thinking` (exactly its layouts), else `default`."""
    return default if thinking is None else CardSettings.fixed(thinking.layouts)


def _simple(thinking: Thinking | None = None) -> Robot:
    return SimpleRobot()


def _standard(thinking: Thinking | None = None) -> Robot:
    """The documented bidding system, with simple card play."""
    return BiddingRobot(card_player=SimpleRobot())


def _strong(thinking: Thinking | None = None) -> Robot:
    """The bidding system, judging by simulation the calls that place the contract where our
    side bids alone (`judged_bidding.JudgingBidder`, `JUDGE_LAYOUTS` layouts a judged call),
    and card play by sampling the hidden hands consistently with the auction and the play,
    each sample solved double dummy (`CardSettings`' layouts a card)."""
    bidder = (
        JudgingBidder()
        if thinking is None
        else JudgingBidder(
            settings=JudgeSettings(layouts=thinking.layouts),
            seed=thinking.seed,
        )
    )
    return CardPlayer(
        settings=_card_settings(thinking, CardSettings()),
        bidder=bidder,
        constraints=infer,
        seed=None if thinking is None else thinking.seed,
    )


QUICK_LAYOUTS: Final = 6
"""The quick robot's layouts a card at most (half the strong robot's)."""


def _quick(thinking: Thinking | None = None) -> Robot:
    """As strong, but bidding the system without judging, and weighing at most
    `QUICK_LAYOUTS` layouts a card."""
    quick = CardSettings(QUICK_LAYOUTS, QUICK_LAYOUTS, 2 * QUICK_LAYOUTS)
    return CardPlayer(
        settings=_card_settings(thinking, quick),
        bidder=BiddingRobot(),
        constraints=infer,
        seed=None if thinking is None else thinking.seed,
    )


CONFIGS: Final[dict[str, RobotFactory]] = {
    "simple": _simple,
    "standard": _standard,
    "quick": _quick,
    "strong": _strong,
}
"""Name → a new robot (each seat gets its own).  The yardstick the strong robot is measured
against is not here: it is a pinned release of Vaza, installed apart by
scripts/install-baseline.sh and seated through the robot protocol (`vaza match --b COMMAND`)."""

BoerenbridgeFactory = Callable[[BoerenbridgeOptions, int], BoerenbridgeRobot]
"""(the table's scoring options, which every player knows; a seed for the robot's random
draws) → a new Boerenbridge robot."""


BOERENBRIDGE_CONFIGS: Final[dict[str, BoerenbridgeFactory]] = {
    "simple": lambda options, seed: BoerenbridgeSimpleRobot(),
    "strong": lambda options, seed: BoerenbridgeStrongRobot(options, seed=seed),
}
"""Name → a new Boerenbridge robot (the simple one has no random draws; the seed is unused)."""

DEFAULT_ROBOT: Final = "strong"
"""The configuration every table, command and protocol seats unless told otherwise: the
strongest (issue 18)."""

_table_robot = DEFAULT_ROBOT
_table_thinking: Thinking | None = None


def set_table_robot(name: str, thinking: Thinking | None = None) -> None:
    """The robot contract bridge tables seat in this process (`vaza serve --robots`), thinking
    as `thinking` says (`--layouts`, `--robot-seed`) or as the configuration does."""
    global _table_robot, _table_thinking  # one setting for the process, set at start
    if name not in CONFIGS:
        raise KeyError(f"no robot configuration {name!r}: choose one of {', '.join(CONFIGS)}")
    _table_robot, _table_thinking = name, thinking


def thinking(name: str) -> str:
    """How much a configuration thinks at most a card, for a command's help: read from a robot
    it builds, so the help cannot drift from the factory."""
    settings = getattr(robot(name), "settings", None)
    if not isinstance(settings, CardSettings):
        return "instant"
    return f"up to {settings.max_samples} layouts a card"


def table_robot() -> Robot:
    return CONFIGS[_table_robot](_table_thinking)


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
