"""Public estimates of the hidden hands: the expected high-card points of each seat given what
the auction has shown.

Each seat's points follow the distribution of a random 13-card hand, cut to the range its
calls showed; the four estimates are then shifted together (each kept inside its range) so that
they add up to the deck's 40.  Only public ranges go in, so every reader of the auction gets
the same numbers: the bidder may rely on partner reckoning with exactly the same figure.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Final

from vaza.robots.baseline.constraints import HandConstraints

_HONOURS: Final = (4, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1)


def _distribution() -> tuple[float, ...]:
    """P(hand has p high-card points), p = 0..37, counted exactly."""
    ways = [[0] * 41 for _ in range(17)]
    ways[0][0] = 1
    for value in _HONOURS:
        for count in range(15, -1, -1):
            for points in range(40 - value, -1, -1):
                if ways[count][points]:
                    ways[count + 1][points + value] += ways[count][points]
    total = comb(52, 13)
    return tuple(
        sum(ways[count][points] * comb(36, 13 - count) for count in range(14)) / total
        for points in range(38)
    )


HCP_DISTRIBUTION: Final = _distribution()


@lru_cache(maxsize=4096)
def range_mean(low: int, high: int) -> float:
    """The expected points of a random hand known to hold `low`..`high`."""
    low, high = max(0, low), min(37, high)
    if low > high:
        return float(low)
    weight = sum(HCP_DISTRIBUTION[low : high + 1])
    if weight <= 0:
        return (low + high) / 2
    return sum(p * HCP_DISTRIBUTION[p] for p in range(low, high + 1)) / weight


def expected_points(known: tuple[HandConstraints, ...]) -> tuple[float, ...]:
    """Each seat's expected high-card points, together summing to 40 where the ranges allow."""
    means = [range_mean(*constraints.hcp) for constraints in known]
    lows = [float(constraints.hcp[0]) for constraints in known]
    highs = [float(constraints.hcp[1]) for constraints in known]
    for _ in range(6):
        gap = 40.0 - sum(means)
        if abs(gap) < 0.05:
            break
        free = [
            i
            for i in range(len(means))
            if (gap > 0 and means[i] < highs[i]) or (gap < 0 and means[i] > lows[i])
        ]
        if not free:
            break
        # A wide range absorbs more of the correction than a narrow one (a range above 24
        # points counts as one point wide, so no width is ever zero).
        widths = {i: max(1.0, min(highs[i], 24.0) - lows[i] + 1.0) for i in free}
        total = sum(widths.values())
        for i in free:
            means[i] = min(highs[i], max(lows[i], means[i] + gap * widths[i] / total))
    return tuple(means)
