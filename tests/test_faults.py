"""The club under faults (issue 22): kill -9 in each phase of a table, with the player there
and away, and between and in the rounds of a duplicate event; PostgreSQL and Redis restarted
mid-deal under two processes; SQLite's disk full.  Each fault: nothing acknowledged lost,
nothing doubled, the deal (the event) goes on to its end.  The
figures of the same run (`vaza bench faults`) are in docs/security.md."""

from __future__ import annotations

from vaza.bench import faults
from vaza.cli import main

TOLD = "the player was told: 'the server could not do that just now; try again'"


def test_no_fault_loses_doubles_or_stalls_anything() -> None:
    results = {row["fault"]: row for row in faults.run()["faults"]}
    assert len(results) == len(faults.SCENARIOS)
    for name, row in results.items():
        assert (row["lost"], row["doubled"], row["stalled"]) == (0, 0, 0), row
        if not row["note"].startswith("skipped"):
            assert row["actions"] > 50, name  # a whole deal, played on after the fault
    for name, row in results.items():
        if "an event" in name:
            assert row["tables"] == 4, row  # every round's tables, each board played once
        if "away" in name:
            assert row["stand_in_s"] is not None, row  # a robot played for the one away
    for name in ("PostgreSQL restarted mid-deal (two processes)", "SQLite's disk full mid-deal"):
        row = results[name]
        if not row["note"].startswith("skipped"):
            assert row["errors"] >= 1 and row["note"] == TOLD, row  # a clear error, then on


def test_the_bench_names_its_faults(capsys: object) -> None:
    assert main(["bench", "faults", "--only", "meteor"]) == 2
