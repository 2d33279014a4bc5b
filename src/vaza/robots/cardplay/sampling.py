"""Deal the cards a seat cannot see to the seats that hold them, from that seat's view alone.

A robot never sees a hidden card: it imagines layouts that agree with everything it has seen —
its own hand, dummy once faced, every card played and by whom, the suits a player showed out
of — and with what it believes from the auction (`HandConstraints`: points and suit lengths of
each hidden hand, as dealt).  The robot then solves each imagined layout double dummy.

Sampling is exact for the hard facts and the suit lengths: the number of layouts with each
split of every suit among the hidden seats is a product of multinomials, so a split is drawn
with that weight (a small dynamic programme over suits) and then the cards of each suit are
dealt at random.  Every consistent layout is equally likely.  High-card points are checked by
rejection; when the auction's picture cannot be met (a misread, or a player who misbid), the
belief gives way to the facts, first the points, then the lengths.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import product
from math import comb
from typing import Final, Protocol

from vaza.core.calls import Call
from vaza.core.cards import FULL_MASK, SEATS, SUIT_MASK, Hand, Seat, Suit, Vulnerability, hcp_of
from vaza.core.views import TableView
from vaza.robots.constraints import HandConstraints

CallChooser = Callable[[Hand, tuple[Call, ...], Seat, Vulnerability], Call]
"""The bidding system's call for a hand after some calls (from the dealer, and the dealer): a
sampler that knows it keeps only layouts whose hands would have bid as they did."""

_SUITS: Final = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_REJECTION_TRIES: Final = 60
"""Draws per wanted sample before the points of the auction are given up as unreachable."""


def _suit_mask(suit: Suit) -> int:
    return SUIT_MASK << 13 * suit


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows about where the cards are: the facts of its view."""

    viewer: Seat
    known: tuple[int, int, int, int]
    """Remaining cards the viewer sees, by seat (its own hand, dummy once faced; 0 if hidden)."""
    hidden: tuple[Seat, ...]
    """Seats whose remaining cards the viewer cannot see."""
    counts: tuple[int, int, int, int]
    """How many cards each seat still holds."""
    unseen: int
    """Mask of the cards the viewer has not seen: held by the hidden seats between them."""
    played: tuple[int, int, int, int]
    """Cards each seat has played, as masks (the trick in progress included)."""
    voids: tuple[int, int, int, int]
    """Suits each seat showed out of, as four bits by `Suit`."""

    @classmethod
    def of(cls, view: TableView) -> Knowledge:
        """Read the facts from a seat's view (it sees its own hand, so it has a viewer)."""
        viewer = view.viewer
        if viewer is None or view.contract is None:
            raise ValueError("only a seat's view of a deal being played can be sampled")
        played = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]
        for position, (seat, card) in enumerate(view.played):
            if position % 4 == 0:
                led = card.suit
            elif card.suit != led:
                voids[seat] |= 1 << led
            played[seat] |= card.mask
        known = tuple(0 if hand is None else hand.mask for hand in view.hands)
        counts = tuple(13 - mask.bit_count() for mask in played)
        seen = 0
        for mask in (*known, *played):
            seen |= mask
        hidden = tuple(seat for seat in SEATS if view.hands[seat] is None)
        return cls(
            viewer=viewer,
            known=known,  # type: ignore[arg-type]
            hidden=hidden,
            counts=counts,  # type: ignore[arg-type]
            unseen=FULL_MASK & ~seen,
            played=tuple(played),  # type: ignore[arg-type]
            voids=tuple(voids),  # type: ignore[arg-type]
        )

    @classmethod
    def before_play(cls, viewer: Seat, hand: int) -> Knowledge:
        """A seat's facts before any card is played (the auction, the opening lead): its own
        thirteen cards (`hand`, a mask) seen, the other 39 not."""
        return cls(
            viewer=viewer,
            known=(
                hand if viewer == Seat.NORTH else 0,
                hand if viewer == Seat.EAST else 0,
                hand if viewer == Seat.SOUTH else 0,
                hand if viewer == Seat.WEST else 0,
            ),
            hidden=tuple(seat for seat in SEATS if seat != viewer),
            counts=(13, 13, 13, 13),
            unseen=FULL_MASK & ~hand,
            played=(0, 0, 0, 0),
            voids=(0, 0, 0, 0),
        )

    def allows(self, hands: tuple[int, int, int, int]) -> bool:
        """Whether a layout of remaining hands agrees with every fact (tests use this)."""
        dealt = 0
        for seat in SEATS:
            mask = hands[seat]
            if mask.bit_count() != self.counts[seat] or dealt & mask:
                return False
            dealt |= mask
            if seat in self.hidden:
                if mask & ~self.unseen:
                    return False
                if any(self.voids[seat] >> suit & 1 and mask & _suit_mask(suit) for suit in _SUITS):
                    return False
            elif mask != self.known[seat]:
                return False
        return True


@dataclass(frozen=True, slots=True)
class _Bounds:
    """For each hidden seat and suit, how many unseen cards of the suit it may hold now."""

    low: tuple[tuple[int, ...], ...]
    """``low[i][suit]`` for the i-th hidden seat."""
    high: tuple[tuple[int, ...], ...]


def _bounds(knowledge: Knowledge, beliefs: Mapping[Seat, HandConstraints]) -> _Bounds:
    lows: list[tuple[int, ...]] = []
    highs: list[tuple[int, ...]] = []
    for seat in knowledge.hidden:
        belief = beliefs.get(seat)
        low: list[int] = []
        high: list[int] = []
        for suit in _SUITS:
            unseen_here = (knowledge.unseen & _suit_mask(suit)).bit_count()
            if knowledge.voids[seat] >> suit & 1:
                low.append(0)
                high.append(0)
                continue
            shown = (knowledge.played[seat] & _suit_mask(suit)).bit_count()
            first, last = belief.length(suit) if belief is not None else (0, 13)
            low.append(max(0, first - shown))
            high.append(min(unseen_here, knowledge.counts[seat], last - shown))
        lows.append(tuple(low))
        highs.append(tuple(high))
    return _Bounds(tuple(lows), tuple(highs))


class _SplitTable:
    """How many layouts share each way of splitting the remaining suits among the hidden
    seats: the weights that make drawing a split, then its cards, uniform over layouts."""

    def __init__(self, suit_sizes: tuple[int, ...], needs: tuple[int, ...], bounds: _Bounds):
        self.suit_sizes = suit_sizes
        self.needs = needs
        self.bounds = bounds
        self.splits = tuple(self._splits(index) for index in range(len(_SUITS)))
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._options_of: dict[
            tuple[int, tuple[int, ...]],
            tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...]],
        ] = {}

    def _splits(self, suit_index: int) -> tuple[tuple[tuple[int, ...], int], ...]:
        """Each split of one suit's unseen cards among the hidden seats, with its multinomial."""
        size = self.suit_sizes[suit_index]
        ranges = [
            range(self.bounds.low[i][suit_index], self.bounds.high[i][suit_index] + 1)
            for i in range(len(self.needs))
        ]
        found: list[tuple[tuple[int, ...], int]] = []
        for split in product(*ranges):
            if sum(split) != size:
                continue
            weight, left = 1, size
            for taken in split:
                weight *= comb(left, taken)
                left -= taken
            found.append((split, weight))
        return tuple(found)

    def ways(self, suit_index: int, needs: tuple[int, ...]) -> int:
        """Layouts of suits `suit_index`.. that give each hidden seat exactly `needs` cards."""
        if suit_index == len(_SUITS):
            return 1 if not any(needs) else 0
        key = (suit_index, needs)
        cached = self._ways.get(key)
        if cached is not None:
            return cached
        total = 0
        for split, weight in self.splits[suit_index]:
            rest = tuple(need - taken for need, taken in zip(needs, split, strict=True))
            if min(rest) >= 0:
                total += weight * self.ways(suit_index + 1, rest)
        self._ways[key] = total
        return total

    def _options(
        self, suit_index: int, needs: tuple[int, ...]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """The splits of one suit that leave the later suits a layout, the needs each leaves,
        and their running totals of layouts (built once per needs, then drawn from often)."""
        key = (suit_index, needs)
        cached = self._options_of.get(key)
        if cached is not None:
            return cached
        splits: list[tuple[int, ...]] = []
        rests: list[tuple[int, ...]] = []
        totals: list[int] = []
        total = 0
        for split, weight in self.splits[suit_index]:
            rest = tuple(need - taken for need, taken in zip(needs, split, strict=True))
            if min(rest) >= 0 and (ways := weight * self.ways(suit_index + 1, rest)):
                total += ways
                splits.append(split)
                rests.append(rest)
                totals.append(total)
        options = (tuple(splits), tuple(rests), tuple(totals))
        self._options_of[key] = options
        return options

    def draw(self, rng: random.Random) -> list[tuple[int, ...]]:
        """One split per suit, drawn with the number of layouts it stands for."""
        needs = self.needs
        chosen: list[tuple[int, ...]] = []
        for suit_index in range(len(_SUITS)):
            splits, rests, totals = self._options(suit_index, needs)
            picked = bisect_right(totals, rng.randrange(totals[-1]))
            chosen.append(splits[picked])
            needs = rests[picked]
        return chosen


@dataclass
class Sampler:
    """Draws layouts of the hidden hands for one view; build it once per decision."""

    knowledge: Knowledge
    beliefs: Mapping[Seat, HandConstraints] = field(default_factory=dict)
    relaxed: list[str] = field(default_factory=list)
    """Beliefs given up because the facts contradict them ("points", "lengths")."""

    def __post_init__(self) -> None:
        knowledge = self.knowledge
        self.beliefs = {s: b for s, b in self.beliefs.items() if s in knowledge.hidden}
        self._suit_cards = tuple(
            tuple(_cards(knowledge.unseen & _suit_mask(suit))) for suit in _SUITS
        )
        self._table = self._build_table(self.beliefs)
        if self._table is None:
            self.relaxed.append("lengths")
            self.beliefs = {}
            self._table = self._build_table({})
            if self._table is None:
                raise ValueError("the view's facts admit no layout of the hidden hands")
        self._points = {
            seat: belief.hcp
            for seat, belief in self.beliefs.items()
            if belief.hcp != (0, 37) and seat in knowledge.hidden
        }

    def _build_table(self, beliefs: Mapping[Seat, HandConstraints]) -> _SplitTable | None:
        knowledge = self.knowledge
        sizes = tuple(len(cards) for cards in self._suit_cards)
        needs = tuple(knowledge.counts[seat] for seat in knowledge.hidden)
        table = _SplitTable(sizes, needs, _bounds(knowledge, beliefs))
        return table if table.ways(0, needs) else None

    @property
    def believes_points(self) -> bool:
        """Whether some hidden hand's points are believed (layouts are then drawn by rejection)."""
        return bool(self._points)

    def layouts(self) -> int:
        """How many layouts agree with the facts (and the suit lengths believed)."""
        return self._table.ways(0, self._table.needs)  # type: ignore[union-attr]

    def _draw(self, rng: random.Random) -> tuple[int, int, int, int]:
        table = self._table
        assert table is not None
        hands = list(self.knowledge.known)
        hidden = self.knowledge.hidden
        for suit_index, split in enumerate(table.draw(rng)):
            cards = list(self._suit_cards[suit_index])
            rng.shuffle(cards)
            start = 0
            for seat, taken in zip(hidden, split, strict=True):
                for mask in cards[start : start + taken]:
                    hands[seat] |= mask
                start += taken
        return tuple(hands)  # type: ignore[return-value]

    def _believable(self, hands: tuple[int, int, int, int]) -> bool:
        for seat, (low, high) in self._points.items():
            if not low <= hcp_of(hands[seat] | self.knowledge.played[seat]) <= high:
                return False
        return True

    def sample(self, count: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
        """`count` layouts of the remaining hands, by seat (N E S W), each agreeing with the
        view; the points believed hold unless they proved unreachable."""
        found: list[tuple[int, int, int, int]] = []
        tries = 0
        while len(found) < count:
            hands = self._draw(rng)
            tries += 1
            if not self._points or self._believable(hands):
                found.append(hands)
            elif tries > _REJECTION_TRIES * count:
                self.relaxed.append("points")
                self._points = {}
        return found

    def every_layout(self) -> Iterator[tuple[int, int, int, int]]:
        """Every layout that agrees with the facts and beliefs, for exact checks when few
        cards are unseen (their number is `layouts()` when no points are believed)."""
        knowledge = self.knowledge
        hidden = knowledge.hidden
        bounds = self._table.bounds  # type: ignore[union-attr]

        def fits(layout: tuple[int, int, int, int]) -> bool:
            for slot, seat in enumerate(hidden):
                for suit_index, suit in enumerate(_SUITS):
                    held = (layout[seat] & _suit_mask(suit)).bit_count()
                    if not bounds.low[slot][suit_index] <= held <= bounds.high[slot][suit_index]:
                        return False
            return not self._points or self._believable(layout)

        needs = [knowledge.counts[seat] for seat in hidden]
        for layout in _enumerate(list(knowledge.known), knowledge.unseen, hidden, needs, knowledge):
            if fits(layout):
                yield layout


class SeenAuction(Protocol):
    """What one seat saw of an auction: enough to ask whether a layout's hands bid it."""

    @property
    def viewer(self) -> Seat | None: ...
    @property
    def calls(self) -> tuple[Call, ...]: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def vulnerability(self) -> Vulnerability: ...


_AUCTION_TRIES: Final = 30
"""Layouts drawn per layout wanted before those whose hands would have bid otherwise are let in
(about one in five layouts within the auction's ranges bids exactly as the table did, one in
twenty after an overcall; with 10 tries most layouts there were let in unchecked)."""


def bids_alike(
    layout: tuple[int, int, int, int],
    seen: SeenAuction,
    caller: CallChooser,
    hidden: tuple[Seat, ...] | None = None,
    played: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> bool:
    """Whether the hidden hands of `layout` would each have made the calls they made, by the
    same system: what the auction says, beyond the ranges of points and lengths.  `hidden`
    are the seats to check (all but the viewer by default: a hand the viewer sees bid as it
    did, whatever the system says); in the play a hand as dealt is its remaining cards and
    those it `played`."""
    if hidden is None:
        hidden = tuple(seat for seat in SEATS if seat != seen.viewer)
    calls = seen.calls
    for index, call in enumerate(calls):
        seat = seen.dealer.next(index)
        if seat not in hidden:
            continue
        hand = Hand.from_mask(layout[seat] | played[seat])
        if caller(hand, calls[:index], seen.dealer, seen.vulnerability) != call:
            return False
    return True


@dataclass
class AuctionSampler:
    """A sampler with one more test: the layout's hands bid as the table did.  When too few
    layouts pass, the first drawn are let in (a misbid, or a reading the ranges cannot
    express), and `relaxed` counts them."""

    sampler: Sampler
    seen: SeenAuction
    caller: CallChooser | None
    relaxed: int = 0

    def bid_alike(self, layout: tuple[int, int, int, int]) -> bool:
        """Whether the layout's hidden hands, as dealt, bid as the table did."""
        knowledge = self.sampler.knowledge
        assert self.caller is not None
        return bids_alike(layout, self.seen, self.caller, knowledge.hidden, knowledge.played)

    def sample(self, count: int, rng: random.Random) -> list[tuple[int, int, int, int]]:
        if self.caller is None:
            return self.sampler.sample(count, rng)
        found: list[tuple[int, int, int, int]] = []
        spare: list[tuple[int, int, int, int]] = []
        for _ in range(_AUCTION_TRIES):
            for layout in self.sampler.sample(count, rng):
                if len(found) < count and self.bid_alike(layout):
                    found.append(layout)
                elif len(spare) < count:
                    spare.append(layout)
            if len(found) >= count:
                return found
        self.relaxed += count - len(found)
        return found + spare[: count - len(found)]

    def every_layout(self) -> list[tuple[int, int, int, int]]:
        """Every layout that agrees with the facts and bid as the table did; every one that
        agrees with the facts when none did (a misbid)."""
        every = list(self.sampler.every_layout())
        if self.caller is None:
            return every
        alike = [layout for layout in every if self.bid_alike(layout)]
        if alike:
            return alike
        self.relaxed += len(every)
        return every


def _enumerate(
    hands: list[int], unseen: int, hidden: tuple[Seat, ...], needs: list[int], facts: Knowledge
) -> Iterator[tuple[int, int, int, int]]:
    """Deal the unseen cards one at a time, lowest first, to each hidden seat that may hold it."""
    if not unseen:
        yield (hands[0], hands[1], hands[2], hands[3])
        return
    low = unseen & -unseen
    suit = (low.bit_length() - 1) // 13
    for slot, seat in enumerate(hidden):
        if needs[slot] and not facts.voids[seat] >> suit & 1:
            needs[slot] -= 1
            hands[seat] |= low
            yield from _enumerate(hands, unseen ^ low, hidden, needs, facts)
            hands[seat] ^= low
            needs[slot] += 1


def _cards(mask: int) -> Iterator[int]:
    """The single-card masks of a mask."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low
