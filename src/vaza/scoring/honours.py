"""Honours (seed 000; Laws of Rubber Bridge): a bonus for holding the top trumps, or the four aces.

Four of the five trump honours (A K Q J 10) in one hand score 100 above the line, all five 150;
the four aces in one hand at no trump score 150.  They are scored for the side of the hand that
holds them, declarer's or a defender's, whether or not the contract is made.  At a table with
real cards the players declare them; online the hands are known and this module counts them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from vaza.core.calls import Contract
from vaza.core.cards import SEATS, Card, Hand, Rank, Side, Suit
from vaza.core.deal import Deal

HONOUR_RANKS: Final = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
FOUR_HONOURS: Final = 100
FIVE_HONOURS: Final = 150
FOUR_ACES: Final = 150


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


_ACES: Final = _mask([Card(suit, Rank.ACE) for suit in Suit])
_HONOURS: Final = {suit: _mask([Card(suit, rank) for rank in HONOUR_RANKS]) for suit in Suit}


def honours(hands: Deal | Sequence[Hand], contract: Contract | None) -> tuple[Side, int] | None:
    """The side that holds honours in `contract` and what they score, or None.

    `hands` is a deal or the four hands by seat (North, East, South, West).  Only one hand can
    hold four of five honours (or four aces), so the answer is unique.
    """
    if contract is None:
        return None
    by_seat = hands.hands if isinstance(hands, Deal) else tuple(hands)
    if len(by_seat) != len(SEATS):
        raise ValueError(f"honours are counted in four hands, not {len(by_seat)}")
    trump = contract.trump
    for seat in SEATS:
        mask = by_seat[seat].mask
        if trump is None:
            if mask & _ACES == _ACES:
                return seat.side, FOUR_ACES
            continue
        held = (mask & _HONOURS[trump]).bit_count()
        if held == len(HONOUR_RANKS):
            return seat.side, FIVE_HONOURS
        if held == len(HONOUR_RANKS) - 1:
            return seat.side, FOUR_HONOURS
    return None


def valid_honours(contract: Contract, points: int) -> bool:
    """Whether `points` can be declared as honours in `contract` (100 or 150; 150 at no trump)."""
    if contract.trump is None:
        return points == FOUR_ACES
    return points in (FOUR_HONOURS, FIVE_HONOURS)


__all__ = ["FIVE_HONOURS", "FOUR_ACES", "FOUR_HONOURS", "HONOUR_RANKS", "honours", "valid_honours"]
