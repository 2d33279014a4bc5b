"""`vaza bench analyze`: double-dummy tables per second through Vaza, against endplay alone.

Vaza's path (`vaza.analysis.dds.dd_tables`) converts Vaza deals to DDS's bit masks, takes the
solver lock, calls endplay's `calc_all_tables` and turns its answer into `DDTable` values.  The
reference solves the same deals with `calc_all_tables` on endplay deals built beforehand, in
the same process with the same DDS threads.  The two take turns batch by batch (which goes first
alternates), so a machine that slows down during the run slows both alike; the difference is
what Vaza adds, given as a percentage of endplay's time.

On a busy machine the wall-clock difference is lost in the noise (a table takes a good part of
a second, Vaza's conversions microseconds), so the run gives two steadier figures as well: the
CPU time of each path, which waiting for a core does not change, and Vaza's own work, timed as
what its path spends outside the solver calls it makes.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from vaza.analysis import dds
from vaza.analysis.dds import BATCH
from vaza.analysis.results import AnalysisError, DDTable
from vaza.core.deal import Deal, make_rng

AUTO_THREADS = 0
"""DDS's own choice of threads: one per core, as far as memory allows."""


_SOLVER_CALL = "calc_all_tables"
"""The endplay function `vaza.analysis.dds` calls to solve a batch, wrapped while timing."""


@dataclass
class _Time:
    """Wall-clock and CPU seconds (the CPU of every thread of this process)."""

    wall: float = 0.0
    cpu: float = 0.0

    @contextmanager
    def counting(self) -> Iterator[None]:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.wall += time.perf_counter() - wall
            self.cpu += time.process_time() - cpu


@contextmanager
def _solver_timed(solver: _Time) -> Iterator[None]:
    """Count every `calc_all_tables` call Vaza's path makes into `solver`."""
    solve = getattr(dds, _SOLVER_CALL)

    def timed(deals: Sequence[Any]) -> Any:
        with solver.counting():
            return solve(deals)

    setattr(dds, _SOLVER_CALL, timed)
    try:
        yield
    finally:
        setattr(dds, _SOLVER_CALL, solve)


def _vaza_tables(deals: Sequence[Deal], vaza: _Time, solver: _Time) -> list[DDTable]:
    with _solver_timed(solver), vaza.counting():
        return dds.dd_tables(deals)


def _endplay_tables(
    solve: Callable[[int, int], list[tuple[int, ...]]], start: int, stop: int, endplay: _Time
) -> list[tuple[int, ...]]:
    with endplay.counting():
        return solve(start, stop)


def _percent(part: float, whole: float) -> float:
    return round(part / whole * 100, 4) if whole > 0 else 0.0


def run(
    deals: int,
    seed: int | str | None = None,
    threads: int = AUTO_THREADS,
    tick: Callable[[int], None] | None = None,
) -> dict[str, object]:
    """Solve `deals` random deals both ways; raise `AnalysisError` if the tables differ."""
    rng = make_rng(seed)
    vaza_deals = [Deal.random(rng) for _ in range(deals)]
    endplay_alone = dds.endplay_alone(vaza_deals)
    dds.set_threads(threads)
    vaza, endplay, solver = _Time(), _Time(), _Time()
    for batch, start in enumerate(range(0, deals, BATCH)):
        ours = vaza_deals[start : start + BATCH]
        stop = min(deals, start + BATCH)
        if batch % 2 == 0:
            tables = _vaza_tables(ours, vaza, solver)
            reference = _endplay_tables(endplay_alone, start, stop, endplay)
        else:
            reference = _endplay_tables(endplay_alone, start, stop, endplay)
            tables = _vaza_tables(ours, vaza, solver)
        for offset, (table, cells) in enumerate(zip(tables, reference, strict=True)):
            if table.cells != cells:
                raise AnalysisError(
                    f"deal {start + offset + 1}: Vaza's table {table} differs from endplay's "
                    f"{DDTable(cells)}"
                )
        if tick is not None:
            tick(len(ours))
    own = vaza.wall - solver.wall
    return {
        "benchmark": "analyze",
        "deals": deals,
        "dds_threads": threads if threads != AUTO_THREADS else "auto",
        "batch": BATCH,
        "vaza_seconds": round(vaza.wall, 4),
        "endplay_seconds": round(endplay.wall, 4),
        "vaza_tables_per_second": round(deals / vaza.wall, 2),
        "endplay_tables_per_second": round(deals / endplay.wall, 2),
        "overhead_percent": round(_percent(vaza.wall - endplay.wall, endplay.wall), 2),
        "vaza_cpu_seconds": round(vaza.cpu, 4),
        "endplay_cpu_seconds": round(endplay.cpu, 4),
        "overhead_cpu_percent": round(_percent(vaza.cpu - endplay.cpu, endplay.cpu), 2),
        "vaza_own_seconds": round(own, 6),
        "vaza_own_percent": _percent(own, solver.wall),
        "seed": seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
