"""A solver worker never outlives the process that started it."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

PARENT = """
import multiprocessing, os, time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from vaza.analysis.worker import start_worker

if __name__ == "__main__":
    spawn = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(1, mp_context=spawn, initializer=partial(start_worker, nice=5))
    print(pool.submit(os.getpid).result(), flush=True)
    time.sleep(600)
"""


def _alive(pid: int) -> bool:
    """Running (not gone, not a zombie waiting for its exit to be collected)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def test_the_worker_goes_when_its_parent_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "parent.py"
    script.write_text(PARENT)
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    assert _alive(worker)
    parent.send_signal(signal.SIGKILL)
    parent.wait()
    deadline = time.monotonic() + 10
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(worker)


def test_a_worker_whose_parent_died_while_it_started_goes_at_once(tmp_path: Path) -> None:
    """The pool's maker may die before a worker it spawned runs its initializer: the worker
    then already has another parent, and must not watch that one instead."""
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    subprocess.run(
        [sys.executable, "-c",
         "import time\nfrom vaza.analysis.worker import start_worker\n"
         f"start_worker(parent={gone.pid})\ntime.sleep(600)"],
        check=True, timeout=60,
    )  # fmt: skip
