"""The play of the cards: tricks, following suit, trick winners (WBF Laws 44–45, seeds 000/003).

The leader may play any card; the others must follow the suit led when they can.  The highest
trump wins the trick, otherwise the highest card of the suit led; the winner leads next.

Hands are 52-bit masks; the legal cards of a suit holding come from a table filled on first use,
because `legal_cards` and `play` are the engine's hot path (random playouts, robots' samples).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from vaza.core.cards import CARDS, SEATS, SUIT_MASK, Card, Hand, Seat, Side, Suit
from vaza.core.errors import GameOver, IllegalAction

_SHIFTS: Final = (0, 13, 26, 39)
_SUIT_CARDS: list[tuple[Card, ...] | None] = [None] * (4 << 13)


def _suit_cards(suit: int, holding: int) -> tuple[Card, ...]:
    """The cards of `suit` in a 13-bit holding, lowest first (cached)."""
    key = suit << 13 | holding
    cards = _SUIT_CARDS[key]
    if cards is None:
        base = 13 * suit
        cards = tuple(CARDS[base + rank] for rank in range(13) if holding >> rank & 1)
        _SUIT_CARDS[key] = cards
    return cards


def cards_in(mask: int) -> tuple[Card, ...]:
    """All cards of a hand mask, clubs 2 first."""
    return (
        _suit_cards(0, mask & SUIT_MASK)
        + _suit_cards(1, mask >> 13 & SUIT_MASK)
        + _suit_cards(2, mask >> 26 & SUIT_MASK)
        + _suit_cards(3, mask >> 39 & SUIT_MASK)
    )


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the four cards in the order played, and who won it."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat

    @property
    def by_seat(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple((self.leader.next(i), card) for i, card in enumerate(self.cards))

    def card_of(self, seat: Seat) -> Card:
        return self.cards[(seat - self.leader) & 3]


def trick_winner(leader: Seat, cards: Sequence[Card], trump: Suit | None) -> Seat:
    """The seat that wins a trick of cards played clockwise from `leader`."""
    best = 0
    for position in range(1, len(cards)):
        card, top = cards[position], cards[best]
        if card.suit == top.suit:
            if card.index > top.index:
                best = position
        elif card.suit == trump:
            best = position
    return leader.next(best)


class Play:
    """The cards played so far in a deal with a known trump (None at no trump).

    `play` checks a card fully before it changes anything, so a rejected card leaves the play
    as it was.
    """

    __slots__ = (
        "_best",
        "_best_seat",
        "_lead_suit",
        "_total_tricks",
        "_trick",
        "hands",
        "history",
        "leader",
        "tricks",
        "tricks_won",
        "trump",
    )

    def __init__(
        self,
        hands: Sequence[Hand] | Sequence[int],
        leader: Seat,
        trump: Suit | None,
        total_tricks: int = 13,
    ) -> None:
        self.trump = trump
        self.leader = leader
        """Seat that leads (or has led) the current trick."""
        self.hands: list[int] = [h.mask if isinstance(h, Hand) else h for h in hands]
        """Remaining cards by seat, as masks."""
        self.history: list[tuple[Seat, Card]] = []
        """Every card played, in order, with the seat it came from."""
        self.tricks: list[Trick] = []
        self.tricks_won = [0, 0]
        """Completed tricks won by each side (index `Side`)."""
        self._trick: list[Card] = []
        self._lead_suit: Suit | None = None
        self._best: Card | None = None
        self._best_seat = leader
        self._total_tricks = total_tricks

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the trick in progress, in the order played from `leader`."""
        return tuple(self._trick)

    @property
    def to_play(self) -> Seat | None:
        if self.is_over:
            return None
        return SEATS[(self.leader + len(self._trick)) & 3]

    @property
    def is_over(self) -> bool:
        return len(self.tricks) >= self._total_tricks

    @property
    def lead_suit(self) -> Suit | None:
        return self._lead_suit if self._trick else None

    def hand(self, seat: Seat) -> Hand:
        return Hand.from_mask(self.hands[seat])

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to play may play, lowest first."""
        if len(self.tricks) >= self._total_tricks:
            return ()
        hand = self.hands[(self.leader + len(self._trick)) & 3]
        if self._trick:
            led = self._lead_suit
            assert led is not None
            follow = _suit_cards(led, hand >> _SHIFTS[led] & SUIT_MASK)
            if follow:
                return follow
        return cards_in(hand)

    def play(self, card: Card) -> Trick | None:
        """Play `card` for the seat to play; returns the trick if this card completed it.

        Raises `IllegalAction` (and changes nothing) for a card not held or a revoke.
        """
        if len(self.tricks) >= self._total_tricks:
            raise GameOver("all tricks have been played")
        trick = self._trick
        seat = SEATS[(self.leader + len(trick)) & 3]
        hand = self.hands[seat]
        if not hand & card.mask:
            raise IllegalAction(f"{seat.name.title()} does not hold {card}")
        suit = card.suit
        if trick:
            led = self._lead_suit
            assert led is not None and self._best is not None
            if suit != led and hand >> _SHIFTS[led] & SUIT_MASK:
                raise IllegalAction(f"must follow suit: {led.name.lower()} were led")
            best = self._best
            if (suit == best.suit and card.index > best.index) or (
                suit == self.trump and best.suit != suit
            ):
                self._best, self._best_seat = card, seat
        else:
            self._lead_suit = suit
            self._best, self._best_seat = card, seat
        self.hands[seat] = hand ^ card.mask
        self.history.append((seat, card))
        trick.append(card)
        if len(trick) < 4:
            return None
        winner = self._best_seat
        done = Trick(self.leader, (trick[0], trick[1], trick[2], trick[3]), winner)
        self.tricks.append(done)
        self.tricks_won[winner & 1] += 1
        self.leader = winner
        self._trick = []
        return done

    def won_by(self, side: Side) -> int:
        return self.tricks_won[side]

    @property
    def remaining_tricks(self) -> int:
        return self._total_tricks - len(self.tricks)
