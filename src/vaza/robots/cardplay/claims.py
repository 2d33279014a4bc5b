"""When a robot claims, and which claims it accepts: only claims that cannot fail.

Double dummy alone cannot say a claim is safe: in every layout a two-way guess for a queen is
right, yet no single line guesses it in all of them.  A claim must hold for a line the claimer
fixes without seeing the hidden cards, however they lie and however they are played.  So the
robot checks a claim against a stronger opponent: the cards the claimer cannot see form one
*pool*, and each hidden seat in turn plays whichever pool card hurts most — ignoring which
hand holds it and even whether it could follow suit (only the voids a player has shown are
respected).  Every real layout and defence is one of the pool's choices, so a claim that
stands against the pool stands at the table (the claimer's partner, when hidden, is played by
the pool too: a defender claims only what it takes itself).  The pool is pessimistic — a claim
that needs a count or a squeeze is not made — which costs nothing but a few played tricks.

A robot claims the rest when the pool cannot stop it; it claims fewer only when, besides,
every layout it can imagine (all of them when few cards are unseen) gives double dummy no more.
It accepts a claim when, in every layout consistent with its own view, the claimer — seeing
what the claimer sees there — could not be held below the tricks claimed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from vaza.core.cards import SEATS, SUIT_MASK, Card, Seat, Suit
from vaza.core.game import Claim, ClaimResponse
from vaza.core.play import cards_in, winning_position
from vaza.core.views import TableView
from vaza.robots.cardplay.sampling import Knowledge, Sampler
from vaza.robots.cardplay.solver import Layout, position_now, solve
from vaza.robots.constraints import HandConstraints

NODE_LIMIT: Final = 30_000
"""Search nodes per claim check; past it the claim counts as unproven (no claim, or rejected)."""
ANSWER_NODE_LIMIT: Final = 150_000
"""Search nodes for answering one claim, over all the layouts checked."""
CLAIM_TRICKS: Final = 7
"""With more tricks left, a robot claims only when every card it holds is a master."""
PARTIAL_CLAIM_TRICKS: Final = 6
"""A claim of fewer than all the tricks is considered only this late."""
EXACT_LAYOUTS: Final = 200
"""Up to this many layouts are each solved; beyond, a sample of `SAMPLED_LAYOUTS`."""
SAMPLED_LAYOUTS: Final = 60


class _TooHard(Exception):
    """The search ran past its node limit."""


@dataclass(frozen=True, slots=True)
class ClaimerSight:
    """A claim seen from the claimer's chair: the hands it controls and sees, the pool of
    cards it cannot see, and the trick on the table."""

    claimer: Seat
    controlled: frozenset[Seat]
    """The claimer's own hand, and dummy when the claimer is declarer."""
    hands: tuple[int, int, int, int]
    """Remaining cards of the seats the claimer sees (0 for pooled seats)."""
    pooled: frozenset[Seat]
    """Seats whose cards the claimer cannot see; they play from the pool."""
    pool: int
    voids: tuple[int, int, int, int]
    trump: Suit | None
    leader: Seat
    trick: tuple[Card, ...]


def _unplayed(view: TableView) -> int:
    mask = (1 << 52) - 1
    for _, card in view.played:
        mask &= ~card.mask
    return mask


class _Search:
    """Can the claimer's side take `k` of the remaining tricks against the pool?"""

    def __init__(self, sight: ClaimerSight, limit: int = NODE_LIMIT) -> None:
        self.sight = sight
        self.side = sight.claimer.side
        self.nodes = 0
        self.limit = limit
        self.memo: dict[tuple[object, ...], bool] = {}

    def reach(self, k: int) -> bool:
        sight = self.sight
        return self._reach(list(sight.hands), sight.pool, sight.leader, sight.trick, k)

    def _reach(
        self, hands: list[int], pool: int, leader: Seat, trick: tuple[Card, ...], k: int
    ) -> bool:
        if k <= 0:
            return True
        seat = leader.next(len(trick))
        cards = pool.bit_count() + sum(mask.bit_count() for mask in hands)
        left = (cards + len(trick)) // 4
        if left < k:
            return False
        if not trick and seat in self.sight.controlled and self.all_masters(hands, pool):
            return True
        key = (tuple(hands), pool, leader, trick, k)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.limit:
            raise _TooHard
        ours = seat in self.sight.controlled
        found = not ours
        for card in self._choices(hands, pool, seat, trick):
            next_hands = hands
            next_pool = pool
            if seat in self.sight.pooled:
                next_pool = pool & ~card.mask
            else:
                next_hands = list(hands)
                next_hands[seat] &= ~card.mask
            played = (*trick, card)
            if len(played) < 4:
                result = self._reach(next_hands, next_pool, leader, played, k)
            else:
                winner = leader.next(winning_position(played, self.sight.trump))
                won = 1 if winner.side == self.side else 0
                result = self._reach(next_hands, next_pool, winner, (), k - won)
            if result == ours:
                found = ours
                break
        self.memo[key] = found
        return found

    def all_masters(self, hands: list[int], pool: int) -> bool:
        """Every card the claimer controls outranks every card against it of its suit, and no
        card against it is a trump: each trick is won wherever it is led from."""
        sight = self.sight
        ours = 0
        theirs = pool
        for seat in SEATS:
            if seat in sight.controlled:
                ours |= hands[seat]
            elif seat not in sight.pooled:
                theirs |= hands[seat]
        trump = sight.trump
        if trump is not None and theirs >> 13 * trump & SUIT_MASK:
            return False
        for suit in range(4):
            mine = ours >> 13 * suit & SUIT_MASK
            if not mine:
                continue
            lowest = mine & -mine
            if (theirs >> 13 * suit & SUIT_MASK) >= lowest:
                return False
        return True

    def _choices(
        self, hands: list[int], pool: int, seat: Seat, trick: tuple[Card, ...]
    ) -> list[Card]:
        """The cards worth trying for `seat`, one of each run of equals, most forcing first."""
        sight = self.sight
        if seat in sight.pooled:
            allowed = pool
            for suit in range(4):
                if sight.voids[seat] >> suit & 1:
                    allowed &= ~(SUIT_MASK << 13 * suit)
            holder_mask = pool
        else:
            allowed = hands[seat]
            if trick:
                follow = allowed & (SUIT_MASK << 13 * trick[0].suit)
                if follow:
                    allowed = follow
            holder_mask = hands[seat]
        everything = pool
        for mask in hands:
            everything |= mask
        for card in trick:
            everything |= card.mask
        cards = _one_of_each_run(allowed, holder_mask, everything)
        trump = sight.trump
        return sorted(cards, key=lambda c: (c.suit == trump, c.rank), reverse=True)


def _one_of_each_run(allowed: int, holder: int, everything: int) -> list[Card]:
    """The lowest card of each run of `allowed` cards with nothing outside `holder` between
    them: such cards are interchangeable for whoever holds them."""
    chosen: list[Card] = []
    previous: Card | None = None
    for card in cards_in(allowed):
        if previous is not None and previous.suit == card.suit:
            between = ((1 << card.index) - 1) & ~((1 << (previous.index + 1)) - 1)
            if not between & everything & ~holder:
                previous = card
                continue
        chosen.append(card)
        previous = card
    return chosen


def guaranteed(sight: ClaimerSight, tricks: int, limit: int = NODE_LIMIT) -> bool | None:
    """Whether the claimer's side surely takes `tricks` more tricks; None when the search ran
    past `limit` nodes."""
    return _guaranteed(sight, tricks, limit)[0]


def _guaranteed(sight: ClaimerSight, tricks: int, limit: int) -> tuple[bool | None, int]:
    search = _Search(sight, limit)
    try:
        return search.reach(tricks), search.nodes
    except _TooHard:
        return None, search.nodes


# -- the robot's own claims ---------------------------------------------------------------


def _view_sight(view: TableView, claimer: Seat) -> ClaimerSight:
    hands = tuple(None if hand is None else hand.mask for hand in view.hands)
    return _sight(view, claimer, hands, Knowledge.of(view).voids)  # type: ignore[arg-type]


def _sight(
    view: TableView,
    claimer: Seat,
    hands: tuple[int | None, int | None, int | None, int | None],
    voids: tuple[int, int, int, int],
) -> ClaimerSight:
    """`hands` holds the remaining cards of each seat the claimer sees, None for the others,
    whose cards are the unplayed cards nobody visible holds (the pool)."""
    contract = view.contract
    assert contract is not None
    controlled = {claimer}
    if claimer == contract.declarer:
        controlled.add(contract.dummy)
    pool = _unplayed(view)
    for mask in hands:
        pool &= ~(mask or 0)
    return ClaimerSight(
        claimer=claimer,
        controlled=frozenset(controlled),
        hands=tuple(mask or 0 for mask in hands),  # type: ignore[arg-type]
        pooled=frozenset(seat for seat in SEATS if hands[seat] is None),
        pool=pool,
        voids=voids,
        trump=contract.trump,
        leader=_leader(view),
        trick=tuple(card for _, card in view.current_trick),
    )


def _leader(view: TableView) -> Seat:
    leader = view.current_trick[0][0] if view.current_trick else view.to_act
    assert leader is not None
    return leader


def _tricks_left(view: TableView) -> int:
    return 13 - (len(view.played) - len(view.current_trick)) // 4


def robot_claim(
    view: TableView, rng: random.Random, beliefs: Mapping[Seat, HandConstraints] | None = None
) -> Claim | None:
    """The claim the viewer would make now, or None.

    All the remaining tricks when the pool cannot stop them; fewer, late in the play, when
    they are sure and no layout the viewer can imagine gives double dummy more.  Layouts are
    solved first (cheap late in the play) so the slower search only runs for a likely claim.
    """
    contract = view.contract
    claimer = view.viewer
    if contract is None or claimer is None or view.to_act is None or view.proposal is not None:
        return None
    if claimer == contract.dummy or view.hand is None:
        return None
    left = _tricks_left(view)
    sight = _view_sight(view, claimer)
    if left > CLAIM_TRICKS:
        on_lead = not sight.trick and sight.leader in sight.controlled
        if on_lead and _Search(sight).all_masters(list(sight.hands), sight.pool):
            return Claim(left)
        return None
    low, high = _double_dummy_range(view, claimer, rng, beliefs or {})
    if low == left:
        return Claim(left) if guaranteed(sight, left) else None
    if left > PARTIAL_CLAIM_TRICKS or low != high:
        return None  # some layout would give a line more than others: play on
    if low == 0 or guaranteed(sight, low):
        return Claim(low)
    return None


def _solve_layouts(view: TableView, layouts: list[Layout], claimer: Seat) -> list[int]:
    """Tricks the claimer's side takes double dummy in each layout, from the trick on."""
    seat = view.to_act
    assert seat is not None
    left = _tricks_left(view)
    ours = seat.side == claimer.side
    solved = solve([position_now(view, layout) for layout in layouts])
    return [best if ours else left - best for best in (max(scores.values()) for scores in solved)]


def _double_dummy_range(
    view: TableView, claimer: Seat, rng: random.Random, beliefs: Mapping[Seat, HandConstraints]
) -> tuple[int, int]:
    """The fewest and most remaining tricks the claimer's side takes double dummy over the
    layouts it can imagine (all of them when few)."""
    values = _solve_layouts(view, _layouts(Sampler(Knowledge.of(view), beliefs), rng), claimer)
    return min(values), max(values)


def _layouts(sampler: Sampler, rng: random.Random) -> list[Layout]:
    if not sampler.believes_points and sampler.layouts() <= EXACT_LAYOUTS:
        return list(sampler.every_layout())
    return sampler.sample(SAMPLED_LAYOUTS, rng)


# -- answering a claim --------------------------------------------------------------------


def answer_claim(
    view: TableView, rng: random.Random, beliefs: Mapping[Seat, HandConstraints] | None = None
) -> ClaimResponse:
    """Accept only a claim that cannot fail: in every layout consistent with this view (or a
    large sample of them), the claimer's side takes the tricks claimed whatever the defence,
    playing a line chosen from what the claimer sees there.  Double dummy rules out most
    failing claims at once; the search then checks the claimer's line in each layout."""
    proposal = view.proposal
    contract = view.contract
    if proposal is None or contract is None or view.viewer is None:
        raise ValueError("there is no claim for this seat to answer")
    if proposal.tricks == 0:
        return ClaimResponse(accept=True)  # a concession gives us every trick left
    claimer = proposal.by
    knowledge = Knowledge.of(view)
    layouts = _layouts(Sampler(knowledge, beliefs or {}), rng)
    if not layouts:
        return ClaimResponse(accept=False, why="unproven")
    held_to = min(_solve_layouts(view, layouts, claimer))
    if held_to < proposal.tricks:
        return ClaimResponse(accept=False, why="held", held_to=held_to)
    visible = {claimer, contract.dummy}
    if claimer != contract.declarer and not view.played:
        visible.discard(contract.dummy)
    checked: set[tuple[int | None, ...]] = set()
    nodes = 0
    for layout in layouts:
        seen = tuple(layout[seat] if seat in visible else None for seat in SEATS)
        if seen in checked:
            continue
        checked.add(seen)
        sight = _sight(view, claimer, seen, knowledge.voids)  # type: ignore[arg-type]
        verdict, used = _guaranteed(sight, proposal.tricks, ANSWER_NODE_LIMIT - nodes)
        nodes += used
        if not verdict:
            return ClaimResponse(accept=False, why="unproven" if verdict is None else "guess")
    return ClaimResponse(accept=True)
