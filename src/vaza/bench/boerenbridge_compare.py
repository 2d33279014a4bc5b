"""Two Boerenbridge robots compared on the same deals, seats swapped (`vaza match --game
boerenbridge`), as `compare` does for contract bridge.

Four players, each dealt seven cards, the dealer moving one seat a deal.  Every deal is played
at two tables: robot A holds the cards of players 0 and 2 at the first and B those of 1 and 3,
the other way round at the second.  So over the pair each robot plays every seat's cards once,
and luck of the cards cancels out.  The robot in a seat draws its random numbers from the same
seed at both tables, so two copies of one robot play the two tables alike and score exactly
even: the harness itself favours nobody.  A pair's figure is A's points a hand less B's, by the
table's scoring (the seed's: 10 + 2 a trick for an exact bid, 0 for a miss); over many pairs,
their mean and a 95% confidence interval say whether A is better than B.

Beside the points it counts what explains them (issue 18): each robot's exact-bid rate and
share of 0 bids, how the two bid the same hand (the same, or one higher) and how often each
then made it, and each robot's exact-bid rate against three players who choose uniformly among
their legal actions and so do not play to their bids (one seat a deal, in turn, the dealer's
and every other; the random players draw alike for A and B).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from vaza.core.deal import make_rng
from vaza.core.games.boerenbridge import (
    BoerenbridgeAction,
    BoerenbridgeRound,
    RoundDeal,
    RoundResult,
)
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup
from vaza.core.views.boerenbridge import RoundView, player_view
from vaza.robots.base import BoerenbridgeRobot
from vaza.robots.registry import BoerenbridgeFactory
from vaza.scoring.boerenbridge import round_scores
from vaza.stats import interval95

PLAYERS = 4
HAND_SIZE = 7
A_SEATS: Final = tuple((table, p) for table in (0, 1) for p in range(PLAYERS) if p % 2 == table)
"""(table, player) of A's hands: the even players at the first table, the odd at the second."""
B_SEATS: Final = tuple((table, p) for table in (0, 1) for p in range(PLAYERS) if p % 2 != table)


class RandomPlayer:
    """Chooses uniformly among the legal actions: the weakest opponent, and one that does not
    play to its bid."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: RoundView) -> BoerenbridgeAction:
        return self.rng.choice(view.legal_actions)


@dataclass(frozen=True, slots=True)
class SameHand:
    """One hand (a player's cards of a deal) as A bid it at one table and B at the other."""

    a_bid: int
    b_bid: int
    a_exact: bool
    b_exact: bool


@dataclass(frozen=True, slots=True)
class PairedDeal:
    """One deal played at both tables: what each robot scored and how often it bid exactly,
    over its four hands (two at each table), how it bid each hand, and whether each robot's
    bid was exact at the deal's table against three random players."""

    a_points: int
    b_points: int
    a_exact: int
    b_exact: int
    hands: tuple[SameHand, ...] = ()
    a_exact_vs_random: bool = False
    b_exact_vs_random: bool = False

    @property
    def difference(self) -> float:
        """A's points a hand less B's."""
        return (self.a_points - self.b_points) / PLAYERS


def _rate(values: Sequence[bool]) -> dict[str, object]:
    """A share with its 95% interval (normal, kept inside 0 to 1; rounded for printing)."""
    numbers = [float(value) for value in values]
    low, high = interval95(numbers)
    low, high = max(0.0, low), min(1.0, high)
    share = statistics.fmean(numbers) if numbers else 0.0
    return {"rate": round(share, 3), "ci95": [round(low, 3), round(high, 3)]}


@dataclass(frozen=True, slots=True)
class BoerenbridgeComparison:
    hand_size: int
    deals: tuple[PairedDeal, ...]

    @property
    def differences(self) -> tuple[float, ...]:
        return tuple(deal.difference for deal in self.deals)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.differences) if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return interval95(self.differences)

    @property
    def hands(self) -> tuple[SameHand, ...]:
        return tuple(hand for deal in self.deals for hand in deal.hands)

    def same_hand(self) -> dict[str, object]:
        """How the two bid the same hands: the share of hands where A bid the same, higher or
        lower than B, and in each case how often each made its bid."""
        hands = self.hands
        groups = {
            "same": [h for h in hands if h.a_bid == h.b_bid],
            "a_higher": [h for h in hands if h.a_bid > h.b_bid],
            "a_lower": [h for h in hands if h.a_bid < h.b_bid],
        }
        count = len(hands) or 1
        return {
            name: {
                "share": round(len(group) / count, 3),
                "a_exact": round(statistics.fmean(h.a_exact for h in group), 3) if group else 0.0,
                "b_exact": round(statistics.fmean(h.b_exact for h in group), 3) if group else 0.0,
            }
            for name, group in groups.items()
        }

    def as_dict(self) -> dict[str, object]:
        low, high = self.interval
        hands = PLAYERS * len(self.deals) or 1
        same = self.hands
        return {
            "deals": len(self.deals),
            "players": PLAYERS,
            "cards": self.hand_size,
            "points_per_hand": round(self.mean, 3),
            "ci95": [round(low, 3), round(high, 3)],
            "a_points_per_hand": round(sum(d.a_points for d in self.deals) / hands, 3),
            "b_points_per_hand": round(sum(d.b_points for d in self.deals) / hands, 3),
            "a_exact_rate": round(sum(d.a_exact for d in self.deals) / hands, 3),
            "b_exact_rate": round(sum(d.b_exact for d in self.deals) / hands, 3),
            "a_exact": _rate([h.a_exact for h in same]),
            "b_exact": _rate([h.b_exact for h in same]),
            "a_zero_bid_share": _rate([h.a_bid == 0 for h in same]),
            "b_zero_bid_share": _rate([h.b_bid == 0 for h in same]),
            "a_exact_vs_random": _rate([d.a_exact_vs_random for d in self.deals]),
            "b_exact_vs_random": _rate([d.b_exact_vs_random for d in self.deals]),
            "same_hand": self.same_hand(),
            "a_better": low > 0,
            "b_better": high < 0,
        }


def play_round(
    setup: RoundSetup, dealt: RoundDeal, robots: Sequence[BoerenbridgeRobot]
) -> RoundResult:
    """Play one round of these cards, each player's robot choosing from that player's view."""
    game = BoerenbridgeRound(setup, dealt)
    while not game.is_over:
        player = game.to_act
        assert player is not None
        game.apply(robots[player].choose(player_view(game, player)), by=player)
    result = game.result
    assert result is not None
    return result


@dataclass(frozen=True, slots=True)
class DealtRound:
    """One deal of a comparison: its cards, each player's robot seed, and the seat that
    faces three random players with them (every seat in turn, dealer or not)."""

    setup: RoundSetup
    dealt: RoundDeal
    seeds: tuple[int, ...]
    alone: int


def dealt_rounds(
    deals: int, seed: int | str | None, hand_size: int = HAND_SIZE
) -> Iterator[DealtRound]:
    """The deals of `compare`, in order: the dealer moves a seat a deal."""
    rng = make_rng(seed)
    for number in range(deals):
        setup = RoundSetup(PLAYERS, number % PLAYERS, hand_size)
        dealt = RoundDeal.shuffle(setup, rng)
        seeds = tuple(rng.getrandbits(32) for _ in range(PLAYERS))
        yield DealtRound(setup, dealt, seeds, (number + number // PLAYERS) % PLAYERS)


def against_random(
    robot: BoerenbridgeFactory, deal: DealtRound, options: BoerenbridgeOptions
) -> RoundResult:
    """The deal played by `robot` in the seat `alone` and random players in the others (who
    draw alike whatever the robot)."""
    return play_round(
        deal.setup,
        deal.dealt,
        [
            robot(options, deal.seeds[p])
            if p == deal.alone
            else RandomPlayer(random.Random(deal.seeds[p] ^ 0x5EED))
            for p in range(PLAYERS)
        ],
    )


@dataclass(frozen=True, slots=True)
class Rounds:
    """The rounds a comparison plays: how many, the seed they are dealt from, their size and
    the game's options."""

    deals: int
    seed: int | str | None = None
    hand_size: int = HAND_SIZE
    options: BoerenbridgeOptions | None = None


def compare(
    a: BoerenbridgeFactory,
    b: BoerenbridgeFactory,
    rounds: Rounds,
    *,
    advance: Callable[[int], None] | None = None,
    on_deal: Callable[[RoundDeal], None] | None = None,
) -> BoerenbridgeComparison:
    """`a` and `b` over the same rounds, each in both places (see `A_SEATS`); `on_deal` is
    told each deal's cards before it is played (for a robot measured as if it saw them)."""
    deals, seed, hand_size = rounds.deals, rounds.seed, rounds.hand_size
    options = rounds.options if rounds.options is not None else BoerenbridgeOptions()
    played = []
    for deal in dealt_rounds(deals, seed, hand_size):
        setup, dealt, seeds = deal.setup, deal.dealt, deal.seeds
        if on_deal is not None:
            on_deal(dealt)
        results = [
            play_round(
                setup,
                dealt,
                [(a if (table, p) in A_SEATS else b)(options, seeds[p]) for p in range(PLAYERS)],
            )
            for table in (0, 1)
        ]
        scores = [round_scores(result, options) for result in results]
        a_table = {p: t for t, p in A_SEATS}
        hands = tuple(
            SameHand(
                a_bid=results[a_table[p]].bids[p],
                b_bid=results[1 - a_table[p]].bids[p],
                a_exact=results[a_table[p]].exact(p),
                b_exact=results[1 - a_table[p]].exact(p),
            )
            for p in range(PLAYERS)
        )
        alone = [against_random(robot, deal, options).exact(deal.alone) for robot in (a, b)]
        played.append(
            PairedDeal(
                a_points=sum(scores[t][p] for t, p in A_SEATS),
                b_points=sum(scores[t][p] for t, p in B_SEATS),
                a_exact=sum(results[t].exact(p) for t, p in A_SEATS),
                b_exact=sum(results[t].exact(p) for t, p in B_SEATS),
                hands=hands,
                a_exact_vs_random=alone[0],
                b_exact_vs_random=alone[1],
            )
        )
        if advance is not None:
            advance(1)
    return BoerenbridgeComparison(hand_size, tuple(played))
