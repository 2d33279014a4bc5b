"""From a seat's view and imagined layouts to double-dummy values: the robot's side of DDS.

`vaza.analysis.positions` solves positions (it owns endplay and the solver lock); this module turns
what a robot knows — its view and the layouts it sampled — into those positions: the position
now, and the positions before recent cards, to ask whether the player of each would have
chosen it had the layout been the real one.  A layout in which the other players' recent
cards look like mistakes is less likely than one in which they were the natural choices: the
robot counts it for less (every robot here plays close to double dummy, and good players too).
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


def _has_choice(position: Position) -> bool:
    """Whether the seat to play had two cards that were not equals (no card of another hand,
    nor on the table, ranked between them): a forced card tells nothing."""
    legal = position.legal_cards()
    if len(legal) < 2:
        return False
    if legal[0].suit != legal[-1].suit:
        return True
    others = 0
    for seat, mask in enumerate(position.hands):
        if seat != position.to_play:
            others |= mask
    for card in position.trick:
        others |= card.mask
    between = ((1 << legal[-1].index) - 1) & ~((1 << (legal[0].index + 1)) - 1)
    return bool(between & others)


def recent_positions(
    view: TableView, layouts: Sequence[Layout], choices: Sequence[int]
) -> tuple[list[Position], list[tuple[int, int]]]:
    """The positions before each recent card (indexes `choices` in `view.played`) that was a
    real choice in each layout, with (layout number, card index) for each."""
    positions: list[Position] = []
    owners: list[tuple[int, int]] = []
    for number, layout in enumerate(layouts):
        for index in choices:
            position = position_before(view, layout, index)
            if _has_choice(position):
                positions.append(position)
                owners.append((number, index))
    return positions, owners


def likelihoods(
    view: TableView,
    owners: Sequence[tuple[int, int]],
    solved: Sequence[dict[Card, int]],
    layouts: int,
    mistake: float = UNLIKELY,
) -> list[float]:
    """For each of `layouts` layouts, `mistake` to the power of the recent cards that double
    dummy calls mistakes in it; `solved[k]` values the position before card `owners[k][1]` in
    layout `owners[k][0]` (see `recent_positions`)."""
    weights = [1.0] * layouts
    for (number, index), scores in zip(owners, solved, strict=True):
        if scores[view.played[index][1]] < max(scores.values()):
            weights[number] *= mistake
    return weights
