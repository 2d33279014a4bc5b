"""The cards of a Boerenbridge round: the 52 `Card`s, the Wizards and Jesters, and the decks.

Wizards and Jesters (the Wizard-style variant, seed 004) have no suit and no rank, so they are
not among the 52 interned `Card`s: they are their own interned type, `Special`.  Each carries an
index after the 52 cards (Wizards 52..55, Jesters 56..59) so that a hand from any deck is one
60-bit mask, as hands of the plain deck are 52-bit masks in `vaza.core.play`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Final

from vaza.core.cards import CARDS, SUIT_MASK, Card, Suit
from vaza.core.errors import ParseError


class SpecialKind(Enum):
    WIZARD = "wizard"
    """Wins any trick it is played to, unless an earlier Wizard was played to it."""
    JESTER = "jester"
    """Loses every trick, unless every card of the trick is a Jester (then the first wins)."""


class Special:
    """A Wizard or a Jester, numbered 1–4.  There are exactly eight, shared like `Card`s, so
    identity, equality and hashing agree."""

    __slots__ = ("index", "kind", "mask", "number")
    kind: SpecialKind
    number: int
    index: int
    """52..55 for the Wizards, 56..59 for the Jesters."""
    mask: int

    def __new__(cls, kind: SpecialKind, number: int) -> Special:
        if not 1 <= number <= 4:
            raise ParseError(f"Wizards and Jesters are numbered 1 to 4, not {number}")
        position = (0 if kind is SpecialKind.WIZARD else 4) + number - 1
        if len(_INTERNED) == 8:
            return _INTERNED[position]
        # Only while the module builds the eight (in index order), and inside `__new__`, so
        # that a compiled build (mypyc) accepts it too.
        special = object.__new__(cls)
        special.kind = kind
        special.number = number
        special.index = 52 + position
        special.mask = 1 << special.index
        return special

    @property
    def is_wizard(self) -> bool:
        return self.kind is SpecialKind.WIZARD

    @property
    def is_jester(self) -> bool:
        return self.kind is SpecialKind.JESTER

    def __reduce__(self) -> tuple[type[Special], tuple[SpecialKind, int]]:
        return (Special, (self.kind, self.number))

    def __lt__(self, other: Special) -> bool:
        return self.index < other.index

    # Spelled out: a compiled class that defines `__lt__` inherits no hash (a C type inherits
    # its comparisons and hash together); interned, so identity is equality.
    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __repr__(self) -> str:
        return f"Special.parse({str(self)!r})"

    def __str__(self) -> str:
        """``W1``..``W4`` for the Wizards, ``J1``..``J4`` for the Jesters."""
        return ("W" if self.is_wizard else "J") + str(self.number)

    @property
    def symbol(self) -> str:
        return ("Wizard " if self.is_wizard else "Jester ") + str(self.number)

    @classmethod
    def parse(cls, text: str) -> Special:
        key = text.strip().upper()
        if len(key) == 2 and key[0] in "WJ" and key[1] in "1234":
            return cls(SpecialKind.WIZARD if key[0] == "W" else SpecialKind.JESTER, int(key[1]))
        raise ParseError(f"not a Wizard or Jester: {text!r}")


_INTERNED: Final[list[Special]] = []
for _kind in SpecialKind:
    for _number in range(1, 5):
        _INTERNED.append(Special(_kind, _number))
SPECIALS: Final[tuple[Special, ...]] = tuple(_INTERNED)
WIZARDS: Final = SPECIALS[:4]
JESTERS: Final = SPECIALS[4:]

AnyCard = Card | Special
"""A card of any Boerenbridge deck."""

ALL_CARDS: Final[tuple[AnyCard, ...]] = (*CARDS, *SPECIALS)
"""Every card by index: the 52 `Card`s, then the Wizards, then the Jesters."""

_STANDARD_MASK: Final = (1 << 52) - 1
_SPECIALS_MASK: Final = ((1 << 8) - 1) << 52
_TWO_PLAYER_MASK: Final = SUIT_MASK << 13 * Suit.SPADES | SUIT_MASK << 13 * Suit.HEARTS


class DeckKind(Enum):
    """The pack a round is dealt from."""

    STANDARD = "standard"
    """The 52-card French deck (seed 004)."""
    TWO_PLAYER = "two-player"
    """Boerenbridge for two: 26 cards, the spades and the hearts (see docs/games)."""
    WIZARD = "wizard"
    """Wizard style: the 52 cards, four Wizards and four Jesters (60 cards)."""

    @property
    def mask(self) -> int:
        return _DECK_MASKS[self]

    @property
    def size(self) -> int:
        return _DECK_MASKS[self].bit_count()

    @property
    def cards(self) -> tuple[AnyCard, ...]:
        return cards_of(_DECK_MASKS[self])


_DECK_MASKS: Final = {
    DeckKind.STANDARD: _STANDARD_MASK,
    DeckKind.TWO_PLAYER: _TWO_PLAYER_MASK,
    DeckKind.WIZARD: _STANDARD_MASK | _SPECIALS_MASK,
}


def cards_of(mask: int) -> tuple[AnyCard, ...]:
    """The cards of a mask, lowest index first."""
    found: list[AnyCard] = []
    while mask:
        low = mask & -mask
        found.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return tuple(found)


def mask_of(cards: Iterable[AnyCard]) -> int:
    """The mask of some distinct cards (a card twice is an error)."""
    mask = 0
    for card in cards:
        if mask & card.mask:
            raise ParseError(f"card {card} appears twice")
        mask |= card.mask
    return mask


def parse_card(text: str) -> AnyCard:
    """A card of any deck: ``SA``, ``10♥``, or ``W1``..``W4`` / ``J1``..``J4``."""
    try:
        return Special.parse(text)
    except ParseError:
        pass
    try:
        return Card.parse(text)
    except ParseError:
        raise ParseError(f"not a card: {text!r}") from None


def parse_cards(text: str) -> tuple[AnyCard, ...]:
    """Cards separated by spaces: ``"SA HK W1 J3"``."""
    return tuple(parse_card(token) for token in text.split())


def display_order(cards: Iterable[AnyCard]) -> tuple[AnyCard, ...]:
    """Cards as a hand is shown: Wizards, then spades, hearts, diamonds, clubs (high to low),
    then Jesters."""
    return tuple(sorted(cards, key=_display_key))


def _display_key(card: AnyCard) -> tuple[int, int]:
    if isinstance(card, Special):
        return (-1 if card.is_wizard else 4, card.number)
    return (3 - card.suit, -card.rank)


def show(cards: Sequence[AnyCard]) -> str:
    """A short text of some cards, in display order, for messages and logs."""
    return " ".join(str(card) for card in display_order(cards))
