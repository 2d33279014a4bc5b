"""Chicago: four deals, vulnerability by the deal's number, games paid at once."""

from __future__ import annotations

import pytest

from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side, Vulnerability
from vaza.core.errors import GameOver
from vaza.scoring.chicago import (
    CHICAGO,
    DEALER_CYCLE,
    Partscores,
    chicago_dealer,
    chicago_rules,
    chicago_vulnerability,
    new_round,
)
from vaza.scoring.contract import duplicate_score
from vaza.scoring.sheet import EntryKind, PadDeal, Sheet, add, close, sheet_at

NS, EW = Side.NS, Side.EW
NONE, NS_VUL, EW_VUL, BOTH = (
    Vulnerability.NONE,
    Vulnerability.NS,
    Vulnerability.EW,
    Vulnerability.BOTH,
)


def deal(text: str, tricks: int, honours: tuple[Side, int] | None = None) -> PadDeal:
    return PadDeal(Contract.parse(text), tricks, honours)


def play(sheet: Sheet, *deals: PadDeal) -> Sheet:
    for one in deals:
        sheet = add(sheet, one)
    return sheet


def bonuses(sheet: Sheet, kind: EntryKind) -> list[tuple[Side, int, int]]:
    return [(e.side, e.points, e.deal) for e in sheet.entries if e.kind is kind]


def test_the_four_deal_cycle_of_the_seeds() -> None:
    assert [chicago_vulnerability(n) for n in range(1, 9)] == [NONE, NS_VUL, EW_VUL, BOTH] * 2
    assert [chicago_dealer(n) for n in range(1, 6)] == [*Seat, Seat.NORTH]
    sheet = new_round()
    seen = []
    for one in (deal("1C N", 6),) * 4:
        seen.append((sheet.dealer, sheet.vulnerability))
        sheet = add(sheet, one)
    assert seen == [
        (Seat.NORTH, NONE),
        (Seat.EAST, NS_VUL),
        (Seat.SOUTH, EW_VUL),
        (Seat.WEST, BOTH),
    ]
    assert sheet.over


def test_the_dealer_convention_makes_the_dealers_side_vulnerable() -> None:
    assert [chicago_vulnerability(n, DEALER_CYCLE) for n in range(1, 5)] == [
        NONE,
        EW_VUL,
        NS_VUL,
        BOTH,
    ]
    sheet = new_round(chicago_rules(DEALER_CYCLE))
    sheet = play(sheet, PadDeal(), deal("1C N", 6), deal("1C N", 6))
    assert sheet.dealer is Seat.SOUTH and sheet.vulnerability is NS_VUL
    sheet = play(sheet, deal("3NT S", 9))
    assert bonuses(sheet, EntryKind.GAME) == [(NS, 500, 3)]
    with pytest.raises(ValueError, match="start at 1"):
        chicago_vulnerability(0)
    with pytest.raises(ValueError, match="start at 1"):
        chicago_dealer(0)


def test_a_round_with_partscores_carried_seed_000() -> None:
    sheet = play(new_round(), deal("1NT N", 7))
    assert sheet.below(NS) == 40
    sheet = play(sheet, PadDeal())  # passed out: East deals deal 2 again
    assert sheet.played == 1 and sheet.dealer is Seat.EAST and sheet.vulnerability is NS_VUL
    sheet = play(sheet, deal("2S E", 8))
    assert sheet.below(EW) == 60
    sheet = play(sheet, deal("2H N", 8))  # 40 + 60: game, North–South not vulnerable on deal 3
    assert bonuses(sheet, EntryKind.GAME) == [(NS, 300, 3)]
    assert sheet.below(EW) == 0
    sheet = play(sheet, deal("2H W", 8))  # a partscore on the fourth deal: 100
    assert bonuses(sheet, EntryKind.PARTSCORE) == [(EW, 100, 4)]
    assert sheet.over and sheet.rubber_winner is None
    assert sheet.totals == {NS: 40 + 60 + 300, EW: 60 + 60 + 100}
    with pytest.raises(GameOver):
        add(sheet, deal("1C N", 7))


def test_games_are_paid_by_the_vulnerability_of_their_deal() -> None:
    sheet = play(new_round(), deal("4S N", 10), deal("3NT S", 9), deal("5D E", 11))
    assert bonuses(sheet, EntryKind.GAME) == [(NS, 300, 1), (NS, 500, 2), (EW, 500, 3)]
    sheet = play(sheet, deal("6C W", 12))
    assert bonuses(sheet, EntryKind.GAME)[-1] == (EW, 500, 4)
    assert bonuses(sheet, EntryKind.SLAM) == [(EW, 750, 4)]
    assert bonuses(sheet, EntryKind.PARTSCORE) == []
    assert bonuses(sheet, EntryKind.RUBBER) == []


def test_a_partscore_that_completes_game_on_the_last_deal_is_a_game() -> None:
    sheet = play(new_round(), PadDeal(revoke=EW), deal("1S N", 6), deal("2H S", 8))
    assert sheet.below(NS) == 60
    sheet = play(sheet, deal("2S N", 8))
    assert bonuses(sheet, EntryKind.GAME) == [(NS, 500, 4)]
    assert bonuses(sheet, EntryKind.PARTSCORE) == []
    assert bonuses(sheet, EntryKind.REVOKE) == [(NS, 100, 1)]


def test_the_last_deal_bonus_whatever_the_other_sides_partscore() -> None:
    sheet = play(new_round(), deal("2S E", 8), deal("1C N", 6), deal("1C E", 6))
    sheet = play(sheet, deal("1NT N", 7, honours=(EW, 150)))
    assert bonuses(sheet, EntryKind.PARTSCORE) == [(NS, 100, 4)]
    assert bonuses(sheet, EntryKind.HONOURS) == [(EW, 150, 4)]
    assert sheet.below(EW) == 60


def test_duplicate_style_partscores_seed_001() -> None:
    rules = chicago_rules(partscores=Partscores.DUPLICATE)
    sheet = play(new_round(rules), deal("2H N", 8), deal("2D S", 8))
    # 60 and 40 do not add up to a game: each deal stands alone, 50 for each partscore.
    assert sheet.games_won(NS) == 0 and sheet.below(NS) == 0
    assert bonuses(sheet, EntryKind.PARTSCORE) == [(NS, 50, 1), (NS, 50, 2)]
    sheet = play(sheet, deal("4S E", 10), deal("1NT N", 7))
    assert bonuses(sheet, EntryKind.GAME) == [(EW, 500, 3)]
    assert bonuses(sheet, EntryKind.PARTSCORE)[-1] == (NS, 50, 4)
    assert [(line.winner, line.deal) for line in sheet.lines] == [
        (None, 1),
        (None, 2),
        (EW, 3),
        (None, 4),
    ]
    assert sheet.totals == {NS: 60 + 50 + 40 + 50 + 40 + 50, EW: 120 + 500}


def test_duplicate_style_scores_each_deal_as_duplicate() -> None:
    rules = chicago_rules(partscores=Partscores.DUPLICATE)
    cases = [
        ("2HX N", 9, NONE),
        ("3NT E", 10, NS_VUL),
        ("1C W", 8, EW_VUL),
        ("6S S", 12, BOTH),
        ("4HX E", 8, BOTH),
        ("2D N", 7, NS_VUL),
    ]
    for text, tricks, vulnerability in cases:
        contract = Contract.parse(text)
        side = contract.declarer.side
        sheet = add(sheet_at(rules, vulnerability), deal(text, tricks))
        score = duplicate_score(contract, tricks, vulnerability.is_vulnerable(side))
        assert sheet.total(side) - sheet.total(side.opponents) == score, text


def test_an_unfinished_round_scores_nothing_more() -> None:
    sheet = close(play(new_round(), deal("2S N", 8)))
    assert sheet.over and sheet.unfinished and sheet.totals == {NS: 60, EW: 0}


def test_the_default_rules() -> None:
    assert CHICAGO.deals_per_round == 4 and CHICAGO.games_to_win is None
    assert CHICAGO.honours and CHICAGO.carry_partscores
