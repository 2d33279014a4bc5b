"""Tricks with Wizards and Jesters, and the trick rules shared by every Boerenbridge deck.

Rounds dealt from a plain deck play through `vaza.core.play.Play`, the engine's hot path.  The
Wizard-style deck needs rules `Play` does not have, taken from Wizard's published rules
(Ken Fisher, 1984; U.S. Games Systems / Amigo rule sheets):

- a Wizard or a Jester may be played at any time, even by a player holding the suit led;
- a Wizard led frees everyone from following suit; a Jester led does not set the suit, the
  first card that is not a Jester does (and if that is a Wizard, nobody need follow);
- the first Wizard played wins the trick; without one, the highest trump; without one, the
  highest card of the suit led; a trick of Jesters only goes to the first Jester.

`WizardPlay` offers the part of `Play`'s surface a round uses, so the round drives either.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vaza.core.cards import Card, Suit
from vaza.core.errors import GameOver, IllegalAction
from vaza.core.games.boerenbridge_cards import AnyCard, Special, cards_of
from vaza.core.pickling import Rebuild, by_fields

_SUIT_MASK = 0x1FFF


@dataclass(frozen=True, slots=True)
class RoundTrick:
    """A completed trick: the cards in the order played, each with its player, and the winner."""

    plays: tuple[tuple[int, AnyCard], ...]
    winner: int

    @property
    def leader(self) -> int:
        return self.plays[0][0]

    @property
    def cards(self) -> tuple[AnyCard, ...]:
        return tuple(card for _, card in self.plays)

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


def suit_to_follow(cards: Sequence[AnyCard]) -> Suit | None:
    """The suit the next player must follow, or None when any card may be played (nothing led
    yet, a Wizard set the trick, or only Jesters so far)."""
    for card in cards:
        if isinstance(card, Card):
            return card.suit
        if card.is_wizard:
            return None
    return None


def winning_position(cards: Sequence[AnyCard], trump: Suit | None) -> int:
    """Which card of a trick (0 = the lead) wins it, or is winning it so far, for any deck."""
    best: int | None = None
    for position, card in enumerate(cards):
        if isinstance(card, Special):
            if card.is_wizard:
                return position
            continue
        if best is None:
            best = position
            continue
        top = cards[best]
        assert isinstance(top, Card)
        if card.suit == top.suit:
            if card.index > top.index:
                best = position
        elif card.suit == trump:
            best = position
    return 0 if best is None else best


def legal_from(hand: int, trick: Sequence[AnyCard]) -> int:
    """The mask of the cards a player holding `hand` may play to `trick` (Wizard rules; with
    no Wizards or Jesters this is plain follow-suit)."""
    suit = suit_to_follow(trick)
    if suit is None:
        return hand
    follow = hand & _SUIT_MASK << 13 * suit
    if not follow:
        return hand
    return follow | hand >> 52 << 52


class WizardPlay:
    """The tricks of a Wizard-style round, players 0..n-1 in clockwise order.

    `play` checks a card fully before it changes anything, so a rejected card leaves the play
    as it was.
    """

    __slots__ = (
        "_leader",
        "_players",
        "_total_tricks",
        "_trick",
        "hands",
        "history",
        "seats",
        "tricks",
        "tricks_won",
        "trump",
    )

    def __init__(self, hands: Sequence[int], leader: int, trump: Suit | None) -> None:
        self.trump = trump
        self._players = len(hands)
        self.seats: tuple[int, ...] = tuple(range(self._players))
        self.hands: list[int] = list(hands)
        """Remaining cards by player, as 60-bit masks."""
        self.history: list[tuple[int, AnyCard]] = []
        self.tricks: list[RoundTrick] = []
        self.tricks_won = [0] * self._players
        self._leader = leader
        self._trick: list[AnyCard] = []
        self._total_tricks = self.hands[0].bit_count()

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def current_trick(self) -> tuple[AnyCard, ...]:
        return tuple(self._trick)

    def current_plays(self) -> tuple[tuple[int, AnyCard], ...]:
        return tuple(self.history[len(self.history) - len(self._trick) :])

    @property
    def to_play(self) -> int | None:
        if self.is_over:
            return None
        return (self._leader + len(self._trick)) % self._players

    @property
    def is_over(self) -> bool:
        return len(self.tricks) >= self._total_tricks

    @property
    def remaining_tricks(self) -> int:
        return self._total_tricks - len(self.tricks)

    def legal_cards(self) -> tuple[AnyCard, ...]:
        player = self.to_play
        if player is None:
            return ()
        return cards_of(legal_from(self.hands[player], self._trick))

    def play(self, card: AnyCard) -> RoundTrick | None:
        """Play `card` for the player to play; returns the trick if this card completed it.

        Raises `IllegalAction` (and changes nothing) for a card not held or a revoke.
        """
        player = self.to_play
        if player is None:
            raise GameOver("all tricks have been played")
        hand = self.hands[player]
        if not hand & card.mask:
            raise IllegalAction(f"Player {player} does not hold {card}")
        if not legal_from(hand, self._trick) & card.mask:
            suit = suit_to_follow(self._trick)
            assert suit is not None
            raise IllegalAction(
                f"must follow suit: {suit.name.lower()} were led (a Wizard or a Jester may"
                " always be played)"
            )
        self.hands[player] = hand ^ card.mask
        self.history.append((player, card))
        self._trick.append(card)
        if len(self._trick) < self._players:
            return None
        winner = (self._leader + winning_position(self._trick, self.trump)) % self._players
        done = RoundTrick(tuple(self.history[-self._players :]), winner)
        self.tricks.append(done)
        self.tricks_won[winner] += 1
        self._leader = winner
        self._trick = []
        return done
