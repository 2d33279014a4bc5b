"""PBN import (the standard's lenient forms), export format, round trips and bad input."""

from __future__ import annotations

import io
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from helpers import calls, cards, random_record
from vaza.core import (
    Board,
    ContractDeal,
    Deal,
    DealRecord,
    ParseError,
    Seat,
    Vulnerability,
)
from vaza.formats import dump_any, load_any, pbn

DATA = Path(__file__).parent / "data"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


@pytest.fixture(scope="module")
def club() -> list[DealRecord]:
    with open(DATA / "club_night.pbn", encoding="latin-1") as file:
        return pbn.load(file)


# -- the hand-written file -------------------------------------------------------------------


def test_sample_file_has_five_games(club: list[DealRecord]) -> None:
    assert [record.board.number for record in club] == [1, 2, 3, 4, 5]
    assert [record.board.dealer for record in club] == [N, E, S, W, N]
    none, ns, ew, both = Vulnerability
    assert [record.board.vulnerability for record in club] == [none, ns, ew, both, ns]


def test_board_one_full_play_notes_and_kept_tags(club: list[DealRecord]) -> None:
    record = club[0]
    assert record.event == 'Club "Night" Pairs'
    assert record.players == ("Costa, Rui", "Pereira, Joana", "Santos, Luis", "Silva, Ana")
    assert str(record.contract) == "4S" and record.contract and record.contract.declarer == N
    assert record.declarer_tricks == 9  # from "NS 9 EW 4"
    assert record.calls == calls("1NT Pass 2C Pass 2S Pass 4S Pass Pass Pass")
    assert record.explanations == ((2, "Stayman"), (4, "four spades, denies four hearts"))
    # Trick 1 is led by East; South wins it, so trick 2 starts in South's column (2nd).
    assert record.play[:8] == cards("SQ SK S2 S5 S6 SA ST S8")
    result = ContractDeal.from_record(record).result
    assert result is not None and result.declarer_tricks == 9 and not result.claimed
    assert record.extra_tags == (
        (
            "OptimumResultTable",
            "Declarer;Denomination\\2R;Result\\2R",
            ("N NT 8", "N S 9", "E D 10", "W D 10"),
        ),
        ("Room", "Open", ()),
        ("Score", "EW 50", ()),
    )


def test_board_two_auction_from_west_annotations_and_claim(club: list[DealRecord]) -> None:
    record = club[1]
    assert record.calls == calls("1H 1S 2H Pass 4H Pass Pass Pass")  # "-" skipped, AP expanded
    assert record.explanations == ((2, "constructive"),)
    assert len(record.play) == 20 and record.claimed and record.declarer_tricks == 10
    result = ContractDeal.from_record(record).result
    assert result is not None and result.claimed and result.declarer_tricks == 10


def test_board_three_passed_out(club: list[DealRecord]) -> None:
    record = club[2]
    assert record.passed_out and record.contract is None and record.declarer_tricks is None
    assert record.calls == calls("Pass Pass Pass Pass") and record.play == ()


def test_board_four_lower_case_and_tags_across_lines(club: list[DealRecord]) -> None:
    record = club[3]
    assert record.board.deal == Deal.from_pbn(
        "W:T4.76.KJT852.Q98 J9.AKJT43.Q96.K5 KQ873.2.A43.T643 A652.Q985.7.AJ72"
    )
    assert record.board.vulnerability is Vulnerability.BOTH
    assert str(record.contract) == "3NT" and record.contract and record.contract.declarer == W
    assert len(record.play) == 52 and record.declarer_tricks == 6
    assert ContractDeal.from_record(record).is_over


def test_inheritance_copies_the_previous_games_value(club: list[DealRecord]) -> None:
    assert {record.event for record in club[:4]} == {'Club "Night" Pairs'}
    assert {(record.site, record.date, record.scoring) for record in club[:4]} == {
        ("Lisboa PRT", "2024.03.15", "MP")
    }


def test_unknown_hands_stay_unknown(club: list[DealRecord]) -> None:
    deal = club[4].board.deal
    assert [len(deal[seat]) for seat in (N, E, S, W)] == [13, 0, 13, 0]
    assert club[4].contract is None and club[4].calls == ()


def test_sample_file_round_trips_through_export(club: list[DealRecord]) -> None:
    assert pbn.loads(pbn.dumps(club)) == club


# -- export format ---------------------------------------------------------------------------


def test_export_format(club: list[DealRecord]) -> None:
    text = pbn.dumps(club)
    assert text.startswith(
        "% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset=UTF-8\r\n[Event "
    )
    assert "\n" not in text.replace("\r\n", "") and "\t" not in text
    games = text.split("\r\n\r\n")
    assert len(games) == 5
    lines = games[1].split("\r\n")
    names = re.findall(r"^\[(\w+) ", games[1], re.MULTILINE)
    assert names[:15] == list(pbn.MANDATORY_TAGS)
    assert names[15:] == ["Room", "Auction", "Note", "Play"]
    assert '[Deal "E:AJ542.T43.A32.J5 983.AQ7.QJT76.T6 Q76.K652.5.Q9732 KT.J98.K984.AK84"]' in lines
    assert '[Result "10"]' in lines  # export writes declarer's tricks
    auction = lines.index('[Auction "E"]')
    assert lines[auction + 1 : auction + 4] == [
        "1H 1S 2H =1= Pass",
        "4H Pass Pass Pass",
        '[Note "1:constructive"]',
    ]
    play = lines.index('[Play "S"]')
    assert lines[play + 1 : play + 3] == ["CT CQ CA CJ", "H7 H6 H9 HT"]
    assert lines[-1] == "*"  # claimed: the play stops early
    first = games[0].split("\r\n")
    table = first.index('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
    assert table > first.index('[Play "E"]') and first[table + 1] == "N NT 8"
    passed = games[2].split("\r\n")
    assert {'[Declarer ""]', '[Contract "Pass"]', '[Result ""]'} <= set(passed)


def test_export_of_an_empty_record_writes_empty_values_for_what_does_not_apply() -> None:
    record = DealRecord(Board(Deal.from_pbn("N:- - - -"), dealer=S))
    lines = pbn.dumps_one(record).split("\r\n")
    assert lines[:4] == ['[Event ""]', '[Site ""]', '[Date ""]', '[Board ""]']
    assert '[Deal "S:- - - -"]' in lines and '[Contract ""]' in lines
    assert '[Declarer ""]' in lines and '[Result ""]' in lines and '[Scoring ""]' in lines
    assert not any('"?"' in line for line in lines)
    assert not any(line.startswith(("[Auction", "[Play")) for line in lines)
    assert pbn.loads(pbn.dumps([record])) == [record]


def test_export_marks_an_incomplete_play_with_dashes() -> None:
    game = ContractDeal(Board.random(1, random.Random(5)))
    for call in calls("1C Pass Pass Pass"):
        game.apply(call)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    lines = pbn.dumps_one(game.record()).split("\r\n")
    row = lines[lines.index('[Play "E"]') + 2]
    assert row.count("-") == 2 and "*" not in lines
    assert '[Result ""]' in lines  # no result before the play ends


def test_dump_writes_the_same_text() -> None:
    records = [random_record_with(random.Random(3), 1)]
    buffer = io.StringIO()
    pbn.dump(records, buffer)
    assert buffer.getvalue() == pbn.dumps(records)
    assert pbn.load(io.StringIO(buffer.getvalue())) == records


# -- round trips -----------------------------------------------------------------------------


def test_random_games_round_trip() -> None:
    rng = random.Random(20240315)
    records = [random_record_with(rng, number) for number in range(1, 301)]
    kinds = {
        "passed out": sum(record.passed_out for record in records),
        "claimed": sum(record.claimed for record in records),
        "unfinished auction": sum(
            not record.passed_out and record.contract is None for record in records
        ),
        "unfinished play": sum(
            record.contract is not None and record.declarer_tricks is None for record in records
        ),
        "played out": sum(len(record.play) == 52 for record in records),
    }
    assert min(kinds.values()) >= 5, kinds
    assert pbn.loads(pbn.dumps(records)) == records


def test_every_random_record_survives_one_at_a_time() -> None:
    rng = random.Random(7)
    for number in range(1, 41):
        record = random_record_with(rng, number)
        assert pbn.loads(pbn.dumps_one(record)) == [record]
        if record.declarer_tricks is not None:
            assert ContractDeal.from_record(pbn.loads(pbn.dumps_one(record))[0]).is_over


# -- lenient import --------------------------------------------------------------------------

GAME = """[Board "1"][Dealer "N"][Vulnerable "None"]
[Deal "N:T53.A95.K97.AT94 Q8.KQ76.T53.8765 KJ9764.JT83.6.J2 A2.42.AQJ842.KQ3"]
"""


@pytest.mark.parametrize(
    ("result", "declarer", "tricks"),
    [
        ("9", "N", 9),
        ("NS 9", "S", 9),
        ("EW 4", "N", 9),
        ("NS 9 EW 4", "N", 9),
        ("EW 4 NS 9", "E", 4),
        ("ns 9", "W", 4),
        ("^10", "N", 10),
        ("", "N", None),
        ("?", "N", None),
    ],
)
def test_result_forms(result: str, declarer: str, tricks: int | None) -> None:
    text = GAME + f'[Declarer "{declarer}"][Contract "4S"][Result "{result}"]'
    assert pbn.loads(text)[0].declarer_tricks == tricks


def test_swapped_declarer_is_read_as_that_seat() -> None:
    record = pbn.loads(GAME + '[Declarer "^S"][Contract "2Dxx"][Result "8"]')[0]
    assert record.contract is not None and record.contract.declarer == S
    assert str(record.contract) == "2DXX"


def test_annotations_attached_to_calls_and_irregularities_are_skipped() -> None:
    text = GAME + (
        '[Auction "N"]\n1NT! =1= $12 ^I 2C=2= Pass?! Pass 2S ;comment\n$1 Pass 4S AP\n'
        '[Note "1:15-17"]\n[Note "2:Stayman"]\n'
    )
    record = pbn.loads(text)[0]
    assert record.calls == calls("1NT 2C Pass Pass 2S Pass 4S Pass Pass Pass")
    assert record.explanations == ((0, "15-17"), (1, "Stayman"))
    assert record.contract is not None and str(record.contract) == "4S"
    assert record.contract.declarer == N  # from the auction (North bid spades first)


def test_star_ends_an_auction_and_the_tags_give_the_contract() -> None:
    record = pbn.loads(GAME + '[Auction "N"]\n1NT Pass 3NT *\n[Declarer "N"][Contract "3NT"]')[0]
    assert record.calls == calls("1NT Pass 3NT") and str(record.contract) == "3NT"
    again = pbn.loads(pbn.dumps([record]))
    assert again == [record] and "3NT\r\n*\r\n" in pbn.dumps([record])


def test_plus_marks_an_auction_to_continue() -> None:
    record = pbn.loads(GAME + '[Auction "N"]\n1NT Pass +\n')[0]
    assert record.calls == calls("1NT Pass") and record.contract is None
    assert not record.passed_out and pbn.loads(pbn.dumps([record])) == [record]


def test_plus_marks_a_play_to_continue_and_result_is_partial() -> None:
    text = GAME + ('[Declarer "N"][Contract "4S"][Result "0"]\n[Play "E"]\nSQ SK S2 S5\n+ S6 - -\n')
    record = pbn.loads(text)[0]
    assert record.play == cards("SQ SK S2 S5 S6")  # South won trick 1 and led again
    assert record.declarer_tricks is None and not record.claimed


def test_unknown_card_cuts_the_play_short() -> None:
    text = GAME + '[Declarer "N"][Contract "4S"]\n[Play "E"]\nSQ SK - S5\nS8 S6 SA ST\n'
    assert pbn.loads(text)[0].play == cards("SQ SK")


def test_repeated_tag_is_ignored_and_hash_defaults_carry_on() -> None:
    text = (
        '[Event "##Winter Cup"] [Date "##2024.01.??"]\n\n'
        + GAME
        + '[Board "7"]\n\n'
        + GAME.replace('[Board "1"]', '[Board "#"]')
        + '[Event "Other"] [Date "2024.01.20"]\n\n'
        + GAME.replace('[Board "1"]', '[Board "3"]')
    )
    records = pbn.loads(text)
    assert [record.board.number for record in records] == [1, 1, 3]
    # A new value for a "##" tag replaces the default from then on (PBN 2.1, 4.8).
    assert [record.event for record in records] == ["Winter Cup", "Other", "Other"]
    assert [record.date for record in records] == ["2024.01.??", "2024.01.20", "2024.01.20"]


def test_tables_with_strings_and_unknown_sections_are_kept() -> None:
    text = GAME + (
        '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Names\\20L;Score_NS\\5R"]\n'
        ' 1  2 "Smith - Jones"  420\n 3  4 "Vaz \\"Tuga\\""  -50\n'
        '[MyProgram "v1"]\nanything: goes here, 50%\n'
    )
    record = pbn.loads(text)[0]
    assert record.extra_tags == (
        ("MyProgram", "v1", ("anything: goes here, 50%",)),
        (
            "ScoreTable",
            "PairId_NS\\2R;PairId_EW\\2R;Names\\20L;Score_NS\\5R",
            ('1 2 "Smith - Jones" 420', '3 4 "Vaz \\"Tuga\\"" -50'),
        ),
    )
    assert pbn.loads(pbn.dumps([record])) == [record]


def test_play_notes_and_comments_everywhere_are_skipped() -> None:
    text = (
        "{ a comment before the game }\n"
        + GAME
        + '[Declarer "N"] {why} [Contract "4S"] ; end\n[Play "E"]\nSQ =1= SK!! S2 $200 S5\n'
        + '[Note "1:the queen asks for a count"]\n'
    )
    record = pbn.loads(text)[0]
    assert record.play == cards("SQ SK S2 S5") and record.explanations == ()


def test_empty_text_and_header_only_files_give_no_records() -> None:
    assert pbn.loads("") == []
    assert pbn.loads("% PBN 2.1\n% EXPORT\n\n   \n") == []
    assert pbn.loads('[Event "##Header only"]\n') == []


# -- bad input -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[Event "open', r"line 1: a string is not closed"),
        ('[Event "x"]\n{ never closed\n\n[Board "2"]', r"line 2: a \{ comment is never closed"),
        ('[Event x]\n[Board "1"]', r'line 1: a tag pair is written \[Name "value"\]'),
        ('[Event "x"\n\n]', r"line 1: a tag pair"),
        ('1NT\n[Board "1"]', r"line 1: '1NT' comes before any"),
        ('[Board "1"]]', r"line 1: '\]' without a '\['"),
        (GAME + '[Auction "N"]\n1NT ZZ', r"board 1 \(line 1\), line 4: 'ZZ' is not a call"),
        (GAME + '[Auction "N"]\n- 1NT', r"so the dealer would be E, not N"),
        (GAME.replace("T53.A95", "T53.A9Z"), r"board 1 \(line 1\): not a rank: 'Z'"),
        (GAME.replace('[Dealer "N"]', '[Dealer "X"]'), r"Dealer 'X' is not a seat"),
        (GAME.replace('"None"', '"Some"'), r"board 1 .*not a vulnerability"),
        (GAME.replace('[Board "1"]', '[Board "x"]'), r"line 1: Board 'x' is not a positive"),
        ('[Deal "#"]', r"line 1: the Deal tag may not inherit"),
        (GAME + '[Contract "4S"][Declarer "N"][Result "lots"]', r"Result 'lots' is not a trick"),
        (GAME + '[Contract "4S"][Declarer "N"][Result "14"]', r"not 0 to 13 tricks"),
        (GAME + '[Contract "4Z"][Declarer "N"]', r"Contract '4Z' is not Pass"),
        (GAME + '[Play "E"]\nSQ SK S2 S5\nS8 S6 SA ST', r"needs a Contract to know the trump"),
        (GAME + '[Contract "4S"][Declarer "N"]\n[Play "W"]\nSA', r"the opening leader is E"),
        (GAME + '[Contract "4S"][Declarer "N"]\n[Play "E"]\nSA', r"line 5: East plays SA without"),
        (GAME + '[Contract "4S"][Declarer "N"]\n[Play "E"]\nSQ xx', r"'xx' is not a card"),
        (GAME + '[Result "9"] 9 tricks', r"line 3: '9' after \[Result\]"),
        (GAME + '[Auction "N"]\n1NT =1=\n[Note "Stayman"]', r'a note is written \[Note "1:text"\]'),
        (GAME + '[Auction "N"]\n"1NT"', r"unexpected string in the Auction"),
    ],
)
def test_bad_input_raises_a_helpful_parse_error(text: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        pbn.loads(text)


def test_same_card_twice_in_a_partial_deal_is_caught() -> None:
    text = (
        '[Board "1"][Dealer "N"][Deal "N:- - - -"][Contract "4S"][Declarer "N"]\n'
        '[Play "E"]\nSQ SK S2 S5\nSQ S6 SA ST'
    )
    with pytest.raises(ParseError, match="SQ is played twice"):
        pbn.loads(text)


# -- files -----------------------------------------------------------------------------------


def test_load_any_and_dump_any_choose_by_extension(tmp_path: Path) -> None:
    rng = random.Random(11)
    records = [replace(random_record_with(rng, n), players=("", "", "", "")) for n in range(1, 6)]
    latin = tmp_path / "plain.pbn"
    dump_any(records, latin)
    assert b"\r\n" in latin.read_bytes() and load_any(latin) == records
    unicode = tmp_path / "names.PBN"
    named = [DealRecord(records[0].board, players=("Łukasz", "", "José", ""))]
    dump_any(named, unicode)
    assert "Łukasz".encode() in unicode.read_bytes() and load_any(unicode) == named
    (tmp_path / "latin.pbn").write_bytes(
        '[Board "1"][Deal "N:- - - -"][North "José"]'.encode("latin-1")
    )
    assert load_any(tmp_path / "latin.pbn")[0].players[0] == "José"
    (tmp_path / "deals.txt").write_text("hello")
    with pytest.raises(ParseError, match=r"cannot tell its format"):
        load_any(tmp_path / "deals.txt")
    with pytest.raises(ParseError, match=r"name it \.pbn or \.lin"):
        dump_any(records, tmp_path / "deals.txt")


def random_record_with(rng: random.Random, number: int) -> DealRecord:
    return random_record(
        rng,
        number,
        players=('O"Neil \\ Jr', "Łukasz", "", "Smith, John"),
        event="Club; night",
        date="2024.??.??",
    )
