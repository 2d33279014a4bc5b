"""Defensive signals: the card a defender follows with, when it has a free choice, tells partner
something, and partner reads it (issue 18, item 2; docs/bidding.md, "Defensive signals").

Double dummy cannot see why a defender would prefer one of two small cards: in every layout
they take the same tricks.  Good defenders spend that freedom on information, by agreement:

- **Attitude**, the first time a defender follows to a suit its partner led: a high spot card
  encourages (it holds the ace, king or queen of the suit), the lowest discourages.
- **Count**, the first time a defender follows to a suit declarer or dummy led: a high spot card
  shows an even number of cards in the suit, the lowest an odd number.
- **The first discard** is attitude in the suit discarded: the lowest spot of a suit without its
  ace, king or queen (discarded from weakness first, when the cards allow), else a high spot of
  a suit with one.

Not in trumps, not with an honour (a jack or higher is played for what it is worth, not to
signal), and not by declarer.  The robot signals only among cards double dummy finds equal in
every layout it solved, so a signal never costs a trick the robot can see.  Partner reads each
signal as evidence about the layouts it imagines: a layout in which the signal would have been
a different card counts `MISREAD` as much (not zero: the signaller may have had to play a card
double dummy needed, or be a person who does not signal).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final

from vaza.core.calls import Contract
from vaza.core.cards import CARDS, SUIT_MASK, Card, Rank, Seat

MISREAD: Final = 0.3
"""How much a layout counts for each of partner's signals it contradicts."""
_HONOUR: Final = Rank.JACK
_ENCOURAGING: Final = Rank.QUEEN
"""The lowest card whose holding a defender encourages partner's suit with."""


class Signal(Enum):
    """What a defender's free choice of a small card says."""

    ATTITUDE = "attitude"
    """High: I like this suit (I hold its ace, king or queen)."""
    COUNT = "count"
    """High: I hold an even number of cards in this suit (before this trick)."""
    DISCARD = "discard"
    """Attitude in the suit of the first discard."""


def signal_at(
    played: Sequence[tuple[Seat, Card]], seat: Seat, contract: Contract, holds_suit: bool
) -> Signal | None:
    """The signal `seat` gives with its next card, after `played` (every card of the deal so
    far, the trick in progress last), or None: it signals only as a defender following suit
    outside trumps the first time it plays the suit, or discarding for the first time."""
    if seat.side == contract.declarer.side:
        return None
    in_trick = len(played) % 4
    if in_trick == 0:
        return None
    if not holds_suit:
        return None if _has_discarded(played, seat, contract) else Signal.DISCARD
    leader, led = played[-in_trick]
    suit = led.suit
    if suit == contract.trump or any(
        who == seat and card.suit == suit for who, card in played[:-in_trick]
    ):
        return None
    return Signal.ATTITUDE if leader == seat.partner else Signal.COUNT


def _has_discarded(played: Sequence[tuple[Seat, Card]], seat: Seat, contract: Contract) -> bool:
    """Whether `seat` has thrown a card of a side suit on a trick led in another."""
    for index, (who, card) in enumerate(played):
        led = played[index - index % 4][1]
        if who == seat and card.suit not in (led.suit, contract.trump):
            return True
    return False


def _spots(mask: int, suit_index: int) -> list[Card]:
    """The cards below the jack of one suit in `mask`, lowest first."""
    holding = mask >> 13 * suit_index & SUIT_MASK
    return [
        CARDS[13 * suit_index + offset] for offset in range(_HONOUR - 2) if holding >> offset & 1
    ]


def wants_high(signal: Signal, holding: int, suit_index: int) -> bool:
    """Whether `signal` calls for a high card from `holding` (a hand mask, before the trick)."""
    cards = holding >> 13 * suit_index & SUIT_MASK
    if signal is not Signal.COUNT:
        return cards >> (_ENCOURAGING - 2) != 0
    return cards.bit_count() % 2 == 0


def signal_card(signal: Signal, holding: int, candidates: Sequence[Card]) -> Card | None:
    """The card of `candidates` (equal in value) that gives `signal` from `holding` (the
    signaller's hand), or None when none of them can say it.  A discard's candidates may be of
    several suits (trumps are not among them: the caller leaves them out)."""
    if signal is Signal.DISCARD:
        return _discard(holding, candidates)
    if not candidates:
        return None
    suit_index = candidates[0].suit_index
    spots = sorted(card for card in candidates if card.rank < _HONOUR)
    if not spots:
        return None
    return spots[-1] if wants_high(signal, holding, suit_index) else spots[0]


def _discard(holding: int, candidates: Sequence[Card]) -> Card | None:
    """The first discard: the lowest spot of a suit partner should not play (a candidate), else
    a high spot of a suit it should, each read as `reads_as_given` reads it."""
    low: list[Card] = []
    high: list[Card] = []
    for card in candidates:
        if card.rank >= _HONOUR or len(spots := _spots(holding, card.suit_index)) < 2:
            continue
        if wants_high(Signal.DISCARD, holding, card.suit_index):
            if card != spots[0]:
                high.append(card)
        elif card == spots[0]:
            low.append(card)
    if low:
        return min(low, key=lambda card: card.index)
    return max(high, key=lambda card: card.rank) if high else None


def reads_as_given(signal: Signal, holding: int, card: Card) -> bool:
    """Whether `card`, played from `holding` (a hand mask, before the trick), is the signal a
    defender of this agreement would give: high when `signal` wants high, the lowest spot when
    it does not.  A card with no choice of spots, or an honour, says nothing, so it agrees."""
    if card.rank >= _HONOUR:
        return True
    spots = _spots(holding, card.suit_index)
    if len(spots) < 2:
        return True
    return (card != spots[0]) == wants_high(signal, holding, card.suit_index)


def signals_given(
    played: Sequence[tuple[Seat, Card]], seat: Seat, contract: Contract
) -> tuple[tuple[Signal, Card, int], ...]:
    """Every signal `seat` gave in `played`: the signal, its card, and the mask of the cards
    `seat` played from then on (with the seat's cards in a layout, its holding then)."""
    given: list[tuple[Signal, Card, int]] = []
    for index, (who, card) in enumerate(played):
        start = index - index % 4
        if who != seat or index == start:
            continue  # another's card, or a lead
        follows = card.suit == played[start][1].suit
        if not follows and card.suit == contract.trump:
            continue  # a ruff
        signal = signal_at(played[:index], seat, contract, holds_suit=follows)
        if signal is not None:
            later = 0
            for other, later_card in played[index:]:
                if other == seat:
                    later |= later_card.mask
            given.append((signal, card, later))
    return tuple(given)


def signal_weight(given: Sequence[tuple[Signal, Card, int]], hand: int) -> float:
    """How much a layout in which the signaller holds `hand` now counts: `MISREAD` for each
    signal of `given` (`signals_given`) it would not have been."""
    weight = 1.0
    for signal, card, later in given:
        if not reads_as_given(signal, hand | later, card):
            weight *= MISREAD
    return weight


__all__ = [
    "MISREAD",
    "Signal",
    "reads_as_given",
    "signal_at",
    "signal_card",
    "signal_weight",
    "signals_given",
    "wants_high",
]
