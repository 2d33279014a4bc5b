"""Deal record files: PBN 2.1 and BBO LIN, each with a `json`-like API (`loads`, `dumps`, ...).

`load_any`, `read_any` and `dump_any` take a path and handle the bytes.  The format comes from
the extension (``.pbn``, ``.lin``) or, for any other name and for standard input (``-``), from
the content: a PBN game starts with a ``[Tag "value"]``, a LIN board with ``key|value|``.
Reading tries UTF-8 first (most files in the wild are), then ISO-8859-1 (PBN 2.1's own);
Vaza writes UTF-8 and says so in the file (see `pbn.writer`).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Final

from vaza.core.errors import ParseError
from vaza.core.record import DealRecord
from vaza.formats import lin, pbn
from vaza.formats.reading import Problem, Reading

__all__ = [
    "STDIN",
    "Problem",
    "Reading",
    "dump_any",
    "file_name",
    "lin",
    "load_any",
    "pbn",
    "read_any",
    "read_text",
]

STDIN: Final = "-"
"""The path that names standard input."""

_Loads = Callable[[str], list[DealRecord]]
_Dumps = Callable[[Iterable[DealRecord]], str]
_LOADS: Final[dict[str, _Loads]] = {"pbn": pbn.loads, "lin": lin.loads}
_READS: Final[dict[str, Callable[[str], Reading]]] = {"pbn": pbn.read, "lin": lin.read}
_DUMPS: Final[dict[str, _Dumps]] = {"pbn": pbn.dumps, "lin": lin.dumps}
_LIN_PAIR: Final = re.compile(r"[A-Za-z]{2}\|")


def file_name(path: str | os.PathLike[str]) -> str:
    """How a message names a file: its path, or "standard input"."""
    return "standard input" if str(path) == STDIN else str(path)


def _sniff(text: str) -> str | None:
    """ "pbn" or "lin" from the first thing in the text that is not a comment, else None."""
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip()
        if not line or line.startswith((";", "{")):
            continue
        if line.startswith("%"):
            if line.upper().startswith("% PBN") or line.upper().startswith("%PBN"):
                return "pbn"
            continue
        if line.startswith("["):
            return "pbn"
        if _LIN_PAIR.match(line):
            return "lin"
        return None
    return None


def _kind(path: str | os.PathLike[str], text: str | None) -> str:
    """The format of a file: from its extension, else from its content."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix in _LOADS:
        return suffix
    found = None if text is None else _sniff(text)
    if found is None:
        raise ParseError(
            'cannot tell its format: it holds neither PBN ([Tag "value"]) nor LIN (key|value|)'
        )
    return found


def _decode(data: bytes) -> str:
    """UTF-8 (with or without a BOM) when it decodes, else ISO-8859-1 as PBN prescribes."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _text(path: str | os.PathLike[str]) -> str:
    if str(path) == STDIN:
        return _decode(sys.stdin.buffer.read())
    return _decode(Path(path).read_bytes())


def load_any(path: str | os.PathLike[str]) -> list[DealRecord]:
    """Read a PBN or LIN file (or standard input, ``-``) strictly: the first game that breaks a
    rule raises `ParseError`."""
    text = _text(path)
    return _LOADS[_kind(path, text)](text)


def read_text(text: str, name: str = "") -> Reading:
    """Read PBN or LIN text forgivingly (`pbn.read`, `lin.read`); `name` may give the format
    by its extension."""
    return _READS[_kind(name, text)](text)


def read_any(path: str | os.PathLike[str]) -> Reading:
    """Read a PBN or LIN file (or standard input, ``-``) forgivingly: each game that breaks a
    rule is named and left out, or kept without its play when only its play does."""
    return read_text(_text(path), str(path))


def dump_any(records: Iterable[DealRecord], path: str | os.PathLike[str]) -> None:
    """Write a ``.pbn`` or ``.lin`` file in UTF-8, byte for byte, so PBN keeps its CRLF line
    ends on every platform (its header declares the character set)."""
    file = Path(path)
    kind = file.suffix.lower().lstrip(".")
    if kind not in _DUMPS:
        raise ParseError(f"cannot tell which format to write {file.name} in: name it .pbn or .lin")
    file.write_bytes(_DUMPS[kind](records).encode("utf-8"))
