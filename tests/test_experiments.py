"""The experiments (`experiments/`, outside the package): each runs its smallest case, and
each uses Vaza only through its public names, never a private one nor a product function
replaced at run time (what an experiment needs of the product is a public parameter)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXPERIMENTS = ROOT / "experiments"
SCRIPTS = sorted(EXPERIMENTS.glob("*.py"))

SMALLEST = {
    "append_with_deal.py": [["3"]],
    "bidding_losses.py": [["2", "1", "{tmp}/dd.json"]],
    "boeren_misses.py": [["1", "1"]],
    "card_budget.py": [
        ["run", "1", "1", "2", ">{tmp}/a.json"],
        ["run", "1", "1", "3", ">{tmp}/b.json"],
        ["compare", "{tmp}/a.json", "{tmp}/b.json"],
    ],
    "card_options.py": [
        ["run", "1", "1", '{{"max_samples": 2, "min_samples": 2}}', ">{tmp}/a.json"],
        ["run", "1", "1", '{{"max_samples": 3, "min_samples": 3}}', ">{tmp}/b.json"],
        ["compare", "{tmp}/a.json", "{tmp}/b.json"],
    ],
    "cardplay_by_trick.py": [["1", "1", '{{"max_samples": 2, "min_samples": 2}}']],
    "common.py": [],
    "leads.py": [],
    "lead_layouts.py": [["collect", "2", "1", "2", "{tmp}/ll.json"], ["analyse", "{tmp}/ll.json"]],
    "transport_floor.py": [["1", "1", "0"]],
    "views_per_action.py": [["1"]],
}
"""Each script's smallest runs, in order (`>FILE` keeps what it prints for the next run);
common.py and leads.py are the others' shared code."""


def test_every_experiment_has_its_smallest_case_and_a_line_in_the_readme() -> None:
    assert sorted(SMALLEST) == [script.name for script in SCRIPTS]
    readme = (EXPERIMENTS / "README.md").read_text()
    for script in SCRIPTS:
        assert f"`{script.name}`" in readme, script.name


@pytest.mark.parametrize("name", [name for name, runs in SMALLEST.items() if runs])
def test_an_experiment_runs_its_smallest_case(name: str, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")]),
        "BUDGET": "200",
    }
    for run in SMALLEST[name]:
        words = [word.format(tmp=tmp_path) for word in run]
        out = Path(words.pop()[1:]) if words and words[-1].startswith(">") else None
        done = subprocess.run(
            [sys.executable, str(EXPERIMENTS / name), *words],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp_path,
            timeout=600,
            check=False,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        if out is not None:
            out.write_text(done.stdout)
    assert done.stdout.strip(), "the last run prints its figures"


def _private_uses(path: Path) -> list[str]:
    """Where a script reaches into Vaza: a private name imported or read (not one the script
    defines itself), or a name of an imported Vaza module or class assigned or set."""
    tree = ast.parse(path.read_text())
    own = {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    }
    imported: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("vaza"):
            for alias in node.names:
                imported.add(alias.asname or alias.name)
                if alias.name.startswith("_"):
                    found.append(f"{node.lineno}: imports {node.module}.{alias.name}")
        elif isinstance(node, ast.Import):
            imported.update(
                (alias.asname or alias.name).split(".")[0]
                for alias in node.names
                if alias.name.startswith("vaza")
            )
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
            and node.attr not in own
            and not (isinstance(node.value, ast.Name) and node.value.id in {"os", "sys"})
        ):
            found.append(f"{node.lineno}: reads {ast.unparse(node)}")
        targets = node.targets if isinstance(node, ast.Assign) else []
        for target in targets:
            if (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id in imported
            ):
                found.append(f"{node.lineno}: replaces {ast.unparse(target)}")
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "setattr":
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda path: path.name)
def test_an_experiment_uses_only_vaza_s_public_names(path: Path) -> None:
    assert _private_uses(path) == []


def test_the_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    script = tmp_path / "reaching.py"
    script.write_text(
        "from vaza.robots import boerenbridge_strong as strong\n"
        "from vaza.robots.cardplay.player import _Search\n"
        "strong.play_out = print\n"
        "class Mine(strong.BoerenbridgeStrongRobot):\n"
        "    def bid(self):\n"
        "        return super()._bid()\n"
        "setattr(strong, 'BUDGET', 1)\n"
    )
    assert sorted(use.split(": ")[1].split()[0] for use in _private_uses(script)) == [
        "imports",
        "reads",
        "replaces",
        "setattr(strong,",
    ]
