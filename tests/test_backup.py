"""`vaza backup` copies a running club's data directory; the club plays on from the copy
(issue 22: backups, and a restore tested by playing on)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from serverkit import Client, Server, act_until, play_out


def backup(data_dir: Path, destination: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vaza.cli", "backup", str(destination), "--data-dir", str(data_dir),
         "--json"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip


def versions(database: Path, table: str) -> int:
    with sqlite3.connect(database) as db:
        return int(db.execute("SELECT max(version) FROM table_events WHERE table_id = ?",
                              (table,)).fetchone()[0])  # fmt: skip


def test_a_backup_taken_while_the_club_runs_plays_on(tmp_path: Path) -> None:
    server = Server(tmp_path / "data")
    server.start()
    copy = tmp_path / "backup"
    try:
        guest = Client(server).guest()
        table = guest.create_table(game="contract", scoring="rubber")["table"]
        guest.connect()
        guest.send(type="hello", table=table)
        guest.recv()
        guest.send(type="sit", table=table, seat="N")
        act_until(guest, table, "N", cards=5)
        done = backup(server.data_dir, copy)
        assert done.returncode == 0, done.stderr
        report = json.loads(done.stdout)
        assert report["tables"] == 1 and report["events"] > 5 and report["secret_key"]
        guest.send(type="hello", table=table)  # the view again: it may be North's turn now
        act_until(guest, table, "N", cards=12)  # the club goes on after the backup
        guest.close()
    finally:
        server.stop()
    server.assert_clean_log()
    saved = versions(copy / "vaza.db", table)
    assert saved < versions(server.data_dir / "vaza.db", table)

    restored = Server(copy, port=server.port)  # the same address: the guest's cookie works
    restored.start()
    try:
        guest.connect()
        guest.send(type="hello", table=table)
        snapshot = guest.recv_until(lambda m: m["type"] == "snapshot")
        assert snapshot["seat"] == "N" and snapshot["version"] >= saved
        play_out(guest, table, "N", snapshot)
        guest.close()
    finally:
        restored.stop()
    restored.assert_clean_log()


def test_a_backup_says_why_it_cannot_be_made(tmp_path: Path) -> None:
    missing = backup(tmp_path / "nothing", tmp_path / "copy")
    assert missing.returncode == 1 and "there is no database at" in missing.stderr
    full = tmp_path / "full"
    full.mkdir()
    (full / "a file").write_text("mine")
    refused = backup(tmp_path / "nothing", full)
    assert refused.returncode == 1 and "is not empty" in refused.stderr
    assert (full / "a file").read_text() == "mine"
    not_vaza = tmp_path / "other"
    not_vaza.mkdir()
    with sqlite3.connect(not_vaza / "vaza.db") as db:
        db.execute("CREATE TABLE t (x)")
    foreign = backup(not_vaza, tmp_path / "copy2")
    assert foreign.returncode == 1 and "not a Vaza database" in foreign.stderr
    assert not (tmp_path / "copy2" / "vaza.db").exists()
    assert not list((tmp_path / "copy2").glob("*.partial"))
