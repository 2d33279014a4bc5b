"""Ranking with ties, for results pages: equal values share a place, the next place is skipped.

Results pages write a shared place with "=" (1=, 1=, 3): two pairs on the same percentage are
equal first and the next pair is third, not second.  Values are compared exactly (the scores are
fractions), so two pairs tie only when their totals really are equal, not when they round alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Placed(Generic[T]):
    """One entry of a ranking: where it stands and whether it shares that place."""

    position: int
    """1 for the best; entries with equal values share the best position among them."""
    tied: bool
    """Whether another entry has the same value."""
    entry: T
    value: Fraction

    @property
    def label(self) -> str:
        """The place as a results page prints it: "3", or "1=" when shared."""
        return f"{self.position}=" if self.tied else str(self.position)


def rank(
    entries: Iterable[T],
    key: Callable[[T], Fraction | int],
    *,
    descending: bool = True,
) -> tuple[Placed[T], ...]:
    """Order `entries` by `key` (highest first unless `descending` is False), ties sharing.

    Entries with equal values keep the order they came in, so a caller that wants a stable
    presentation (by pair number, say) sorts by that first.
    """
    valued = [(Fraction(key(entry)), entry) for entry in entries]
    valued.sort(key=lambda item: item[0], reverse=descending)
    counts: dict[Fraction, int] = {}
    for value, _ in valued:
        counts[value] = counts.get(value, 0) + 1
    placed: list[Placed[T]] = []
    for index, (value, entry) in enumerate(valued):
        shares_place = index > 0 and valued[index - 1][0] == value
        position = placed[-1].position if shares_place else index + 1
        placed.append(Placed(position, counts[value] > 1, entry, value))
    return tuple(placed)


__all__ = ["Placed", "rank"]
