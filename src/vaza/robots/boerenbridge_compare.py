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
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from vaza.core.deal import make_rng
from vaza.core.games.boerenbridge import BoerenbridgeRound, RoundDeal, RoundResult
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup
from vaza.core.views.boerenbridge import player_view
from vaza.robots.base import BoerenbridgeRobot
from vaza.robots.compare import interval95
from vaza.robots.registry import BoerenbridgeFactory
from vaza.scoring.boerenbridge import round_scores

PLAYERS = 4
HAND_SIZE = 7
A_SEATS: Final = tuple((table, p) for table in (0, 1) for p in range(PLAYERS) if p % 2 == table)
"""(table, player) of A's hands: the even players at the first table, the odd at the second."""
B_SEATS: Final = tuple((table, p) for table in (0, 1) for p in range(PLAYERS) if p % 2 != table)


@dataclass(frozen=True, slots=True)
class PairedDeal:
    """One deal played at both tables: what each robot scored and how often it bid exactly,
    over its four hands (two at each table)."""

    a_points: int
    b_points: int
    a_exact: int
    b_exact: int

    @property
    def difference(self) -> float:
        """A's points a hand less B's."""
        return (self.a_points - self.b_points) / PLAYERS


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

    def as_dict(self) -> dict[str, object]:
        low, high = self.interval
        hands = PLAYERS * len(self.deals) or 1
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


def compare(
    a: BoerenbridgeFactory,
    b: BoerenbridgeFactory,
    deals: int,
    seed: int | str | None = None,
    *,
    hand_size: int = HAND_SIZE,
    options: BoerenbridgeOptions | None = None,
    advance: Callable[[int], None] | None = None,
) -> BoerenbridgeComparison:
    options = options if options is not None else BoerenbridgeOptions()
    rng = make_rng(seed)
    played = []
    for number in range(deals):
        setup = RoundSetup(PLAYERS, number % PLAYERS, hand_size)
        dealt = RoundDeal.shuffle(setup, rng)
        seeds = [rng.getrandbits(32) for _ in range(PLAYERS)]
        results = [
            play_round(
                setup,
                dealt,
                [(a if (table, p) in A_SEATS else b)(options, seeds[p]) for p in range(PLAYERS)],
            )
            for table in (0, 1)
        ]
        scores = [round_scores(result, options) for result in results]
        played.append(
            PairedDeal(
                a_points=sum(scores[t][p] for t, p in A_SEATS),
                b_points=sum(scores[t][p] for t, p in B_SEATS),
                a_exact=sum(results[t].exact(p) for t, p in A_SEATS),
                b_exact=sum(results[t].exact(p) for t, p in B_SEATS),
            )
        )
        if advance is not None:
            advance(1)
    return BoerenbridgeComparison(hand_size, tuple(played))
