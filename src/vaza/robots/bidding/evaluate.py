"""How the system values a hand: points, shape, suit quality, stoppers, key cards.

Pure functions over a `Hand`, used only when choosing a call; what a call *shows* is written in
high-card points and suit lengths (`HandConstraints`), so that partner and opponents can read
it back.  Where a decision counts distribution as well, the extra is capped (`DISTRIBUTION_CAP`)
so that "points >= n" always implies "high-card points >= n - cap": the rule can then state
the high-card floor it shows without ever excluding a hand it chose.
"""

from __future__ import annotations

from typing import Final

from vaza.core.cards import Card, Hand, Rank, Suit

SUITS: Final[tuple[Suit, ...]] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
MAJORS: Final[tuple[Suit, ...]] = (Suit.HEARTS, Suit.SPADES)
DISTRIBUTION_CAP: Final = 3
"""At most this many points for length or shortness on top of high-card points."""

GAME_POINTS: Final = 24
"""Points between the hands for 3NT, 4♥ or 4♠ in the general rules (one fewer when
vulnerable).  Measured against double-dummy par over 3,000 deals, 24 scored better than the
textbook 25; see docs/bidding.md."""
MINOR_GAME_POINTS: Final = 27
"""Points between the hands for 5♣ or 5♦."""
SMALL_SLAM: Final = 31
"""Points between the hands for a small slam in the general rules (key cards permitting)."""
GRAND_SLAM: Final = 36


def is_balanced(hand: Hand) -> bool:
    """4-3-3-3, 4-4-3-2 or 5-3-3-2 (a five-card major allowed, as most modern players do)."""
    shape = sorted(hand.shape)
    return shape[0] >= 2 and shape[1] >= 3


def is_semi_balanced(hand: Hand) -> bool:
    """No singleton or void: balanced, or 5-4-2-2 / 6-3-2-2."""
    return min(hand.shape) >= 2


def length_points(hand: Hand) -> int:
    """One point for each card beyond four in a suit (the opener's valuation)."""
    return min(DISTRIBUTION_CAP, sum(max(0, length - 4) for length in hand.shape))


def total_points(hand: Hand) -> int:
    """High-card points plus length points: the strength of a hand that will be declarer."""
    return hand.hcp + length_points(hand)


def shortness_points(hand: Hand, trump: Suit) -> int:
    """Dummy points for shortness in a side suit once a trump fit is found (void 5, singleton
    3, doubleton 1 with four trumps; 3, 2, 1 with three), capped."""
    trumps = hand.length(trump)
    if trumps < 3:
        return 0
    table = (5, 3, 1) if trumps >= 4 else (3, 2, 1)
    extra = 0
    for suit in SUITS:
        if suit != trump and hand.length(suit) < 3:
            extra += table[hand.length(suit)]
    return min(DISTRIBUTION_CAP, extra)


def fit_points(hand: Hand, trump: Suit | None) -> int:
    """The hand's worth once the strain is chosen: high-card points plus the larger of length
    and shortness points in a suit contract (capped); high-card points and one for a five-card
    suit at no trump."""
    if trump is None:
        return hand.hcp + (1 if max(hand.shape) >= 5 else 0)
    return hand.hcp + max(length_points(hand), shortness_points(hand, trump))


def suit_honours(hand: Hand, suit: Suit, top: int = 5) -> int:
    """How many of the `top` highest cards (ace down) of `suit` the hand holds."""
    lowest = Rank.ACE - top + 1
    return sum(1 for card in hand.suit(suit) if card.rank >= lowest)


def is_good_suit(hand: Hand, suit: Suit) -> bool:
    """Two of the top three honours, or three of the top five: a suit worth showing on a weak
    hand (weak twos, preempts, overcalls)."""
    return suit_honours(hand, suit, 3) >= 2 or suit_honours(hand, suit, 5) >= 3


def has_stopper(hand: Hand, suit: Suit) -> bool:
    """A, Kx, Qxx or Jxxx: the suit is held at no trump."""
    cards = hand.suit(suit)
    length = len(cards)
    ranks = {card.rank for card in cards}
    return (
        Rank.ACE in ranks
        or (Rank.KING in ranks and length >= 2)
        or (Rank.QUEEN in ranks and length >= 3)
        or (Rank.JACK in ranks and length >= 4)
    )


def key_cards(hand: Hand, trump: Suit) -> int:
    """Roman Key Card count: the four aces and the king of trumps."""
    aces = sum(1 for card in hand if card.rank == Rank.ACE)
    return aces + (1 if Card(trump, Rank.KING) in hand else 0)


def beats_slam(hand: Hand, level: int, trump: Suit | None) -> bool:
    """The hand beats the opponents' slam on its own, whoever leads: enough aces against no
    trump (one against a grand, two against a small slam), the ace of trumps against a grand
    in a suit (a side ace may be ruffed)."""
    if level < 6:
        return False
    if trump is None:
        return sum(1 for card in hand if card.rank == Rank.ACE) >= 8 - level
    return level == 7 and Card(trump, Rank.ACE) in hand


def has_card(hand: Hand, suit: Suit, rank: Rank) -> bool:
    return Card(suit, rank) in hand


def longest_suit(hand: Hand, among: tuple[Suit, ...] = SUITS) -> Suit:
    """The longest suit of `among`; with equal length the higher-ranking (the order openers and
    overcallers follow with 5-5 and 6-6)."""
    return max(among, key=lambda suit: (hand.length(suit), suit))


def rule_of_20(hand: Hand) -> bool:
    """High-card points plus the two longest suits reach 20: a light opening."""
    shape = sorted(hand.shape, reverse=True)
    return hand.hcp + shape[0] + shape[1] >= 20


def rule_of_15(hand: Hand) -> bool:
    """Fourth seat: high-card points plus spades reach 15 (Pearson points)."""
    return hand.hcp + hand.length(Suit.SPADES) >= 15
