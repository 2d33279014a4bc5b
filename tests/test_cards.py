from __future__ import annotations

import pickle

import pytest

from vaza.core import (
    CARDS,
    Card,
    Deal,
    Hand,
    ParseError,
    Rank,
    Seat,
    Side,
    Suit,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    make_rng,
)


def test_there_are_52_distinct_interned_cards() -> None:
    assert len({card.index for card in CARDS}) == 52
    assert Card(Suit.SPADES, Rank.ACE) is Card.parse("SA") is Card.parse("A♠")
    assert Card.parse("h10") is Card.parse("HT") is Card(Suit.HEARTS, Rank.TEN)
    assert pickle.loads(pickle.dumps(Card.parse("D7"))) is Card.parse("D7")


def test_card_order_is_suit_then_rank() -> None:
    assert Card.parse("C2").index == 0
    assert Card.parse("SA").index == 51
    assert Card.parse("CA") < Card.parse("D2")
    assert str(Card.parse("st")) == "ST"
    assert Card.parse("HT").symbol == "♥10"


@pytest.mark.parametrize("text", ["", "S", "SX", "Z5", "S1", "11H"])
def test_bad_cards_are_refused_with_a_parse_error(text: str) -> None:
    with pytest.raises(ParseError):
        Card.parse(text)


def test_high_card_points() -> None:
    assert [rank.hcp for rank in Rank] == [0] * 9 + [1, 2, 3, 4]
    hand = Hand.parse("AKQJ.AKQ.AKQ.AKQ")
    assert hand.hcp == 37
    assert Hand.parse("T987.JT9.JT9.JT9").hcp == 3
    assert sum(Hand.parse(part).hcp for part in ("A.K.Q.J", "...")) == 10


def test_hand_parse_and_format() -> None:
    hand = Hand.parse("AK2..T9876.5432")
    assert len(hand) == 12
    assert hand.shape == (3, 0, 5, 4)
    assert hand.to_pbn() == "AK2..T9876.5432"
    assert next(iter(hand)) is Card.parse("SA")
    assert Card.parse("D9") in hand and Card.parse("H2") not in hand
    with pytest.raises(ParseError):
        Hand.parse("AA.K.Q.J")
    with pytest.raises(ParseError):
        Hand.parse("AKQ.K.Q")


def test_seats_and_sides() -> None:
    assert Seat.NORTH.lho is Seat.EAST
    assert Seat.NORTH.rho is Seat.WEST
    assert Seat.EAST.partner is Seat.WEST
    assert Seat.SOUTH.side is Side.NS and Seat.WEST.side is Side.EW
    assert Side.NS.seats == (Seat.NORTH, Seat.SOUTH)
    assert Seat.from_letter("w") is Seat.WEST


def test_sixteen_board_cycle() -> None:
    # WBF Law 2, the standard duplicate cycle (seed 003).
    expected = [
        "None",
        "NS",
        "EW",
        "All",
        "NS",
        "EW",
        "All",
        "None",
        "EW",
        "All",
        "None",
        "NS",
        "All",
        "None",
        "NS",
        "EW",
    ]
    for board in range(1, 33):
        assert board_vulnerability(board).pbn == expected[(board - 1) % 16]
        assert board_dealer(board) is Seat((board - 1) % 4)
    assert Vulnerability.NS.is_vulnerable(Side.NS)
    assert not Vulnerability.NS.is_vulnerable(Side.EW)
    assert Vulnerability.BOTH.is_vulnerable(Side.EW)
    with pytest.raises(ValueError):
        board_dealer(0)


def test_random_deals_hold_52_distinct_cards_and_reproduce_from_a_seed() -> None:
    deal = Deal.random(make_rng(7))
    assert deal.is_complete
    masks = [hand.mask for hand in deal.hands]
    assert sum(bin(mask).count("1") for mask in masks) == 52
    assert masks[0] | masks[1] | masks[2] | masks[3] == (1 << 52) - 1
    assert Deal.random(make_rng(7)) == deal
    assert Deal.random(make_rng(8)) != deal
    assert Deal.random() != Deal.random()  # the secure source
    assert list(deal) == list(deal.hands)  # iterable compiled too, where no fallback exists


def test_pbn_deal_round_trip_and_completion() -> None:
    deal = Deal.random(make_rng(3))
    for first in Seat:
        assert Deal.from_pbn(deal.to_pbn(first)) == deal
    text = deal.to_pbn(Seat.EAST).split()
    text[2] = "-"  # an unknown hand is completed from the rest
    assert Deal.from_pbn(" ".join(text)) == deal
    with pytest.raises(ParseError):
        Deal.from_pbn("N:AKQ.K.Q.J")
