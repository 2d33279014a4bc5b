"""Deals (the four hands) and boards (a deal with its number, dealer and vulnerability)."""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterator
from typing import Final

from vaza.core.cards import (
    FULL_MASK,
    SEATS,
    Hand,
    Seat,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    card_count,
)
from vaza.core.errors import ParseError

_INDEXES: Final = tuple(range(52))


def make_rng(seed: int | str | None = None) -> random.Random:
    """A secure random source, or a reproducible one when a seed is given (tests, benchmarks)."""
    if seed is None:
        return secrets.SystemRandom()
    return random.Random(seed)


class Deal:
    """The four hands of a deal, by seat (North, East, South, West).

    A complete deal has 13 distinct cards in each hand.  Partial deals (unknown or missing
    cards, as PBN allows with ``-``) are allowed for records; games require complete ones.

    Immutable by convention.  Written out, not a frozen dataclass: a frozen dataclass's
    `__init__` is Python even in a compiled build, and every deal makes one.
    """

    __slots__ = ("hands",)

    def __init__(self, hands: tuple[Hand, Hand, Hand, Hand]) -> None:
        seen = 0
        for hand in hands:
            if seen & hand.mask:
                raise ParseError("a card appears in two hands")
            seen |= hand.mask
        self.hands = hands

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self.hands == other.hands

    def __hash__(self) -> int:
        return hash(self.hands)

    def __repr__(self) -> str:
        return f"Deal(hands={self.hands!r})"

    def __reduce__(self) -> tuple[type[Deal], tuple[tuple[Hand, Hand, Hand, Hand]]]:
        return (Deal, (self.hands,))

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def __iter__(self) -> Iterator[Hand]:
        """The hands, North first.  Said outright: Python would iterate through `__getitem__`,
        but a compiled class (mypyc) offers no such fallback."""
        return iter(self.hands)

    @property
    def is_complete(self) -> bool:
        return all(card_count(hand.mask) == 13 for hand in self.hands)

    def require_complete(self) -> Deal:
        if not self.is_complete:
            sizes = ", ".join(f"{seat.letter} {len(self.hands[seat])}" for seat in SEATS)
            raise ParseError(f"a deal needs 13 cards in each hand ({sizes})")
        return self

    @classmethod
    def random(cls, rng: random.Random | None = None) -> Deal:
        """Shuffle and deal 13 cards to each seat.  Without `rng`, from a secure source."""
        order = list(_INDEXES)
        (rng or secrets.SystemRandom()).shuffle(order)
        north = east = south = west = 0  # round the table from North, a card at a time
        for position in range(0, 52, 4):
            north |= 1 << order[position]
            east |= 1 << order[position + 1]
            south |= 1 << order[position + 2]
            west |= 1 << order[position + 3]
        hands = (
            Hand.from_mask(north),
            Hand.from_mask(east),
            Hand.from_mask(south),
            Hand.from_mask(west),
        )
        return Deal(hands)  # not cls(): a compiled build calls Deal directly, cls through Python

    @classmethod
    def from_masks(cls, masks: tuple[int, int, int, int]) -> Deal:
        return cls(tuple(Hand.from_mask(mask) for mask in masks))  # type: ignore[arg-type]

    @classmethod
    def from_pbn(cls, text: str) -> Deal:
        """Parse a PBN Deal value, ``"N:AKQ.JT9.876.5432 ..."``: first seat, then four hands
        clockwise.  A hand written ``-`` is unknown; a single unknown hand of a deal whose other
        three hands hold 13 cards each is completed from the remaining cards."""
        text = text.strip()
        if len(text) < 2 or text[1] != ":":
            raise ParseError(f"a PBN deal starts with its first seat and a colon: {text!r}")
        first = Seat.from_letter(text[0])
        parts = text[2:].split()
        if len(parts) != 4:
            raise ParseError(f"a PBN deal lists four hands: {text!r}")
        hands: list[Hand | None] = [None, None, None, None]
        for offset, part in enumerate(parts):
            hands[first.next(offset)] = None if part == "-" else Hand.parse(part)
        unknown = [seat for seat in SEATS if hands[seat] is None]
        known = [hand for hand in hands if hand is not None]
        if len(unknown) == 1 and all(len(hand) == 13 for hand in known):
            used = 0
            for hand in known:
                used |= hand.mask
            hands[unknown[0]] = Hand.from_mask(FULL_MASK & ~used)
        return cls(tuple(hand or Hand() for hand in hands))  # type: ignore[arg-type]

    def to_pbn(self, first: Seat = Seat.NORTH) -> str:
        """PBN Deal value starting at `first` (export format starts at the dealer)."""
        hands = " ".join(self.hands[first.next(offset)].to_pbn() for offset in range(4))
        return f"{first.letter}:{hands}"


class Board:
    """A deal as it is played: its number (if any), dealer and vulnerability.

    Immutable by convention; written out for the reason `Deal` is."""

    __slots__ = ("deal", "dealer", "number", "vulnerability")

    def __init__(
        self,
        deal: Deal,
        dealer: Seat = Seat.NORTH,
        vulnerability: Vulnerability = Vulnerability.NONE,
        number: int | None = None,
    ) -> None:
        self.deal = deal
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.number = number

    def _fields(self) -> tuple[Deal, Seat, Vulnerability, int | None]:
        return (self.deal, self.dealer, self.vulnerability, self.number)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Board(deal={self.deal!r}, dealer={self.dealer!r}, "
            f"vulnerability={self.vulnerability!r}, number={self.number!r})"
        )

    def __reduce__(self) -> tuple[type[Board], tuple[Deal, Seat, Vulnerability, int | None]]:
        return (Board, self._fields())

    def with_number(self, number: int | None) -> Board:
        """The same board under another number (a rubber's deal numbered in a file)."""
        return Board(self.deal, self.dealer, self.vulnerability, number)

    @classmethod
    def numbered(cls, number: int, deal: Deal) -> Board:
        """A duplicate board: its number fixes dealer and vulnerability (16-board cycle)."""
        return Board(deal, board_dealer(number), board_vulnerability(number), number)

    @classmethod
    def random(cls, number: int = 1, rng: random.Random | None = None) -> Board:
        return Board.numbered(number, Deal.random(rng))
