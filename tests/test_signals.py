"""Defensive signals (`robots/cardplay/signals.py`): when a defender signals and with which card,
how partner reads it, and that the robot gives them only among cards of equal value."""

from __future__ import annotations

from vaza.core import Board, ContractDeal, Deal, Seat, seat_view
from vaza.core.calls import Contract
from vaza.core.cards import Card, Hand
from vaza.robots.cardplay import CardPlayer, CardSettings
from vaza.robots.cardplay.signals import (
    MISREAD,
    Signal,
    reads_as_given,
    signal_at,
    signal_card,
    signal_weight,
    signals_given,
)

_SEATS = {seat.letter: seat for seat in Seat}
FOUR_SPADES = Contract.parse("4S S")  # West leads, North is dummy, East and West defend


def _cards(names: str) -> tuple[Card, ...]:
    return tuple(Card.parse(name) for name in names.split())


def _mask(hand: str) -> int:
    return Hand.parse(hand).mask


def _played(text: str) -> tuple[tuple[Seat, Card], ...]:
    """'W:HK N:H2' → the cards in order, with who played them."""
    return tuple(
        (_SEATS[who], Card.parse(card))
        for who, card in (entry.split(":") for entry in text.split())
    )


def test_a_defender_gives_attitude_on_partners_lead_and_count_on_declarers() -> None:
    partner_led = _played("W:HK N:H2")
    assert signal_at(partner_led, Seat.EAST, FOUR_SPADES, holds_suit=True) is Signal.ATTITUDE
    dummy_led = _played("W:HK N:H2 E:H3 S:H4 N:D2")
    assert signal_at(dummy_led, Seat.EAST, FOUR_SPADES, holds_suit=True) is Signal.COUNT


def test_no_signal_by_declarer_in_trumps_on_a_lead_or_the_second_time() -> None:
    assert signal_at(_played("W:HK"), Seat.NORTH, FOUR_SPADES, holds_suit=True) is None
    assert signal_at(_played("W:SK N:S2"), Seat.EAST, FOUR_SPADES, holds_suit=True) is None
    assert signal_at((), Seat.WEST, FOUR_SPADES, holds_suit=True) is None
    again = _played("W:HK N:H2 E:H3 S:H4 W:HA N:H5")
    assert signal_at(again, Seat.EAST, FOUR_SPADES, holds_suit=True) is None


def test_the_signal_card_is_the_highest_spot_for_high_and_the_lowest_for_low() -> None:
    candidates = _cards("H2 H6 H8 HJ")
    queen = _mask(".QJ862..")  # encourage with the highest spot, never the jack
    assert signal_card(Signal.ATTITUDE, queen, candidates) == Card.parse("H8")
    assert signal_card(Signal.ATTITUDE, _mask(".862.."), _cards("H2 H6 H8")) == Card.parse("H2")
    assert signal_card(Signal.COUNT, _mask(".8632.."), _cards("H2 H3 H6")) == Card.parse("H6")
    assert signal_card(Signal.COUNT, _mask(".862.."), _cards("H2 H6 H8")) == Card.parse("H2")
    assert signal_card(Signal.COUNT, _mask(".KQ.."), _cards("HQ HK")) is None


def test_partner_reads_a_signal_as_it_was_given() -> None:
    assert reads_as_given(Signal.ATTITUDE, _mask(".Q82.."), Card.parse("H8"))
    assert not reads_as_given(Signal.ATTITUDE, _mask(".Q82.."), Card.parse("H2"))
    assert reads_as_given(Signal.ATTITUDE, _mask(".982.."), Card.parse("H2"))
    assert not reads_as_given(Signal.COUNT, _mask(".982.."), Card.parse("H9"))
    assert reads_as_given(Signal.COUNT, _mask(".9832.."), Card.parse("H9"))
    assert reads_as_given(Signal.COUNT, _mask(".Q2.."), Card.parse("H2"))  # no choice of spots
    assert reads_as_given(Signal.COUNT, _mask(".QJ2.."), Card.parse("HJ"))  # an honour


def test_a_layout_that_contradicts_partners_signal_counts_less() -> None:
    played = _played("W:HK N:H2 E:H8 S:H4")  # East encourages West's king
    given = signals_given(played, Seat.EAST, FOUR_SPADES)
    assert given == ((Signal.ATTITUDE, Card.parse("H8"), Card.parse("H8").mask),)
    with_the_ace = _mask("432.A53.432.5432")  # East's hand now: the 8 came from A-8-5-3
    without = _mask("432.753.432.5432")
    assert signal_weight(given, with_the_ace) == 1.0
    assert signal_weight(given, without) == MISREAD


# East holds 9-7-5-2 of hearts (even) behind dummy's hearts; every small heart is worth the same.
_COUNT_DEAL = Deal.from_pbn("N:AKQJ.KQJT.AK.AK3 T98.9752.QJT.QJT 7654.A3.9876.987 32.864.5432.6542")


def _after(game: ContractDeal, cards: str) -> ContractDeal:
    for name in cards.split():
        game.apply(Card.parse(name), by=game.controller)
    return game


def test_the_robot_shows_its_count_only_when_it_signals() -> None:
    board = Board(_COUNT_DEAL)
    contract = Contract.parse("3NT N")  # East leads, South is dummy
    game = _after(ContractDeal(board, contract), "DQ D6 D2 DK HK")  # North leads a heart
    view = seat_view(game, Seat.EAST)
    signaller = CardPlayer(settings=CardSettings(max_samples=8, signals=True), seed=1)
    assert signaller.choose(view) == Card.parse("H9")  # high from four
    assert CardPlayer(settings=CardSettings(max_samples=8), seed=1).choose(view) == Card.parse("H2")


def test_the_first_discard_is_attitude_low_from_weakness_first() -> None:
    unable = _played("W:HK N:H2")
    assert signal_at(unable, Seat.EAST, FOUR_SPADES, holds_suit=False) is Signal.DISCARD
    later = _played("W:HK N:H2 E:D2 S:H4 W:HA N:H5")
    assert signal_at(later, Seat.EAST, FOUR_SPADES, holds_suit=False) is None
    ruffed = _played("W:HK N:H2 E:S2 S:H4 W:HA N:H5")  # a ruff is not a discard
    assert signal_at(ruffed, Seat.EAST, FOUR_SPADES, holds_suit=False) is Signal.DISCARD
    hand = _mask("2.-.AQ74.8532")
    assert signal_card(Signal.DISCARD, hand, _cards("C2 C3 D4 D7")) == Card.parse("C2")
    assert signal_card(Signal.DISCARD, hand, _cards("C5 D4 D7")) == Card.parse("D7")
    assert signal_card(Signal.DISCARD, hand, _cards("C5 D4")) is None  # neither says it
    given = signals_given(_played("W:HK N:H2 E:D7 S:H4"), Seat.EAST, FOUR_SPADES)
    assert given == ((Signal.DISCARD, Card.parse("D7"), Card.parse("D7").mask),)
    assert signal_weight(given, _mask("2..AQ4.8532")) == 1.0
    assert signal_weight(given, _mask("2..T54.8532")) == MISREAD


def test_the_defender_weighs_layouts_by_partners_signal_and_declarer_by_both() -> None:
    from vaza.robots.cardplay.player import _Search, equal_runs

    deal = Deal.from_pbn("N:AKQ2.752.AK2.432 65.A83.QJT9.QJT9 JT987.J96.876.AK 43.KQT4.543.8765")
    game = _after(ContractDeal(Board(deal), FOUR_SPADES), "HK H2 H8 H6")  # East encourages
    view = seat_view(game, Seat.WEST)
    search = _Search(
        CardPlayer(settings=CardSettings(signals=True)),
        view,
        FOUR_SPADES,
        Seat.WEST,
        equal_runs(view),
    )
    assert [seat for seat, _ in search.readings] == [Seat.EAST]
    real = tuple(game.play.hands)  # type: ignore[union-attr]
    ace, jack = Card.parse("HA").mask, Card.parse("HJ").mask
    swapped = list(real)
    swapped[Seat.EAST] ^= ace | jack
    swapped[Seat.SOUTH] ^= ace | jack  # South holds the ace: East's 8 from J-8-3 discouraged
    assert search._signal_weight(real) == 1.0  # type: ignore[arg-type]
    assert search._signal_weight(tuple(swapped)) == MISREAD  # type: ignore[arg-type]
    silent = _Search(CardPlayer(), view, FOUR_SPADES, Seat.WEST, equal_runs(view))
    assert silent.readings == ()
    dummy_view = seat_view(_after(game, "HQ"), Seat.SOUTH)  # declarer reads both defenders
    declarer = _Search(
        CardPlayer(settings=CardSettings(signals=True)), dummy_view, FOUR_SPADES, Seat.NORTH, []
    )
    assert [seat for seat, _ in declarer.readings] == [Seat.EAST]  # West has not signalled
