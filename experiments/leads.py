"""The opening lead by simulation against the auction, as GIB and Ben choose it: the pieces the
lead experiment (`lead_layouts.py`) measures.  It served the robots' simulated lead, an option
that did not move the lead's cost beyond its interval and was taken out of the package (issue 46;
the whole module is in git before that commit).

The leader knows least of any card in the deal: its own thirteen cards, the auction and the
contract.  It imagines layouts of the other three hands that agree with what the auction showed
(`sampling.Sampler`), solves each layout double dummy once (one DDS call scores all thirteen leads
of a layout) and scores each lead for the table's scoring: at IMPs and rubber the mean IMPs its
defensive tricks are worth against the contract made exactly (`worth.trick_values`); at
matchpoints how often it is the best lead of the layout or equal best.  The leader never sees
another hand: `LeaderView` holds all that goes in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vaza.core.calls import Call, Contract
from vaza.core.cards import SUIT_MASK, Card, Seat, Vulnerability
from vaza.core.play import cards_in
from vaza.core.views import TableView
from vaza.robots.cardplay.sampling import Knowledge
from vaza.robots.cardplay.solver import Layout
from vaza.robots.cardplay.worth import Scoring, trick_values


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


def solve_leads(layouts: Sequence[Layout], contract: Contract) -> list[dict[Card, int]]:
    """DDS on each layout at trick one: every lead with the tricks the leader's side takes."""
    from vaza.analysis.positions import Position, solve_positions  # noqa: PLC0415 - DDS loads late

    leader = contract.opening_leader
    return solve_positions([Position(layout, contract.trump, leader) for layout in layouts])


__all__ = ["LeaderView", "candidate_leads", "lead_values", "solve_leads"]
