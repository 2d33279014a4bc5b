"""Entering the opponents' auction, and partner's answer.

Direct seat over a suit: 1NT 15–18 balanced with a stopper; takeout double (12+, at most two
cards in their suits and three or more in the others; or any 17+); suit overcalls with a good
five-card suit, 8–16 at the one level and 11–16 at the two level (13–17 at three); weak jump
overcalls (six cards, 5–10) and preempts (seven cards).  Over their 1NT: double is for
penalty (15+), a suit at the two level is natural.  In the pass-out seat everything needs
about three points less (balancing): the opponents do not play at the two level in a fit when
our side holds half the points.

Advancing an overcall: raises by support points (a cue bid of their suit is a limit raise or
better), no trump with a stopper, a new good suit.  Advancing a takeout double: the cheapest
bid in the best suit (0–8), a jump (9–11), no trump with a stopper, a cue bid (12+).
"""

from __future__ import annotations

from collections.abc import Callable

from vaza.core.calls import DOUBLE, PASS, Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.bidding.evaluate import (
    MAJORS,
    SUITS,
    beats_slam,
    fit_points,
    has_stopper,
    is_balanced,
    is_good_suit,
)
from vaza.robots.bidding.rules import Force, Rule, Test, chooses, rule, suit_param
from vaza.robots.bidding.situation import Situation

NT_GAME_DOUBLE = 17
"""High-card points for a double of their 2NT or 3NT, for penalty, in any seat: in the
balancing seat three fewer doubled their 3NT with twelve and let it make (issue 49)."""
_S: Suit = Suit.SPADES
_H: Suit = Suit.HEARTS
_D: Suit = Suit.DIAMONDS
_C: Suit = Suit.CLUBS


def _stoppers(hand: Hand, suits: tuple[Suit, ...]) -> bool:
    return all(has_stopper(hand, suit) for suit in suits)


def _best_suit(hand: Hand, allowed: list[Suit]) -> Suit | None:
    """The longest allowed suit, the higher of equals."""
    if not allowed:
        return None
    return max(allowed, key=lambda suit: (hand.length(suit), suit))


def _takeout_shape(hand: Hand, theirs: tuple[Suit, ...]) -> bool:
    """Short in their suits, three or more cards in every other."""
    return all(hand.length(suit) <= 2 for suit in theirs) and all(
        hand.length(suit) >= 3 for suit in SUITS if suit not in theirs
    )


def is_balancing(situation: Situation) -> bool:
    """The seat to act would end the auction by passing."""
    steps = situation.steps
    return len(steps) >= 3 and steps[-1].call is PASS and steps[-2].call is PASS


def entry_rules(situation: Situation) -> list[Rule]:
    """The first call of our side after the opponents opened."""
    last = situation.last_bid
    assert last is not None and last.strain is not None
    balancing = is_balancing(situation)
    cut = 3 if balancing else 0
    theirs = situation.their_suits()
    if last.strain == Strain.NOTRUMP and last.level == 1:
        return _over_one_notrump(situation, cut)
    rules: list[Rule] = []
    level = last.level
    theirs_or_all = theirs if last.strain == Strain.NOTRUMP else theirs or (Suit(int(last.strain)),)
    nt = situation.cheapest(Strain.NOTRUMP)
    if nt is not None and nt.level == level and level <= 3:
        low, high = {1: (15, 18), 2: (15, 18), 3: (16, 20)}[level]
        if balancing and level == 1:
            low, high = (11, 14)
        rules.append(
            rule(nt, (low, high), "overcall_nt",
                 lambda hand: is_balanced(hand) and _stoppers(hand, theirs_or_all),
                 tag="overcall_nt")
        )  # fmt: skip
        if level <= 2:
            jump = Call.bid(level + 1, Strain.NOTRUMP)
            rules.append(
                rule(jump, (high + 1, high + 3), "overcall_nt_strong",
                     lambda hand: is_balanced(hand) and _stoppers(hand, theirs_or_all),
                     tag="overcall_nt")
            )  # fmt: skip
    if last.strain == Strain.NOTRUMP and level <= 3 and situation.is_legal(DOUBLE):
        # A double of their 2NT or 3NT is for penalty, as of their 1NT: taken for takeout,
        # partner pulled it to the four level with nothing (issue 49: 3NT doubled, 4♣).
        rules.append(rule(DOUBLE, (NT_GAME_DOUBLE, 37), "penalty_double_nt", tag="penalty_double"))
    elif level <= 4 and situation.is_legal(DOUBLE):
        minimum = (12 if level == 1 else 13 if level <= 3 else 15) - cut
        shape = dict.fromkeys(theirs_or_all, (0, 2))
        rules += [
            rule(DOUBLE, (minimum, 37), "takeout_double",
                 lambda hand: _takeout_shape(hand, theirs_or_all), lengths=shape,
                 tag="takeout_double"),
            rule(DOUBLE, (17, 37), "takeout_double_strong",
                 lambda hand: all(hand.length(suit) <= 3 for suit in theirs_or_all),
                 lengths=dict.fromkeys(theirs_or_all, (0, 3)), tag="takeout_double"),
        ]  # fmt: skip
    if level >= 6 and situation.is_legal(DOUBLE):
        trump = None if last.strain == Strain.NOTRUMP else Suit(int(last.strain))
        rules.append(
            rule(DOUBLE, (4, 37), "penalty_double_slam",
                 lambda hand: beats_slam(hand, level, trump), tag="penalty_double_slam")
        )  # fmt: skip
    own = [suit for suit in SUITS if suit not in theirs_or_all]
    for suit in sorted(own, reverse=True):
        bid = situation.cheapest(Strain(suit))
        if bid is None:
            continue
        rules += _suit_entries(situation, suit, bid, own)
    rules.append(rule(PASS, (0, 37), "pass_over_opening"))
    return rules


def _suit_entries(situation: Situation, suit: Suit, bid: Call, own: list[Suit]) -> list[Rule]:
    """The overcalls in `suit` (`bid` the cheapest), and over their opening bid, directly,
    the weak jumps."""
    balancing = is_balancing(situation)
    cut = 3 if balancing else 0
    opening = situation.opening
    over_opening = opening is not None and opening.call is situation.last_bid
    direct = not balancing
    strain = Strain(suit)
    param = (suit_param(suit),)

    def best(hand: Hand) -> bool:
        return _best_suit(hand, own) == suit

    rules = []
    low, high, length = {1: (8, 16, 5), 2: (11, 16, 5), 3: (13, 17, 6)}.get(bid.level, (15, 18, 7))
    if bid.level == 2 and suit in MAJORS:
        low = 10
    strong_enough = 10 + 2 * (bid.level - 1) - cut
    theirs = situation.their_suits()

    def worth_it(hand: Hand) -> bool:
        if hand.hcp > high and any(hand.length(other) <= 3 for other in theirs):
            return False  # strong enough to double first
        return best(hand) and (
            is_good_suit(hand, suit) or hand.hcp >= strong_enough or hand.length(suit) >= 6
        )

    high += 3  # too strong to overcall, but long in their suit: overcall anyway

    rules.append(
        rule(bid, (low - cut, high), "overcall", worth_it, lengths={suit: (length, 13)},
             tag="overcall", params=param)
    )  # fmt: skip
    if direct and over_opening:
        jump = Call.bid(bid.level + 1, strain) if bid.level < 7 else None
        if jump is not None and jump.level <= 3:
            cards = 6 if jump.level == 2 else 7
            rules.append(
                rule(jump, (5, 10), "weak_jump_overcall",
                     lambda hand: best(hand) and is_good_suit(hand, suit),
                     lengths={suit: (cards, 13)}, tag="weak_jump_overcall", params=param)
            )  # fmt: skip
        if suit in MAJORS and bid.level <= 3:
            rules.append(
                rule(Call.bid(4, strain), (5, 12), "preempt_overcall",
                     lambda hand: best(hand) and is_good_suit(hand, suit),
                     lengths={suit: (7, 13)}, tag="weak_jump_overcall", params=param)
            )  # fmt: skip
    return rules


def _suit_over_notrump(hand: Hand) -> Suit | None:
    """The suit to bid over their 1NT: the longest, with six cards, a good five-card suit and
    10+ points, or five cards and a second four-card suit."""
    suit = _best_suit(hand, list(SUITS))
    assert suit is not None
    length = hand.length(suit)
    good = is_good_suit(hand, suit) and hand.hcp >= 10
    two_suited = sorted(hand.shape)[-2] >= 4
    return suit if length >= 6 or (length == 5 and (good or two_suited)) else None


def _over_one_notrump(situation: Situation, cut: int) -> list[Rule]:
    rules = [rule(DOUBLE, (15 - cut, 37), "penalty_double_nt", tag="penalty_double")]
    for suit in (_S, _H, _D, _C):
        bid = situation.cheapest(Strain(suit))
        if bid is None or bid.level != 2:
            continue
        rules.append(
            rule(bid, (8 - cut, 16), "overcall_over_nt", chooses(_suit_over_notrump, suit),
                 lengths={suit: (5, 13)}, tag="overcall", params=(suit_param(suit),))
        )  # fmt: skip
    rules.append(rule(PASS, (0, 37), "pass_over_opening"))
    return rules


# -- partner's answer ------------------------------------------------------------------------


def advance_overcall(situation: Situation, suit: Suit) -> list[Rule]:
    """Partner overcalled `suit`."""
    strain = Strain(suit)
    theirs = situation.their_suits()
    need = 3 if suit in MAJORS else 4
    param = (suit_param(suit),)
    rules: list[Rule] = []
    if suit in MAJORS:
        rules.append(
            rule(Call.bid(4, strain), (11, 37), "advance_game",
                 lambda hand: fit_points(hand, suit) >= 14,
                 lengths={suit: (3, 13)}, agrees=strain, tag="advance_raise", params=param)
        )  # fmt: skip
    cue = _cue_bid(situation, theirs)
    if cue is not None:
        rules.append(
            rule(cue, (8, 37), "cue_raise", lambda hand: fit_points(hand, suit) >= 11,
                 lengths={suit: (need, 13)}, forcing=Force.ONE_ROUND, agrees=strain,
                 tag="cue_raise", params=param)
        )  # fmt: skip
    single = situation.cheapest(strain)
    if single is not None:
        jump = Call.bid(single.level + 1, strain) if single.level < 7 else None
        if jump is not None and jump.level <= 4:
            rules.append(
                rule(jump, (0, 10), "preemptive_raise",
                     lambda hand: fit_points(hand, suit) <= 10,
                     lengths={suit: (4 if suit in MAJORS else 5, 13)}, agrees=strain,
                     tag="advance_raise", params=param)
            )  # fmt: skip
        rules.append(
            rule(single, (3, 10), "advance_raise", lambda hand: 6 <= fit_points(hand, suit) <= 10,
                 lengths={suit: (need, 13)}, agrees=strain, tag="advance_raise", params=param)
        )  # fmt: skip
    rules += _advance_notrump(situation, theirs, (8, 11), lambda hand: True)
    for other in (_S, _H, _D, _C):
        if other == suit or other in theirs:
            continue
        bid = situation.cheapest(Strain(other))
        if bid is None or bid.level > 3:
            continue
        rules.append(
            rule(bid, (8, 16), "advance_new_suit", _good_suit_test(other),
                 lengths={other: (5, 13), suit: (0, 2)}, tag="advance_new_suit",
                 params=(suit_param(other),))
        )  # fmt: skip
    rules.append(rule(PASS, (0, 37), "advance_pass"))
    return rules


def _good_suit_test(suit: Suit) -> Test:
    return lambda hand: is_good_suit(hand, suit)


def _cue_bid(situation: Situation, theirs: tuple[Suit, ...]) -> Call | None:
    opening = situation.opening
    if opening is None or opening.call.strain in (None, Strain.NOTRUMP):
        return None
    assert opening.call.strain is not None
    cue = situation.cheapest(opening.call.strain)
    if cue is None or cue.level > 3 or Suit(int(opening.call.strain)) not in theirs:
        return None
    return cue


def _advance_notrump(
    situation: Situation,
    theirs: tuple[Suit, ...],
    one_level: tuple[int, int],
    also: Callable[[Hand], bool],
) -> list[Rule]:
    rules: list[Rule] = []
    nt = situation.cheapest(Strain.NOTRUMP)
    if nt is None:
        return rules
    shift = nt.level - 1
    low = one_level[0] + 3 * shift
    high = one_level[1] + 3 * shift

    def stopped(hand: Hand) -> bool:
        return _stoppers(hand, theirs) and also(hand)

    if nt.level < 3:
        rules.append(rule(nt, (low, high), "advance_nt", stopped, tag="advance_nt"))
    if nt.level <= 3:
        rules.append(
            rule("3NT", (max(low, high + 1) if nt.level < 3 else low, 37), "advance_3nt", stopped,
                 tag="advance_nt")
        )  # fmt: skip
    return rules


def advance_double(situation: Situation) -> list[Rule]:
    """Partner made a takeout double."""
    theirs = situation.their_suits()
    free = situation.steps[-1].call is not PASS
    own = [suit for suit in SUITS if suit not in theirs]
    rules: list[Rule] = []
    last = situation.last_bid
    assert last is not None
    if not free and last.level == 1 and last.strain not in (None, Strain.NOTRUMP):
        assert last.strain is not None
        trump = Suit(int(last.strain))
        rules.append(
            rule(PASS, (8, 37), "penalty_pass",
                 lambda hand: hand.length(trump) >= 5 and is_good_suit(hand, trump),
                 lengths={trump: (5, 13)}, tag="penalty_pass")
        )  # fmt: skip
    cue = _cue_bid(situation, theirs)
    if cue is not None:
        rules.append(rule(cue, (12, 37), "cue_bid_advance", forcing=Force.ONE_ROUND,
                          tag="cue_bid_advance"))  # fmt: skip

    def best_for_double(hand: Hand) -> Suit | None:
        majors = [suit for suit in own if suit in MAJORS and hand.length(suit) >= 4]
        if majors:
            return _best_suit(hand, majors)
        return _best_suit(hand, own)

    def no_major(hand: Hand) -> bool:
        return not any(suit in MAJORS and hand.length(suit) >= 4 for suit in own)

    rules += _advance_notrump(situation, theirs, (6, 10), no_major)

    for suit in (_S, _H, _D, _C):
        if suit not in own:
            continue
        bid = situation.cheapest(Strain(suit))
        if bid is None:
            continue
        param = (suit_param(suit),)
        can_jump = bid.level < 4
        if can_jump:
            jump = Call.bid(bid.level + 1, Strain(suit))
            rules.append(
                rule(jump, (9, 11 if cue is not None else 37), "advance_jump",
                     chooses(best_for_double, suit),
                     lengths={suit: (4, 13)}, tag="advance_suit", params=param)
            )  # fmt: skip
        minimum = 6 if free else 0
        rules.append(
            rule(bid, (minimum, 11 if cue is not None else 37), "advance_cheapest",
                 chooses(best_for_double, suit),
                 lengths={suit: (3, 13)}, tag="advance_suit", params=param)
        )  # fmt: skip
    # After their free bid partner's double no longer forces: a hand with no suit of its own
    # to show passes (a hand of twelve and more cue bids, when it can).
    rules.append(rule(PASS, (0, 11 if cue is not None else 37) if free else (0, 37),
                      "advance_pass"))  # fmt: skip
    return rules
