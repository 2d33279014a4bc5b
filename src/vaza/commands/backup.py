"""`vaza backup DIR`: a copy of the club's data directory, made while the club runs.

DIR becomes a data directory of its own: the database (copied with SQLite's online backup, so
no action is half in it) and the key that signs session cookies.  To restore, serve from it:
`vaza serve --data-dir DIR` (or copy its files back into the data directory).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

from vaza.progress import progress_bar
from vaza.store.backup import BackupError, backup_sqlite

DATABASE = "vaza.db"
SECRET = "secret.key"


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "backup",
        help="copy the club's database (and cookie key) while it runs",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="PostgreSQL (vaza serve --db postgresql+asyncpg://…) is backed up with its own "
        "tool: pg_dump --format=custom --file=vaza.dump DBNAME, restored with pg_restore "
        "(docs/deploy.md).",
    )
    parser.add_argument("destination", type=Path, metavar="DIR", help="a new directory")
    parser.add_argument(
        "--data-dir",
        type=Path,
        default=Path("data"),
        help="the data directory of the club to back up (default ./data, as vaza serve)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    source: Path = args.data_dir / DATABASE
    destination: Path = args.destination
    if destination.exists() and any(destination.iterdir()):
        print(f"vaza backup: {destination} is not empty; choose a new directory", file=sys.stderr)
        return 1
    destination.mkdir(parents=True, exist_ok=True)
    shown = 0

    def step(copied: int, total: int) -> None:
        nonlocal shown
        now = copied * 1000 // max(total, 1)  # per mille: the page count is known only now
        advance(now - shown)
        shown = now

    try:
        with progress_bar("Copying the database", total=1000) as advance:
            report = backup_sqlite(source, destination / DATABASE, step)
    except BackupError as error:
        print(f"vaza backup: {error}", file=sys.stderr)
        return 1
    secret = args.data_dir / SECRET
    if secret.is_file():
        shutil.copy2(secret, destination / SECRET)
    summary = {
        "database": str(report.copy),
        "bytes": report.bytes,
        "tables": report.tables,
        "events": report.events,
        "secret_key": (destination / SECRET).is_file(),
        "restore": f"vaza serve --data-dir {destination}",
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"Backed up {source} to {report.copy}: {report.tables:,} tables, "
            f"{report.events:,} events, {report.bytes / 1e6:.1f} MB; integrity checked."
        )
        print(f"To play on from it: {summary['restore']}")
    return 0
