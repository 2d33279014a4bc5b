"""Positions for DDS: solving every card, rewinding to earlier cards, weighing layouts."""

from __future__ import annotations

import itertools
import random

import pytest

from vaza.analysis import AnalysisError
from vaza.analysis.positions import Position, solve_position, solve_positions
from vaza.core import Board, Card, ContractDeal, Seat, seat_view
from vaza.core.calls import Contract
from vaza.core.cards import Hand, Suit
from vaza.core.views import TableView
from vaza.robots.bidding.measure import bid_board
from vaza.robots.cardplay.measure import Seats, makeable_contract, measure, played_deals
from vaza.robots.cardplay.sampling import Knowledge, Sampler
from vaza.robots.cardplay.solver import (
    Layout,
    mistakes,
    position_before,
    position_now,
    recent_choices,
)
from vaza.robots.cardplay.worth import trick_values


def _mask(text: str) -> int:
    return Hand.parse(text).mask


# South leads toward North's A-Q; West holds K-4 over it, East two small spades.
_FINESSE = Position(
    (_mask("AQ..."), _mask("65..."), _mask("32..."), _mask("K4...")), None, Seat.SOUTH
)


def test_every_legal_card_is_valued_for_the_side_to_play() -> None:
    assert solve_position(_FINESSE) == {Card.parse("S2"): 2, Card.parse("S3"): 2}
    after_low, winner = _FINESSE.after(Card.parse("S2"))
    assert winner is None and after_low.to_play == Seat.WEST
    assert solve_position(after_low) == {Card.parse("S4"): 0, Card.parse("SK"): 0}
    after_west, _ = after_low.after(Card.parse("S4"))
    assert solve_position(after_west) == {Card.parse("SQ"): 2, Card.parse("SA"): 1}
    played, winner = after_west.after(Card.parse("SQ"))
    done, winner = played.after(Card.parse("S5"))
    assert winner == Seat.NORTH and done.leader == Seat.NORTH and done.tricks_left == 1


def test_trumps_and_many_positions_at_once() -> None:
    # East ruffs North's ace of hearts when spades are trumps, not at no trump.
    hands = (_mask(".A.."), _mask("2..."), _mask(".2.."), _mask(".3.."))
    at_spades = Position(hands, Suit.SPADES, Seat.NORTH)
    at_notrump = Position(hands, None, Seat.NORTH)
    assert (
        solve_positions([at_spades, at_notrump] * 120)
        == [{Card.parse("HA"): 0}, {Card.parse("HA"): 1}] * 120
    )


def test_a_malformed_position_is_refused_with_a_reason() -> None:
    with pytest.raises(AnalysisError, match="two hands"):
        solve_position(Position((_mask("A..."),) * 4, None, Seat.NORTH))
    with pytest.raises(AnalysisError, match="should hold"):
        solve_position(Position((_mask("A..."), _mask("K..."), 0, _mask("Q...")), None, Seat.NORTH))
    with pytest.raises(AnalysisError, match="on the table"):
        lead = Card.parse("SA")
        solve_position(
            Position(
                (_mask("A..."), _mask("K..."), _mask("Q..."), _mask("J...")),
                None,
                Seat.NORTH,
                (lead,),
            )
        )


def test_rewinding_a_view_finds_the_positions_the_cards_were_played_from() -> None:
    rng = random.Random(3)
    game = ContractDeal(Board.random(1, rng), Contract.parse("4H S"))
    history: list[Position] = []
    while len(game.play.history) < 30:  # type: ignore[union-attr]
        play = game.play
        assert play is not None
        history.append(Position(tuple(play.hands), Suit.HEARTS, play.leader, play.current_trick))  # type: ignore[arg-type]
        game.apply(rng.choice(list(game.legal_actions())))
    view = seat_view(game, game.controller)  # type: ignore[arg-type]
    play = game.play
    assert play is not None
    actual = (play.hands[0], play.hands[1], play.hands[2], play.hands[3])
    assert position_now(view, actual) == Position(
        actual, Suit.HEARTS, play.leader, play.current_trick
    )
    for index in range(30):
        assert position_before(view, actual, index) == history[index]
    ours = {Seat.SOUTH, Seat.NORTH}
    recent = recent_choices(view, ours, 6)
    assert recent and all(view.played[i][0] not in ours for i in recent)
    assert all(i >= 24 for i in recent)


def test_the_opening_lead_is_not_judged_and_our_own_cards_never() -> None:
    rng = random.Random(4)
    game = ContractDeal(Board.random(1, rng), Contract.parse("2S N"))
    game.apply(rng.choice(list(game.legal_actions())))
    view = seat_view(game, Seat.NORTH)
    assert recent_choices(view, {Seat.NORTH, Seat.SOUTH}, 6) == []
    for _ in range(6):
        game.apply(rng.choice(list(game.legal_actions())))
    view = seat_view(game, Seat.EAST)
    recent = recent_choices(view, {Seat.EAST}, 4)
    assert recent == [i for i in range(3, 7) if view.played[i][0] != Seat.EAST]


def reference_mistakes(view: TableView, layout: Layout, choices: list[int]) -> int:
    """The recent cards that were mistakes in `layout`, by solving every card of the position
    before each of them: what the robot did before it solved the line of play at once."""
    count = 0
    for index in choices:
        scores = solve_positions([position_before(view, layout, index)])[0]
        count += scores[view.played[index][1]] < max(scores.values())
    return count


@pytest.mark.parametrize("seed", range(6))
def test_mistakes_along_the_line_are_those_of_each_position_solved(seed: int) -> None:
    """`mistakes` solves the play from the first recent card as one line; its verdicts are
    those of solving each position before a recent card, in sampled layouts (where the cards
    played were often mistakes), whatever the trick and whoever looks."""
    rng = random.Random(seed)
    game = ContractDeal(Board.random(seed + 1, rng), Contract.parse(("3NT N", "4S E")[seed % 2]))
    for _ in range(rng.randrange(3, 40)):
        game.apply(rng.choice(list(game.legal_actions())))
    seat = game.controller
    assert seat is not None
    view = seat_view(game, seat)
    ours = {seat, game.contract.dummy} if seat == game.contract.declarer else {seat}  # type: ignore[union-attr]
    choices = recent_choices(view, ours, 4)
    layouts = Sampler(Knowledge.of(view), {}).sample(12, rng)
    found = mistakes(view, layouts, choices)
    assert found == [reference_mistakes(view, layout, choices) for layout in layouts]
    assert all(count <= len(choices) for count in found)


def test_the_contract_measured_is_the_best_that_double_dummy_makes() -> None:
    from helpers import FIXED_DEAL

    assert makeable_contract(Board(FIXED_DEAL)) == Contract.parse("7NT N")


def test_imps_put_making_first_and_overtricks_after() -> None:
    values = trick_values(Contract.parse("4S N"), False, "imps")
    assert values[10] == 0
    assert values[10] - values[9] > 8  # making game: about ten IMPs
    assert 0.5 < values[11] - values[10] < 1.5  # an overtrick: about one
    assert all(a < b for a, b in itertools.pairwise(values))  # every trick counts a little
    matchpoints = trick_values(Contract.parse("4S N"), False, "matchpoints")
    assert matchpoints[11] - matchpoints[10] == 1


def test_the_benchmark_plays_and_judges_whole_deals() -> None:
    figures = measure(1, 5, Seats(robot_options={"max_samples": 2, "inference_depth": 0}))
    assert figures["deals"] == 1 and figures["cards"] == 52
    assert 0 <= figures["card_ms_p50"] <= figures["card_ms_p95"] <= figures["card_ms_max"]
    assert figures["dd_cost_declarer"] >= 0 and figures["dd_cost_defence"] >= 0
    assert figures["made_share"] in (0.0, 1.0)


def test_the_benchmark_plays_the_contract_the_robots_bid_and_judges_the_lead() -> None:
    options = {"max_samples": 2, "inference_depth": 0}
    (deal,) = played_deals(1, 4, Seats(robot_options=options, auction=True))
    rng, number = random.Random(4), 1
    bid = bid_board(Board.random(2, rng))
    while bid.contract is None:  # as the benchmark does: passed-out boards are skipped
        number += 1
        bid = bid_board(Board.random(number % 16 + 1, rng))
    assert deal.contract == bid.contract
    assert len(deal.costs) == 52 and deal.lead_cost == deal.costs[0][1]
    assert not deal.costs[0][0]  # the lead is the defence's
    figures = measure(1, 4, Seats(robot_options=options, auction=True))
    assert figures["bid"] is True and figures["lead_cost"] == deal.lead_cost
    low, high = figures["lead_cost_ci95"]  # type: ignore[misc]
    assert low == high == deal.lead_cost
