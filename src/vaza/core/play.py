"""The play of the cards: tricks, following suit, trick winners (WBF Laws 44–45, seeds 000/003).

The leader may play any card; the others must follow the suit led when they can.  The highest
trump wins the trick, otherwise the highest card of the suit led; the winner leads next.

Hands are 52-bit masks; the legal cards of a suit holding come from a table filled on first use,
because `legal_cards` and `play` are the engine's hot path (random playouts, robots' samples).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Generic, TypeVar

from vaza.core.cards import CARDS, SEATS, SUIT_MASK, SUITS, Card, Hand, Seat, Suit, card_count
from vaza.core.errors import GameOver, IllegalAction
from vaza.core.pickling import Rebuild

SeatT = TypeVar("SeatT")

_NO_SUIT: Final = -1
"""`Play` keeps the suit led and trumps as plain ints (the engine compares them on every card;
a compiled build compares `Suit` members through Python): this one for none, and no trump."""
_SUIT_CARDS: Final[list[tuple[Card, ...] | None]] = [None] * (4 << 13)
_PAIRS: Final[dict[tuple[tuple[type, object], ...], tuple[tuple[Any, ...], ...]]] = {}
"""For each order of players a game has used, every (player, card) pair a history can hold,
made once: ``_PAIRS[key][position][card.index]``.  The history shares them, so playing a card
makes no tuple (there are a few orders: the compass, two-handed bridge's, three to seven
numbered players).  Typed `Any`, not ``tuple[SeatT, Card]``: a compiled build unpacks a value
of a fixed-length tuple type into a C struct and packs a new tuple to append it.  The key
holds each player's type too: the compass seats are an `IntEnum`, equal to Boerenbridge's
players 0 to 3, and a bridge deal played after a four-player round must still get seats."""


def _pairs(seats: tuple[object, ...]) -> tuple[tuple[Any, ...], ...]:
    key = tuple((type(seat), seat) for seat in seats)
    pairs = _PAIRS.get(key)
    if pairs is None:
        pairs = tuple(tuple((seat, card) for card in CARDS) for seat in seats)
        _PAIRS[key] = pairs
    return pairs


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


class Trick(Generic[SeatT]):
    """A completed trick: the cards in the order played, each with its player, and the winner.

    Immutable by convention.  Written out, not a dataclass: a compiled build (mypyc) cannot
    make a generic dataclass (mypyc/mypyc#827)."""

    __slots__ = ("plays", "winner")

    def __init__(self, plays: tuple[tuple[SeatT, Card], ...], winner: SeatT) -> None:
        self.plays = plays
        self.winner = winner

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Trick) and (self.plays, self.winner) == (other.plays, other.winner)

    def __hash__(self) -> int:
        return hash((self.plays, self.winner))

    def __repr__(self) -> str:
        return f"Trick(plays={self.plays!r}, winner={self.winner!r})"

    def __reduce__(self) -> Rebuild:
        return (Trick, (self.plays, self.winner))

    @property
    def leader(self) -> SeatT:
        return self.plays[0][0]

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    @property
    def by_seat(self) -> tuple[tuple[SeatT, Card], ...]:
        return self.plays

    def card_of(self, seat: SeatT) -> Card:
        for player, card in self.plays:
            if player == seat:
                return card
        raise KeyError(seat)


def winning_position(cards: Sequence[Card], trump: Suit | None) -> int:
    """Which card (0 = the lead) wins a trick: the highest trump, else the highest of the suit
    led."""
    best = 0
    for position in range(1, len(cards)):
        card, top = cards[position], cards[best]
        if card.suit == top.suit:
            if card.index > top.index:
                best = position
        elif card.suit == trump:
            best = position
    return best


def trick_winner(leader: Seat, cards: Sequence[Card], trump: Suit | None) -> Seat:
    """The seat that wins a bridge trick of cards played clockwise from `leader`."""
    return leader.next(winning_position(cards, trump))


class Play(Generic[SeatT]):
    """The cards played so far by players sitting in `seats` order (clockwise), with a known
    trump (None at no trump).  Contract bridge has the four compass seats; other trick games
    (two-handed bridge, Boerenbridge) have two to seven players.

    `play` checks a card fully before it changes anything, so a rejected card leaves the play
    as it was.
    """

    __slots__ = (
        "_best",
        "_best_position",
        "_in_trick",
        "_leader",
        "_led",
        "_pairs",
        "_players",
        "_position",
        "_total_tricks",
        "_tricks",
        "_trumps",
        "_winners",
        "hands",
        "history",
        "seats",
        "tricks_won",
        "trump",
    )

    def __init__(
        self,
        hands: Sequence[Hand] | Sequence[int],
        leader: SeatT,
        trump: Suit | None,
        seats: Sequence[SeatT] = SEATS,  # type: ignore[assignment]
        total_tricks: int | None = None,
    ) -> None:
        if len(hands) != len(seats):
            raise ValueError("one hand for each player")
        self.trump = trump
        self._trumps = _NO_SUIT if trump is None else int(trump)
        self.seats: tuple[SeatT, ...] = tuple(seats)
        """The players in clockwise order; hands and trick counts go by position here."""
        self.hands: list[int] = [hand.mask if isinstance(hand, Hand) else hand for hand in hands]
        """Remaining cards by position, as masks."""
        self._pairs = _pairs(self.seats)
        self.history: list[tuple[SeatT, Card]] = []
        """Every card played, in order, with the seat it came from."""
        self._winners: list[SeatT] = []
        """The winner of each completed trick."""
        self._tricks: list[Trick[SeatT]] = []
        """The completed tricks built so far (`tricks` builds them when asked)."""
        self.tricks_won = [0] * len(seats)
        """Completed tricks won by each player, by position."""
        self._players = len(seats)
        self._leader = self.seats.index(leader)
        self._position = self._leader
        """The position of the player to play (kept, not derived: the engine asks every card)."""
        self._in_trick = 0
        """Cards of the trick in progress: the tail of `history`."""
        self._led = _NO_SUIT
        self._best: Card | None = None
        self._best_position = self._leader
        self._total_tricks = card_count(self.hands[0]) if total_tricks is None else total_tricks

    @property
    def tricks(self) -> list[Trick[SeatT]]:
        """The completed tricks, in order.  Built from the history when asked, not as they are
        played: the engine only counts them, and a random playout never asks."""
        built = self._tricks
        players = self._players
        history = self.history
        winners = self._winners
        for number in range(len(built), len(winners)):
            start = number * players
            built.append(Trick(tuple(history[start : start + players]), winners[number]))
        return built

    @property
    def leader(self) -> SeatT:
        """The player who leads (or has led) the current trick."""
        return self.seats[self._leader]

    @property
    def current_trick(self) -> tuple[Card, ...]:
        """Cards of the trick in progress, in the order played from `leader`."""
        return tuple(card for _, card in self.current_plays())

    def current_plays(self) -> tuple[tuple[SeatT, Card], ...]:
        """The trick in progress with the player of each card."""
        return tuple(self.history[len(self.history) - self._in_trick :])

    @property
    def to_play(self) -> SeatT | None:
        if self.is_over:
            return None
        return self.seats[self._position]

    @property
    def is_over(self) -> bool:
        return len(self._winners) >= self._total_tricks

    @property
    def lead_suit(self) -> Suit | None:
        return SUITS[self._led] if self._in_trick else None

    def hand(self, seat: SeatT) -> Hand:
        return Hand.from_mask(self.hands[self.seats.index(seat)])

    def won_by(self, seat: SeatT) -> int:
        return self.tricks_won[self.seats.index(seat)]

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the player to play may play, lowest first."""
        if len(self._winners) >= self._total_tricks:
            return ()
        hand = self.hands[self._position]
        if self._in_trick:
            led = self._led
            follow = _suit_cards(led, hand >> 13 * led & SUIT_MASK)
            if follow:
                return follow
        return cards_in(hand)

    def play(self, card: Card) -> SeatT | None:
        """Play `card` for the player to play; returns the trick's winner if this card
        completed it (test it against None: player 0 and North are falsy).

        Raises `IllegalAction` (and changes nothing) for a card not held or a revoke.
        """
        if len(self._winners) >= self._total_tricks:
            raise GameOver("all tricks have been played")
        position = self._position
        hand = self.hands[position]
        if not hand & card.mask:
            raise IllegalAction(f"{_name(self.seats[position])} does not hold {card}")
        suit = card.suit_index
        if self._in_trick:
            led = self._led
            if suit != led and hand >> 13 * led & SUIT_MASK:
                raise IllegalAction(f"must follow suit: {SUITS[led].name.lower()} were led")
            best = self._best
            assert best is not None
            if (suit == best.suit_index and card.index > best.index) or (
                suit == self._trumps and best.suit_index != suit
            ):
                self._best, self._best_position = card, position
        else:
            self._led = suit
            self._best, self._best_position = card, position
        self.hands[position] = hand ^ card.mask
        self.history.append(self._pairs[position][card.index])
        self._in_trick += 1
        if self._in_trick < self._players:
            self._position = position + 1 if position + 1 < self._players else 0
            return None
        winner = self._best_position
        seat = self.seats[winner]
        self._winners.append(seat)
        self.tricks_won[winner] += 1
        self._leader = self._position = winner
        self._in_trick = 0
        return seat

    @property
    def remaining_tricks(self) -> int:
        return self._total_tricks - len(self._winners)


def _name(seat: object) -> str:
    return seat.name.title() if isinstance(seat, Seat) else f"Player {seat}"
