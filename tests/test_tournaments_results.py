"""Duplicate tournaments without a server: board sets, movements, results to rankings (small fields
checked by hand), the gate for hidden boards, and the tournament as a PBN file read back."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from vaza.core import Board, ContractDeal, Deal, DealRecord
from vaza.core.cards import board_dealer, board_vulnerability
from vaza.core.errors import NotVisible, ParseError
from vaza.formats import pbn
from vaza.scoring.traveller import ns_score
from vaza.store.port import DealRow
from vaza.store.tournaments_port import MemberRecord, TournamentRecord, TournamentTableRecord
from vaza.tournaments import reading
from vaza.tournaments.boards import BoardSet, pbn_boards, random_boards, seeded_boards
from vaza.tournaments.export import (
    ExportedEntry,
    ExportedResult,
    PbnHeading,
    table_section,
    tournament_pbn,
)
from vaza.tournaments.model import (
    ImpMethod,
    Scoring,
    Status,
    TournamentKind,
    TournamentRules,
    UnknownTournament,
    joinable,
)
from vaza.tournaments.movement import Seating, mitchell, robot_table, solo_table, team_tables
from vaza.tournaments.reading import Loaded
from vaza.tournaments.results import (
    PlayedResult,
    field_standings,
    played_result,
    ranking,
    score_field_board,
    score_team_board,
    team_standings,
)
from vaza.tournaments.views import boards_played, entry_name, may_see, seat_names


def result(board: int, table: int, score: int, ns: str = "", ew: str = "") -> PlayedResult:
    """Table t of a field has North–South pair P<t> and East–West pair Q<t>."""
    return PlayedResult(board, table, 1, ns or f"P{table}", ew or f"Q{table}", score,
                        "4S", "S", 10)  # fmt: skip


# A field of three tables, two boards (worked by hand in the comments).
FIELD = [
    result(1, 1, 420), result(1, 2, 450), result(1, 3, -50),
    result(2, 1, -100), result(2, 2, -100), result(2, 3, 110),
]  # fmt: skip


# -- one board ------------------------------------------------------------------------------


def test_a_board_matchpointed_and_imped_by_hand() -> None:
    board = score_field_board(FIELD[:3], ImpMethod.CROSS)
    # 420 beats -50: 2 of 4; 450 beats both: 4; -50 beats none: 0.
    assert [line.ns_mp for line in board.lines] == [2, 4, 0]
    assert [line.ew_mp for line in board.lines] == [2, 0, 4]
    assert [line.ns_percent for line in board.lines] == [50, 100, 0]
    # 420: -30 is -1, +470 is +10 → 9/2.  450: +1 and +500 (11) → 12/2.  -50: (-10 - 11)/2.
    assert [line.ns_imps for line in board.lines] == [Fraction(9, 2), 6, Fraction(-21, 2)]
    assert board.datum is None


def test_a_board_butlered_by_hand() -> None:
    board = score_field_board(FIELD[:3], ImpMethod.BUTLER)
    # Three results: nothing dropped; 820 / 3 = 273.3 → datum 270.
    assert board.datum == 270
    # +150 is 4 IMPs, +180 is 5, -320 is -8.
    assert [line.ns_imps for line in board.lines] == [4, 5, -8]
    assert [line.ew_imps for line in board.lines] == [-4, -5, 8]


def test_a_team_board_compares_its_two_tables() -> None:
    first = PlayedResult(1, 1, 1, "A", "B", 420, "4S", "S", 10)
    second = PlayedResult(1, 2, 1, "B", "A", -50, "4S", "S", 9)
    board = score_team_board([first, second])
    # A scores 420 at table 1 and 50 at table 2 (East–West): 470 → 10 IMPs.
    assert [line.ns_imps for line in board.lines] == [10, -10]
    assert [line.ew_imps for line in board.lines] == [-10, 10]
    assert all(line.ns_mp is None and line.top is None for line in board.lines)
    alone = score_team_board([first])
    assert [line.ns_imps for line in alone.lines] == [0]


# -- the whole field ------------------------------------------------------------------------


def test_field_totals_and_ranking_by_hand() -> None:
    standings = field_standings(FIELD, ImpMethod.CROSS)
    # Board 2: -100 ties -100 (1 each), 110 beats both (4); top 4 on both boards.
    assert standings["P1"].matchpoints == 3 and standings["P1"].percent == Fraction(75, 2)
    assert standings["P2"].matchpoints == 5 and standings["P2"].percent == Fraction(125, 2)
    assert standings["P3"].matchpoints == 4 and standings["P3"].percent == 50
    assert standings["Q1"].percent == Fraction(125, 2)  # East–West: the complement
    # Board 2 cross-IMPs: -100 v -100 is 0, v 110 is -5 → -5/2; 110: +5 +5 → 5.
    assert standings["P1"].imps == Fraction(9, 2) - Fraction(5, 2)
    assert standings["P2"].imps == 6 - Fraction(5, 2)
    assert standings["P3"].imps == Fraction(-21, 2) + 5
    by_percent = ranking(standings, ["P1", "P2", "P3"], Scoring.MATCHPOINTS)
    assert [(p.label, p.entry.entry) for p in by_percent] == [("1", "P2"), ("2", "P3"), ("3", "P1")]
    by_imps = ranking(standings, ["P1", "P2", "P3"], Scoring.IMPS)
    assert [p.entry.entry for p in by_imps] == ["P2", "P1", "P3"]


def test_butler_totals_by_hand() -> None:
    standings = field_standings(FIELD, ImpMethod.BUTLER)
    # Board 2: datum -30 (mean of -100, -100, 110); -70 is -2, +140 is +4.
    assert [standings[p].imps for p in ("P1", "P2", "P3")] == [2, 3, -4]


def test_a_board_played_fewer_times_is_factored_up() -> None:
    partial = [*FIELD[:3], result(2, 1, -100), result(2, 2, 110)]
    standings = field_standings(partial, ImpMethod.CROSS)
    # Board 2 has 2 of 3 results: Neuberg (M + 1) × 3/2 − 1 gives 0.5 and 3.5 of a top of 4.
    assert standings["P1"].matchpoints == Fraction(5, 2)
    assert standings["P2"].matchpoints == Fraction(15, 2)
    assert standings["P1"].percent == Fraction(125, 4)
    assert standings["P3"].boards == 1 and standings["P3"].percent == 0


def test_equal_results_share_a_place() -> None:
    tied = [result(1, 1, 100), result(1, 2, 100), result(1, 3, 90)]
    placed = ranking(field_standings(tied, ImpMethod.CROSS), ["P1", "P2", "P3"],
                     Scoring.MATCHPOINTS)  # fmt: skip
    assert [p.label for p in placed] == ["1=", "1=", "3"]
    assert ranking({}, ["P1"], Scoring.MATCHPOINTS) == ()  # nothing played, nobody ranked


def test_team_match_totals_by_hand() -> None:
    rows = [
        (1, 420, -50),  # A: 420 + 50 = 470 → +10
        (2, -100, -600),  # A: -100 + 600 = 500 → +11
        (3, 620, 650),  # A: 620 - 650 = -30 → -1
    ]
    results = []
    for board, first, second in rows:
        results.append(PlayedResult(board, 1, 1, "A", "B", first, "4S", "S", 10))
        results.append(PlayedResult(board, 2, 1, "B", "A", second, "4S", "S", 10))
    results.append(PlayedResult(4, 1, 1, "A", "B", 1430, "6S", "S", 12))  # table 2 not yet
    standings = team_standings(results)
    assert standings["A"].imps == 20 and standings["B"].imps == -20
    assert standings["A"].boards == 3
    placed = ranking(standings, ["A", "B"], Scoring.IMPS)
    assert [p.entry.entry for p in placed] == ["A", "B"]


def test_a_result_is_read_from_an_archived_summary() -> None:
    seating = Seating(2, 3, "NS3", "EW1", 5, 2)
    summary = {
        "result": {"contract": {"text": "3NTX", "declarer": "W"}, "declarer_tricks": 8},
        "score": {"board": 6, "ns_score": 200},
    }
    found = played_result(summary, seating, "t1", 9)
    assert found == PlayedResult(6, 3, 2, "NS3", "EW1", 200, "3NTX", "W", 8, "t1", 9)
    passed = {"result": {"contract": None, "passed_out": True}, "score": {"board": 5,
              "ns_score": 0}}  # fmt: skip
    read = played_result(passed, seating)
    assert read is not None and read.contract is None and read.ns_score == 0
    assert played_result({"score": {"board": 9, "ns_score": 0}}, seating) is None  # not its block
    assert played_result({"result": {}}, seating) is None


# -- movements ------------------------------------------------------------------------------


@pytest.mark.parametrize("tables", [1, 2, 3, 4, 6])
def test_mitchell_meets_every_opponent_once_and_plays_every_board_once(tables: int) -> None:
    seatings = mitchell(tables, tables, boards_per_round=2)
    assert len(seatings) == tables * tables
    meetings = {(s.ns, s.ew) for s in seatings}
    assert len(meetings) == tables * tables  # every NS pair meets every EW pair, once
    for pair in {s.ns for s in seatings} | {s.ew for s in seatings}:
        boards = [b for s in seatings if pair in (s.ns, s.ew) for b in s.board_numbers]
        assert sorted(boards) == list(range(1, 2 * tables + 1))  # each board exactly once
    for round_number in range(1, tables + 1):
        in_round = [s for s in seatings if s.round == round_number]
        assert len({s.ew for s in in_round}) == tables  # nobody at two tables at once


def test_mitchell_moves_east_west_up_one_table() -> None:
    seatings = {(s.round, s.number): s for s in mitchell(3, 3, 1)}
    assert [seatings[1, t].ew for t in (1, 2, 3)] == ["EW1", "EW2", "EW3"]
    assert [seatings[2, t].ew for t in (1, 2, 3)] == ["EW3", "EW1", "EW2"]
    assert [seatings[3, t].ns for t in (1, 2, 3)] == ["NS1", "NS2", "NS3"]
    assert [seatings[r, 1].first_board for r in (1, 2, 3)] == [1, 2, 3]
    with pytest.raises(ParseError, match="1 to 3 rounds"):
        mitchell(3, 4, 1)


def test_team_tables_swap_the_seats() -> None:
    first, second = team_tables(4)
    assert (first.ns, first.ew, second.ns, second.ew) == ("A", "B", "B", "A")
    assert first.seats("A", "N") and second.seats("A", "E") and not second.seats("A", "S")
    assert second.seats("B", "S") and first.seats("B", "W")
    rules = TournamentRules(TournamentKind.ROBOT, 3, tables=2)
    assert robot_table(2, rules) == Seating(1, 2, "R2-NS", "R2-EW", 1, 3)
    assert solo_table(3, 7, rules) == Seating(1, 3, "U7", "U7-EW", 1, 3)


def test_rules_are_checked() -> None:
    with pytest.raises(ParseError, match="IMPs"):
        TournamentRules(TournamentKind.TEAMS, 4, scoring=Scoring.MATCHPOINTS, tables=2)
    with pytest.raises(ParseError, match="rounds"):
        TournamentRules(TournamentKind.PAIRS, 6, tables=2, rounds=3)
    with pytest.raises(ParseError, match="split"):
        TournamentRules(TournamentKind.PAIRS, 5, tables=2, rounds=2)
    with pytest.raises(ParseError, match="robot tables"):
        TournamentRules(TournamentKind.ROBOT, 4, tables=0)
    with pytest.raises(ParseError, match="kind"):
        TournamentRules.from_json({"kind": "swiss", "boards": 4})
    rules = TournamentRules(TournamentKind.PAIRS, 6, first_board=5, tables=3, rounds=3)
    assert TournamentRules.from_json(rules.to_json()) == rules
    assert joinable(rules)["NS2"] == frozenset("NS") and joinable(rules)["EW3"] == frozenset("EW")
    assert joinable(TournamentRules(TournamentKind.ROBOT, 2)) == {}


# -- boards ---------------------------------------------------------------------------------


def test_board_sets_from_a_seed_are_reproducible() -> None:
    one, two = seeded_boards(4, "club night"), seeded_boards(4, "club night")
    assert one == two and one != seeded_boards(4, "another night")
    assert BoardSet.from_json(one.to_json()) == one
    fresh = random_boards(3, first=5)
    assert list(fresh.numbers) == [5, 6, 7] and all(d.is_complete for d in fresh.deals)
    board = one.board(2)
    assert board.dealer == board_dealer(2) and board.vulnerability == board_vulnerability(2)
    assert one.pbn_deals(range(2, 3)) == {2: one.deals[1].to_pbn(board_dealer(2))}


def _pbn_of(boards: list[Board]) -> str:
    return pbn.dumps(ContractDeal(board).record() for board in boards)


def test_board_sets_from_a_pbn_file() -> None:
    rng = random.Random(5)
    boards = [Board.numbered(n, Deal.random(rng)) for n in (9, 10, 11)]
    read = pbn_boards(_pbn_of(boards))
    assert read.first == 9 and list(read.deals) == [b.deal for b in boards]
    assert pbn_boards(_pbn_of(boards), count=2).numbers == range(9, 11)
    with pytest.raises(ParseError, match="missing 10"):
        pbn_boards(_pbn_of([boards[0], boards[2]]))
    wrong_dealer = Board(boards[0].deal, board_dealer(10), boards[0].vulnerability, 9)
    with pytest.raises(ParseError, match="fix the dealer"):
        pbn_boards(_pbn_of([wrong_dealer]))
    with pytest.raises(ParseError, match="holds 3 boards"):
        pbn_boards(_pbn_of(boards), count=4)
    with pytest.raises(ParseError, match="no deal"):
        pbn_boards("% nothing here\n")


# -- what a viewer may see ------------------------------------------------------------------


MEMBERS = [
    MemberRecord("e", 1, "Ana", "A", "N"),
    MemberRecord("e", 2, "Bia", "A", "E"),
    MemberRecord("e", 3, "Caio", "B", "S"),
]


def test_a_board_is_played_in_ones_own_seat() -> None:
    results = [
        PlayedResult(1, 1, 1, "A", "B", 420, "4S", "S", 10),  # table 1: A North–South
        PlayedResult(2, 2, 1, "B", "A", 100, "2H", "N", 9),  # table 2: A East–West
    ]
    assert boards_played(1, MEMBERS, results) == {1}  # Ana sits North at table 1
    assert boards_played(2, MEMBERS, results) == {2}  # Bia sits East at table 2
    assert boards_played(3, MEMBERS, results) == {2}  # Caio: South at table 2
    assert boards_played(None, MEMBERS, results) == frozenset()
    assert may_see(1, Status.OPEN, frozenset({1})) and not may_see(2, Status.OPEN, frozenset({1}))
    assert may_see(2, Status.CLOSED, frozenset()) and may_see(2, Status.FINISHED, frozenset())
    assert not may_see(2, Status.CLOSED, frozenset({1}), playing=True)


def test_names_at_a_table_and_of_entries() -> None:
    first, second = team_tables(2)
    assert seat_names(first, MEMBERS) == ("Ana", "Robot", "Robot", "Robot")
    assert seat_names(second, MEMBERS) == ("Robot", "Bia", "Caio", "Robot")
    assert entry_name("A", MEMBERS) == "Team A (Ana, Bia)"
    pairs = [MemberRecord("e", 4, "Davi", "NS1", "S")]
    assert entry_name("NS1", pairs) == "Davi & Robot" and entry_name("EW1", pairs) == "Robots"
    assert entry_name("R2-NS", []) == "Robots 2" and entry_name("U4-EW", []) == "Robots"


# -- the tournament as PBN -----------------------------------------------------------------------


def test_the_tournament_as_pbn_reads_back() -> None:
    rng = random.Random(8)
    boards = seeded_boards(2, 3)
    played: list[tuple[PlayedResult, DealRecord]] = []
    for number in boards.numbers:
        board = boards.board(number)
        for table in (1, 2):
            game = ContractDeal(board)
            while not game.is_over:
                game.apply(rng.choice(list(game.legal_actions())))
            outcome = game.result
            assert outcome is not None
            contract, tricks = outcome.contract, outcome.declarer_tricks
            score = ns_score(contract, tricks or 0, board.vulnerability)
            found = PlayedResult(
                number, table, 1, f"P{table}", f"Q{table}", score,
                None if contract is None else str(contract),
                None if contract is None else contract.declarer.letter,
                None if contract is None else tricks,
            )  # fmt: skip
            played.append((found, game.record()))
    results = [found for found, _ in played]
    records = {(found.board, found.table): record for found, record in played}
    scored = [
        score_field_board([r for r in results if r.board == n], ImpMethod.CROSS)
        for n in boards.numbers
    ]
    placed = ranking(field_standings(results, ImpMethod.CROSS), ["P1", "P2"], Scoring.MATCHPOINTS)
    seats = ("Ana", "Robot", "Bia", "Robot")
    heading = PbnHeading("Club night", "2026.12.01", TournamentKind.PAIRS, Scoring.MATCHPOINTS,
                         ImpMethod.CROSS)  # fmt: skip
    text = tournament_pbn(
        heading,
        boards=[
            [
                ExportedResult(line, records[line.result.board, line.result.table], seats)
                for line in board.lines
            ]
            for board in scored
        ],
        ranking=[ExportedEntry(p, f"pair {p.entry.entry}") for p in placed],
    )
    games = pbn.loads(text)
    assert len(games) == 4
    for read, (found, record) in zip(games, played, strict=True):
        assert read.board == record.board and read.calls == record.calls
        assert read.play == record.play and read.contract == record.contract
        assert read.declarer_tricks == record.declarer_tricks
        assert read.event == "Club night" and read.scoring == "MatchPoints"
        assert read.players == seats and read.date == "2026.12.01"
        tags = {name: value for name, value, _ in read.extra_tags}
        side = "NS" if found.ns_score >= 0 else "EW"
        assert tags["Score"] == f"{side} {abs(found.ns_score)}"
        assert tags["Table"] == str(found.table) and tags["Competition"] == "Pairs"
        line = next(line for board in scored for line in board.lines if line.result == found)
        assert tags["ScoreMP"] == f"NS {float(line.ns_mp or 0):.2f}"
        assert tags["ScoreIMP"] == f"NS {float(line.ns_imps):.2f}"
    tables = {name: rows for name, _, rows in games[0].extra_tags}
    assert len(tables["ScoreTable"]) == 2
    assert "ScoreTable" not in {name for name, _, _ in games[1].extra_tags}
    totals = {name: rows for name, _, rows in games[-1].extra_tags}["TotalScoreTable"]
    assert len(totals) == 2 and '"pair P' in totals[0]


def test_a_pbn_table_pads_its_columns() -> None:
    name, header, rows = table_section("ScoreTable", [("PairId_NS", True), ("Contract", False)],
                                       [["NS1", "4S"], ["NS12", "3NTX"]])  # fmt: skip
    assert name == "ScoreTable" and header == "PairId_NS\\9R;Contract\\8L"
    assert rows == ("      NS1 4S", "     NS12 3NTX")


# -- a tournament read for one viewer -----------------------------------------------------------


def _loaded(status: Status, second_table: str = "playing") -> Loaded:
    """A robot tournament over boards 1–2: robot table 1 has played both, Ana (user 1) board 1
    at table 2, which is `second_table`."""
    rules = TournamentRules(TournamentKind.ROBOT, 2, tables=1)
    boards = seeded_boards(2, "gate")
    record = TournamentRecord("ev", "robot", "Gate", 9, True, status.value, rules.to_json(),
                         boards.to_json(), {"kind": "seed", "seed": "gate"})  # fmt: skip
    tables = [
        TournamentTableRecord("ev", "t1", 1, 1, "R1-NS", "R1-EW", 1, 2, "finished", "secret1"),
        TournamentTableRecord("ev", "t2", 1, 2, "U1", "U1-EW", 1, 2, second_table, "secret2"),
    ]
    members = [MemberRecord("ev", 1, "Ana", "U1", "S")]

    def row(deal_id: int, table: str, board: int, score: int) -> DealRow:
        summary = {"score": {"board": board, "ns_score": score},
                   "result": {"contract": {"text": "4S", "declarer": "S"},
                              "declarer_tricks": 10}}  # fmt: skip
        return DealRow(deal_id, table, board, "contract", summary)

    deals = [row(1, "t1", 1, 420), row(2, "t1", 2, -50), row(3, "t2", 1, 450)]
    return Loaded.of(record, status, members, tables, deals)


def test_a_tournament_is_read_for_each_viewer() -> None:
    loaded = _loaded(Status.OPEN)
    assert [r.board for r in loaded.results] == [1, 2, 1] and loaded.field_size == 2
    board = reading.traveller(loaded, 1, viewer=1)
    assert [(r["ns"], r["ns_score"], r["ns_mp"]) for r in board["results"]] == [
        ("R1-NS", 420, 0.0),
        ("U1", 450, 2.0),
    ]
    assert len(board["hands"]["N"]) == 13
    with pytest.raises(NotVisible):
        reading.traveller(loaded, 2, viewer=1)  # Ana has not played board 2
    with pytest.raises(NotVisible):
        reading.traveller(loaded, 1, viewer=9)  # the organiser has not played at all
    with pytest.raises(UnknownTournament):
        reading.traveller(loaded, 3, viewer=1)
    mine = reading.overview(loaded, 1)
    assert [t["invite"] for t in mine["you"]["tables"]] == ["secret2"]
    assert reading.overview(loaded, 9)["you"]["tables"] == []  # nobody else's tokens
    assert [b["visible"] for b in mine["boards"]] == [True, False]
    assert "seed" not in mine["event"]["source"]
    assert len(pbn.loads(reading.pbn_file(loaded, 9))) == 0
    closed = _loaded(Status.CLOSED)
    assert reading.traveller(closed, 2, viewer=9)["results"]  # over: open to everyone
    with pytest.raises(NotVisible):
        reading.traveller(closed, 2, viewer=1)  # except to Ana, still at her table
    assert reading.traveller(_loaded(Status.CLOSED, "finished"), 2, viewer=1)["results"]
    assert reading.overview(closed, None)["event"]["source"]["seed"] == "gate"
