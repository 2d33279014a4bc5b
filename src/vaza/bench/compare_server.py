"""`vaza bench compare-server --base REF`: this code's server and a base commit's, measured in
one run on the same machine.

A server's CPU per action moves by a fifth between runs on a shared machine, so a figure of
today is compared only with one of the base taken minutes apart.  The base commit's `src` is
exported from git into a temporary folder and served on this interpreter and its packages;
the two servers take turns (base, this, this, base, …) so that a drift of the machine's speed
falls on both alike, and each figure is the median of its runs.
"""

from __future__ import annotations

import io
import statistics
import subprocess
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path

from vaza.bench import server
from vaza.json_types import JSON

COMPARED = (
    "server_cpu_ms_per_action",
    "bytes_per_action",
    "actions_per_second",
    "latency_ms_p50",
    "latency_ms_p99",
    "engine_deals_per_second",
)


class NoCommit(Exception):
    """The base cannot be read: not a git checkout, or no such commit."""


def _git(*arguments: str, cwd: Path) -> bytes:
    try:
        done = subprocess.run(["git", *arguments], cwd=cwd, capture_output=True, check=True)
    except FileNotFoundError:
        raise NoCommit("git is not installed") from None
    except subprocess.CalledProcessError as failed:
        raise NoCommit(failed.stderr.decode(errors="replace").strip()) from None
    return done.stdout


def checkout() -> Path:
    """The git checkout this `vaza` package was imported from."""
    here = Path(__file__).resolve().parent
    try:
        return Path(_git("rev-parse", "--show-toplevel", cwd=here).decode().strip())
    except NoCommit:
        raise NoCommit(f"{here} is not in a git checkout: compare-server needs one") from None


def commit_of(reference: str, repository: Path) -> str:
    try:
        found = _git("rev-parse", "--verify", "--quiet", f"{reference}^{{commit}}", cwd=repository)
    except NoCommit:
        raise NoCommit(f"no commit {reference!r} in {repository}") from None
    return found.decode().strip()


def export_source(commit: str, repository: Path, into: Path) -> Path:
    """Write the commit's `src` folder under `into` and return it (what PYTHONPATH needs)."""
    archive = _git("archive", "--format=tar", commit, "src", cwd=repository)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into / "src"


def _median(runs: list[JSON], name: str) -> float | None:
    values = [run[name] for run in runs if run.get(name) is not None]
    return round(statistics.median(values), 2) if values else None


def _ratio(current: float | None, base: float | None) -> float | None:
    return round(current / base, 3) if current is not None and base else None


def run(
    base: str,
    load: server.Load,
    *,
    rounds: int = 2,
    advance: Callable[[int], None] = lambda _: None,
) -> JSON:
    """Measure the base commit's server and this one's `rounds` times each, alternating, on
    the same simulated people (same seed).  The base is driven as its own browser would be:
    with patches if it has them (`vaza/protocol/patch.py`), else with whole views."""
    repository = checkout()
    base_commit = commit_of(base, repository)
    current_commit = commit_of("HEAD", repository)
    changed = bool(_git("status", "--porcelain", "--untracked-files=no", cwd=repository).strip())
    runs: dict[str, list[JSON]] = {"base": [], "current": []}
    with tempfile.TemporaryDirectory(prefix="vaza-base-") as folder:
        source = export_source(base_commit, repository, Path(folder))
        base_patches = (source / "vaza" / "protocol" / "patch.py").exists()
        for number in range(rounds):
            order = ("base", "current") if number % 2 == 0 else ("current", "base")
            for which in order:
                if which == "base":
                    figures = server.run(load, patches=base_patches, source=source)
                else:
                    figures = server.run(load)
                runs[which].append(figures)
                advance(1)
    summary = {
        which: {name: _median(measured, name) for name in COMPARED}
        for which, measured in runs.items()
    }
    return {
        "benchmark": "compare-server",
        "base": base_commit,
        "current": current_commit + ("+changes" if changed else ""),
        "tables": load.tables,
        "seconds": load.seconds,
        "think_seconds": load.think,
        "rounds": rounds,
        "base_patches": base_patches,
        "base_figures": summary["base"],
        "current_figures": summary["current"],
        "cpu_ratio": _ratio(
            summary["current"]["server_cpu_ms_per_action"],
            summary["base"]["server_cpu_ms_per_action"],
        ),
        "bytes_ratio": _ratio(
            summary["current"]["bytes_per_action"], summary["base"]["bytes_per_action"]
        ),
        "runs": runs,
    }
