"""The widow game: twelve cards each, the widow handed out by the declarer, then bridge."""

from __future__ import annotations

import random

import pytest

from gameprobes import card_mask
from test_bridge_whist import controller, must_refuse, to_act
from vaza.core import (
    PASS,
    Call,
    Card,
    Claim,
    ClaimResponse,
    Deal,
    Hand,
    IllegalAction,
    LowestOf,
    Seat,
    Suit,
    UndoRequest,
    UndoResponse,
)
from vaza.core.games.widow import (
    FixedDummyPlay,
    HandOut,
    WidowBoard,
    WidowDeal,
    WidowStage,
)
from vaza.core.views.widow import kibitzer_view, seat_view
from vaza.robots.variants_simple import WidowRobot, widow_hand_out


def new_deal(rng: random.Random, fixed_dummy: bool | None = None) -> WidowDeal:
    fixed = rng.random() < 0.5 if fixed_dummy is None else fixed_dummy
    return WidowDeal(WidowBoard.random(rng.randint(1, 16), rng), fixed_dummy=fixed)


def stage_of(game: WidowDeal) -> WidowStage:
    """The stage, read afresh (a plain attribute read would stay narrowed for mypy)."""
    return game.stage


def snapshot(game: WidowDeal) -> object:
    return (
        game.stage,
        tuple(game.history()),
        game.to_act,
        game.controller,
        game.proposal,
        tuple(game.legal_actions()),
        kibitzer_view(game, all_hands=True),
        game.result,
    )


# -- random deals ---------------------------------------------------------------------------


# -- the seed's rules -----------------------------------------------------------------------

# The widow is the four kings; West has no spades.
HANDS = Deal.from_pbn("N:AQJT.AQJ.AQJ.AQ 9876.T98.T98.JT 5432.765.765.98 .432.432.765432")
WIDOW = Hand.parse("K.K.K.K")


def board(dealer: Seat = Seat.NORTH) -> WidowBoard:
    return WidowBoard(HANDS, WIDOW, dealer=dealer)


def calls(game: WidowDeal, text: str) -> None:
    for token in text.split():
        game.apply(Call.parse(token))


def test_a_widow_board_deals_twelve_cards_each_and_four_to_the_middle() -> None:
    assert [len(hand) for hand in HANDS.hands] == [12, 12, 12, 12]
    with pytest.raises(ValueError, match="twelve"):
        WidowBoard(HANDS, Hand.parse("K.K.K.-"))
    with pytest.raises(ValueError, match="both"):
        WidowBoard(HANDS, Hand.parse("A.K.K.K"))
    random_board = WidowBoard.random(3, random.Random(1))
    assert random_board.dealer == Seat.SOUTH


def test_the_declarer_hands_out_the_widow_before_the_opening_lead() -> None:
    game = WidowDeal(board())
    calls(game, "1S Pass 2S Pass Pass Pass")
    assert stage_of(game) is WidowStage.WIDOW
    assert to_act(game) == controller(game) == Seat.NORTH
    assert len(game.legal_actions()) == 24
    north, east = seat_view(game, Seat.NORTH), seat_view(game, Seat.EAST)
    assert north.widow == WIDOW and east.widow is None, "only the declarer picks it up"
    assert east.widow_left == 4
    snap = lambda: snapshot(game)  # noqa: E731
    must_refuse(lambda: game.apply(Card.parse("HT")), snap)
    must_refuse(lambda: game.apply(PASS), snap)
    gift = HandOut.of(
        {
            Seat.NORTH: Card.parse("SK"),
            Seat.EAST: Card.parse("CK"),
            Seat.SOUTH: Card.parse("HK"),
            Seat.WEST: Card.parse("DK"),
        }
    )
    must_refuse(lambda: game.apply(gift, by=Seat.SOUTH), snap)
    game.apply(gift, by=Seat.NORTH)
    assert stage_of(game) is WidowStage.PLAY
    assert game.hand(Seat.NORTH) == HANDS[Seat.NORTH] | Hand.parse("K...")
    assert game.hand(Seat.EAST) == HANDS[Seat.EAST] | Hand.parse("...K")
    assert all(len(game.hand(seat)) == 13 for seat in Seat)
    assert to_act(game) == Seat.EAST, "then declarer's left-hand opponent leads"
    north, east = seat_view(game, Seat.NORTH), seat_view(game, Seat.EAST)
    assert north.received == gift.cards, "the declarer knows who received what"
    assert east.received == (None, Card.parse("CK"), None, None), "the others their own"
    assert east.widow is None and east.widow_left == 0
    assert kibitzer_view(game).received == (None, None, None, None)
    game.apply(Card.parse("HT"))
    assert seat_view(game, Seat.EAST).hands[Seat.SOUTH] == game.hand(Seat.SOUTH)
    assert seat_view(game, Seat.EAST).received[Seat.SOUTH] is None, "dummy's gift stays unknown"


def test_four_passes_end_the_deal() -> None:
    game = WidowDeal(board(Seat.WEST))
    calls(game, "Pass Pass Pass Pass")
    assert game.is_over and stage_of(game) is WidowStage.OVER
    result = game.result
    assert result is not None and result.passed_out
    assert game.legal_actions() == () and game.to_act is None
    assert seat_view(game, Seat.EAST).board == game.board


def test_the_widow_must_go_one_card_to_each_seat() -> None:
    game = WidowDeal(board())
    calls(game, "1NT Pass Pass Pass")
    spade, heart, diamond, club = (Card.parse(text) for text in ("SK", "HK", "DK", "CK"))
    snap = lambda: snapshot(game)  # noqa: E731
    must_refuse(lambda: game.apply(HandOut((spade, spade, heart, diamond))), snap)
    must_refuse(lambda: game.apply(HandOut((spade, heart, diamond, Card.parse("SA")))), snap)
    with pytest.raises(ValueError, match="four seats"):
        HandOut.of({Seat.NORTH: spade})
    game.apply(HandOut((club, diamond, heart, spade)))
    must_refuse(lambda: game.apply(HandOut((spade, heart, diamond, club))), snap)


def test_no_undo_crosses_the_showing_of_the_widow() -> None:
    """Issue 21: the declarer sees the widow as the auction ends, each player the card handed
    to them: from then on neither the calls nor the handing out can be taken back, by anyone
    (the declarer would bid again knowing the widow).  Before, a call can."""
    game = WidowDeal(board())
    calls(game, "1S Pass Pass")
    game.apply(UndoRequest(), by=Seat.SOUTH)  # South's pass, before the auction ends
    game.apply(UndoResponse(True), by=Seat.EAST)
    game.apply(UndoResponse(True), by=Seat.WEST)
    assert [str(c) for c in game.auction.calls] == ["1S", "Pass"]
    calls(game, "Pass Pass")
    assert stage_of(game) is WidowStage.WIDOW
    for seat in (Seat.NORTH, Seat.WEST):  # the declarer, and the last to pass
        with pytest.raises(IllegalAction, match="widow has been shown"):
            game.apply(UndoRequest(), by=seat)
    game.apply(HandOut(tuple(WIDOW)))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="widow has been shown"):
        game.apply(UndoRequest(), by=Seat.NORTH)
    assert game.proposal is None and game.hand_out is not None


# -- the fixed dummy (seed 000's uncertain rule) ------------------------------------------------


def test_fixed_dummy_as_declarers_partner_is_ordinary_bridge() -> None:
    game = WidowDeal(board(Seat.NORTH), fixed_dummy=True)  # dummy: West, North's right
    calls(game, "Pass 1C Pass Pass Pass")
    game.apply(widow_hand_out(WIDOW, Seat.EAST, Suit.CLUBS))
    assert game.dummy == Seat.WEST == game.contract.dummy  # type: ignore[union-attr]
    assert isinstance(game.play_deal, FixedDummyPlay)
    game.apply(Card.parse("H7"))  # South leads
    assert to_act(game) == Seat.WEST and controller(game) == Seat.EAST


def test_fixed_dummy_who_declares_is_declarer_and_dummy_at_once() -> None:
    game = WidowDeal(board(Seat.NORTH), fixed_dummy=True)
    calls(game, "Pass Pass Pass 1D Pass Pass Pass")  # West declares and is dummy
    assert game.contract is not None and game.contract.declarer == Seat.WEST
    assert game.dummy == Seat.WEST
    game.apply(HandOut(tuple(WIDOW)), by=Seat.WEST)  # type: ignore[arg-type]
    assert to_act(game) == Seat.NORTH, "declarer's left-hand opponent leads"
    assert seat_view(game, Seat.NORTH).hands[Seat.WEST] is None
    game.apply(Card.parse("HA"))
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH):
        view = seat_view(game, seat)
        assert view.hands[Seat.WEST] == game.hand(Seat.WEST), "West's hand is faced"
        if seat != Seat.EAST:
            assert view.hands[Seat.EAST] is None, "partner's hand stays hidden"
    assert to_act(game) == controller(game) == Seat.EAST, "partner plays his own hand"
    game.apply(Card.parse("HT"), by=Seat.EAST)
    game.apply(Card.parse("H7"), by=Seat.SOUTH)
    assert to_act(game) == controller(game) == Seat.WEST, "declarer plays his own faced hand"
    game.apply(LowestOf(Suit.HEARTS), by=Seat.WEST)
    game.apply(Claim(0), by=Seat.EAST)
    assert game.proposal is not None and game.proposal.awaiting == {Seat.NORTH, Seat.SOUTH}
    game.apply(ClaimResponse(False), by=Seat.NORTH)
    game.apply(Claim(12), by=Seat.WEST)
    assert game.proposal is not None and game.proposal.awaiting == {Seat.NORTH, Seat.SOUTH}
    game.apply(ClaimResponse(False), by=Seat.SOUTH)
    game.apply(Claim(12), by=Seat.NORTH)
    assert game.proposal is not None
    assert game.proposal.awaiting == {Seat.EAST, Seat.WEST}, "declarer answers, though dummy"


def test_fixed_dummy_on_the_defending_side_is_played_by_its_partner() -> None:
    game = WidowDeal(board(Seat.NORTH), fixed_dummy=True)
    calls(game, "1S Pass Pass Pass")  # North declares; West, a defender, is dummy
    assert game.dummy == Seat.WEST
    game.apply(HandOut(tuple(WIDOW)))  # type: ignore[arg-type]
    assert to_act(game) == controller(game) == Seat.EAST
    game.apply(Card.parse("HT"))
    assert (game.to_act, game.controller) == (Seat.SOUTH, Seat.SOUTH)
    game.apply(Card.parse("H7"))
    assert to_act(game) == Seat.WEST and controller(game) == Seat.EAST, "the other defender"
    assert seat_view(game, Seat.NORTH).hands[Seat.WEST] == game.hand(Seat.WEST)
    assert seat_view(game, Seat.NORTH).hands[Seat.SOUTH] is None, "no faced hand for declarer"
    assert seat_view(game, Seat.EAST).legal_actions == tuple(game.legal_actions())
    must_refuse(lambda: game.apply(Claim(0), by=Seat.WEST), lambda: snapshot(game))
    must_refuse(lambda: game.apply(Card.parse("H5"), by=Seat.NORTH), lambda: snapshot(game))
    game.apply(LowestOf(Suit.HEARTS), by=Seat.EAST)
    assert game.history()[-1] == (Seat.EAST, Card.parse("H2"))
    game.apply(Claim(12), by=Seat.NORTH)
    assert game.proposal is not None and game.proposal.awaiting == {Seat.EAST}


def test_fixed_dummy_on_lead_makes_the_opening_lead_himself() -> None:
    game = WidowDeal(board(Seat.NORTH), fixed_dummy=True)
    calls(game, "Pass Pass 1H Pass Pass Pass")  # South declares: West, dummy, is on lead
    game.apply(HandOut(tuple(WIDOW)))  # type: ignore[arg-type]
    assert to_act(game) == controller(game) == Seat.WEST
    assert seat_view(game, Seat.EAST).legal_actions == ()
    assert seat_view(game, Seat.EAST).hands[Seat.WEST] is None, "not faced before the lead"
    must_refuse(lambda: game.apply(LowestOf(Suit.CLUBS)), lambda: snapshot(game))
    game.apply(Card.parse("C2"), by=Seat.WEST)
    assert seat_view(game, Seat.EAST).hands[Seat.WEST] == game.hand(Seat.WEST)
    assert game.history()[-1] == (Seat.WEST, Card.parse("C2"))
    for card in ("CA", "CJ", "C9"):
        game.apply(Card.parse(card))
    assert (game.to_act, game.controller) == (Seat.NORTH, Seat.NORTH), "declarer's partner"
    game.apply(Card.parse("CQ"))
    game.apply(Card.parse("CT"))
    game.apply(Card.parse("C8"))
    assert to_act(game) == Seat.WEST and controller(game) == Seat.EAST, "faced: East plays it"


# -- robots ------------------------------------------------------------------------------------


def test_the_robot_plays_legal_deals_from_its_views() -> None:
    robot = WidowRobot()
    rng = random.Random(3)
    handed = 0
    for number in range(16):
        game = new_deal(rng, fixed_dummy=number % 2 == 1)
        while not game.is_over:
            seat = game.controller
            assert seat is not None
            view = seat_view(game, seat)
            action = robot.choose(view)
            assert action in view.legal_actions
            game.apply(action, by=seat)
        handed += game.hand_out is not None
    assert handed > 0


def test_the_robot_keeps_the_best_widow_card_and_gives_the_worst_away() -> None:
    widow = Hand.parse("A2.3..4")
    gift = widow_hand_out(widow, Seat.SOUTH, Suit.HEARTS)
    assert gift.card_for(Seat.SOUTH) == Card.parse("H3"), "a trump first"
    assert gift.card_for(Seat.NORTH) == Card.parse("SA")
    assert {gift.card_for(Seat.EAST), gift.card_for(Seat.WEST)} == {
        Card.parse("S2"),
        Card.parse("C4"),
    }
    assert card_mask(gift) == widow.mask
