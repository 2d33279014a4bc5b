"""Honours counted from the hands (online play) and checked when declared (the pad)."""

from __future__ import annotations

import pytest

from helpers import FIXED_DEAL
from vaza.core.calls import Contract
from vaza.core.cards import Hand, Seat, Side
from vaza.core.deal import Deal
from vaza.core.errors import ParseError
from vaza.core.games.contract import DealResult
from vaza.scoring.honours import honours, valid_honours
from vaza.scoring.sheet import PadDeal

# North: AKQJ of spades and the four aces; East: T9 8 7 of spades, KQJ T of hearts …
ACES_AND_SPADES = Deal.from_pbn(
    "N:AKQJ2.A2.A32.A32 T987.KQJT.KQ.KQJ 6543.9876.JT9.T9 -.543.87654.87654"
)


def test_four_trump_honours_in_declarers_hand() -> None:
    assert honours(ACES_AND_SPADES, Contract.parse("4S N")) == (Side.NS, 100)


def test_all_five_trump_honours() -> None:
    deal = Deal.from_pbn("N:AKQJT.A2.A32.A32 9876.KQJ3.KQ.KQJ 5432.9876.JT9.T9 -.T54.87654.87654")
    assert honours(deal, Contract.parse("2S E")) == (Side.NS, 150)


def test_honours_held_by_a_defender_count_for_the_defenders() -> None:
    # East holds K Q J T of hearts; North declares hearts.
    assert honours(ACES_AND_SPADES, Contract.parse("4H N")) == (Side.EW, 100)


def test_four_aces_at_no_trump() -> None:
    assert honours(ACES_AND_SPADES, Contract.parse("3NT W")) == (Side.NS, 150)


def test_honours_split_between_partners_do_not_count() -> None:
    # FIXED_DEAL: North has A K Q of diamonds, East J T — three in one hand.
    assert honours(FIXED_DEAL, Contract.parse("5D S")) is None
    # FIXED_DEAL: North holds the four aces.
    assert honours(FIXED_DEAL, Contract.parse("1NT E")) == (Side.NS, 150)


def test_three_aces_are_not_honours_at_no_trump() -> None:
    deal = Deal.from_pbn("N:AKQJ2.A2.A32.432 T987.KQJT.KQ.KQJ 6543.9876.JT9.AT -")
    assert honours(deal, Contract.parse("3NT N")) is None


def test_hands_by_seat_and_passed_out() -> None:
    hands = ACES_AND_SPADES.hands
    assert honours(list(hands), Contract.parse("4S S")) == (Side.NS, 100)
    assert honours(hands, None) is None
    with pytest.raises(ValueError, match="four hands"):
        honours([Hand()], Contract.parse("4S S"))


def test_valid_declared_honours() -> None:
    assert valid_honours(Contract.parse("4S N"), 100)
    assert valid_honours(Contract.parse("4S N"), 150)
    assert not valid_honours(Contract.parse("4S N"), 50)
    assert valid_honours(Contract.parse("3NT N"), 150)
    assert not valid_honours(Contract.parse("3NT N"), 100)
    with pytest.raises(ParseError, match="150"):
        PadDeal(Contract.parse("3NT N"), 9, honours=(Side.EW, 100))


def test_a_deal_played_online_counts_honours_and_points_from_the_hands() -> None:
    result = DealResult(Contract.parse("4H N"), 9)
    deal = PadDeal.from_result(result, ACES_AND_SPADES)
    assert deal.honours == (Side.EW, 100)
    assert deal.ns_hcp == ACES_AND_SPADES[Seat.NORTH].hcp + ACES_AND_SPADES[Seat.SOUTH].hcp == 23
    assert PadDeal.from_result(result) == PadDeal(Contract.parse("4H N"), 9)
    passed = PadDeal.from_result(DealResult(None, None), ACES_AND_SPADES)
    assert passed.passed_out and passed.honours is None and passed.ns_hcp == 23
