"""One round of Boerenbridge (the Dutch Oh Hell, seed 004) as a `Game`.

Players are 0..n-1, seated clockwise.  The dealer deals the round's hand size to everyone and
turns the next card for trumps (none turned in a no-trump round or when no card is left; in the
Wizard style a Jester turned means no trumps and a Wizard turned lets the dealer choose them).
Then everyone bids from the dealer's left, the dealer last and barred from the bid that would
make the bids add up to the hand size (the boerenregel).  The player on the dealer's left leads
the first trick; suit must be followed; the winner of a trick leads the next.

Every action is checked in full before anything changes, so a rejected action leaves the round
as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from vaza.core.cards import Card, Suit
from vaza.core.deal import make_rng
from vaza.core.errors import GameOver, IllegalAction, NotYourTurn, ParseError
from vaza.core.game import Claim, ClaimResponse, Game, UndoRequest, UndoResponse
from vaza.core.games.boerenbridge_cards import (
    AnyCard,
    DeckKind,
    Special,
    cards_of,
    display_order,
    mask_of,
)
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup, round_setups
from vaza.core.games.boerenbridge_tricks import RoundTrick, WizardPlay
from vaza.core.pickling import Rebuild, by_fields
from vaza.core.play import Play

__all__ = [
    "Bid",
    "BoerenbridgeAction",
    "BoerenbridgeOptions",
    "BoerenbridgeRound",
    "ChooseTrump",
    "RoundDeal",
    "RoundPhase",
    "RoundResult",
    "RoundSetup",
    "barred_bid",
    "round_setups",
]


class RoundPhase(Enum):
    TRUMP_CHOICE = "trump choice"
    """A Wizard was turned: the dealer names the trump suit."""
    BIDDING = "bidding"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True, init=False)
class Bid:
    """A player's exact number of tricks for the round.

    A bid that is not a whole number is refused as it is made (compiled, the field's type is
    checked then), with the same `IllegalAction` whether the rules are compiled or not."""

    tricks: int

    def __init__(self, tricks: object) -> None:
        if type(tricks) is not int:
            raise IllegalAction(f"a bid is a whole number of tricks, not {tricks!r}")
        object.__setattr__(self, "tricks", tricks)

    def __str__(self) -> str:
        return str(self.tricks)

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


@dataclass(frozen=True, slots=True, init=False)
class ChooseTrump:
    """The dealer names trumps after turning a Wizard (Wizard rules: one of the four suits;
    anything else is refused as it is made, as `Bid` is)."""

    suit: Suit

    def __init__(self, suit: object) -> None:
        if not isinstance(suit, Suit):
            raise IllegalAction("trumps are one of the four suits")
        object.__setattr__(self, "suit", suit)

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


BoerenbridgeAction = Bid | ChooseTrump | Card | Special


def barred_bid(hand_size: int, other_bids: Iterable[int]) -> int | None:
    """The bid the boerenregel forbids the dealer: the one that makes the total equal the hand
    size, or None when the others already bid more than that (nothing is barred)."""
    barred = hand_size - sum(other_bids)
    return barred if 0 <= barred <= hand_size else None


@dataclass(frozen=True, slots=True)
class RoundDeal:
    """The cards of a round as dealt: each player's hand (by player, as masks over every
    Boerenbridge card) and the card turned for trumps, if any."""

    hands: tuple[int, ...]
    turned: AnyCard | None = None

    def __post_init__(self) -> None:
        seen = 0
        for hand in self.hands:
            if seen & hand:
                raise ParseError("a card is dealt to two players")
            seen |= hand
        if self.turned is not None and seen & self.turned.mask:
            raise ParseError(f"the turned card {self.turned} is also in a hand")

    @classmethod
    def of(cls, hands: Sequence[Iterable[AnyCard]], turned: AnyCard | None = None) -> RoundDeal:
        """A deal from explicit cards (tests, hand-made examples)."""
        return cls(tuple(mask_of(hand) for hand in hands), turned)

    @classmethod
    def shuffle(cls, setup: RoundSetup, rng: random.Random | None = None) -> RoundDeal:
        """Shuffle the round's pack, deal one card at a time clockwise from the dealer's left,
        and turn the next card when the round has a trump indicator.  Without `rng`, from a
        secure source."""
        pack = list(setup.deck.cards)
        (rng or make_rng()).shuffle(pack)
        players = setup.players
        masks = [0] * players
        for position in range(players * setup.hand_size):
            masks[(setup.first_bidder + position) % players] |= pack[position].mask
        turned = pack[players * setup.hand_size] if setup.has_indicator else None
        return cls(tuple(masks), turned)

    def hand(self, player: int) -> tuple[AnyCard, ...]:
        return display_order(cards_of(self.hands[player]))

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended: everyone's bid and tricks, by player."""

    setup: RoundSetup
    trump: Suit | None
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    barred: int | None
    """The bid the boerenregel barred the dealer from (None when nothing was barred)."""

    def exact(self, player: int) -> bool:
        return self.bids[player] == self.tricks[player]

    @property
    def dealer_forced(self) -> bool:
        """The dealer took exactly the barred number of tricks: the rule left them no bid that
        could be right (the "forced" dealer of the consolation rule)."""
        return self.barred is not None and self.tricks[self.setup.dealer] == self.barred

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


class BoerenbridgeRound(Game[int, BoerenbridgeAction, RoundResult]):
    """A round of Boerenbridge from the first bid (or the dealer's trump choice) to the last
    trick."""

    def __init__(self, setup: RoundSetup, deal: RoundDeal) -> None:
        _check_deal(setup, deal)
        self.setup = setup
        self.deal = deal
        self._bids: list[int] = []
        self._barred: int | None = None
        self.play: Play[int] | WizardPlay | None = None
        turned = deal.turned
        if isinstance(turned, Card):
            self.trump: Suit | None = turned.suit
            self.phase = RoundPhase.BIDDING
        elif isinstance(turned, Special) and turned.is_wizard:
            self.trump = None
            self.phase = RoundPhase.TRUMP_CHOICE
        else:
            self.trump = None  # no trumps: by design, no card left, or a Jester turned
            self.phase = RoundPhase.BIDDING

    @classmethod
    def dealt(cls, setup: RoundSetup, rng: random.Random | None = None) -> BoerenbridgeRound:
        """A round with freshly shuffled cards (from a secure source without `rng`)."""
        return cls(setup, RoundDeal.shuffle(setup, rng))

    # -- what anyone may ask ----------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def dealer(self) -> int:
        return self.setup.dealer

    @property
    def hand_size(self) -> int:
        return self.setup.hand_size

    @property
    def turned(self) -> AnyCard | None:
        return self.deal.turned

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Each player's bid, by player (None until made)."""
        made: list[int | None] = [None] * self.players
        for order, bid in enumerate(self._bids):
            made[(self.setup.first_bidder + order) % self.players] = bid
        return tuple(made)

    @property
    def barred(self) -> int | None:
        """The dealer's barred bid, once every other bid is in."""
        if len(self._bids) < self.players - 1:
            return None
        return barred_bid(self.hand_size, self._bids[: self.players - 1])

    def hand(self, player: int) -> tuple[AnyCard, ...]:
        """The cards `player` still holds, in display order."""
        if self.play is None:
            return self.deal.hand(player)
        return display_order(cards_of(self.play.hands[player]))

    @property
    def played(self) -> tuple[tuple[int, AnyCard], ...]:
        """Every card played so far, in order, with its player."""
        return tuple(self.play.history) if self.play is not None else ()

    @property
    def current_trick(self) -> tuple[tuple[int, AnyCard], ...]:
        return self.play.current_plays() if self.play is not None else ()

    @property
    def tricks(self) -> tuple[RoundTrick, ...]:
        if self.play is None:
            return ()
        if isinstance(self.play, WizardPlay):
            return tuple(self.play.tricks)
        return tuple(RoundTrick(trick.plays, trick.winner) for trick in self.play.tricks)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        if self.play is None:
            return (0,) * self.players
        return tuple(self.play.tricks_won)

    # -- whose turn -------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        if self.phase is RoundPhase.TRUMP_CHOICE:
            return self.dealer
        if self.phase is RoundPhase.BIDDING:
            return (self.setup.first_bidder + len(self._bids)) % self.players
        if self.phase is RoundPhase.PLAY:
            assert self.play is not None
            return self.play.to_play
        return None

    @property
    def is_over(self) -> bool:
        return self.phase is RoundPhase.OVER

    def legal_actions(self) -> Sequence[BoerenbridgeAction]:
        if self.phase is RoundPhase.TRUMP_CHOICE:
            return tuple(ChooseTrump(suit) for suit in Suit)
        if self.phase is RoundPhase.BIDDING:
            barred = self.barred if self.to_act == self.dealer else None
            return tuple(Bid(n) for n in range(self.hand_size + 1) if n != barred)
        if self.phase is RoundPhase.PLAY:
            assert self.play is not None
            return self.play.legal_cards()
        return ()

    # -- actions ----------------------------------------------------------------------------

    def apply(self, action: object, by: int | None = None) -> None:
        if not isinstance(action, Bid | ChooseTrump | Card | Special):
            if isinstance(action, Claim | ClaimResponse | UndoRequest | UndoResponse):
                raise IllegalAction(
                    "Boerenbridge has no claims or take-backs at Vaza: every card is played"
                )
            raise IllegalAction(f"not an action of Boerenbridge: {action!r}")
        if self.phase is RoundPhase.OVER:
            raise GameOver("the round is over")
        if by is not None and by != self.to_act:
            raise NotYourTurn(f"it is player {self.to_act}'s turn, not player {by}'s")
        if isinstance(action, Bid):
            self._bid(action)
        elif isinstance(action, ChooseTrump):
            self._choose_trump(action)
        else:
            self._card(action)

    def _choose_trump(self, choice: ChooseTrump) -> None:
        if self.phase is not RoundPhase.TRUMP_CHOICE:
            raise IllegalAction("trumps are chosen only when a Wizard is turned")
        self.trump = choice.suit
        self.phase = RoundPhase.BIDDING

    def _bid(self, bid: Bid) -> None:
        if self.phase is RoundPhase.TRUMP_CHOICE:
            raise IllegalAction("the dealer turned a Wizard and names trumps first")
        if self.phase is not RoundPhase.BIDDING:
            raise IllegalAction("the bidding is over; play a card")
        tricks = bid.tricks
        if not 0 <= tricks <= self.hand_size:
            raise IllegalAction(f"a bid is a whole number of tricks from 0 to {self.hand_size}")
        if self.to_act == self.dealer and tricks == self.barred:
            raise IllegalAction(
                f"the dealer may not bid {tricks}: the bids would add up to the"
                f" {self.hand_size} tricks of the round"
            )
        self._bids.append(tricks)
        if len(self._bids) == self.players:
            self._barred = barred_bid(self.hand_size, self._bids[:-1])
            self._start_play()

    def _start_play(self) -> None:
        leader = self.setup.first_bidder
        hands = self.deal.hands
        if self.setup.deck is DeckKind.WIZARD:
            self.play = WizardPlay(hands, leader, self.trump)
        else:
            self.play = Play(hands, leader, self.trump, seats=tuple(range(self.players)))
        self.phase = RoundPhase.PLAY

    def _card(self, card: Card | Special) -> None:
        play = self.play
        if play is None:
            raise IllegalAction("the bidding is not over; make a bid")
        if isinstance(play, WizardPlay):
            play.play(card)
        else:
            if not isinstance(card, Card):
                raise IllegalAction(f"Player {self.to_act} does not hold {card}")
            play.play(card)
        if play.is_over:
            self.phase = RoundPhase.OVER

    # -- outcome ----------------------------------------------------------------------------

    @property
    def result(self) -> RoundResult | None:
        if self.phase is not RoundPhase.OVER:
            return None
        bids = self.bids
        return RoundResult(
            setup=self.setup,
            trump=self.trump,
            bids=tuple(bid for bid in bids if bid is not None),
            tricks=self.tricks_won,
            barred=self._barred,
        )


def _check_deal(setup: RoundSetup, deal: RoundDeal) -> None:
    """A deal must match its setup: one hand of the right size per player, cards of the
    round's deck, and a turned card exactly when the round has an indicator."""
    if len(deal.hands) != setup.players:
        raise ParseError(f"a round of {setup.players} players needs {setup.players} hands")
    deck = setup.deck.mask
    for player, hand in enumerate(deal.hands):
        if hand.bit_count() != setup.hand_size:
            raise ParseError(f"player {player} must hold {setup.hand_size} cards")
        if hand & ~deck:
            raise ParseError(f"player {player} holds cards not in the {setup.deck.value} deck")
    turned = deal.turned
    if setup.has_indicator != (turned is not None):
        raise ParseError(
            "this round turns a card for trumps" if setup.has_indicator else "no card is turned"
        )
    if turned is not None and not turned.mask & deck:
        raise ParseError(f"{turned} is not in the {setup.deck.value} deck")
