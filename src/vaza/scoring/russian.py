"""IMP "Russian" scoring (PlayOK's IMP Chicago; seed 001).

Each deal is compared with what the stronger pair should score with its high-card points: the
seed's table of expected scores by the pair's combined points (20–40) and vulnerability.  The
difference between the real duplicate score and that expectation, from the stronger pair's side,
becomes IMPs.  With 20 points each the expectation is 0 and the score is taken from
North–South's side.  The rounds are Chicago's: four deals, dealer and vulnerability as Chicago.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from vaza.core.calls import Contract
from vaza.core.cards import Side, Vulnerability
from vaza.scoring.contract import duplicate_score
from vaza.scoring.imps import imps

# Seed 001, "Pontos Esperados no Bridge": expected score by combined points 20..40.
EXPECTED_NOT_VULNERABLE: Final = (
    0, 50, 70, 110, 200, 300, 350, 400, 430, 460, 490,
    600, 700, 900, 1000, 1100, 1200, 1300, 1300, 1300, 1300,
)  # fmt: skip
EXPECTED_VULNERABLE: Final = (
    0, 50, 70, 110, 290, 440, 520, 600, 630, 660, 690,
    900, 1050, 1350, 1500, 1650, 1800, 1950, 1950, 1950, 1950,
)  # fmt: skip


def expected_score(points: int, vulnerable: bool) -> int:
    """What a pair with `points` combined high-card points (20..40) should score."""
    if not 20 <= points <= 40:
        raise ValueError(f"the stronger pair holds 20 to 40 points, not {points}")
    table = EXPECTED_VULNERABLE if vulnerable else EXPECTED_NOT_VULNERABLE
    return table[points - 20]


@dataclass(frozen=True, slots=True)
class RussianResult:
    """One deal under Russian scoring, everything from North–South's side."""

    ns_points: int
    """North–South's combined high-card points."""
    expected: int
    """The stronger pair's expectation, signed from North–South's side."""
    score: int
    """The real duplicate score from North–South's side."""
    ns_imps: int
    """IMPs won (positive) or lost by North–South; East–West have the opposite."""


def russian_deal(
    ns_points: int,
    contract: Contract | None,
    declarer_tricks: int,
    vulnerability: Vulnerability,
) -> RussianResult:
    """Score one deal: `ns_points` of the 40, the contract (None if passed out) and tricks."""
    if not 0 <= ns_points <= 40:
        raise ValueError(f"North–South hold 0 to 40 points, not {ns_points}")
    stronger = Side.NS if ns_points >= 20 else Side.EW
    points = ns_points if stronger is Side.NS else 40 - ns_points
    expectation = expected_score(points, vulnerability.is_vulnerable(stronger))
    if stronger is Side.EW:
        expectation = -expectation
    score = 0
    if contract is not None:
        declarer_side = contract.declarer.side
        score = duplicate_score(
            contract, declarer_tricks, vulnerability.is_vulnerable(declarer_side)
        )
        if declarer_side is Side.EW:
            score = -score
    return RussianResult(ns_points, expectation, score, imps(score - expectation))
