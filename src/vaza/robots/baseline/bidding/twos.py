"""The two-level openings: the strong 2♣ and weak twos.

2♣ (22+, forcing): 2♦ waiting (0–7); a positive response with 8+ names a five-card suit
(2♥ 2♠ 3♣ 3♦) or bids 2NT without one, forcing to game.  After 2♣–2♦ opener bids 2NT with
22–24 balanced (not forcing; the 2NT structure follows), 3NT with 25–27 balanced, or the
longest suit, forcing to game.

Weak two (2♦ 2♥ 2♠: six cards, 5–10): responder raises to three to preempt (three trumps,
under 15), bids game with a fit and about 17 points or four trumps and a weak hand, 2NT asks
(15+; opener rebids three of the suit with 5–7, 3NT with 8–10), 3NT to play, and a new suit
is forcing with five cards and 15+.
"""

from __future__ import annotations

from vaza.core.calls import PASS, Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.baseline.bidding.evaluate import (
    SUITS,
    fit_points,
    has_stopper,
    is_balanced,
    is_semi_balanced,
    longest_suit,
)
from vaza.robots.baseline.bidding.rules import Force, Rule, chooses, rule, suit_param
from vaza.robots.baseline.bidding.situation import Situation

_S: Suit = Suit.SPADES
_H: Suit = Suit.HEARTS
_D: Suit = Suit.DIAMONDS
_C: Suit = Suit.CLUBS
_POSITIVE = {_H: "2H", _S: "2S", _C: "3C", _D: "3D"}


def two_clubs_responses() -> list[Rule]:
    rules = []
    for suit, call in _POSITIVE.items():
        rules.append(
            rule(call, (8, 37), "two_clubs_positive",
                 chooses(longest_suit, suit),
                 lengths={suit: (5, 13)}, forcing=Force.GAME, tag="two_clubs_positive",
                 params=(suit_param(suit),))
        )  # fmt: skip
    rules.append(
        rule("2NT", (8, 37), "two_clubs_positive_nt", forcing=Force.GAME,
             tag="two_clubs_positive")
    )  # fmt: skip
    rules.append(rule("2D", (0, 7), "two_clubs_waiting", tag="two_clubs_waiting"))
    return rules


def two_clubs_rebids() -> list[Rule]:
    """Opener after 2♣–2♦."""
    rules = [
        rule("2NT", (22, 24), "rebid_2nt_2c", is_balanced, tag="rebid_2nt_2c",
             lengths=dict.fromkeys(SUITS, (2, 5))),
        rule("3NT", (25, 27), "rebid_3nt_2c", is_balanced, tag="rebid_3nt_2c",
             lengths=dict.fromkeys(SUITS, (2, 5))),
    ]  # fmt: skip
    for suit, call in _POSITIVE.items():
        rules.append(
            rule(call, (22, 37), "two_clubs_suit",
                 chooses(longest_suit, suit),
                 lengths={suit: (4, 13)}, forcing=Force.GAME, tag="two_clubs_suit",
                 params=(suit_param(suit),))
        )  # fmt: skip
    return rules


def weak_two_responses(situation: Situation, suit: Suit) -> list[Rule]:
    strain = Strain(suit)
    param = (suit_param(suit),)
    others = [other for other in SUITS if other != suit]
    rules: list[Rule] = []
    if suit != _D:
        rules += [
            rule(Call.bid(4, strain), (11, 37), "weak_two_game",
                 lambda hand: fit_points(hand, suit) >= 17, lengths={suit: (3, 13)},
                 agrees=strain, tag="weak_two_raise", params=param),
            rule(Call.bid(4, strain), (0, 12), "weak_two_preemptive_game",
                 lengths={suit: (4, 13)}, agrees=strain, tag="weak_two_raise", params=param),
        ]  # fmt: skip
    for other in (_S, _H, _D, _C):
        if other == suit:
            continue
        bid = situation.cheapest(Strain(other))
        if bid is None or bid.level > 3:
            continue
        rules.append(
            rule(bid, (15, 37), "weak_two_new_suit",
                 lengths={other: (5, 13), suit: (0, 1)}, forcing=Force.ONE_ROUND,
                 tag="weak_two_new_suit", params=(suit_param(other),))
        )  # fmt: skip
    rules += [
        rule("2NT", (15, 37), "weak_two_ask", forcing=Force.ONE_ROUND, tag="weak_two_ask"),
        rule("3NT", (16, 37), "weak_two_3nt",
             lambda hand: is_semi_balanced(hand) and all(has_stopper(hand, s) for s in others),
             tag="weak_two_3nt"),
    ]  # fmt: skip
    rules.append(
        rule(Call.bid(3, strain), (0, 14), "weak_two_raise", lengths={suit: (3, 13)},
             agrees=strain, tag="weak_two_raise", params=param)
    )  # fmt: skip
    rules.append(rule(PASS, (0, 14), "weak_two_pass"))
    return rules


def weak_two_rebids(situation: Situation, suit: Suit, asked_by: str) -> list[Rule]:
    """Opener after responder's 2NT ask or new suit."""
    strain = Strain(suit)
    param = (suit_param(suit),)
    if asked_by == "weak_two_ask":
        return [
            rule("3NT", (8, 10), "weak_two_maximum", tag="weak_two_answer"),
            rule(Call.bid(3, strain), (5, 7), "weak_two_minimum", tag="weak_two_answer",
                 params=param),
        ]  # fmt: skip
    last = situation.steps[-2].call
    assert last.strain is not None
    new_suit = last.strain
    raise_to = situation.cheapest(new_suit)
    rules = []
    if raise_to is not None and new_suit != Strain.NOTRUMP:
        rules.append(
            rule(raise_to, (5, 10), "weak_two_support", lengths={Suit(int(new_suit)): (3, 13)},
                 agrees=new_suit, params=(suit_param(new_suit),))
        )  # fmt: skip
    rebid = situation.cheapest(strain)
    if rebid is not None:
        rules.append(rule(rebid, (5, 10), "weak_two_rebid", params=param))
    return rules


def weak_two_asker(situation: Situation, suit: Suit) -> list[Rule]:
    """Responder after the answer to 2NT: game with a fit when opener is maximum."""
    strain = Strain(suit)
    maximum = situation.steps[-2].rule.label == "weak_two_maximum"
    game = Call.bid(4, strain) if suit != _D else Call.bid(5, strain)
    needed = 25 - (9 if maximum else 6)

    def fits(hand: Hand) -> bool:
        return hand.length(suit) >= 2 and fit_points(hand, suit) >= needed

    rules = [rule(game, (needed - 3, 37), "fit_game", fits, agrees=strain, tag="fit_game",
                  params=(suit_param(suit),))]  # fmt: skip
    if not maximum:
        rules.append(rule("3NT", (needed, 37), "nt_game", is_balanced, tag="nt_game"))
    rules.append(rule(PASS, (0, 37), "weak_two_signoff"))
    return rules
