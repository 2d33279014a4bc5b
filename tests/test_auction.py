from __future__ import annotations

import pytest

from helpers import calls
from vaza.core import (
    BIDS,
    DOUBLE,
    PASS,
    REDOUBLE,
    Auction,
    Call,
    Contract,
    Doubling,
    GameOver,
    IllegalAction,
    ParseError,
    Seat,
    Strain,
)


def test_seed_000_worked_auction_north_declares_four_hearts() -> None:
    # North passes, East 1D, South 3D, West doubles, North 3H, East passes, South 4H,
    # then three passes: 4H by North (North named hearts first), South is dummy.
    auction = Auction(Seat.NORTH, calls("Pass 1D 3D X 3H Pass 4H Pass Pass Pass"))
    assert auction.is_over
    contract = auction.contract
    assert contract == Contract(4, Strain.HEARTS, Doubling.UNDOUBLED, Seat.NORTH)
    assert contract.dummy is Seat.SOUTH
    assert contract.opening_leader is Seat.EAST
    assert contract.tricks_needed == 10


def test_seed_003_worked_auction_one_no_trump_raised_to_three() -> None:
    auction = Auction(Seat.NORTH, calls("1NT Pass 3NT Pass Pass Pass"))
    contract = auction.contract
    assert contract is not None
    assert (contract.level, contract.strain, contract.declarer) == (3, Strain.NOTRUMP, Seat.NORTH)
    assert contract.opening_leader is Seat.EAST
    assert contract.dummy is Seat.SOUTH


def test_dealer_calls_first_and_turn_goes_clockwise() -> None:
    auction = Auction(Seat.WEST)
    assert auction.to_act is Seat.WEST
    auction.add(PASS)
    assert auction.to_act is Seat.NORTH
    auction.add(Call.parse("1C"))
    assert auction.to_act is Seat.EAST


def test_bids_rank_by_level_then_strain() -> None:
    order = [str(bid) for bid in BIDS[:6]]
    assert order == ["1C", "1D", "1H", "1S", "1NT", "2C"]
    auction = Auction(Seat.NORTH, calls("1H"))
    with pytest.raises(IllegalAction, match="not higher"):
        auction.add(Call.parse("1D"))
    with pytest.raises(IllegalAction):
        auction.add(Call.parse("1H"))
    auction.add(Call.parse("1S"))
    assert auction.legal_calls()[0] is PASS


def test_four_opening_passes_pass_the_deal_out() -> None:
    auction = Auction(Seat.SOUTH, calls("Pass Pass Pass"))
    assert not auction.is_over
    auction.add(PASS)
    assert auction.is_over and auction.is_passed_out
    assert auction.contract is None
    assert auction.to_act is None
    with pytest.raises(GameOver):
        auction.add(PASS)


def test_three_passes_after_a_bid_end_the_auction_even_after_opening_passes() -> None:
    auction = Auction(Seat.NORTH, calls("Pass Pass Pass 1C Pass Pass"))
    assert not auction.is_over
    auction.add(PASS)
    assert auction.contract == Contract(1, Strain.CLUBS, Doubling.UNDOUBLED, Seat.WEST)


def test_double_only_an_opponents_undoubled_last_bid() -> None:
    auction = Auction(Seat.NORTH)
    with pytest.raises(IllegalAction, match="nobody has bid"):
        auction.add(DOUBLE)
    auction.add(Call.parse("1S"))  # North
    auction.add(PASS)  # East
    with pytest.raises(IllegalAction, match="opponent"):
        auction.add(DOUBLE)  # South may not double partner
    assert DOUBLE not in auction.legal_calls()
    auction.add(PASS)  # South
    assert DOUBLE in auction.legal_calls()  # West may double North's bid
    auction.add(DOUBLE)
    with pytest.raises(IllegalAction):
        auction.add(DOUBLE)  # already doubled
    assert auction.calls[-1] is DOUBLE


def test_redouble_only_an_opponents_double_of_own_sides_bid() -> None:
    auction = Auction(Seat.NORTH, calls("1S X"))
    assert REDOUBLE in auction.legal_calls()  # South redoubles partner's doubled bid
    auction.add(PASS)
    assert REDOUBLE not in auction.legal_calls()  # West's own side doubled
    with pytest.raises(IllegalAction):
        auction.add(REDOUBLE)
    auction.add(PASS)
    auction.add(REDOUBLE)  # North may redouble too
    assert REDOUBLE not in auction.legal_calls() and DOUBLE not in auction.legal_calls()
    for _ in range(3):
        auction.add(PASS)
    contract = auction.contract
    assert contract is not None and contract.doubling is Doubling.REDOUBLED
    assert str(contract) == "1SXX"


def test_a_higher_bid_cancels_doubles() -> None:
    auction = Auction(Seat.NORTH, calls("1S X XX 2C Pass Pass Pass"))
    contract = auction.contract
    assert contract == Contract(2, Strain.CLUBS, Doubling.UNDOUBLED, Seat.WEST)


def test_seven_no_trump_can_still_be_doubled_and_redoubled() -> None:
    # Seed 000 says a top bid ends the auction; the WBF laws do not: opponents may double.
    auction = Auction(Seat.NORTH, calls("7NT"))
    assert not auction.is_over
    assert auction.legal_calls() == (PASS, DOUBLE)
    auction.add(DOUBLE)
    assert auction.legal_calls() == (PASS, REDOUBLE)
    for call in calls("XX Pass Pass Pass"):
        auction.add(call)
    assert str(auction.contract) == "7NTXX"


def test_declarer_is_the_first_of_the_side_to_name_the_strain() -> None:
    auction = Auction(Seat.EAST, calls("1H Pass 2H Pass 4H Pass Pass Pass"))
    assert auction.contract is not None and auction.contract.declarer is Seat.EAST
    # The opponents' earlier mention of the strain does not matter.
    auction = Auction(Seat.NORTH, calls("1S 2S Pass 3H Pass 4S Pass Pass Pass"))
    assert auction.contract is not None and auction.contract.declarer is Seat.EAST
    assert auction.first_to_name(Seat.NORTH, Strain.SPADES) is Seat.NORTH


def test_a_rejected_call_changes_nothing() -> None:
    auction = Auction(Seat.NORTH, calls("1NT"))
    before = (list(auction.calls), auction.to_act, auction.legal_calls())
    for bad in (Call.parse("1C"), REDOUBLE):
        with pytest.raises(IllegalAction):
            auction.add(bad)
        assert (list(auction.calls), auction.to_act, auction.legal_calls()) == before


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pass", "Pass"),
        ("p", "Pass"),
        ("x", "X"),
        ("Dbl", "X"),
        ("r", "XX"),
        ("1n", "1NT"),
        ("3♠", "3S"),
        ("7nt", "7NT"),
        ("2sa", "2NT"),
    ],
)
def test_call_spellings(text: str, expected: str) -> None:
    assert str(Call.parse(text)) == expected


@pytest.mark.parametrize("text", ["8C", "0S", "1X", "", "double down"])
def test_bad_calls_are_refused(text: str) -> None:
    with pytest.raises(ParseError):
        Call.parse(text)


def test_contract_parsing() -> None:
    assert Contract.parse("3ntx by s") == Contract(3, Strain.NOTRUMP, Doubling.DOUBLED, Seat.SOUTH)
    assert Contract.parse("6HXX", Seat.WEST).doubling is Doubling.REDOUBLED
    with pytest.raises(ParseError):
        Contract.parse("8S", Seat.NORTH)
    with pytest.raises(ParseError):
        Contract.parse("4S")
