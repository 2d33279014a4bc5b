"""Old Polish, as read from seed 001 (see docs/scoring.md)."""

from __future__ import annotations

from vaza.core.calls import Contract, Doubling, Strain
from vaza.core.cards import Seat, Side
from vaza.scoring.contract import is_game_contract, score_contract, trick_points
from vaza.scoring.old_polish import (
    OLD_POLISH,
    OLD_POLISH_TABLE,
    new_old_polish_rubber,
    old_polish_rules,
)
from vaza.scoring.sheet import EntryKind, PadDeal, Sheet, add, close

NS, EW = Side.NS, Side.EW


def deal(text: str, tricks: int, honours: tuple[Side, int] | None = None) -> PadDeal:
    return PadDeal(Contract.parse(text), tricks, honours)


def play(sheet: Sheet, *deals: PadDeal) -> Sheet:
    for one in deals:
        sheet = add(sheet, one)
    return sheet


def of(sheet: Sheet, side: Side, kind: EntryKind) -> list[int]:
    return [e.points for e in sheet.entries if e.side is side and e.kind is kind]


def test_trick_values_six_to_ten() -> None:
    values = {Strain.CLUBS: 6, Strain.DIAMONDS: 7, Strain.HEARTS: 8, Strain.SPADES: 9}
    values[Strain.NOTRUMP] = 10
    for strain, value in values.items():
        for level in range(1, 8):
            contract = Contract(level, strain, Doubling.UNDOUBLED, Seat.NORTH)
            assert trick_points(contract, level, OLD_POLISH_TABLE) == value * level
    assert trick_points(Contract.parse("2SX N"), 2, OLD_POLISH_TABLE) == 36
    assert trick_points(Contract.parse("2SXX N"), 2, OLD_POLISH_TABLE) == 72


def test_game_at_30_is_game_at_the_usual_contracts() -> None:
    lowest = {}
    for strain in Strain:
        lowest[strain] = min(
            level
            for level in range(1, 8)
            if is_game_contract(
                Contract(level, strain, Doubling.UNDOUBLED, Seat.NORTH), OLD_POLISH_TABLE
            )
        )
    assert lowest == {
        Strain.CLUBS: 5,
        Strain.DIAMONDS: 5,
        Strain.HEARTS: 4,
        Strain.SPADES: 4,
        Strain.NOTRUMP: 3,
    }


def test_a_rubber_with_game_bonuses_1000_and_2000() -> None:
    sheet = play(new_old_polish_rubber(), deal("3NT N", 9))
    assert sheet.games_won(NS) == 1 and of(sheet, NS, EntryKind.GAME) == [1000]
    sheet = play(sheet, deal("4H E", 12))
    assert of(sheet, EW, EntryKind.OVERTRICKS) == [200]  # not vulnerable: 100 each
    assert of(sheet, EW, EntryKind.GAME) == [1000]
    sheet = play(sheet, deal("1NTX S", 7))
    assert sheet.below(NS) == 20 and of(sheet, NS, EntryKind.INSULT) == [50]
    sheet = play(sheet, deal("2C N", 8))  # 20 + 12: the second game
    assert sheet.over and sheet.rubber_winner is NS
    assert of(sheet, NS, EntryKind.GAME) == [1000, 2000]
    assert of(sheet, NS, EntryKind.RUBBER) == []
    assert sheet.totals == {NS: 30 + 1000 + 20 + 50 + 12 + 2000, EW: 32 + 200 + 1000}


def test_overtricks() -> None:
    cases = [
        ("2S N", False, 100),
        ("2S N", True, 200),
        ("2SX N", False, 200),
        ("2SX N", True, 400),
        ("2SXX N", False, 400),
        ("2SXX N", True, 800),
    ]
    for text, vulnerable, each in cases:
        parts = score_contract(Contract.parse(text), 10, vulnerable, OLD_POLISH_TABLE)
        assert parts.overtricks == 2 * each, text


def test_slams_2000_and_4000_vulnerable_or_not() -> None:
    for vulnerable in (False, True):
        assert score_contract(Contract.parse("6C N"), 12, vulnerable, OLD_POLISH_TABLE).slam == 2000
        assert (
            score_contract(Contract.parse("7NT N"), 13, vulnerable, OLD_POLISH_TABLE).slam == 4000
        )
    sheet = play(new_old_polish_rubber(), deal("6C W", 12))
    assert [(e.kind, e.points) for e in sheet.entries] == [
        (EntryKind.TRICKS, 36),
        (EntryKind.SLAM, 2000),
        (EntryKind.GAME, 1000),
    ]


def test_four_passes_give_each_side_100_and_the_same_dealer_deals_again() -> None:
    sheet = play(new_old_polish_rubber(Seat.SOUTH), PadDeal())
    assert of(sheet, NS, EntryKind.PASSED_OUT) == [100]
    assert of(sheet, EW, EntryKind.PASSED_OUT) == [100]
    assert sheet.played == 0 and sheet.dealer is Seat.SOUTH


def test_undertricks_and_honours_as_in_rubber_bridge() -> None:
    sheet = play(new_old_polish_rubber(), deal("4S E", 7, honours=(NS, 100)))
    assert of(sheet, NS, EntryKind.UNDERTRICKS) == [150]
    assert of(sheet, NS, EntryKind.HONOURS) == [100]
    sheet = play(
        new_old_polish_rubber(rules=old_polish_rules(honours=False)), deal("4S E", 7, (NS, 100))
    )
    assert of(sheet, NS, EntryKind.HONOURS) == []


def test_an_unfinished_rubber_scores_only_the_partscore() -> None:
    sheet = close(play(new_old_polish_rubber(), deal("3NT N", 9), deal("1S E", 7)))
    assert of(sheet, NS, EntryKind.UNFINISHED_GAME) == []
    assert of(sheet, EW, EntryKind.UNFINISHED_PARTSCORE) == [100]
    assert sheet.totals == {NS: 1030, EW: 109}


def test_the_rules() -> None:
    assert OLD_POLISH.name == "old-polish" and OLD_POLISH.table.game == 30
    assert old_polish_rules(doubled_overtricks_flat=True).table.doubled_overtricks_flat
