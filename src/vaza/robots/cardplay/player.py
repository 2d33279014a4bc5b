"""A robot that plays the cards by sampling the hidden hands and solving each layout double dummy.

At each card it must choose (its own, or dummy's when it is declarer), the robot imagines
layouts of the cards it cannot see that agree with its view (`sampling`), asks DDS what every
legal card is worth in each (`solver`, `vaza.analysis.positions`), and plays the card with the
best average result *for the contract at the table's scoring*: at IMPs and rubber a layout's
trick count is worth the IMPs its score gains against the contract made exactly, so making (or
defeating) the contract comes first and overtricks second; at matchpoints every trick counts
nearly alike.  This is the Monte Carlo approach of GIB and its successors; its known blind spot
is that each layout is solved as if every card were seen, so it does not plan to learn before
it guesses.

The other players' last few cards are evidence: a layout in which one of them would have been
a double-dummy mistake counts for less (`solver.likelihoods`).  On 30 deals played with a fixed
32 layouts a card, this cut the tricks given away against double dummy from 0.57 to 0.37 per
deal for declarer and from 0.77 to 0.50 for the defence.

The number of layouts adapts to a time budget: solving a layout at trick one takes DDS tens of
milliseconds (sometimes far more), at trick ten a fraction of one.  When few layouts are
possible, all of them are solved, each once.  A choice between one card or cards that are
equals (Q-J, or 5-4 with the ranks between gone) needs no thought.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol, runtime_checkable

from vaza.core.calls import Call, Contract
from vaza.core.cards import Card, Seat
from vaza.core.game import Claim, ClaimResponse
from vaza.core.games.contract import BridgeAction
from vaza.core.views import TableView
from vaza.robots.base import Robot
from vaza.robots.cardplay.carding import carding_weight, kept_by_carding, tells
from vaza.robots.cardplay.claims import answer_claim, robot_claim
from vaza.robots.cardplay.sampling import AuctionSampler, CallChooser, Knowledge, Sampler
from vaza.robots.cardplay.signals import signal_at, signal_card, signal_weight, signals_given
from vaza.robots.cardplay.solver import (
    UNLIKELY,
    Layout,
    position_now,
    recent_choices,
    recent_positions,
    solve,
)
from vaza.robots.cardplay.solver import likelihoods as likelihoods_of
from vaza.robots.constraints import HandConstraints
from vaza.robots.simple import SimpleRobot

Scoring = Literal["imps", "rubber", "matchpoints"]
ConstraintSource = Callable[[tuple[Call, ...], Seat], Mapping[Seat, HandConstraints]]
"""Reads an auction (calls from the dealer, and the dealer) into beliefs about each hand: the
bidding system's `infer`."""

CARD_BUDGET_MS: Final = 300.0
"""The strong robot's thinking per card at most (the opening lead `opening_lead_factor` times
as long).  0.65 s and 0.4 s played no better on the same 60 deals (docs/benchmarks.md, "Card
play"), and kept a person's table waiting half a second for one robot card in twenty."""
_MATCHPOINT_MAKING: Final = 0.5
"""At matchpoints a trick is a trick; making the contract is worth half a trick more, since the
field in other contracts is beaten by a plus score as often as by an overtrick."""
_FIRST_BATCH: Final = (1, 2, 4, 6)
"""Layouts solved before the time per layout is known, by tricks left: 13, 12, 11, fewer
(at trick one DDS takes 30 to 600 ms a layout, later a few)."""
_STEADY_BATCH: Final = 40
_SOLVE_BATCH: Final = 200
"""DDS's limit of boards per call."""
_BUDGET_MARGIN: Final = 0.8
"""Layouts per DDS call when there is no time budget (reproducible choices)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What the robot concluded about one card choice: for tests, logs and the benchmark."""

    card: Card
    samples: int
    """Layouts solved; 0 when the choice was trivial."""
    exact: bool
    """Every layout consistent with the view was solved (not a sample of them)."""
    values: Mapping[Card, float]
    """Mean value of each distinct choice (one card per run of equals), higher is better for
    the side to play."""
    tricks: Mapping[Card, float]
    """Mean tricks each choice gives the side to play, from the trick in progress on."""


def _smooth_imps(difference: float) -> float:
    """The IMP scale with its steps joined by straight lines: an overtrick worth 20 or 30
    points is always worth a little, never nothing because it fell inside one step."""
    from vaza.scoring.imps import IMP_EDGES  # noqa: PLC0415 - scoring is not core

    size = abs(difference)
    lower = 0.0
    for value, edge in enumerate(IMP_EDGES):
        if size < edge:
            imps = value + (size - lower) / (edge - lower)
            break
        lower = edge
    else:
        imps = float(len(IMP_EDGES))
    return imps if difference >= 0 else -imps


def trick_values(contract: Contract, vulnerable: bool, scoring: Scoring) -> tuple[float, ...]:
    """The worth to declarer of taking 0..13 tricks.

    At IMPs (and rubber, whose stakes are the same games and slams) a result is worth the
    IMPs it gains against the contract made exactly: going down costs the contract's value
    and more, an overtrick gains about one IMP.  At matchpoints every trick counts alike.
    """
    from vaza.scoring.contract import duplicate_score  # noqa: PLC0415

    if scoring == "matchpoints":
        return tuple(
            tricks + (_MATCHPOINT_MAKING if tricks >= contract.tricks_needed else 0.0)
            for tricks in range(14)
        )
    par = duplicate_score(contract, contract.tricks_needed, vulnerable)
    return tuple(
        _smooth_imps(duplicate_score(contract, tricks, vulnerable) - par) for tricks in range(14)
    )


def equal_runs(view: TableView) -> list[list[Card]]:
    """The legal cards grouped into runs of equals, each run lowest first: two cards of one
    suit in one hand are equals when every card ranked between them is in a finished trick
    (cards on the table still count: they may yet win or lose this trick)."""
    legal = [action for action in view.legal_actions if isinstance(action, Card)]
    finished = len(view.played) - len(view.current_trick)
    gone = 0
    for _, card in view.played[:finished]:
        gone |= card.mask
    runs: list[list[Card]] = []
    for card in sorted(legal, key=lambda c: c.index):
        if runs:
            last = runs[-1][-1]
            between = ((1 << card.index) - 1) & ~((1 << (last.index + 1)) - 1)
            if last.suit == card.suit and between & ~gone == 0:
                runs[-1].append(card)
                continue
        runs.append([card])
    return runs


def _representative(run: list[Card], leading: bool) -> Card:
    """Lead the top of equals (partners read it), follow and discard with the lowest."""
    return run[-1] if leading else run[0]


def view_fingerprint(view: TableView) -> str:
    """Everything a seat's choice may depend on, as text (seeds a reproducible robot)."""
    hands = "|".join("-" if hand is None else hand.to_pbn() for hand in view.hands)
    played = " ".join(f"{seat.letter}{card.name}" for seat, card in view.played)
    calls = " ".join(call.name for call in view.calls)
    contract = view.contract
    declared = "" if contract is None else f"{contract}{contract.declarer.letter}"
    return f"{view.viewer}/{view.dealer}/{view.vulnerability}/{calls}/{declared}/{hands}/{played}"


@runtime_checkable
class LeadAdvisor(Protocol):
    """A bidder that also knows the system's opening lead (`BiddingRobot`): its suit is the
    simulated lead's prior."""

    def opening_lead(self, view: TableView) -> Card: ...


class CardPlayer:
    """Plays contract bridge cards by sampling and double dummy; calls by another robot.

    `budget_ms` bounds the thinking per card (None: always `max_samples` layouts, which makes
    the choice a function of the view and `seed` alone); the opening lead, one card in 52 and
    the one made with least known, may take `opening_lead_factor` times as long.  The search
    stops early once `min_samples` layouts agree that one card is never worse than another.
    The other players' last `inference_depth` cards weigh each layout: `mistake_weight` for
    each of them that double dummy calls a mistake there (1 would ignore the evidence).
    `constraints` reads the auction into beliefs about the hidden hands; without it every
    layout of the unseen cards counts.  With `simulated_leads` the opening lead is simulated
    from the leader's hand, the auction and the contract alone (`leads`), from layouts whose
    hands would have bid as they did by `caller`; by default it is chosen as any other card
    (the simulated lead did not move `lead_cost` beyond its interval on 100 deals: an option
    until a longer measurement shows it does).  With `signals` a defender gives attitude, count
    and first-discard signals among cards of equal value, and the robot reads the signals given
    (`signals`); off by default: on 200 deals they helped declarer about as much as the defence.
    With `read_carding` a layout in which another player's card from equals broke the robots'
    rule (the top when leading, the lowest when following: `carding`) counts less; off by
    default: on 400 deals it moved neither side's cost beyond the noise.
    With `auction_layouts` (and `caller`) every card, not only the simulated lead, is chosen
    on layouts whose hidden hands, as dealt, would have bid as they did; off by default: on 400
    deals at the card budget it moved no figure (docs/benchmarks.md).
    """

    def __init__(
        self,
        scoring: Scoring = "imps",
        *,
        budget_ms: float | None = CARD_BUDGET_MS,
        max_samples: int = 160,
        min_samples: int = 32,
        opening_lead_factor: float = 2.0,
        inference_depth: int = 4,
        mistake_weight: float = UNLIKELY,
        simulated_leads: bool = False,
        lead_prior_layouts: float = 2.0,
        signals: bool = False,
        read_carding: bool = False,
        auction_layouts: bool = False,
        caller: CallChooser | None = None,
        seed: int | None = None,
        constraints: ConstraintSource | None = None,
        bidder: Robot | None = None,
    ) -> None:
        if scoring not in ("imps", "rubber", "matchpoints"):
            raise ValueError(f"unknown scoring {scoring!r}: imps, rubber or matchpoints")
        if max_samples < 1 or min_samples < 1:
            raise ValueError("the robot needs at least one layout to think about")
        if inference_depth < 0 or not 0 < mistake_weight <= 1:
            raise ValueError("inference needs a depth of 0 or more and a weight in (0, 1]")
        self.scoring: Scoring = scoring
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.min_samples = min(min_samples, max_samples)
        self.opening_lead_factor = opening_lead_factor
        self.inference_depth = inference_depth
        self.mistake_weight = mistake_weight
        self.simulated_leads = simulated_leads
        self.lead_prior_layouts = lead_prior_layouts
        self.signals = signals
        self.read_carding = read_carding
        self.auction_layouts = auction_layouts
        self.caller = caller
        self.seed = seed
        self.constraints = constraints
        self.bidder: Robot = bidder if bidder is not None else SimpleRobot()

    # -- the Robot interface ----------------------------------------------------------------

    def choose(self, view: TableView) -> BridgeAction:
        legal = view.legal_actions
        if not legal:
            raise ValueError("the robot was asked to act with nothing to choose")
        if not isinstance(legal[0], Card):
            return self.bidder.choose(view)
        return self.decide(view).card

    def claim(self, view: TableView) -> Claim | None:
        """A claim the robot would make now, or None (see `claims.robot_claim`)."""
        return robot_claim(view, self.rng_for(view), self.beliefs(view))

    def respond(self, view: TableView) -> ClaimResponse | None:
        """The answer to a claim awaiting this seat, or None when none does."""
        proposal = view.proposal
        if proposal is None or view.viewer not in proposal.awaiting:
            return None
        return answer_claim(view, self.rng_for(view), self.beliefs(view))

    # -- thinking ---------------------------------------------------------------------------

    def rng_for(self, view: TableView) -> random.Random:
        """A fresh random source per decision: reproducible from the view when seeded."""
        if self.seed is None:
            return random.Random(secrets.randbits(64))
        return random.Random(f"{self.seed}:{view_fingerprint(view)}")

    def beliefs(self, view: TableView) -> Mapping[Seat, HandConstraints]:
        if self.constraints is None:
            return {}
        return self.constraints(view.calls, view.dealer)

    def decide(self, view: TableView) -> Decision:
        """Choose a card for the seat to play (the viewer's own, or dummy's for declarer)."""
        contract = view.contract
        seat = view.to_act
        if contract is None or seat is None or view.controller != view.viewer:
            raise ValueError("the robot may only choose a card it controls")
        runs = equal_runs(view)
        if not runs:
            raise ValueError("the robot was asked to play with no legal card")
        leading = not view.current_trick
        if len(runs) == 1:
            card = self.signal(view, runs[0]) or _representative(runs[0], leading)
            return Decision(card, 0, False, {card: 0.0}, {card: 0.0})
        if not view.played and self.simulated_leads:
            return self.lead(view)
        return _Search(self, view, contract, seat, runs).run()

    def signal(self, view: TableView, equals: Sequence[Card]) -> Card | None:
        """The card of `equals` (cards worth the same in every layout) that gives this seat's
        defensive signal now, or None when it has none to give (`signals`)."""
        contract, seat, hand = view.contract, view.to_act, view.hand
        if not self.signals or contract is None or seat is None or hand is None:
            return None
        if seat != view.viewer or not view.current_trick:
            return None
        follows = equals[0].suit == view.current_trick[0][1].suit
        kind = signal_at(view.played, seat, contract, follows)
        if kind is None:
            return None
        side_cards = [card for card in equals if card.suit != contract.trump]
        return signal_card(kind, hand.mask, side_cards)

    def lead(self, view: TableView) -> Decision:
        """The opening lead by simulation against the auction (see `leads`): only the
        leader's hand, the auction and the contract are read from the view."""
        from vaza.robots.cardplay.leads import LeaderView, simulate_lead  # noqa: PLC0415 - it imports this module

        seen = LeaderView.of(view)
        budget = None if self.budget_ms is None else self.budget_ms * self.opening_lead_factor
        beliefs = {} if self.constraints is None else self.constraints(seen.calls, seen.dealer)
        advisor = self.bidder
        prior = advisor.opening_lead(view).suit if isinstance(advisor, LeadAdvisor) else None
        choice = simulate_lead(
            seen,
            beliefs,
            self.scoring,
            self.rng_for(view),
            budget_ms=budget,
            max_samples=self.max_samples,
            min_samples=self.min_samples,
            prior=prior,
            prior_layouts=self.lead_prior_layouts,
            caller=self.caller,
        )
        return Decision(choice.card, choice.samples, False, choice.values, choice.tricks)


class _Search:
    """One card decision: sample, solve, average, until sure enough or out of time."""

    def __init__(
        self,
        player: CardPlayer,
        view: TableView,
        contract: Contract,
        seat: Seat,
        runs: list[list[Card]],
    ) -> None:
        self.player = player
        self.view = view
        self.started = time.perf_counter()
        self.leading = not view.current_trick
        self.runs = runs
        self.choices = [_representative(run, self.leading) for run in runs]
        self.sampler = AuctionSampler(
            Sampler(Knowledge.of(view), player.beliefs(view)),
            view,
            player.caller if player.auction_layouts else None,
        )
        self.rng = player.rng_for(view)
        declaring = seat.side == contract.declarer.side
        finished = (len(view.played) - len(view.current_trick)) // 4
        left = 13 - finished
        self.left = left
        won = view.tricks_won[contract.declarer.side]
        worth = trick_values(
            contract, view.vulnerability.is_vulnerable(contract.declarer.side), player.scoring
        )
        # The value to the side to play of its taking `k` more tricks (k = 0..left).
        self.value_of = tuple(
            worth[won + k] if declaring else -worth[won + left - k] for k in range(left + 1)
        )
        self.leader = view.current_trick[0][0] if view.current_trick else seat
        self.trick = tuple(card for _, card in view.current_trick)
        self.trump = contract.trump
        self.rows: list[tuple[int, ...]] = []
        """Per layout, the tricks each choice takes."""
        self.weights: list[float] = []
        """Per layout, how likely the other players' recent cards make it (see `solver`)."""
        ours = {view.viewer} if view.viewer is not None else set()
        if view.viewer == contract.declarer:
            ours.add(contract.dummy)
        self.recent = recent_choices(view, ours, player.inference_depth)
        signallers = (
            (contract.declarer.lho, contract.declarer.rho) if declaring else (seat.partner,)
        )
        self.readings = tuple(
            (signaller, given)
            for signaller in (signallers if player.signals else ())
            if (given := signals_given(view.played, signaller, contract))
        )
        """The signals given so far that this seat reads into each layout's weight: partner's
        for a defender, both defenders' for declarer (the agreement is disclosed)."""
        hidden = self.sampler.sampler.knowledge.hidden
        self.denied = (
            tells(view.played, hidden, contract.trump, signals=player.signals)
            if player.read_carding
            else ()
        )
        """The cards the hidden players' choices from equals said they did not hold."""

    def _solve(self, layouts: Sequence[Layout], *, every: bool = False) -> None:
        """Solve `layouts` and weigh each; `every` when they are all the layouts there are
        (weighed by the carding read, not drawn by it)."""
        now = [position_now(self.view, layout) for layout in layouts]
        before, owners = recent_positions(self.view, layouts, self.recent)
        solved = solve(now + before)
        weights = likelihoods_of(
            self.view, owners, solved[len(now) :], len(layouts), self.player.mistake_weight
        )
        for layout, scores, weight in zip(layouts, solved[: len(now)], weights, strict=True):
            self.rows.append(tuple(scores[card] for card in self.choices))
            carding = carding_weight(layout, self.denied) if every else 1.0
            self.weights.append(weight * carding * self._signal_weight(layout))

    def _draw(self, count: int) -> list[Layout]:
        return self.sampler.sample(count, self.rng)

    def _signal_weight(self, layout: Layout) -> float:
        """How much the signals given so far let `layout` count (see `signals`)."""
        weight = 1.0
        for signaller, given in self.readings:
            weight *= signal_weight(given, layout[signaller])
        return weight

    def _settled(self) -> bool:
        """One choice is at least as good as every other in every layout so far."""
        if len(self.rows) < self.player.min_samples:
            return False
        value_of = self.value_of
        best = self._best()
        for other in range(len(self.choices)):
            if other != best and any(
                value_of[row[best]] < value_of[row[other]] for row in self.rows
            ):
                return False
        return True

    def _mean(self, column: int, worth: Sequence[float] | None = None) -> float:
        """The weighted mean over layouts of a choice's value (or tricks, without `worth`)."""
        total = sum(self.weights) or 1.0
        if worth is None:
            return (
                sum(w * row[column] for row, w in zip(self.rows, self.weights, strict=True)) / total
            )
        return (
            sum(w * worth[row[column]] for row, w in zip(self.rows, self.weights, strict=True))
            / total
        )

    def _best(self) -> int:
        ranking = [
            (self._mean(i, self.value_of), self._mean(i), -self.choices[i].rank, -i)
            for i in range(len(self.choices))
        ]
        return max(range(len(self.choices)), key=ranking.__getitem__)

    def run(self) -> Decision:
        player = self.player
        sampler = self.sampler
        exact = (
            not sampler.sampler.believes_points and sampler.sampler.layouts() <= player.max_samples
        )
        if exact:
            self._solve(sampler.every_layout(), every=True)
        else:
            self._sample_until_done()
        best = self._best()
        values = {card: self._mean(i, self.value_of) for i, card in enumerate(self.choices)}
        tricks = {card: self._mean(i) for i, card in enumerate(self.choices)}
        card = self._signal(best) or self.choices[best]
        return Decision(card, len(self.rows), exact, values, tricks)

    def _signal(self, best: int) -> Card | None:
        """The signal among the cards that take as many tricks as the best in every layout."""
        equals = [
            card
            for index, run in enumerate(self.runs)
            if all(row[index] == row[best] for row in self.rows)
            for card in run
        ]
        return self.player.signal(self.view, equals)

    def _sample_until_done(self) -> None:
        player = self.player
        budget = player.budget_ms
        first = _FIRST_BATCH[min(13 - self.left, len(_FIRST_BATCH) - 1)]
        batch = min(first if budget is not None else _STEADY_BATCH, player.max_samples)
        if budget is not None and not self.view.played:
            budget *= player.opening_lead_factor
        solving = 0.0
        while batch > 0:
            solve_started = time.perf_counter()
            self._solve(kept_by_carding(self._draw, batch, self.denied, self.rng))
            solving += time.perf_counter() - solve_started
            if self._settled():
                return
            done = len(self.rows)
            left = player.max_samples - done
            if budget is None:
                batch = min(_STEADY_BATCH, left)
                continue
            # Layouts differ a lot in how long DDS takes: grow the batches gradually and keep
            # a margin, so one unlucky batch does not run far past the budget.
            per_layout = solving / done
            remaining = budget / 1000 - (time.perf_counter() - self.started)
            affordable = int(_BUDGET_MARGIN * remaining / per_layout) if per_layout > 0 else left
            batch = min(left, affordable, 2 * done, _SOLVE_BATCH)


__all__ = [
    "CARD_BUDGET_MS",
    "CardPlayer",
    "ConstraintSource",
    "Decision",
    "Scoring",
    "equal_runs",
    "view_fingerprint",
]
