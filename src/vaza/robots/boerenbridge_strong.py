"""A strong Boerenbridge robot: it bids and plays by dealing the unseen cards many times.

It decides from its `RoundView` alone (read into `RoundFacts`).  For each decision it draws
deals of the cards it has not seen that agree with everything the table has shown (the cards
played and by whom, the suits a player showed out of; a blind bidder draws its own cards too),
keeps the deals in proportion to how well the bids already made fit them (a bid may also say
nothing, as a random player's does), and plays each deal to its end with the quick policies of
`boerenbridge_playout`, once for every choice it has.  It picks the choice with the best
average score by the table's scoring (10 + 2 per trick when exact; harsh: minus the miss; the
consolation for a forced dealer).

The opponents of a simulated deal are not all assumed to play to their bids (issue 18): each is
drawn, deal by deal, as a player who sees the deal and plays to its bid, one who sees only its
own hand and plays to its bid, or one who plays any legal card (`PolicyMix`).  A robot that
assumed everyone chases or dodges tricks as their bids require lost its own bids against
players who do not, and against players who do it relied on them too much.  Each opponent
also has its own chance of playing at random, read from its bid and the cards it followed
with (`random_chances`).  Once that chance is more likely than not (`RANDOM_ENOUGH`), the
opponent is a random player in that share of the simulated deals and its bid is trusted that
much less: against three random players the robot soon simulates most of them as random, and
players who play to their bids seldom.

- **Bids.** Every allowed bid is tried on the same deals; the robot plays each deal aiming at
  the bid tried, so a bid's score is the chance of the tricks it will take being that bid,
  times what the bid is worth.  On part of the deals (`OWN_PLAIN`) it plays them seeing only
  its own hand, as it will.  Players still to bid are given the bid their sampled hand
  suggests (`HandEstimator.bid`), the dealer the nearest one the boerenregel allows.  So the
  dealer's rule is respected (only allowed bids are tried) and used (a dealer weighs the bids
  left to them).
- **Cards.** Every card it may play is tried on the same deals: it takes the tricks it still
  needs, ducks the rest, and seeing how the simulated opponents chase or dodge tricks, it sees
  who must win and who must lose.  Cards that are equal in effect (touching ranks once the
  cards between are gone) are tried once.
- **Trumps after a Wizard** (dealer): the suit that makes its hand count most tricks.

The work per decision is bounded by `budget` (cards played in simulation), not by a clock, so
a given view always gets the same answer: the random draws are seeded from the view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from vaza.core.cards import Card, Suit
from vaza.core.games.boerenbridge import Bid, BoerenbridgeAction, ChooseTrump
from vaza.core.games.boerenbridge_cards import ALL_CARDS, AnyCard, Special
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.core.views.boerenbridge import RoundView
from vaza.robots.base import PlaysOut
from vaza.robots.boerenbridge_facts import (
    RANDOM_PRIOR,
    HandEstimator,
    RoundFacts,
    UnseenDealer,
    bid_weight,
    facts_of,
    random_chances,
    trust_of,
)
from vaza.robots.boerenbridge_playout import (
    AWARE,
    PLAIN,
    RANDOM,
    SUIT_MASKS,
    SUIT_OF,
    plain_card,
    play_mixed,
)

DEFAULT_BUDGET = 24_000
"""Simulated card plays per decision: the 95th percentile of a decision stays under 100 ms on
one core of the reference machine even on its slow days; more (40,000 or 120,000) made bids
no more often exact (see docs/benchmarks.md)."""
MIN_DEALS, MAX_DEALS = 12, 400
OVERSAMPLE = 2
"""Deals drawn per deal kept when the bids made weigh them."""
EVIDENCE_DEALS = 48
"""Drawn deals on which each player's chance of playing at random is judged."""


@dataclass(frozen=True, slots=True)
class PolicyMix:
    """How the simulated opponents play, as chances a deal: on `aware_card` (to their bids,
    seeing the deal), on `plain_card` (to their bids, seeing their own hand), or at random
    (not to their bids at all).  The rest of the chance after `aware` and `plain` is random."""

    aware: float
    plain: float

    def draw(self, rng: random.Random) -> int:
        chance = rng.random()
        if chance < self.aware:
            return AWARE
        return PLAIN if chance < self.aware + self.plain else RANDOM


BID_OPPONENTS: Final = PolicyMix(aware=1.0, plain=0.0)
"""The opponents a bid is judged against, but for their chance of playing at random
(`random_chances`): players who play to their bids.  Drawing 20% random players here too, for
every opponent alike, made the robot bid higher, and those bids failed against players who do
play to their bids (docs/benchmarks.md)."""
CARD_OPPONENTS: Final = PolicyMix(aware=0.8, plain=0.1)
"""The opponents a card is judged against, but for their chance of playing at random: one in
five does not see the deal or does not play to its bid, so a card that only works if every
opponent plays perfectly to its bid loses its appeal."""
OWN_PLAIN: Final = 0.5
"""The share of a bid's simulated deals in which I play on `plain_card`, seeing only my own
hand: when I bid I cannot yet know how well my play will read the others' cards."""
BID_TRUST: Final = 0.8
"""When bidding, the chance that a bid already made says something about the bidder's hand
(`bid_weight`).  The cards trust bids fully: with 0.8 there, the robot made fewer of the bids
both robots made alike against the baseline."""
RANDOM_ENOUGH: Final = 0.5
"""The chance of playing at random from which an opponent is simulated as a random player
with that chance (and its bid trusted accordingly).  Below it, the opponent is simulated as
the policy mixes say.  With every opponent's chance read into the simulation, however small,
the robot bid higher and made fewer of the bids both robots made alike: 0.4 to 0.6 points a
hand less against the baseline on the same 300 deals (docs/benchmarks.md)."""


@dataclass(frozen=True, slots=True)
class Simulation:
    """How the robot imagines the others in its simulated deals (each default measured above)."""

    bid_opponents: PolicyMix = BID_OPPONENTS
    card_opponents: PolicyMix = CARD_OPPONENTS
    trust: float = BID_TRUST
    random_prior: float = RANDOM_PRIOR
    own_plain: float = OWN_PLAIN


class BoerenbridgeStrongRobot(PlaysOut):
    """Bids and plays by simulation, from a player's view, under a table's scoring options
    (which every player at the table knows)."""

    def __init__(
        self,
        options: BoerenbridgeOptions | None = None,
        *,
        budget: int = DEFAULT_BUDGET,
        seed: int = 0,
        simulation: Simulation | None = None,
    ) -> None:
        self.options = options if options is not None else BoerenbridgeOptions()
        self.budget = budget
        self.seed = seed
        simulation = simulation if simulation is not None else Simulation()
        self.bid_opponents = simulation.bid_opponents
        self.card_opponents = simulation.card_opponents
        self.trust = simulation.trust
        self.random_prior = simulation.random_prior
        self.own_plain = simulation.own_plain

    def choose(self, view: RoundView) -> BoerenbridgeAction:
        legal = view.legal_actions
        if not legal:
            raise ValueError("the robot was asked to act with nothing to choose")
        if len(legal) == 1:
            return legal[0]
        facts = facts_of(view)
        if isinstance(legal[0], ChooseTrump):
            return ChooseTrump(best_trump(facts))
        rng = random.Random(decision_seed(self.seed, facts))
        bids = [action for action in legal if isinstance(action, Bid)]
        if bids:
            return self._bid(facts, bids, view.barred, rng)
        return self._card(facts, [a for a in legal if isinstance(a, Card | Special)], rng)

    # -- scoring -----------------------------------------------------------------------------

    def score(self, bid: int, tricks: int, barred: int | None) -> float:
        """My round score for `bid` and `tricks`; `barred` is my barred bid when I am the
        dealer (for the consolation).  A hair less for a bigger miss breaks ties."""
        if bid == tricks:
            return 10.0 + 2.0 * bid
        miss = abs(bid - tricks)
        value = -float(miss) if self.options.harsh else -0.01 * miss
        if self.options.consolation and barred is not None and tricks == barred and miss == 1:
            value += 5.0
        return value

    # -- deals -----------------------------------------------------------------------------

    def _deals(
        self, facts: RoundFacts, estimator: HandEstimator, wanted: int, rng: random.Random
    ) -> tuple[list[list[int]], tuple[float, ...]]:
        """`wanted` deals of the hidden cards, and each player's chance of playing at random
        where it is at least `RANDOM_ENOUGH` (`random_chances`, judged on the first
        `EVIDENCE_DEALS` drawn), else 0.  The deals are drawn `OVERSAMPLE` times over and
        resampled in proportion to how well the bids made fit them (systematic resampling),
        trusted at `trust` while I bid and fully once I play, and less from a player who
        seems to play at random."""
        dealer = UnseenDealer(facts)
        if not any(bid is not None for p, bid in enumerate(facts.bids) if p != facts.me):
            return [dealer.deal(rng) for _ in range(wanted)], (0.0,) * facts.players
        drawn = [dealer.deal(rng) for _ in range(OVERSAMPLE * wanted)]
        judged = random_chances(facts, estimator, drawn[:EVIDENCE_DEALS], self.random_prior)
        chances = tuple(chance if chance >= RANDOM_ENOUGH else 0.0 for chance in judged)
        usual = self.trust if facts.bids[facts.me] is None else 1.0
        trust = [min(usual, trust_of(chance, facts.hand_size)) for chance in chances]
        weights = [bid_weight(facts, estimator, hands, trust) for hands in drawn]
        total = sum(weights)
        if total <= 0.0:
            return drawn[:wanted], chances
        step = total / wanted
        point = rng.random() * step
        chosen: list[list[int]] = []
        running = 0.0
        for hands, weight in zip(drawn, weights, strict=True):
            running += weight
            while point < running and len(chosen) < wanted:
                chosen.append(hands)
                point += step
        while len(chosen) < wanted:
            chosen.append(drawn[-1])
        return chosen, chances

    # -- bidding ---------------------------------------------------------------------------

    def _bid(
        self, facts: RoundFacts, legal: Sequence[Bid], barred: int | None, rng: random.Random
    ) -> Bid:
        players, me = facts.players, facts.me
        candidates = [bid.tricks for bid in legal]
        plays = players * facts.hand_size
        wanted = _clamp(self.budget // (len(candidates) * plays))
        order = [(facts.first_bidder + step) % players for step in range(players)]
        later = order[order.index(me) + 1 :]
        dealer, first = facts.dealer, facts.first_bidder
        totals = dict.fromkeys(candidates, 0.0)
        estimator = HandEstimator(facts)
        deals, chances = self._deals(facts, estimator, wanted, rng)
        for hands in deals:
            bids = [bid if bid is not None else 0 for bid in facts.bids]
            for player in later:
                if player != dealer:
                    bids[player] = estimator.bid(hands[player], None)
            kinds = deal_policies(facts, self.bid_opponents, rng, self.own_plain, chances)
            for tricks in candidates:
                bids[me] = tricks
                if dealer in later:
                    others = sum(bids[p] for p in range(players) if p != dealer)
                    dealer_barred = facts.hand_size - others
                    bids[dealer] = estimator.bid(hands[dealer], dealer_barred)
                won = play_mixed(
                    list(hands), bids, [0] * players, first, (), facts.trump, kinds, rng.random
                )
                totals[tricks] += self.score(tricks, won[me], barred if me == dealer else None)
        guess = estimator.estimate(facts.hand) if facts.hand is not None else 0.0
        best = max(candidates, key=lambda t: (totals[t], -abs(t - guess)))
        return Bid(best)

    # -- card play -------------------------------------------------------------------------

    def _card(self, facts: RoundFacts, legal: Sequence[AnyCard], rng: random.Random) -> AnyCard:
        me, players = facts.me, facts.players
        bids = [bid if bid is not None else 0 for bid in facts.bids]
        options = distinct_cards([card.index for card in legal], facts)
        if len(options) == 1:
            return ALL_CARDS[options[0]]
        assert facts.hand is not None
        plays = sum(facts.remaining(p) for p in range(players))
        wanted = _clamp(self.budget // (len(options) * plays))
        totals = dict.fromkeys(options, 0.0)
        barred = None
        if me == facts.dealer:
            barred = facts.hand_size - sum(b for p, b in enumerate(bids) if p != me)
        deals, chances = self._deals(facts, HandEstimator(facts), wanted, rng)
        for hands in deals:
            kinds = deal_policies(facts, self.card_opponents, rng, 0.0, chances)
            for card in options:
                trial = list(hands)
                trial[me] ^= 1 << card
                won = play_mixed(
                    trial,
                    bids,
                    list(facts.won),
                    facts.leader,
                    (*facts.trick, card),
                    facts.trump,
                    kinds,
                    rng.random,
                )
                totals[card] += self.score(bids[me], won[me], barred)
        top = max(totals.values())
        tied = [card for card in options if totals[card] >= top - 1e-9]
        need = bids[me] - facts.won[me]
        preferred = plain_card(facts.hand, facts.trick, players, need, facts.trump)
        choice = preferred if preferred in tied else tied[0]
        return ALL_CARDS[choice]


def deal_policies(
    facts: RoundFacts,
    mix: PolicyMix,
    rng: random.Random,
    own_plain: float = 0.0,
    at_random: Sequence[float] | None = None,
) -> list[int]:
    """The policies of one simulated deal: each opponent plays at random with its chance in
    `at_random` (none when not given) and is otherwise drawn from `mix`; mine sees the deal
    (my later decisions sample it) but for a share `own_plain` of the deals."""
    chances = (0.0,) * facts.players if at_random is None else at_random
    kinds = [RANDOM if rng.random() < chance else mix.draw(rng) for chance in chances]
    kinds[facts.me] = PLAIN if own_plain and rng.random() < own_plain else AWARE
    return kinds


def decision_seed(robot_seed: int, facts: RoundFacts) -> int:
    """The seed of one decision's random draws: the robot's seed and what it knows, as whole
    numbers only (the hash of None changes from process to process, that of an int never), so
    a view gets the same answer in every run."""
    bids = tuple(-1 if bid is None else bid for bid in facts.bids)
    hand = -1 if facts.hand is None else facts.hand
    return hash((robot_seed, facts.me, hand, facts.turned, bids, facts.played_by)) & 0xFFFFFFFF


def _clamp(deals: int) -> int:
    return max(MIN_DEALS, min(MAX_DEALS, deals))


def distinct_cards(legal: Sequence[int], facts: RoundFacts) -> list[int]:
    """The legal cards that can differ in effect: of touching cards of a suit (nothing between
    them unplayed outside my hand) only the lowest is kept; every Wizard is alike, and so is
    every Jester."""
    hand = facts.hand or 0
    gone = hand
    for mask in facts.played_by:
        gone |= mask
    kept: list[int] = []
    seen_special: set[int] = set()
    for card in sorted(legal):
        suit = SUIT_OF[card]
        if suit >= len(Suit):
            if suit not in seen_special:
                seen_special.add(suit)
                kept.append(card)
            continue
        if kept and SUIT_OF[kept[-1]] == suit:
            between = SUIT_MASKS[suit] & ((1 << card) - 1) & ~((2 << kept[-1]) - 1)
            if not between & ~gone:
                continue
        kept.append(card)
    return kept


def best_trump(facts: RoundFacts) -> Suit:
    """The suit to name after a Wizard is turned: the one that makes the hand count the most
    tricks (spades when the hand is hidden, in a blind round)."""
    hand = facts.hand
    if hand is None:
        return Suit.SPADES
    return max(
        Suit,
        key=lambda suit: (
            HandEstimator(facts, int(suit)).estimate(hand),
            (hand & SUIT_MASKS[suit]).bit_count(),
            suit,
        ),
    )
