"""Responding when the opponents interfere over partner's one-level suit opening, and opener's
answer to a negative double.

After a takeout double: the system is on, and a redouble shows 10+ without a fit.
After an overcall: a negative double (through 3♠) shows the unbid major(s) — four cards, or
both minors when the majors are bid — with 6+ at the one level, 8+ at the two, 10+ at the
three; a cue bid of their suit is a limit raise or better; the raises are as usual and a jump
raise is preemptive; a new suit at the one level shows four cards (five when a double would
show the other major), at the two level five cards and 10+ (forcing); no trump needs a stopper
(1NT 8–10, 2NT 11–12, 3NT 13–15).
"""

from __future__ import annotations

from vaza.core.calls import DOUBLE, PASS, REDOUBLE, Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.baseline.bidding.evaluate import (
    MAJORS,
    SUITS,
    fit_points,
    has_stopper,
    is_balanced,
)
from vaza.robots.baseline.bidding.responses import responses_to_suit
from vaza.robots.baseline.bidding.rules import Force, Rule, chooses, fit_between, rule, suit_param
from vaza.robots.baseline.bidding.situation import Situation

_S: Suit = Suit.SPADES
_H: Suit = Suit.HEARTS
_D: Suit = Suit.DIAMONDS
_C: Suit = Suit.CLUBS


def after_takeout_double(opened: Suit, passed_hand: bool) -> list[Rule]:
    def no_fit(hand: Hand) -> bool:
        return hand.length(opened) <= (2 if opened in MAJORS else 3)

    return [
        rule(REDOUBLE, (10, 37), "redouble_strength", no_fit, tag="redouble"),
        *responses_to_suit(opened, passed_hand),
    ]


def unbid_suits(situation: Situation) -> list[Suit]:
    """Suits nobody has named in a bid."""
    named = {
        Suit(int(step.call.strain))
        for step in situation.steps
        if step.call.strain is not None and step.call.strain != Strain.NOTRUMP
    }
    return [suit for suit in SUITS if suit not in named]


def after_overcall(situation: Situation, opened: Suit) -> list[Rule]:
    """Responder's first call after partner's opening and an overcall."""
    last = situation.last_bid
    assert last is not None and last.strain is not None
    theirs = situation.their_suits()
    unbid = unbid_suits(situation)
    unbid_majors = [suit for suit in unbid if suit in MAJORS]
    strain = Strain(opened)
    param = (suit_param(opened),)
    need = 3 if opened in MAJORS else 4
    rules: list[Rule] = []
    cue = _cue(situation, theirs)
    if opened in MAJORS:
        rules.append(
            rule(Call.bid(4, strain), (0, 37), "competitive_game_raise",
                 lambda hand: fit_points(hand, opened) >= 13 or (
                     hand.length(opened) >= 5 and fit_points(hand, opened) <= 10),
                 lengths={opened: (3, 13)}, agrees=strain, tag="game_raise", params=param)
        )  # fmt: skip
    if cue is not None:
        rules.append(
            rule(cue, (7, 37), "cue_raise", lambda hand: fit_points(hand, opened) >= 10,
                 lengths={opened: (need, 13)}, forcing=Force.ONE_ROUND, agrees=strain,
                 tag="cue_raise", params=param)
        )  # fmt: skip
    single = situation.cheapest(strain)
    if single is not None and single.level <= 3:
        if single.level <= 2:
            jump = Call.bid(single.level + 1, strain)
            rules.append(
                rule(jump, (0, 9), "preemptive_raise", lambda hand: fit_points(hand, opened) <= 9,
                     lengths={opened: (4 if opened in MAJORS else 5, 13)}, agrees=strain,
                     tag="single_raise", params=param)
            )  # fmt: skip
        rules.append(
            rule(single, (3, 10), "single_raise", lambda hand: 6 <= fit_points(hand, opened) <= 10,
                 lengths={opened: (need, 13)}, agrees=strain, tag="single_raise", params=param)
        )  # fmt: skip
    rules += _one_level_suits(situation, unbid_majors)
    rules += _negative_double(situation, last, unbid, unbid_majors)
    rules += _free_bids(situation, theirs, opened)
    rules += _notrump(situation, theirs)
    rules.append(rule(PASS, (0, 37), "pass_after_overcall"))
    return rules


def _cue(situation: Situation, theirs: tuple[Suit, ...]) -> Call | None:
    last = situation.last_bid
    if last is None or last.strain in (None, Strain.NOTRUMP):
        return None
    assert last.strain is not None
    if Suit(int(last.strain)) not in theirs:
        return None
    cue = situation.cheapest(last.strain)
    return cue if cue is not None and cue.level <= 3 else None


def _one_level_suits(situation: Situation, unbid_majors: list[Suit]) -> list[Rule]:
    rules = []
    for major in (_H, _S):
        bid = situation.cheapest(Strain(major))
        if bid is None or bid.level != 1 or major not in unbid_majors:
            continue
        cards = 4 if len(unbid_majors) == 2 else 5
        rules.append(
            rule(bid, (6, 37), "new_suit_one",
                 chooses(lambda hand: max(unbid_majors, key=hand.length), major),
                 lengths={major: (cards, 13)}, forcing=Force.ONE_ROUND, tag="new_suit",
                 params=(suit_param(major),))
        )  # fmt: skip
    return rules


def _negative_double(
    situation: Situation, last: Call, unbid: list[Suit], unbid_majors: list[Suit]
) -> list[Rule]:
    if not situation.is_legal(DOUBLE) or last.level > 3 or last.strain == Strain.NOTRUMP:
        return []
    if last.level == 3 and last.strain is not None and last.strain > Strain.SPADES:
        return []
    minimum = {1: 6, 2: 8, 3: 10}[last.level]
    shown = unbid_majors or unbid
    if not shown:
        return []
    lengths = dict.fromkeys(shown, (4, 13))

    def test(hand: Hand) -> bool:
        return all(hand.length(suit) >= 4 for suit in shown)

    return [
        rule(DOUBLE, (minimum, 37), "negative_double", test, lengths=lengths,
             forcing=Force.ONE_ROUND, tag="negative_double",
             params=(("suits", " ".join(suit.symbol for suit in shown)),))
    ]  # fmt: skip


def _free_bids(situation: Situation, theirs: tuple[Suit, ...], opened: Suit) -> list[Rule]:
    rules = []
    for suit in (_S, _H, _D, _C):
        if suit in theirs or suit == opened:
            continue
        bid = situation.cheapest(Strain(suit))
        if bid is None or bid.level != 2:
            continue
        rules.append(
            rule(bid, (10, 37), "free_bid",
                 lengths={suit: (5, 13)}, forcing=Force.ONE_ROUND, tag="free_bid",
                 params=(suit_param(suit),))
        )  # fmt: skip
    return rules


def _notrump(situation: Situation, theirs: tuple[Suit, ...]) -> list[Rule]:
    def stopped(hand: Hand) -> bool:
        return all(has_stopper(hand, suit) for suit in theirs) and is_balanced(hand)

    rules: list[Rule] = []
    nt = situation.cheapest(Strain.NOTRUMP)
    if nt is None:
        return rules
    ranges = {1: (8, 10), 2: (11, 12), 3: (13, 15)}
    for level in range(nt.level, 4):
        low, high = ranges[level]
        if level == nt.level and level > 1:
            low = min(low, 10)
        rules.append(
            rule(Call.bid(level, Strain.NOTRUMP), (low, high), "competitive_nt", stopped,
                 tag="response_nt")
        )  # fmt: skip
    return rules


def opener_after_negative_double(situation: Situation, opened: Suit) -> list[Rule]:
    """Opener answers partner's negative double: the suit it showed, no trump with a stopper,
    the own suit, or a penalty pass with length in theirs."""
    double = situation.steps[-2]
    shown = [suit for suit in SUITS if double.shows.lengths[suit][0] >= 4]
    theirs = situation.their_suits()
    rules: list[Rule] = []
    for suit in shown:
        bid = situation.cheapest(Strain(suit))
        if bid is None:
            continue
        strain = Strain(suit)
        param = (suit_param(suit),)
        if bid.level + 2 <= 4:
            rules.append(
                rule(Call.bid(4 if suit in MAJORS else bid.level + 2, strain), (17, 21),
                     "rebid_raise_game", fit_between(suit, 19, 37),
                     lengths={suit: (4, 13)}, agrees=strain, tag="rebid_raise", params=param)
            )  # fmt: skip
        if bid.level + 1 <= 4:
            rules.append(
                rule(Call.bid(bid.level + 1, strain), (14, 18), "rebid_raise_jump",
                     fit_between(suit, 16, 18),
                     lengths={suit: (4, 13)}, agrees=strain, tag="rebid_raise", params=param)
            )  # fmt: skip
        rules.append(
            rule(bid, (11, 17), "rebid_raise", lengths={suit: (4, 13)}, agrees=strain,
                 tag="rebid_raise", params=param)
        )  # fmt: skip
    nt = situation.cheapest(Strain.NOTRUMP)
    if nt is not None and nt.level <= 2:

        def stopped(hand: Hand) -> bool:
            return all(has_stopper(hand, suit) for suit in theirs)

        rules.append(rule(nt, (11, 14), "rebid_nt", stopped, tag="rebid_nt"))
        rules.append(rule("3NT", (18, 21), "rebid_3nt", stopped, tag="rebid_nt"))
    own = situation.cheapest(Strain(opened))
    if own is not None and own.level <= 3:
        rules.append(
            rule(own, (11, 21), "rebid_own", lengths={opened: (5, 13)}, tag="rebid_own",
                 params=(suit_param(opened),))
        )  # fmt: skip
    for suit in SUITS:
        if suit in shown or suit == opened or suit in theirs:
            continue
        bid = situation.cheapest(Strain(suit))
        if bid is not None and bid.level <= 3:
            rules.append(
                rule(bid, (11, 21), "rebid_new_suit", lengths={suit: (4, 13)},
                     tag="rebid_new_suit", params=(suit_param(suit),))
            )  # fmt: skip
    rules.append(rule(PASS, (11, 37), "penalty_pass", tag="penalty_pass"))
    return rules


def reopening(situation: Situation, opened: Suit) -> list[Rule]:
    """Opener's second call after an overcall passed round to it: short in their suit, double
    for takeout (partner, who may be sitting over them with a good holding, can pass for
    penalty); otherwise rebid a six-card suit, name a new suit, or pass."""
    theirs = situation.their_suits()
    rules = [
        rule(DOUBLE, (11, 37), "reopening_double",
             lambda hand: all(hand.length(suit) <= 2 for suit in theirs),
             lengths=dict.fromkeys(theirs, (0, 2)), tag="reopening_double")
    ]  # fmt: skip
    own = situation.cheapest(Strain(opened))
    if own is not None and own.level <= 3:
        rules.append(
            rule(own, (11, 17), "rebid_own", lengths={opened: (6, 13)}, tag="rebid_own",
                 params=(suit_param(opened),))
        )  # fmt: skip
    for suit in SUITS:
        if suit == opened or suit in theirs:
            continue
        bid = situation.cheapest(Strain(suit))
        if bid is not None and bid.level <= 2 and (bid.level == 1 or suit < opened):
            rules.append(
                rule(bid, (11, 18), "rebid_new_suit",
                     lengths={suit: (4, 13)}, tag="rebid_new_suit", params=(suit_param(suit),))
            )  # fmt: skip
    rules.append(rule(PASS, (11, 37), "reopening_pass"))
    return rules


def after_reopening(situation: Situation, opened: Suit) -> list[Rule]:
    """Partner reopened with a double: pass for penalty with length in their suit, otherwise
    the best natural call."""
    theirs = situation.their_suits()
    last = situation.last_bid
    assert last is not None
    rules: list[Rule] = []
    if last.level <= 2 and last.strain not in (None, Strain.NOTRUMP):
        trump = Suit(int(last.strain or 0))
        rules.append(
            rule(PASS, (5, 37), "penalty_pass", lambda hand: hand.length(trump) >= 4,
                 lengths={trump: (4, 13)}, tag="penalty_pass")
        )  # fmt: skip
    nt = situation.cheapest(Strain.NOTRUMP)
    if nt is not None and nt.level <= 2:
        rules.append(
            rule(nt, (6, 11), "competitive_nt",
                 lambda hand: all(has_stopper(hand, suit) for suit in theirs), tag="response_nt")
        )  # fmt: skip
    for suit in (_S, _H, _D, _C):
        if suit in theirs:
            continue
        bid = situation.cheapest(Strain(suit))
        if bid is None or bid.level > 3:
            continue
        need = 3 if suit == opened else 4
        rules.append(
            rule(bid, (0, 37), "advance_cheapest",
                 lengths={suit: (need, 13)}, tag="advance_suit", params=(suit_param(suit),))
        )  # fmt: skip
    rules.append(rule(PASS, (0, 37), "advance_pass"))
    return rules
