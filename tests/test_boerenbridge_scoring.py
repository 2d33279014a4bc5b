"""Boerenbridge scoring: seed 004's worked examples, harsh scoring, the consolation for a forced
dealer, the blind multiplier, totals and the tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from vaza.core.games.boerenbridge import RoundResult, RoundSetup, barred_bid
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.scoring.boerenbridge import bid_score, consolation_due, round_scores, score_sheet

PLAIN = BoerenbridgeOptions()
HARSH = BoerenbridgeOptions(harsh=True)
CONSOLATION = BoerenbridgeOptions(consolation=True)


def result(
    dealer: int, size: int, bids: Sequence[int], tricks: Sequence[int], blind: bool = False
) -> RoundResult:
    """A round's result by player, with the barred bid worked out from the bids before the
    dealer's (in bidding order from the dealer's left)."""
    players = len(bids)
    order = [(dealer + 1 + i) % players for i in range(players - 1)]
    assert bids[dealer] != barred_bid(size, [bids[p] for p in order]), "the dealer broke the rule"
    assert sum(tricks) == size
    setup = RoundSetup(players, dealer, size, blind=blind)
    return RoundResult(
        setup, None, tuple(bids), tuple(tricks), barred_bid(size, [bids[p] for p in order])
    )


def test_seed_examples() -> None:
    assert bid_score(0, 0) == 10  # bid 0, won 0
    assert bid_score(3, 3) == 16  # bid 3, won 3: 10 + 6
    assert bid_score(3, 1) == 0
    assert bid_score(3, 1, harsh=True) == -2  # harsh: minus the difference
    assert bid_score(1, 4, harsh=True) == -3
    assert bid_score(2, 2, harsh=True) == 14


def test_round_scores() -> None:
    done = result(3, 5, [2, 0, 1, 3], [2, 0, 2, 1])
    assert round_scores(done, PLAIN) == (14, 10, 0, 0)
    assert round_scores(done, HARSH) == (14, 10, -1, -2)


def test_consolation_for_a_forced_dealer_who_misses_by_one() -> None:
    # Bids 2, 0, 1 bar the dealer (player 3) from 2; the dealer bid 3 and took exactly 2.
    forced = result(3, 5, [2, 0, 1, 3], [1, 1, 1, 2])
    assert forced.barred == 2 and forced.dealer_forced
    assert consolation_due(forced, 3) and not consolation_due(forced, 2)
    assert round_scores(forced, CONSOLATION) == (0, 0, 12, 5)
    assert round_scores(forced, PLAIN) == (0, 0, 12, 0)
    harsh = BoerenbridgeOptions(harsh=True, consolation=True)
    assert round_scores(forced, harsh) == (-1, -1, 12, 4)
    # Forced but two tricks off: no consolation.
    far = result(3, 5, [2, 0, 1, 4], [1, 1, 1, 2])
    assert far.dealer_forced and round_scores(far, CONSOLATION)[3] == 0
    # Off by one but not forced: the barred bid (2) was not what the dealer took.
    unforced = result(3, 5, [2, 0, 1, 4], [1, 0, 1, 3])
    assert not unforced.dealer_forced and round_scores(unforced, CONSOLATION)[3] == 0
    # The others bid over the hand size: nothing was barred, nobody was forced.
    free = result(2, 3, [2, 2, 1], [1, 1, 1])
    assert free.barred is None and not free.dealer_forced


def test_blind_rounds_multiply_the_score() -> None:
    blind = result(0, 1, [0, 1, 1], [0, 1, 0], blind=True)
    assert round_scores(blind, PLAIN) == (20, 24, 0)
    assert round_scores(blind, BoerenbridgeOptions(blind_multiplier=3)) == (30, 36, 0)
    # Bids 1 and 0 bar the dealer (0) from 0; the dealer bid 1 and took 0.
    missed = result(0, 1, [1, 1, 0], [0, 0, 1], blind=True)
    assert missed.dealer_forced
    assert round_scores(missed, HARSH) == (-2, -2, -2)
    assert round_scores(missed, CONSOLATION) == (10, 0, 0)  # (0 + 5) × 2


def test_totals_and_standings() -> None:
    rounds = [
        result(0, 1, [0, 0, 0], [1, 0, 0]),  # 0, 10, 10
        result(1, 2, [1, 0, 2], [1, 0, 1]),  # 12, 10, 0
        result(2, 3, [1, 2, 1], [0, 2, 1]),  # 0, 14, 12
    ]
    sheet = score_sheet(3, rounds, PLAIN)
    assert sheet.rounds == ((0, 10, 10), (12, 10, 0), (0, 14, 12))
    assert sheet.totals == (12, 34, 22)
    assert [s.player for s in sheet.standings] == [1, 2, 0]
    assert [s.place for s in sheet.standings] == [1, 2, 3]
    assert sheet.standings[0].exact_bids == 3 and sheet.standings[0].best_round == 14
    assert sheet.winners == (1,)


def test_tie_broken_by_exact_bids() -> None:
    rounds = [
        result(2, 5, [5, 0, 1], [5, 0, 0]),  # 20, 10, 0
        result(2, 2, [0, 0, 1], [1, 0, 1]),  # 0, 10, 12
    ]
    sheet = score_sheet(3, rounds, PLAIN)
    assert sheet.totals[0] == sheet.totals[1] == 20
    assert sheet.winners == (1,)  # two exact bids against one
    assert [(s.player, s.place) for s in sheet.standings] == [(1, 1), (0, 2), (2, 3)]


def test_tie_broken_by_best_round() -> None:
    rounds = [
        result(2, 5, [5, 3, 1], [5, 0, 0]),  # 20, 0, 0
        result(0, 4, [0, 3, 0], [0, 3, 1]),  # 10, 16, 0
        result(1, 2, [1, 2, 0], [0, 2, 0]),  # 0, 14, 10
    ]
    sheet = score_sheet(3, rounds, PLAIN)
    assert sheet.totals == (30, 30, 10)
    first, second, _ = sheet.standings
    assert first.exact_bids == second.exact_bids == 2
    assert (first.player, first.best_round) == (0, 20)  # 20 beats 16
    assert (second.player, second.best_round, second.place) == (1, 16, 2)
    assert sheet.winners == (0,)


def test_full_tie_shares_first_place() -> None:
    sheet = score_sheet(3, [result(0, 1, [0, 0, 0], [0, 0, 1])], PLAIN)
    assert sheet.totals == (10, 10, 0)
    assert sheet.winners == (0, 1)
    assert [s.place for s in sheet.standings] == [1, 1, 3]


def test_no_completed_round_no_winner() -> None:
    sheet = score_sheet(4, [], PLAIN)
    assert sheet.totals == (0, 0, 0, 0) and sheet.winners == ()
    assert all(s.best_round is None for s in sheet.standings)


def test_rounds_must_belong_to_the_match() -> None:
    with pytest.raises(ValueError, match="a round of 3 players"):
        score_sheet(4, [result(0, 1, [0, 0, 0], [1, 0, 0])], PLAIN)
