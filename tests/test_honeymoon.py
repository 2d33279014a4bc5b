"""Two-handed bridge: the first phase's tricks for the stock, then an auction and play alone."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_bridge_whist import leaked, must_refuse, to_act
from vaza.core import (
    CARDS,
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
from vaza.core.game import ProposalKind
from vaza.core.games.honeymoon import (
    PLAYERS,
    TwoHandedBoard,
    TwoHandedDeal,
    TwoHandedStage,
    opponent,
)
from vaza.core.play import winning_position
from vaza.core.views.honeymoon import SeenDraw, kibitzer_view, seat_view
from vaza.robots.variants_simple import TwoHandedRobot, wants_face_up
from vaza.scoring.contract import score_contract

seeds = st.integers(min_value=0, max_value=2**63)
ALL_CARDS = (1 << 52) - 1
NORTH, EAST = PLAYERS


def new_deal(rng: random.Random) -> TwoHandedDeal:
    return TwoHandedDeal(TwoHandedBoard.random(rng.randint(1, 16), rng))


def random_action(game: TwoHandedDeal, rng: random.Random) -> Call | Card:
    legal = game.legal_actions()
    if PASS in legal and rng.random() < 0.5:
        return PASS
    return rng.choice(legal)


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


def allowed_mask(game: TwoHandedDeal, viewer: Seat | None) -> int:
    """What `viewer` has really seen: own dealt hand, every stock card turned face up so far,
    the stock cards they drew as loser, every card played in either phase."""
    if game.is_over:
        return ALL_CARDS
    stock = game.board.stock
    allowed = 0 if viewer is None else game.board.hand(viewer).mask
    turned = min(len(game.draws), 12)
    for position in range(turned + 1):
        allowed |= stock[2 * position].mask
    for number, draw in enumerate(game.draws):
        if viewer is not None and viewer != draw.winner:
            allowed |= stock[2 * number + 1].mask
    for _, card in game.draw_play.history:
        allowed |= card.mask
    if game.play is not None:
        for _, card in game.play.history:
            allowed |= card.mask
    return allowed


def check_views(game: TwoHandedDeal) -> None:
    for seat in PLAYERS:
        view = seat_view(game, seat)
        assert not leaked(view, allowed_mask(game, seat)), f"{seat.name} sees a hidden card"
        assert view.hand == game.hand(seat)
        assert view.hands[PLAYERS.index(opponent(seat))] is None or game.is_over
        assert bool(view.legal_actions) == (seat == game.to_act and game.proposal is None)
    assert not leaked(kibitzer_view(game), allowed_mask(game, None)), "a kibitzer sees too much"


def random_proposal(game: TwoHandedDeal, rng: random.Random) -> None:
    seat = rng.choice(PLAYERS)
    try:
        if rng.random() < 0.5 and game.play is not None:
            game.apply(Claim(rng.randint(0, game.play.remaining_tricks)), by=seat)
        else:
            game.apply(UndoRequest(), by=seat)
    except IllegalAction:
        return
    proposal = game.proposal
    assert proposal is not None and proposal.awaiting == {opponent(seat)}
    yes = rng.random() < 0.7
    answer = UndoResponse(yes) if proposal.kind is ProposalKind.UNDO else ClaimResponse(yes)
    game.apply(answer, by=opponent(seat))


# -- random deals ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(seeds)
def test_random_deals_follow_the_rules(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2):
        game = new_deal(rng)
        board = game.board
        assert len(board.stock) == 26 and [len(hand) for hand in board.hands] == [13, 13]
        assert to_act(game) == board.dealer, "the dealer leads the first phase"
        while stage_of(game) is TwoHandedStage.DRAW:
            tricks = len(game.draw_play.tricks)
            before = {seat: game.hand(seat) for seat in PLAYERS}
            leader = game.to_act
            assert leader is not None
            lead = rng.choice(game.legal_actions())
            game.apply(lead, by=leader)
            follower = opponent(leader)
            legal = game.legal_actions()
            if before[follower].length(lead.suit):  # type: ignore[union-attr]
                assert all(card.suit == lead.suit for card in legal)  # type: ignore[union-attr]
            else:
                assert set(legal) == set(before[follower])
            follow = rng.choice(legal)
            game.apply(follow, by=follower)
            assert len(game.draw_play.tricks) == tricks + 1
            winner = trick_winner_of(leader, lead, follow)  # type: ignore[arg-type]
            draw = game.draws[-1]
            assert draw.winner == winner and game.draw_play.tricks[-1].winner == winner
            assert (draw.face_up, draw.hidden) == board.stock[2 * tricks : 2 * tricks + 2]
            gained = {seat: game.hand(seat) - before[seat] for seat in PLAYERS}
            assert gained[winner] == Hand([draw.face_up])
            assert gained[opponent(winner)] == Hand([draw.hidden])
            assert all(len(game.hand(seat)) == 13 for seat in PLAYERS)
            assert game.stock_left == 26 - 2 * (tricks + 1)
            if stage_of(game) is TwoHandedStage.DRAW:
                assert to_act(game) == winner, "the winner leads the next first-phase trick"
        assert game.stock_left == 0 and game.face_up is None, "the stock is gone"
        assert len(game.draw_play.history) == 26
        phase_two = game.second_phase_hands()
        assert phase_two is not None
        first_played = {card for _, card in game.draw_play.history}
        assert first_played.isdisjoint(phase_two[0]) and first_played.isdisjoint(phase_two[1])
        assert to_act(game) == board.dealer, "the dealer calls first"
        while not game.is_over:
            game.apply(random_action(game, rng), by=game.to_act)
        assert all(seat in PLAYERS for seat, _ in game.calls)
        check_result(game, first_played)


def trick_winner_of(leader: Seat, lead: Card, follow: Card) -> Seat:
    """First phase: the higher card of the suit led; the leader when the other did not
    follow (no trumps)."""
    if follow.suit == lead.suit and follow.rank > lead.rank:
        return opponent(leader)
    return leader


def check_result(game: TwoHandedDeal, first_played: set[Card]) -> None:
    result = game.result
    assert result is not None
    contract = result.contract
    if contract is None:
        assert [call for _, call in game.calls] == [PASS, PASS] and game.play is None
        return
    play = game.play
    assert play is not None
    assert len(play.tricks) == 13 and sum(play.tricks_won) == 13
    assert first_played | {card for _, card in play.history} == set(CARDS)
    assert play.tricks[0].leader == opponent(contract.declarer) == game.opening_leader
    for trick in play.tricks:
        assert trick.winner == trick.plays[winning_position(trick.cards, contract.trump)][0]
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert after.leader == before.winner
    declarer = contract.declarer
    assert result.declarer_tricks == play.won_by(declarer)
    defender = opponent(declarer)
    assert result.tricks_of(defender.side) == play.won_by(defender), "a column each"
    assert declarer.side != defender.side
    vulnerable = game.board.vulnerability.is_vulnerable(declarer.side)
    parts = score_contract(contract, play.won_by(declarer), vulnerable)
    assert parts.made == (play.won_by(declarer) >= contract.tricks_needed)


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_no_view_holds_a_card_its_viewer_has_not_seen(seed: int) -> None:
    rng = random.Random(seed)
    game = new_deal(rng)
    while True:
        check_views(game)
        if game.is_over:
            break
        if rng.random() < 0.05:
            random_proposal(game, rng)
            continue
        game.apply(random_action(game, rng))


def illegal_candidates(game: TwoHandedDeal, rng: random.Random) -> list[tuple[object, Seat | None]]:
    legal = set(game.legal_actions())
    pool: list[object] = [*rng.sample(CARDS, 6), PASS, Call.parse("1C"), Call.parse("X")]
    actions: list[tuple[object, Seat | None]] = [(a, None) for a in pool if a not in legal]
    seat = game.to_act
    if legal and seat is not None:
        actions.append((rng.choice(list(legal)), opponent(seat)))
        actions.append((rng.choice(list(legal)), Seat.SOUTH))
    actions.append((Claim(14), rng.choice(PLAYERS)))
    actions.append((Claim(0), Seat.WEST))
    actions.append((UndoRequest(), Seat.SOUTH))
    actions.append((ClaimResponse(accept=True), rng.choice(PLAYERS)))
    actions.append((UndoResponse(grant=True), rng.choice(PLAYERS)))
    return actions


@settings(max_examples=50, deadline=None)
@given(seeds)
def test_illegal_or_out_of_turn_actions_raise_and_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    game = new_deal(rng)
    while True:
        if game.is_over or rng.random() < 0.2:
            for action, by in illegal_candidates(game, rng):
                must_refuse(
                    lambda a=action, b=by: game.apply(a, by=b),  # type: ignore[misc]
                    lambda: snapshot(game),
                )
        if game.is_over:
            break
        game.apply(random_action(game, rng))


@settings(max_examples=50, deadline=None)
@given(seeds)
def test_actions_rebuild_the_deal(seed: int) -> None:
    rng = random.Random(seed)
    game = new_deal(rng)
    for _ in range(rng.randint(0, 60)):
        if game.is_over:
            break
        if rng.random() < 0.05:
            random_proposal(game, rng)
        else:
            game.apply(random_action(game, rng))
    copy = TwoHandedDeal(game.board)
    for seat, action in game.actions():
        copy.apply(action, by=seat)
    assert copy.actions() == game.actions()
    if game.result is None or not game.result.claimed:
        assert snapshot(copy) == snapshot(game)


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
