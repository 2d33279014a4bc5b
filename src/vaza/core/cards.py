"""Cards, suits, ranks, hands, seats and partnerships.

Cards are interned: there are exactly 52 `Card` objects, so identity, equality and hashing agree
and the rules engine can compare them cheaply.  Each card carries its `index` (0..51, clubs 2 ..
spades ace) and `mask` (``1 << index``); hands are 52-bit masks behind a small value type.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from vaza.core.errors import ParseError


class Suit(IntEnum):
    """The four suits in bridge order, lowest first (clubs, diamonds, hearts, spades)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One upper-case letter, as PBN and LIN write it: C, D, H, S."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def is_major(self) -> bool:
        return self >= Suit.HEARTS

    @classmethod
    def from_letter(cls, text: str) -> Suit:
        """Parse ``C D H S`` (any case) or a suit symbol."""
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol):
                return suit
        raise ParseError(f"not a suit: {text!r}")


SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
"""The suits by number: ``SUITS[n]`` is `Suit(n)` without the enum's call."""


class Rank(IntEnum):
    """Ranks by their face value; the ace is high (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One character, ten written ``T`` as in PBN."""
        return "23456789TJQKA"[self - 2]

    @property
    def hcp(self) -> int:
        """Milton Work high-card points: A 4, K 3, Q 2, J 1."""
        return max(0, self - 10)

    @classmethod
    def from_letter(cls, text: str) -> Rank:
        """Parse ``2``..``9``, ``T`` or ``10``, ``J Q K A`` (any case)."""
        key = text.strip().upper()
        if key == "10":
            key = "T"
        position = "23456789TJQKA".find(key) if len(key) == 1 else -1
        if position < 0:
            raise ParseError(f"not a rank: {text!r}")
        return cls(position + 2)


class Card:
    """A playing card.  Build one with ``Card(suit, rank)`` or ``Card.parse("SA")``.

    Instances are shared (one per card), immutable by convention, and ordered by `index`:
    by suit first, then by rank.
    """

    __slots__ = ("index", "mask", "name", "rank", "suit", "suit_index")
    suit: Suit
    rank: Rank
    suit_index: int
    """The suit as a plain int, 0..3: what the play compares (an int compares faster than an
    enum member in a compiled build)."""
    index: int
    """0..51: ``13 * suit + rank - 2``."""
    mask: int
    """``1 << index``: the card's bit in a hand mask."""
    name: str
    """PBN form: suit letter then rank letter, e.g. ``SA``, ``HT``."""

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        index = 13 * suit + rank - 2
        if len(_INTERNED) == 52:
            return _INTERNED[index]
        # Only while the module builds the 52 (in index order); the one place an instance is
        # made, and inside `__new__`, so that a compiled build (mypyc) accepts it too.
        card = object.__new__(cls)
        card.suit = Suit(suit)
        card.suit_index = int(suit)
        card.rank = Rank(rank)
        card.index = index
        card.mask = 1 << index
        card.name = card.suit.letter + card.rank.letter
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse suit then rank (``SA``, ``HT``, ``d10``) or rank then suit (``AS``, ``10♥``)."""
        card = _BY_NAME.get(text)  # as every client sends it
        if card is not None:
            return card
        key = text.strip()
        if len(key) < 2:
            raise ParseError(f"not a card: {text!r}")
        for suit_part, rank_part in ((key[0], key[1:]), (key[-1], key[:-1])):
            try:
                return cls(Suit.from_letter(suit_part), Rank.from_letter(rank_part))
            except ParseError:
                continue
        raise ParseError(f"not a card: {text!r}")

    @property
    def hcp(self) -> int:
        return self.rank.hcp

    def __reduce__(self) -> tuple[type[Card], tuple[Suit, Rank]]:
        return (Card, (self.suit, self.rank))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    # Spelled out: a compiled class that defines `__lt__` inherits no hash (a C type inherits
    # its comparisons and hash together); interned, so identity is equality.
    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        """Human form with a suit symbol, e.g. ``♠A``, ``♥10``."""
        rank = "10" if self.rank == Rank.TEN else self.rank.letter
        return self.suit.symbol + rank


_INTERNED: Final[list[Card]] = []
for _index in range(52):
    _INTERNED.append(Card(Suit(_index // 13), Rank(_index % 13 + 2)))
CARDS: Final[tuple[Card, ...]] = tuple(_INTERNED)
"""All 52 cards by index."""
_BY_NAME: Final[dict[str, Card]] = {card.name: card for card in CARDS}

FULL_MASK: Final = (1 << 52) - 1
SUIT_MASK: Final = 0x1FFF
_SUIT_LENGTHS: Final = tuple(holding.bit_count() for holding in range(SUIT_MASK + 1))
"""Cards in each 13-bit suit holding: a compiled build looks these up faster than it calls
`int.bit_count` (a method call through Python)."""
_SUIT_HCP: Final = tuple(
    sum(max(0, rank - 8) for rank in range(13) if holding >> rank & 1)
    for holding in range(SUIT_MASK + 1)
)
"""High-card points of each 13-bit suit holding (the ace at bit 12): a hand's points are four
lookups, where going over its cards was a sixth of a bidding robot's time."""


def hcp_of(mask: int) -> int:
    """High-card points (A 4, K 3, Q 2, J 1) of a mask of up to 52 cards."""
    points = _SUIT_HCP
    return (
        points[mask & SUIT_MASK]
        + points[mask >> 13 & SUIT_MASK]
        + points[mask >> 26 & SUIT_MASK]
        + points[mask >> 39 & SUIT_MASK]
    )


def card_count(mask: int) -> int:
    """How many cards a mask of up to 52 cards holds."""
    lengths = _SUIT_LENGTHS
    return (
        lengths[mask & SUIT_MASK]
        + lengths[mask >> 13 & SUIT_MASK]
        + lengths[mask >> 26 & SUIT_MASK]
        + lengths[mask >> 39 & SUIT_MASK]
    )


"""Thirteen bits: the cards of one suit once a hand mask is shifted by ``13 * suit``."""


def _cards_of(mask: int) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


class Hand:
    """An immutable set of cards held by one player (any number, 0..52).

    Iterates in display order: spades, hearts, diamonds, clubs; high to low within a suit.
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        mask = 0
        for card in cards:
            if mask & card.mask:
                raise ParseError(f"card {card} appears twice in a hand")
            mask |= card.mask
        self.mask = mask

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        if mask < 0 or mask > FULL_MASK:
            raise ValueError("a hand mask has 52 bits")
        hand = Hand()  # not cls(): a compiled build calls Hand directly, cls through Python
        hand.mask = mask
        return hand

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Parse PBN hand notation ``S.H.D.C``, e.g. ``AKQ2.T9.8765.432`` (a void is empty)."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(f"a hand has four suits separated by dots: {text!r}")
        cards: list[Card] = []
        suits = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
        for suit, part in zip(suits, parts, strict=True):
            holding = part.strip().replace("10", "T")
            if holding != "-":
                cards.extend(Card(suit, Rank.from_letter(letter)) for letter in holding)
        return cls(cards)

    def suit(self, suit: Suit) -> tuple[Card, ...]:
        """This hand's cards of one suit, high to low."""
        return tuple(sorted(_cards_of(self.mask & (SUIT_MASK << 13 * suit)), reverse=True))

    def length(self, suit: Suit) -> int:
        return _SUIT_LENGTHS[self.mask >> 13 * suit & SUIT_MASK]

    @property
    def hcp(self) -> int:
        """High-card points (A 4, K 3, Q 2, J 1)."""
        return hcp_of(self.mask)

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in the order spades, hearts, diamonds, clubs."""
        return (
            self.length(Suit.SPADES),
            self.length(Suit.HEARTS),
            self.length(Suit.DIAMONDS),
            self.length(Suit.CLUBS),
        )

    def to_pbn(self) -> str:
        """PBN hand notation, ranks high to low: ``AKQ2.T9.8765.432``."""
        return ".".join(
            "".join(card.rank.letter for card in self.suit(suit))
            for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
        )

    def __iter__(self) -> Iterator[Card]:
        mask = self.mask
        for base in (39, 26, 13, 0):  # spades down to clubs, each from the ace down
            bits = mask >> base & SUIT_MASK
            while bits:
                top = bits.bit_length() - 1
                yield CARDS[base + top]
                bits ^= 1 << top

    def __len__(self) -> int:
        return card_count(self.mask)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __or__(self, other: Hand) -> Hand:
        return Hand.from_mask(self.mask | other.mask)

    def __sub__(self, other: Hand) -> Hand:
        return Hand.from_mask(self.mask & ~other.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __repr__(self) -> str:
        return f"Hand.parse({self.to_pbn()!r})"

    def __str__(self) -> str:
        return self.to_pbn()


class Side(IntEnum):
    """A partnership: North–South or East–West."""

    NS = 0
    EW = 1

    @property
    def opponents(self) -> Side:
        return SIDES[1 - self]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (SEATS[self], SEATS[self + 2])


SIDES: Final[tuple[Side, Side]] = (Side.NS, Side.EW)
"""The sides by number (an enum's call by value is slow on a hot path: a seat's side)."""


class Seat(IntEnum):
    """The four compass seats, clockwise from North.

    North is 0 and so falsy: test a seat against None, never write ``seat or default``.
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        return "NESW"[self]

    @property
    def lho(self) -> Seat:
        """Left-hand opponent: the next seat clockwise, who plays after this one."""
        return SEATS[(self + 1) & 3]

    @property
    def partner(self) -> Seat:
        return SEATS[(self + 2) & 3]

    @property
    def rho(self) -> Seat:
        """Right-hand opponent: the seat that plays before this one."""
        return SEATS[(self + 3) & 3]

    @property
    def side(self) -> Side:
        return SIDES[self & 1]

    def next(self, steps: int = 1) -> Seat:
        return SEATS[(self + steps) & 3]

    @classmethod
    def from_letter(cls, text: str) -> Seat:
        number = _SEAT_NAMES.get(text)
        if number is None:
            number = _SEAT_NAMES.get(text.strip().upper())
            if number is None:
                raise ParseError(f"not a seat: {text!r}")
        return SEATS[number]


SEATS: Final[tuple[Seat, ...]] = tuple(Seat)
_SEAT_NAMES: Final = {"N": 0, "E": 1, "S": 2, "W": 3, "NORTH": 0, "EAST": 1, "SOUTH": 2, "WEST": 3}


class Vulnerability(IntEnum):
    """Which partnerships are vulnerable on a deal."""

    NONE = 0
    NS = 1
    EW = 2
    BOTH = 3

    def is_vulnerable(self, side: Side) -> bool:
        return bool(self & (1 << side))

    @classmethod
    def of(cls, ns: bool, ew: bool) -> Vulnerability:
        return cls(int(ns) | int(ew) << 1)

    @property
    def pbn(self) -> str:
        """The PBN export spelling: None, NS, EW, All."""
        return ("None", "NS", "EW", "All")[self]

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        """Parse PBN (None, Love, -, NS, EW, All, Both) and the CLI words (none, ns, ew, both)."""
        key = text.strip().upper()
        words = {"NONE": 0, "LOVE": 0, "-": 0, "NS": 1, "EW": 2, "ALL": 3, "BOTH": 3}
        if key not in words:
            raise ParseError(f"not a vulnerability: {text!r}")
        return cls(words[key])


# The duplicate cycle repeats every 16 boards (WBF Laws, Law 2; seed 003).
_BOARD_VULNERABILITY: Final[tuple[Vulnerability, ...]] = tuple(
    Vulnerability(int(digit)) for digit in "0123" + "1230" + "2301" + "3012"
)


def board_dealer(board: int) -> Seat:
    """Dealer of a duplicate board: board 1 North, 2 East, 3 South, 4 West, then again."""
    if board < 1:
        raise ValueError("board numbers start at 1")
    return SEATS[(board - 1) % 4]


def board_vulnerability(board: int) -> Vulnerability:
    """Vulnerability of a duplicate board by the standard 16-board cycle."""
    if board < 1:
        raise ValueError("board numbers start at 1")
    return _BOARD_VULNERABILITY[(board - 1) % 16]
