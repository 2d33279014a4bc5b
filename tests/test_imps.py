"""The IMP scale: seed 001's table, edge by edge."""

from __future__ import annotations

import pytest

from vaza.scoring.imps import IMP_EDGES, imps

# Seed 001, "Diferença de Pontos / IMP's", copied as printed.
SEED_001_TABLE = """
0 -10 0
20 - 40 1
50 - 80 2
90 - 120 3
130 - 160 4
170 - 210 5
220 - 260 6
270 - 310 7
320 - 360 8
370 - 420 9
430 - 490 10
500 - 590 11
600 - 740 12
750 - 890 13
900 - 1090 14
1100 - 1290 15
1300 - 1490 16
1500 - 1740 17
1750 - 1990 18
2000 - 2240 19
2250 - 2490 20
2500 - 2990 21
3000 - 3490 22
3500 - 3990 23
"""


def seed_ranges() -> list[tuple[int, int, int]]:
    ranges = []
    for row in SEED_001_TABLE.strip().splitlines():
        low, high, value = row.replace("-", " ").split()
        ranges.append((int(low), int(high), int(value)))
    return ranges


@pytest.mark.parametrize(("low", "high", "value"), seed_ranges())
def test_every_range_of_the_seed_table(low: int, high: int, value: int) -> None:
    for difference in range(low, high + 1, 10):
        assert imps(difference) == value
        assert imps(-difference) == -value


def test_four_thousand_and_more_is_24() -> None:
    assert imps(4000) == 24
    assert imps(3990) == 23
    assert imps(7600) == 24
    assert imps(-12000) == -24


def test_the_edges_are_the_ranges_lower_ends() -> None:
    lows = [low for low, _, value in seed_ranges() if value > 0] + [4000]
    assert list(IMP_EDGES) == lows
    for value, edge in enumerate(IMP_EDGES, start=1):
        assert imps(edge) == value
        assert imps(edge - 10) == value - 1


def test_seed_example_fifty_more_than_expected_is_two_imps() -> None:
    assert imps(50) == 2


def test_seed_example_minus_170_follows_the_table_not_the_text() -> None:
    # The seed's text says −170 "loses 3 IMPs"; its table says 170–210 is 5.
    assert imps(-170) == -5


def test_differences_between_printed_ranges_fall_to_the_lower_one() -> None:
    assert imps(15) == 0
    assert imps(45) == 1
    assert imps(-2495) == -20
    assert imps(0) == 0
