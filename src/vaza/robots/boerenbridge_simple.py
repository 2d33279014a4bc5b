"""A plain Boerenbridge robot: it bids its sure-ish winners and plays to hit its bid exactly.

It reads only its `RoundView`.  The strong robots (sampling the hidden hands) come later; this
one is the first opponent and the one the tests play whole matches with.

Bidding: count Wizards as one trick each, the ace of trumps as one, the king and queen of
trumps when they are guarded by length, low trumps in a long trump suit, trumps beyond what an
opponent likely holds, side aces (less sure as more players can ruff them) and guarded side
kings in short rounds; round to the nearest whole number and take the nearest bid the
boerenregel allows.  Blind, it bids its
share of the tricks, rounded (0 in a 1-card round).

Play: while it still needs tricks, win as cheaply as it can when it plays last and with its
best card otherwise; lead its strongest card.  Once it has enough, duck with the highest card
that still loses (shedding danger), and win with its highest card only when it must; lead its
weakest card.
"""

from __future__ import annotations

from collections.abc import Sequence

from vaza.core.cards import Card, Rank, Suit
from vaza.core.games.boerenbridge import Bid, BoerenbridgeAction, ChooseTrump
from vaza.core.games.boerenbridge_cards import AnyCard, Special
from vaza.core.games.boerenbridge_tricks import winning_position
from vaza.core.views.boerenbridge import RoundView
from vaza.robots.base import PlaysOut


class BoerenbridgeSimpleRobot(PlaysOut):
    """Sensible bids and play from a player's view."""

    def choose(self, view: RoundView) -> BoerenbridgeAction:
        legal = view.legal_actions
        if not legal:
            raise ValueError("the robot was asked to act with nothing to choose")
        if isinstance(legal[0], ChooseTrump):
            return ChooseTrump(_longest_suit(view.hand or ()))
        bids = [action for action in legal if isinstance(action, Bid)]
        if bids:
            return _nearest_bid(round(estimate_tricks(view)), bids)
        return _card(view, [action for action in legal if isinstance(action, Card | Special)])


# -- bidding ----------------------------------------------------------------------------------


def estimate_tricks(view: RoundView) -> float:
    """The tricks the hand should take, counted card by card."""
    hand = view.hand
    if hand is None:
        return view.hand_size / view.players
    trump = view.trump
    trumps = [c for c in hand if isinstance(c, Card) and c.suit == trump]
    side_ace = 1.0 if view.players <= 3 else 0.85 if view.hand_size < 6 else 0.7
    total = 0.0
    for card in hand:
        if isinstance(card, Special):
            total += 1.0 if card.is_wizard else 0.0
        elif card.suit == trump:
            total += _trump_value(card.rank, len(trumps))
        elif card.rank == Rank.ACE:
            total += side_ace
        elif card.rank == Rank.KING and _length(hand, card.suit) >= 2 and view.hand_size <= 5:
            total += 0.4
    total += 0.8 * _trumps_beyond_the_others(view, len(trumps))
    return min(total, float(view.hand_size))


def _trumps_beyond_the_others(view: RoundView, held: int) -> float:
    """Trumps left after an opponent's likely trumps are gone win by length: compare with the
    trumps an opponent holds on average, plus one."""
    trump = view.trump
    if trump is None or not held:
        return 0.0
    seen = {*(view.hand or ()), *((view.turned,) if view.turned is not None else ())}
    unseen = [c for c in view.deck.cards if c not in seen]
    dealt_to_others = (view.players - 1) * view.hand_size
    share = min(1.0, dealt_to_others / len(unseen)) if unseen else 0.0
    their_trumps = sum(1 for c in unseen if isinstance(c, Card) and c.suit == trump) * share
    return max(0.0, held - their_trumps / (view.players - 1) - 1)


def _trump_value(rank: Rank, length: int) -> float:
    if rank == Rank.ACE:
        return 1.0
    if rank == Rank.KING:
        return 0.9 if length >= 2 else 0.5
    if rank == Rank.QUEEN:
        return 0.7 if length >= 3 else 0.3
    return 0.6 if length >= 4 else 0.2


def _length(hand: Sequence[AnyCard], suit: Suit) -> int:
    return sum(1 for c in hand if isinstance(c, Card) and c.suit == suit)


def _nearest_bid(wanted: int, legal: Sequence[Bid]) -> Bid:
    """The allowed bid closest to `wanted` (the lower one on a tie: missing low is cheaper
    to repair in play than missing high)."""
    return min(legal, key=lambda bid: (abs(bid.tricks - wanted), bid.tricks))


def _longest_suit(hand: Sequence[AnyCard]) -> Suit:
    """Trumps to name after a Wizard is turned: the longest suit, the higher ranks breaking
    ties (spades when the hand is hidden or has no suits)."""
    return max(
        Suit,
        key=lambda s: (
            _length(hand, s),
            sum(c.rank for c in hand if isinstance(c, Card) and c.suit == s),
            s,
        ),
    )


# -- card play --------------------------------------------------------------------------------


def _strength(card: AnyCard, trump: Suit | None) -> int:
    """How likely a card is to win a trick: Wizards, then trumps, then the rest; Jesters
    last."""
    if isinstance(card, Special):
        return 100 if card.is_wizard else -1
    return card.rank + (20 if card.suit == trump else 0)


def _card(view: RoundView, legal: Sequence[AnyCard]) -> AnyCard:
    player = view.viewer
    assert player is not None
    bid = view.bids[player]
    assert bid is not None
    trump = view.trump
    needs = bid - view.tricks_won[player]

    def strength(card: AnyCard) -> int:
        return _strength(card, trump)

    trick = [card for _, card in view.current_trick]
    if not trick:
        return max(legal, key=strength) if needs > 0 else min(legal, key=strength)
    position = len(trick)
    winners = [c for c in legal if winning_position([*trick, c], trump) == position]
    losers = [c for c in legal if c not in winners]
    last_to_play = position == view.players - 1
    if needs > 0:
        if winners:
            return min(winners, key=strength) if last_to_play else max(winners, key=strength)
        return min(legal, key=strength)
    if losers:
        return max(losers, key=strength)
    return max(winners, key=strength)
