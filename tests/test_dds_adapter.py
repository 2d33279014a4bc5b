"""One double-dummy adapter: `vaza.analysis.dds` is the only module that imports endplay (its
types, its functions, DDS under it), and no module reaches into its private names (the solver
lock) to call DDS itself (docs/architecture.md, "Analysis")."""

from __future__ import annotations

import ast
from pathlib import Path

SOURCES = Path(__file__).resolve().parent.parent / "src" / "vaza"


def imports(path: Path) -> list[tuple[str, tuple[str, ...]]]:
    """Every import of a module (lazy ones inside functions too): (module, names)."""
    found: list[tuple[str, tuple[str, ...]]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, ()) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.append((node.module, tuple(alias.name for alias in node.names)))
    return found


def test_only_the_adapter_imports_endplay() -> None:
    importers = {
        str(path.relative_to(SOURCES))
        for path in SOURCES.rglob("*.py")
        if any(module.split(".")[0] == "endplay" for module, _ in imports(path))
    }
    assert importers == {"analysis/dds.py"}


def test_no_module_takes_a_private_name_of_the_adapter() -> None:
    """The solver lock and DDS's structures stay inside: others call its functions."""
    private = [
        f"{path.relative_to(SOURCES)}: {name}"
        for path in SOURCES.rglob("*.py")
        for module, names in imports(path)
        if module == "vaza.analysis.dds"
        for name in names
        if name.startswith("_")
    ]
    assert not private
