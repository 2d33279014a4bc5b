"""The club under faults (issue 22): kill -9 in each phase of a table, with the player there
and away, and between and in the rounds of a duplicate event; PostgreSQL and Redis restarted
mid-deal under two processes; SQLite's disk full.  Each fault: nothing acknowledged lost,
nothing doubled, the deal (the event) goes on to its end.  The
figures of the same run (`vaza bench faults`) are in docs/security.md."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

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


def test_a_full_disk_refuses_the_next_commit_even_after_the_log_has_cycled(tmp_path: Path) -> None:
    with faults.small_disk(tmp_path / "disk") as disk:
        if disk is None:
            pytest.skip("no tmpfs could be mounted here (needs root)")
        database, filler = disk / "vaza.db", disk / "filler"
        with contextlib.closing(sqlite3.connect(database, isolation_level=None)) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("CREATE TABLE events (payload BLOB)")
            commit = "INSERT INTO events VALUES (zeroblob(3000))"
            for _ in range(200):
                db.execute(commit)
            db.execute("PRAGMA wal_checkpoint(RESTART)")  # as SQLite's own checkpoint does
            faults.fill_to_the_last_byte(filler)  # the disk full, the log left as it is
            db.execute(commit)  # the cycled log took it into space it held: CI's failure
            filler.unlink()
            faults.fill_disk(database, filler)
            with pytest.raises(sqlite3.OperationalError, match="full"):
                db.execute(commit)
            filler.unlink()
            db.execute(commit)  # and the table goes on once there is room again
