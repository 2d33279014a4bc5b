"""Boerenbridge table options, the schedules of hand sizes, and the setup of each round.

Seed 004 gives the ladders for four to seven players; the rest are choices recorded in
docs/games/boerenbridge.md: 1…10…1 for three players, 1…8…1 for two (26 cards), a fixed hand
size repeated as many times as the player count's ladder has rounds.  Any schedule the players
agree on is accepted when every round fits the pack: ``players × size`` cards at most, and one
card more for the trump indicator (a round that uses the whole pack has no trumps).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from vaza.core.errors import IllegalAction
from vaza.core.games.boerenbridge_cards import DeckKind
from vaza.core.pickling import Rebuild, by_fields

MIN_PLAYERS: Final = 2
"""Two only with the 26-card deck (seed 004's "Boerenbridge para dois")."""
MAX_PLAYERS: Final = 7


def ladder(top: int, *, top_twice: bool = False) -> tuple[int, ...]:
    """Hand sizes up from 1 to `top` and back down to 1 (`top_twice`: the top round twice)."""
    up = tuple(range(1, top + 1))
    return up + ((top,) if top_twice else ()) + up[-2::-1]


LADDERS: Final[dict[int, tuple[int, ...]]] = {
    2: ladder(8),
    3: ladder(10),
    4: ladder(8),
    5: ladder(10),
    6: ladder(8),
    7: ladder(7, top_twice=True),
}
"""The schedule of hand sizes by player count: seed 004 for 4–7 and for two; 3 is Vaza's."""


@dataclass(frozen=True, slots=True)
class BoerenbridgeOptions:
    """What a table agrees before the match (seed 004's variants).  The defaults are the
    seed's basic game."""

    harsh: bool = False
    """Harshe telling: a missed bid scores minus the difference instead of 0."""
    consolation: bool = False
    """Regra do fazendeiro: +5 to a dealer whom the boerenregel left no exact bid, when they
    miss by one trick (see `vaza.scoring.boerenbridge`)."""
    fixed_hand_size: int | None = None
    """Vaste handen: every round has this many cards (usually 7 or 10)."""
    no_trump_rounds: bool = False
    """Zonder troef: the 1-card rounds and the rounds of the schedule's top size have no
    trumps (no card is turned)."""
    blind_one_card_rounds: bool = False
    """Blind Boerenbridge: in 1-card rounds everyone bids before seeing their card."""
    blind_multiplier: int = 2
    """What a blind round's scores are multiplied by."""
    wizards: bool = False
    """Wizard style: four Wizards and four Jesters join the pack."""
    schedule: tuple[int, ...] | None = None
    """Hand sizes the players agreed on, replacing the ladder."""

    def __post_init__(self) -> None:
        if self.fixed_hand_size is not None and self.fixed_hand_size < 1:
            raise IllegalAction("a fixed hand size is at least one card")
        if self.blind_multiplier < 1:
            raise IllegalAction("the blind multiplier is a whole number of at least 1")
        if self.schedule is not None:
            if not self.schedule:
                raise IllegalAction("an agreed schedule has at least one round")
            if any(size < 1 for size in self.schedule):
                raise IllegalAction("every round of a schedule has at least one card")
            if self.fixed_hand_size is not None:
                raise IllegalAction("choose a fixed hand size or a schedule, not both")
        if self.fixed_hand_size is not None and self.no_trump_rounds:
            raise IllegalAction(
                "no-trump rounds are the 1-card and top rounds of a ladder; with a fixed hand"
                " size every round would be a top round"
            )

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class RoundSetup:
    """Everything fixed about a round before the cards are dealt."""

    players: int
    dealer: int
    hand_size: int
    deck: DeckKind = DeckKind.STANDARD
    no_trump: bool = False
    """No trumps by design (a no-trump round): no card is turned."""
    blind: bool = False
    """Everyone bids before seeing their own cards."""

    def __post_init__(self) -> None:
        check_players(self.players, self.deck)
        if not 0 <= self.dealer < self.players:
            raise IllegalAction(f"the dealer is one of players 0 to {self.players - 1}")
        check_hand_size(self.players, self.hand_size, self.deck)

    @property
    def has_indicator(self) -> bool:
        """A card is turned for trumps: the round is not no-trump by design and a card is
        left after the deal."""
        return not self.no_trump and self.players * self.hand_size < self.deck.size

    @property
    def first_bidder(self) -> int:
        """The player on the dealer's left bids first and leads the first trick."""
        return (self.dealer + 1) % self.players

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


def deck_for(players: int, options: BoerenbridgeOptions) -> DeckKind:
    if options.wizards:
        return DeckKind.WIZARD
    return DeckKind.TWO_PLAYER if players == 2 else DeckKind.STANDARD


def check_players(players: int, deck: DeckKind) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise IllegalAction(f"Boerenbridge is for 2 to 7 players, not {players}")
    if (players == 2) != (deck is DeckKind.TWO_PLAYER):
        raise IllegalAction(
            "two players play with the 26-card deck, and only they do"
            if deck is not DeckKind.WIZARD
            else "the Wizard style is for 3 to 7 players"
        )


def check_hand_size(players: int, size: int, deck: DeckKind) -> None:
    """A round must fit the pack: `players × size` cards (one more to turn for trumps, or the
    round is played without trumps)."""
    if size < 1:
        raise IllegalAction("a round deals at least one card to each player")
    if players * size > deck.size:
        raise IllegalAction(
            f"{players} players × {size} cards is more than the {deck.size}-card deck holds"
        )


def max_hand_size(players: int, deck: DeckKind) -> int:
    """The largest round that still leaves a card to turn for trumps."""
    return (deck.size - 1) // players


def schedule_for(players: int, options: BoerenbridgeOptions) -> tuple[int, ...]:
    """The hand size of each round of a match (validated against the pack)."""
    deck = deck_for(players, options)
    check_players(players, deck)
    if options.schedule is not None:
        schedule = options.schedule
    elif options.fixed_hand_size is not None:
        schedule = (options.fixed_hand_size,) * len(LADDERS[players])
    else:
        schedule = LADDERS[players]
    for size in schedule:
        check_hand_size(players, size, deck)
    return schedule


def round_setups(
    players: int, options: BoerenbridgeOptions, first_dealer: int = 0
) -> tuple[RoundSetup, ...]:
    """The plan of a match: each round's dealer (clockwise from `first_dealer`), hand size,
    deck, and whether it is a no-trump or a blind round."""
    schedule = schedule_for(players, options)
    deck = deck_for(players, options)
    top = max(schedule)
    return tuple(
        RoundSetup(
            players=players,
            dealer=(first_dealer + number) % players,
            hand_size=size,
            deck=deck,
            no_trump=options.no_trump_rounds and size in (1, top),
            blind=options.blind_one_card_rounds and size == 1,
        )
        for number, size in enumerate(schedule)
    )
