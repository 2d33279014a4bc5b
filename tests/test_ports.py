"""Free ports kept apart between runs (issue 22: the suite run twice at once): a port one run
reserved is never handed to another, nor twice to the same run."""

from __future__ import annotations

import subprocess
import sys

from vaza.bench import ports

HOLDER = """
import sys
from vaza.bench import ports
print(ports.free_port(), flush=True)
sys.stdin.read()
"""


def test_a_port_another_run_reserved_is_not_handed_out() -> None:
    other = subprocess.Popen(
        [sys.executable, "-c", HOLDER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert other.stdout is not None
        theirs = int(other.stdout.readline())
        assert not ports._reserve(theirs)  # the other run holds it
    finally:
        assert other.stdin is not None
        other.stdin.close()
        other.wait(10)
    assert ports._reserve(theirs)  # its lock went with it


def test_a_run_never_gets_one_port_twice() -> None:
    """The system may offer a port again once nothing listens on it (a server of this run
    stopped, to start again on it): it is not handed out a second time."""
    mine = ports.free_port()
    offers = iter([mine, mine])
    # Then the system's own choices: one chosen ahead may be a port this process or another
    # worker holds by the time it is offered (it failed so once in CI).
    assert ports.free_port(lambda: next(offers, None) or ports._unused()) != mine
