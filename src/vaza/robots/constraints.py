"""What a robot believes about a hidden hand: ranges of high-card points and suit lengths.

The bidding system reads an auction into constraints (`1♥` opened: 12–21 points, five or more
hearts); card play samples hidden hands that satisfy them, together with what the play has shown
(cards gone, suits a player showed out of).  A small immutable value, shared by both so neither
depends on the other.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.cards import Hand, Suit

_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


@dataclass(frozen=True, slots=True)
class HandConstraints:
    """Ranges a hand is known (or believed) to lie in; the defaults say nothing."""

    hcp: tuple[int, int] = (0, 37)
    """High-card points, inclusive."""
    lengths: tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]] = (
        (0, 13),
        (0, 13),
        (0, 13),
        (0, 13),
    )
    """Suit lengths by `Suit` (clubs, diamonds, hearts, spades), inclusive."""

    def length(self, suit: Suit) -> tuple[int, int]:
        return self.lengths[suit]

    # Built directly, not with `dataclasses.replace`: the bidding robots narrow constraints
    # tens of thousands of times a second.
    def with_hcp(self, low: int, high: int) -> HandConstraints:
        """Narrowed to `low`..`high` points (intersected with what is known)."""
        return HandConstraints((max(self.hcp[0], low), min(self.hcp[1], high)), self.lengths)

    def with_length(self, suit: Suit, low: int, high: int = 13) -> HandConstraints:
        lengths = list(self.lengths)
        old_low, old_high = lengths[suit]
        lengths[suit] = (max(old_low, low), min(old_high, high))
        return HandConstraints(self.hcp, tuple(lengths))  # type: ignore[arg-type]

    def merge(self, other: HandConstraints) -> HandConstraints:
        """Both at once: the intersection of the ranges."""
        merged = self.with_hcp(*other.hcp)
        for suit in _SUITS:
            merged = merged.with_length(suit, *other.lengths[suit])
        return merged

    @property
    def consistent(self) -> bool:
        """The ranges can all hold at once (a contradiction means the robot misread)."""
        if self.hcp[0] > self.hcp[1]:
            return False
        lows = highs = 0
        for low, high in self.lengths:
            if low > high:
                return False
            lows += low
            highs += high
        return lows <= 13 <= highs

    def admits(self, hand: Hand) -> bool:
        """Whether a full 13-card hand satisfies every range."""
        low, high = self.hcp
        if not low <= hand.hcp <= high:
            return False
        return all(
            self.lengths[suit][0] <= hand.length(suit) <= self.lengths[suit][1] for suit in _SUITS
        )


NOTHING_KNOWN = HandConstraints()
