from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import endplay.parsers.pbn as endplay_pbn
import pytest

from vaza.cli import main
from vaza.formats import lin, pbn


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


@pytest.fixture
def strong_robots() -> Iterator[None]:
    """The robot `vaza play` seats outside the tests (the suite seats the quick standard one)."""
    from vaza.robots.registry import DEFAULT_ROBOT, set_table_robot

    set_table_robot(DEFAULT_ROBOT)
    try:
        yield
    finally:
        set_table_robot("standard")


def test_a_seeded_match_of_the_strong_robot_repeats_and_is_written(
    strong_robots: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The thinking is counted in layouts when a seed is given, so the same seed plays the
    same cards twice (issue 50); --pbn and --lin write the match, which endplay reads back."""
    outputs, files = [], []
    for run in range(2):
        written = (tmp_path / f"match{run}.pbn", tmp_path / f"match{run}.lin")
        argv = ["play", "--game", "contract", "--robots", "--seed", "1", "--deals", "1"]
        argv += ["--layouts", "2", "--pbn", str(written[0]), "--lin", str(written[1])]
        assert main(argv) == 0
        outputs.append(capsys.readouterr().out)
        files.append(tuple(path.read_bytes() for path in written))
    assert outputs[0] == outputs[1] and outputs[0].startswith("Deal 1: ")
    assert files[0] == files[1]
    [ours] = pbn.loads(files[0][0].decode())
    assert ours.players == ("Robot N", "Robot E", "Robot S", "Robot W")
    [board] = endplay_pbn.loads(files[0][0].decode())
    info = dict(board.info)
    assert {"Score", "OptimumScore", "ParContract", "OptimumResultTable"} <= set(info)
    [from_lin] = lin.loads(files[0][1].decode())
    assert from_lin.play == ours.play and from_lin.calls == ours.calls


def test_records_are_checked_before_the_match_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "no-such-folder" / "match.pbn"
    assert main(["play", "--seed", "1", "--pbn", str(missing)]) == 1
    err = capsys.readouterr()
    assert err.out == ""
    assert err.err.strip() == (
        f"vaza play: cannot write {missing}: the folder {missing.parent} does not exist"
    )
    assert main(["play", "--game", "widow", "--lin", str(tmp_path / "w.lin")]) == 1
    assert "--pbn and --lin write contract bridge matches" in capsys.readouterr().err
