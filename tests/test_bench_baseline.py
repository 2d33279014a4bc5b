"""`vaza bench baseline`: the check of the pinned release (scripts/install-baseline.sh) against
the decisions recorded at the freeze.  The release itself is installed apart and checked by the
script, not here (it needs PyPI); here, that the check tells a robot that decides otherwise."""

from __future__ import annotations

import json
import sys

import pytest

from vaza.bench import baseline
from vaza.cli import main

SIMPLE_PROGRAM = [sys.executable, "-m", "vaza.commands.robot", "--stdio", "--level", "simple"]


def test_the_recording_covers_every_kind_of_situation() -> None:
    assert {kind: len(made) for kind, made in baseline.RECORDED.items()} == {
        "auctions": len(baseline.AUCTION_BOARDS),
        "deals": len(baseline.DEAL_BOARDS),
        "rounds": len(baseline.ROUNDS),
    }
    assert baseline.situations() == 120 + 4 + 11


def test_a_robot_that_decides_otherwise_is_told_apart(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The simple robot is not the frozen one: the check finds where it first differs in
    every kind of situation, and the command fails."""
    assert main(["bench", "baseline", "--robot", " ".join(SIMPLE_PROGRAM)]) == 1
    out, err = capsys.readouterr()
    figures = json.loads(out)
    assert figures["same"] is False
    for kind in ("auctions", "deals", "rounds"):
        assert figures[kind]["situations_differing"] > 0
        first = figures[kind]["differences"][0]
        assert first["recorded"] != first["made"]
    assert "did not make the recorded decisions" in err
