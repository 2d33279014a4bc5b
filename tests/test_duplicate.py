"""IMPs across tables: team matches, cross-IMPs, Butler and IMP totals over a session."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vaza.scoring.duplicate import (
    DEFAULT_BUTLER,
    ButlerRule,
    CrossImpScale,
    butler,
    butler_session,
    cross_imp_session,
    cross_imps,
    datum,
    imp_compare,
    imps_between,
    round_datum,
    team_board,
    team_match,
)
from vaza.scoring.ranking import rank
from vaza.scoring.traveller import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    ArtificialScore,
    InvalidTraveller,
    Score,
    TableResult,
    Traveller,
    WeightedScore,
)


def traveller(*scores: Score, expected: int | None = None, board: int = 1) -> Traveller:
    """Table i has pairs N<i> and E<i> (i from 1)."""
    return Traveller.of(
        board,
        (TableResult(f"N{i}", f"E{i}", score) for i, score in enumerate(scores, 1)),
        expected,
    )


def ns_imps(
    board: Traveller, scale: CrossImpScale = CrossImpScale.PER_COMPARISON
) -> list[Fraction]:
    return [score.ns for score in cross_imps(board, scale).scores]


def butler_imps(board: Traveller, rule: ButlerRule = DEFAULT_BUTLER) -> list[Fraction]:
    return [score.ns for score in butler(board, rule).scores]


# --- two tables -----------------------------------------------------------------------------


def test_imps_between_two_tables() -> None:
    assert imps_between(620, 170) == 10
    assert imps_between(-100, 620) == -12
    assert imps_between(110, -140) == 6
    assert imps_between(420, 420) == 0


def test_team_board_scores_the_team_north_south_at_the_first_table() -> None:
    # Team A sits North-South at the first table and East-West at the second.
    board = team_board(TableResult("A", "B", 620), TableResult("B", "A", 170))
    assert (board.home, board.away) == ("A", "B")
    assert board.home_imps == 10
    assert board.away_imps == -10


def test_team_match_totals() -> None:
    boards = [
        (TableResult("A", "B", 620), TableResult("B", "A", 170)),  # A +10
        (TableResult("A", "B", -100), TableResult("B", "A", 620)),  # A -12
        (TableResult("B", "A", -140), TableResult("A", "B", 110)),  # B sat NS first: B -6
        (
            TableResult("A", "B", ArtificialScore(AVERAGE_PLUS, AVERAGE_MINUS)),
            TableResult("B", "A", 0),
        ),
    ]
    totals = {total.pair: total for total in team_match(boards)}
    assert totals["A"].imps == 10 - 12 + 6 + 3
    assert totals["B"].imps == -(10 - 12 + 6 + 3)
    assert totals["A"].boards == totals["B"].boards == 4
    assert [p.entry.pair for p in rank(totals.values(), key=lambda total: total.imps)] == ["A", "B"]


def test_team_board_with_artificial_scores() -> None:
    both_at_fault = ArtificialScore(AVERAGE_MINUS, AVERAGE_MINUS)
    board = team_board(TableResult("A", "B", both_at_fault), TableResult("B", "A", 1430))
    assert (board.home_imps, board.away_imps) == (Fraction(-3), Fraction(-3))
    board = team_board(
        TableResult("A", "B", 420),
        TableResult("B", "A", ArtificialScore(AVERAGE_MINUS, AVERAGE_PLUS)),
    )
    assert (board.home_imps, board.away_imps) == (Fraction(3), Fraction(-3))


def test_team_board_with_a_weighted_score() -> None:
    # Half 620 (imps(450) = 10), half -100 (imps(-270) = -7): 3/2.
    weighted = WeightedScore.of((Fraction(1, 2), 620), (Fraction(1, 2), -100))
    assert imp_compare(weighted, 170) == Fraction(3, 2)
    board = team_board(TableResult("A", "B", weighted), TableResult("B", "A", 170))
    assert board.home_imps == Fraction(3, 2)


def test_team_board_needs_the_teams_to_swap_seats() -> None:
    with pytest.raises(InvalidTraveller, match="swaps seats"):
        team_board(TableResult("A", "B", 620), TableResult("A", "B", 170))


# --- cross-IMPs -----------------------------------------------------------------------------


def test_cross_imps_three_results() -> None:
    # 620: +10 (vs 170) +12 (vs -100) = 22;  170: -10 +7 = -3;  -100: -12 -7 = -19.
    board = traveller(620, 170, -100)
    assert ns_imps(board, CrossImpScale.TOTAL) == [22, -3, -19]
    assert ns_imps(board) == [11, Fraction(-3, 2), Fraction(-19, 2)]
    assert [score.ew for score in cross_imps(board).scores] == [
        -11,
        Fraction(3, 2),
        Fraction(19, 2),
    ]


def test_cross_imps_four_results_with_a_tie() -> None:
    # 420: 0 (vs 420) -1 (vs 450) +10 (vs -50) = 9;  450: +1 +1 +11 = 13;  -50: -10 -10 -11 = -31.
    board = traveller(420, 420, 450, -50)
    assert ns_imps(board, CrossImpScale.TOTAL) == [9, 9, 13, -31]
    assert ns_imps(board) == [3, 3, Fraction(13, 3), Fraction(-31, 3)]


def test_cross_imps_with_a_missing_result_and_an_average_plus() -> None:
    # Four tables: three results and one artificial.  Per comparison nothing changes; the total
    # factors the three results' sums by (4 - 1) / (3 - 1) and the award by 4 - 1.
    board = traveller(620, 170, ArtificialScore(AVERAGE_PLUS, AVERAGE_MINUS), -100)
    assert ns_imps(board) == [11, Fraction(-3, 2), 3, Fraction(-19, 2)]
    assert ns_imps(board, CrossImpScale.TOTAL) == [33, Fraction(-9, 2), 9, Fraction(-57, 2)]
    assert cross_imps(board, CrossImpScale.TOTAL).scores[2].ew == -9


def test_cross_imps_of_a_lone_result_is_zero() -> None:
    assert ns_imps(traveller(620)) == [0]
    assert ns_imps(traveller(620, expected=3), CrossImpScale.TOTAL) == [0]


# --- Butler ---------------------------------------------------------------------------------


def test_butler_drops_one_top_and_one_bottom_in_a_large_enough_field() -> None:
    # Four 620s and three 170s: without one 620 and one 170, (3 x 620 + 2 x 170) / 5 = 440.
    # 620 - 440 = 180: +5 IMPs; 170 - 440 = -270: -7 IMPs.
    board = traveller(620, 620, 620, 620, 170, 170, 170)
    scored = butler(board)
    assert scored.datum == 440
    assert butler_imps(board) == [5, 5, 5, 5, -7, -7, -7]
    assert [score.ew for score in scored.scores] == [-5, -5, -5, -5, 7, 7, 7]


def test_butler_five_results() -> None:
    # Drop 620 and -100: (620 + 170 + 140) / 3 = 310.  +310: 7, -140: -4, -170: -5, -410: -9.
    board = traveller(620, 620, 170, 140, -100)
    assert butler(board).datum == 310
    assert butler_imps(board) == [7, 7, -4, -5, -9]


def test_butler_small_field_averages_everything() -> None:
    # Three results are too few to drop any: (620 + 170 - 100) / 3 = 230.
    board = traveller(620, 170, -100)
    assert butler(board).datum == 230
    assert butler_imps(board) == [9, -2, -8]  # +390, -60, -330


def test_butler_without_discarding_bermuda_bowl_example() -> None:
    # 22 tables: 3 x 980, 11 x 480, 7 x 450, 1 x -50 average 514.55, datum 510.
    board = traveller(*([980] * 3 + [480] * 11 + [450] * 7 + [-50]))
    scored = butler(board, ButlerRule(discard=0))
    assert scored.datum == 510
    assert sorted(set(butler_imps(board, ButlerRule(discard=0)))) == [-11, -2, -1, 10]


def test_datum_rounds_to_the_nearest_ten_halves_to_even() -> None:
    assert round_datum(Fraction(425)) == 420
    assert round_datum(Fraction(435)) == 440
    assert round_datum(Fraction(-425)) == -420
    assert round_datum(Fraction(4251, 10)) == 430
    assert round_datum(Fraction(4249, 10)) == 420
    assert datum([420, 430], ButlerRule(discard=0)) == 420
    assert datum([]) is None


def test_butler_with_weighted_and_artificial_scores() -> None:
    # The weighted score joins the datum with its mean, 395: (620 + 170 + 395) / 3 = 395 -> 400.
    weighted = WeightedScore.of((Fraction(1, 2), 620), (Fraction(1, 2), 170))
    board = traveller(620, 170, weighted, ArtificialScore(AVERAGE, AVERAGE_PLUS))
    scored = butler(board)
    assert scored.datum == 400
    assert [score.ns for score in scored.scores] == [6, -6, 0, 0]
    assert [score.ew for score in scored.scores] == [-6, 6, 0, 3]


def test_butler_rule_must_leave_something_to_average() -> None:
    with pytest.raises(InvalidTraveller):
        ButlerRule(discard=2, minimum=4)
    with pytest.raises(InvalidTraveller):
        ButlerRule(discard=-1)


def test_a_board_of_only_artificial_scores() -> None:
    board = traveller(ArtificialScore(AVERAGE_PLUS, AVERAGE_MINUS))
    assert butler(board).datum is None
    assert butler_imps(board) == [3]
    assert ns_imps(board) == [3]


# --- a session ------------------------------------------------------------------------------


def session() -> list[Traveller]:
    """Three boards, three tables; board 3 was not played at the third table."""
    return [
        Traveller.of(
            1,
            [
                TableResult("N1", "E1", 420),
                TableResult("N2", "E2", 420),
                TableResult("N3", "E3", 170),
            ],
        ),
        Traveller.of(
            2,
            [
                TableResult("N1", "E2", -100),
                TableResult("N2", "E3", 110),
                TableResult("N3", "E1", 140),
            ],
        ),
        Traveller.of(3, [TableResult("N1", "E3", 600), TableResult("N2", "E1", 630)]),
    ]


def test_cross_imp_session_totals() -> None:
    # Board 1: 420s +3 each, 170 -6.  Board 2: -100 -11/2, 110 +2, 140 +7/2.  Board 3: 600 -1.
    totals = {total.pair: total for total in cross_imp_session(session())}
    assert {pair: total.imps for pair, total in totals.items()} == {
        "N1": Fraction(-7, 2),
        "N2": 6,
        "N3": Fraction(-5, 2),
        "E1": Fraction(-15, 2),
        "E2": Fraction(5, 2),
        "E3": 5,
    }
    assert totals["N3"].boards == 2
    assert totals["N3"].per_board == Fraction(-5, 4)


def test_cross_imp_session_totals_factor_short_boards() -> None:
    # Raw sums for N1: 6 + (-11) + board 3's -1 factored by (3 - 1) / (2 - 1) = -7.
    totals = {total.pair: total.imps for total in cross_imp_session(session(), CrossImpScale.TOTAL)}
    assert totals["N1"] == -7
    assert totals["N2"] == 6 + 4 + 2


def test_butler_session_totals() -> None:
    # Data 340, 50 and 620 (615 rounds to the even ten).
    assert [butler(traveller).datum for traveller in session()] == [340, 50, 620]
    totals = {total.pair: total.imps for total in butler_session(session())}
    assert totals == {"N1": -3, "N2": 4, "N3": -2, "E1": -5, "E2": 2, "E3": 4}


# --- properties -----------------------------------------------------------------------------

table_scores = st.integers(min_value=-300, max_value=300).map(lambda tens: tens * 10)
weighted = st.lists(table_scores, min_size=2, max_size=3).map(
    lambda parts: WeightedScore.of(*((Fraction(1, len(parts)), points) for points in parts))
)
comparable: st.SearchStrategy[int | WeightedScore] = st.one_of(table_scores, table_scores, weighted)


@given(
    st.lists(comparable, min_size=1, max_size=8),
    st.integers(min_value=0, max_value=3),
    st.sampled_from(list(CrossImpScale)),
)
def test_cross_imps_sum_to_zero_over_a_board(
    scores: list[int | WeightedScore], missing: int, scale: CrossImpScale
) -> None:
    board = cross_imps(traveller(*scores, expected=len(scores) + missing), scale)
    assert sum(score.ns for score in board.scores) == 0
    assert all(score.ns == -score.ew for score in board.scores)


@given(table_scores, table_scores)
def test_swapping_the_tables_of_a_team_board_swaps_the_imps(first: int, second: int) -> None:
    forward = team_board(TableResult("A", "B", first), TableResult("B", "A", second))
    backward = team_board(TableResult("B", "A", second), TableResult("A", "B", first))
    assert backward.home_imps == forward.away_imps == -forward.home_imps


@given(st.lists(table_scores, min_size=1, max_size=12), st.integers(min_value=0, max_value=2))
def test_butler_treats_both_directions_alike(scores: list[int], discard: int) -> None:
    rule = ButlerRule(discard=discard, minimum=2 * discard + 3)
    board = butler(traveller(*scores), rule)
    mirrored = butler(traveller(*(-score for score in scores)), rule)
    assert board.datum is not None and mirrored.datum == -board.datum
    assert [s.ns for s in mirrored.scores] == [s.ew for s in board.scores]


@given(st.lists(table_scores, min_size=1, max_size=12))
def test_butler_imps_are_monotone_in_score(scores: list[int]) -> None:
    board = butler(traveller(*scores))
    by_score = sorted(zip(scores, (s.ns for s in board.scores), strict=True))
    assert all(low[1] <= high[1] for low, high in itertools.pairwise(by_score))
