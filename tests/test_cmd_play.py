from __future__ import annotations

import json

import pytest

from vaza.cli import main


@pytest.mark.parametrize(
    ("arguments", "who"),
    [
        (["--game", "contract", "--scoring", "chicago"], {"NS", "EW"}),
        (["--game", "contract", "--scoring", "duplicate", "--deals", "3"], {"NS", "EW"}),
        (["--game", "boerenbridge", "--players", "3", "--variant", "harsh=true"], {"0", "1", "2"}),
        (["--game", "bridge-whist"], {"NS", "EW"}),
        (["--game", "bridge-whist", "--scoring", "rubber"], {"NS", "EW"}),
        (["--game", "widow"], {"NS", "EW"}),
        (
            ["--game", "widow", "--scoring", "chicago", "--variant", "fixed_dummy=true"],
            {"NS", "EW"},
        ),
        (["--game", "honeymoon"], {"N", "E"}),
        (["--game", "honeymoon", "--scoring", "chicago"], {"N", "E"}),
    ],
)
def test_robots_play_a_whole_match(
    arguments: list[str], who: set[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", *arguments, "--robots", "--seed", "5", "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["deals_played"] >= 3
    assert set(outcome["final_scores"]) == who
    assert outcome["over"] is True


def test_the_same_seed_plays_the_same_match(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        main(["play", "--game", "contract", "--scoring", "rubber", "--seed", "9", "--json"])
        runs.append(json.loads(capsys.readouterr().out))
    assert runs[0] == runs[1]


def test_text_output_and_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--scoring", "chicago", "--seed", "1"]) == 0
    assert "match over" in capsys.readouterr().out
    assert main(["play", "--scoring", "chicago", "--variant", "vul_cycle=sideways"]) == 1
    assert "vul_cycle" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("game", "scoring", "contract"),
    [
        ("bridge-whist", "chicago", "book "),
        ("widow", "rubber", " by "),
        ("honeymoon", "rubber", " by "),
    ],
)
def test_the_variants_default_scoring_and_deal_lines(
    game: str, scoring: str, contract: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["play", "--game", game, "--seed", "3", "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert outcome["scoring"] == scoring
    assert main(["play", "--game", game, "--seed", "3", "--deals", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Deal 1: ") and contract in lines[0]
    assert "2 deals (stopped)" in lines[-1]


def test_two_handed_bridge_is_played_by_two(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "honeymoon", "--players", "4", "--seed", "1"]) == 1
    assert "played by 2 players" in capsys.readouterr().err
    assert main(["play", "--game", "bridge-whist", "--scoring", "russian"]) == 1
    assert "scored with one of" in capsys.readouterr().err
