"""Bidding decisions by simulation (`robots/judged_bidding.py`): which calls are weighed, that
the layouts keep the bidder's hand and bid as the table did, and that the layouts' results
decide.  The solver is replaced by fixed trick counts where the test is about the decision,
so the answer is known; one test runs DDS itself."""

from __future__ import annotations

import random
from collections.abc import Sequence

from vaza.core import Board, ContractDeal, Deal, Seat, seat_view
from vaza.core.calls import PASS, Call, Strain
from vaza.core.cards import Hand, Vulnerability
from vaza.core.games.contract import Phase
from vaza.robots.bidding import infer
from vaza.robots.bidding.bidder import system_call
from vaza.robots.cardplay.sampling import bids_alike
from vaza.robots.cardplay.solver import Layout
from vaza.robots.judged_bidding import (
    BidderView,
    JudgeSettings,
    JudgingBidder,
    Weighing,
    judge_call,
    weighed_calls,
)

RESPONDER = "KQ32.AJ82.K4.Q73"
"""South's 15 points and four hearts opposite North's 1♥: game at least, slam if it fits."""
SETTINGS = JudgeSettings(layouts=8, margin=1.0)
GAME = Call.parse("4H")
"""South's call as the tests have it place the contract: game in partner's suit."""


def _seen(calls: str, hand: str = RESPONDER, dealer: Seat = Seat.NORTH) -> BidderView:
    made = tuple(Call.parse(name) for name in calls.split())
    return BidderView(
        dealer.next(len(made)), Hand.parse(hand).mask, made, dealer, Vulnerability.NONE
    )


def _tricks(count: int, asked: list[Sequence[tuple[Layout, Seat, Strain]]] | None = None):
    def solve(contracts: Sequence[tuple[Layout, Seat, Strain]]) -> list[int]:
        if asked is not None:
            asked.append(contracts)
        return [count] * len(contracts)

    return solve


def test_the_games_slams_and_pass_of_our_fits_are_weighed_when_we_bid_alone() -> None:
    seen = _seen("1H Pass")
    weighed = weighed_calls(seen, infer(seen.calls, seen.dealer), GAME)
    assert set(weighed) == {PASS, *(Call.parse(name) for name in ("6H", "3NT", "6NT"))}


def test_a_call_that_builds_the_auction_is_left_to_the_system() -> None:
    seen = _seen("1H Pass")
    assert weighed_calls(seen, infer(seen.calls, seen.dealer), Call.parse("2C")) == ()
    assert weighed_calls(seen, infer(seen.calls, seen.dealer), PASS) != ()


def test_nothing_is_weighed_in_a_contested_auction_or_before_partner_bids() -> None:
    contested = _seen("1H 1S")
    assert weighed_calls(contested, infer(contested.calls, Seat.NORTH), PASS) == ()
    opening = _seen("Pass Pass", dealer=Seat.WEST)  # South's partner, North, passed
    assert weighed_calls(opening, infer(opening.calls, Seat.WEST), PASS) == ()
    asked = _seen("1H Pass 3H Pass 4NT Pass", hand="A2.KQT93.A4.K652", dealer=Seat.SOUTH)
    assert weighed_calls(asked, infer(asked.calls, Seat.SOUTH), PASS) == ()


def test_the_slam_is_bid_where_every_layout_makes_twelve_tricks() -> None:
    seen = _seen("1H Pass")
    judged = judge_call(
        seen, GAME, random.Random(1), settings=SETTINGS, weighing=Weighing(solve=_tricks(12))
    )
    assert judged.call.is_bid and judged.call.level == 6
    assert judged.gains[judged.call] >= SETTINGS.margin
    assert judged.samples == SETTINGS.layouts


def test_the_auction_stops_where_every_layout_makes_seven_tricks() -> None:
    seen = _seen("1H Pass")
    judged = judge_call(
        seen, GAME, random.Random(1), settings=SETTINGS, weighing=Weighing(solve=_tricks(7))
    )
    assert judged.call is PASS


def test_the_system_call_stays_when_no_call_gains_enough() -> None:
    seen = _seen("1H Pass")
    strict = JudgeSettings(layouts=8, margin=100.0)
    judged = judge_call(
        seen, GAME, random.Random(1), settings=strict, weighing=Weighing(solve=_tricks(12))
    )
    assert judged.call is GAME


def test_every_layout_keeps_the_bidders_hand_and_bids_as_the_table_did() -> None:
    seen = _seen("1H Pass")
    asked: list[Sequence[tuple[Layout, Seat, Strain]]] = []
    judged = judge_call(
        seen,
        GAME,
        random.Random(2),
        settings=SETTINGS,
        weighing=Weighing(solve=_tricks(10, asked)),
    )
    layouts = {layout for batch in asked for layout, _, _ in batch}
    assert layouts and judged.relaxed == 0
    for layout in layouts:
        assert layout[Seat.SOUTH] == seen.hand
        assert sum(mask.bit_count() for mask in layout) == 52
        assert bids_alike(layout, seen, system_call)


def test_the_judging_robot_bids_a_legal_call_from_its_own_view_with_dds() -> None:
    hands = ("A5.KQT93.QJ6.K82", "JT9.764.9852.JT9", RESPONDER, "8764.5.AT73.A654")
    deal = Deal(tuple(Hand.parse(hand) for hand in hands))  # type: ignore[arg-type]
    game = ContractDeal(Board(deal, Seat.SOUTH, Vulnerability.NONE))
    robot = JudgingBidder(settings=JudgeSettings(layouts=4), seed=1)
    judged = []
    while game.phase is Phase.AUCTION:
        assert game.to_act is not None
        view = seat_view(game, game.to_act)
        call, meaning = robot.choose_call(view)
        assert call in view.legal_actions and meaning.call is call
        judged.append(robot.last)
        game.apply(call)
    samples = [judgement.samples for judgement in judged if judgement is not None]
    assert 4 in samples and set(samples) <= {0, 4}


def test_an_invitation_is_weighed_against_game_and_pass_when_asked() -> None:
    seen = _seen("1H Pass 2H Pass", hand="AQ3.KQT83.K4.Q73")
    beliefs = infer(seen.calls, seen.dealer)
    invite = Call.parse("3H")
    assert weighed_calls(seen, beliefs, invite) == ()
    weighed = weighed_calls(seen, beliefs, invite, invitations=True)
    assert set(weighed) == {PASS, Call.parse("4H"), Call.parse("3NT")}
    placing = weighed_calls(_seen("1H Pass"), infer(_seen("1H Pass").calls, Seat.NORTH), GAME)
    assert Call.parse("3H") not in placing
    seen = _seen("1H Pass")
    placing = weighed_calls(seen, infer(seen.calls, Seat.NORTH), GAME, invitations=True)
    assert {Call.parse("3H"), Call.parse("2NT")} <= set(placing)


class _JumpingClock:
    """A clock that moves `step` seconds every time it is read: a machine so loaded that
    each batch of layouts seems to take that long."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def _by_layout(contracts: Sequence[tuple[Layout, Seat, Strain]]) -> list[int]:
    """Tricks that depend on the layout, so that the layouts drawn decide the call."""
    return [6 + hash((layout, declarer, strain)) % 7 for layout, declarer, strain in contracts]


def test_a_judged_call_weighs_its_layouts_whatever_the_clock_says(monkeypatch) -> None:
    """Decision 1 of issue 48: thinking is counted in layouts.  With the clock jumping 100 s
    at every reading (the old half-second budget long gone), the same view and seed weigh
    the same 24 layouts and bid the same call with the same gains."""
    from vaza.robots import judged_bidding

    seen = _seen("1H Pass")
    settings = JudgeSettings()
    quiet = judge_call(
        seen, GAME, random.Random(5), settings=settings, weighing=Weighing(solve=_by_layout)
    )
    monkeypatch.setattr(judged_bidding, "time", _JumpingClock(100.0))
    jumping = judge_call(
        seen, GAME, random.Random(5), settings=settings, weighing=Weighing(solve=_by_layout)
    )
    assert quiet.samples == jumping.samples == settings.layouts == 24
    assert jumping == quiet and not jumping.runaway


def test_a_seeded_judging_robot_bids_the_same_call_with_or_without_time(monkeypatch) -> None:
    """The robot as tables seat it, with DDS: same view, same seed, same call and judgement,
    the clock standing still or jumping."""
    from vaza.robots import judged_bidding

    hands = ("A5.KQT93.QJ6.K82", "JT9.764.9852.JT9", RESPONDER, "8764.5.AT73.A654")
    deal = Deal(tuple(Hand.parse(hand) for hand in hands))  # type: ignore[arg-type]
    game = ContractDeal(Board(deal, Seat.SOUTH, Vulnerability.NONE))
    for name in [
        "1NT",
        "Pass",
        "2D",
        "Pass",
        "2H",
        "Pass",
        "3NT",
        "Pass",
    ]:  # South places the contract
        game.apply(Call.parse(name))
    view = seat_view(game, Seat.SOUTH)

    def judged() -> tuple[Call, object]:
        robot = JudgingBidder(settings=JudgeSettings(layouts=8), seed=7)
        call, _ = robot.choose_call(view)
        assert robot.last is not None and robot.last.samples == 8 and robot.runaways == 0
        return call, robot.last

    quiet = judged()
    monkeypatch.setattr(judged_bidding, "time", _JumpingClock(100.0))
    assert judged() == quiet


def test_a_runaway_judgement_stops_and_is_counted(monkeypatch) -> None:
    """The safety cap: a judgement that has solved a batch and is past `RUNAWAY_SECONDS`
    stops with the layouts it has, says so, and the robot counts it."""
    from vaza.robots import judged_bidding
    from vaza.robots.cardplay.player import RUNAWAY_SECONDS

    monkeypatch.setattr(judged_bidding, "time", _JumpingClock(2 * RUNAWAY_SECONDS))
    judged = judge_call(
        _seen("1H Pass"), GAME, random.Random(5), weighing=Weighing(solve=_by_layout)
    )
    assert judged.runaway and 0 < judged.samples < JudgeSettings().layouts


def test_the_benchmarks_chooser_hands_over_every_judgement() -> None:
    """`judged_chooser` (the bidding benchmark's) keeps each judgement it made, so the
    benchmark can report the layouts weighed and any runaway."""
    from vaza.robots.judged_bidding import Judgement, judged_chooser

    judgements: list[Judgement] = []
    choose = judged_chooser(JudgeSettings(layouts=2), seed=3, judgements=judgements)
    calls = [
        Call.parse(name) for name in ["1NT", "Pass", "2D", "Pass", "2H", "Pass", "3NT", "Pass"]
    ]
    choose(Hand.parse(RESPONDER), calls, Seat.SOUTH, Vulnerability.NONE)
    assert [(j.samples, j.runaway) for j in judgements] == [(2, False)]
