"""Calls of the auction (bids, pass, double, redouble) and the contract they lead to.

Calls are interned like cards: 35 bids plus pass, double and redouble, each with an `index`
(bids 0..34 in rank order, then pass 35, double 36, redouble 37).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

from vaza.core.cards import SEATS, SUITS, Seat, Suit
from vaza.core.errors import ParseError
from vaza.core.pickling import Rebuild, by_fields


class Strain(IntEnum):
    """A bid's denomination, lowest first: clubs, diamonds, hearts, spades, no trump."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        """PBN spelling: C, D, H, S, NT."""
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or None at no trump."""
        return None if self == Strain.NOTRUMP else SUITS[self]

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = text.strip().upper()
        aliases = {"N": "NT", "SA": "NT", "NT": "NT", "♣": "C", "♦": "D", "♥": "H", "♠": "S"}
        key = aliases.get(key, key)
        for strain in cls:
            if strain.letter == key:
                return strain
        raise ParseError(f"not a strain: {text!r}")


class CallKind(IntEnum):
    BID = 0
    PASS = 1
    DOUBLE = 2
    REDOUBLE = 3


PASS_INDEX: Final = 35
DOUBLE_INDEX: Final = 36
REDOUBLE_INDEX: Final = 37
CALL_COUNT: Final = 38


class Call:
    """One call of the auction.  Use `Call.bid(level, strain)`, `PASS`, `DOUBLE`, `REDOUBLE`
    or `Call.parse("3NT")`."""

    __slots__ = ("index", "kind", "level", "name", "strain")
    index: int
    kind: CallKind
    level: int
    """1..7 for a bid, 0 otherwise."""
    strain: Strain | None
    """The bid's strain; None for pass, double and redouble."""
    name: str
    """PBN spelling: ``1NT``, ``4S``, ``Pass``, ``X``, ``XX``."""

    def __new__(cls, index: int) -> Call:
        """The call of that index (0..37), e.g. ``Call(PASS_INDEX)``."""
        if len(_INTERNED) == CALL_COUNT:
            return _INTERNED[index]
        # Only while the module builds the 38 (in index order), and inside `__new__`, so that a
        # compiled build (mypyc) accepts it too.
        call = object.__new__(cls)
        call.index = index
        if index < PASS_INDEX:
            strain = Strain(index % 5)
            call.kind, call.level, call.strain = CallKind.BID, index // 5 + 1, strain
            call.name = f"{call.level}{strain.letter}"
        else:
            call.kind, call.level, call.strain = CallKind(index - PASS_INDEX + 1), 0, None
            call.name = ("Pass", "X", "XX")[index - PASS_INDEX]
        return call

    @staticmethod
    def bid(level: int, strain: Strain) -> Call:
        if not 1 <= level <= 7:
            raise ParseError(f"a bid's level is 1 to 7, not {level}")
        return CALLS[(level - 1) * 5 + strain]

    @staticmethod
    def parse(text: str) -> Call:
        """Parse PBN and LIN spellings: ``1C``..``7NT`` (also ``1N``, ``3♠``), ``Pass``/``P``,
        ``X``/``D``/``Dbl``, ``XX``/``R``/``Rdbl``; any case."""
        call = _BY_NAME.get(text)  # as every client sends it
        if call is not None:
            return call
        key = text.strip().upper()
        if key in ("PASS", "P", "PASSE", "PASSO", "PAS"):
            return PASS
        if key in ("X", "D", "DBL", "DOUBLE"):
            return DOUBLE
        if key in ("XX", "R", "RDBL", "REDBL", "REDOUBLE"):
            return REDOUBLE
        match = re.fullmatch(r"([1-7])\s*(NT|SA|N|C|D|H|S|♣|♦|♥|♠)", key)
        if not match:
            raise ParseError(f"not a call: {text!r}")
        return Call.bid(int(match.group(1)), Strain.parse(match.group(2)))

    @property
    def is_bid(self) -> bool:
        return self.kind is CallKind.BID

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (_call_by_index, (self.index,))

    def __lt__(self, other: Call) -> bool:
        return self.index < other.index

    # Spelled out: a compiled class that defines `__lt__` inherits no hash (a C type inherits
    # its comparisons and hash together); interned, so identity is equality.
    def __eq__(self, other: object) -> bool:
        return self is other

    def __hash__(self) -> int:
        return self.index

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"

    def __str__(self) -> str:
        return self.name

    @property
    def symbol(self) -> str:
        """Human spelling with suit symbols: ``4♠``, ``1NT``, ``Pass``, ``X``, ``XX``."""
        if self.strain is not None:
            return f"{self.level}{self.strain.symbol}"
        return str(self)


def _call_by_index(index: int) -> Call:
    return CALLS[index]


_INTERNED: Final[list[Call]] = []
for _index in range(CALL_COUNT):
    _INTERNED.append(Call(_index))
CALLS: Final[tuple[Call, ...]] = tuple(_INTERNED)
BIDS: Final[tuple[Call, ...]] = CALLS[:PASS_INDEX]
PASS: Final = CALLS[PASS_INDEX]
DOUBLE: Final = CALLS[DOUBLE_INDEX]
REDOUBLE: Final = CALLS[REDOUBLE_INDEX]
_BY_NAME: Final[dict[str, Call]] = {call.name: call for call in CALLS}


class Doubling(IntEnum):
    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        return ("", "X", "XX")[self]


DOUBLINGS: Final[tuple[Doubling, ...]] = tuple(Doubling)
"""By number, as the auction counts them: ``DOUBLINGS[n]`` is `Doubling(n)` without the call."""


@dataclass(frozen=True, slots=True)
class Contract:
    """The final bid of an auction, how it was doubled, and who declares it."""

    level: int
    """1..7: tricks to take beyond the book of six."""
    strain: Strain
    doubling: Doubling
    declarer: Seat

    def __post_init__(self) -> None:
        if not 1 <= self.level <= 7:
            raise ParseError(f"a contract's level is 1 to 7, not {self.level}")

    @property
    def tricks_needed(self) -> int:
        return self.level + 6

    @property
    def trump(self) -> Suit | None:
        return self.strain.suit

    @property
    def dummy(self) -> Seat:
        return self.declarer.partner

    @property
    def opening_leader(self) -> Seat:
        return self.declarer.lho

    @classmethod
    def parse(cls, text: str, declarer: Seat | None = None) -> Contract:
        """Parse ``4HX`` with a separate declarer, or ``4HX N`` / ``4HX by N`` in one string."""
        match = re.fullmatch(
            r"\s*([1-7])\s*(NT|SA|N|C|D|H|S|♣|♦|♥|♠)\s*(XX|X|R|D)?\s*(?:(?:BY\s+)?([NESW]))?\s*",
            text.upper(),
        )
        if not match:
            raise ParseError(f"not a contract: {text!r} (write it like 4S, 3NTX or 6HXX)")
        doubling = {None: 0, "X": 1, "D": 1, "XX": 2, "R": 2}[match.group(3)]
        seat = Seat.from_letter(match.group(4)) if match.group(4) else declarer
        if seat is None:
            raise ParseError(f"contract {text!r} needs a declarer")
        return cls(int(match.group(1)), Strain.parse(match.group(2)), Doubling(doubling), seat)

    def __str__(self) -> str:
        """PBN Contract value without the declarer: ``4HX``."""
        return f"{self.level}{self.strain.letter}{self.doubling.suffix}"

    @property
    def symbol(self) -> str:
        return f"{self.level}{self.strain.symbol}{self.doubling.suffix}"

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


_CONTRACTS: Final[tuple[Contract, ...]] = tuple(
    Contract(bid.level, bid.strain, doubling, seat)
    for bid in BIDS
    if bid.strain is not None
    for doubling in DOUBLINGS
    for seat in SEATS
)


def contract_of(bid: Call, doubling: int, declarer: int) -> Contract:
    """The contract of a bid (not pass, double or redouble), doubled 0, 1 or 2 times, with the
    declarer's seat number: one of the 420 made once (building a frozen dataclass is slow, and
    every auction ends in one)."""
    return _CONTRACTS[(bid.index * 3 + doubling) * 4 + declarer]
