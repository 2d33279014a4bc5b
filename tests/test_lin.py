"""BBO LIN import and export: BBO's own lines, vugraph files, round trips and bad input."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from helpers import calls, cards, random_record
from vaza.core import (
    Card,
    ContractDeal,
    Deal,
    DealRecord,
    ParseError,
    Seat,
    Vulnerability,
)
from vaza.formats import dump_any, lin, load_any, pbn

DATA = Path(__file__).parent / "data"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# The worked example of the reference note (BBO forum, 2007): North deals, East's hand is left
# out, North declares 4H and East leads SJ, a card in none of the three hands given.
WORKED = (
    "pn|Ana,Bruno,Carla,Duarte|st||md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,"
    "S58QH479KDKAC38JA,|rh||ah|Board 1|sv|o|mb|1H|mb|p|mb|4H|mb|p|mb|p|mb|p|pg||"
    "pc|SJ|pc|S9|pc|SA|pc|SQ|pg||mc|10|pg||"
)


# -- BBO's own lines -------------------------------------------------------------------------


def test_worked_example_hands_are_south_west_north_east() -> None:
    (record,) = lin.loads(WORKED)
    deal = record.board.deal
    assert record.board.dealer == N and record.board.number == 1
    assert deal[S] == deal[S].parse("962.AQ8652.QT.T2")
    assert deal[W] == deal[W].parse("A74.J.9743.Q7654")
    assert deal[N] == deal[N].parse("Q85.K974.AK.AJ83")
    assert len(deal[E]) == 13 and Card.parse("SJ") in deal[E]  # completed, and leads SJ
    assert record.players == ("Carla", "Duarte", "Ana", "Bruno")


def test_worked_example_contract_comes_from_the_auction() -> None:
    (record,) = lin.loads(WORKED)
    assert record.contract is not None and str(record.contract) == "4H"
    assert record.contract.declarer == N and record.contract.opening_leader == E
    assert record.play == cards("SJ S9 SA SQ")
    assert record.claimed and record.declarer_tricks == 10
    result = ContractDeal.from_record(record).result
    assert result is not None and result.claimed and result.declarer_tricks == 10


def test_hand_viewer_file() -> None:
    records = load_any(DATA / "bbo_hands.lin")
    assert [record.board.number for record in records] == [1, 7, 8]
    first, alerts, passed = records
    assert first.play[:4] == cards("SJ S9 SA SQ") and len(first.play) == 12
    assert alerts.board.dealer == S and alerts.board.vulnerability is Vulnerability.BOTH
    assert alerts.board.deal[W] == Deal.from_pbn("W:J8.Q42.Q982.AQT5 - - -")[W]
    assert alerts.board.deal[N] == Deal.from_pbn("N:Q543.A83.KT763.8 - - -")[N]  # "10" is T
    assert alerts.calls == calls("1C Pass 1D Pass 1NT Pass 3NT Pass Pass Pass")
    assert alerts.explanations == ((0, "16+ strong"), (2, "0-7 HCP"))
    assert alerts.claimed and alerts.declarer_tricks == 9 and len(alerts.play) == 9
    assert passed.passed_out and passed.board.dealer == W
    assert passed.board.vulnerability is Vulnerability.NONE  # sv|0| read as o
    for record in records:
        ContractDeal.from_record(record)  # each replays within the rules


def test_vugraph_file_boards_start_at_qx_and_span_lines() -> None:
    records = load_any(DATA / "vugraph.lin")
    assert [(r.board.number, r.extra_tags) for r in records] == [
        (1, (("Room", "Open", ()),)),
        (1, (("Room", "Closed", ()),)),
        (2, (("Room", "Open", ()),)),
    ]
    open_room, closed_room, board_two = records
    assert open_room.players == ("Carla", "Duarte", "Ana", "Bruno")
    assert closed_room.players == ("Gil", "Helena", "Eva", "Filipe")
    assert board_two.players == ("Carla", "Ivo", "Ana", "Bruno")  # a board's own pn
    assert {(r.event, r.scoring) for r in records} == {("Club Teams", "IMP")}
    assert len(open_room.play) == 52 and open_room.declarer_tricks == 7
    assert not open_room.claimed
    assert str(closed_room.contract) == "4SX" and closed_room.claimed
    assert closed_room.declarer_tricks == 9 and closed_room.play == ()
    assert board_two.explanations == ((3, "Stayman"),)
    assert board_two.board.dealer == E and board_two.declarer_tricks == 5


def test_unknown_keys_and_comments_are_skipped() -> None:
    text = "% a comment\n\n" + WORKED.replace("|rh||", "|rh||xx|what?|vg|a,b|pf|y|bn|1|")
    assert lin.loads(text) == lin.loads(WORKED)


def test_calls_are_case_insensitive_and_alerts_without_text_count() -> None:
    line = WORKED.replace("mb|1H|mb|p|mb|4H|", "mb|1h!|mb|P|mb|4h|")
    (record,) = lin.loads(line)
    assert record.calls[:3] == calls("1H Pass 4H") and record.explanations == ((0, ""),)


# -- export ----------------------------------------------------------------------------------


def test_export_follows_bbo_order() -> None:
    (record,) = lin.loads(WORKED)
    assert lin.dumps_one(record) == (
        "pn|Ana,Bruno,Carla,Duarte|st||"
        "md|3S962HAQ8652DQTCT2,SA74HJD9743CQ7654,SQ85HK974DAKCAJ83,SKJT3HT3DJ8652CK9|rh||"
        "ah|Board 1|sv|o|mb|1H|mb|p|mb|4H|mb|p|mb|p|mb|p|pg||"
        "pc|SJ|pc|S9|pc|SA|pc|SQ|pg||mc|10|"  # a claimed board ends at mc, as BBO's do
    )
    assert lin.dumps([record, record]).count("\n") == 2


def test_export_writes_alerts_and_cleans_separators() -> None:
    (record,) = lin.loads(WORKED)
    changed = DealRecord(
        record.board,
        calls=record.calls,
        explanations=((0, "5+ hearts | 11-21"), (1, "")),
        players=("Smith, John", "", "", ""),
    )
    line = lin.dumps_one(changed)
    assert "mb|1H!|an|5+ hearts / 11-21|mb|p!|mb|4H|" in line
    assert line.startswith("pn|,,Smith John,|")
    (again,) = lin.loads(line)
    assert again.explanations == ((0, "5+ hearts / 11-21"), (1, ""))


def test_dump_and_load_use_files() -> None:
    records = lin.loads(WORKED)
    buffer = io.StringIO()
    lin.dump(records, buffer)
    assert lin.load(io.StringIO(buffer.getvalue())) == records


# -- round trips -----------------------------------------------------------------------------


def test_random_games_round_trip() -> None:
    rng = random.Random(1234)
    records = [random_record_with(rng, number) for number in range(1, 301)]
    assert sum(record.claimed for record in records) >= 5
    assert sum(record.passed_out for record in records) >= 5
    assert sum(record.contract is None and not record.passed_out for record in records) >= 3
    assert lin.loads(lin.dumps(records)) == records


def test_pbn_to_lin_to_pbn_keeps_the_deal_the_auction_and_the_play(tmp_path: Path) -> None:
    records = load_any(DATA / "vugraph.lin")
    dump_any(records, tmp_path / "match.pbn")
    dump_any(load_any(tmp_path / "match.pbn"), tmp_path / "match.lin")
    for before, after in zip(records, load_any(tmp_path / "match.lin"), strict=True):
        assert (after.board, after.calls, after.play) == (before.board, before.calls, before.play)
        assert (after.declarer_tricks, after.claimed) == (before.declarer_tricks, before.claimed)
        assert (after.explanations, after.players) == (before.explanations, before.players)
    assert pbn.loads(pbn.dumps(records)) == records


# -- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "md|3S269",
            "md|5S269",
            r"line 2: md dealer '5' is not 1 \(S\), 2 \(W\), 3 \(N\) or 4 \(E\)",
        ),
        ("md|3S269", "md|3X269", r"line 2: md hand 'X269.*' is not suit letters and ranks"),
        ("md|3S269", "md|3S2699", r"line 2: md hand .*card S9 appears twice"),
        ("S58QH479KDKAC38JA,|", "S58QH479KDKAC38JA,SA|", r"line 2: md a card appears in two"),
        ("sv|o|", "sv|x|", r"line 2: sv 'x' is not o, n, e or b"),
        ("mb|4H|", "mb|4Z|", r"line 2: mb '4Z' is not a call"),
        ("mb|4H|", "mb|1D|", r"line 2: call 3 \(1D\): 1D is not higher than the last bid"),
        ("pc|SJ|", "pc|S1|", r"line 2: pc 'S1' is not a card"),
        ("pc|SJ|", "pc|HA|", r"line 2: card 1 \(HA\): East does not hold HA"),
        ("pc|S9|", "pc|HA|", r"line 2: card 2 \(HA\): must follow suit"),
        ("mc|10|", "mc|eleven|", r"line 2: mc 'eleven' is not a claim"),
        ("mb|p|mb|p|mb|p|pg||", "pg||", r"line 2: cards are played \(pc\) before the auction"),
        ("pg||mc|10|pg||", "pg||mc|10|pg||dangling", r"line 2: 'dangling' has no value"),
        ("md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,|", "", r"without a deal"),
    ],
)
def test_bad_input_raises_a_helpful_parse_error(old: str, new: str, message: str) -> None:
    assert old in WORKED
    with pytest.raises(ParseError, match=message):
        lin.loads("% header\n" + WORKED.replace(old, new, 1) + "\n")  # the board is on line 2


def test_bad_vugraph_board_is_named() -> None:
    text = "pn|a,b,c,d|\nqx|o3|md|3S269H2568QADTQC2T,S47AHJD3479C4567Q,S58QH479KDKAC38JA,|mb|9C|"
    with pytest.raises(ParseError, match="board o3: mb '9C' is not a call"):
        lin.loads(text)


def test_header_lines_without_a_deal_give_no_record() -> None:
    assert lin.loads("vg|Event,1,I,1,1,a,0,b,0|pw|||\n") == []
    assert lin.loads("") == []


def random_record_with(rng: random.Random, number: int) -> DealRecord:
    return random_record(rng, number, players=("Rui", "Łukasz", "ana_b", ""))
