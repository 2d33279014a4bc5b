"""The auction of contract bridge (WBF Laws 17–22, seeds 000 and 003).

The dealer calls first and the turn passes clockwise.  A bid must be higher than the last bid
(higher level, or the same level in a higher strain: clubs, diamonds, hearts, spades, no trump).
A player may double only the last bid, made by an opponent and not yet doubled, and redouble only
an opponent's double of their own side's bid; a new bid cancels both.  Three passes after a bid
end the auction; four passes at the start pass the deal out.  The declarer is the player of the
winning side who first named the final strain.

Note: seed 000 says the auction also ends when someone bids "6 no trump"; no law says so (7NT
may still be doubled and redoubled), so Vaza follows the WBF laws.  See docs/rules.md.
"""

from __future__ import annotations

from typing import Final

from vaza.core.calls import (
    BIDS,
    CALLS,
    DOUBLE,
    DOUBLE_INDEX,
    PASS,
    PASS_INDEX,
    REDOUBLE,
    Call,
    Contract,
    Strain,
    contract_of,
)
from vaza.core.cards import SEATS, Seat
from vaza.core.errors import GameOver, IllegalAction

_NONE: Final = -1

# _LEGAL[last_bid_index + 1][extra]: extra 0 = only pass and higher bids, 1 = double too,
# 2 = redouble too.  Built once: the legal calls are a pure function of these two numbers.
_LEGAL: Final[tuple[tuple[tuple[Call, ...], ...], ...]] = tuple(
    (
        (PASS, *BIDS[last + 1 :]),
        (PASS, DOUBLE, *BIDS[last + 1 :]),
        (PASS, REDOUBLE, *BIDS[last + 1 :]),
    )
    for last in range(_NONE, len(BIDS))
)


class Auction:
    """The calls made so far, and which calls are legal next.

    `add` checks a call fully before it changes anything, so a rejected call leaves the auction
    as it was.
    """

    __slots__ = (
        "_doubling",
        "_first_namer",
        "_last_bid",
        "_last_bidder",
        "_passes",
        "calls",
        "dealer",
    )

    def __init__(self, dealer: Seat, calls: tuple[Call, ...] | list[Call] = ()) -> None:
        self.dealer = dealer
        self.calls: list[Call] = []
        self._last_bid = _NONE
        self._last_bidder = _NONE
        self._doubling = 0
        self._passes = 0
        # Seat that first named each strain, per side: index side * 5 + strain.
        self._first_namer = [_NONE] * 10
        for call in calls:
            self.add(call)

    @property
    def to_act(self) -> Seat | None:
        """The seat to call next, or None once the auction is over."""
        if self.is_over:
            return None
        return SEATS[(self.dealer + len(self.calls)) & 3]

    @property
    def is_over(self) -> bool:
        return self._passes >= 3 and (self._passes == 4 or self._last_bid != _NONE)

    @property
    def is_passed_out(self) -> bool:
        return self._passes == 4 and self._last_bid == _NONE

    def legal_calls(self) -> tuple[Call, ...]:
        """Every call the seat to act may make, pass first, then double or redouble, then bids
        from the lowest."""
        if self.is_over:
            return ()
        return _LEGAL[self._last_bid + 1][self._extra((self.dealer + len(self.calls)) & 1)]

    def _extra(self, side: int) -> int:
        if self._last_bid == _NONE:
            return 0
        bidder_side = self._last_bidder & 1
        if self._doubling == 0 and bidder_side != side:
            return 1
        if self._doubling == 1 and bidder_side == side:
            return 2
        return 0

    def is_legal(self, call: Call) -> bool:
        return call in self.legal_calls()

    def add(self, call: Call) -> None:
        """Make the next call.  Raises `IllegalAction` (and changes nothing) if it is not legal."""
        if self.is_over:
            raise GameOver("the auction is over")
        seat = (self.dealer + len(self.calls)) & 3
        index = call.index
        if index < PASS_INDEX:
            if index <= self._last_bid:
                raise IllegalAction(
                    f"{call} is not higher than the last bid, {CALLS[self._last_bid]}"
                )
            self._last_bid = index
            self._last_bidder = seat
            self._doubling = 0
            self._passes = 0
            namer = (seat & 1) * 5 + index % 5
            if self._first_namer[namer] == _NONE:
                self._first_namer[namer] = seat
        elif index == PASS_INDEX:
            self._passes += 1
        else:
            wanted = 1 if index == DOUBLE_INDEX else 2
            if self._extra(seat & 1) != wanted:
                raise IllegalAction(self._why_not(call, seat & 1))
            self._doubling = wanted
            self._passes = 0
        self.calls.append(call)

    def _why_not(self, call: Call, side: int) -> str:
        if self._last_bid == _NONE:
            return f"{call} needs a bid to act on; nobody has bid yet"
        own_bid = self._last_bidder & 1 == side
        if call is DOUBLE:
            if own_bid:
                return "you may only double a bid made by an opponent"
            return "the last bid is already doubled" if self._doubling else "cannot double now"
        if self._doubling == 0:
            return "you may only redouble after an opponent doubles"
        if not own_bid:
            return "you may only redouble an opponent's double of your side's bid"
        return "the last bid is already redoubled"

    @property
    def contract(self) -> Contract | None:
        """The final contract once the auction is over (None while it goes on or if passed out)."""
        if not self.is_over or self._last_bid == _NONE:
            return None
        bid = CALLS[self._last_bid]
        declarer = self._first_namer[(self._last_bidder & 1) * 5 + self._last_bid % 5]
        return contract_of(bid, self._doubling, declarer)

    def first_to_name(self, seat: Seat, strain: Strain) -> Seat | None:
        """The player of `seat`'s side who first bid `strain`, if any."""
        namer = self._first_namer[seat.side * 5 + strain]
        return None if namer == _NONE else SEATS[namer]

    def by_seat(self) -> list[tuple[Seat, Call]]:
        """The calls with the seat that made each."""
        return [(self.dealer.next(i), call) for i, call in enumerate(self.calls)]
