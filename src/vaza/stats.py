"""The 95% intervals every head-to-head figure is reported with (`vaza match`, the robots'
benchmarks and measures): one place, so that every figure means the same thing."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def interval95(values: Sequence[float]) -> tuple[float, float]:
    """The 95% confidence interval of the mean of `values` (normal approximation)."""
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return (mean, mean)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return (mean - half, mean + half)


def paired_change(
    values: Sequence[float], base: Sequence[float]
) -> tuple[float, tuple[float, float], int]:
    """How far `values` moved from `base`'s on the same boards, board by board: the mean
    change, its 95% interval, and how many boards changed at all."""
    if len(values) != len(base):
        raise ValueError(f"the base has {len(base)} boards, this run {len(values)}")
    changes = [float(mine - theirs) for mine, theirs in zip(values, base, strict=True)]
    mean = statistics.fmean(changes) if changes else 0.0
    return mean, interval95(changes), sum(1 for change in changes if change)
