"""From a seat's view and imagined layouts to double-dummy values: the robot's side of DDS.

`vaza.analysis.positions` solves positions (through `vaza.analysis.dds`, the one adapter of the
solver); this module turns what a robot knows — its view and the layouts it sampled — into
those positions: the position now, and the line of play from before the recent cards, to ask
whether the player of each would have chosen it had the layout been the real one.  A layout
in which the other players' recent cards look like mistakes is less likely than one in which
they were the natural choices: the robot counts it for less (every robot here plays close to
double dummy, and good players too).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Final

from vaza.core.cards import Card, Seat
from vaza.core.views import TableView

if TYPE_CHECKING:
    from vaza.analysis.positions import Position

Layout = tuple[int, int, int, int]
"""The remaining cards of each seat (N E S W) as masks."""

UNLIKELY: Final = 0.25
"""How much a layout counts for each recent card that would have been a double-dummy mistake
in it: players err, and they do not see the layout either, so not zero."""


def position_now(view: TableView, layout: Layout) -> Position:
    """The deal as it stands in `layout`: the trick on the table, its leader, the hands."""
    from vaza.analysis.positions import Position  # noqa: PLC0415 - DDS loads on first use

    contract = view.contract
    assert contract is not None and view.to_act is not None
    leader = view.current_trick[0][0] if view.current_trick else view.to_act
    trick = tuple(card for _, card in view.current_trick)
    return Position(layout, contract.trump, leader, trick)


def position_before(view: TableView, layout: Layout, index: int) -> Position:
    """The position in `layout` just before the card `view.played[index]` was played."""
    from vaza.analysis.positions import Position  # noqa: PLC0415

    contract = view.contract
    assert contract is not None
    hands = list(layout)
    for seat, card in view.played[index:]:
        hands[seat] |= card.mask
    start = index - index % 4
    trick = tuple(card for _, card in view.played[start:index])
    leader = view.played[start][0]
    return Position((hands[0], hands[1], hands[2], hands[3]), contract.trump, leader, trick)


def solve(positions: Sequence[Position]) -> list[dict[Card, int]]:
    """Every legal card of each position with its double-dummy value (see `vaza.analysis`)."""
    from vaza.analysis.positions import solve_positions  # noqa: PLC0415

    return solve_positions(positions)


def recent_choices(view: TableView, ours: Collection[Seat], depth: int) -> list[int]:
    """Indexes in `view.played` of the last `depth` cards chosen by others (not `ours`), the
    opening lead excepted (solving the whole deal for it costs more than it tells)."""
    first = max(1, len(view.played) - depth)
    return [i for i in range(first, len(view.played)) if view.played[i][0] not in ours]


def mistakes(view: TableView, layouts: Sequence[Layout], choices: Sequence[int]) -> list[int]:
    """For each layout, how many of the recent cards (indexes `choices` in `view.played`, in
    order) double dummy calls mistakes there: the play from the first of them to now is solved
    as one line from the start of its trick (`positions.line_values`), and a card is a mistake
    where the value after it is
    worse for its side than the value before.  The verdicts of solving every card of the
    position before each of them (a test compares), at a fraction of the cost: a forced card or
    one of equals is never a mistake."""
    from vaza.analysis.positions import line_values  # noqa: PLC0415 - DDS loads on first use

    if not choices or not layouts:
        return [0] * len(layouts)
    first = choices[0] - choices[0] % 4  # DDS analyses a line from the start of a trick
    starts = [position_before(view, layout, first) for layout in layouts]
    line = [card for _, card in view.played[first:]]
    counted = starts[0].leader.next(3).side
    """DDS counts the tricks of the side at the right of the first trick's leader."""
    found = [0] * len(layouts)
    for number, values in enumerate(line_values(starts, [line] * len(layouts))):
        for index in choices:
            step = index - first
            if step + 1 >= len(values):
                continue  # in the last trick, where every card is forced
            lost = values[step + 1] - values[step]
            side = view.played[index][0].side
            if (lost < 0) if side is counted else (lost > 0):
                found[number] += 1
    return found
