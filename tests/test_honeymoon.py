"""Two-handed bridge: the first phase's tricks for the stock, then an auction and play alone."""

from __future__ import annotations

import random

import pytest

from test_bridge_whist import must_refuse, to_act
from vaza.core import (
    PASS,
    Call,
    Card,
    Claim,
    ClaimResponse,
    GameOver,
    Hand,
    IllegalAction,
    NotYourTurn,
    Seat,
    Side,
    UndoRequest,
    UndoResponse,
    Vulnerability,
)
from vaza.core.games.honeymoon import (
    PLAYERS,
    TwoHandedBoard,
    TwoHandedDeal,
    TwoHandedStage,
)
from vaza.core.views.honeymoon import SeenDraw, kibitzer_view, seat_view
from vaza.robots.variants_simple import TwoHandedRobot, wants_face_up

NORTH, EAST = PLAYERS


def new_deal(rng: random.Random) -> TwoHandedDeal:
    return TwoHandedDeal(TwoHandedBoard.random(rng.randint(1, 16), rng))


def stage_of(game: TwoHandedDeal) -> TwoHandedStage:
    """The stage, read afresh (a plain attribute read would stay narrowed for mypy)."""
    return game.stage


def snapshot(game: TwoHandedDeal) -> object:
    return (
        game.stage,
        tuple(game.actions()),
        game.to_act,
        game.proposal,
        tuple(game.legal_actions()),
        kibitzer_view(game, all_hands=True),
        game.result,
    )


# -- random deals ---------------------------------------------------------------------------


# -- the seed's rules -----------------------------------------------------------------------

STOCK = tuple(Card.parse(f"D{rank}") for rank in "AKQJT98765432") + tuple(
    Card.parse(f"C{rank}") for rank in "AKQJT98765432"
)
"""Diamonds then clubs, ace first: the diamond ace lies face up."""


def board(dealer: Seat = NORTH) -> TwoHandedBoard:
    north = Hand.parse("KQJT98765432.2..")
    east = Hand.parse("A.AKQJT9876543..")
    return TwoHandedBoard((north, east), STOCK, dealer, Vulnerability.EW, 7)


def test_the_stock_is_drawn_winner_first_and_the_next_card_turned() -> None:
    game = TwoHandedDeal(board())
    assert game.face_up == Card.parse("DA") and game.stock_left == 26
    assert seat_view(game, EAST).face_up == Card.parse("DA"), "the top card is face up for all"
    must_refuse(lambda: game.apply(Card.parse("SA"), by=EAST), lambda: snapshot(game))
    game.apply(Card.parse("S2"), by=NORTH)
    assert game.legal_actions() == (Card.parse("SA"),), "East must follow suit"
    game.apply(Card.parse("SA"), by=EAST)
    assert game.draws[-1].winner == EAST
    assert Card.parse("DA") in game.hand(EAST) and Card.parse("DK") in game.hand(NORTH)
    assert game.face_up == Card.parse("DQ") and game.stock_left == 24
    assert to_act(game) == EAST, "the winner leads"
    assert seat_view(game, EAST).draws == (SeenDraw(EAST, Card.parse("DA"), None),)
    assert seat_view(game, NORTH).draws == (SeenDraw(EAST, Card.parse("DA"), Card.parse("DK")),)
    assert kibitzer_view(game).draws == (SeenDraw(EAST, Card.parse("DA"), None),)
    assert seat_view(game, EAST).hands == (None, game.hand(EAST))
    game.apply(Card.parse("HA"), by=EAST)
    game.apply(Card.parse("H2"), by=NORTH)
    assert Card.parse("DQ") in game.hand(EAST) and Card.parse("DJ") in game.hand(NORTH)
    assert game.face_up == Card.parse("DT")
    game.apply(Card.parse("H3"), by=EAST)
    game.apply(Card.parse("DK"), by=NORTH)  # North has no heart left: a higher card, no matter
    assert game.draws[-1].winner == EAST, "the leader wins when the other does not follow"
    assert seat_view(game, EAST).last_trick is not None
    game.apply(Card.parse("H4"), by=EAST)
    assert seat_view(game, EAST).last_trick is None, "until one plays to the next trick"
    assert seat_view(game, NORTH).last_trick is not None


def test_no_auction_before_the_stock_is_gone() -> None:
    game = TwoHandedDeal(board())
    must_refuse(lambda: game.apply(PASS), lambda: snapshot(game))
    must_refuse(lambda: game.apply(Claim(3), by=NORTH), lambda: snapshot(game))
    rng = random.Random(2)
    for _ in range(25):
        game.apply(rng.choice(game.legal_actions()))
    assert stage_of(game) is TwoHandedStage.DRAW and game.stock_left == 2
    game.apply(rng.choice(game.legal_actions()))
    assert stage_of(game) is TwoHandedStage.AUCTION and game.stock_left == 0
    card = next(iter(game.hand(NORTH)))
    must_refuse(lambda: game.apply(card), lambda: snapshot(game))


def second_phase(dealer: Seat = NORTH, seed: int = 4) -> TwoHandedDeal:
    game = TwoHandedDeal(TwoHandedBoard.random(1 if dealer == NORTH else 2, random.Random(seed)))
    rng = random.Random(seed)
    while stage_of(game) is TwoHandedStage.DRAW:
        game.apply(rng.choice(game.legal_actions()))
    return game


def bid(game: TwoHandedDeal, text: str) -> None:
    for token in text.split():
        game.apply(Call.parse(token))


def test_a_bid_followed_by_the_opponents_pass_ends_the_auction() -> None:
    game = second_phase(NORTH)
    assert to_act(game) == NORTH
    bid(game, "1S Pass")
    contract = game.contract
    assert contract is not None and str(contract) == "1S" and contract.declarer == NORTH
    assert stage_of(game) is TwoHandedStage.PLAY
    assert to_act(game) == EAST == game.opening_leader, "the declarer's opponent leads"
    assert [(seat, str(call)) for seat, call in game.calls] == [(NORTH, "1S"), (EAST, "Pass")]
    assert seat_view(game, EAST).hands[0] is None, "no dummy: North's hand stays hidden"


def test_doubles_and_redoubles_between_two() -> None:
    game = second_phase(EAST)
    assert to_act(game) == EAST
    bid(game, "Pass 1H")
    assert set(game.legal_actions()) >= {PASS, Call.parse("X"), Call.parse("1S")}
    must_refuse(lambda: game.apply(Call.parse("XX")), lambda: snapshot(game))
    bid(game, "X")
    assert Call.parse("XX") in game.legal_actions()
    bid(game, "XX Pass")
    contract = game.contract
    assert contract is not None and str(contract) == "1HXX" and contract.declarer == NORTH
    assert to_act(game) == EAST


def test_two_passes_pass_the_deal_out() -> None:
    game = second_phase(NORTH)
    bid(game, "Pass Pass")
    result = game.result
    assert game.is_over and result is not None and result.passed_out
    with pytest.raises(GameOver):
        game.apply(PASS)


def test_each_player_scores_in_a_column_of_their_own() -> None:
    assert NORTH.side is Side.NS and EAST.side is Side.EW
    game = second_phase(NORTH, seed=9)
    bid(game, "1NT Pass")
    game.apply(Claim(13), by=NORTH)
    assert game.proposal is not None and game.proposal.awaiting == {EAST}
    must_refuse(lambda: game.apply(ClaimResponse(True), by=NORTH), lambda: snapshot(game))
    game.apply(ClaimResponse(True), by=EAST)
    result = game.result
    assert result is not None and result.claimed
    assert (result.tricks_of(Side.NS), result.tricks_of(Side.EW)) == (13, 0)


def test_undo_in_both_phases() -> None:
    game = TwoHandedDeal(board())
    game.apply(Card.parse("S2"))
    game.apply(UndoRequest(), by=NORTH)
    must_refuse(lambda: game.apply(UndoResponse(True), by=NORTH), lambda: snapshot(game))
    game.apply(UndoResponse(True), by=EAST)
    assert game.actions() == [] and to_act(game) == NORTH
    game.apply(Card.parse("S2"))
    game.apply(Card.parse("SA"))
    for seat in PLAYERS:  # the trick is complete and the stock drawn: too late
        must_refuse(lambda s=seat: game.apply(UndoRequest(), by=s), lambda: snapshot(game))  # type: ignore[misc]
    game = second_phase(NORTH)
    bid(game, "1C")
    game.apply(UndoRequest(), by=NORTH)
    game.apply(UndoResponse(True), by=EAST)
    assert game.calls == [] and stage_of(game) is TwoHandedStage.AUCTION
    bid(game, "1D Pass")
    game.apply(UndoRequest(), by=EAST)
    game.apply(UndoResponse(False), by=NORTH)
    assert stage_of(game) is TwoHandedStage.PLAY, "a refusal keeps the contract"
    game.apply(game.legal_actions()[0])
    game.apply(UndoRequest(), by=EAST)
    game.apply(UndoResponse(True), by=NORTH)
    assert game.play is not None and game.play.history == [] and to_act(game) == EAST
    game.apply(game.legal_actions()[0])
    with pytest.raises(IllegalAction):
        game.apply(UndoRequest(), by=NORTH)  # North's last action is a call: after the lead
    with pytest.raises(NotYourTurn):
        game.apply(game.legal_actions()[0], by=EAST)


def test_the_board_holds_the_52_cards() -> None:
    north, east = board().hands
    with pytest.raises(ValueError, match="North or East"):
        TwoHandedBoard((north, east), STOCK, Seat.SOUTH)
    with pytest.raises(ValueError, match="52"):
        TwoHandedBoard((north, east), STOCK[:-1])
    with pytest.raises(ValueError, match="twice"):
        TwoHandedBoard((north, east), (*STOCK[:-1], Card.parse("SA")))
    random_board = TwoHandedBoard.random(2, random.Random(0))
    assert random_board.dealer == EAST and random_board.vulnerability is Vulnerability.NS


# -- robots ---------------------------------------------------------------------------------


def test_the_robot_plays_legal_deals_from_its_views() -> None:
    robot = TwoHandedRobot()
    rng = random.Random(11)
    contracts = 0
    for _ in range(12):
        game = new_deal(rng)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = seat_view(game, seat)
            action = robot.choose(view)
            assert action in view.legal_actions
            game.apply(action, by=seat)
        contracts += game.contract is not None
    assert contracts > 0


def test_the_robot_fights_for_a_good_face_up_card_only() -> None:
    hand = Hand.parse("AK2.Q3.5432.8765")
    assert wants_face_up(Card.parse("HJ"), hand)
    assert wants_face_up(Card.parse("D9"), hand), "a good card in the longest suit"
    assert not wants_face_up(Card.parse("H4"), hand)
    robot = TwoHandedRobot()
    game = TwoHandedDeal(board())  # the diamond ace lies face up
    assert robot.choose(seat_view(game, NORTH)) == Card.parse("SK"), "lead the strongest card"
    game.apply(Card.parse("S2"))
    assert robot.choose(seat_view(game, EAST)) == Card.parse("SA")
