"""DDS's one lock serves people's tables first (issue 21): a robot at a table where a person
plays waits for at most one solver call of the robot-only tables, never for their queue."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable

from vaza.analysis.dds import SolverLock, is_background, solve_after_people
from vaza.analysis.positions import Position, solve_positions
from vaza.core.cards import Card, Seat, Suit


def _until(condition: Callable[[], bool]) -> None:
    """Wait for another thread to reach a state (no time is asserted: only that it gets there)."""
    reached = threading.Event()
    for _ in range(6000):
        if condition():
            return
        reached.wait(0.005)
    raise AssertionError("the other thread never got there")


def _in_thread(work: Callable[[], None], background: bool) -> threading.Thread:
    def run() -> None:
        if background:
            solve_after_people()
        work()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_a_person_s_solver_call_goes_before_the_background_s_that_came_first() -> None:
    lock = SolverLock()
    order: list[str] = []
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with lock:
            holding.set()
            release.wait()

    def take(name: str) -> Callable[[], None]:
        def work() -> None:
            with lock:
                order.append(name)

        return work

    holder = _in_thread(hold, background=True)
    holding.wait()
    queued = _in_thread(take("background"), background=True)
    _until(lambda: lock.background_waiting == 1)
    person = _in_thread(take("person"), background=False)
    _until(lambda: lock.people_waiting == 1)
    release.set()
    for thread in (holder, queued, person):
        thread.join()
    assert order == ["person", "background"]


def test_the_background_goes_on_when_no_person_waits() -> None:
    lock = SolverLock()
    order: list[str] = []

    def work() -> None:
        with lock:
            order.append("background")

    _in_thread(work, background=True).join()
    _in_thread(work, background=True).join()
    assert order == ["background", "background"]
    assert lock.people_waiting == lock.background_waiting == 0


def _random_positions(count: int, seed: int) -> list[Position]:
    """Ends of deals (four cards each), every seat's cards drawn at random."""
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        cards = rng.sample(range(52), 16)
        hands = tuple(sum(1 << c for c in cards[s * 4 : s * 4 + 4]) for s in range(4))
        trump = rng.choice([None, *Suit])
        positions.append(Position(hands, trump, Seat(rng.randrange(4))))  # type: ignore[arg-type]
    return positions


def test_a_background_thread_solves_the_same_values_in_small_calls() -> None:
    positions = _random_positions(9, seed=3)
    foreground = solve_positions(positions)
    found: list[list[dict[Card, int]]] = []
    marked: list[bool] = []

    def work() -> None:
        marked.append(is_background())
        found.append(solve_positions(positions))

    _in_thread(work, background=True).join()
    assert marked == [True] and not is_background()
    assert found == [foreground]
