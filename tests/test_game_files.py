"""The files each game is spread over, as docs/architecture.md lists them.

A file belongs to a game when its path names the game's module (`boerenbridge.py`,
`boerenbridge_rules.py`, `table/boerenbridge.js`), when it imports a module of `vaza` so named,
or (static files) when it names the game's registry key as a key or a string.  The registry
(`vaza.games.GAMES`) says which games there are; the doc lists each one's files and their count,
and this test finds them in the code, so the count the doc states stays the true one.  Contract
bridge is the base the others build on (its auction, play and scoring are the bridge family's):
its list is the files named for it, not everything that imports them.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from vaza.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "vaza"
DOC = ROOT / "docs" / "architecture.md"
BASE = "contract"


def module_of(name: str) -> str:
    """The module name a registry key goes by in the code (`bridge-whist` → `bridge_whist`)."""
    return name.replace("-", "_")


def named(relative: str, module: str) -> bool:
    return re.search(rf"(^|/){module}(_\w+)?(\.\w+$|/)", relative) is not None


def imported(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def files_of(key: str) -> set[str]:
    """The files under src/vaza that belong to the game called `key`."""
    module = module_of(key)
    found = set()
    for path in SOURCE.rglob("*"):
        relative = path.relative_to(SOURCE).as_posix()
        if not path.is_file() or "__pycache__" in relative:
            continue
        if named(relative, module):
            found.add(relative)
        elif key == BASE:
            continue
        elif path.suffix == ".py":
            modules = imported(path)
            if any(
                m.startswith("vaza.") and named(m.replace(".", "/") + ".py", module)
                for m in modules
            ):
                found.add(relative)
        elif path.suffix in (".js", ".css", ".html"):
            text = path.read_text()
            if re.search(rf"""["']{re.escape(key)}["']|^\s*{re.escape(key)}:""", text, re.M):
                found.add(relative)
    return found


def listed() -> dict[str, tuple[int, set[str]]]:
    """The doc's lists: for each game its stated count and its files."""
    block = DOC.read_text().split("<!-- game-files -->", 1)[1].split("```", 2)[1]
    games: dict[str, tuple[int, set[str]]] = {}
    current = ""
    for line in block.splitlines()[1:]:
        if not line.strip():
            continue
        if not line.startswith(" "):
            match = re.fullmatch(r"(\S+) \((\d+) files?\)", line.strip())
            assert match, f"a game's line reads `name (N files)`: {line!r}"
            current = match.group(1)
            games[current] = (int(match.group(2)), set())
        else:
            games[current][1].update(re.findall(r"\S+\.(?:py|js|css|html)\b", line))
    return games


def test_every_game_of_the_registry_is_listed() -> None:
    assert sorted(listed()) == sorted(spec.name for spec in GAMES)


def test_the_doc_lists_the_files_each_game_is_in() -> None:
    for key, (count, files) in listed().items():
        found = files_of(key)
        assert files == found, (
            f"docs/architecture.md lists for {key}: missing {sorted(found - files)}, "
            f"not in the code {sorted(files - found)}"
        )
        assert count == len(files), f"{key}: the doc says {count} files and lists {len(files)}"
