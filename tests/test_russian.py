"""IMP "Russian" scoring (seed 001): each deal against the stronger pair's expectation."""

from __future__ import annotations

from dataclasses import replace

import pytest

from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side, Vulnerability
from vaza.core.errors import ParseError
from vaza.scoring.chicago import DEALER_CYCLE
from vaza.scoring.contract import duplicate_score
from vaza.scoring.imps import imps
from vaza.scoring.russian import (
    RUSSIAN,
    RussianResult,
    expected_score,
    new_russian_round,
    russian_compare,
    russian_deal,
    russian_rules,
)
from vaza.scoring.sheet import EntryKind, PadDeal, PassedOut, Sheet, add

# Seed 001, "Pontos Esperados no Bridge", copied as printed: points, not vulnerable, vulnerable.
SEED_001_EXPECTED = """
20 0 0
21 50 50
22 70 70
23 110 110
24 200 290
25 300 440
26 350 520
27 400 600
28 430 630
29 460 660
30 490 690
31 600 900
32 700 1050
33 900 1350
34 1000 1500
35 1100 1650
36 1200 1800
37 1300 1950
38 1300 1950
39 1300 1950
40 1300 1950
"""
ROWS = [tuple(int(n) for n in row.split()) for row in SEED_001_EXPECTED.strip().splitlines()]


@pytest.mark.parametrize(("points", "not_vulnerable", "vulnerable"), ROWS)
def test_the_expectation_table_by_points(points: int, not_vulnerable: int, vulnerable: int) -> None:
    assert expected_score(points, False) == not_vulnerable
    assert expected_score(points, True) == vulnerable


@pytest.mark.parametrize("points", [19, 41, -1])
def test_the_stronger_pair_holds_20_to_40(points: int) -> None:
    with pytest.raises(ValueError, match="20 to 40"):
        expected_score(points, False)


def test_north_south_stronger() -> None:
    result = russian_deal(26, Contract.parse("4S N"), 10, Vulnerability.NONE)
    assert result == RussianResult(ns_points=26, expected=350, score=420, ns_imps=2)


def test_east_west_stronger_and_vulnerable() -> None:
    # East–West hold 40 − 15 = 25 points, vulnerable: they should score 440.
    result = russian_deal(15, Contract.parse("4H E"), 10, Vulnerability.EW)
    assert result.expected == -440 and result.score == -620
    assert result.ns_imps == imps(-620 + 440) == -5


def test_twenty_each_expects_nothing() -> None:
    result = russian_deal(20, Contract.parse("1NT S"), 8, Vulnerability.BOTH)
    assert result.expected == 0 and result.score == 120 and result.ns_imps == 3


def test_the_vulnerability_of_the_stronger_pair_sets_the_expectation() -> None:
    assert russian_deal(24, None, 0, Vulnerability.NS).expected == 290
    assert russian_deal(24, None, 0, Vulnerability.EW).expected == 200
    assert russian_deal(16, None, 0, Vulnerability.EW).expected == -290


def test_passed_out_scores_zero_against_the_expectation() -> None:
    result = russian_deal(27, None, 0, Vulnerability.NONE)
    assert result.score == 0 and result.expected == 400 and result.ns_imps == -9
    assert russian_deal(20, None, 0, Vulnerability.NONE).ns_imps == 0


def test_the_seeds_examples() -> None:
    # "50 pontos a mais do que estava previsto": 2 IMPs.
    assert russian_compare(21, 100, Vulnerability.NONE).ns_imps == 2
    # "−170 … perde 3 IMP's" in the text; the table (170–210) gives 5.
    assert russian_compare(22, -100, Vulnerability.NONE).ns_imps == -5


def test_defenders_score_counts_for_them() -> None:
    contract = Contract.parse("3NTX N")
    result = russian_deal(25, contract, 6, Vulnerability.NONE)
    assert result.score == duplicate_score(contract, 6, False) == -500
    assert result.ns_imps == imps(-500 - 300) == -13


def test_points_out_of_range() -> None:
    with pytest.raises(ValueError, match="0 to 40"):
        russian_deal(41, None, 0, Vulnerability.NONE)


def deal(text: str, tricks: int, hcp: int) -> PadDeal:
    return PadDeal(Contract.parse(text), tricks, ns_hcp=hcp)


def imps_of(sheet: Sheet) -> list[tuple[Side, int, int]]:
    return [(e.side, e.points, e.deal) for e in sheet.entries if e.kind is EntryKind.IMPS]


def test_a_russian_round() -> None:
    sheet = new_russian_round()
    sheet = add(sheet, deal("4S N", 10, 26))  # +420 against 350: 2
    sheet = add(sheet, PadDeal(ns_hcp=15))  # passed out: dealt again
    assert sheet.played == 1 and sheet.dealer is Seat.EAST
    sheet = add(sheet, deal("3NT E", 8, 15))  # NS +50 against EW's 300 (not vulnerable): 8
    sheet = add(sheet, PadDeal(revoke=Side.NS, ns_hcp=22))  # −100 against +70 (EW vul): 5
    sheet = add(sheet, deal("6NT N", 12, 33))  # +1440 against 1350 (both vul): 3
    assert sheet.over
    assert imps_of(sheet) == [(Side.NS, 2, 1), (Side.NS, 8, 2), (Side.EW, 5, 3), (Side.NS, 3, 4)]
    assert sheet.totals == {Side.NS: 13, Side.EW: 5}
    assert dict(sheet.log[-1].details) == {
        "ns_hcp": 33,
        "expected": 1350,
        "score": 1440,
        "ns_imps": 3,
    }
    assert sheet.to_dict()["unit"] == "imps"


def test_every_deal_needs_the_points() -> None:
    with pytest.raises(ParseError, match="high-card points"):
        add(new_russian_round(), PadDeal(Contract.parse("1C N"), 7))


def test_passed_out_deals_may_count() -> None:
    rules = russian_rules(passed_out=PassedOut.COUNTS)
    sheet = add(new_russian_round(rules), PadDeal(ns_hcp=27))
    assert sheet.played == 1 and imps_of(sheet) == [(Side.EW, 9, 1)]


def test_rules_follow_chicago() -> None:
    assert RUSSIAN.deals_per_round == 4 and not RUSSIAN.honours
    sheet = add(new_russian_round(russian_rules(DEALER_CYCLE)), deal("1C N", 7, 20))
    assert sheet.vulnerability is Vulnerability.EW
    assert replace(RUSSIAN, honours=True).honours
