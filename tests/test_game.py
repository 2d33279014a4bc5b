"""Contract bridge deal: play with dummy, trick winners, claims and undo."""

from __future__ import annotations

import random

import pytest

from helpers import calls
from vaza.core import (
    Board,
    Card,
    Claim,
    ClaimResponse,
    ContractDeal,
    GameOver,
    IllegalAction,
    LowestOf,
    NotYourTurn,
    Phase,
    ProposalPending,
    Seat,
    Suit,
    UndoRequest,
    UndoResponse,
    seat_view,
)
from vaza.core.deal import Deal
from vaza.core.games.contract import PARTNER_HAS_CALLED
from vaza.core.play import Play, trick_winner

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def c(text: str) -> Card:
    return Card.parse(text)


def one_spade(board: Board) -> ContractDeal:
    """1S by North: East leads, South is dummy."""
    game = ContractDeal(board)
    for call in calls("1S Pass Pass Pass"):
        game.apply(call)
    return game


def test_auction_then_opening_lead_by_declarers_left_hand_opponent(fixed_board: Board) -> None:
    game = one_spade(fixed_board)
    assert game.phase is Phase.PLAY
    assert game.to_act is E and game.controller is E
    assert not game.dummy_faced
    with pytest.raises(IllegalAction, match="play a card"):
        game.apply(calls("Pass")[0])
    game.apply(c("HJ"), by=E)
    assert game.dummy_faced
    assert game.to_act is S and game.controller is N  # declarer plays dummy's cards


def test_declarer_plays_dummys_cards_and_may_name_only_a_suit(fixed_board: Board) -> None:
    game = one_spade(fixed_board)
    game.apply(c("HJ"))
    with pytest.raises(NotYourTurn):
        game.apply(c("H8"), by=S)  # dummy does not choose
    game.apply(LowestOf(Suit.HEARTS), by=N)
    assert game.play is not None and game.play.history[-1] == (S, c("H6"))
    with pytest.raises(IllegalAction, match="dummy"):
        game.apply(LowestOf(Suit.HEARTS), by=W)  # only for dummy


def test_follow_suit_when_able(fixed_board: Board) -> None:
    game = one_spade(fixed_board)
    game.apply(c("HJ"))
    game.apply(c("H6"))
    with pytest.raises(IllegalAction, match="follow suit"):
        game.apply(c("S2"))  # West holds hearts
    with pytest.raises(IllegalAction, match="does not hold"):
        game.apply(c("HA"))
    assert game.legal_actions() == (c("H2"), c("H3"), c("H4"), c("H5"))
    game.apply(c("H5"))
    game.apply(c("HA"))
    assert game.play is not None
    assert game.play.tricks[-1].winner is N
    assert game.to_act is N  # the winner leads


def test_trick_winner_rules() -> None:
    cards = [c("H5"), c("HK"), c("S2"), c("HA")]  # West leads, then North, East, South
    assert trick_winner(W, cards, Suit.SPADES) is E  # the only trump
    assert trick_winner(W, cards, None) is S  # highest of the suit led
    assert trick_winner(W, cards, Suit.CLUBS) is S
    assert trick_winner(N, [c("D2"), c("DA"), c("C3"), c("DK")], None) is E
    assert trick_winner(N, [c("D2"), c("S3"), c("S9"), c("DK")], Suit.SPADES) is S
    assert trick_winner(N, [c("D2"), c("H3"), c("H9"), c("D3")], Suit.SPADES) is W


def test_last_trick_visible_until_own_side_plays_to_the_next(fixed_board: Board) -> None:
    game = one_spade(fixed_board)
    for card in ("HJ", "H6", "H5", "HA"):
        game.apply(c(card))
    assert all(seat_view(game, seat).last_trick is not None for seat in Seat)
    game.apply(c("CA"))  # North leads
    assert seat_view(game, N).last_trick is None
    assert seat_view(game, S).last_trick is None
    assert seat_view(game, E).last_trick is not None
    game.apply(c("CJ"))  # East plays: now West's side has played too
    assert seat_view(game, W).last_trick is None


def test_a_claim_accepted_by_both_defenders_ends_the_play(fixed_board: Board) -> None:
    game = one_spade(fixed_board)
    game.apply(c("HJ"))
    game.apply(Claim(13), by=N)
    assert game.proposal is not None and game.proposal.awaiting == {E, W}
    assert game.legal_actions() == ()
    with pytest.raises(ProposalPending):
        game.apply(c("H6"))
    with pytest.raises(ProposalPending):
        game.apply(Claim(1), by=E)
    game.apply(ClaimResponse(accept=True), by=E)
    assert not game.is_over
    with pytest.raises(NotYourTurn):
        game.apply(ClaimResponse(accept=True), by=E)
    game.apply(ClaimResponse(accept=True), by=W)
    result = game.result
    assert game.is_over and result is not None
    assert (result.declarer_tricks, result.claimed, result.difference) == (13, True, 6)


def test_a_rejected_claim_lets_play_go_on(fixed_board: Board) -> None:
    game = one_spade(fixed_board)
    game.apply(c("HJ"))
    game.apply(Claim(13), by=N)
    game.apply(ClaimResponse(accept=False), by=W)
    assert game.proposal is None and not game.is_over
    game.apply(c("H6"))


def test_a_defenders_claim_is_answered_by_declarer_not_dummy(fixed_board: Board) -> None:
    game = one_spade(fixed_board)
    game.apply(c("HJ"))
    with pytest.raises(IllegalAction, match="dummy"):
        game.apply(Claim(0), by=S)
    with pytest.raises(IllegalAction, match="0 to 13"):
        game.apply(Claim(14), by=E)
    game.apply(Claim(0), by=E)  # East concedes the rest
    assert game.proposal is not None and game.proposal.awaiting == {N}
    game.apply(ClaimResponse(accept=True), by=N)
    assert game.result is not None and game.result.declarer_tricks == 13


def test_claims_need_a_sender_and_the_play_phase(fixed_board: Board) -> None:
    game = ContractDeal(fixed_board)
    with pytest.raises(IllegalAction, match="needs the seat"):
        game.apply(Claim(3))
    with pytest.raises(IllegalAction, match="during the play"):
        game.apply(Claim(3), by=N)
    with pytest.raises(IllegalAction, match="no claim"):
        game.apply(ClaimResponse(accept=True), by=E)


def test_undo_of_a_call_needs_both_opponents(fixed_board: Board) -> None:
    game = ContractDeal(fixed_board)
    game.apply(calls("1NT")[0], by=N)
    game.apply(calls("Pass")[0], by=E)
    with pytest.raises(IllegalAction, match="nothing to take back"):
        game.apply(UndoRequest(), by=S)
    game.apply(UndoRequest(), by=N)  # takes back 1NT and East's pass after it
    assert game.proposal is not None and game.proposal.awaiting == {E, W}
    game.apply(UndoResponse(grant=True), by=E)
    game.apply(UndoResponse(grant=True), by=W)
    assert game.auction.calls == [] and game.to_act is N


def test_no_call_is_taken_back_once_partner_has_called(fixed_board: Board) -> None:
    """Law 25A: a call may be replaced only until partner calls; after that, an undo would let
    the caller try another call against partner's answer (and its alerts) for free."""
    game = ContractDeal(fixed_board)
    for call in calls("1NT Pass 2C"):
        game.apply(call)
    assert not game.may_undo(N)
    with pytest.raises(IllegalAction, match="Law 25A"):
        game.apply(UndoRequest(), by=N)
    assert game.proposal is None and len(game.auction.calls) == 3
    assert game.may_undo(E) and game.may_undo(S)  # their partners have not called since


def test_refused_undo_changes_nothing(fixed_board: Board) -> None:
    game = ContractDeal(fixed_board)
    game.apply(calls("1NT")[0])
    game.apply(UndoRequest(), by=N)
    game.apply(UndoResponse(grant=False), by=W)
    assert game.proposal is None and [str(x) for x in game.auction.calls] == ["1NT"]


def test_undo_of_a_card_in_play(fixed_board: Board) -> None:
    """Declarer takes back dummy's card before anyone plays after it; the opening leader, who
    has seen dummy since, can no longer take back the lead (issue 21: no undo crosses the
    showing of a hidden card to the one who asks)."""
    game = one_spade(fixed_board)
    game.apply(c("HJ"))
    game.apply(LowestOf(Suit.HEARTS))
    with pytest.raises(IllegalAction, match="shown to you"):
        game.apply(UndoRequest(), by=E)
    assert game.proposal is None
    game.apply(UndoRequest(), by=N)
    assert game.proposal is not None and game.proposal.awaiting == {E, W}
    game.apply(UndoResponse(grant=True), by=E)
    game.apply(UndoResponse(grant=True), by=W)
    assert game.phase is Phase.PLAY and game.dummy_faced and game.to_act is S
    assert game.controller is N and [card for _, card in game.play.history] == [c("HJ")]
    game.apply(c("H6"))
    with pytest.raises(IllegalAction, match="shown to you"):
        game.apply(UndoRequest(), by=E)  # East has seen dummy, and its H6, since its lead


def test_only_recent_cards_can_be_taken_back(fixed_board: Board) -> None:
    game = one_spade(fixed_board)
    for card in ("HJ", "H6", "H5", "HA", "CA", "CJ", "C6", "C2"):
        game.apply(c(card))
    game.apply(UndoRequest(), by=W)  # West's C2 closed the last trick: allowed
    game.apply(UndoResponse(grant=False), by=N)
    game.apply(c("DA"))  # North leads to the third trick
    with pytest.raises(IllegalAction, match="shown to you"):
        game.apply(UndoRequest(), by=W)  # C2 is now two tricks back
    assert game.proposal is None


def test_nothing_applies_once_the_deal_is_over(fixed_board: Board) -> None:
    game = ContractDeal(fixed_board)
    for call in calls("Pass Pass Pass Pass"):
        game.apply(call)
    assert game.is_over and game.result is not None and game.result.passed_out
    with pytest.raises(GameOver):
        game.apply(calls("1C")[0])
    with pytest.raises(IllegalAction):
        game.apply(UndoRequest(), by=N)


def _undo_by_the_general_rule(game: ContractDeal, seat: Seat) -> int | str:
    """The action an undo by `seat` takes back as Law 47 and the table's rule state it, from
    every action made: its last one, unless a card hidden from it was shown to it since
    (`seen_at`) or it lies before the trick in progress (or the last one, just completed); a
    call, unless partner has called since (Law 25A). The refusal's reason otherwise."""
    made = game.actions()
    mine = [position for position, (who, _) in enumerate(made) if who == seat]
    if not mine:
        return "nothing"
    target = mine[-1]
    if target < game.seen_at(seat):
        return "shown to you"
    calls = len(game.auction.calls)
    cards = len(made) - calls
    if cards and target < calls + cards - (cards % 4 or 4):
        return "trick in progress"
    if not cards and any(who == seat.partner for who, _ in made[target + 1 :]):
        return "partner has called"
    return target


def test_an_undo_takes_back_what_the_general_rule_says() -> None:
    """`ContractDeal`'s short rule (in the play only the last card, by the seat that chose it,
    never the opening lead) gives the same answer as the general one at every moment of
    random deals, for every seat."""
    rng = random.Random(20)
    checked = 0
    for number in range(1, 121):
        game = ContractDeal(Board.random(number, rng))
        while not game.is_over:
            for seat in Seat:
                expected = _undo_by_the_general_rule(game, seat)
                try:
                    found: int | str = game._undo_target(seat)
                except IllegalAction as refused:
                    reason = str(refused)
                    found = (
                        "nothing"
                        if "nothing" in reason
                        else "partner has called"
                        if reason == PARTNER_HAS_CALLED
                        else "shown to you"
                    )
                assert found == expected, (number, seat, game.actions())
                checked += 1
            legal = [a for a in game.legal_actions() if not isinstance(a, Claim | UndoRequest)]
            # Short auctions often, so that most of the moments are in the play.
            passes = [a for a in legal if str(a) == "Pass"]
            game.apply(passes[0] if passes and rng.random() < 0.6 else rng.choice(legal))
    assert checked > 10_000


def test_a_play_keeps_its_own_kind_of_player_after_a_play_of_numbered_players() -> None:
    """Boerenbridge's four players are 0 to 3, equal to the compass seats (an `IntEnum`): a
    bridge play built after such a round must still record seats, and the round numbers."""
    deal = Deal.random(random.Random(8))
    numbered = Play(deal.hands, 0, None, seats=(0, 1, 2, 3))
    first = numbered.legal_cards()[0]
    numbered.play(first)
    compass = Play(deal.hands, Seat.NORTH, None)
    compass.play(first)
    assert type(numbered.history[0][0]) is int
    assert compass.history[0][0] is Seat.NORTH
