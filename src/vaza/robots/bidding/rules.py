"""The value types of the system: a rule (a call, what it shows, when to choose it) and the
explanation of a call as read from the auction.

One list of rules per auction position serves both directions: the bidder takes the first rule
whose ranges and test fit its hand; anyone reading the auction takes the ranges of every rule in
that list that bids the call actually made.  The ranges (`shows`) are checked by the bidder as
well, so what a call is read to show always contains the hand that made it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import IntEnum
from typing import Final, TypedDict, Unpack

from vaza.core.calls import Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.bidding.evaluate import fit_points
from vaza.robots.bidding.meanings import describe
from vaza.robots.constraints import NOTHING_KNOWN, HandConstraints

Test = Callable[[Hand], bool]
"""A further condition on the hand (suit quality, stoppers, points with distribution).  It only
narrows what `shows` allows, so readers may ignore it."""


class Force(IntEnum):
    """What a call asks of partner."""

    NONE = 0
    ONE_ROUND = 1
    """Partner must bid again (unless an opponent's call gives them another chance)."""
    GAME = 2
    """Neither partner passes until game is reached (or the opponents are doubled)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One meaning of one call in one auction position."""

    call: Call
    shows: HandConstraints
    label: str
    """The key of its explanation in `meanings`."""
    params: tuple[tuple[str, str], ...] = ()
    """Values for the explanation's placeholders (suit symbols, key-card counts)."""
    test: Test | None = None
    forcing: Force = Force.NONE
    agrees: Strain | None = None
    """The partnership's strain from now on, when the call settles it."""
    tag: str = ""
    """The structural name scripts follow (``stayman``, ``transfer``); the label if empty."""

    @property
    def name(self) -> str:
        return self.tag or self.label

    def fits(self, hand: Hand) -> bool:
        return self.shows.admits(hand) and (self.test is None or self.test(hand))


def shows(
    hcp: tuple[int, int] = (0, 37),
    *,
    clubs: tuple[int, int] = (0, 13),
    diamonds: tuple[int, int] = (0, 13),
    hearts: tuple[int, int] = (0, 13),
    spades: tuple[int, int] = (0, 13),
) -> HandConstraints:
    """Constraints written the way a bridge player says them."""
    return HandConstraints(hcp=hcp, lengths=(clubs, diamonds, hearts, spades))


def with_length(base: HandConstraints, suit: Suit, low: int, high: int = 13) -> HandConstraints:
    """`base` with one more suit-length range (intersected)."""
    return base.with_length(suit, low, high)


def hull(parts: Iterable[HandConstraints]) -> HandConstraints:
    """The smallest ranges containing each of `parts`: what a call shows when the system has
    several meanings for it in one position."""
    items = list(parts)
    if not items:
        return NOTHING_KNOWN
    low = min(item.hcp[0] for item in items)
    high = max(item.hcp[1] for item in items)
    ranges = tuple(
        (min(item.lengths[suit][0] for item in items), max(item.lengths[suit][1] for item in items))
        for suit in range(4)
    )
    return HandConstraints(hcp=(low, high), lengths=ranges)  # type: ignore[arg-type]


def narrow(known: HandConstraints, new: HandConstraints) -> HandConstraints:
    """What a seat has shown after one more call.  A range that would become empty (a player
    who did not follow the system) keeps the new call's range: the latest call is believed."""
    hcp = (max(known.hcp[0], new.hcp[0]), min(known.hcp[1], new.hcp[1]))
    if hcp[0] > hcp[1]:
        hcp = new.hcp
    ranges = []
    for suit in range(4):
        low = max(known.lengths[suit][0], new.lengths[suit][0])
        high = min(known.lengths[suit][1], new.lengths[suit][1])
        ranges.append((low, high) if low <= high else new.lengths[suit])
    merged = HandConstraints(hcp=hcp, lengths=tuple(ranges))  # type: ignore[arg-type]
    return merged if merged.consistent else new


def suit_param(suit: Suit | Strain | None) -> tuple[str, str]:
    if suit is None or suit == Strain.NOTRUMP:
        return ("suit", "NT")
    return ("suit", Suit(int(suit)).symbol)


Meaning = tuple[str, tuple[tuple[str, str], ...]]
"""A label and its parameters: one of a call's meanings."""


@dataclass(frozen=True, slots=True)
class Explanation:
    """What one call of an auction means under the system: the agreement, not the hand (as the
    laws require), so every reader gives the same explanation."""

    call: Call
    meanings: tuple[Meaning, ...]
    """Each kind of hand the system bids the call with here, in order of preference."""
    shows: HandConstraints
    """The ranges the call shows by itself (all the system's meanings of it, together)."""
    forcing: Force

    @property
    def label(self) -> str:
        """The first (main) meaning's label."""
        return self.meanings[0][0]

    def text(self, lang: str = "en") -> str:
        """The meaning in English (``en``) or Portuguese (``pt-BR``)."""
        return describe(self.meanings, self.shows, self.forcing, lang)


NATURAL_UNKNOWN: Final = "natural"
"""The label of a call the system has no rule for (a person's call off the system)."""


class RuleExtras(TypedDict, total=False):
    """What a rule may say beyond its call, points and label (see `Rule`)."""

    lengths: dict[Suit, tuple[int, int]] | None
    forcing: Force
    agrees: Strain | None
    tag: str
    params: tuple[tuple[str, str], ...]


def rule(
    call: str | Call,
    hcp: tuple[int, int],
    label: str,
    test: Test | None = None,
    **extras: Unpack[RuleExtras],
) -> Rule:
    """A rule written compactly: ``rule("2C", (8, 37), "stayman", lengths={HEARTS: (0, 5)})``.
    An empty high-card range (low above high) is allowed: the rule then never fits."""
    shown = shows((max(0, hcp[0]), min(37, hcp[1])))
    for suit, (low, high) in (extras.get("lengths") or {}).items():
        shown = shown.with_length(suit, low, high)
    return Rule(
        call if isinstance(call, Call) else Call.parse(call),
        shown,
        label,
        extras.get("params", ()),
        test,
        extras.get("forcing", Force.NONE),
        extras.get("agrees"),
        extras.get("tag", ""),
    )


def chooses(choice: Callable[[Hand], object], value: object) -> Test:
    """A test that the hand's `choice` (its best suit, its plan ...) is `value`."""
    return lambda hand: choice(hand) == value


def all_of(*tests: Test) -> Test:
    return lambda hand: all(test(hand) for test in tests)


def fit_between(suit: Suit, low: int, high: int) -> Test:
    """The hand's points with `suit` as trumps (shortness counted) lie in `low`..`high`."""
    return lambda hand: low <= fit_points(hand, suit) <= high
