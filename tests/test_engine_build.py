"""The compiled rules engine (`make compile`, mypyc) and its fallback to pure Python.

Without a C compiler the build step says so and changes nothing, and the pure package imports
silently; with a compiled build present, it plays exactly as the pure sources do, and no
compiled module is older than its source (a stale build would shadow a newer source).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import vaza.core
from vaza.bench import engine

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "src" / "vaza" / "core"

PLAY_DEALS = """
import json, sys
import vaza.core
from vaza.core import Board, ContractDeal, make_rng
rng = make_rng(7)
records = []
for number in range(1, 41):
    game = ContractDeal(Board.random(number, rng))
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    result = game.result
    records.append([str(call) for call in game.auction.calls]
                   + [str(card) for _, card in game.actions()[len(game.auction.calls):]]
                   + [str(result.contract), result.declarer_tricks])
print(json.dumps({"compiled": vaza.core.COMPILED, "records": records}))
"""


def pure_copy(target: Path) -> Path:
    """The repository's Makefile and Python sources, without any compiled module."""
    shutil.copy(ROOT / "Makefile", target / "Makefile")
    shutil.copytree(
        ROOT / "src", target / "src", ignore=shutil.ignore_patterns("*.so", "__pycache__", "build")
    )
    return target / "src"


def run_python(source: Path, code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        env={"PYTHONPATH": str(source), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )


def test_without_a_compiler_the_build_is_skipped_and_the_pure_core_imports(
    tmp_path: Path,
) -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    source = pure_copy(tmp_path)
    build = subprocess.run(
        [
            "make",
            "--no-print-directory",
            "compile",
            "CC=false",
            f"BIN={Path(sys.executable).parent}",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "no working C compiler" in build.stdout
    assert not list(source.rglob("*.so"))
    imported = run_python(source, "import vaza.core; print(vaza.core.COMPILED)")
    assert imported.stdout == "False\n"
    assert imported.stderr == ""


def test_the_compiled_engine_plays_as_the_pure_sources_do(tmp_path: Path) -> None:
    here = run_python(ROOT / "src", PLAY_DEALS)
    pure = run_python(pure_copy(tmp_path), PLAY_DEALS)
    assert json.loads(pure.stdout)["compiled"] is False
    assert json.loads(here.stdout)["records"] == json.loads(pure.stdout)["records"]
    assert here.stderr == ""


def test_no_compiled_module_is_older_than_its_source() -> None:
    stale = [
        str(built.relative_to(ROOT))
        for built in CORE.rglob("*.so")
        if built.stat().st_mtime < built.with_name(built.name.split(".")[0] + ".py").stat().st_mtime
    ]
    assert not stale, f"run `make compile` (or `make pure`): {stale} predate their sources"


def test_the_engine_benchmark_says_which_build_it_ran() -> None:
    assert vaza.core.COMPILED is any(CORE.glob("cards.*.so"))
    figures = engine.run(3, seed=1)
    assert figures["compiled"] is vaza.core.COMPILED
    assert isinstance(figures["actions"], int)
    assert figures["actions"] >= 3 * 4  # at least four passes a deal


def test_against_openspiel_reports_both_speeds_and_their_ratio() -> None:
    pytest.importorskip("pyspiel")
    figures = engine.against_openspiel(2, seed=1, rounds=1)
    vaza_speed, openspiel_speed = figures["vaza_rounds"], figures["openspiel_rounds"]
    assert isinstance(vaza_speed, list) and isinstance(openspiel_speed, list)
    assert figures["ratio"] == pytest.approx(vaza_speed[0] / openspiel_speed[0], rel=0.01)


def test_against_openspiel_without_it_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)
    with pytest.raises(engine.OpenSpielMissing, match=r"vaza\[openspiel\]"):
        engine.openspiel_bridge()


def test_the_engine_is_built_again_when_a_source_of_the_rules_changes(tmp_path: Path) -> None:
    """`make run`, `make test` and `make bench` rebuild the engine when any source of core/
    is newer than the last build (`make -q` answers whether a target is up to date)."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    source = pure_copy(tmp_path)
    venv = tmp_path / "venv"
    venv.mkdir()
    (tmp_path / "pyproject.toml").touch()
    (venv / ".installed-run").touch()  # installed after pyproject.toml was written
    stamp = source / ".engine-built"

    def up_to_date() -> bool:
        asked = ["make", "-q", "src/.engine-built", f"VENV={venv}"]
        return subprocess.run(asked, cwd=tmp_path, check=False, timeout=60).returncode == 0

    assert not up_to_date()  # never built
    stamp.touch()
    newest = max(path.stat().st_mtime for path in source.rglob("*.py"))
    os.utime(stamp, (newest + 10, newest + 10))
    for older in (tmp_path / "Makefile", tmp_path / "pyproject.toml"):
        os.utime(older, (newest, newest))
    assert up_to_date()
    for changed in ("vaza/core/play.py", "vaza/core/games/boerenbridge.py"):
        os.utime(source / changed, (newest + 20, newest + 20))
        assert not up_to_date(), f"a change to {changed} leaves the old build"
        os.utime(source / changed, (newest, newest))
    os.utime(source / "vaza/core/views/contract.py", (newest + 20, newest + 20))
    assert up_to_date()  # the views are not compiled


def test_a_build_older_than_its_sources_is_not_imported(tmp_path: Path) -> None:
    """A compiled module shadows its source: a build older than any source of the rules (one
    checked out or edited since `make` ran) is left aside, all of it, and the sources run."""
    if not vaza.core.COMPILED:
        pytest.skip("the engine is not compiled here")
    target = tmp_path / "src"
    shutil.copytree(ROOT / "src", target, ignore=shutil.ignore_patterns("__pycache__", "build"))
    check = "import vaza.core, vaza.core.play as p; print(vaza.core.COMPILED, p.__file__)"
    fresh = run_python(target, check)
    assert fresh.stdout.startswith("True ") and fresh.stdout.strip().endswith(".so")
    play = target / "vaza" / "core" / "play.py"
    later = max(built.stat().st_mtime for built in target.rglob("*.so")) + 10
    os.utime(play, (later, later))
    stale = run_python(target, check)
    assert stale.stdout == f"False {play}\n"
    assert "older than its sources (play." in stale.stderr


def test_every_error_of_the_rules_says_its_code() -> None:
    """The server answers a refused action with its error's `code`: compiled as pure, every
    error class and instance has its own (mypyc once left them out: a 500 for a 403)."""
    from vaza.core import errors

    kinds = [kind for kind in vars(errors).values() if isinstance(kind, type)]
    kinds = [kind for kind in kinds if issubclass(kind, errors.VazaError)]
    assert len(kinds) == 7
    codes = {kind.code for kind in kinds}
    assert len(codes) == len(kinds)
    for kind in kinds:
        assert kind("why").code == kind.code
