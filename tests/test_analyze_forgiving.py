"""`vaza analyze` reads a many-game PBN file forgivingly (issues 19 and 50): a game whose play
cannot be followed keeps its deal, contract and result and is named once; a Play row in another
order than the standard's columns is read by the one order that fits; a game that breaks
another rule is named with its line and reason and left out; the second room's games of a team
match, which leave out Board, Dealer, Vulnerable and Deal, take them from the game before;
standard input and any file name are read by their content; a summary ends the run; `--strict`
refuses the whole file as before."""

from __future__ import annotations

import argparse
import dataclasses
import io
import random
import sys
from pathlib import Path

import pytest

from vaza.commands import analyze
from vaza.core import Board, Card, ContractDeal, Deal, DealRecord, Seat, Vulnerability
from vaza.core.errors import ParseError
from vaza.core.play import trick_winner
from vaza.formats import lin, pbn


def _played(number: int, deal: Deal, seed: int) -> DealRecord:
    """Board `number` with `deal`, bid and played out with random legal actions (the first
    seed from `seed` that reaches a contract)."""
    for attempt in range(seed, seed + 200):
        rng = random.Random(attempt)
        game = ContractDeal(Board.numbered(number, deal))
        while not game.is_over:
            game.apply(rng.choice(list(game.legal_actions())))
        record = game.record()
        if record.contract is not None and len(record.play) == 52:
            return record
    raise AssertionError("no contract reached")


def _closed_room(record: DealRecord) -> str:
    """A second room's game as vugraph archives write it: no Board, Dealer, Vulnerable or
    Deal (the board is the game before's)."""
    text = pbn.dumps_one(dataclasses.replace(record, extra_tags=(("Room", "Closed", ()),)))
    kept = [
        line
        for line in text.split("\r\n")
        if not line.startswith(("[Board ", "[Dealer ", "[Vulnerable ", "[Deal "))
    ]
    return "\r\n".join(kept)


def _with_revoke(record: DealRecord) -> str:
    """`record`'s game with one player's cards of two tricks swapped (in the Play section's
    columns, which stay with the player), so that they show out of a suit they still hold."""
    assert record.contract is not None
    text = pbn.dumps_one(record)
    lines = text.split("\r\n")
    top = lines.index(f'[Play "{record.contract.opening_leader.letter}"]') + 1
    rows = [lines[top + trick].split() for trick in range(13)]
    leader = record.contract.opening_leader
    for early in range(13):
        trick = record.play[4 * early : 4 * early + 4]
        led = trick[0].suit
        for column in range(4):
            seat = record.contract.opening_leader.next(column)
            card = Card.parse(rows[early][column])
            if seat == leader or card.suit != led:
                continue
            for late in range(early + 1, 13):
                if Card.parse(rows[late][column]).suit != led:
                    rows[early][column], rows[late][column] = rows[late][column], str(card)
                    lines[top : top + 13] = [" ".join(row) for row in rows]
                    return "\r\n".join(lines)
        leader = trick_winner(leader, trick, record.contract.trump)
    raise AssertionError("no card to swap")


def _line_of(text: str, marker: str) -> int:
    return text[: text.index(marker)].count("\n") + 1


@pytest.fixture(scope="module")
def archive() -> str:
    """Seven games: board 1 (a card its player does not hold) and its second room, board 2
    (dealer East) and its second room, board 3 (an Auction that starts at the wrong seat),
    board 4 (a revoke: analysed, but not its play) and board 5."""
    rng = random.Random(19)
    deals = {number: Deal.random(rng) for number in range(1, 6)}
    first = _played(1, deals[1], 100)
    dummy = first.contract.declarer.partner if first.contract else Seat.NORTH
    stolen = next(iter(first.board.deal[dummy]))
    bad_card = dataclasses.replace(first, play=(stolen, *first.play[1:]))
    games = [
        pbn.dumps_one(dataclasses.replace(bad_card, event="Final")),
        _closed_room(_played(1, deals[1], 200)),
        pbn.dumps_one(_played(2, deals[2], 300)),
        _closed_room(_played(2, deals[2], 400)),
        pbn.dumps_one(_played(3, deals[3], 500)).replace('[Auction "S"]', '[Auction "N"]'),
        _with_revoke(_played(4, deals[4], 600)),
        pbn.dumps_one(_played(5, deals[5], 700)),
    ]
    return pbn.HEADER + "\r\n".join(games)


def test_the_forgiving_reader_names_each_game_it_leaves_out(archive: str) -> None:
    reading = pbn.read(archive)
    numbers = [record.board.number for record in reading.records]
    assert numbers == [1, 1, 2, 2, 4, 5]
    problems = reading.problems
    assert [problem.line for problem in problems] == [
        _line_of(archive, '[Event "Final"]'),
        _line_of(archive, '[Board "3"]') - 3,
    ]
    # A card its player does not hold costs the game its play, not its deal and result.
    assert problems[0].kept == "play not read" and "without holding it" in problems[0].reason
    assert str(problems[0]).startswith(f"board 1 (line {problems[0].line}): play not read: ")
    assert reading.play_not_read == (problems[0],) and reading.skipped == (problems[1],)
    kept = reading.records[0]
    assert kept.play == () and kept.contract is not None and kept.declarer_tricks is not None
    assert "the dealer would be N, not S" in problems[1].reason
    assert str(problems[1]).startswith(f"board 3 (line {problems[1].line}) skipped: the Auction")
    # A revoke happens at the table: the game is read (the rules refuse its play later).
    assert len(reading.records[4].play) == 52
    assert reading.lines[4] == _line_of(archive, '[Board "4"]') - 3


def test_a_second_room_takes_the_board_of_the_game_before(archive: str) -> None:
    records = pbn.read(archive).records
    open_room, closed_room = records[2], records[3]
    assert closed_room.board == open_room.board
    assert closed_room.board.dealer is Seat.EAST  # not North, as the reader used to say
    assert closed_room.board.vulnerability is Vulnerability.NS
    assert {name: value for name, value, _ in closed_room.extra_tags}["Room"] == "Closed"
    assert len(closed_room.play) == 52
    # The game before lost its play (a card not held), but its board still says what it is.
    assert records[1].board == records[0].board
    assert records[1].board.number == 1
    records[1].board.deal.require_complete()


def test_the_strict_reader_refuses_the_whole_file(archive: str) -> None:
    with pytest.raises(ParseError, match="without holding it"):
        pbn.loads(archive)


def _run(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    analyze.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["analyze", *argv])
    status: int = args.run(args)
    return status


def test_analyze_reads_every_game_it_can(
    archive: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "final.pbn"
    path.write_bytes(archive.encode("latin-1"))
    assert _run(str(path), "--jobs", "1") == 0
    captured = capsys.readouterr()
    titles = [block.splitlines()[0].split("   ")[0] for block in captured.out.split("\n\n")]
    assert titles == ["Board 1", "Board 1", "Board 2", "Board 2", "Board 4", "Board 5"]
    assert "Board 2   Dealer East" in captured.out
    errors = captured.err.splitlines()
    line = _line_of(archive, '[Event "Final"]')
    assert f"vaza analyze: {path}: board 1 (line {line}): play not read: line " in errors[0]
    assert "skipped" in errors[1] and "board 3" in errors[1]
    revoke_line = _line_of(archive, '[Board "4"]') - 3
    assert errors[2].startswith(
        f"vaza analyze: {path}: board 4 (line {revoke_line}): the play is not analysed"
    )
    assert "must follow suit" in errors[2]
    assert errors[3] == (
        f"vaza analyze: {path}: 6 games read, 6 analysed (4 with their play, 1 whose play could"
        " not be read, 1 whose play breaks a rule), 1 skipped (1 that break a rule)"
    )
    assert len(errors) == 4
    # The game that lost its play is still scored: its result is printed.
    assert captured.out.split("\n\n")[0].count("Played: ") == 1

    assert _run(str(path), "--strict") == 1
    assert "without holding it" in capsys.readouterr().err


def test_analyze_fails_when_no_game_can_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "broken.pbn"
    path.write_text('[Board "1"]\n[Deal "N:AKQ"]\n\n[Board "2"]\n[Dealer "Q"]\n[Contract "3NT"]\n')
    assert _run(str(path)) == 1
    err = capsys.readouterr().err
    assert "board 1 (line 1) skipped" in err and "board 2 (line 4) skipped" in err
    assert err.rstrip().endswith(
        "no game could be read; 0 games read, 0 analysed (0 with their play), 2 skipped"
        " (2 that break a rule)"
    )


def test_text_that_is_not_pbn_costs_only_its_own_game() -> None:
    """An unclosed string or a stray bracket ends its game, not the file."""
    deal = Deal.random(random.Random(5)).to_pbn(Seat.NORTH)
    text = (
        f'[Board "1"]\n[Event "unclosed]\n[Deal "{deal}"]\n\n'
        f'[Board "2"]\n] [Deal "{deal}"]\n\n'
        f'[Board "3"]\n[Dealer "E"]\n[Deal "{deal}"]\n'
    )
    reading = pbn.read(text)
    assert [record.board.number for record in reading.records] == [3]
    assert [(problem.line, problem.where) for problem in reading.problems] == [
        (1, "the game at line 1"),
        (5, "the game at line 5"),
    ]
    assert reading.problems[0].reason == "line 2: a string is not closed with a quote on the line"
    assert reading.problems[1].reason == "line 6: ']' without a '[' before it"
    with pytest.raises(ParseError, match="line 2: a string is not closed"):
        pbn.loads(text)


def _reordered(record: DealRecord, rng: random.Random) -> str:
    """`record`'s game as the championship archives write some: each Play row in the order the
    cards were played (the trick's leader first) or shuffled, changing from row to row."""
    assert record.contract is not None
    text = pbn.dumps_one(record)
    lines = text.split("\r\n")
    top = lines.index(f'[Play "{record.contract.opening_leader.letter}"]') + 1
    for trick in range(13):
        cards = [str(card) for card in record.play[4 * trick : 4 * trick + 4]]
        if trick % 3 == 1:
            rng.shuffle(cards)
        lines[top + trick] = " ".join(cards)
    return "\r\n".join(lines)


def test_play_rows_in_another_order_are_read_by_the_one_that_fits() -> None:
    rng = random.Random(50)
    records = [_played(number, Deal.random(rng), 40 * number) for number in range(1, 5)]
    text = pbn.HEADER + "\r\n".join(_reordered(record, rng) for record in records)
    reading = pbn.read(text)
    assert reading.problems == ()
    assert [record.play for record in reading.records] == [record.play for record in records]
    assert [r.declarer_tricks for r in reading.records] == [r.declarer_tricks for r in records]
    assert pbn.loads(text) == list(reading.records)  # the strict reader reads them too


def test_a_row_that_fits_no_order_costs_only_the_play() -> None:
    record = _played(1, Deal.random(random.Random(8)), 900)
    assert record.contract is not None
    text = pbn.dumps_one(record)
    lines = text.split("\r\n")
    top = lines.index(f'[Play "{record.contract.opening_leader.letter}"]') + 1
    first, second = lines[top].split(), lines[top + 1].split()
    # The leader's card of trick 1 and the next player's of trick 2 change places: trick 1
    # then holds two cards of one hand, which no order can give to four players.
    first[0], second[1] = second[1], first[0]
    lines[top], lines[top + 1] = " ".join(first), " ".join(second)
    reading = pbn.read("\r\n".join(lines))
    (problem,) = reading.problems
    assert problem.kept == "play not read"
    assert "trick 1 fits neither the Play's columns" in problem.reason
    (kept,) = reading.records
    assert kept.board == record.board and kept.contract == record.contract
    assert kept.declarer_tricks == record.declarer_tricks and kept.play == ()
    with pytest.raises(ParseError, match="fits neither"):
        pbn.loads("\r\n".join(lines))


def test_a_one_board_file_whose_play_is_unreadable_is_analysed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _played(7, Deal.random(random.Random(3)), 70)
    dummy = record.contract.declarer.partner if record.contract else Seat.NORTH
    stolen = next(iter(record.board.deal[dummy]))
    text = pbn.HEADER + pbn.dumps_one(dataclasses.replace(record, play=(stolen, *record.play[1:])))
    path = tmp_path / "one.pbn"
    path.write_text(text)
    assert _run(str(path), "--jobs", "1") == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Board 7")
    assert "Played: " in captured.out
    errors = captured.err.splitlines()
    assert len(errors) == 2 and "board 7 (line 4): play not read: " in errors[0]
    assert errors[1].endswith(
        "1 game read, 1 analysed (0 with their play, 1 whose play could not be read), 0 skipped"
    )
    assert _run(str(path), "--strict") == 1
    assert "without holding it" in capsys.readouterr().err


def test_standard_input_and_any_file_name_are_read_by_their_content(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = _played(2, Deal.random(random.Random(4)), 20)
    text = pbn.HEADER + pbn.dumps_one(record)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    assert _run("-", "--json", "--jobs", "1") == 0
    captured = capsys.readouterr()
    assert '"board": 2' in captured.out
    assert captured.err.startswith("vaza analyze: standard input: 1 game read")
    notes = tmp_path / "deals.txt"
    notes.write_text(text)
    assert _run(str(notes), "--jobs", "1") == 0
    assert capsys.readouterr().out.startswith("Board 2")
    lin_text = tmp_path / "hands"
    lin_text.write_text(lin.dumps([record]))
    assert _run(str(lin_text), "--jobs", "1") == 0
    assert capsys.readouterr().out.startswith("Board 2")


def test_a_lin_cut_off_in_the_auction_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _played(3, Deal.random(random.Random(6)), 30)
    line = lin.dumps_one(record)
    cut = line[: line.index("mb|", line.index("mb|") + 1)]  # the first call only
    path = tmp_path / "cut.lin"
    path.write_text(cut + "\n")
    assert _run(str(path), "--jobs", "1") == 0
    errors = capsys.readouterr().err.splitlines()
    assert errors[0] == (
        f"vaza analyze: {path}: line 1: auction cut off: the auction stops after 1 call"
    )
    assert errors[1].endswith("1 game read, 1 analysed (0 with their play), 0 skipped")


def test_a_claimed_game_written_leader_first_keeps_its_cut_trick() -> None:
    """The trick a claim cut short, written as the cards were played (``H5 HK - -`` from the
    trick's leader, not the opening leader's column), is read in that order."""
    record = _played(6, Deal.random(random.Random(21)), 60)
    assert record.contract is not None
    claimed = dataclasses.replace(record, play=record.play[:22], claimed=True)
    leader = record.contract.opening_leader
    for trick in range(5):
        leader = trick_winner(leader, record.play[4 * trick : 4 * trick + 4], record.contract.trump)
    assert leader != record.contract.opening_leader  # so the columns cannot read trick 6
    text = pbn.dumps_one(claimed)
    lines = text.split("\r\n")
    top = lines.index(f'[Play "{record.contract.opening_leader.letter}"]') + 1
    for trick in range(6):
        cards = [str(card) for card in claimed.play[4 * trick : 4 * trick + 4]]
        lines[top + trick] = " ".join(cards + ["-"] * (4 - len(cards)))
    reading = pbn.read("\r\n".join(lines))
    assert reading.problems == ()
    (back,) = reading.records
    assert back.play == claimed.play and back.claimed
    assert back.declarer_tricks == claimed.declarer_tricks
