"""`vaza bench faults`: a disk that fills up under the club (a small filesystem of its own where
one can be mounted), and the scenario that fills it."""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def small_disk(path: Path) -> Iterator[Path | None]:
    """A 32 MB filesystem of its own (tmpfs) mounted at `path`; None where none can be
    mounted (it needs root)."""
    path.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(path)],
        capture_output=True, check=False,
    )  # fmt: skip
    if mounted.returncode != 0:
        yield None
        return
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], capture_output=True, check=False)


def fill_disk(database: Path, filler: Path) -> None:
    """Empty the SQLite `database`'s write-ahead log, then fill its filesystem with `filler`,
    so that its next commit fails."""
    _empty_wal(database)
    fill_to_the_last_byte(filler)


def fill_to_the_last_byte(filler: Path) -> None:
    """Write `filler` until its filesystem has no byte left."""
    with filler.open("wb") as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * (1 << 20))
            out.flush()


def _empty_wal(database: Path) -> None:
    """Copy the write-ahead log into the database and cut it to nothing, so the next commit
    must take new space. A log that has cycled (restarted after a checkpoint) writes into
    space it already holds, and a full disk then refuses no commit (CI saw it once)."""
    with contextlib.closing(sqlite3.connect(database, timeout=10)) as connection:
        deadline = time.monotonic() + 10
        while connection.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()[0]:
            if time.monotonic() > deadline:
                raise RuntimeError("the write-ahead log could not be emptied")
            time.sleep(0.05)  # a reader is in the log: once it is done
