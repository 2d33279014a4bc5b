"""Claims: the robot claims only what no layout and no defence can take away, and accepts
only claims that cannot fail against its view."""

from __future__ import annotations

import random

import pytest

from test_cardplay_player import ending
from vaza.analysis.positions import Position, solve_position
from vaza.core import Board, ContractDeal, Seat, seat_view
from vaza.core.calls import Contract
from vaza.core.game import Claim, ClaimResponse
from vaza.robots.base import robot_answer
from vaza.robots.cardplay.claims import answer_claim, robot_claim
from vaza.robots.cardplay.player import CardPlayer
from vaza.robots.simple import SimpleRobot


def _claim(game: ContractDeal, seat: Seat) -> Claim | None:
    return robot_claim(seat_view(game, seat), random.Random(1))


def _answer(game: ContractDeal, claimer: Seat, tricks: int, answerer: Seat) -> bool:
    game.apply(Claim(tricks), by=claimer)
    return answer_claim(seat_view(game, answerer), random.Random(1)).accept


def _masters() -> ContractDeal:
    # Dummy, on lead, holds the top spades and the top heart at no trump: every trick is
    # declarer's, and the defenders can see it.
    return ending(
        "3NT S",
        Seat.NORTH,
        {
            Seat.NORTH: "AK.A..",
            Seat.SOUTH: "2.32..",
            Seat.WEST: "QJ.4..",
            Seat.EAST: ".5.2.2",
        },
    )


def _two_way_guess() -> ContractDeal:
    # A-J-3 opposite K-T-2 with the queen out: double dummy makes three tricks in every
    # layout, yet no line finds the queen in all of them.
    return ending(
        "3NT S",
        Seat.SOUTH,
        {
            Seat.NORTH: "AJ3...",
            Seat.SOUTH: "KT2...",
            Seat.WEST: "Q5.2..",
            Seat.EAST: "4..2.2",
        },
    )


def test_declarer_claims_the_rest_when_every_card_is_a_master() -> None:
    assert _claim(_masters(), Seat.SOUTH) == Claim(3)
    assert _claim(_masters(), Seat.NORTH) is None  # dummy never claims


def test_a_trick_that_needs_a_guess_is_not_claimed_though_double_dummy_takes_it() -> None:
    game = _two_way_guess()
    view = seat_view(game, Seat.SOUTH)
    assert robot_claim(view, random.Random(1)) is None
    assert CardPlayer(seed=1).claim(view) is None


def test_a_sure_loser_is_conceded_in_a_claim_of_the_rest() -> None:
    # South cashes the ace and king of spades; the three of hearts loses to the ace.
    game = ending(
        "3NT S",
        Seat.SOUTH,
        {
            Seat.SOUTH: "AK.3..",
            Seat.NORTH: "2.54..",
            Seat.WEST: "QJ.A..",
            Seat.EAST: ".K.2.2",
        },
    )
    assert _claim(game, Seat.SOUTH) == Claim(2)


def test_a_defender_on_lead_with_masters_claims_them() -> None:
    game = ending(
        "3NT S",
        Seat.WEST,
        {
            Seat.WEST: "AK.A..",
            Seat.EAST: "2.32..",
            Seat.NORTH: "QJ.4..",
            Seat.SOUTH: ".5.2.2",
        },
    )
    assert _claim(game, Seat.WEST) == Claim(3)
    assert _claim(game, Seat.EAST) is None  # not on lead, sees no master of its own


def test_claims_that_cannot_fail_are_accepted_and_others_rejected() -> None:
    assert _answer(_masters(), Seat.SOUTH, 3, Seat.WEST)
    assert _answer(_masters(), Seat.SOUTH, 3, Seat.EAST)
    assert not _answer(_two_way_guess(), Seat.SOUTH, 3, Seat.EAST)
    # The claimer faces its hand to the defenders (Law 68, issue 45): East sees South's king
    # beside dummy's ace, two tricks in every layout.
    assert _answer(_two_way_guess(), Seat.SOUTH, 2, Seat.EAST)
    assert _answer(_two_way_guess(), Seat.SOUTH, 1, Seat.EAST)
    assert _answer(_two_way_guess(), Seat.SOUTH, 0, Seat.WEST)  # a concession


def test_the_player_answers_only_claims_waiting_for_it() -> None:
    game = _masters()
    robot = CardPlayer(seed=1)
    assert robot.respond(seat_view(game, Seat.WEST)) is None
    game.apply(Claim(3), by=Seat.SOUTH)
    assert robot.respond(seat_view(game, Seat.NORTH)) is None  # dummy is not asked
    assert robot.respond(seat_view(game, Seat.WEST)) == ClaimResponse(accept=True)
    with pytest.raises(ValueError, match="no claim"):
        answer_claim(seat_view(_masters(), Seat.WEST), random.Random(1))


def test_claims_made_or_accepted_hold_against_the_real_cards() -> None:
    """Whatever the robot claims, or accepts, double dummy on the real deal gives at least;
    over these endings it claims often (concessions included), so the check has teeth."""
    claims = 0
    for seed in range(16):
        rng = random.Random(seed)
        game = ContractDeal(Board.random(1, rng), Contract.parse("4S N"))
        for _ in range(36 + seed % 12):
            game.apply(rng.choice(list(game.legal_actions())))
        play, contract = game.play, game.contract
        assert play is not None and contract is not None
        hands = (play.hands[0], play.hands[1], play.hands[2], play.hands[3])
        position = Position(hands, contract.trump, play.leader, play.current_trick)
        best = max(solve_position(position).values())
        for claimer in (contract.declarer, contract.declarer.lho, contract.declarer.rho):
            ours = position.to_play.side == claimer.side
            real = best if ours else position.tricks_left - best
            claim = _claim(game, claimer)
            if claim is not None:
                claims += 1
                assert claim.tricks <= real
            answerer = claimer.lho if claimer.lho != contract.dummy else claimer.rho
            for tricks in range(real + 1, position.tricks_left + 1):
                assert not _answer(_copy(game), claimer, tricks, answerer)
    assert claims >= 8


def _copy(game: ContractDeal) -> ContractDeal:
    assert game.contract is not None and game.play is not None
    copy = ContractDeal(game.board, game.contract)
    for _, card in game.play.history:
        copy.apply(card)
    return copy


def test_a_rejection_says_why() -> None:
    """Issue 19: a rejected claim says why, so the claimer is not left guessing."""
    game = _two_way_guess()
    game.apply(Claim(3), by=Seat.SOUTH)
    # East sees South's hand (Law 68): the third trick needs the queen guessed.
    assert answer_claim(seat_view(game, Seat.EAST), random.Random(1)) == ClaimResponse(
        accept=False, why="guess"
    )
    # A robot that checks no claims says so.
    assert robot_answer(SimpleRobot(), seat_view(game, Seat.EAST)) == ClaimResponse(
        accept=False, why="unchecked"
    )
