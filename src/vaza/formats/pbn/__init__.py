"""PBN 2.1 (Portable Bridge Notation) import and export of deal records.

Reading accepts the standard's lenient *import* format (any tag order, comments, lower case, ``#``
inheritance, ``AP``, annotations), so hand-made files load, and `read` keeps what it can of a
game that breaks a rule; writing produces the strict *export* format, so any PBN program can read
what Vaza writes.  The API mirrors `json`.  One module a job: `syntax` (tokens, tag pairs,
inheritance), `values` (tags read as bridge), `play` (the Play section), `reader`, `writer`.
"""

from __future__ import annotations

from vaza.formats.pbn.reader import load, loads, read
from vaza.formats.pbn.syntax import MANDATORY_TAGS
from vaza.formats.pbn.writer import CONTENT_TYPE, HEADER, dump, dumps, dumps_one
from vaza.formats.reading import Problem, Reading

__all__ = [
    "CONTENT_TYPE",
    "HEADER",
    "MANDATORY_TAGS",
    "Problem",
    "Reading",
    "dump",
    "dumps",
    "dumps_one",
    "load",
    "loads",
    "read",
]
