"""Plain robots for the bridge variants of seed 000: Bridge-Whist, the widow game, two-handed.

Each decides from its seat's view alone.  Where a variant's view carries contract bridge's
picture (`table`), ordinary calls and cards are left to `SimpleRobot`; the variants' own
decisions are made here:

- Bridge-Whist: the dealer names a strain with a strong hand (a five-card suit and 10 points, a
  six-card suit, or 15–17 balanced for no trump) and otherwise passes the choice to partner,
  who names the longest suit (no trump when balanced with 12 or more).
- Widow: the declarer keeps the best widow card, gives the next to partner and the two worst
  to the opponents (trumps first, then rank).
- Two-handed, first phase: the robot wants the face-up card when it is a jack or better, or an
  eight or better in its longest suit.  Wanting it, it leads its highest card, or follows with
  the cheapest card that wins; otherwise it plays its lowest card (a loser when it can).
  Second phase: it bids its longest suit (no trump when balanced) at the level its points over
  the average hand suggest (half the high-card points the first phase left in play), one level
  per three points; it plays to win tricks cheaply, second hand included, as no partner can.
"""

from __future__ import annotations

from collections.abc import Sequence

from vaza.core.calls import PASS, Call, Strain
from vaza.core.cards import Card, Hand, Rank, Seat, Suit
from vaza.core.games.bridge_whist import (
    PASS_TO_PARTNER,
    BridgeWhistAction,
    NameTrumps,
    WhistStage,
)
from vaza.core.games.contract import BridgeAction, LowestOf, Phase
from vaza.core.games.honeymoon import TwoHandedAction, TwoHandedStage
from vaza.core.games.widow import HandOut, WidowAction, WidowStage
from vaza.core.views.bridge_whist import BridgeWhistView
from vaza.core.views.contract import TableView
from vaza.core.views.honeymoon import TwoHandedView
from vaza.core.views.widow import WidowView
from vaza.robots.base import PlaysOut
from vaza.robots.simple import SimpleRobot

_DECK_POINTS = 40
"""The deck's high-card points; what the first phase did not play out is shared by the two
hands, so half of it is the average hand of the second phase."""


def _no_choice(legal: Sequence[object]) -> None:
    if not legal:
        raise ValueError("the robot was asked to act with nothing to choose")


def _play_action(action: BridgeAction) -> Card | LowestOf:
    if isinstance(action, Call):
        raise ValueError(f"a card was expected during the play, not {action}")
    return action


def _balanced(hand: Hand) -> bool:
    shape = sorted(hand.shape)
    return shape[0] >= 2 and shape[1] >= 3


def _suit_points(hand: Hand, suit: Suit) -> int:
    return sum(card.hcp for card in hand.suit(suit))


def _longest_suit(hand: Hand) -> Suit:
    """The longest suit; among equals the one with more points, then the higher."""
    return max(Suit, key=lambda suit: (hand.length(suit), _suit_points(hand, suit), suit))


# -- Bridge-Whist -------------------------------------------------------------------------


def _dealer_strain(hand: Hand) -> Strain | None:
    """The strain the dealer names with a strong hand, or None to pass to partner."""
    if _balanced(hand) and 15 <= hand.hcp <= 17:
        return Strain.NOTRUMP
    suit = _longest_suit(hand)
    length = hand.length(suit)
    if length >= 6 or (length >= 5 and hand.hcp >= 10):
        return Strain(suit)
    if _balanced(hand) and hand.hcp > 17:
        return Strain.NOTRUMP
    return None


def _partner_strain(hand: Hand) -> Strain:
    if _balanced(hand) and hand.hcp >= 12 and max(hand.shape) < 5:
        return Strain.NOTRUMP
    return Strain(_longest_suit(hand))


class BridgeWhistRobot(PlaysOut):
    """Names trumps or passes them to partner; plays the cards as `SimpleRobot`."""

    def __init__(self) -> None:
        self._cards = SimpleRobot()

    def choose(self, view: BridgeWhistView) -> BridgeWhistAction:
        legal = view.legal_actions
        _no_choice(legal)
        if view.stage is not WhistStage.TRUMPS:
            assert view.table is not None
            return _play_action(self._cards.choose(view.table))
        hand = view.hand
        assert hand is not None
        if PASS_TO_PARTNER in legal:
            strain = _dealer_strain(hand)
            return PASS_TO_PARTNER if strain is None else NameTrumps(strain)
        return NameTrumps(_partner_strain(hand))


# -- the widow game -----------------------------------------------------------------------


def _auction_table(view: WidowView) -> TableView:
    """The contract bridge picture of the widow auction, for `SimpleRobot`'s bidding; made from
    the view's own fields, so it holds nothing the view does not."""
    return TableView(
        viewer=view.viewer,
        board_number=view.board_number,
        dealer=view.dealer,
        vulnerability=view.vulnerability,
        phase=Phase.AUCTION,
        hands=view.hands,
        calls=view.calls,
        contract=None,
        to_act=view.to_act,
        controller=view.controller,
        legal_actions=tuple(a for a in view.legal_actions if isinstance(a, Call)),
        played=(),
        current_trick=(),
        last_trick=None,
        tricks_won=(0, 0),
        proposal=view.proposal,
        result=None,
        deal=None,
    )


def widow_hand_out(widow: Hand, declarer: Seat, trump: Suit | None) -> HandOut:
    """The best card to declarer, the next to partner, the two worst to the opponents."""
    ranked = sorted(widow, key=lambda card: (card.suit == trump, card.rank), reverse=True)
    order = (declarer, declarer.partner, declarer.lho, declarer.rho)
    return HandOut.of(dict(zip(order, ranked, strict=True)))


class WidowRobot(PlaysOut):
    """Bids and plays as `SimpleRobot`; as declarer, hands out the widow to its side's good."""

    def __init__(self) -> None:
        self._bridge = SimpleRobot()

    def choose(self, view: WidowView) -> WidowAction:
        legal = view.legal_actions
        _no_choice(legal)
        if view.stage is WidowStage.AUCTION:
            return self._bridge.choose(_auction_table(view))
        if view.stage is WidowStage.WIDOW:
            assert view.widow is not None and view.contract is not None
            return widow_hand_out(view.widow, view.contract.declarer, view.contract.trump)
        assert view.table is not None
        return _play_action(self._bridge.choose(view.table))


# -- two-handed bridge --------------------------------------------------------------------


def _beats(card: Card, best: Card, trump: Suit | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump


def _lowest(cards: Sequence[Card], trump: Suit | None) -> Card:
    return min(cards, key=lambda card: (card.suit == trump, card.rank))


def _cheapest_winner(cards: Sequence[Card], led: Card, trump: Suit | None) -> Card | None:
    winners = [card for card in cards if _beats(card, led, trump)]
    if not winners:
        return None
    return min(winners, key=lambda card: (card.suit == trump, card.rank))


def wants_face_up(card: Card, hand: Hand) -> bool:
    """Whether the face-up card is worth winning a first-phase trick for."""
    return card.rank >= Rank.JACK or (card.rank >= Rank.EIGHT and card.suit == _longest_suit(hand))


def _strongest_lead(cards: Sequence[Card]) -> Card:
    """The card likeliest to win a trick on lead: the highest one."""
    return max(cards, key=lambda card: card.rank)


def _second_phase_lead(cards: Sequence[Card], trump: Suit | None) -> Card:
    aces = [card for card in cards if card.rank == Rank.ACE and card.suit != trump]
    if aces:
        return aces[0]
    side = [card for card in cards if card.suit != trump] or list(cards)
    suits = {card.suit for card in side}
    suit = max(suits, key=lambda s: (sum(1 for c in side if c.suit == s), s))
    return min((card for card in side if card.suit == suit), key=lambda card: card.rank)


class TwoHandedRobot(PlaysOut):
    """Plays both phases of two-handed bridge from its view."""

    def choose(self, view: TwoHandedView) -> TwoHandedAction:
        legal = view.legal_actions
        _no_choice(legal)
        if view.stage is TwoHandedStage.AUCTION:
            return self._call(view, [a for a in legal if isinstance(a, Call)])
        cards = [a for a in legal if isinstance(a, Card)]
        if view.stage is TwoHandedStage.DRAW:
            return self._draw_card(view, cards)
        contract = view.contract
        assert contract is not None
        trump = contract.trump
        if not view.current_trick:
            return _second_phase_lead(cards, trump)
        led = view.current_trick[0][1]
        return _cheapest_winner(cards, led, trump) or _lowest(cards, trump)

    @staticmethod
    def _draw_card(view: TwoHandedView, cards: Sequence[Card]) -> Card:
        hand = view.hand
        assert hand is not None
        want = view.face_up is not None and wants_face_up(view.face_up, hand)
        if not view.current_trick:
            return _strongest_lead(cards) if want else _lowest(cards, None)
        led = view.current_trick[0][1]
        if want:
            return _cheapest_winner(cards, led, None) or _lowest(cards, None)
        losers = [card for card in cards if not _beats(card, led, None)]
        return _lowest(losers or cards, None)

    @staticmethod
    def _call(view: TwoHandedView, legal: Sequence[Call]) -> Call:
        hand = view.hand
        assert hand is not None
        left = _DECK_POINTS - sum(card.hcp for trick in view.first_phase for card in trick.cards)
        points = hand.hcp + sum(max(0, length - 4) for length in hand.shape)
        target = (points - left // 2) // 3 + 1
        if target < 1:
            return PASS
        suit = _longest_suit(hand)
        strain = Strain.NOTRUMP if _balanced(hand) and hand.length(suit) < 5 else Strain(suit)
        for call in legal:
            if call.is_bid and call.strain == strain and call.level <= min(target, 7):
                return call
        return PASS


__all__ = [
    "BridgeWhistRobot",
    "TwoHandedRobot",
    "WidowRobot",
    "wants_face_up",
    "widow_hand_out",
]
