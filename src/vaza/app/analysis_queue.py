"""The double-dummy analysis of each finished deal: solved off the event loop, in one spawned
worker process at low priority, kept with the deal and shown at the table (all hands are public
once a deal is over)."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor
from functools import partial

from vaza.analysis.worker import start_worker
from vaza.app.publisher import Publisher
from vaza.app.side_by_side import compared_systems
from vaza.app.table import TableState
from vaza.app.tasks import Tasks
from vaza.core.record import DealRecord
from vaza.json_types import JSON
from vaza.match.base import FinishedDeal
from vaza.protocol.bridge import analysis_json
from vaza.scoring.compare import PlayedDeal, System, compare_deal, rows_json
from vaza.store.port import Store

log = logging.getLogger("vaza.tables")

ANALYSIS_BACKLOG = 16
ANALYSIS_SHARE = 4
"""Deals of one person's tables that may wait for the solver at once."""


class AnalysisQueue:
    def __init__(self, store: Store, publisher: Publisher, tasks: Tasks) -> None:
        self._store = store
        self._publisher = publisher
        self._tasks = tasks
        self._pool: ProcessPoolExecutor | None = None
        self._waiting = 0
        self._by: dict[int | None, int] = {}
        """Deals waiting for the solver, by the person who opened their table."""

    def finished(self, state: TableState, deals: tuple[FinishedDeal, ...]) -> None:
        """Solve the deals a change finished (those with a record), each with the deal scored
        under the systems its game compares side by side."""
        for deal in deals:
            if deal.record is not None:
                systems = compared_systems(state.options.game, state.options.variant)
                work = self._analyse(state.id, deal.number, deal.record, state.owner, systems)
                self._tasks.spawn(work)

    async def _analyse(
        self,
        table_id: str,
        number: int,
        record: DealRecord,
        owner: int | None,
        systems: tuple[System, ...] = (),
    ) -> None:
        """At most `ANALYSIS_BACKLOG` deals wait for the solver, and at most `ANALYSIS_SHARE` of
        the tables one person opened: past that (robots racing through deals) a deal goes
        without, rather than the server falling ever further behind or one person's robot
        tables taking the solver from everyone else's."""
        mine = self._by.get(owner, 0)
        if self._waiting >= ANALYSIS_BACKLOG or mine >= ANALYSIS_SHARE:
            log.info("table %s: deal %d not analysed, the solver is busy", table_id, number)
            return
        self._waiting += 1
        self._by[owner] = mine + 1
        try:
            loop = asyncio.get_running_loop()
            data = await loop.run_in_executor(self._worker(), analyse_to_json, record, systems)
            await self._store.set_deal_analysis(table_id, number, data)
            message = {"type": "analysis", "table": table_id, "number": number, "analysis": data}
            await self._publisher.notice(table_id, message)
        except Exception:
            log.exception("table %s: analysis of deal %d failed", table_id, number)
        finally:
            self._waiting -= 1
            self._by[owner] -= 1

    def _worker(self) -> Executor:
        """One worker process at low priority: solving deals uses only the CPU that serving
        tables leaves over, and never holds the server's GIL."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=partial(start_worker, nice=10, parent=os.getpid()),
            )
        return self._pool

    async def close(self) -> None:
        if self._pool is not None:
            # Waited for (in a thread, off the event loop): a pool left to die with the process
            # leaks its semaphores, and the resource tracker says so at exit.
            await asyncio.to_thread(self._pool.shutdown, wait=True, cancel_futures=True)
            self._pool = None


def analyse_to_json(record: DealRecord, systems: tuple[System, ...] = ()) -> JSON:
    """Solve a finished deal double-dummy (in the analysis worker): its table and par, where
    the tricks went (each card's cost against double dummy), and the deal scored under each of
    `systems` side by side (`compare`; duplicate's IMPs are counted against the par)."""
    from vaza.analysis import analyse_board  # noqa: PLC0415 - in the worker only
    from vaza.analysis.play_cost import record_play_cost  # noqa: PLC0415

    analysis = analyse_board(record.board)
    data = analysis_json(analysis)
    if systems:
        rows = compare_deal(systems, PlayedDeal.from_record(record), analysis.par.score)
        data["compare"] = rows_json(rows)
    cost = record_play_cost(record)
    data["play_cost"] = None if cost is None else cost.as_dict()
    return data


__all__ = ["ANALYSIS_BACKLOG", "ANALYSIS_SHARE", "AnalysisQueue", "analyse_to_json"]
