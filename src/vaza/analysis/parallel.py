"""Analyse a file's deals on every core: the table, par and per-card costs of each deal.

DDS keeps its working memory in global state, so one process runs one solve at a time.  Its own
threads share a batch of tables between the cores, but a play analysis, par and Vaza's own work
run on one core.  Worker processes share nothing, so each core does all of it for its deals.

A worker solves with one DDS thread.  With DDS's threads in every worker, two workers on two
cores run four solver threads for two cores: no core is left to gain, and the same deals cost
more CPU (about 5 % more in our runs; see docs/benchmarks.md).

A worker is not free: spawning one and loading the solver in it costs about 0.7 s of CPU, and
the in-process path already keeps both cores busy while it solves tables, so the workers gain
only the part that runs on one core.  `useful_workers` starts them for files long enough to
repay that; `analyse_deals` takes any number the caller asks for.

Workers are started with the *spawn* method: a forked child would inherit the parent's DDS
state and locks as they are at that moment (a server may be solving in another thread), while
a spawned worker starts clean.  Deals go out in small chunks, so the work stays balanced and
the caller's progress bar moves as each chunk comes back.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from typing import Final

from vaza.analysis.play_cost import PlayCost, play_cost
from vaza.analysis.results import AnalysisError, BoardAnalysis
from vaza.analysis.worker import start_worker
from vaza.core.calls import Contract
from vaza.core.cards import Card
from vaza.core.deal import Board
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.record import DealRecord

CHUNK: Final = 8
"""Most deals a worker takes at a time (a deal takes a fifth of a second or more to solve, so
the pipes stay quiet), and the deals between two moves of the progress bar."""

SHARES: Final = 4
"""Fewest chunks per worker, so that the chunks share out evenly between the workers."""

PAYS_OFF: Final = 24
"""Deals each worker must get for the workers to be worth starting.  A worker costs about 0.7 s
of CPU to start; against one process whose DDS threads already solve tables on both cores, two
workers save about 0.015 s per deal (half the play analysis and par, which that process runs on
one core), so they break even near 48 deals; a shorter file is done sooner without them."""


@dataclass(frozen=True, slots=True)
class DealTask:
    """What a worker needs to analyse one deal: the board and, when it was played, the
    contract and the cards in order."""

    board: Board
    contract: Contract | None = None
    play: tuple[Card, ...] = ()

    @classmethod
    def from_record(cls, record: DealRecord) -> DealTask:
        return cls(record.board, record.contract, record.play)


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """One deal's double-dummy table and par, and its play against double dummy."""

    analysis: BoardAnalysis
    play_cost: PlayCost | None
    """None when the deal has no contract and play, or the play breaks a rule."""
    play_error: str | None = None
    """Why the play was not analysed, when it breaks a rule (a revoke, a card not held)."""


def cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def useful_workers(deals: int, available: int | None = None) -> int:
    """As many workers as cores, but none that would get fewer than `PAYS_OFF` deals."""
    return max(1, min(cores() if available is None else available, deals // PAYS_OFF))


def analyse_chunk(tasks: Sequence[DealTask]) -> list[DealAnalysis]:
    """Tables, par and play costs of a few deals, in this process."""
    from vaza.analysis.dds import analyse_boards  # noqa: PLC0415 - endplay loads on first use

    analyses = analyse_boards([task.board for task in tasks])
    return [_with_play(task, analysis) for task, analysis in zip(tasks, analyses, strict=True)]


def _with_play(task: DealTask, analysis: BoardAnalysis) -> DealAnalysis:
    contract = task.contract
    if contract is None or not task.play:
        return DealAnalysis(analysis, None)
    try:
        cost = play_cost(task.board.deal, task.play, contract.declarer, contract.strain)
    except (IllegalAction, ParseError, AnalysisError) as error:
        # One deal's play should not stop the analysis of a file: say why and go on.
        return DealAnalysis(analysis, None, str(error))
    return DealAnalysis(analysis, cost)


def _chunks(tasks: Sequence[DealTask], workers: int) -> Iterator[Sequence[DealTask]]:
    """Chunks of at most `CHUNK` deals, and at least `SHARES` for each worker: a worker that
    finishes early takes the next chunk, so no worker waits long for the last one."""
    size = CHUNK if workers == 1 else max(1, min(CHUNK, len(tasks) // (SHARES * workers)))
    for start in range(0, len(tasks), size):
        yield tasks[start : start + size]


def analyse_deals(
    tasks: Sequence[DealTask],
    workers: int = 1,
    advance: Callable[[int], None] | None = None,
) -> list[DealAnalysis]:
    """Analyse every deal, in order, on `workers` processes (1: in this process, with DDS's
    own threads for the tables).

    `advance(n)` is called as each chunk of n deals is done (for a progress bar).  A solver
    error in a worker is raised here.
    """
    workers = max(1, min(workers, len(tasks)))
    chunks = list(_chunks(tasks, workers))
    if workers <= 1:
        results: list[DealAnalysis] = []
        for chunk in chunks:
            results += analyse_chunk(chunk)
            if advance is not None:
                advance(len(chunk))
        return results
    done: list[list[DealAnalysis] | None] = [None] * len(chunks)
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=partial(start_worker, parent=os.getpid()),
    )
    try:
        pending: dict[Future[list[DealAnalysis]], int] = {
            pool.submit(analyse_chunk, chunk): index for index, chunk in enumerate(chunks)
        }
        for future in as_completed(pending):
            index = pending[future]
            done[index] = future.result()
            if advance is not None:
                advance(len(chunks[index]))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
    return [analysis for chunk in done if chunk is not None for analysis in chunk]
