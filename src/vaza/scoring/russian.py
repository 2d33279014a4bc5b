"""IMP "Russian" scoring (PlayOK's IMP Chicago; seed 001).

Each deal is compared with what the stronger pair should score with its high-card points: the
seed's table of expected scores by the pair's combined points (20–40) and vulnerability.  The
difference between the real duplicate score and that expectation, from the stronger pair's side,
becomes IMPs.  With 20 points each the expectation is 0 and the score is taken from
North–South's side.  The rounds are Chicago's: four deals, dealer and vulnerability as Chicago.

The seed's own example says a difference of −170 "loses 3 IMPs", but its table (and the WBF
scale) gives 5 for 170–210; Vaza follows the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side, Vulnerability
from vaza.core.errors import ParseError
from vaza.scoring.chicago import DEALS, SEEDS_CYCLE
from vaza.scoring.contract import duplicate_score
from vaza.scoring.imps import imps
from vaza.scoring.sheet import (
    DealContext,
    Entry,
    EntryKind,
    PadDeal,
    PadRules,
    PassedOut,
    ScoredDeal,
    Sheet,
    new_sheet,
)

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


def russian_compare(ns_points: int, ns_score: int, vulnerability: Vulnerability) -> RussianResult:
    """Compare North–South's real score on a deal with the stronger pair's expectation."""
    if not 0 <= ns_points <= 40:
        raise ValueError(f"North–South hold 0 to 40 points, not {ns_points}")
    stronger = Side.NS if ns_points >= 20 else Side.EW
    points = ns_points if stronger is Side.NS else 40 - ns_points
    expectation = expected_score(points, vulnerability.is_vulnerable(stronger))
    if stronger is Side.EW:
        expectation = -expectation
    return RussianResult(ns_points, expectation, ns_score, imps(ns_score - expectation))


def russian_deal(
    ns_points: int,
    contract: Contract | None,
    declarer_tricks: int,
    vulnerability: Vulnerability,
) -> RussianResult:
    """Score one deal: `ns_points` of the 40, the contract (None if passed out) and tricks.

    A passed-out deal scores 0, so the stronger pair loses its whole expectation.
    """
    score = 0
    if contract is not None:
        declarer_side = contract.declarer.side
        score = duplicate_score(
            contract, declarer_tricks, vulnerability.is_vulnerable(declarer_side)
        )
        if declarer_side is Side.EW:
            score = -score
    return russian_compare(ns_points, score, vulnerability)


def imps_entries(rules: PadRules, deal: PadDeal, context: DealContext) -> ScoredDeal:
    """The pad's scoring hook: one entry of IMPs for the side that gained them.

    A deal stopped by a revoke (seed 000's house rule) is worth the revoke penalty to the
    opponents, and that score is compared with the expectation like any other.
    """
    if deal.ns_hcp is None:
        raise ParseError(
            "Russian scoring needs North–South's combined high-card points for every deal"
        )
    if deal.revoke is not None:
        penalty = rules.revoke_penalty
        result = russian_compare(
            deal.ns_hcp, penalty if deal.revoke is Side.EW else -penalty, context.vulnerability
        )
    else:
        result = russian_deal(
            deal.ns_hcp, deal.contract, deal.declarer_tricks or 0, context.vulnerability
        )
    entries: tuple[Entry, ...] = ()
    if result.ns_imps:
        side = Side.NS if result.ns_imps > 0 else Side.EW
        entries = (Entry(side, abs(result.ns_imps), EntryKind.IMPS, context.number),)
    details = (
        ("ns_hcp", result.ns_points),
        ("expected", result.expected),
        ("score", result.score),
        ("ns_imps", result.ns_imps),
    )
    return ScoredDeal(entries, details)


def russian_rules(
    cycle: tuple[Vulnerability, ...] = SEEDS_CYCLE, passed_out: PassedOut = PassedOut.REDEAL
) -> PadRules:
    """Chicago rounds scored in IMPs.  Seed 001: "the other rules are exactly Chicago's", so a
    passed-out deal is dealt again by default; `PassedOut.COUNTS` scores it 0 against the
    expectation instead, as a passed-out board at duplicate."""
    return PadRules(
        name="russian",
        score_deal=imps_entries,
        unit="imps",
        honours=False,
        carry_partscores=False,
        games_to_win=None,
        deals_per_round=DEALS,
        vulnerability_cycle=cycle,
        rubber_bonus=(0,),
        unfinished_game=0,
        unfinished_partscore=0,
        passed_out=passed_out,
    )


RUSSIAN = russian_rules()


def new_russian_round(rules: PadRules = RUSSIAN) -> Sheet:
    return new_sheet(rules, Seat.NORTH)


__all__ = [
    "EXPECTED_NOT_VULNERABLE",
    "EXPECTED_VULNERABLE",
    "RUSSIAN",
    "RussianResult",
    "expected_score",
    "imps_entries",
    "new_russian_round",
    "russian_compare",
    "russian_deal",
    "russian_rules",
]
