"""Double-dummy values of every card in a position.

A robot that samples the hidden hands asks, for each sampled layout, how many tricks each legal
card is worth with perfect play from there on; the tables of `vaza.analysis.dds` only answer
that for the start of a deal.  A `Position` is a deal in progress: the cards each seat still
holds, the trick on the table and who led it.  The solving is `vaza.analysis.dds`'s (the one
module that knows endplay and DDS): many positions go to DDS in one call, which spreads them
over DDS's threads.  This module loads no solver until a position is solved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from vaza.analysis.results import AnalysisError
from vaza.core.cards import SEATS, SUIT_MASK, Card, Seat, Suit
from vaza.core.play import cards_in, winning_position

SOLVE_BATCH: Final = 200
"""Positions DDS solves in one call at most (its `MAXNOOFBOARDS`)."""


@dataclass(frozen=True, slots=True)
class Position:
    """A contract bridge deal in progress, every hand open: what double dummy solves.

    The cards of the trick in progress are no longer in the hands; the seats still to play to
    it hold one card more than those that have played.
    """

    hands: tuple[int, int, int, int]
    """The cards each seat still holds, as hand masks, by seat (N E S W)."""
    trump: Suit | None
    leader: Seat
    """The seat that led (or is to lead) the trick in progress."""
    trick: tuple[Card, ...] = ()
    """Cards played to the trick in progress, from the leader, at most three."""

    @property
    def to_play(self) -> Seat:
        return self.leader.next(len(self.trick))

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the one in progress included."""
        return self.hands[self.to_play].bit_count()

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to play may play, clubs two first."""
        hand = self.hands[self.to_play]
        if self.trick:
            led = self.trick[0].suit
            follow = hand & (SUIT_MASK << 13 * led)
            if follow:
                return cards_in(follow)
        return cards_in(hand)

    def after(self, card: Card) -> tuple[Position, Seat | None]:
        """The position once the seat to play plays `card` (assumed legal), and the trick's
        winner when this card completes it."""
        seat = self.to_play
        hands = list(self.hands)
        hands[seat] &= ~card.mask
        trick = (*self.trick, card)
        if len(trick) < len(SEATS):
            return Position(tuple(hands), self.trump, self.leader, trick), None  # type: ignore[arg-type]
        winner = self.leader.next(winning_position(trick, self.trump))
        return Position(tuple(hands), self.trump, winner), winner  # type: ignore[arg-type]


def check_position(position: Position) -> None:
    """DDS answers a malformed position with a bare error code; say what is wrong instead."""
    if len(position.trick) > 3:
        raise AnalysisError("a trick in progress holds at most three cards")
    seen = 0
    for mask in position.hands:
        if seen & mask:
            raise AnalysisError("a card is in two hands of the position")
        seen |= mask
    for card in position.trick:
        if seen & card.mask:
            raise AnalysisError(f"{card} is both on the table and in a hand")
        seen |= card.mask
    left = position.tricks_left
    for offset in range(4):
        seat = position.leader.next(offset)
        expected = left - 1 if offset < len(position.trick) else left
        if position.hands[seat].bit_count() != expected:
            raise AnalysisError(
                f"{seat.name.title()} should hold {expected} cards in this position"
            )
    if left == 0:
        raise AnalysisError("no trick is left to play")


def solve_positions(positions: Sequence[Position]) -> list[dict[Card, int]]:
    """For each position, every legal card of the seat to play with the tricks its side takes
    from the trick in progress on (that trick included), all four hands open."""
    from vaza.analysis.dds import card_values  # noqa: PLC0415 - DDS loads on first use

    return card_values(positions)


def best_tricks(positions: Sequence[Position]) -> list[int]:
    """For each position, the tricks the side to play takes with its best card, all four hands
    open: what a contract is worth, at about half the cost of scoring every card."""
    from vaza.analysis.dds import best_values  # noqa: PLC0415

    return best_values(positions)


def line_values(starts: Sequence[Position], lines: Sequence[Sequence[Card]]) -> list[list[int]]:
    """For each position at the start of a trick and the cards then played from it, the
    double-dummy tricks from the position on of the side at its leader's right, before the first
    card and after each (a line reaching the last trick stops before it): a card lost its side
    a trick where the value moved against that side.  One search shared along each line, where
    solving the position before each card costs a search of every card there."""
    from vaza.analysis.dds import line_values as solved  # noqa: PLC0415

    return solved(starts, lines)


def solve_position(position: Position) -> dict[Card, int]:
    """Every legal card of one position with its double-dummy value (see `solve_positions`)."""
    return solve_positions([position])[0]


__all__ = [
    "SOLVE_BATCH",
    "Position",
    "best_tricks",
    "check_position",
    "line_values",
    "solve_position",
    "solve_positions",
]
