"""The baseline: the strong robots of contract bridge and Boerenbridge as they were when issue 18
began, frozen, so every later robot is measured head to head against them (`vaza match --a
strong --b baseline`, `vaza match --game boerenbridge --a strong --b baseline`).

Why a copy.  The strong robot's modules will change; the yardstick must not.  So this package
holds a snapshot of every live robot module the two strong robots decide with
(`robots/bidding/`, `robots/cardplay/` without `measure`, `constraints`, `simple`,
`boerenbridge_strong`, `boerenbridge_facts`, `boerenbridge_playout`): the same files with their
imports pointed here, and nothing else changed, so ``diff -r`` against the live modules (after
the same substitution) shows exactly how the robots have moved on since.  From the live robots
it imports only the `Robot` protocol (`robots/base.py`, which decides nothing); it shares the
rules (`core`), the scores (`scoring`) and the double-dummy solver (`analysis`), which are not a
robot's judgement.  Nothing but `robots/registry.py` imports it, and only when a baseline robot
is asked for.  `tests/test_robot_baseline.py` checks all of this, and that the baseline repeats
the decisions the strong robot made on a fixed set of seeded views at the freeze.

Do not improve these modules: improve the live ones, and measure them against these.  The only
edits allowed here are the ones forced by a change in `core`, `scoring`, `analysis` or the
robot interfaces of `robots/base.py` (a renamed function, a method every table robot must
have), made so that the recorded decisions stay the same.
"""

from __future__ import annotations

from vaza.robots.baseline.bidding import BiddingRobot, infer
from vaza.robots.baseline.boerenbridge_strong import BoerenbridgeStrongRobot
from vaza.robots.baseline.cardplay import CardPlayer


def bridge_robot() -> CardPlayer:
    """The frozen `strong` contract bridge robot, configured as `registry.CONFIGS["strong"]`
    was at the freeze: the bidding system, and card play by double-dummy sampling (it claims
    and answers claims too, as a table robot does)."""
    return CardPlayer(bidder=BiddingRobot(), constraints=infer)


__all__ = ["BiddingRobot", "BoerenbridgeStrongRobot", "CardPlayer", "bridge_robot", "infer"]
