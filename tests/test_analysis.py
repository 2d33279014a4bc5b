"""Double-dummy tables and par (vaza.analysis), checked by hand and against endplay itself."""

from __future__ import annotations

import subprocess
import sys
import threading

import pytest
from endplay import _dds
from endplay.dds import calc_all_tables as endplay_calc_all_tables
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

from helpers import FIXED_DEAL
from vaza import analysis
from vaza.analysis import (
    STRAINS,
    AnalysisError,
    DDTable,
    Par,
    analyse_board,
    analyse_boards,
    dd_table,
    dd_tables,
    ns_score,
    par,
)
from vaza.analysis import dds as dds_module
from vaza.core import (
    SEATS,
    Board,
    Contract,
    Deal,
    Doubling,
    ParseError,
    Seat,
    Side,
    Strain,
    Vulnerability,
    make_rng,
)
from vaza.scoring.contract import duplicate_score

# Each seat holds one whole suit: North spades, East hearts, South diamonds, West clubs.  The
# opening leader runs his suit; the holder of the trumps ruffs it and runs the trumps.  So a
# declarer takes 13 tricks when his side holds the trumps and the leader does not, else none;
# at no trump the leader takes all 13.
ONE_SUIT_EACH = Deal.from_pbn(
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
)
ONE_SUIT_EACH_TABLE = "N:0d0d0 E:d0d00 S:0d0d0 W:d0d00"

# FIXED_DEAL: North holds every ace, king and queen and the spade jack: 13 top tricks at no
# trump and in spades (East's four spades fall under AKQJ); in another trump suit West's four
# small trumps make one trick.
FIXED_TABLE = "N:cccdd E:11100 S:cccdd W:11100"


def rotate(deal: Deal, steps: int) -> Deal:
    """The deal with every hand moved `steps` seats clockwise."""
    hands = tuple(deal[seat.next(-steps)] for seat in SEATS)
    return Deal(hands)  # type: ignore[arg-type]


def rotate_table(table: DDTable, steps: int) -> DDTable:
    return DDTable(
        tuple(table.tricks(seat.next(-steps), strain) for seat in SEATS for strain in STRAINS)
    )


def contracts(text: str) -> tuple[Contract, ...]:
    """`"4SX E, 4SX W"` -> contracts."""
    return tuple(Contract.parse(part) for part in text.split(",") if part.strip())


# -- the table -------------------------------------------------------------------------------


def test_one_suit_each_hand_by_hand() -> None:
    table = dd_table(ONE_SUIT_EACH)
    assert table.text() == ONE_SUIT_EACH_TABLE
    assert table[Seat.NORTH, Strain.SPADES] == 13
    assert table[Seat.EAST, Strain.SPADES] == 0
    assert table[Seat.WEST, Strain.SPADES] == 0
    assert all(table[seat, Strain.NOTRUMP] == 0 for seat in SEATS)


def test_top_cards_in_one_hand_by_hand() -> None:
    table = dd_table(FIXED_DEAL)
    assert table == DDTable.parse(FIXED_TABLE)
    assert table.row(Seat.NORTH) == (12, 12, 12, 13, 13)
    assert table.tricks(Seat.EAST, Strain.CLUBS) == 1


def test_rotating_the_deal_rotates_the_table() -> None:
    table = DDTable.parse(FIXED_TABLE)
    assert dd_table(rotate(FIXED_DEAL, 1)) == rotate_table(table, 1)
    assert rotate_table(table, 1).text() == "N:11100 E:cccdd S:11100 W:cccdd"


def endplay_tricks(deal: Deal) -> list[int]:
    """The table endplay computes for the same deal given as PBN text (another conversion)."""
    solved = endplay_calc_all_tables([EndplayDeal(deal.to_pbn())])[0]
    denoms = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
    return [solved[denom, Player(seat)] for seat in SEATS for denom in denoms]


def test_random_deals_agree_with_endplay_called_directly() -> None:
    rng = make_rng("analysis")
    deals = [Deal.random(rng) for _ in range(3)]
    tables = dd_tables(deals)
    for deal, table in zip(deals, tables, strict=True):
        assert list(table.cells) == endplay_tricks(deal)
    assert dd_table(deals[0]) == tables[0]


def test_batches_keep_order_and_report_progress(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dds_module, "BATCH", 2)
    deals = [rotate(FIXED_DEAL, steps) for steps in range(4)] + [ONE_SUIT_EACH]
    advanced: list[int] = []
    tables = dd_tables(iter(deals), advanced.append)
    assert advanced == [2, 2, 1]
    expected = [rotate_table(DDTable.parse(FIXED_TABLE), steps) for steps in range(4)]
    assert tables == [*expected, DDTable.parse(ONE_SUIT_EACH_TABLE)]
    assert dd_tables([]) == []


def test_the_batch_is_what_dds_accepts() -> None:
    assert analysis.BATCH == 40


def test_incomplete_deals_are_refused_with_their_place() -> None:
    partial = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ - - -")
    with pytest.raises(ParseError, match="13 cards"):
        dd_table(partial)
    with pytest.raises(ParseError, match="deal 2: a deal needs 13 cards"):
        dd_tables([FIXED_DEAL, partial])


def test_solver_errors_become_vaza_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(_: object) -> None:
        raise _dds.DDSError("Wrong number of remaining cards in a hand")

    monkeypatch.setattr(dds_module, "calc_dd_table", refuse)
    monkeypatch.setattr(dds_module, "calc_all_tables", refuse)
    with pytest.raises(AnalysisError, match="remaining cards"):
        dd_table(FIXED_DEAL)
    with pytest.raises(AnalysisError, match="remaining cards"):
        dd_tables([FIXED_DEAL])


def test_threads_share_the_solver_safely() -> None:
    deals = [rotate(FIXED_DEAL, steps) for steps in range(4)]
    found: dict[int, DDTable] = {}

    def solve(index: int) -> None:
        found[index] = dd_table(deals[index])

    threads = [threading.Thread(target=solve, args=(index,)) for index in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [found[index] for index in range(4)] == [
        rotate_table(DDTable.parse(FIXED_TABLE), steps) for steps in range(4)
    ]


# -- the value type --------------------------------------------------------------------------


def test_table_text_round_trip_and_json_form() -> None:
    table = DDTable.parse("N:789ab E:65432 S:789ab W:65431")
    assert DDTable.parse(table.text()) == table
    assert str(table) == "N:789ab E:65432 S:789ab W:65431"
    assert DDTable.parse("w:65431 s:789AB e:65432 n:789ab") == table
    assert table.as_dict()["N"] == {"C": 7, "D": 8, "H": 9, "S": 10, "NT": 11}
    assert table.as_dict()["W"]["NT"] == 1
    assert table[Seat.SOUTH, Strain.NOTRUMP] == 11


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("N:789ab E:65432 S:789ab", "a row for each"),
        ("N:789ab E:65432 S:789ab W:6543", "five hex digits"),
        ("N:789ab E:65432 S:789ab W:6543e", "five hex digits"),
        ("N:789ab N:65432 S:789ab W:65431", "twice"),
        ("X:789ab E:65432 S:789ab W:65431", "not a seat"),
    ],
)
def test_bad_table_text(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        DDTable.parse(text)


def test_bad_table_cells() -> None:
    with pytest.raises(ParseError, match="20 numbers"):
        DDTable((7,) * 19)
    with pytest.raises(ParseError, match="0 to 13"):
        DDTable((14,) + (7,) * 19)


def test_ns_score_signs() -> None:
    four_spades_east = Contract.parse("4S E")
    assert ns_score(four_spades_east, 10, Vulnerability.EW) == -620
    assert ns_score(four_spades_east, 9, Vulnerability.EW) == 100
    assert ns_score(Contract.parse("3NT S"), 9, Vulnerability.EW) == 400
    assert ns_score(None, 0, Vulnerability.BOTH) == 0


# -- par -------------------------------------------------------------------------------------


def test_par_of_a_grand_slam_for_both_partners() -> None:
    # 13 top tricks for North or South at no trump: 7NT, 1520 not vulnerable, 2220 vulnerable.
    result = par(FIXED_DEAL, Vulnerability.NONE, Seat.NORTH)
    assert result == Par(1520, contracts("7NT N, 7NT S"))
    assert par(FIXED_DEAL, Vulnerability.NS, Seat.WEST).score == 2220
    # East–West vulnerable changes nothing for North–South.
    assert par(FIXED_DEAL, Vulnerability.EW, Seat.EAST).score == 1520


def test_par_for_east_west_is_negative() -> None:
    result = par(rotate(FIXED_DEAL, 1), Vulnerability.EW, Seat.SOUTH)
    assert result == Par(-2220, contracts("7NT E, 7NT W"))


def test_par_when_each_side_makes_a_grand_slam() -> None:
    # North–South make 13 tricks in spades and diamonds, East–West in hearts and clubs; 7♠
    # outranks 7♥, and East–West's only higher bid, 7NT, takes no trick.  Whoever deals.
    for dealer in SEATS:
        assert par(ONE_SUIT_EACH, Vulnerability.NONE, dealer) == Par(1510, contracts("7S N, 7S S"))
    assert par(ONE_SUIT_EACH, Vulnerability.BOTH, Seat.EAST).score == 2210


def test_par_from_a_table_skips_the_solver() -> None:
    table = dd_table(FIXED_DEAL)
    assert par(table, Vulnerability.NONE, Seat.NORTH) == par(
        FIXED_DEAL, Vulnerability.NONE, Seat.NORTH
    )


def test_nobody_can_make_anything_so_par_is_passed_out() -> None:
    result = par(DDTable.parse("N:66666 E:66666 S:66666 W:66666"), Vulnerability.BOTH, Seat.EAST)
    assert result == Par(0, ())
    assert result.passed_out


def test_a_sacrifice_is_doubled_and_depends_on_vulnerability() -> None:
    # North–South make 10 tricks in hearts (4♥: 420, vulnerable 620); East–West make 8 in
    # spades, so 4♠ doubled goes two down: 300 not vulnerable, 500 vulnerable.
    table = DDTable.parse("N:66a66 E:66686 S:66a66 W:66686")
    sacrifice = contracts("4SX E, 4SX W")
    assert par(table, Vulnerability.NONE, Seat.NORTH) == Par(300, sacrifice)
    assert par(table, Vulnerability.NS, Seat.NORTH) == Par(300, sacrifice)
    assert par(table, Vulnerability.BOTH, Seat.NORTH) == Par(500, sacrifice)
    # East–West vulnerable, North–South not: -500 is worse than -420, so no sacrifice.
    assert par(table, Vulnerability.EW, Seat.NORTH) == Par(420, contracts("4H N, 4H S"))
    assert sacrifice[0].doubling is Doubling.DOUBLED


def test_the_dealers_side_bids_first() -> None:
    # Both sides take exactly seven tricks in spades and six elsewhere: the first to bid 1♠
    # gets it.
    table = DDTable.parse("N:66676 E:66676 S:66676 W:66676")
    assert par(table, Vulnerability.NONE, Seat.NORTH) == Par(80, contracts("1S N, 1S S"))
    assert par(table, Vulnerability.NONE, Seat.WEST) == Par(-80, contracts("1S E, 1S W"))


def test_only_the_partner_who_makes_it_declares() -> None:
    # Only North makes 7 tricks at no trump (South makes 7 in the minors: 1NT scores more).
    table = DDTable.parse("N:66667 E:66666 S:77666 W:66666")
    assert par(table, Vulnerability.NONE, Seat.EAST) == Par(90, contracts("1NT N"))


# -- consistency: par score = duplicate score of the par contract at its DD tricks -----------


def check_consistent(table: DDTable, vulnerability: Vulnerability, dealer: Seat) -> None:
    result = par(table, vulnerability, dealer)
    assert result.agrees_with(table, vulnerability)
    for contract in result.contracts:
        side = contract.declarer.side
        tricks = table[contract.declarer, contract.strain]
        score = duplicate_score(contract, tricks, vulnerability.is_vulnerable(side))
        assert (score if side is Side.NS else -score) == result.score


def test_par_is_consistent_with_duplicate_scores() -> None:
    rng = make_rng("par consistency")
    tables = [
        dd_table(FIXED_DEAL),
        dd_table(ONE_SUIT_EACH),
        DDTable.parse("N:66a66 E:66686 S:66a66 W:66686"),
        DDTable.parse("N:66676 E:66676 S:66676 W:66676"),
        *dd_tables(Deal.random(rng) for _ in range(2)),
    ]
    for table in tables:
        for vulnerability in Vulnerability:
            for dealer in SEATS:
                check_consistent(table, vulnerability, dealer)


def test_agrees_with_catches_a_wrong_score() -> None:
    table = DDTable.parse(FIXED_TABLE)
    assert not Par(1510, contracts("7NT N")).agrees_with(table, Vulnerability.NONE)
    assert not Par(50, ()).agrees_with(table, Vulnerability.NONE)
    assert Par(0, ()).agrees_with(table, Vulnerability.NONE)


# -- boards ----------------------------------------------------------------------------------


def test_boards_are_analysed_for_their_dealer_and_vulnerability() -> None:
    boards = [Board.numbered(number, rotate(FIXED_DEAL, number)) for number in (1, 2, 3)]
    analyses = analyse_boards(boards)
    assert [item.board for item in analyses] == boards
    # Board 2: East deals, North–South vulnerable; the top cards sit with South after two steps.
    second = analyses[1]
    assert second.table == rotate_table(DDTable.parse(FIXED_TABLE), 2)
    assert second.par == Par(2220, contracts("7NT N, 7NT S"))
    # Board 3: South deals, East–West vulnerable; East–West hold the top cards.
    assert analyses[2].par.score == -2220
    assert analyse_board(boards[1]) == second


def test_value_types_load_without_endplay() -> None:
    code = (
        "import sys, vaza.analysis as a; "
        "a.DDTable.parse('N:66666 E:66666 S:66666 W:66666'); "
        "print('endplay' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        analysis.no_such_name  # noqa: B018
