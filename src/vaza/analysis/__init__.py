"""Double-dummy analysis: the table of tricks and par, solved by DDS through endplay.

Vaza values in and out; endplay's types never leave `vaza.analysis.dds`.  Loading endplay takes
about a second (its package imports matplotlib), so the solver functions are loaded on first
use: the value types (`DDTable`, `Par`, ...) come without that cost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vaza.analysis.results import (
    STRAINS,
    AnalysisError,
    BoardAnalysis,
    DDTable,
    Par,
    ns_score,
)

if TYPE_CHECKING:
    from vaza.analysis.dds import (
        BATCH,
        analyse_board,
        analyse_boards,
        dd_table,
        dd_tables,
        par,
    )

_SOLVER_NAMES = frozenset(
    ("BATCH", "analyse_board", "analyse_boards", "dd_table", "dd_tables", "par")
)


def __getattr__(name: str) -> object:
    if name in _SOLVER_NAMES:
        from vaza.analysis import dds  # noqa: PLC0415 - endplay loads on first use

        return getattr(dds, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "BATCH",
    "STRAINS",
    "AnalysisError",
    "BoardAnalysis",
    "DDTable",
    "Par",
    "analyse_board",
    "analyse_boards",
    "dd_table",
    "dd_tables",
    "ns_score",
    "par",
]
