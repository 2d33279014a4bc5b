"""Auction Bridge (seed 000): rubber bridge with overtricks below the line, toward game."""

from __future__ import annotations

from vaza.core.calls import Contract
from vaza.core.cards import Side
from vaza.scoring.auction_bridge import AUCTION, auction_rules, new_auction_rubber
from vaza.scoring.rubber import new_rubber
from vaza.scoring.sheet import EntryKind, PadDeal, Sheet, add

NS, EW = Side.NS, Side.EW


def deal(text: str, tricks: int, honours: tuple[Side, int] | None = None) -> PadDeal:
    return PadDeal(Contract.parse(text), tricks, honours)


def below(sheet: Sheet, side: Side) -> list[tuple[EntryKind, int]]:
    return [(e.kind, e.points) for e in sheet.entries if e.below and e.side is side]


def above(sheet: Sheet, side: Side) -> list[tuple[EntryKind, int]]:
    return [(e.kind, e.points) for e in sheet.entries if not e.below and e.side is side]


def test_overtricks_count_toward_game() -> None:
    sheet = add(new_auction_rubber(), deal("2H N", 10))
    assert below(sheet, NS) == [(EntryKind.TRICKS, 60), (EntryKind.OVERTRICKS, 60)]
    assert above(sheet, NS) == []
    assert sheet.games_won(NS) == 1
    # The same deal at rubber bridge: a partscore and 60 above.
    rubber = add(new_rubber(), deal("2H N", 10))
    assert rubber.games_won(NS) == 0 and above(rubber, NS) == [(EntryKind.OVERTRICKS, 60)]


def test_overtricks_at_no_trump_and_in_a_minor() -> None:
    sheet = add(new_auction_rubber(), deal("1NT E", 9))
    assert below(sheet, EW) == [(EntryKind.TRICKS, 40), (EntryKind.OVERTRICKS, 60)]
    assert sheet.games_won(EW) == 1
    sheet = add(new_auction_rubber(), deal("1C S", 8))
    assert sheet.below(NS) == 40 and sheet.games_won(NS) == 0


def test_doubled_overtricks_count_below_at_the_doubled_trick_value() -> None:
    sheet = add(new_auction_rubber(), deal("1SX N", 9))
    assert below(sheet, NS) == [(EntryKind.TRICKS, 60), (EntryKind.OVERTRICKS, 120)]
    assert above(sheet, NS) == [(EntryKind.INSULT, 50)]
    sheet = add(new_auction_rubber(), deal("1DXX W", 8))
    assert below(sheet, EW) == [(EntryKind.TRICKS, 80), (EntryKind.OVERTRICKS, 80)]
    assert above(sheet, EW) == [(EntryKind.INSULT, 100)]


def test_the_rest_is_rubber_bridge() -> None:
    sheet = new_auction_rubber()
    for one in (deal("3C N", 11), deal("4HX E", 7), deal("1S S", 10, (EW, 100))):
        sheet = add(sheet, one)
    # 3♣+2: 100 below, game.  4♥X down 3 (East–West not vulnerable): 500.  1♠+3: 120, game.
    assert sheet.over and sheet.rubber_winner is NS
    assert above(sheet, NS) == [(EntryKind.UNDERTRICKS, 500), (EntryKind.RUBBER, 700)]
    assert above(sheet, EW) == [(EntryKind.HONOURS, 100)]
    assert sheet.totals == {NS: 100 + 500 + 120 + 700, EW: 100}


def test_options() -> None:
    assert AUCTION.name == "auction" and AUCTION.overtricks_below
    assert not auction_rules(honours=False).honours
