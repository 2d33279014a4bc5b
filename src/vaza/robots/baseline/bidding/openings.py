"""Opening bids: five-card majors, a 15–17 1NT, a strong artificial 2♣, weak twos, preempts.

The order of the list is the order of preference: the first rule that fits the hand is bid.
"""

from __future__ import annotations

from vaza.core.calls import PASS, Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.baseline.bidding.evaluate import (
    MAJORS,
    SUITS,
    is_balanced,
    is_good_suit,
    rule_of_15,
    rule_of_20,
)
from vaza.robots.baseline.bidding.rules import Force, Rule, shows, suit_param, with_length
from vaza.robots.baseline.bidding.situation import Situation


def opening_suit(hand: Hand) -> Suit:
    """The suit a one-level opening names: the longest (the higher of two five-card or longer
    suits of equal length, and a six-card major before a longer minor); without a five-card
    suit, the longer minor, diamonds with 4-4 and clubs with 3-3."""
    longest = max(hand.shape)
    if longest >= 5:
        major = max(MAJORS, key=lambda suit: (hand.length(suit), suit))
        if hand.length(major) >= 6:
            return major
        return max(SUITS, key=lambda suit: (hand.length(suit), suit))
    clubs, diamonds = hand.length(Suit.CLUBS), hand.length(Suit.DIAMONDS)
    if diamonds > clubs or (diamonds == clubs == 4):
        return Suit.DIAMONDS
    return Suit.CLUBS


def _opens_at_one(hand: Hand, fourth_seat: bool) -> bool:
    if hand.hcp >= 12:
        return rule_of_15(hand) if fourth_seat else True
    if hand.hcp == 11:
        return rule_of_15(hand) if fourth_seat else rule_of_20(hand)
    return False


def _one_of_a_suit(suit: Suit, fourth_seat: bool) -> Rule:
    """The range each one-level opening shows; the other suits are bounded by the choice of
    `opening_suit` (a 1♣ opener has no five-card major unless clubs are longer, and so on)."""
    base = shows((11, 21))
    if suit in MAJORS:
        base = with_length(base, suit, 5)
        other = Suit.SPADES if suit == Suit.HEARTS else Suit.HEARTS
        base = with_length(base, other, 0, 6)
    else:
        base = with_length(base, suit, 3)
        for major in MAJORS:
            base = with_length(base, major, 0, 5)
        other = Suit.DIAMONDS if suit == Suit.CLUBS else Suit.CLUBS
        base = with_length(base, other, 0, 6)

    def test(hand: Hand) -> bool:
        return _opens_at_one(hand, fourth_seat) and opening_suit(hand) == suit

    return Rule(
        Call.bid(1, Strain(suit)),
        base,
        "open_one_major" if suit in MAJORS else "open_one_minor",
        (suit_param(suit),),
        test,
        forcing=Force.NONE,
        tag="open_suit",
    )


def _weak_two(suit: Suit) -> Rule:
    base = with_length(shows((5, 10)), suit, 6, 6)
    for major in MAJORS:
        if major != suit:
            base = with_length(base, major, 0, 3)

    def test(hand: Hand) -> bool:
        return (
            is_good_suit(hand, suit)
            and max(hand.length(other) for other in SUITS if other != suit) <= 4
        )

    return Rule(
        Call.bid(2, Strain(suit)),
        base,
        "weak_two",
        (suit_param(suit),),
        test,
        tag="weak_two",
        agrees=None,
    )


def _preempt(level: int, suit: Suit, length: tuple[int, int]) -> Rule:
    base = with_length(shows((5, 10)), suit, *length)

    def test(hand: Hand) -> bool:
        return is_good_suit(hand, suit) or hand.length(suit) >= 8

    return Rule(
        Call.bid(level, Strain(suit)),
        base,
        "preempt",
        (suit_param(suit), ("length", str(length[0]))),
        test,
        tag="preempt",
    )


def opening_rules(situation: Situation) -> list[Rule]:
    """Rules for the first bid of the auction, by the seat's position (fourth seat opens only
    hands worth a contract: Pearson's rule of 15, and no preempts)."""
    fourth_seat = len(situation.steps) == 3
    rules = [
        Rule(Call.bid(2, Strain.CLUBS), shows((22, 37)), "strong_two_clubs", (),
             forcing=Force.ONE_ROUND, tag="open_2c"),
        Rule(Call.bid(2, Strain.NOTRUMP), shows((20, 21), **_NT_SHAPE), "open_2nt", (),
             is_balanced, tag="open_2nt"),
        Rule(Call.bid(1, Strain.NOTRUMP), shows((15, 17), **_NT_SHAPE), "open_1nt", (),
             is_balanced, tag="open_1nt"),
    ]  # fmt: skip
    if not fourth_seat:
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            rules.append(_preempt(4, suit, (8, 13)))
        for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
            rules.append(_preempt(3, suit, (7, 7)))
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        rules.append(_one_of_a_suit(suit, fourth_seat))
    if not fourth_seat:
        rules.extend(_weak_two(suit) for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS))
    rules.append(Rule(PASS, shows((0, 14 if fourth_seat else 11)), "pass_opening"))
    return rules


_NT_SHAPE = {
    "clubs": (2, 5),
    "diamonds": (2, 5),
    "hearts": (2, 5),
    "spades": (2, 5),
}
"""A balanced hand: no suit shorter than two or longer than five."""
