"""The same finished deal under every scoring the club knows, side by side (issue 19): each row
against the scoring system's own functions and the laws' numbers, for a made game, a doubled
undertrick and a passed-out deal."""

from __future__ import annotations

from typing import Any

import pytest

from vaza.app.analysis_queue import analyse_to_json
from vaza.app.side_by_side import compared_systems
from vaza.commands.score import score_one
from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side, Vulnerability
from vaza.core.deal import Board, Deal
from vaza.core.record import DealRecord
from vaza.games import contract as contract_game
from vaza.scoring.compare import PlayedDeal, Row, System, Unit, compare_deal, rows_json
from vaza.scoring.contract import duplicate_score
from vaza.scoring.imps import imps
from vaza.scoring.russian import expected_score, russian_deal
from vaza.scoring.systems import PadOptions, pad_rules

# North holds the four top spades (honours at spades), South 20 points: North–South 30 of 40.
HANDS = Deal.from_pbn("N:AKQJ.432.432.432 T98.T98.765.8765 765.AKQJ.AKQJ.T9 432.765.T98.AKQJ")
NS_HCP = 30
PAR = 620
"""A par from North–South's side, as the analysis would send it."""


def played(contract: str | None, tricks: int | None, vulnerability: Vulnerability) -> PlayedDeal:
    bid = None if contract is None else Contract.parse(contract)
    record = DealRecord(
        Board(HANDS, Seat.NORTH, vulnerability),
        contract=bid,
        declarer_tricks=tricks,
        passed_out=bid is None,
    )
    return PlayedDeal.from_record(record)


def rows_of(deal: PlayedDeal, variant: dict[str, Any] | None = None) -> dict[tuple[str, str], Row]:
    """The rows under contract bridge's scorings (the registry's list), by scoring and unit."""
    rows = compare_deal(compared_systems("contract", variant or {}), deal, PAR)
    return {(row.scoring, row.unit.value): row for row in rows}


def keys(row: Row) -> list[str]:
    return [reason.key for reason in row.reasons]


def test_every_scoring_of_contract_bridge_has_a_row_and_duplicate_two() -> None:
    rows = compare_deal(compared_systems("contract", {}), played("4S S", 10, Vulnerability.NONE))
    assert [row.scoring for row in rows] == [s.name for s in contract_game.SPEC.scorings]
    with_par = compare_deal(
        compared_systems("contract", {}), played("4S S", 10, Vulnerability.NONE), PAR
    )
    assert [(row.scoring, row.against) for row in with_par][:2] == [
        ("duplicate", None),
        ("duplicate", "par"),
    ]
    assert len(with_par) == len(contract_game.SPEC.scorings) + 1


def test_other_games_and_unknown_scorings_are_not_compared() -> None:
    assert compared_systems("bridge-whist", {}) == ()
    assert compared_systems("boerenbridge", {}) == ()
    deal = played("4S S", 10, Vulnerability.NONE)
    assert compare_deal([System("boerenbridge")], deal, PAR) == ()


def test_a_made_game() -> None:
    """4♠ by South making ten tricks, nobody vulnerable."""
    deal = played("4S S", 10, Vulnerability.NONE)
    rows = rows_of(deal)
    contract = Contract.parse("4S S")
    duplicate = rows["duplicate", "points"]
    assert duplicate.ns == duplicate_score(contract, 10, False) == 420
    assert keys(duplicate) == ["compare.tricks", "compare.game"]
    game = duplicate.reasons[1]
    assert dict(game.values) == {"side": "NS", "points": 300, "vul": False}
    par = rows["duplicate", "imps"]
    assert par.ns == imps(420 - PAR) == -5
    assert dict(par.reasons[0].values) == {"par": PAR, "score": 420, "difference": -200}
    # Rubber: 120 below wins a game (paid with the rubber), North's four spade honours 100.
    rubber = rows["rubber", "points"]
    assert rubber.ns == 120 + 100
    assert keys(rubber) == [
        "compare.tricks",
        "compare.honours",
        "compare.game_won",
        "compare.as_games",
    ]
    assert dict(rubber.reasons[-1].values) == {"ns": 0, "ew": 0}
    # Chicago's first deal: game 300 at once.
    chicago = rows["chicago", "points"]
    assert chicago.ns == 120 + 300 + 100
    assert dict(chicago.reasons[-1].values) == {"number": 1, "partscore": True}
    assert rows["auction", "points"].ns == 120 + 100
    # Old Polish: 4♠ is 36, a game; a side's first game 1000.
    old_polish = rows["old-polish", "points"]
    assert old_polish.ns == 36 + 1000 + 100
    game = next(r for r in old_polish.reasons if r.key == "compare.game")
    assert dict(game.values)["nth"] == 1
    # Russian: 30 points not vulnerable expect 490; 420 − 490 is −2 IMPs.
    russian = rows["russian", "imps"]
    assert russian.unit is Unit.IMPS
    assert russian.ns == russian_deal(NS_HCP, contract, 10, Vulnerability.NONE).ns_imps == -2
    expected = russian.reasons[0]
    assert expected.key == "compare.expected"
    assert dict(expected.values) == {
        "side": "NS",
        "hcp": NS_HCP,
        "expected": expected_score(NS_HCP, False),
        "score": 420,
    }


def test_a_doubled_undertrick() -> None:
    """4♠ doubled by South, two down, North–South vulnerable: 500 to East–West everywhere."""
    deal = played("4SX S", 8, Vulnerability.NS)
    rows = rows_of(deal)
    contract = Contract.parse("4SX S")
    duplicate = rows["duplicate", "points"]
    assert duplicate.ns == duplicate_score(contract, 8, True) == -500
    (undertricks,) = duplicate.reasons
    assert dict(undertricks.values) == {
        "side": "EW",
        "points": 500,
        "count": 2,
        "doubling": 1,
        "vul": True,
    }
    assert rows["duplicate", "imps"].ns == imps(-500 - PAR) == -15
    # The pads: the same 500 above the line, and North's honours (scored though defeated).
    for scoring in ("rubber", "chicago", "auction", "old-polish"):
        row = rows[scoring, "points"]
        assert row.ns == -500 + 100, scoring
        assert keys(row)[:2] == ["compare.undertricks", "compare.honours"], scoring
    assert dict(rows["rubber", "points"].reasons[-1].values) == {"ns": 1, "ew": 0}
    assert dict(rows["chicago", "points"].reasons[-1].values) == {
        "number": 2,
        "partscore": True,
    }
    russian = rows["russian", "imps"]
    assert russian.ns == russian_deal(NS_HCP, contract, 8, Vulnerability.NS).ns_imps == -15


@pytest.mark.parametrize("scoring", ["rubber", "chicago", "auction", "old-polish"])
def test_a_pad_row_nets_what_vaza_score_writes(scoring: str) -> None:
    """Without honours, a pad row is `vaza score`'s net for the declaring side (East here)."""
    for contract_text, tricks, vulnerability in (
        ("3NT E", 9, Vulnerability.EW),
        ("4HX E", 7, Vulnerability.BOTH),
        ("2D E", 10, Vulnerability.NONE),
        ("6S E", 12, Vulnerability.NS),
    ):
        deal = played(contract_text, tricks, vulnerability)
        (row,) = compare_deal([System(scoring, {"honours": False})], deal)
        contract = Contract.parse(contract_text)
        rules = pad_rules(scoring, PadOptions(honours=False))
        written = score_one(contract, tricks, vulnerability, rules)
        assert row.ns == -int(str(written["declarer_net"])), (scoring, contract_text)


def test_a_passed_out_deal() -> None:
    deal = played(None, None, Vulnerability.EW)
    rows = rows_of(deal)
    duplicate = rows["duplicate", "points"]
    assert duplicate.ns == 0
    assert keys(duplicate) == ["compare.passed_out"]
    assert rows["duplicate", "imps"].ns == imps(-PAR) == -12
    # The pads deal again by the same dealer: nothing scored, and the row says so.
    for scoring in ("rubber", "chicago", "auction"):
        row = rows[scoring, "points"]
        assert row.ns == 0
        assert "compare.redeal" in keys(row)
    # Old Polish: 100 for four passes to each side.
    old_polish = rows["old-polish", "points"]
    assert old_polish.ns == 0
    passes = [r for r in old_polish.reasons if r.key == "compare.passed_out"]
    assert [dict(r.values)["side"] for r in passes] == [Side.NS.name, Side.EW.name]
    assert rows["russian", "imps"].ns == 0
    # A table where four passes count: the stronger pair loses its expectation.
    counted = rows_of(deal, {"passed_out": "counts"})
    expected = expected_score(NS_HCP, False)
    assert (
        counted["russian", "imps"].ns == russian_deal(NS_HCP, None, 0, deal.vulnerability).ns_imps
    )
    assert counted["russian", "imps"].ns == imps(-expected) == -10
    assert "compare.redeal" not in keys(counted["rubber", "points"])


def test_the_tables_choices_apply_to_every_scoring_that_reads_them() -> None:
    deal = played("4S S", 10, Vulnerability.NONE)
    plain = rows_of(deal, {"honours": False})
    for scoring in ("rubber", "chicago", "auction", "old-polish"):
        assert "compare.honours" not in keys(plain[scoring, "points"])
    assert plain["rubber", "points"].ns == 120
    # Duplicate-style Chicago: every deal on its own, so the score is duplicate's.
    chicago = rows_of(deal, {"honours": False, "partscores": "duplicate"})
    assert chicago["chicago", "points"].ns == 420
    part = rows_of(played("2H N", 9, Vulnerability.NONE), {"partscores": "duplicate"})
    # 2♥ +1 at duplicate is 140; South's four heart honours 100.
    two_hearts = duplicate_score(Contract.parse("2H N"), 9, False)
    assert part["chicago", "points"].ns == two_hearts + 100 == 240


def test_rows_as_json() -> None:
    (row, *_) = rows_json(
        compare_deal([System("duplicate")], played("6NT N", 12, Vulnerability.BOTH))
    )
    assert row == {
        "scoring": "duplicate",
        "unit": "points",
        "ns": 1440,
        "against": None,
        "reasons": [
            {"key": "compare.tricks", "values": {"side": "NS", "points": 190, "below": False}},
            {"key": "compare.slam", "values": {"side": "NS", "points": 750, "grand": False}},
            {"key": "compare.game", "values": {"side": "NS", "points": 500, "vul": True}},
        ],
    }


def test_the_analysis_of_a_finished_deal_carries_the_rows() -> None:
    """The worker's analysis holds the rows, duplicate's IMPs against the par it solved."""
    record = DealRecord(
        Board(HANDS, Seat.NORTH, Vulnerability.NONE),
        contract=Contract.parse("4S S"),
        declarer_tricks=10,
    )
    systems = compared_systems("contract", {})
    data = analyse_to_json(record, systems)
    par = data["par"]["score"]
    assert data["compare"] == rows_json(compare_deal(systems, PlayedDeal.from_record(record), par))
    assert "compare" not in analyse_to_json(record)
