"""Matchpoints across tables, Neuberg's formula, session percentages and ranking with ties."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from vaza.core import Contract, Vulnerability
from vaza.scoring.matchpoints import (
    compare,
    matchpoint_board,
    matchpoint_session,
    matchpoints,
    neuberg,
    percent_of,
    top,
)
from vaza.scoring.ranking import rank
from vaza.scoring.traveller import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    ArtificialScore,
    Award,
    InvalidTraveller,
    Score,
    TableResult,
    Traveller,
    WeightedScore,
    ns_score,
)


def traveller(*scores: Score, expected: int | None = None, board: int = 1) -> Traveller:
    """Table i has pairs N<i> and E<i> (i from 1)."""
    return Traveller.of(
        board,
        (TableResult(f"N{i}", f"E{i}", score) for i, score in enumerate(scores, 1)),
        expected,
    )


def ns_points(board: Traveller, expected: int | None = None) -> list[Fraction]:
    return [score.ns for score in matchpoint_board(board, expected).scores]


def ew_points(board: Traveller, expected: int | None = None) -> list[Fraction]:
    return [score.ew for score in matchpoint_board(board, expected).scores]


# --- scores from the table ------------------------------------------------------------------


def test_ns_score_signs_the_duplicate_score_from_north_south() -> None:
    assert ns_score(Contract.parse("4S N"), 10, Vulnerability.NONE) == 420
    assert ns_score(Contract.parse("4S E"), 10, Vulnerability.EW) == -620
    assert (
        ns_score(Contract.parse("3NTX W"), 7, Vulnerability.NS) == 300
    )  # 2 down doubled, not vulnerable
    assert ns_score(Contract.parse("3NT S"), 8, Vulnerability.NS) == -100


def test_a_passed_out_board_scores_zero() -> None:
    assert ns_score(None, 0, Vulnerability.BOTH) == 0


# --- hand-checked small fields --------------------------------------------------------------


def test_three_results() -> None:
    board = traveller(420, 400, -50)
    assert matchpoints([420, 400, -50]) == (4, 2, 0)
    assert ns_points(board) == [4, 2, 0]
    assert ew_points(board) == [0, 2, 4]
    scored = matchpoint_board(board)
    assert scored.top == 4
    assert [s.ns_percent for s in scored.scores] == [100, 50, 0]
    assert [s.ew_percent for s in scored.scores] == [0, 50, 100]


def test_four_results_with_a_shared_top() -> None:
    # 620 beats two and ties one: 2 + 2 + 1 = 5; 170 beats one: 2; -100 beats none.
    board = traveller(620, 620, 170, -100)
    assert ns_points(board) == [5, 5, 2, 0]
    assert ew_points(board) == [1, 1, 4, 6]
    percents = [s.ns_percent for s in matchpoint_board(board).scores]
    assert percents == [Fraction(250, 3), Fraction(250, 3), Fraction(100, 3), 0]


def test_five_results_with_a_three_way_tie() -> None:
    # 420 beats -50 (2) and ties two other 420s (1 + 1) = 4 of 8: exactly average.
    board = traveller(450, 420, 420, 420, -50)
    assert ns_points(board) == [8, 4, 4, 4, 0]
    assert [s.ns_percent for s in matchpoint_board(board).scores] == [100, 50, 50, 50, 0]


def test_all_equal_results_are_all_average() -> None:
    assert ns_points(traveller(110, 110, 110)) == [2, 2, 2]


def test_a_board_played_once_is_an_average() -> None:
    scored = matchpoint_board(traveller(1430))
    assert scored.top == 0
    assert scored.scores[0].ns_percent == scored.scores[0].ew_percent == 50


def test_negative_and_positive_scores_compare_as_numbers() -> None:
    # NS -50 (a sacrifice going down) beats NS -420 (the opponents' game).
    assert ns_points(traveller(-50, -420, -420)) == [4, 1, 1]


# --- Neuberg --------------------------------------------------------------------------------


def test_neuberg_formula_worked_by_hand() -> None:
    # (M + 1) x N / n - 1
    assert neuberg(6, 4, 5) == Fraction(31, 4)  # 7 x 5/4 - 1
    assert neuberg(0, 4, 5) == Fraction(1, 4)
    assert neuberg(4, 6, 7) == Fraction(29, 6)  # 4.8333, the Wikipedia example
    assert neuberg(9, 6, 7) == Fraction(32, 3)  # 10.6667
    assert neuberg(5, 4, 4) == 5  # nothing missing, nothing changes


def test_neuberg_rejects_impossible_counts() -> None:
    with pytest.raises(InvalidTraveller):
        neuberg(0, 0, 5)
    with pytest.raises(InvalidTraveller):
        neuberg(0, 6, 5)


def test_board_with_one_result_missing() -> None:
    # Five tables, four results.  Among four: 420 -> 6, 400 -> 3, 400 -> 3, -50 -> 0.
    # Factored to five (top 8): 7*5/4-1 = 7.75, 4*5/4-1 = 4, 1*5/4-1 = 0.25.
    board = traveller(420, 400, 400, -50, expected=5)
    scored = matchpoint_board(board)
    assert scored.top == 8
    assert (scored.expected, scored.compared) == (5, 4)
    assert ns_points(board) == [Fraction(31, 4), 4, 4, Fraction(1, 4)]
    assert ew_points(board) == [Fraction(1, 4), 4, 4, Fraction(31, 4)]
    # Neuberg keeps the board's average at half the top.
    assert sum(ns_points(board)) == 4 * 4


def test_ebu_neuberg_example_ten_results_of_eleven() -> None:
    # The EBU's worked example (Max Bavin, "The Neuberg Formula"): top 20, each result
    # counted 1.1 times; the top gets 19.9 and the steps are 2.2.
    board = traveller(520, 500, 490, 480, 460, 450, 430, 420, 400, -50, expected=11)
    expected = ["19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"]
    assert ns_points(board) == [Fraction(value) for value in expected]
    assert matchpoint_board(board).top == 20


def test_artificial_scores_take_no_part_and_get_their_share_of_the_full_top() -> None:
    # One table of five could not play: North-South in no way at fault (60%), East-West at
    # fault (40%).  The four real results are factored to five exactly as if it were missing.
    board = traveller(420, ArtificialScore(AVERAGE_PLUS, AVERAGE_MINUS), 400, 400, -50)
    scored = matchpoint_board(board)
    assert [s.ns for s in scored.scores] == [Fraction(31, 4), Fraction(24, 5), 4, 4, Fraction(1, 4)]
    artificial = scored.scores[1]
    assert (artificial.ns, artificial.ew) == (Fraction(24, 5), Fraction(16, 5))
    assert artificial.ns_percent == 60
    assert artificial.ew_percent == 40


def test_artificial_scores_need_not_balance() -> None:
    board = traveller(420, ArtificialScore(AVERAGE_MINUS, AVERAGE_MINUS), 400)
    artificial = matchpoint_board(board).scores[1]
    assert artificial.ns_percent == artificial.ew_percent == 40
    both_average = matchpoint_board(traveller(ArtificialScore(AVERAGE, AVERAGE), 400))
    assert [s.ns_percent for s in both_average.scores] == [50, 50]


def test_an_award_may_be_any_share_of_the_top() -> None:
    # "At least 60%": some regulations give the pair's session percentage when it is higher.
    board = traveller(ArtificialScore(Award.of(Fraction(127, 2), 3), AVERAGE_MINUS), 420, 400)
    assert matchpoint_board(board).scores[0].ns == Fraction(127, 2) * 4 / 100
    with pytest.raises(InvalidTraveller):
        Award.of(120, 3)


def test_weighted_score_is_matchpointed_part_by_part() -> None:
    # Law 12C1(c): half of 420, half of -50.  420 ties one half and beats the other: 1.5.
    half = WeightedScore.of((Fraction(1, 2), 420), (Fraction(1, 2), -50))
    assert compare(420, half) == Fraction(3, 2)
    assert compare(half, half) == 1
    board = traveller(420, -50, half)
    assert ns_points(board) == [Fraction(7, 2), Fraction(1, 2), 2]
    assert ew_points(board) == [Fraction(1, 2), Fraction(7, 2), 2]


def test_invalid_travellers_are_refused() -> None:
    with pytest.raises(InvalidTraveller, match="two results"):
        Traveller.of(3, [TableResult("A", "B", 420), TableResult("C", "A", 400)])
    with pytest.raises(InvalidTraveller, match="multiple of 10"):
        TableResult("A", "B", 425)
    with pytest.raises(InvalidTraveller, match="both"):
        TableResult("A", "A", 420)
    with pytest.raises(InvalidTraveller, match="add up to 1"):
        WeightedScore.of((Fraction(1, 2), 420), (Fraction(1, 3), 400))
    with pytest.raises(InvalidTraveller, match="more than"):
        traveller(420, 400, expected=1)
    with pytest.raises(InvalidTraveller, match="more than"):
        matchpoint_board(traveller(420, 400, 110), expected=2)


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


def test_session_totals_and_percentages() -> None:
    # Board 1: NS 3, 3, 0 / EW 1, 1, 4.  Board 2: NS 0, 2, 4 / EW 4, 2, 0.
    # Board 3, two results of three: 600 -> (0+1)*3/2-1 = 1/2, 630 -> (2+1)*3/2-1 = 7/2.
    totals = {total.pair: total for total in matchpoint_session(session())}
    assert {pair: total.matchpoints for pair, total in totals.items()} == {
        "N1": Fraction(7, 2),
        "N2": Fraction(17, 2),
        "N3": 4,
        "E1": Fraction(3, 2),
        "E2": 5,
        "E3": Fraction(19, 2),
    }
    assert totals["N1"].tops == 12 and totals["N1"].boards == 3
    assert totals["N3"].tops == 8 and totals["N3"].boards == 2
    assert totals["N2"].percent == Fraction(17, 2) * 100 / 12
    assert totals["N3"].percent == 50
    assert totals["E2"].percent == Fraction(125, 2)


def test_ranking_a_session() -> None:
    ns = [total for total in matchpoint_session(session()) if total.pair.startswith("N")]
    placed = rank(ns, key=lambda total: total.percent)
    assert [(p.label, p.entry.pair) for p in placed] == [("1", "N2"), ("2", "N3"), ("3", "N1")]


def test_ranking_shares_places_and_skips_the_next() -> None:
    placed = rank(
        ["a", "b", "c", "d", "e"], key={"a": 5, "b": 3, "c": 5, "d": 1, "e": 3}.__getitem__
    )
    assert [(p.label, p.entry) for p in placed] == [
        ("1=", "a"),
        ("1=", "c"),
        ("3=", "b"),
        ("3=", "e"),
        ("5", "d"),
    ]
    lowest_first = rank([3, 1, 2], key=lambda value: value, descending=False)
    assert [p.entry for p in lowest_first] == [1, 2, 3]


def test_percent_of_an_empty_top_is_average() -> None:
    assert percent_of(Fraction(0), 0) == 50
    assert top(1) == 0 and top(0) == 0 and top(13) == 24


# --- properties -----------------------------------------------------------------------------

table_scores = st.integers(min_value=-300, max_value=300).map(lambda tens: tens * 10)
awards = st.sampled_from([AVERAGE_PLUS, AVERAGE, AVERAGE_MINUS])
weighted = st.lists(table_scores, min_size=2, max_size=3).map(
    lambda parts: WeightedScore.of(*((Fraction(1, len(parts)), points) for points in parts))
)
any_score: st.SearchStrategy[Score] = st.one_of(
    table_scores,
    table_scores,
    weighted,
    st.builds(ArtificialScore, awards, awards),
)


@given(st.lists(any_score, min_size=1, max_size=9), st.integers(min_value=0, max_value=4))
def test_ns_and_ew_matchpoints_sum_to_the_top(scores: list[Score], missing: int) -> None:
    board = traveller(*scores, expected=len(scores) + missing)
    scored = matchpoint_board(board)
    compared = [s for s in scored.scores if not s.result.is_artificial]
    for score in compared:
        assert score.ns + score.ew == scored.top
        assert 0 <= score.ns <= scored.top
    if compared:
        # Neuberg keeps the average: the compared results share n x (N - 1) matchpoints.
        assert sum(score.ns for score in compared) == len(compared) * (scored.expected - 1)


@given(st.lists(table_scores, min_size=1, max_size=10))
def test_plain_matchpoints_agree_with_the_traveller(scores: list[int]) -> None:
    assert ns_points(traveller(*scores)) == list(matchpoints(scores))


@given(st.lists(table_scores, min_size=1, max_size=10))
def test_ranks_and_matchpoints_are_monotone_in_score(scores: list[int]) -> None:
    board = traveller(*scores)
    score_of = dict(zip(board.results, scores, strict=True))
    placed = {p.entry: p for p in rank(board.results, key=score_of.__getitem__)}
    points = {s.result: s.ns for s in matchpoint_board(board).scores}
    for a in board.results:
        for b in board.results:
            if score_of[a] > score_of[b]:
                assert placed[a].position < placed[b].position
                assert points[a] > points[b]
            elif score_of[a] == score_of[b]:
                assert placed[a].position == placed[b].position
                assert points[a] == points[b]
                assert placed[a].tied or a is b
