"""The sampling robot's card play: known endings, legality, and no hidden card used."""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vaza.core import Board, Card, ContractDeal, Deal, Seat, seat_view
from vaza.core.calls import Contract
from vaza.core.cards import SEATS, Hand, Rank, Suit
from vaza.robots.cardplay.player import CardPlayer, CardSettings, Scoring, equal_runs
from vaza.robots.driver import play_out


def ending(contract: str, leader: Seat, hands: dict[Seat, str], then: str = "") -> ContractDeal:
    """A real deal in `contract` (``"4S S"``) whose first tricks are filler, reaching an
    ending where `leader` leads and each seat holds `hands[seat]` (PBN ``S.H.D.C``); `then`
    plays more cards.  Filler tricks hold four cards of one suit (nobody shows out) and the
    ending's leader wins them all, so each suit of the ending holds 1, 5, 9 or 13 cards."""
    bid = Contract.parse(contract)
    masks = {seat: Hand.parse(text).mask for seat, text in hands.items()}
    assert len({mask.bit_count() for mask in masks.values()}) == 1
    used = 0
    for mask in masks.values():
        assert not used & mask
        used |= mask
    filler: list[list[Card]] = []
    for suit in Suit:
        rest = [Card(suit, rank) for rank in Rank if not used & Card(suit, rank).mask]
        assert len(rest) % 4 == 0, f"{suit.name.lower()}: the ending needs 1, 5, 9 or 13"
        filler += [rest[start : start + 4] for start in range(0, len(rest), 4)]
    order: list[Card] = []
    full = dict(masks)
    first = bid.opening_leader
    for group in filler:
        seats = [first.next(offset) for offset in range(4)]
        owner = dict(zip([seat for seat in seats if seat != leader], group[:3], strict=True))
        owner[leader] = group[3]  # the highest: the ending's leader wins every filler trick
        for seat in seats:
            full[seat] |= owner[seat].mask
            order.append(owner[seat])
        first = leader
    deal = Deal(tuple(Hand.from_mask(full[seat]) for seat in SEATS))  # type: ignore[arg-type]
    game = ContractDeal(Board(deal), bid)
    for card in order:
        game.apply(card)
    for name in then.split():
        game.apply(Card.parse(name))
    return game


def _robot(scoring: Scoring = "imps") -> CardPlayer:
    return CardPlayer(scoring, CardSettings(max_samples=160, min_samples=32), seed=7)


def _decide(game: ContractDeal) -> Card:
    seat = game.controller
    assert seat is not None
    return _robot().decide(seat_view(game, seat)).card


def test_the_finesse_against_the_odds_of_the_drop() -> None:
    # South leads a spade toward dummy's A-Q; West follows low.  The king is with West in
    # 15 of the 35 layouts and bare with East in one: finesse the queen.  (Hearts are trumps,
    # so the defenders' lone diamond and club do not cash when the finesse loses.)
    game = ending(
        "1H S",
        Seat.SOUTH,
        {
            Seat.NORTH: "AQ.AK..",
            Seat.SOUTH: "32.32..",
            Seat.WEST: "K76.4..",
            Seat.EAST: "54..2.2",
        },
        then="S2 S6",
    )
    assert _decide(game) == Card.parse("SQ")


def test_cash_the_winners_before_giving_up_the_lead() -> None:
    # South's two top hearts are tricks now; a club first lets the defence run theirs.
    game = ending(
        "1NT S",
        Seat.SOUTH,
        {
            Seat.SOUTH: ".AK..2",
            Seat.NORTH: "2.32..",
            Seat.WEST: "...AKQ",
            Seat.EAST: ".4.2.J",
        },
    )
    assert _decide(game).suit == Suit.HEARTS


def test_draw_the_last_trumps_before_the_side_winners() -> None:
    game = ending(
        "4S S",
        Seat.SOUTH,
        {
            Seat.SOUTH: "A.AK..",
            Seat.NORTH: "54.2..",
            Seat.WEST: "3.4..2",
            Seat.EAST: "2.3.2.",
        },
    )
    assert _decide(game) == Card.parse("SA")


def test_matchpoints_and_imps_both_play_legal_cards_and_trivial_choices_are_instant() -> None:
    game = ending(
        "1NT S",
        Seat.SOUTH,
        {
            Seat.NORTH: "AQ.AK..",
            Seat.SOUTH: "32.32..",
            Seat.WEST: "K76.4..",
            Seat.EAST: "54..2.2",
        },
        then="S2",
    )
    view = seat_view(game, Seat.WEST)
    runs = equal_runs(view)
    assert runs == [[Card.parse("S6"), Card.parse("S7")], [Card.parse("SK")]]
    for scoring in ("imps", "matchpoints", "rubber"):
        decision = _robot(scoring=scoring).decide(view)
        assert decision.card in view.legal_actions
    game.apply(Card.parse("S6"))
    game.apply(Card.parse("SQ"))
    east = seat_view(game, Seat.EAST)  # two small spades, equals: no layout is solved
    decision = _robot().decide(east)
    assert decision.samples == 0 and decision.card == Card.parse("S4")


def test_the_robot_plays_dummy_for_declarer_and_refuses_cards_it_does_not_control() -> None:
    game = ending(
        "1NT S",
        Seat.SOUTH,
        {
            Seat.NORTH: "AQ.AK..",
            Seat.SOUTH: "32.32..",
            Seat.WEST: "K76.4..",
            Seat.EAST: "54..2.2",
        },
        then="S2 S6",
    )
    assert game.to_act == Seat.NORTH and game.controller == Seat.SOUTH
    robot = _robot()
    assert robot.choose(seat_view(game, Seat.SOUTH)) in game.legal_actions()
    with pytest.raises(ValueError, match="controls"):
        robot.decide(seat_view(game, Seat.NORTH))


@pytest.mark.parametrize("seed", range(2))
def test_robots_play_late_deals_to_the_end_with_legal_cards(seed: int) -> None:
    rng = random.Random(seed)
    game = ContractDeal(Board.random(1, rng), Contract.parse("3NT N"))
    for _ in range(28):  # seven tricks at random, then the robots
        game.apply(rng.choice(list(game.legal_actions())))
    robot = CardPlayer(settings=CardSettings(max_samples=24), seed=seed)
    play_out(game, dict.fromkeys(Seat, robot))
    assert game.is_over and game.result is not None


def _twin(game: ContractDeal, viewer: Seat, rng: random.Random) -> ContractDeal | None:
    """The same deal and play with unplayed cards swapped between the two hands `viewer`
    cannot see, suit for suit (so the play stays legal and the view the same)."""
    contract = game.contract
    assert contract is not None and game.play is not None
    hidden = [seat for seat in SEATS if seat not in (viewer, contract.dummy)]
    first, second = (game.play.hand(seat) for seat in hidden)
    hands = list(game.board.deal.hands)
    swapped = False
    for suit in Suit:
        a, b = first.suit(suit), second.suit(suit)
        if a and b:
            x, y = rng.choice(a), rng.choice(b)
            hands[hidden[0]] = Hand.from_mask(hands[hidden[0]].mask ^ x.mask ^ y.mask)
            hands[hidden[1]] = Hand.from_mask(hands[hidden[1]].mask ^ x.mask ^ y.mask)
            swapped = True
    if not swapped:
        return None
    board = game.board
    deal = Deal(tuple(hands))  # type: ignore[arg-type]
    twin = ContractDeal(Board(deal, board.dealer, board.vulnerability, board.number), contract)
    assert game.play is not None
    for _, card in game.play.history:
        twin.apply(card)
    return twin


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), cards=st.integers(24, 46))
def test_the_choice_is_a_function_of_the_view_alone(seed: int, cards: int) -> None:
    rng = random.Random(seed)
    game = ContractDeal(Board.random(1, rng), Contract.parse("4H E"))
    for _ in range(cards):
        game.apply(rng.choice(list(game.legal_actions())))
    seat = game.controller
    assert seat is not None
    twin = _twin(game, seat, rng)
    if twin is None:
        return
    view, twin_view = seat_view(game, seat), seat_view(twin, seat)
    assert view == twin_view
    assert game.board.deal != twin.board.deal
    robot = CardPlayer(settings=CardSettings(max_samples=30), seed=seed)
    first, second = robot.decide(view), robot.decide(twin_view)
    assert first == second
    assert first.card in view.legal_actions


def test_a_decision_is_the_same_under_load_and_without_it() -> None:
    """Thinking is counted in layouts, not seconds: with the solver and the interpreter busy
    in other threads, a seeded robot weighs as many layouts and plays the same card."""
    from vaza.analysis.positions import Position, solve_positions

    rng = random.Random(11)
    game = ContractDeal(Board.random(2, rng), Contract.parse("4H S"))
    for _ in range(5):
        game.apply(rng.choice(list(game.legal_actions())))
    seat = game.controller
    assert seat is not None
    view = seat_view(game, seat)
    quiet = CardPlayer(seed=3).decide(view)
    hands = tuple(hand.mask for hand in Board.random(3, rng).deal.hands)
    busy_position = Position(hands, Suit.SPADES, Seat.NORTH)  # type: ignore[arg-type]
    stop = threading.Event()

    def busy(solver: bool) -> None:
        while not stop.is_set():
            if solver:
                solve_positions([busy_position] * 4)
            else:
                sum(i * i for i in range(20_000))

    workers = [threading.Thread(target=busy, args=(solver,)) for solver in (True, False, False)]
    for worker in workers:
        worker.start()
    try:
        loaded = CardPlayer(seed=3).decide(view)
    finally:
        stop.set()
        for worker in workers:
            worker.join()
    assert loaded == quiet
    assert loaded.samples == quiet.samples > 0
