"""Opener's rebid after a one-level suit opening and an uncontested response.

The rebid describes: 1NT 12–14 balanced, 2NT 18–19 balanced; raises of partner's major with
four cards by strength (2 12–15, 3 16–18, 4 19–21 points); a new suit at the one level; a new
lower suit at the two level (11–18); a reverse (16+, forcing); a jump shift (19+, game forcing);
the own suit rebid with six cards (2 11–15, 3 16–18, 4 of a major 19–21).
After Jacoby 2NT: 4 of the major minimum, 3 of the major 15+.
"""

from __future__ import annotations

from dataclasses import replace

from vaza.core.calls import PASS, Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.bidding.evaluate import (
    MAJORS,
    SUITS,
    fit_points,
    is_balanced,
    total_points,
)
from vaza.robots.bidding.rules import Force, Rule, Test, rule, suit_param
from vaza.robots.bidding.situation import Situation, Step

_S: Suit = Suit.SPADES
_H: Suit = Suit.HEARTS
_D: Suit = Suit.DIAMONDS
_C: Suit = Suit.CLUBS


def _suit_of(step: Step) -> Suit | None:
    strain = step.call.strain
    return None if strain is None or strain == Strain.NOTRUMP else Suit(int(strain))


def opener_rebids(situation: Situation, opened: Suit, response: Step) -> list[Rule] | None:
    """Opener's second call, or None where the general placement decides (after raises and
    no-trump responses the partnership knows its strain and counts points)."""
    name = response.rule.name
    if name == "jacoby":
        return _after_jacoby(opened)
    if name == "new_suit":
        answer = _suit_of(response)
        assert answer is not None
        return _after_one_level(situation, opened, answer)
    if name == "response_1nt":
        return _after_one_notrump(situation, opened)
    if name == "two_over_one":
        answer = _suit_of(response)
        assert answer is not None
        return _after_two_over_one(situation, opened, answer)
    return None


def _after_jacoby(major: Suit) -> list[Rule]:
    strain = Strain(major)
    return [
        rule(Call.bid(3, strain), (15, 37), "jacoby_extra", forcing=Force.GAME, agrees=strain,
             tag="jacoby_extra", params=(suit_param(major),)),
        rule(Call.bid(4, strain), (11, 14), "jacoby_minimum", agrees=strain,
             tag="jacoby_minimum", params=(suit_param(major),)),
    ]  # fmt: skip


def _own_suit_rebids(opened: Suit, situation: Situation) -> list[Rule]:
    strain = Strain(opened)
    six = {opened: (6, 13)}
    param = (suit_param(opened),)
    rules = []
    if opened in MAJORS:
        rules.append(
            rule(Call.bid(4, strain), (16, 21), "rebid_own_game",
                 lambda hand: total_points(hand) >= 19, lengths=six, agrees=strain,
                 tag="rebid_own", params=param)
        )  # fmt: skip
    three = Call.bid(3, strain)
    rules.append(
        rule(three, (13, 18), "rebid_own_jump",
             lambda hand: 16 <= total_points(hand) <= 18, lengths=six, tag="rebid_own_jump",
             params=param)
    )  # fmt: skip
    two = situation.cheapest(strain)
    if two is not None and two.level == 2:
        rules.append(
            rule(two, (11, 15), "rebid_own", lambda hand: total_points(hand) <= 15,
                 lengths=six, tag="rebid_own", params=param)
        )  # fmt: skip
    return rules


def _longer(first: Suit, second: Suit, strictly: bool) -> Test:
    """`first` is longer than `second` (or as long, unless `strictly`)."""
    if strictly:
        return lambda hand: hand.length(first) > hand.length(second)
    return lambda hand: hand.length(first) >= hand.length(second)


def _new_suit_rebids(situation: Situation, opened: Suit, shown: set[Suit]) -> list[Rule]:
    """New suits at the two level: lower than the opened suit (11–18), higher (a reverse, 16+);
    and jump shifts (19+), also into a major the one level has room for (1♣–1♥–2♠: its
    one-level bid, 11–18, is listed before these)."""
    rules = []
    for suit in (_S, _H, _D, _C):
        if suit in shown or suit == opened:
            continue
        bid = situation.cheapest(Strain(suit))
        if bid is None:
            continue
        param = (suit_param(suit),)
        four = {suit: (4, 13)}
        if bid.level == 2 and suit > opened:
            rules.append(
                rule(bid, (16, 21), "reverse",
                     _longer(opened, suit, strictly=True),
                     lengths={**four, opened: (5, 13)}, forcing=Force.ONE_ROUND,
                     tag="reverse", params=param)
            )  # fmt: skip
        elif bid.level == 2:
            rules.append(
                rule(bid, (11, 18), "rebid_new_suit",
                     _longer(opened, suit, strictly=False),
                     lengths=four, tag="rebid_new_suit", params=param)
            )  # fmt: skip
        jump = Call.bid(bid.level + 1, Strain(suit))
        if jump.level <= 3:
            rules.append(
                rule(jump, (19, 21), "jump_shift", lengths=four, forcing=Force.GAME,
                     tag="jump_shift", params=param)
            )  # fmt: skip
    return rules


def _after_one_level(situation: Situation, opened: Suit, answer: Suit) -> list[Rule]:
    """1X – 1Y: raise, new suit at the one level, no trump, own suit, new suits."""
    strain = Strain(answer)
    rules: list[Rule] = []
    raise_ok = answer in MAJORS

    def supports(hand: Hand) -> bool:
        if answer in MAJORS:
            return True
        return max(hand.length(_H), hand.length(_S)) < 4

    if raise_ok or answer == _D:
        four = {answer: (4, 13)}
        param = (suit_param(answer),)
        rules += [
            rule(Call.bid(4, strain), (16, 21),
                 "rebid_raise_game", lambda hand: supports(hand) and fit_points(hand, answer) >= 19,
                 lengths=four, agrees=strain, tag="rebid_raise", params=param),
            rule(Call.bid(3, strain), (13, 18), "rebid_raise_jump",
                 lambda hand: supports(hand) and 16 <= fit_points(hand, answer) <= 18,
                 lengths=four, agrees=strain, tag="rebid_raise", params=param),
            rule(Call.bid(2, strain), (11, 15), "rebid_raise",
                 lambda hand: supports(hand) and fit_points(hand, answer) <= 15,
                 lengths=four, agrees=strain, tag="rebid_raise", params=param),
        ]  # fmt: skip
    one_level_majors = [m for m in (_H, _S) if m > answer and m != opened]
    no_support = {answer: (0, 3)} if answer in MAJORS else {}
    rules.append(
        rule("2NT", (18, 19), "rebid_2nt", is_balanced, lengths=no_support, tag="rebid_nt")
    )
    for major in one_level_majors:
        rules.append(
            rule(Call.bid(1, Strain(major)), (11, 18), "rebid_new_suit_one",
                 lambda hand: hand.length(opened) < 6,
                 lengths={major: (4, 13)}, tag="rebid_new_suit", params=(suit_param(major),))
        )  # fmt: skip
    nt_shape = dict(no_support)
    for major in one_level_majors:
        nt_shape[major] = (0, 3)
    rules.append(rule("1NT", (11, 14), "rebid_1nt", is_balanced, lengths=nt_shape, tag="rebid_nt"))
    rules += _own_suit_rebids(opened, situation)
    rules += _new_suit_rebids(situation, opened, {answer})
    rules += _catch_alls(situation, opened)
    if answer in MAJORS:
        # Every opener with four of partner's major raised above (the raises take every
        # opening strength), so each other rebid denies four: responder counts on it.
        rules = [
            item
            if item.agrees == strain
            else replace(item, shows=item.shows.with_length(answer, 0, 3))
            for item in rules
        ]
    return rules


def _after_one_notrump(situation: Situation, opened: Suit) -> list[Rule]:
    rules = [
        rule(PASS, (11, 14), "rebid_pass_1nt", is_balanced, tag="rebid_pass"),
        rule("2NT", (18, 19), "rebid_2nt", is_balanced, tag="rebid_nt"),
    ]
    rules += _own_suit_rebids(opened, situation)
    rules += _new_suit_rebids(situation, opened, set())
    rules += _catch_alls(situation, opened)
    return rules


def _after_two_over_one(situation: Situation, opened: Suit, answer: Suit) -> list[Rule]:
    strain = Strain(answer)
    need = 3 if answer == _H else 4
    rules = [r for r in _own_suit_rebids(opened, situation) if r.call.level == 2]
    rules += [
        rule(Call.bid(3, strain), (11, 21), "rebid_raise_two_over_one",
             lengths={answer: (need, 13)}, agrees=strain, tag="rebid_raise",
             params=(suit_param(answer),)),
        rule("3NT", (18, 19), "rebid_3nt", is_balanced, tag="rebid_nt"),
    ]  # fmt: skip
    for suit in SUITS:
        if suit in (opened, answer):
            continue
        bid = situation.cheapest(Strain(suit))
        if bid is None or bid.level != 2:
            continue
        rules.append(
            rule(bid, (11, 21), "rebid_new_suit",
                 lengths={suit: (4, 13)}, forcing=Force.ONE_ROUND, tag="rebid_new_suit",
                 params=(suit_param(suit),))
        )  # fmt: skip
    rules.append(rule("2NT", (11, 14), "rebid_2nt_minimum", is_balanced, tag="rebid_nt"))
    rules += [r for r in _own_suit_rebids(opened, situation) if r.call.level == 3]
    rules += _catch_alls(situation, opened)
    return rules


def _catch_alls(situation: Situation, opened: Suit) -> list[Rule]:
    """Hands the table misses: a minimum rebids no trump (or passes partner's 1NT; only when
    neither is possible its five-card suit), a strong one bids 3NT.  The minimum hands that
    get here have no support and no four-card suit to show, so the no-trump rebid's ranges
    still hold for them."""
    rules = []
    nt = situation.cheapest(Strain.NOTRUMP)
    partner_nt = situation.last_bid is not None and situation.last_bid.strain == Strain.NOTRUMP
    if partner_nt:
        rules.append(rule(PASS, (11, 15), "rebid_pass_1nt", tag="rebid_pass"))
    elif nt is not None and nt.level <= 2:
        rules.append(rule(nt, (11, 15), "rebid_1nt" if nt.level == 1 else "rebid_2nt_minimum",
                          tag="rebid_nt"))  # fmt: skip
    else:
        own = situation.cheapest(Strain(opened))
        if own is not None and own.level <= 3:
            rules.append(
                rule(own, (11, 15), "rebid_own", lengths={opened: (5, 13)}, tag="rebid_own",
                     params=(suit_param(opened),))
            )  # fmt: skip
    rules.append(rule("3NT", (16, 21), "rebid_3nt_strong", tag="rebid_nt"))
    return rules
