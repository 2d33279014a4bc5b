"""Free ports for the servers the benchmarks and the tests start, kept apart between runs.

Asking the system for a free port (bind to port 0) and starting a server on it later leaves a
moment in which another run on the machine (the test suite run twice at once, a benchmark
beside it) may be given the same port: then one server fails to start, or, worse, a client
reaches the other run's server.  Each port handed out here is also reserved with a lock on a
file named after it, held until this process ends; every run skips a port another holds.
The locks go with their processes (a killed run leaves no stale reservation behind), and the
files are only names.
"""

from __future__ import annotations

import fcntl
import os
import socket
import tempfile
from collections.abc import Callable
from pathlib import Path

RESERVATIONS = Path(tempfile.gettempdir()) / "vaza-ports"
"""Where the lock files live: shared by every run on the machine, on purpose."""
_held: dict[int, int] = {}
"""The ports this process reserved, with the open file that holds each lock."""


def free_port(ask: Callable[[], int] | None = None) -> int:
    """A port nothing listens on now, reserved for this process until it ends (so a server
    stopped and started again on it finds it still free).  `ask` gives a port free now (the
    system's choice by default)."""
    RESERVATIONS.mkdir(exist_ok=True)
    for _ in range(100):
        port = (ask or _unused)()
        if port not in _held and _reserve(port):  # one of ours may be restarting on it
            return port
    raise RuntimeError("no free port could be reserved")


def _unused() -> int:
    """A port the system says nothing uses now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _reserve(port: int) -> bool:
    """Lock the port's file; False if another process holds it."""
    descriptor = os.open(RESERVATIONS / str(port), os.O_CREAT | os.O_RDWR, 0o666)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(descriptor)
        return False
    _held[port] = descriptor
    return True
