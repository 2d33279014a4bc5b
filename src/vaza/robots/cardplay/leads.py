"""The opening lead by simulation against the auction, as GIB and Ben choose it.

The leader knows least of any card in the deal: its own thirteen cards, the auction and the
contract.  It imagines layouts of the other three hands that agree with what the auction showed
(`sampling.Sampler`, fed by the bidding system's reading of every call: points and suit lengths
of each hand), solves each layout double dummy once — one DDS call scores all thirteen leads of
a layout at once — and leads the card that does best over the layouts *for the table's
scoring*:

- at IMPs and rubber, the mean IMPs a lead's defensive tricks are worth against the contract
  made exactly: beating the contract counts first, an extra undertrick or a saved overtrick about
  an IMP (`player.trick_values`);
- at matchpoints, how often the lead is the best lead of the layout or equal best: a trick more
  than the field is a top however it was won.

Ties go to the lead that takes more tricks on average, then to the lower-ranked card.  The
leader never sees another hand: `LeaderView` holds all that goes in, and no deal reaches this
module.  Layouts are solved in small batches until the lead is settled (one lead never worse than
any other in every layout), the layouts run out, or the time budget would be passed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from vaza.core.calls import Call, Contract
from vaza.core.cards import SUIT_MASK, Card, Seat, Suit, Vulnerability
from vaza.core.play import cards_in
from vaza.core.views import TableView
from vaza.robots.cardplay.player import Scoring, trick_values
from vaza.robots.cardplay.sampling import AuctionSampler, CallChooser, Knowledge, Sampler
from vaza.robots.cardplay.solver import Layout
from vaza.robots.constraints import HandConstraints

Solve = Callable[[Sequence[Layout], Contract], list[dict[Card, int]]]
"""Layouts at trick one → each lead's double-dummy tricks for the leader's side, per layout."""

_BATCH: Final = 40
"""Layouts per DDS call once the first `min_samples` have not settled the lead."""


@dataclass(frozen=True, slots=True)
class LeaderView:
    """All the opening leader may know: its hand, the auction, the contract.  Nothing else
    goes into the lead, so no other hand can leak into it."""

    leader: Seat
    hand: int
    """The leader's thirteen cards as a hand mask."""
    contract: Contract
    calls: tuple[Call, ...]
    dealer: Seat
    vulnerability: Vulnerability

    @property
    def viewer(self) -> Seat:
        """The seat whose view this is (for the sampler's auction check)."""
        return self.leader

    @classmethod
    def of(cls, view: TableView) -> LeaderView:
        """The leader's part of its seat view at trick one."""
        contract, hand, viewer = view.contract, view.hand, view.viewer
        if contract is None or hand is None or viewer is None or view.played:
            raise ValueError("an opening lead is made by a seat at trick one of a contract")
        if viewer != contract.opening_leader or view.to_act != viewer:
            raise ValueError("only declarer's left-hand opponent makes the opening lead")
        return cls(viewer, hand.mask, contract, tuple(view.calls), view.dealer, view.vulnerability)

    def knowledge(self) -> Knowledge:
        """The leader's facts for the sampler: its own hand seen, the other 39 cards not."""
        return Knowledge.before_play(self.leader, self.hand)


@dataclass(frozen=True, slots=True)
class LeadChoice:
    """The lead chosen and what the layouts said of every candidate."""

    card: Card
    samples: int
    values: Mapping[Card, float]
    """Each candidate's worth at the table's scoring (mean IMPs, or share of best-lead layouts)."""
    tricks: Mapping[Card, float]
    """Mean tricks each candidate gives the defence."""
    beats: Mapping[Card, float]
    """Share of layouts in which each candidate defeats the contract."""
    relaxed: int = 0
    """Layouts solved though their hands would have bid otherwise (too few bid alike)."""


def candidate_leads(hand: int) -> tuple[Card, ...]:
    """One card of each run of touching cards in a suit (the top: partner reads it), since
    touching cards are worth the same tricks in every layout."""
    leads: list[Card] = []
    for suit in range(4):
        cards = cards_in(hand & SUIT_MASK << 13 * suit)
        for index, card in enumerate(cards):
            above = cards[index + 1] if index + 1 < len(cards) else None
            if above is None or above.index != card.index + 1:
                leads.append(card)
    return tuple(leads)


def lead_values(
    rows: Sequence[Sequence[int]],
    contract: Contract,
    vulnerable: bool,
    scoring: Scoring,
) -> list[float]:
    """Each candidate's worth over the layouts; `rows[k][i]` is the defence's tricks with lead i
    in layout k, `vulnerable` is declarer's vulnerability."""
    if not rows:
        return []
    count = len(rows[0])
    if scoring == "matchpoints":
        best = [0.0] * count
        for row in rows:
            top = max(row)
            for i, tricks in enumerate(row):
                best[i] += tricks == top
        return [hits / len(rows) for hits in best]
    worth = trick_values(contract, vulnerable, scoring)
    return [-sum(worth[13 - row[i]] for row in rows) / len(rows) for i in range(count)]


def _settled(rows: Sequence[Sequence[int]], best: int) -> bool:
    """The chosen lead takes at least as many tricks as every other in every layout so far."""
    return all(row[best] >= max(row) for row in rows)


def solve_leads(layouts: Sequence[Layout], contract: Contract) -> list[dict[Card, int]]:
    """DDS on each layout at trick one: every lead with the tricks the leader's side takes."""
    from vaza.analysis.positions import Position, solve_positions  # noqa: PLC0415 - DDS loads late

    leader = contract.opening_leader
    return solve_positions([Position(layout, contract.trump, leader) for layout in layouts])


def simulate_lead(
    seen: LeaderView,
    beliefs: Mapping[Seat, HandConstraints],
    scoring: Scoring,
    rng: random.Random,
    *,
    max_samples: int,
    min_samples: int,
    prior: Suit | None = None,
    prior_layouts: float = 0.0,
    caller: CallChooser | None = None,
    solve: Solve = solve_leads,
) -> LeadChoice:
    """Choose the opening lead from `seen` and the auction's `beliefs` about the other hands.

    `prior` is the suit the bidding system's rules would lead (partner's suit, a sequence…):
    it counts as if it had beaten the contract where the others did not in `prior_layouts`
    more layouts, so with few layouts solved the rules break what the layouts cannot tell
    apart, and with many the layouts decide.  With `caller` (the bidding system) only layouts
    whose hidden hands would have bid as they did are solved (see `bids_alike`).  At most
    `max_samples` layouts are solved (fewer when the lead settles after `min_samples`), so the
    choice depends on `seen` and `rng` alone."""
    contract = seen.contract
    leads = candidate_leads(seen.hand)
    sampler = AuctionSampler(Sampler(seen.knowledge(), beliefs), seen, caller)
    rows: list[tuple[int, ...]] = []
    batch = min(max_samples, min_samples)
    best, values = 0, [0.0] * len(leads)
    while batch > 0 and len(leads) > 1:
        for scores in solve(sampler.sample(batch, rng), contract):
            rows.append(tuple(scores[card] for card in leads))
        best, values = _choose(
            rows, leads, seen=seen, scoring=scoring, prior=prior, prior_layouts=prior_layouts
        )
        if len(rows) >= min_samples and _settled(rows, best):
            break
        batch = min(_BATCH, max_samples - len(rows))
    count = len(rows) or 1
    tricks = [sum(row[i] for row in rows) / count for i in range(len(leads))]
    setting = 14 - contract.tricks_needed
    beats = [sum(row[i] >= setting for row in rows) / count for i in range(len(leads))]
    return LeadChoice(
        card=leads[best],
        samples=len(rows),
        values=dict(zip(leads, values, strict=True)),
        tricks=dict(zip(leads, tricks, strict=True)),
        beats=dict(zip(leads, beats, strict=True)),
        relaxed=sampler.relaxed,
    )


def _choose(
    rows: Sequence[Sequence[int]],
    leads: Sequence[Card],
    *,
    seen: LeaderView,
    scoring: Scoring,
    prior: Suit | None,
    prior_layouts: float,
) -> tuple[int, list[float]]:
    """The index of the best lead (its worth, then its mean tricks, then the lower card) and
    every lead's worth, the prior's share added."""
    contract = seen.contract
    vulnerable = seen.vulnerability.is_vulnerable(contract.declarer.side)
    values = lead_values(rows, contract, vulnerable, scoring)
    if prior is not None and prior_layouts > 0 and rows:
        bonus = prior_layouts * _swing(contract, vulnerable, scoring) / (len(rows) + prior_layouts)
        values = [
            v + (bonus if lead.suit == prior else 0.0)
            for v, lead in zip(values, leads, strict=True)
        ]
    ranking = [
        (values[i], sum(row[i] for row in rows), -leads[i].rank, -i) for i in range(len(leads))
    ]
    return max(range(len(leads)), key=ranking.__getitem__), values


def _swing(contract: Contract, vulnerable: bool, scoring: Scoring) -> float:
    """What one layout in which a lead beats the contract and another does not is worth: a
    layout's weight in the units of `lead_values`."""
    if scoring == "matchpoints":
        return 1.0
    worth = trick_values(contract, vulnerable, scoring)
    needed = contract.tricks_needed
    return worth[needed] - worth[needed - 1]


__all__ = [
    "LeadChoice",
    "LeaderView",
    "candidate_leads",
    "lead_values",
    "simulate_lead",
    "solve_leads",
]
