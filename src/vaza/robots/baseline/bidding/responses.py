"""Responding to a one-level suit opening when the opponents stay out.

Raises (single 6–9, limit 10–12, preemptive game raise of a major, Jacoby 2NT with four trumps
and 13+), new suits (one level 6+ with four cards, forcing; two level 11+ with four cards, or
five for hearts over 1♠, forcing one round), 1NT 6–10, and over a minor 2NT 11–12 / 3NT 13–15
balanced without a four-card major.  Over a major, 3NT is 13–15 balanced with two cards in
partner's suit.
"""

from __future__ import annotations

from vaza.core.calls import PASS, Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.baseline.bidding.evaluate import (
    MAJORS,
    SUITS,
    fit_points,
    is_balanced,
    is_semi_balanced,
)
from vaza.robots.baseline.bidding.rules import Force, Rule, Test, all_of, chooses, rule, suit_param

_S: Suit = Suit.SPADES
_H: Suit = Suit.HEARTS
_D: Suit = Suit.DIAMONDS
_C: Suit = Suit.CLUBS


def one_level_suit(hand: Hand, opened: Suit) -> Suit | None:
    """The suit responder names at the one level: a five-card major before a four-card one,
    the longer major, hearts with 4-4 (up the line); over 1♣, diamonds only without a major."""
    hearts, spades = hand.length(_H), hand.length(_S)
    candidates = [suit for suit in (_H, _S) if suit > opened and hand.length(suit) >= 4]
    if candidates:
        if hearts >= 4 and spades >= 4 and _H in candidates and _S in candidates:
            return _S if spades > hearts or (spades == hearts >= 5) else _H
        return max(candidates, key=lambda suit: (hand.length(suit), -suit))
    if opened == _C and hand.length(_D) >= 4:
        return _D
    return None


def two_level_suit(hand: Hand, opened: Suit) -> Suit | None:
    """A new suit at the two level (below the opened suit): the longest, clubs with 4-4 in the
    minors; hearts over spades needs five."""
    options = []
    for suit in SUITS:
        if suit >= opened:
            continue
        need = 5 if suit == _H else 4
        if hand.length(suit) >= need:
            options.append(suit)
    if not options:
        return _C if opened != _C and hand.length(_C) >= 3 else None
    return max(options, key=lambda suit: (hand.length(suit), -suit if suit in (_C, _D) else suit))


def responses_to_suit(opened: Suit, passed_hand: bool) -> list[Rule]:
    """Responder's first call over 1♣/1♦/1♥/1♠, the opponents silent."""
    strain = Strain(opened)
    rules: list[Rule] = []
    if opened in MAJORS:
        rules += _major_raises(opened, passed_hand)
    else:
        rules += _minor_first(opened)
    rules += _one_level_new_suits(opened, passed_hand)
    if opened in MAJORS:
        rules += _two_level_new_suits(opened, passed_hand)
        rules.append(
            rule("3NT", (13, 15), "response_3nt_major", is_balanced,
                 lengths={opened: (2, 2)}, tag="response_nt")
        )  # fmt: skip
    else:
        no_major = {_H: (0, 3), _S: (0, 3)}
        rules += [
            rule("2NT", (11, 12), "response_2nt_minor", is_balanced, lengths=no_major,
                 tag="response_nt"),
            rule("3NT", (13, 15), "response_3nt_minor", is_semi_balanced, lengths=no_major,
                 tag="response_nt"),
        ]  # fmt: skip
        rules += _two_level_new_suits(opened, passed_hand)
        rules.append(
            rule(Call.bid(3, strain), (10, 12), "limit_raise",
                 lambda hand: not is_balanced(hand) and fit_points(hand, opened) <= 13,
                 lengths={opened: (5 if opened == _C else 4, 13), **no_major},
                 agrees=strain, tag="limit_raise", params=(suit_param(opened),))
        )  # fmt: skip
    one_nt_shape = {
        _C: {_H: (0, 3), _S: (0, 3)},
        _D: {_H: (0, 3), _S: (0, 3)},
        _H: {_S: (0, 3), _H: (0, 2)},
        _S: {_S: (0, 2)},
    }[opened]
    rules.append(rule("1NT", (6, 10), "response_1nt", lengths=one_nt_shape, tag="response_1nt"))
    rules.append(_catch_all(opened))
    rules.append(rule(PASS, (0, 5), "response_pass"))
    return rules


def _major_raises(major: Suit, passed_hand: bool) -> list[Rule]:
    strain = Strain(major)
    trumps4 = {major: (4, 13)}
    trumps3 = {major: (3, 13)}
    param = (suit_param(major),)
    rules = []
    if not passed_hand:
        rules.append(
            rule("2NT", (10, 37), "jacoby_2nt", lambda hand: fit_points(hand, major) >= 13,
                 lengths=trumps4, forcing=Force.GAME, agrees=strain, tag="jacoby",
                 params=param)
        )  # fmt: skip
    rules += [
        rule(Call.bid(4, strain), (0, 9), "preemptive_game_raise",
             lambda hand: fit_points(hand, major) <= 10 and not is_balanced(hand),
             lengths={major: (5, 13)}, agrees=strain, tag="game_raise", params=param),
        rule(Call.bid(3, strain), (7, 12), "limit_raise",
             lambda hand: 10 <= fit_points(hand, major) <= (15 if passed_hand else 12),
             lengths=trumps3, agrees=strain, tag="limit_raise", params=param),
        rule(Call.bid(2, strain), (3, 9), "single_raise",
             lambda hand: 6 <= fit_points(hand, major) <= 9, lengths=trumps3, agrees=strain,
             tag="single_raise", params=param),
    ]  # fmt: skip
    return rules


def _minor_first(minor: Suit) -> list[Rule]:
    """Over a minor a four-card major comes first; then the raises."""
    strain = Strain(minor)
    no_major = {_H: (0, 3), _S: (0, 3)}
    return [
        rule(Call.bid(2, strain), (6, 10), "single_raise",
             lambda hand: hand.length(minor) >= (5 if minor == _C else 4)
             and one_level_suit(hand, minor) is None,
             lengths={minor: (5 if minor == _C else 4, 13), **no_major}, agrees=strain,
             tag="single_raise",
             params=(suit_param(minor),)),
    ]  # fmt: skip


def _one_level_new_suits(opened: Suit, passed_hand: bool) -> list[Rule]:
    rules = []
    forcing = Force.NONE if passed_hand else Force.ONE_ROUND
    for suit in (_H, _S, _D):
        if suit <= opened:
            continue
        rules.append(
            rule(Call.bid(1, Strain(suit)), (6, 37), "new_suit_one",
                 chooses(lambda hand: one_level_suit(hand, opened), suit),
                 lengths={suit: (4, 13)}, forcing=forcing, tag="new_suit",
                 params=(suit_param(suit),))
        )  # fmt: skip
    return rules


def _two_level_new_suits(opened: Suit, passed_hand: bool) -> list[Rule]:
    rules = []
    forcing = Force.NONE if passed_hand else Force.ONE_ROUND
    for suit in (_H, _D, _C):
        if suit >= opened:
            continue
        need = 5 if suit == _H else (3 if suit == _C else 4)
        rules.append(
            rule(Call.bid(2, Strain(suit)), (10, 37), "new_suit_two",
                 all_of(chooses(lambda hand: two_level_suit(hand, opened), suit),
                        _strong_or_long(suit)),
                 lengths={suit: (need, 13)}, forcing=forcing, tag="two_over_one",
                 params=(suit_param(suit),))
        )  # fmt: skip
    return rules


_JUMP_SHIFTS = {_C: "2D", _D: "2H", _H: "2S", _S: "3C"}


def _strong_or_long(suit: Suit) -> Test:
    """A two-level response: 11+, or 10 with a five-card suit."""
    return lambda hand: hand.hcp >= 11 or hand.length(suit) >= 5


def _catch_all(opened: Suit) -> Rule:
    """A strong hand the table above has no natural call for (mostly 16+ without a major over
    a minor): a jump shift, forcing to game; the auction goes on from there."""
    return rule(_JUMP_SHIFTS[opened], (11, 37), "jump_shift", forcing=Force.GAME,
                tag="jump_shift")  # fmt: skip
