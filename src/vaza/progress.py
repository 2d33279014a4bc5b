"""A progress bar on standard error for long commands; silent when stderr is not a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


@contextmanager
def progress_bar(description: str, total: int) -> Iterator[Callable[[int], None]]:
    """Yield `advance(n)`; the bar disappears when the work is done."""
    console = Console(stderr=True)
    if not console.is_terminal:
        yield lambda _: None
        return
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    with bar:
        task = bar.add_task(description, total=total)
        yield lambda n: bar.advance(task, n)
