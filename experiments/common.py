"""What the Boerenbridge experiments share: four robots of one kind over the seed's matches,
through the same `robot_matches` as `vaza bench robots` (same deals, same robot seeds), and
two runs' figures paired deal by deal."""

import os
import sys
import time
from collections.abc import Callable, Sequence

from vaza.bench.boerenbridge import BoerenbridgePlayer, Series, exact_rate, robot_matches
from vaza.bench.compare import paired_change
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions

OPTIONS = BoerenbridgeOptions()
BUDGET = int(os.environ.get("BUDGET", "40000"))
"""Simulated cards a decision: 40,000, the robot's budget when the figures were taken."""


def exact_bid_rate(make_robot: Callable[[int], BoerenbridgePlayer]) -> dict[str, float]:
    """The exact-bid rate over `argv[1]` matches of seed `argv[2]`."""
    matches, seed = int(sys.argv[1]), int(sys.argv[2])
    started = time.time()
    exact = bids = 0
    for match in robot_matches(Series(matches, seed, OPTIONS), make_robot):
        made, total = exact_rate(match)
        exact += made
        bids += total
    return {"rate": exact / bids, "bids": bids, "seconds": round(time.time() - started)}


def paired(first: Sequence[float], second: Sequence[float], digits: int) -> dict[str, object]:
    """The second run less the first, deal by deal (`vaza.stats.paired_change`): the
    deals, the mean difference and its 95% interval (rounded to `digits`), and the deals that
    differ."""
    mean, (low, high), changed = paired_change(second, first)
    return {
        "deals": len(first),
        "b_less_a": round(mean, digits),
        "ci95": [round(low, digits), round(high, digits)],
        "deals_changed": changed,
    }
