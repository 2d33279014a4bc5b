"""Slams: Roman Key Card Blackwood, 1430 responses.

Once a trump suit is agreed and the partnership holds about 33 points, 4NT asks for key cards:
the four aces and the king of trumps.  Answers (1430): 5♣ one or four, 5♦ three or zero, 5♥ two
without the queen of trumps, 5♠ two with it.  The asker then signs off in five of the trump
suit when two key cards are missing, bids the small slam when at most one is missing, and the
grand slam with all five, the queen of trumps and about 37 points between the hands.
"""

from __future__ import annotations

from vaza.core.calls import Call, Strain
from vaza.core.cards import Hand, Rank, Suit
from vaza.robots.baseline.bidding.evaluate import (
    DISTRIBUTION_CAP,
    GRAND_SLAM,
    SMALL_SLAM,
    fit_points,
    has_card,
    key_cards,
)
from vaza.robots.baseline.bidding.rules import Force, Rule, rule, suit_param
from vaza.robots.baseline.bidding.situation import Situation

_ANSWERS = (
    ("5C", "rkcb_1_4", (1, 4), None),
    ("5D", "rkcb_0_3", (0, 3), None),
    ("5H", "rkcb_2", (2,), False),
    ("5S", "rkcb_2q", (2,), True),
)


def ask_rule(situation: Situation, trump: Suit, min_length: int = 0) -> Rule:
    """4NT: slam values opposite what partner has shown, in an agreed suit (`min_length`
    trumps in the asker's hand when the fit rests on them)."""
    partner_low = situation.known[situation.partner].hcp[0]
    needed = SMALL_SLAM - partner_low

    def test(hand: Hand) -> bool:
        return fit_points(hand, trump) >= needed and hand.length(trump) >= min_length

    return rule(
        Call.bid(4, Strain.NOTRUMP),
        (needed - DISTRIBUTION_CAP, 37),
        "rkcb",
        test,
        forcing=Force.ONE_ROUND,
        agrees=Strain(trump),
        tag="rkcb",
        params=(suit_param(trump),),
    )


def answer_rules(trump: Suit) -> list[Rule]:
    """Partner asked: show key cards, 1430."""
    rules = []
    for call, label, counts, queen in _ANSWERS:

        def test(hand: Hand, counts: tuple[int, ...] = counts, queen: bool | None = queen) -> bool:
            if key_cards(hand, trump) % 5 not in counts and key_cards(hand, trump) not in counts:
                return False
            return queen is None or has_card(hand, trump, Rank.QUEEN) == queen

        rules.append(
            rule(call, (0, 37), label, test, tag="rkcb_answer", params=(suit_param(trump),))
        )
    return rules


def _partner_key_cards(situation: Situation, mine: int) -> int:
    """Partner's key cards from the answer: of the two counts an answer allows, the one that
    fits with the asker's own; the lower when both do, unless partner's points rule it out."""
    answer = situation.steps[-2].rule.label
    counts = next(counts for _, label, counts, _ in _ANSWERS if label == answer)
    possible = [count for count in counts if count + mine <= 5]
    if not possible:
        return counts[0]
    partner_low = situation.known[situation.partner].hcp[0]
    if len(possible) > 1 and partner_low >= 4 * max(possible) - 2:
        return max(possible)
    return min(possible)


def placement_rules(situation: Situation, trump: Suit) -> list[Rule]:
    """After partner's answer: sign off, small slam or grand slam."""
    answer = situation.steps[-2].rule.label
    partner_queen = answer == "rkcb_2q"
    partner_low = situation.known[situation.partner].hcp[0]
    strain = Strain(trump)
    five = Call.bid(5, strain)
    six = Call.bid(6, strain)
    seven = Call.bid(7, strain)

    def missing(hand: Hand) -> int:
        mine = key_cards(hand, trump)
        return 5 - mine - _partner_key_cards(situation, mine)

    def grand(hand: Hand) -> bool:
        queen = partner_queen or has_card(hand, trump, Rank.QUEEN)
        return missing(hand) == 0 and queen and fit_points(hand, trump) + partner_low >= GRAND_SLAM

    rules = [
        rule(seven, (0, 37), "grand_slam", grand, tag="slam", params=(suit_param(trump),)),
        rule(six, (0, 37), "small_slam", lambda hand: missing(hand) <= 1, tag="slam",
             params=(suit_param(trump),)),
    ]  # fmt: skip
    if situation.is_legal(five):
        rules.append(rule(five, (0, 37), "slam_signoff", tag="slam", params=(suit_param(trump),)))
    else:
        rules.append(rule("Pass", (0, 37), "slam_signoff", lambda hand: missing(hand) >= 2))
        rules.append(rule(six, (0, 37), "small_slam", tag="slam", params=(suit_param(trump),)))
    return rules
