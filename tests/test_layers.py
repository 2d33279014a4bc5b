"""The layers as docs/architecture.md draws them: every import of every module of `vaza` (lazy
ones in functions included) points down the drawing, never up nor sideways."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "vaza"
DRAWING = ROOT / "docs" / "architecture.md"
PART = re.compile(r"^([a-z0-9_]+)(/|\.py)$")


def drawn_layers() -> list[set[str]]:
    """The drawing's rows, top first: the packages (`app/`) and modules (`text.py`) of each."""
    text = DRAWING.read_text()
    block = text.split("<!-- layers -->", 1)[1].split("```", 2)[1]
    rows: list[set[str]] = []
    for line in block.splitlines()[1:]:
        names = set()
        for word in re.split(r"\s{2,}", line.strip())[0].split():
            match = PART.match(word.rstrip(","))
            if match:
                names.add(match.group(1))
        if names:
            rows.append(names)
    return rows


def part_of(path: Path) -> str:
    """The package (or single module) of `vaza` a file belongs to."""
    relative = path.relative_to(SOURCE)
    if len(relative.parts) == 1:
        return "vaza" if relative.name == "__init__.py" else relative.stem
    return relative.parts[0]


def imports(path: Path) -> set[str]:
    """The parts of `vaza` a file imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "vaza":
                found.add(parts[1] if len(parts) > 1 else "vaza")
    return found


def test_every_import_points_down_the_drawing() -> None:
    rows = drawn_layers()
    level = {name: depth for depth, row in enumerate(rows) for name in row}
    level["vaza"] = len(rows)  # the package itself (its version) is below everything
    files = list(SOURCE.rglob("*.py"))
    undrawn = {part_of(path) for path in files} - set(level)
    assert not undrawn, f"docs/architecture.md does not draw {sorted(undrawn)}"
    wrong = []
    for path in files:
        here = part_of(path)
        for there in imports(path) - {here}:
            if level[there] <= level[here]:
                wrong.append(f"{path.relative_to(SOURCE)} imports {there} (not below {here})")
    assert not wrong, "imports against the drawn layers:\n" + "\n".join(sorted(wrong))


def test_the_drawing_has_no_empty_or_repeated_part() -> None:
    rows = drawn_layers()
    names = [name for row in rows for name in row]
    assert len(names) == len(set(names))
    drawn = set(names)
    for name in drawn:
        assert (SOURCE / name).is_dir() or (SOURCE / f"{name}.py").exists(), name
