from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from vaza.cli import main


def figures_of_time(figures: dict[str, Any], *keys: str) -> bool:
    """A benchmark reports these figures, each a number.  Their values are the machine's, of
    the moment (a loaded machine measured -0.0 ms of CPU for an append): a test checks that
    they are there, never what they are."""
    missing = [key for key in keys if key not in figures]
    assert not missing, f"the benchmark does not report {missing}"
    wrong = {key: figures[key] for key in keys if not isinstance(figures[key], int | float)}
    assert not wrong, f"not numbers: {wrong}"
    return True


def test_deal_diagram_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "9", "--board", "3", "--lang", "en"]) == 0
    first = capsys.readouterr().out
    assert main(["deal", "--seed", "9", "--board", "3", "--lang", "en"]) == 0
    assert capsys.readouterr().out == first
    assert "Board 3" in first and "Dealer South" in first and "East–West" in first
    assert first.count("HCP") == 4


def test_deal_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deal", "--seed", "9", "--lang", "pt-BR"]) == 0
    out = capsys.readouterr().out
    assert "Carteador: Norte" in out and "Oeste" in out


def test_demo_plays_a_whole_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--seed", "3", "--lang", "en", "--robots", "quick"]) == 0
    out = capsys.readouterr().out
    assert "North" in out
    assert "Trick 13" in out or "Passed out." in out


def test_demo_seats_the_clubs_strong_robot_unless_told(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 18 found `vaza demo` bidding 5♣ with 10 HCP: it seated the simple robot, which
    the club never seats.  The names asked for are recorded; a fast robot plays them."""
    from vaza.commands import demo
    from vaza.robots import registry

    asked: list[str] = []

    def record(name: str) -> registry.Robot:
        asked.append(name)
        return registry.CONFIGS["standard"]()

    monkeypatch.setattr(demo, "robot", record)
    assert main(["demo", "--seed", "5", "--lang", "en"]) == 0
    assert asked == ["strong"] * 4
    asked.clear()
    assert main(["demo", "--seed", "5", "--lang", "en", "--robots", "simple"]) == 0
    assert asked == ["simple"] * 4
    assert "Trick 13" in capsys.readouterr().out


def test_every_command_and_a_new_club_seat_the_registrys_default_robot() -> None:
    """Issue 18: the strongest robot by default everywhere.  The default is one fact, in the
    registry: a club built in a new process (not through `vaza serve`) seats it too."""
    import subprocess
    import sys

    from vaza.cli import build_parser
    from vaza.robots.registry import DEFAULT_ROBOT

    assert DEFAULT_ROBOT == "strong"
    parser = build_parser()
    for argv in (["serve"], ["robot", "--stdio"], ["demo"], ["bench", "abuse"]):
        options = parser.parse_args(argv)
        assert getattr(options, "robots", getattr(options, "level", None)) == DEFAULT_ROBOT, argv
    seated = subprocess.run(
        [sys.executable, "-c", "from vaza.robots import registry; print(registry._table_robot)"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert seated == DEFAULT_ROBOT


def test_bench_engine_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "engine", "--deals", "50", "--seed", "1", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["deals"] == 50
    assert figures["actions"] > 50 * 4
    assert figures_of_time(figures, "seconds", "deals_per_second", "actions_per_second")


def test_bench_server_measures_a_real_server(capsys: pytest.CaptureFixture[str]) -> None:
    """Two tables at a brisk pace (flat out, one person would soon meet the flood limit):
    every simulated person sits and plays, and no command is refused."""
    argv = ["bench", "server", "--tables", "2", "--seconds", "2", "--think", "0.1", "--json"]
    assert main(argv) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["sockets"] == 8 and figures["errors"] == 0
    assert figures["actions"] > 0 and figures["latency_ms_p99"] is not None
    assert figures_of_time(
        figures,
        "engine_deals_per_second",
        "server_cpu_ms_per_action",
        "client_cpu_ms_per_action",
        "latency_ms_p50",
        "latency_ms_mean",
    )


def test_bench_compare_server_measures_a_commit_and_this_code_in_turns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The base is exported from git and served from there; both servers are driven alike."""
    argv = ["bench", "compare-server", "--base", "HEAD", "--tables", "1", "--seconds", "2",
            "--think", "0.1", "--rounds", "1", "--json"]  # fmt: skip
    assert main(argv) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["base_patches"] is True  # HEAD has patches: driven as the browser is
    for which in ("base", "current"):
        [run] = figures["runs"][which]
        assert run["errors"] == 0 and run["actions"] > 0 and run["sockets"] == 4
    assert figures["cpu_ratio"] is not None and figures["bytes_ratio"] is not None


def test_bench_compare_server_names_a_base_it_cannot_find(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench", "compare-server", "--base", "no-such-commit", "--seconds", "1"]
    assert main(argv) == 2
    assert "no commit 'no-such-commit'" in capsys.readouterr().err


def test_bench_store_refuses_a_database_that_holds_anything(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It writes rows of its own: pointed at a club's database by mistake, it changes nothing."""
    path = tmp_path / "club.db"
    with sqlite3.connect(path) as club:
        club.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)")
    assert main(["bench", "store", "--appends", "5", "--db", f"sqlite+aiosqlite:///{path}"]) == 2
    assert "empty database" in capsys.readouterr().err
    with sqlite3.connect(path) as club:
        names = [row[0] for row in club.execute("SELECT name FROM sqlite_master")]
    assert names == ["users"]


def test_bench_store_measures_appends(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "store", "--appends", "20", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["appends"] == 20 and figures["database"].startswith("sqlite")
    assert figures_of_time(
        figures,
        "cpu_ms_per_append",
        "user_ms_per_append",
        "system_ms_per_append",
        "wall_ms_per_append",
    )


def test_bad_arguments_get_a_clear_message(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["deal", "--board", "0"])
    assert "board numbers start at 1" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["serve"], ["bench", "abuse"]])
def test_robot_choices_are_the_robots_registry(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from vaza.robots.registry import CONFIGS

    with pytest.raises(SystemExit):
        main([*command, "--robots", "nobody"])
    err = capsys.readouterr().err
    assert "invalid choice: 'nobody'" in err
    assert all(f"'{name}'" in err for name in CONFIGS), err


def test_bench_abuse_runs_the_attacks_and_reports_each(capsys: pytest.CaptureFixture[str]) -> None:
    """A short run: the normal table plays quiet and under attack; every attack is tried and
    the limits answer it (the figures themselves are the benchmark's, not the test's)."""
    argv = ["bench", "abuse", "--seconds", "4", "--think", "0.2", "--robots", "simple", "--json"]
    assert main(argv) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    attacked = figures["under_attack"]
    assert attacked["guests"]["refused"] > 0 and attacked["guests"]["made"] <= 10
    assert attacked["chat"]["sent"] > 0 and attacked["catch_up"]["asked"] > 0
    assert attacked["robot_events"]["opened"] > 0
    assert figures["claims"]["claims"]["sent"] > 0  # issue 47: the claim flood
    uploads = figures["pbn"]["uploads"]  # and the PBN uploads, refused past the limits
    assert uploads["created"] + uploads["refused"] > 0 and uploads["created"] <= 3
    assert set(figures["p95_ratio"]) == {"club", "claims", "pbn"}
    for run in (figures["quiet"], attacked, figures["claims"], figures["pbn"]):
        assert run["person_actions"] > 0
        assert {
            "robot_moves",
            "robot_move_ms_p50",
            "robot_move_ms_p95",
            "robot_moves_by_moment",
            "server_cpu_share",
        } <= set(run)
