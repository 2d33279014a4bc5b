"""A consistent copy of the embedded database while the club runs (SQLite's online backup).

The copy is written beside its destination under a temporary name and renamed into place only
once it is whole and has passed SQLite's integrity check, so an interrupted backup never leaves
a file that looks like a backup.  PostgreSQL has its own tool for this (`pg_dump`, see
docs/deploy.md).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from vaza.store.db import private_file

PAGES_PER_STEP: Final = 1024
"""Pages copied between two looks at the source: a running server's commits go on meanwhile
(each step holds a read lock only while it copies)."""


class BackupError(Exception):
    """The backup could not be made; the message says why, in a sentence."""


@dataclass(frozen=True, slots=True)
class BackupReport:
    source: Path
    copy: Path
    bytes: int
    tables: int
    """The club's tables (games) in the copy."""
    events: int
    """The events of their logs."""


def backup_sqlite(
    source: Path, copy: Path, progress: Callable[[int, int], None] | None = None
) -> BackupReport:
    """Copy the SQLite database at `source` to `copy` while others may write to it;
    `progress(done, total)` is told the pages copied after each step."""
    if not source.is_file():
        raise BackupError(f"there is no database at {source}")
    if copy.exists():
        raise BackupError(f"{copy} exists already; choose a new place for the backup")
    partial = copy.with_name(copy.name + ".partial")
    partial.unlink(missing_ok=True)
    private_file(partial)  # the copy holds what the database holds: its owner's alone

    def step(status: int, remaining: int, total: int) -> None:
        if progress is not None:
            progress(total - remaining, total)

    try:
        with (
            closing(sqlite3.connect(source, timeout=30)) as origin,
            closing(sqlite3.connect(partial)) as target,
        ):
            origin.backup(target, pages=PAGES_PER_STEP, progress=step)
            target.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            checked = target.execute("PRAGMA integrity_check").fetchone()[0]
            if checked != "ok":
                raise BackupError(f"the copy failed SQLite's integrity check: {checked}")
            tables = _count(target, "tables")
            events = _count(target, "table_events")
        os.replace(partial, copy)
    except sqlite3.Error as error:
        partial.unlink(missing_ok=True)
        raise BackupError(f"could not copy {source}: {error}") from None
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return BackupReport(source, copy, copy.stat().st_size, tables, events)


def _count(db: sqlite3.Connection, table: str) -> int:
    try:
        return int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
    except sqlite3.OperationalError:
        raise BackupError(f"this is not a Vaza database (it has no {table!r} table)") from None
