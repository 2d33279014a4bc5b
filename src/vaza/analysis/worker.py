"""Starting a solver worker process: it solves with one DDS thread and never outlives the
process that started it (a killed server or `vaza analyze` leaves no solver behind)."""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

_PR_SET_PDEATHSIG = 1
PARENT_CHECK_SECONDS = 2.0


def start_worker(nice: int = 0, parent: int | None = None) -> None:
    """Run in each worker as its pool's initializer; `nice` lowers its priority.  `parent` is
    the process that made the pool (`os.getpid()` there): a worker still starting when that
    process died has already been handed to another parent, which it must not take for its
    own (CI found such workers, and their pools' resource trackers, minutes after a test's
    server was killed)."""
    if nice:
        os.nice(nice)
    if parent is None:
        parent = os.getppid()
    elif os.getppid() != parent:
        os._exit(0)
    if sys.platform == "linux":  # the kernel's signal when the parent dies...
        ctypes.CDLL(None).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    # ...is tied to the thread that started us and can miss; a watchdog never does.
    threading.Thread(target=_exit_when_orphaned, args=(parent,), daemon=True).start()
    from vaza.analysis.dds import single_threaded  # noqa: PLC0415 - in the worker only

    single_threaded()


def _exit_when_orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)
