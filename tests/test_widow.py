"""The widow game: twelve cards each, the widow handed out by the declarer, then bridge."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from test_bridge_whist import card_mask, controller, leaked, must_refuse, to_act
from vaza.core import (
    CARDS,
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
from vaza.core.game import ProposalKind
from vaza.core.games.widow import (
    FixedDummyPlay,
    HandOut,
    WidowBoard,
    WidowDeal,
    WidowStage,
)
from vaza.core.play import trick_winner
from vaza.core.views.widow import kibitzer_view, seat_view
from vaza.robots.variants_simple import WidowRobot, widow_hand_out

seeds = st.integers(min_value=0, max_value=2**63)
ALL_CARDS = (1 << 52) - 1


def new_deal(rng: random.Random, fixed_dummy: bool | None = None) -> WidowDeal:
    fixed = rng.random() < 0.5 if fixed_dummy is None else fixed_dummy
    return WidowDeal(WidowBoard.random(rng.randint(1, 16), rng), fixed_dummy=fixed)


def random_action(game: WidowDeal, rng: random.Random) -> object:
    legal = game.legal_actions()
    if PASS in legal and rng.random() < 0.6:
        return PASS  # keeps the auctions short and the contracts makeable
    return rng.choice(legal)


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


def allowed_mask(game: WidowDeal, viewer: Seat | None) -> int:
    """What `viewer` has really seen: own twelve cards, the widow card received, the whole
    widow for the declarer once picked up, every card played, dummy once faced."""
    if game.is_over:
        return ALL_CARDS
    board = game.board
    allowed = 0
    contract = game.contract
    if viewer is not None:
        allowed |= board.deal[viewer].mask
        if game.hand_out is not None:
            allowed |= game.hand_out.card_for(viewer).mask
        if contract is not None and viewer == contract.declarer:
            allowed |= board.widow.mask
    if game.play_deal is not None and game.play_deal.play is not None:
        for _, card in game.play_deal.play.history:
            allowed |= card.mask
        if game.dummy_faced:
            assert game.dummy is not None
            allowed |= game.play_deal.board.deal[game.dummy].mask
    return allowed


def check_views(game: WidowDeal) -> None:
    for seat in Seat:
        view = seat_view(game, seat)
        assert not leaked(view, allowed_mask(game, seat)), f"{seat.name} sees a hidden card"
        assert view.hand == game.hand(seat)
        assert bool(view.legal_actions) == (seat == game.controller and game.proposal is None)
        if game.hand_out is not None:
            assert view.received[seat] == game.hand_out.card_for(seat), "one's own widow card"
    public = kibitzer_view(game)
    assert not leaked(public, allowed_mask(game, None)), "a kibitzer sees a hidden card"


def random_proposal(game: WidowDeal, rng: random.Random) -> None:
    seat = rng.choice(list(Seat))
    try:
        if rng.random() < 0.5 and game.play_deal is not None and game.play_deal.play is not None:
            game.apply(Claim(rng.randint(0, game.play_deal.play.remaining_tricks)), by=seat)
        else:
            game.apply(UndoRequest(), by=seat)
    except IllegalAction:
        return
    while game.proposal is not None:
        proposal = game.proposal
        responder = rng.choice(sorted(proposal.awaiting))
        yes = rng.random() < 0.7
        undo = proposal.kind is ProposalKind.UNDO
        game.apply(UndoResponse(yes) if undo else ClaimResponse(yes), by=responder)


# -- random deals ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(seeds)
def test_random_deals_follow_the_rules(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(2):
        game = new_deal(rng)
        board = game.board
        assert [len(hand) for hand in board.deal.hands] == [12] * 4 and len(board.widow) == 4
        dealt = board.widow.mask
        for hand in board.deal.hands:
            dealt |= hand.mask
        assert dealt == ALL_CARDS
        while not game.is_over:
            legal = game.legal_actions()
            assert legal
            action = random_action(game, rng)
            if stage_of(game) is WidowStage.WIDOW:
                assert isinstance(action, HandOut) and len(legal) == 24
                assert to_act(game) == game.contract.declarer  # type: ignore[union-attr]
                assert all(len(game.hand(seat)) == 12 for seat in Seat)
            if isinstance(action, Card):
                assert game.play_deal is not None and game.play_deal.play is not None
                held = game.hand(game.to_act)  # type: ignore[arg-type]
                led = game.play_deal.play.lead_suit
                if led is not None and held.length(led):
                    assert all(isinstance(c, Card) and c.suit == led for c in legal), "follow suit"
                else:
                    assert set(legal) == set(held), "any card when void or leading"
            game.apply(action, by=game.controller)  # type: ignore[arg-type]
        result = game.result
        assert result is not None
        if result.contract is None:
            assert game.auction.calls == [PASS] * 4 and game.hand_out is None
            continue
        contract = result.contract
        hand_out = game.hand_out
        assert hand_out is not None
        played = game.played_board()
        assert played is not None
        for seat in Seat:
            assert played.deal[seat].mask == board.deal[seat].mask | hand_out.card_for(seat).mask
        play = game.play_deal.play  # type: ignore[union-attr]
        assert play is not None
        assert len(play.history) == 52 and len({card for _, card in play.history}) == 52
        assert play.tricks[0].leader == contract.declarer.lho
        for trick in play.tricks:
            assert trick.winner == trick_winner(trick.leader, trick.cards, contract.trump)
        for before, after in zip(play.tricks, play.tricks[1:], strict=False):
            assert after.leader == before.winner
        won = play.tricks_won
        declarer = contract.declarer
        assert result.declarer_tricks == won[declarer] + won[declarer.partner]
        dummy = board.dealer.rho if game.fixed_dummy else declarer.partner
        assert game.dummy == dummy


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_no_view_holds_a_card_its_viewer_has_not_seen(seed: int) -> None:
    rng = random.Random(seed)
    game = new_deal(rng)
    while True:
        check_views(game)
        if game.is_over:
            break
        if rng.random() < 0.04:
            random_proposal(game, rng)
            continue
        game.apply(random_action(game, rng))  # type: ignore[arg-type]


def illegal_candidates(game: WidowDeal, rng: random.Random) -> list[tuple[object, Seat | None]]:
    legal = set(game.legal_actions())
    pool: list[object] = [*rng.sample(CARDS, 5), PASS, Call.parse("7NT"), Call.parse("1C")]
    widow = list(game.board.widow)
    pool.append(HandOut((widow[0], widow[0], widow[1], widow[2])))
    pool.append(
        HandOut((widow[0], widow[1], widow[2], rng.choice(list(game.board.deal[Seat.NORTH]))))
    )
    pool.append(HandOut((widow[3], widow[2], widow[1], widow[0])))
    if game.play_deal is None:
        pool.append(LowestOf(rng.choice(list(Suit))))
    actions: list[tuple[object, Seat | None]] = [(a, None) for a in pool if a not in legal]
    controller = game.controller
    if legal and controller is not None:
        wrong = rng.choice([seat for seat in Seat if seat != controller])
        actions.append((rng.choice(list(legal)), wrong))
    actions.append((Claim(14), rng.choice(list(Seat))))
    actions.append((ClaimResponse(accept=True), rng.choice(list(Seat))))
    actions.append((UndoResponse(grant=True), rng.choice(list(Seat))))
    return actions


@settings(max_examples=50, deadline=None)
@given(seeds)
def test_illegal_or_out_of_turn_actions_raise_and_change_nothing(seed: int) -> None:
    rng = random.Random(seed)
    game = new_deal(rng)
    while True:
        if game.is_over or rng.random() < 0.25:
            for action, by in illegal_candidates(game, rng):
                must_refuse(
                    lambda a=action, b=by: game.apply(a, by=b),  # type: ignore[misc]
                    lambda: snapshot(game),
                )
        if game.is_over:
            break
        game.apply(random_action(game, rng))  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_history_rebuilds_the_deal(seed: int) -> None:
    rng = random.Random(seed)
    game = new_deal(rng)
    for _ in range(rng.randint(0, 70)):
        if game.is_over:
            break
        if rng.random() < 0.05:
            random_proposal(game, rng)
        elif game.legal_actions():
            game.apply(random_action(game, rng))  # type: ignore[arg-type]
    copy = WidowDeal(game.board, fixed_dummy=game.fixed_dummy)
    for seat, action in game.history():
        copy.apply(action, by=seat)
    assert copy.history() == game.history()
    if game.result is None or not game.result.claimed:
        assert snapshot(copy) == snapshot(game)


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
