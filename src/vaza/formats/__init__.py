"""Deal record files: PBN 2.1 and BBO LIN, each with a `json`-like API (`loads`, `dumps`, ...).

`load_any` and `dump_any` pick the format from a path's extension and handle the bytes: PBN is
ISO-8859-1 by the standard, but many files in the wild are UTF-8, so reading tries UTF-8 first.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from vaza.core.errors import ParseError
from vaza.core.record import DealRecord
from vaza.formats import lin, pbn

__all__ = ["dump_any", "lin", "load_any", "pbn", "read_any"]

_Loads = Callable[[str], list[DealRecord]]
_Dumps = Callable[[Iterable[DealRecord]], str]
_FORMATS: dict[str, tuple[_Loads, _Dumps]] = {
    ".pbn": (pbn.loads, pbn.dumps),
    ".lin": (lin.loads, lin.dumps),
}


def _format(path: Path) -> tuple[_Loads, _Dumps]:
    found = _FORMATS.get(path.suffix.lower())
    if found is None:
        raise ParseError(f"cannot tell the format of {path.name}: use a .pbn or .lin file")
    return found


def _decode(data: bytes) -> str:
    """UTF-8 (with or without a BOM) when it decodes, else ISO-8859-1 as PBN prescribes."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def load_any(path: str | os.PathLike[str]) -> list[DealRecord]:
    """Read a ``.pbn`` or ``.lin`` file."""
    file = Path(path)
    loads, _ = _format(file)
    return loads(_decode(file.read_bytes()))


def read_any(path: str | os.PathLike[str]) -> pbn.Reading:
    """Read a ``.pbn`` file forgivingly (`pbn.read`: each game that breaks a rule is named and
    left out) or a ``.lin`` file (strictly, and without lines: a board may span several)."""
    file = Path(path)
    _format(file)
    text = _decode(file.read_bytes())
    if file.suffix.lower() == ".pbn":
        return pbn.read(text)
    records = tuple(lin.loads(text))
    return pbn.Reading(records, (), ())


def dump_any(records: Iterable[DealRecord], path: str | os.PathLike[str]) -> None:
    """Write a ``.pbn`` (ISO-8859-1 when every character fits, else UTF-8) or ``.lin`` (UTF-8)
    file, byte for byte, so PBN keeps its CRLF line ends on every platform."""
    file = Path(path)
    _, dumps = _format(file)
    text = dumps(records)
    if file.suffix.lower() == ".pbn":
        try:
            file.write_bytes(text.encode("latin-1"))
            return
        except UnicodeEncodeError:
            pass
    file.write_bytes(text.encode("utf-8"))
