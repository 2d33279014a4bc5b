"""`vaza score`, end to end through its own parser."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from vaza.commands import score
from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side
from vaza.core.errors import ParseError
from vaza.scoring import pad_syntax


def run(argv: list[str], stdin: str = "", monkeypatch: pytest.MonkeyPatch | None = None) -> int:
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command")
    score.register(commands)
    args = parser.parse_args(["score", *argv])
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status: int = args.run(args)
    return status


def json_out(capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_duplicate_score_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["4S", "--by", "N", "--tricks", "10", "--vul", "none", "--json"]) == 0
    data = json_out(capsys)
    assert data["declarer_score"] == 420 and data["system"] == "duplicate"
    assert data["contract"] == "4S" and data["declarer"] == "N" and data["result"] == 0
    assert "below" not in data


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["3NT", "--by", "E", "--tricks", "+1", "--vul", "both"], 630),
        (["7NTXX", "--by", "S", "--tricks", "=", "--vul", "ns"], 2980),
        (["2HX", "--by", "W", "--tricks", "-3", "--vul", "ns"], -500),
        (["7CX", "--by", "N", "--tricks", "1", "--vul", "none"], -3200),
    ],
)
def test_hand_checked_scores(
    argv: list[str], expected: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run([*argv, "--json"]) == 0
    assert json_out(capsys)["declarer_score"] == expected


def test_a_readable_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["3NT", "--by", "E", "--tricks", "10", "--vul", "both", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "3NT by East, 10 tricks" in out and "made with 1 overtrick" in out
    assert "+630 for East–West" in out
    assert run(["4HX", "--by", "N", "--tricks", "8", "--vul", "ns", "--lang", "pt-BR"]) == 0
    out = capsys.readouterr().out
    assert "4♥X por Norte" in out and "2 abaixo" in out and "+500 para Leste–Oeste" in out


def test_pad_systems_give_below_and_above(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        run(["2H", "--by", "N", "--tricks", "9", "--vul", "none", "--system", "rubber", "--json"])
        == 0
    )
    data = json_out(capsys)
    assert data["below"] == {"NS": 60, "EW": 0} and data["above"] == {"NS": 30, "EW": 0}
    assert data["declarer_score"] == 140 and data["declarer_net"] == 90
    assert data["game"] is None and data["rubber_won"] is None

    assert (
        run(["2H", "--by", "W", "--tricks", "8", "--vul", "both", "--system", "chicago", "--json"])
        == 0
    )
    data = json_out(capsys)  # both vulnerable is Chicago's fourth deal: 100 for the partscore
    assert data["below"] == {"NS": 0, "EW": 60} and data["above"] == {"NS": 0, "EW": 100}

    argv = ["2H", "--by", "W", "--tricks", "8", "--vul", "both", "--system", "chicago"]
    assert run([*argv, "--partscores", "duplicate", "--json"]) == 0
    assert json_out(capsys)["above"] == {"NS": 0, "EW": 50}

    assert (
        run(
            [
                "3NT",
                "--by",
                "S",
                "--tricks",
                "9",
                "--vul",
                "none",
                "--system",
                "old-polish",
                "--json",
            ]
        )
        == 0
    )
    data = json_out(capsys)
    assert data["below"] == {"NS": 30, "EW": 0} and data["above"] == {"NS": 1000, "EW": 0}
    assert data["game"] == "NS"

    assert (
        run(["2H", "--by", "N", "--tricks", "10", "--vul", "none", "--system", "auction", "--json"])
        == 0
    )
    data = json_out(capsys)
    assert data["below"] == {"NS": 120, "EW": 0} and data["game"] == "NS"

    assert (
        run(["4S", "--by", "E", "--tricks", "10", "--vul", "ew", "--system", "rubber", "--json"])
        == 0
    )
    data = json_out(capsys)
    assert data["above"] == {"NS": 0, "EW": 700} and data["rubber_won"] == "EW"


def test_doubled_overtricks_option(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["2HX", "--by", "N", "--tricks", "11", "--vul", "none", "--system", "rubber", "--json"]
    assert run(argv) == 0
    assert json_out(capsys)["above"] == {"NS": 300 + 50, "EW": 0}
    assert run([*argv, "--doubled-overtricks", "flat"]) == 0
    assert json_out(capsys)["above"] == {"NS": 100 + 50, "EW": 0}


def test_a_pad_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "4S",
        "--by",
        "N",
        "--tricks",
        "10",
        "--vul",
        "ns",
        "--system",
        "rubber",
        "--lang",
        "en",
    ]
    assert run(argv) == 0
    out = capsys.readouterr().out
    assert "Rubber: North–South 120 below and 700 above the line." in out
    assert "Rubber to North–South." in out


def test_bad_arguments() -> None:
    with pytest.raises(ParseError, match="--tricks"):
        run(["4S", "--by", "N", "--vul", "none"])
    with pytest.raises(ParseError, match="not a contract"):
        run(["4Z", "--by", "N", "--tricks", "10", "--vul", "none"])
    with pytest.raises(ParseError, match="0 to 13"):
        run(["7NT", "--by", "N", "--tricks", "+1", "--vul", "none"])
    with pytest.raises(ParseError, match="not a seat"):
        run(["4S", "--by", "Q", "--tricks", "10", "--vul", "none"])
    with pytest.raises(ParseError, match="vulnerability"):
        run(["4S", "--by", "N", "--tricks", "10", "--vul", "some"])


def test_lines_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "4SX S 7 both\n\n# a comment\n4Z S 7 none\n3NT by N = ns\n2H N 15 none\n1C E 7\n"
    assert run(["-", "--system", "rubber"], lines, monkeypatch) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [record["line"] for record in records] == [1, 4, 5, 6, 7]
    assert records[0]["declarer_score"] == -800 and records[0]["above"] == {"NS": 0, "EW": 800}
    assert "not a contract" in records[1]["error"] and records[1]["input"] == "4Z S 7 none"
    assert records[2]["declarer_score"] == 600 and records[2]["rubber_won"] == "NS"
    assert "0 to 13" in records[3]["error"]
    assert "CONTRACT SEAT TRICKS VULNERABILITY" in records[4]["error"]


def test_all_good_lines_exit_zero(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["-"], "4S N 10 none\n3NT E 9 ew\n", monkeypatch) == 0
    scores = [json.loads(line)["declarer_score"] for line in capsys.readouterr().out.splitlines()]
    assert scores == [420, 600]


def test_reading_seats_sides_and_tricks() -> None:
    assert pad_syntax.parse_seat("L") is Seat.EAST and pad_syntax.parse_seat("o") is Seat.WEST
    assert pad_syntax.parse_side("EW") is Side.EW and pad_syntax.parse_side("s") is Side.NS
    assert pad_syntax.parse_side("Nós") is Side.NS and pad_syntax.parse_side("they") is Side.EW
    with pytest.raises(ParseError, match="not a side"):
        pad_syntax.parse_side("XY")
    contract = Contract.parse("4S N")
    assert [pad_syntax.parse_tricks(t, contract) for t in ("=", "+2", "-4", "0", "13")] == [
        10,
        12,
        6,
        0,
        13,
    ]
    with pytest.raises(ParseError, match="number of tricks"):
        pad_syntax.parse_tricks("ten", contract)
