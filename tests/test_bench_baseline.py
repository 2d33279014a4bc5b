"""`vaza bench baseline`: the check of the pinned release (scripts/install-baseline.sh) against
the decisions recorded at the freeze.  The release itself is installed apart and checked by the
script, not here (it needs PyPI); here, that the check tells a robot that decides otherwise."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from vaza.bench import baseline
from vaza.cli import main

ROOT = Path(__file__).resolve().parent.parent
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


def test_the_release_patch_applies_to_the_frozen_commit(tmp_path: Path) -> None:
    """The install script's first half, without PyPI: the commit is in the history and the
    patch applies to it (the rest, installing and checking, is `make baseline`)."""
    script = (ROOT / "scripts" / "install-baseline.sh").read_text()
    commit = re.search(r"^COMMIT=([0-9a-f]{40})$", script, re.MULTILINE)
    assert commit is not None
    git = ["git", "-C", str(ROOT)]
    if subprocess.run([*git, "cat-file", "-e", f"{commit[1]}^{{commit}}"], check=False).returncode:
        pytest.skip("this checkout has no history (a shallow clone): the release cannot be made")
    archive = subprocess.run([*git, "archive", commit[1]], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(tmp_path)], input=archive.stdout, check=True)
    subprocess.run(["git", "-C", str(tmp_path), "init", "--quiet"], check=True)
    patch = ROOT / "scripts" / "baseline" / "release.patch"
    subprocess.run(["git", "-C", str(tmp_path), "apply", str(patch)], check=True)
    stdio = (tmp_path / "src" / "vaza" / "robots" / "stdio.py").read_text()
    assert "PROTOCOL_VERSION = 2" in stdio
