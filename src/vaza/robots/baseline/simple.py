"""A plain robot: natural bidding by points and length, and sensible card play.

It is the robot of the terminal demo and the other games' first opponent; the strong robots
(a documented system, double-dummy sampling) replace it later.  It reads only its view.

Bidding: open with 12+ points (1NT with 15–17 balanced, else the longer major with five, else
the longer minor); respond and rebid toward the partnership's best strain, counting partner as
holding what their bids showed (12 for an opening, 6 for a response); game at 25 combined
points, slam never; no doubles.  Play: second hand low, third hand high, win as cheaply as
possible, do not overtake partner, ruff when it wins, discard from the weakest suit.
"""

from __future__ import annotations

from collections.abc import Sequence

from vaza.core.calls import PASS, Call, Strain
from vaza.core.cards import Card, Hand, Seat, Suit
from vaza.core.games.contract import BridgeAction
from vaza.core.views import TableView

_OPENING, _RESPONSE = 12, 6


class SimpleRobot:
    """Natural bidding and sensible play from the seat's view."""

    def choose(self, view: TableView) -> BridgeAction:
        legal = view.legal_actions
        if not legal:
            raise ValueError("the robot was asked to act with nothing to choose")
        if isinstance(legal[0], Call):
            return self._call(view, legal)  # type: ignore[arg-type]
        return self._card(view, legal)  # type: ignore[arg-type]

    # -- bidding ----------------------------------------------------------------------------

    def _call(self, view: TableView, legal: Sequence[Call]) -> Call:
        seat = view.viewer
        hand = view.hand
        assert seat is not None and hand is not None
        own_bids = [(i, c) for i, c in enumerate(view.calls) if c.is_bid]
        ours = [c for i, c in own_bids if view.dealer.next(i).side == seat.side]
        partner_bids = [c for i, c in own_bids if view.dealer.next(i) == seat.partner]
        theirs = [c for i, c in own_bids if view.dealer.next(i).side != seat.side]
        points = hand.hcp + _length_points(hand)
        partner_points = (_OPENING if partner_bids else 0) + _RESPONSE * max(
            0, len(partner_bids) - 1
        )
        if not ours:
            if theirs and points < 13:
                return PASS
            return _cheapest(legal, self._opening(hand)) if points >= _OPENING else PASS
        if not partner_bids:
            return PASS  # we opened and partner passed: no fit known, stop
        strain = self._best_strain(hand, partner_bids)
        level = _target_level(strain, points + partner_points)
        if level == 0:
            return PASS
        wanted = Call.bid(level, strain)
        return wanted if wanted in legal else PASS

    @staticmethod
    def _opening(hand: Hand) -> Strain:
        spades, hearts, diamonds, clubs = hand.shape
        balanced = sorted(hand.shape)[0] >= 2 and sorted(hand.shape)[1] >= 3
        if balanced and 15 <= hand.hcp <= 17:
            return Strain.NOTRUMP
        if max(spades, hearts) >= 5:
            return Strain.SPADES if spades >= hearts else Strain.HEARTS
        return Strain.DIAMONDS if diamonds > clubs else Strain.CLUBS

    @staticmethod
    def _best_strain(hand: Hand, partner_bids: list[Call]) -> Strain:
        """Partner's suit with a fit (three cards in a major, four in a minor), else our own
        five-card major, else no trump."""
        for call in partner_bids:
            suit = call.strain.suit if call.strain is not None else None
            if suit is not None and hand.length(suit) >= (3 if suit.is_major else 4):
                return Strain(suit)
        spades, hearts, _, _ = hand.shape
        if max(spades, hearts) >= 5:
            return Strain.SPADES if spades >= hearts else Strain.HEARTS
        return Strain.NOTRUMP

    # -- card play --------------------------------------------------------------------------

    def _card(self, view: TableView, legal: Sequence[Card]) -> Card:
        contract = view.contract
        assert contract is not None
        trump = contract.trump
        trick = view.current_trick
        player = view.to_act
        assert player is not None
        if not trick:
            return self._lead(legal, trump)
        led = trick[0][1].suit
        winner_seat, winning = _winning(trick, trump)
        partner_winning = winner_seat == player.partner
        last_to_play = len(trick) == 3
        beaters = [c for c in legal if _beats(c, winning, led, trump)]
        if partner_winning and (last_to_play or winning.rank >= 12):
            return _lowest(legal, trump)
        second_hand = len(trick) == 1
        if beaters and (not second_hand or beaters[0].suit == trump):
            return min(beaters, key=lambda c: (c.suit == trump, c.rank))
        return _lowest(legal, trump)

    @staticmethod
    def _lead(legal: Sequence[Card], trump: Suit | None) -> Card:
        by_suit: dict[Suit, list[Card]] = {}
        for card in legal:
            by_suit.setdefault(card.suit, []).append(card)
        side_suits = [s for s in by_suit if s != trump] or list(by_suit)
        suit = max(side_suits, key=lambda s: (len(by_suit[s]), max(c.rank for c in by_suit[s])))
        cards = sorted(by_suit[suit], key=lambda c: c.rank, reverse=True)
        if len(cards) >= 2 and cards[0].rank - cards[1].rank == 1 and cards[0].rank >= 12:
            return cards[0]  # top of a sequence of honours
        return cards[min(3, len(cards) - 1)] if len(cards) >= 4 else cards[-1]


def _length_points(hand: Hand) -> int:
    return sum(max(0, length - 4) for length in hand.shape)


def _cheapest(legal: Sequence[Call], strain: Strain) -> Call:
    for call in legal:
        if call.is_bid and call.strain == strain:
            return call
    return PASS


def _target_level(strain: Strain, combined: int) -> int:
    if combined >= 25:
        return {Strain.NOTRUMP: 3, Strain.HEARTS: 4, Strain.SPADES: 4}.get(strain, 5)
    if combined >= 23:
        return 2 if strain == Strain.NOTRUMP else 3
    if combined >= 20:
        return 2 if strain != Strain.NOTRUMP else 1
    return 0


def _winning(trick: tuple[tuple[Seat, Card], ...], trump: Suit | None) -> tuple[Seat, Card]:
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if _beats(card, best, trick[0][1].suit, trump):
            best_seat, best = seat, card
    return best_seat, best


def _beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    if card.suit == best.suit:
        return card.rank > best.rank
    return card.suit == trump or (card.suit == led and best.suit not in (led, trump))


def _lowest(legal: Sequence[Card], trump: Suit | None) -> Card:
    """The least useful card: a low card outside trumps, from the weakest suit."""
    return min(legal, key=lambda c: (c.suit == trump, c.rank))
