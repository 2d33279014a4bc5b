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
