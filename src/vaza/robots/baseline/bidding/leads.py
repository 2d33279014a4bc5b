"""Opening leads from what the auction showed.

Choosing the suit: partner's suit first; a strong honour sequence; against no trump the longest
and strongest suit the opponents did not show; against a suit contract no lead away from an
unsupported ace or king, a singleton when the leader has few trumps, a trump when the auction
says dummy will ruff (declarer showed two suits and dummy preferred one, or we doubled a
partscore for penalty); suits the opponents showed are avoided.

Choosing the card: top of a sequence (A from AK), the top of an interior sequence (J from KJ10),
fourth best from four or more with an honour, low from three to an honour, top from a
doubleton or three small.
"""

from __future__ import annotations

from vaza.core.calls import Contract, Doubling
from vaza.core.cards import Card, Hand, Rank, Seat, Suit
from vaza.core.views import TableView
from vaza.robots.baseline.bidding.infer import situation_after
from vaza.robots.baseline.bidding.situation import Situation
from vaza.robots.baseline.constraints import HandConstraints

_SEQUENCE_TOP = Rank.TEN


def opening_lead(view: TableView) -> Card:
    """The card to lead, from the leader's view at trick one."""
    hand = view.hand
    contract = view.contract
    leader = view.viewer
    if hand is None or contract is None or leader is None:
        raise ValueError("an opening lead needs the leader's hand and the contract")
    if leader != contract.declarer.lho:
        raise ValueError("only declarer's left-hand opponent makes the opening lead")
    situation = situation_after(tuple(view.calls), view.dealer, view.vulnerability)
    suit = choose_suit(hand, contract, leader, situation)
    return choose_card(hand, suit, contract.trump)


def _partner_bid(situation: Situation, leader: Seat, suit: Suit) -> bool:
    partner = leader.partner
    natural = any(
        step.call.strain is not None
        and step.call.strain.suit == suit
        and step.shows.lengths[suit][0] >= 4
        for step in situation.actions(partner)
    )
    return natural or situation.known[partner].lengths[suit][0] >= 5


def _shown(known: HandConstraints, suit: Suit) -> int:
    return known.lengths[suit][0]


def choose_suit(hand: Hand, contract: Contract, leader: Seat, situation: Situation) -> Suit:
    """The suit with the best score; see the module text for the reasons."""
    trump = contract.trump
    declarer, dummy = contract.declarer, contract.dummy
    known = situation.known
    scores: dict[Suit, float] = {}
    for suit in Suit:
        cards = hand.suit(suit)
        if not cards:
            continue
        ranks = [card.rank for card in cards]
        score = 0.0
        if _partner_bid(situation, leader, suit):
            score += 50
        score += _sequence_bonus(ranks)
        opponents_length = max(_shown(known[declarer], suit), _shown(known[dummy], suit))
        if opponents_length >= 4 and suit != trump:
            score -= 25 if trump is not None else 35
        if trump is None:
            score += 4 * len(cards) + sum(rank.hcp for rank in ranks)
        elif suit == trump:
            score += _trump_lead(ranks, contract, situation, declarer, dummy)
        else:
            score += _suit_contract_score(ranks, len(hand.suit(trump)), contract)
        scores[suit] = score
    return max(scores, key=lambda suit: (scores[suit], -suit))


def _sequence_bonus(ranks: list[Rank]) -> float:
    if len(ranks) >= 2 and ranks[0] >= Rank.QUEEN and ranks[0] - ranks[1] == 1:
        three = len(ranks) >= 3 and ranks[1] - ranks[2] == 1
        return 22 if three or ranks[0] == Rank.ACE else 14
    if len(ranks) >= 3 and ranks[0] >= Rank.JACK and ranks[0] - ranks[1] == 1:
        return 10
    return 0


def _suit_contract_score(ranks: list[Rank], trumps: int, contract: Contract) -> float:
    length = len(ranks)
    top = ranks[0]
    score = 0.0
    has_king_below_ace = top == Rank.ACE and length >= 2 and ranks[1] == Rank.KING
    if top == Rank.ACE and not has_king_below_ace:
        score -= 12 if length == 1 else 20
    if Rank.KING in ranks and top != Rank.ACE and not (length >= 2 and ranks[1] == Rank.QUEEN):
        score -= 16
    if Rank.QUEEN in ranks and top == Rank.QUEEN and not (length >= 2 and ranks[1] == Rank.JACK):
        score -= 8
    if length == 1 and trumps <= 3:
        score += 16 if top < Rank.KING else 0
    elif length == 2 and top < Rank.KING:
        score += 4
    elif length >= 3 and top <= Rank.TEN:
        score += 6
    if contract.level >= 6 and top <= Rank.TEN:
        score += 6
    return score


def _trump_lead(
    ranks: list[Rank], contract: Contract, situation: Situation, declarer: Seat, dummy: Seat
) -> float:
    trump = contract.trump
    assert trump is not None
    safe = ranks[0] <= Rank.TEN or (len(ranks) >= 2 and ranks[0] - ranks[1] == 1)
    if not safe or len(ranks) > 3:
        return -40
    declarer_suits = sum(
        1 for suit in Suit if suit != trump and _shown(situation.known[declarer], suit) >= 4
    )
    dummy_preference = _shown(situation.known[dummy], trump) <= 3
    we_doubled = contract.doubling is Doubling.DOUBLED and contract.level <= 3
    if we_doubled or (declarer_suits >= 1 and dummy_preference):
        return 18
    return -12


def choose_card(hand: Hand, suit: Suit, trump: Suit | None) -> Card:
    """The standard card from the chosen suit."""
    cards = hand.suit(suit)
    ranks = [card.rank for card in cards]
    length = len(cards)
    if length <= 2:
        return cards[0]
    if ranks[0] >= _SEQUENCE_TOP and ranks[0] - ranks[1] == 1:
        return cards[0]  # top of a sequence (the ace from ace-king)
    for i in range(1, length - 1):
        if ranks[i] >= _SEQUENCE_TOP and ranks[i] - ranks[i + 1] == 1 and ranks[0] - ranks[i] == 2:
            return cards[i]  # interior sequence: KJ10, AJ10, Q109
    honour = ranks[0] >= Rank.JACK
    if trump is not None and ranks[0] == Rank.ACE:
        return cards[0]  # never underlead an ace against a suit contract
    if length >= 4 and (honour or trump is None):
        return cards[3]  # fourth best
    if not honour:
        return cards[0] if length == 3 else cards[1]  # top of nothing
    return cards[-1]  # low from three to an honour
