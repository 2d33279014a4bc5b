"""`vaza analyze FILE`: text and JSON output, LIN input, progress and the errors people meet."""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

import vaza.progress
from helpers import play_random
from vaza.commands import analyze
from vaza.core import Call, Card, ContractDeal, DealRecord
from vaza.formats import dump_any, load_any

DATA = Path(__file__).parent / "data"
SMALL = DATA / "analysis_small.pbn"


def run(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command")
    analyze.register(commands)
    args = parser.parse_args(["analyze", *argv])
    status: int = args.run(args)
    return status


def run_json(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, object]]:
    assert run(str(path), "--json") == 0
    boards: list[dict[str, object]] = json.loads(capsys.readouterr().out)
    return boards


def test_text_shows_a_grid_par_and_result_per_board(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(str(SMALL)) == 0
    captured = capsys.readouterr()
    blocks = captured.out.strip().split("\n\n")
    assert len(blocks) == 3
    first = blocks[0].splitlines()
    assert first[0] == "Board 1   Dealer North   Vulnerable: none"
    assert first[1].split() == ["♣", "♦", "♥", "♠", "NT"]
    assert first[2].split() == ["North", "12", "12", "12", "13", "13"]
    assert first[3].split() == ["South", "12", "12", "12", "13", "13"]
    assert first[4].split() == ["East", "1", "1", "1", "0", "0"]
    assert first[5].split() == ["West", "1", "1", "1", "0", "0"]
    assert first[6] == "Par: NS +1520 — 7NT by North or South"
    assert first[7] == "Played: 6NT by South, 12 tricks — NS +990"
    second = blocks[1].splitlines()
    assert second[0] == "Board 2   Dealer East   Vulnerable: North–South"
    assert second[2].split() == ["North", "0", "13", "0", "13", "0"]
    assert second[6] == "Par: NS +2210 — 7♠ by North or South"
    assert second[7] == "Played: 7NTX by East, 0 tricks — NS +3500"
    third = blocks[2].splitlines()
    assert third[6] == "Par: EW +2220 — 7NT by East or West"
    assert third[7] == "Played: passed out — 0"
    assert captured.err.strip().splitlines() == [
        f"vaza analyze: {SMALL}: board 4 (line 28) skipped: a deal needs 13 cards in each hand "
        "(N 13, E 0, S 0, W 0)",
        f"vaza analyze: {SMALL}: 4 games read, 3 analysed (0 with their play), 1 skipped "
        "(1 without 13 cards in each hand)",
    ]


def test_json_lists_the_boards(capsys: pytest.CaptureFixture[str]) -> None:
    boards = run_json(capsys, SMALL)
    assert [board["board"] for board in boards] == [1, 2, 3]
    first, second, third = boards
    assert first["dealer"] == "N" and first["vulnerability"] == "None"
    assert first["deal"] == (
        "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    )
    assert first["table"] == {
        "N": {"C": 12, "D": 12, "H": 12, "S": 13, "NT": 13},
        "E": {"C": 1, "D": 1, "H": 1, "S": 0, "NT": 0},
        "S": {"C": 12, "D": 12, "H": 12, "S": 13, "NT": 13},
        "W": {"C": 1, "D": 1, "H": 1, "S": 0, "NT": 0},
    }
    assert first["par"] == {
        "score": 1520,
        "contracts": [
            {"contract": "7NT", "declarer": "N", "tricks": 13},
            {"contract": "7NT", "declarer": "S", "tricks": 13},
        ],
    }
    assert first["played"] == {
        "contract": "6NT",
        "declarer": "S",
        "tricks": 12,
        "claimed": False,
        "score": 990,
    }
    assert second["dealer"] == "E" and second["vulnerability"] == "NS"
    assert second["par"] == {
        "score": 2210,
        "contracts": [
            {"contract": "7S", "declarer": "N", "tricks": 13},
            {"contract": "7S", "declarer": "S", "tricks": 13},
        ],
    }
    assert second["played"] == {
        "contract": "7NTX",
        "declarer": "E",
        "tricks": 0,
        "claimed": False,
        "score": 3500,
    }
    assert third["vulnerability"] == "EW"
    assert third["par"] == {
        "score": -2220,
        "contracts": [
            {"contract": "7NT", "declarer": "E", "tricks": 13},
            {"contract": "7NT", "declarer": "W", "tricks": 13},
        ],
    }
    assert third["played"] == {
        "contract": None,
        "declarer": None,
        "tricks": None,
        "claimed": False,
        "score": 0,
    }


def test_lin_files_give_the_same_analysis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = load_any(SMALL)[:3]
    dump_any(records, tmp_path / "small.lin")
    from_pbn = run_json(capsys, SMALL)
    from_lin = run_json(capsys, tmp_path / "small.lin")
    assert [board["table"] for board in from_lin] == [board["table"] for board in from_pbn]
    assert [board["par"] for board in from_lin] == [board["par"] for board in from_pbn]


def test_a_record_without_result_prints_no_played_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bare.pbn"
    path.write_text(
        '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]\n'
        "\n"
        '[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n'
    )
    assert run(str(path)) == 0
    captured = capsys.readouterr()
    assert captured.out.splitlines()[0].startswith("Deal 1   Dealer North")
    assert "Played" not in captured.out
    assert "deal 2 of the file (line 3) skipped" in captured.err
    assert run(str(path), "--json") == 0
    (board,) = json.loads(capsys.readouterr().out)
    assert board["board"] is None and board["played"] is None


def test_progress_counts_every_solved_deal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    seen: list[tuple[str, int]] = []

    @contextmanager
    def recording_bar(description: str, total: int) -> Iterator[Callable[[int], None]]:
        seen.append((description, total))
        yield lambda count: seen.append(("advance", count))

    monkeypatch.setattr(vaza.progress, "progress_bar", recording_bar)
    assert run(str(SMALL), "--json") == 0
    capsys.readouterr()
    assert seen == [("analyze", 3), ("advance", 3)]


# -- errors ----------------------------------------------------------------------------------


def expect_failure(capsys: pytest.CaptureFixture[str], path: Path, message: str) -> None:
    assert run(str(path)) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("vaza analyze: ")
    assert message in captured.err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expect_failure(capsys, tmp_path / "nowhere.pbn", "nowhere.pbn: no such file")


def test_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "boards.pbn"
    folder.mkdir()
    expect_failure(capsys, folder, "is a folder, not a PBN or LIN file")


def test_unknown_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "boards.txt"
    path.write_text("hello")
    expect_failure(capsys, path, "boards.txt: cannot tell its format: it holds neither PBN")


def test_a_file_with_no_deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.pbn"
    path.write_text("% PBN 2.1\n% nothing here\n")
    expect_failure(capsys, path, "empty.pbn holds no deals")


def test_a_file_with_only_incomplete_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "partial.pbn"
    path.write_text('[Board "7"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n')
    assert run(str(path)) == 1
    captured = capsys.readouterr()
    assert "board 7 (line 1) skipped: a deal needs 13 cards" in captured.err
    assert "partial.pbn holds no complete deal to analyse" in captured.err


def test_a_broken_file_names_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.pbn"
    path.write_text('[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ"]\n')
    expect_failure(capsys, path, "broken.pbn: ")


# -- where the tricks went -------------------------------------------------------------------

VUGRAPH = DATA / "vugraph.lin"
BBO_HANDS = DATA / "bbo_hands.lin"


@pytest.fixture(scope="module")
def played_lin(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[dict[str, Any]]]:
    """The text and the JSON for the two played deals of the vugraph file (4♠ by North, 4♥ by
    South) written as LIN, solved once for the tests that read them."""
    records = load_any(VUGRAPH)
    path = tmp_path_factory.mktemp("played") / "played.lin"
    dump_any([records[0], records[2]], path)
    outputs = []
    for options in ((), ("--json",)):
        out = io.StringIO()
        with redirect_stdout(out):
            assert run(str(path), *options) == 0
        outputs.append(out.getvalue())
    return outputs[0], json.loads(outputs[1])


def test_a_played_lin_deal_shows_each_card_cost(
    played_lin: tuple[str, list[dict[str, Any]]],
) -> None:
    blocks = played_lin[0].strip().split("\n\n")
    assert len(blocks) == 2
    first = blocks[0].splitlines()
    assert first[7] == "Played: 4♠ by North, 7 tricks — EW +150"
    assert first[8] == (
        "Where the tricks went — double-dummy tricks for North–South: 5 at the start, "
        "7 after the play"
    )
    assert first[9].split() == [
        "Trick",
        "cards",
        "(-n:",
        "tricks",
        "a",
        "card",
        "gave",
        "away)",
        "NS",
    ]
    assert first[10].split() == ["1", "E", "♣6", "S", "♣A", "W", "♣Q", "N", "♣8", "5"]
    assert first[11].split() == ["2", "S", "♦6", "W", "♦5", "-1", "N", "♦2", "-1", "E", "♦10", "5"]
    assert first[22].split()[0] == "13"
    assert first[23] == ("Tricks given away: North 3, East 0, West 5 — North–South 3, East–West 5")
    assert len(first) == 24
    assert blocks[1].splitlines()[8].startswith("Where the tricks went")


def test_a_claim_before_the_lead_has_no_play_to_analyse(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "closed.lin"
    dump_any([load_any(VUGRAPH)[1]], path)
    assert run(str(path)) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[-1] == "Played: 4♠X by North, 9 tricks (claimed) — EW +100"


def test_json_gives_each_card_its_cost(played_lin: tuple[str, list[dict[str, Any]]]) -> None:
    first, third = played_lin[1]
    cost = first["play_cost"]
    assert isinstance(cost, dict)
    assert (cost["declarer"], cost["strain"], cost["start"], cost["final"]) == ("N", "S", 5, 7)
    assert len(cost["cards"]) == 52
    assert cost["cards"][4:6] == [
        {"seat": "S", "card": "D6", "after": 5, "cost": 0},
        {"seat": "W", "card": "D5", "after": 6, "cost": 1},
    ]
    assert cost["seats"] == {"N": 3, "E": 0, "S": 0, "W": 5}  # dummy's cards are declarer's
    assert cost["sides"] == {"NS": 3, "EW": 5}
    assert first["play_error"] is None
    third_cost = third["play_cost"]
    assert isinstance(third_cost, dict) and isinstance(third["played"], dict)
    assert third_cost["final"] == third["played"]["tricks"] == 5
    assert sum(card["cost"] for card in third_cost["cards"]) == sum(third_cost["sides"].values())


def test_a_claim_shows_what_it_conceded(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "claimed.lin"
    dump_any(load_any(BBO_HANDS)[:1], path)
    assert run(str(path)) == 0
    first = capsys.readouterr().out.strip().splitlines()
    assert first[-3].split()[:2] == ["3", "E"]  # three tricks played before the claim
    assert first[-1] == "Claim: North–South 10 tricks against 9 double dummy, East–West conceded 1"


def test_a_revoke_in_the_play_is_reported_and_the_table_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = load_any(VUGRAPH)[0]
    play = list(record.play)
    club, diamond = play.index(Card.parse("CQ")), play.index(Card.parse("D3"))
    play[club], play[diamond] = play[diamond], play[club]  # West discards, holding ♣Q3
    path = tmp_path / "revoke.pbn"
    dump_any([dataclasses.replace(record, play=tuple(play))], path)
    assert run(str(path), "--json") == 0
    captured = capsys.readouterr()
    (board,) = json.loads(captured.out)
    assert board["play_cost"] is None
    assert "card 3 of the play (D3): must follow suit" in board["play_error"]
    assert board["table"]["N"]["S"] == 5
    assert captured.err.strip().splitlines()[0] == (
        f"vaza analyze: {path}: board 1 (line 4): the play is not analysed: card 3 of the play "
        "(D3): must follow suit: clubs were led"
    )
    assert (
        captured.err.strip()
        .splitlines()[1]
        .endswith(
            "1 game read, 1 analysed (0 with their play, 1 whose play breaks a rule), 0 skipped"
        )
    )


def played_at_random(rng: random.Random, record: DealRecord, auction: str) -> DealRecord:
    game = ContractDeal(record.board)
    for call in auction.split():
        game.apply(Call.parse(call))
    play_random(game, rng)
    return game.record()


def test_two_worker_processes_give_what_one_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Deals DDS solves at once, played at random, written as LIN.
    rng = random.Random(8)
    small = load_any(SMALL)[:3]
    records = [
        played_at_random(rng, small[0], "P P 6N P P P"),
        played_at_random(rng, small[1], "P 1H P P P"),
        played_at_random(rng, small[2], "2S P P P"),
        small[0],
    ]
    path = tmp_path / "played.lin"
    dump_any(records, path)
    seen: list[int] = []

    @contextmanager
    def recording_bar(description: str, total: int) -> Iterator[Callable[[int], None]]:
        yield seen.append

    monkeypatch.setattr(vaza.progress, "progress_bar", recording_bar)
    assert run(str(path), "--json", "--jobs", "1") == 0
    alone = json.loads(capsys.readouterr().out)
    assert seen == [4]
    seen.clear()
    assert run(str(path), "--json", "--jobs", "2") == 0
    shared = json.loads(capsys.readouterr().out)
    assert seen == [1, 1, 1, 1]  # a chunk of one deal each, for so short a file
    assert shared == alone
    assert [board["play_cost"] is not None for board in shared] == [True, True, True, False]
    for board in shared[:3]:
        assert board["play_cost"]["final"] == board["played"]["tricks"]
