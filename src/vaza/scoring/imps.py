"""The international match point scale (WBF; the table of seed 001).

A difference in points becomes IMPs by counting the scale's lower edges it reaches: 0–10 is
0 IMPs, 20–40 is 1, … 4000 and more is 24.  Differences between the printed ranges (15, say,
from averaged scores) fall to the lower range.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Final

IMP_EDGES: Final = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""The lowest difference worth 1, 2, … 24 IMPs."""


def imps(difference: float) -> int:
    """IMPs for a difference in points, with its sign."""
    value = bisect_right(IMP_EDGES, abs(difference))
    return value if difference >= 0 else -value
