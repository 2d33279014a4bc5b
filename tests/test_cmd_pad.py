"""`vaza pad`, end to end through its own parser, and its line syntax."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from vaza.commands import pad
from vaza.core.calls import Contract
from vaza.core.cards import Side
from vaza.core.errors import ParseError
from vaza.scoring import pad_syntax
from vaza.scoring.sheet import PadDeal


def parser() -> argparse.ArgumentParser:
    main = argparse.ArgumentParser()
    commands = main.add_subparsers(dest="command")
    pad.register(commands)
    return main


def run(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch) -> int:
    args = parser().parse_args(["pad", *argv])
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status: int = args.run(args)
    return status


# -- the line syntax -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "deal"),
    [
        ("4S N 10", PadDeal(Contract.parse("4S N"), 10)),
        ("3NTX by E =", PadDeal(Contract.parse("3NTX E"), 9)),
        ("6HXX w -2", PadDeal(Contract.parse("6HXX W"), 10)),
        ("4H S 10 honours NS 100", PadDeal(Contract.parse("4H S"), 10, (Side.NS, 100))),
        ("4H S 8 honras L 150", PadDeal(Contract.parse("4H S"), 8, (Side.EW, 150))),
        ("pass", PadDeal()),
        ("Passo", PadDeal()),
        ("revoke E", PadDeal(revoke=Side.EW)),
        ("4S N revoke S", PadDeal(Contract.parse("4S N"), revoke=Side.NS)),
        ("4S N 10 hcp 24", PadDeal(Contract.parse("4S N"), 10, ns_hcp=24)),
        ("pass hcp 18", PadDeal(ns_hcp=18)),
        (
            "1NT N 7 hcp 21 honours EW 150",
            PadDeal(Contract.parse("1NT N"), 7, (Side.EW, 150), ns_hcp=21),
        ),
    ],
)
def test_lines_people_write(line: str, deal: PadDeal) -> None:
    assert pad_syntax.parse_pad_line(line) == deal


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("4S", "needs its declarer"),
        ("4S N", "how many tricks"),
        ("4Q N 10", "not a contract"),
        ("4S N 10 honours NS", "needs more"),
        ("4S N 10 honours NS lots", "is a number"),
        ("4S N 10 honours NS 50", "100 or 150"),
        ("3NT N 9 honours NS 100", "150"),
        ("4S N 10 bogus", "did not understand"),
        ("pass revoke E", "passed-out deal cannot"),
        ("4S N 10 hcp 4 hcp 5", "given twice"),
        ("4S N 10 revoke E", "revoke"),
        ("pass 7", "did not understand"),
        ("4S N 10 hcp 44", "0 to 40"),
    ],
)
def test_lines_that_are_refused(line: str, message: str) -> None:
    with pytest.raises(ParseError, match=message):
        pad_syntax.parse_pad_line(line)


def test_help_documents_the_syntax(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        parser().parse_args(["pad", "--help"])
    text = capsys.readouterr().out
    assert "honours NS 100" in text and "revoke E" in text and "hcp 24" in text
    assert "--no-honours" in text and "--partscores" in text


# -- whole pads ------------------------------------------------------------------------------

RUBBER_2_0 = """\
2H N 8
2D S 8      # 60 + 40: game
4S E 9      # down one
3NT N 10
"""


def test_a_rubber_from_first_deal_to_bonus(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["--lang", "en"], RUBBER_2_0, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Deal 2 (dealer East, vulnerable: none): 2♦ by South, 8 tricks: made" in out
    assert out.count("Game to We.") == 2
    assert "Rubber to We, 2–0." in out
    assert "       700 │              rubber" in out
    assert "───────────┼───────────   game to We, deal 2" in out
    assert "       980 │          0   Total" in out
    assert "We win by 980." in out


def test_the_same_rubber_as_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["--json"], RUBBER_2_0, monkeypatch) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["system"] == "rubber" and data["errors"] == []
    assert data["totals"] == {"NS": 980, "EW": 0}
    (sheet,) = data["sheets"]
    assert sheet["over"] and sheet["rubber_winner"] == "NS"
    assert [line["winner"] for line in sheet["lines"]] == ["NS", "NS"]
    assert [deal["vulnerability"] for deal in sheet["deals"]] == ["None", "None", "NS", "NS"]


def test_bad_lines_are_reported_and_the_pad_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "2H N 8\n4Z N 10\n\n2D S 8\n4S E 9 hon EW 40\n"
    assert run(["--lang", "en"], lines, monkeypatch) == 1
    captured = capsys.readouterr()
    assert "line 2: not a contract: '4Z'" in captured.err
    assert "line 5: honours in 4S are 100 or 150, not 40" in captured.err
    assert "Game to We." in captured.out
    assert run(["--json"], lines, monkeypatch) == 1
    data = json.loads(capsys.readouterr().out)
    assert [error["line"] for error in data["errors"]] == [2, 5]


def test_an_unfinished_rubber_at_the_end_of_the_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "4S N 10\n2H E 8 honours N 100\n"
    assert run(["--lang", "en"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "The rubber is unfinished." in out
    assert "       300 │              unfinished rubber: game" in out
    assert "           │        100   unfinished rubber: partscore" in out
    assert "       520 │        160   Total" in out
    assert run(["--in-progress", "--lang", "en"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "In progress." in out and "unfinished rubber" not in out
    assert "We lead by 160." in out
    assert run(["--no-honours", "--json"], lines, monkeypatch) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == {"NS": 420, "EW": 160}


def test_a_second_rubber_starts_when_the_first_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "4S N 10\n4H S 10\n3NT E 9\n"
    assert run(["--lang", "en", "--dealer", "W"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert "Rubber 1" in out and "Rubber 2" in out
    assert "Deal 1 (dealer East, vulnerable: none): 3NT by East" in out
    assert "All 2: We 940, They 400." in out


def test_a_chicago_round(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "1NT N 7\npass\n2S E 8\n2H N 8\n2H W 8\n"
    assert run(["--system", "chicago", "--lang", "en"], lines, monkeypatch) == 0
    out = capsys.readouterr().out
    assert (
        "Deal 2 (dealer East, vulnerable: North–South): passed out; the same dealer deals again"
        in out
    )
    assert "End of the round." in out
    assert "       300 │              game, deal 3" in out
    assert "           │        100   partscore, deal 4" in out
    assert (
        run(["--system", "chicago", "--partscores", "duplicate", "--json"], lines, monkeypatch) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["totals"] == {"NS": 40 + 50 + 60 + 50, "EW": 60 + 50 + 60 + 50}
    assert run(["--system", "chicago", "--vul-cycle", "dealer", "--json"], lines, monkeypatch) == 0
    deals = json.loads(capsys.readouterr().out)["sheets"][0]["deals"]
    assert [deal["vulnerability"] for deal in deals] == ["None", "EW", "EW", "NS", "All"]


def test_a_russian_round(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = (
        "4S N 10 hcp 26\npass hcp 20\n3NT E 8 hcp 15\n2H W 8\nrevoke S hcp 22\n6NT N 12 hcp 33\n"
    )
    assert run(["--system", "russian", "--lang", "en"], lines, monkeypatch) == 1
    captured = capsys.readouterr()
    assert "line 4: Russian scoring needs North–South's combined high-card points" in captured.err
    assert "expected +350, scored +420: 2 IMPs to We" in captured.out
    assert "Total: We 13, They 5" in captured.out
    assert run(["--system", "russian", "--json"], lines, monkeypatch) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["totals"] == {"NS": 13, "EW": 5} and data["sheets"][0]["unit"] == "imps"


def test_old_polish_and_auction(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["--system", "old-polish", "--json"], "pass\n3NT N 9\n", monkeypatch) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["totals"] == {"NS": 100 + 30 + 1000, "EW": 100}
    assert run(["--system", "auction", "--json", "--in-progress"], "2H N 10\n", monkeypatch) == 0
    sheet = json.loads(capsys.readouterr().out)["sheets"][0]
    assert sheet["games"] == {"NS": 1, "EW": 0}


def test_the_pad_in_portuguese(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(["--lang", "pt-BR"], RUBBER_2_0 + "bobagem\n", monkeypatch) == 1
    captured = capsys.readouterr()
    assert "Rober para Nós, 2–0." in captured.out
    assert " Nós (N–S) │ Eles (L–O)" in captured.out
    assert "Nós vencem por 980." in captured.out
    assert "linha 5: um contrato precisa do seu carteador, como `4S N 10`" in captured.err
    assert run(["--lang", "pt-BR"], "4Z N 10\n4S Q 10\n", monkeypatch) == 1
    err = capsys.readouterr().err
    assert "linha 1: não é um contrato: '4Z' (escreva como 4S, 3NTX ou 6HXX)" in err
    assert "linha 2: não é um jogador: 'Q'" in err
