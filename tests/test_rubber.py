"""Rubber bridge on the score sheet: rubbers played from the first deal to the bonus."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side, Vulnerability
from vaza.core.errors import GameOver, ParseError
from vaza.scoring.rubber import RUBBER, new_rubber, rubber_rules
from vaza.scoring.sheet import (
    EntryKind,
    PadDeal,
    PassedOut,
    Sheet,
    add,
    close,
    sheet_at,
)

NS, EW = Side.NS, Side.EW


def deal(text: str, tricks: int, honours: tuple[Side, int] | None = None) -> PadDeal:
    """`deal("4S N", 10)`: a contract, its declarer and the tricks declarer's side took."""
    return PadDeal(Contract.parse(text), tricks, honours)


def play(sheet: Sheet, *deals: PadDeal) -> Sheet:
    for one in deals:
        sheet = add(sheet, one)
    return sheet


def points(sheet: Sheet, side: Side, kind: EntryKind) -> list[int]:
    return [e.points for e in sheet.entries if e.side is side and e.kind is kind]


def test_a_rubber_won_two_games_to_none() -> None:
    sheet = new_rubber()
    assert sheet.vulnerability is Vulnerability.NONE and sheet.dealer is Seat.NORTH
    # Seed 002: 2♥ (60) then 2♦ (40) add up to a game.
    sheet = play(sheet, deal("2H N", 8))
    assert sheet.below(NS) == 60 and sheet.games_won(NS) == 0
    sheet = play(sheet, deal("2D S", 8))
    assert sheet.games_won(NS) == 1 and sheet.below(NS) == 0
    assert sheet.vulnerability is Vulnerability.NS
    assert sheet.dealer is Seat.SOUTH
    sheet = play(sheet, deal("4S E", 9))  # East–West, not vulnerable, down one
    assert points(sheet, NS, EntryKind.UNDERTRICKS) == [50]
    sheet = play(sheet, deal("3NT N", 10))
    assert sheet.over and sheet.rubber_winner is NS
    assert points(sheet, NS, EntryKind.RUBBER) == [700]
    assert points(sheet, NS, EntryKind.OVERTRICKS) == [30]
    assert sheet.totals == {NS: 60 + 40 + 50 + 100 + 30 + 700, EW: 0}
    assert sheet.leader is NS
    with pytest.raises(GameOver, match="over"):
        add(sheet, deal("1C N", 7))


def test_a_rubber_won_two_games_to_one_with_a_partscore_wiped_out() -> None:
    sheet = play(new_rubber(), deal("2S E", 8))
    assert sheet.below(EW) == 60
    sheet = play(sheet, deal("4H N", 10))  # North–South's game: East–West's 60 no longer counts
    assert sheet.games_won(NS) == 1 and sheet.below(EW) == 0
    sheet = play(sheet, deal("1NT W", 7))
    assert sheet.below(EW) == 40  # not 100: the 60 stayed in the first game
    sheet = play(sheet, deal("3C W", 9))
    assert sheet.games_won(EW) == 1 and sheet.vulnerability is Vulnerability.BOTH
    sheet = play(sheet, deal("3NTX N", 8))  # vulnerable, doubled, down one
    assert points(sheet, EW, EntryKind.UNDERTRICKS) == [200]
    sheet = play(sheet, deal("6S S", 13, honours=(EW, 100)))  # the defenders hold honours
    assert sheet.over and sheet.rubber_winner is NS
    assert points(sheet, NS, EntryKind.SLAM) == [750]
    assert points(sheet, EW, EntryKind.HONOURS) == [100]
    assert points(sheet, NS, EntryKind.RUBBER) == [500]
    assert sheet.totals == {NS: 120 + 180 + 30 + 750 + 500, EW: 60 + 40 + 60 + 200 + 100}
    assert [(line.game, line.winner) for line in sheet.lines] == [(1, NS), (2, EW), (3, NS)]
    below = [(e.side, e.points, e.game) for e in sheet.entries if e.below]
    assert below == [(EW, 60, 1), (NS, 120, 1), (EW, 40, 2), (EW, 60, 2), (NS, 180, 3)]


def test_one_spade_redoubled_makes_game_in_one_deal() -> None:
    sheet = play(new_rubber(), deal("1SXX S", 7))
    assert sheet.games_won(NS) == 1
    assert points(sheet, NS, EntryKind.TRICKS) == [120]
    assert points(sheet, NS, EntryKind.INSULT) == [100]


def test_an_unfinished_rubber_scores_300_for_a_game_and_100_for_a_partscore() -> None:
    sheet = play(new_rubber(), deal("4S N", 10), deal("2H E", 8))
    ended = close(sheet)
    assert ended.over and ended.unfinished and ended.rubber_winner is None
    assert points(ended, NS, EntryKind.UNFINISHED_GAME) == [300]
    assert points(ended, EW, EntryKind.UNFINISHED_PARTSCORE) == [100]
    assert ended.totals == {NS: 120 + 300, EW: 60 + 100}
    assert close(ended) is ended


def test_an_unfinished_rubber_with_a_partscore_on_each_side() -> None:
    # Law 80: 100 only when one side alone has a partscore (seed 000's wording would give
    # both sides 100, which changes no margin).
    ended = close(play(new_rubber(), deal("1NT N", 7), deal("2C E", 8)))
    assert points(ended, NS, EntryKind.UNFINISHED_PARTSCORE) == []
    assert points(ended, EW, EntryKind.UNFINISHED_PARTSCORE) == []
    assert ended.totals == {NS: 40, EW: 40}
    assert ended.leader is None


def test_a_game_each_then_stopped() -> None:
    ended = close(play(new_rubber(), deal("4S N", 10), deal("5D E", 11), deal("1C N", 7)))
    assert points(ended, NS, EntryKind.UNFINISHED_GAME) == []
    assert points(ended, EW, EntryKind.UNFINISHED_GAME) == []
    assert points(ended, NS, EntryKind.UNFINISHED_PARTSCORE) == [100]
    assert close(new_rubber()).entries == ()


def test_honours_are_scored_whether_or_not_the_contract_is_made() -> None:
    sheet = play(new_rubber(), deal("4H N", 8, honours=(NS, 150)))
    assert points(sheet, NS, EntryKind.HONOURS) == [150]
    assert points(sheet, EW, EntryKind.UNDERTRICKS) == [100]


def test_honours_can_be_switched_off() -> None:
    sheet = play(new_rubber(rules=rubber_rules(honours=False)), deal("4H N", 10, (NS, 100)))
    assert points(sheet, NS, EntryKind.HONOURS) == []
    assert sheet.totals[NS] == 120


def test_the_house_revoke_rule_stops_the_deal() -> None:
    sheet = play(new_rubber(), PadDeal(Contract.parse("4S N"), revoke=EW))
    assert [(e.side, e.points, e.kind) for e in sheet.entries] == [(NS, 100, EntryKind.REVOKE)]
    assert sheet.played == 1 and sheet.dealer is Seat.EAST
    sheet = play(sheet, PadDeal(revoke=NS))
    assert points(sheet, EW, EntryKind.REVOKE) == [100]
    with pytest.raises(ParseError, match="revoke"):
        PadDeal(Contract.parse("4S N"), 10, revoke=EW)
    with pytest.raises(ParseError, match="revoke"):
        PadDeal(Contract.parse("4S N"), honours=(NS, 100), revoke=EW)


def test_a_passed_out_deal_scores_nothing_and_the_same_dealer_deals_again() -> None:
    sheet = play(new_rubber(first_dealer=Seat.WEST), PadDeal())
    assert sheet.entries == () and sheet.played == 0 and sheet.dealer is Seat.WEST
    assert len(sheet.log) == 1 and not sheet.log[0].counted
    sheet = play(sheet, deal("1C W", 7))
    assert sheet.dealer is Seat.NORTH and sheet.log[1].context.number == 1


def test_the_laws_pass_the_deal_on_after_a_pass_out() -> None:
    rules = replace(RUBBER, passed_out=PassedOut.COUNTS)
    sheet = play(new_rubber(rules=rules), PadDeal())
    assert sheet.entries == () and sheet.played == 1 and sheet.dealer is Seat.EAST


def test_seed_000_flat_doubled_overtricks() -> None:
    flat = rubber_rules(doubled_overtricks_flat=True)
    sheet = play(new_rubber(rules=flat), deal("2HX N", 11))
    assert points(sheet, NS, EntryKind.OVERTRICKS) == [100]
    sheet = play(new_rubber(), deal("2HX N", 11))
    assert points(sheet, NS, EntryKind.OVERTRICKS) == [300]


def test_a_deal_needs_its_tricks() -> None:
    with pytest.raises(ParseError, match="tricks"):
        PadDeal(Contract.parse("4S N"))
    with pytest.raises(ParseError, match="0 to 13"):
        PadDeal(Contract.parse("4S N"), 14)
    with pytest.raises(ParseError, match="no tricks"):
        PadDeal(None, 7)
    with pytest.raises(ParseError, match="40"):
        PadDeal(ns_hcp=41)


def test_the_sheet_as_data() -> None:
    sheet = play(new_rubber(), deal("2H N", 9), deal("4S E", 10, honours=(NS, 100)))
    data: dict[str, Any] = json.loads(json.dumps(sheet.to_dict()))
    assert data["system"] == "rubber" and data["over"] is False
    assert data["next"] == {"deal": 3, "dealer": "S", "vulnerability": "EW"}
    assert data["games"] == {"NS": 0, "EW": 1}
    assert data["partscores"] == {"NS": 0, "EW": 0}
    assert data["totals"] == {"NS": 60 + 30 + 100, "EW": 120}
    assert data["lines"] == [{"game": 1, "winner": "EW", "deal": 2}]
    assert data["entries"][0] == {
        "side": "NS",
        "points": 60,
        "label": "tricks",
        "below": True,
        "game": 1,
        "deal": 1,
    }
    deals = data["deals"]
    assert deals[1]["contract"] == "4S" and deals[1]["honours"] == ["NS", 100]


def test_one_deal_in_context_of_its_vulnerability() -> None:
    assert sheet_at(RUBBER, Vulnerability.NONE).lines == ()
    both = sheet_at(RUBBER, Vulnerability.BOTH)
    assert both.vulnerability is Vulnerability.BOTH
    won = add(both, deal("4S N", 10))
    assert won.rubber_winner is NS and points(won, NS, EntryKind.RUBBER) == [500]
    won = add(sheet_at(RUBBER, Vulnerability.EW), deal("3NT W", 9))
    assert points(won, EW, EntryKind.RUBBER) == [700]


contracts = st.builds(
    lambda level, strain, doubling, seat: Contract.parse(f"{level}{strain}{doubling} {seat}"),
    st.integers(1, 7),
    st.sampled_from(["C", "D", "H", "S", "NT"]),
    st.sampled_from(["", "X", "XX"]),
    st.sampled_from("NESW"),
)
deals = st.one_of(
    st.builds(PadDeal, contracts, st.integers(0, 13)),
    st.just(PadDeal()),
    st.builds(lambda side: PadDeal(revoke=side), st.sampled_from(Side)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(deals, min_size=1, max_size=40))
def test_any_sequence_of_deals_keeps_the_sheet_consistent(sequence: list[PadDeal]) -> None:
    sheet = new_rubber()
    for one in sequence:
        if sheet.over:
            break
        vulnerability = sheet.vulnerability
        before = sheet.played
        sheet = add(sheet, one)
        context = sheet.log[-1].context
        assert context.vulnerability is vulnerability
        assert sheet.played == before + (0 if one.passed_out else 1)
        for side in Side:
            assert 0 <= sheet.below(side) < 100
            assert sheet.vulnerability.is_vulnerable(side) == (sheet.games_won(side) > 0)
    ended = close(sheet)
    for side in Side:
        assert ended.total(side) == sum(e.points for e in ended.entries if e.side is side)
    games = sorted(ended.games_won(side) for side in Side)
    rubber = [e.points for e in ended.entries if e.kind is EntryKind.RUBBER]
    if ended.rubber_winner is not None:
        assert games[1] == 2 and rubber == [700 if games[0] == 0 else 500]
    else:
        assert games[1] <= 1 and rubber == [] and ended.unfinished
