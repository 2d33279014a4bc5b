"""The card from equals (`robots/cardplay/carding.py`): what a lead or a card followed denies,
and that the robots play by the rule they read, so the real layout is never counted down."""

from __future__ import annotations

import random

from test_signals import _played
from vaza.core import Board, ContractDeal, Seat, seat_view
from vaza.core.calls import Contract
from vaza.core.cards import Card, Suit
from vaza.robots.cardplay import CardPlayer, CardSettings
from vaza.robots.cardplay.carding import DENIED, carding_weight, denied_card, tells
from vaza.robots.cardplay.player import _Search, equal_runs


def test_a_lead_denies_the_card_above_and_a_card_followed_the_card_below() -> None:
    played = _played("W:HK N:H2 E:HQ S:HA")
    assert denied_card(played, 0, 0) == Card.parse("HA")  # the king led: not from A-K
    assert denied_card(played, 1, 0) is None  # the two: nothing below
    assert denied_card(played, 2, 0) == Card.parse("HJ")  # the queen under the ace: no jack


def test_cards_gone_in_finished_tricks_are_skipped_and_the_trick_on_the_table_is_not() -> None:
    played = _played("W:HK N:H2 E:HQ S:HA  S:HJ W:H3 N:H4 E:HT")
    assert denied_card(played, 7, 0) == Card.parse("H9")  # the queen is gone: T and 9 touch
    assert denied_card(played, 4, 0) is None  # the jack led: K, Q and A above are gone
    after = _played("S:SA W:SJ N:S2 E:S3")  # a lead by South; West follows
    assert denied_card(after, 1, 0) == Card.parse("ST")
    table = _played("S:ST W:SQ")  # the ten is on the table, not gone: Q and J are not equals
    assert denied_card(table, 1, 0) == Card.parse("SJ")


def test_a_player_who_broke_the_rule_tells_nothing_by_it() -> None:
    played = _played("W:HK N:H2 E:H3 S:H4  W:HA N:H5 E:H6 S:H7")  # K then A from A-K
    assert denied_card(played, 0, Card.parse("HA").mask) is None
    assert tells(played, (Seat.WEST,), Suit.SPADES) == ()


def test_tells_read_only_the_hidden_seats_and_not_signals_when_signals_are_played() -> None:
    played = _played("W:HK N:H2 E:H8 S:HA")
    assert tells(played, (Seat.EAST, Seat.SOUTH), Suit.SPADES) == (
        (Seat.EAST, Card.parse("H7").mask),
    )
    assert tells(played, (Seat.EAST, Seat.SOUTH), Suit.SPADES, signals=True) == ()
    assert tells(played, (Seat.WEST,), None) == ()  # the ace it denies was played: no news
    ducked = _played("W:HK N:H2 E:H8 S:H3")
    assert tells(ducked, (Seat.WEST,), None) == ((Seat.WEST, Card.parse("HA").mask),)
    layout = (0, Card.parse("H7").mask | Card.parse("HA").mask, 0, 0)
    denied = ((Seat.EAST, Card.parse("H7").mask), (Seat.EAST, Card.parse("HA").mask))
    assert carding_weight(layout, denied) == DENIED * DENIED
    assert carding_weight((0, 0, 0, layout[1]), denied) == 1.0


def test_robots_play_by_the_rule_so_the_real_layout_is_never_counted_down() -> None:
    """Four robots play two deals; before every card, every seat's reading of the others'
    cards from equals leaves the real layout its full weight."""
    for seed in (3, 4):
        board = Board.random(seed, random.Random(seed))
        contract = Contract.parse("3NT S" if seed == 3 else "4H E")
        game = ContractDeal(board, contract)
        robots = {seat: CardPlayer(settings=CardSettings.fixed(4), seed=seed) for seat in Seat}
        reader = CardPlayer(settings=CardSettings(read_carding=True))
        read = 0
        while not game.is_over:
            play, seat = game.play, game.controller
            assert play is not None and seat is not None
            view = seat_view(game, seat)
            if len(equal_runs(view)) > 1:
                search = _Search(reader, view, contract, game.to_act, equal_runs(view))  # type: ignore[arg-type]
                read += len(search.denied)
                assert carding_weight(tuple(play.hands), search.denied) == 1.0  # type: ignore[arg-type]
            game.apply(robots[seat].choose(view), by=seat)
        assert read > 0
