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
a double-dummy mistake counts for less (`solver.mistakes`).  On 30 deals played with a fixed
32 layouts a card, this cut the tricks given away against double dummy from 0.57 to 0.37 per
deal for declarer and from 0.77 to 0.50 for the defence.

The robot's thinking is counted in layouts, never in seconds (`CardSettings`): the same view
and seed give the same card on any machine and under any load, so matches repeat and a busy
server's robots play no weaker.  A search stops early only when its layouts agree (one card
is never worse than another), which depends on the layouts alone.  When few layouts are
possible, all of them are solved, each once.  A choice between one card or cards that are
equals (Q-J, or 5-4 with the ranks between gone) needs no thought.  `RUNAWAY_SECONDS` is a
safety cap, not a budget: a decision that has not settled by then stops with the layouts it
has, and the robot counts it (`runaways`); no benchmark reaches it.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from vaza.core.calls import Call, Contract
from vaza.core.cards import Card, Seat
from vaza.core.game import Claim, ClaimResponse
from vaza.core.games.contract import BridgeAction
from vaza.core.views import TableView
from vaza.robots.base import Robot
from vaza.robots.cardplay.claims import answer_claim, robot_claim
from vaza.robots.cardplay.sampling import AuctionSampler, Knowledge, Sampler
from vaza.robots.cardplay.solver import (
    UNLIKELY,
    Layout,
    mistakes,
    position_now,
    recent_choices,
    solve,
)
from vaza.robots.cardplay.worth import Scoring, trick_values
from vaza.robots.constraints import HandConstraints
from vaza.robots.simple import SimpleRobot

ConstraintSource = Callable[[tuple[Call, ...], Seat], Mapping[Seat, HandConstraints]]
"""Reads an auction (calls from the dealer, and the dealer) into beliefs about each hand: the
bidding system's `infer`."""

CARD_LAYOUTS: Final = 12
"""The layouts a card weighs at most, by default: sized so that the strong robot's card p95 is
at most half a second of one core of this machine class (docs/benchmarks.md, "Robots' cost")."""
RUNAWAY_SECONDS: Final = 300.0
"""A decision still searching after this long stops with what it has (counted in `runaways`):
a guard against a pathological layout, never a budget, so far above any decision's time even
on a crowded machine (a 20 s cap stopped one or two decisions in a hundred on this machine with
eight times more work than cores: docs/benchmarks.md, "Robots' cost")."""
_STEADY_BATCH: Final = 40
"""Layouts per DDS call."""


@dataclass(frozen=True, slots=True)
class CardSettings:
    """How a card player thinks, counted in layouts (no clock).

    A decision weighs at most `max_samples` layouts and stops early once `min_samples` of
    them agree that one card is never worse than another; the opening lead, one card in 52
    and the one made with least known, weighs up to `lead_samples`.  The other players' last
    `inference_depth` cards weigh each layout: `mistake_weight` for each of them that double
    dummy calls a mistake there (1 would ignore the evidence).

    The opening lead is chosen as any other card.  Three options tried here were taken out
    (issue 46; experiments/README.md): a lead simulated from the auction alone (it did not move
    the lead's cost beyond its interval on 100 deals), defensive signals (on 200 deals they
    helped declarer about as much as the defence) and reading other players' carding (on 400
    deals it moved neither side's cost beyond the noise).
    """

    max_samples: int = CARD_LAYOUTS
    min_samples: int = 10
    lead_samples: int = 2 * CARD_LAYOUTS
    inference_depth: int = 4
    mistake_weight: float = UNLIKELY

    def __post_init__(self) -> None:
        if min(self.max_samples, self.min_samples, self.lead_samples) < 1:
            raise ValueError("the robot needs at least one layout to think about")
        if self.inference_depth < 0 or not 0 < self.mistake_weight <= 1:
            raise ValueError("inference needs a depth of 0 or more and a weight in (0, 1]")

    @classmethod
    def fixed(cls, layouts: int, **others: object) -> CardSettings:
        """Exactly `layouts` layouts every card and lead, never fewer (`vaza match
        --layouts`): two robots so set are compared layout for layout."""
        return cls(layouts, layouts, layouts, **others)  # type: ignore[arg-type]


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
    runaway: bool = field(default=False, compare=False)
    """The search stopped at `RUNAWAY_SECONDS` before its layouts were done."""


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


class CardPlayer:
    """Plays contract bridge cards by sampling and double dummy; calls by another robot.

    `settings` say how many layouts a card weighs (`CardSettings`); with a `seed` the choice
    is a function of the view and the seed alone.  `constraints` reads the auction into
    beliefs about the hidden hands; without it every layout of the unseen cards counts.
    `bidder` makes the calls.
    """

    def __init__(
        self,
        scoring: Scoring = "imps",
        settings: CardSettings | None = None,
        *,
        seed: int | None = None,
        constraints: ConstraintSource | None = None,
        bidder: Robot | None = None,
    ) -> None:
        if scoring not in ("imps", "rubber", "matchpoints"):
            raise ValueError(f"unknown scoring {scoring!r}: imps, rubber or matchpoints")
        self.scoring: Scoring = scoring
        self.settings = settings if settings is not None else CardSettings()
        self.seed = seed
        self.constraints = constraints
        self.bidder: Robot = bidder if bidder is not None else SimpleRobot()
        self.runaways = 0
        """Decisions stopped by `RUNAWAY_SECONDS` (a benchmark reports it; never expected)."""
        self.layouts_solved = 0
        """Layouts this robot has solved for its cards and leads (the benchmark's count)."""

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
            card = _representative(runs[0], leading)
            return Decision(card, 0, False, {card: 0.0}, {card: 0.0})
        decision = _Search(self, view, contract, seat, runs).run()
        self.runaways += decision.runaway
        self.layouts_solved += decision.samples
        return decision


class _Search:
    """One card decision: sample, solve, average, until sure enough or out of layouts."""

    def __init__(
        self,
        player: CardPlayer,
        view: TableView,
        contract: Contract,
        seat: Seat,
        runs: list[list[Card]],
    ) -> None:
        self.player = player
        self.settings = settings = player.settings
        self.view = view
        self.started = time.perf_counter()
        self.runaway = False
        self.leading = not view.current_trick
        self.runs = runs
        self.choices = [_representative(run, self.leading) for run in runs]
        self.sampler = AuctionSampler(Sampler(Knowledge.of(view), player.beliefs(view)), view, None)
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
        self.recent = recent_choices(view, ours, settings.inference_depth)

    def _solve(self, layouts: Sequence[Layout]) -> None:
        """Solve `layouts` and weigh each by the other players' recent cards."""
        solved = solve([position_now(self.view, layout) for layout in layouts])
        mistake = self.settings.mistake_weight
        weights = [mistake**count for count in mistakes(self.view, layouts, self.recent)]
        for scores, weight in zip(solved, weights, strict=True):
            self.rows.append(tuple(scores[card] for card in self.choices))
            self.weights.append(weight)

    def _settled(self) -> bool:
        """One choice is at least as good as every other in every layout so far."""
        if len(self.rows) < self.settings.min_samples:
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
        sampler = self.sampler
        exact = (
            not sampler.sampler.believes_points
            and sampler.sampler.layouts() <= self.settings.max_samples
        )
        if exact:
            self._solve(sampler.every_layout())
        else:
            self._sample_until_done()
        best = self._best()
        values = {card: self._mean(i, self.value_of) for i, card in enumerate(self.choices)}
        tricks = {card: self._mean(i) for i, card in enumerate(self.choices)}
        card = self.choices[best]
        return Decision(card, len(self.rows), exact, values, tricks, self.runaway)

    def _sample_until_done(self) -> None:
        """Solve layouts in batches until they agree (`_settled`) or `max_samples` are done;
        the wall clock only stops a runaway (`RUNAWAY_SECONDS`)."""
        top = self.settings.max_samples
        batch = min(self.settings.min_samples, top)
        while batch > 0:
            self._solve(self.sampler.sample(batch, self.rng))
            if self._settled():
                return
            if time.perf_counter() - self.started > RUNAWAY_SECONDS:
                self.runaway = True
                return
            batch = min(_STEADY_BATCH, top - len(self.rows))


__all__ = [
    "CARD_LAYOUTS",
    "RUNAWAY_SECONDS",
    "CardPlayer",
    "CardSettings",
    "ConstraintSource",
    "Decision",
    "Scoring",
    "equal_runs",
    "view_fingerprint",
]
