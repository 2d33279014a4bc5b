"""How good and how quick the strong Boerenbridge robot is, over whole matches (`vaza bench
robots` reports these figures).

- `exact_bid_rate`: the share of bids made exactly when four strong robots play each other.
  The boerenregel makes at least one player miss every round, so four players cannot pass
  0.75.
- `zero_bid_share`: the share of those bids that were 0 (issue 18 found 26% where a reference
  robot bid 0 on 14% of hands).
- `win_rate_vs_random`: how often one strong robot wins a match against three players who
  choose uniformly among their legal actions (a shared first place counts as a win).
- `exact_bid_rate_vs_random`: the share of that robot's bids made exactly in those matches,
  with its 95% interval (`exact_bid_rate_vs_random_ci95`).  Random players do not play to
  their bids, so a robot that assumes they do misses its own; the win rate hides it (a random
  player scores little whatever the robot does).
- `boeren_ms_p50` / `boeren_ms_p95`: the strong robot's time per decision, in milliseconds
  (every decision of both kinds of match).  It is the CPU time of the deciding thread: one
  core's work, which other load on the machine does not inflate.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from vaza.bench.boerenbridge_compare import RandomPlayer
from vaza.core.games.boerenbridge import BoerenbridgeAction
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.core.views.boerenbridge import RoundView, player_view
from vaza.match.boerenbridge import BoerenbridgeMatch
from vaza.robots.boerenbridge_strong import DEFAULT_BUDGET, BoerenbridgeStrongRobot
from vaza.stats import interval95

PLAYERS = 4


class BoerenbridgePlayer(Protocol):
    def choose(self, view: RoundView) -> BoerenbridgeAction: ...


def play_match(
    match: BoerenbridgeMatch,
    seats: Sequence[BoerenbridgePlayer],
    timed: Callable[[int], bool] = lambda player: False,
    times: list[float] | None = None,
) -> None:
    """Play every round of `match` with `seats[p]` choosing for player p; the decisions of
    players for whom `timed` is true are timed into `times` (seconds)."""
    while not match.is_over:
        game = match.next_round()
        while not game.is_over:
            player = game.to_act
            assert player is not None
            view = player_view(game, player)
            if times is not None and timed(player):
                start = time.thread_time()
                action = seats[player].choose(view)
                times.append(time.thread_time() - start)
            else:
                action = seats[player].choose(view)
            game.apply(action, by=player)


def exact_rate(match: BoerenbridgeMatch) -> tuple[int, int]:
    """Exact bids and bids made in a finished match."""
    results = match.results
    exact = sum(result.exact(p) for result in results for p in range(match.players))
    return exact, len(results) * match.players


def zero_bids(match: BoerenbridgeMatch) -> int:
    """The bids of 0 made in a finished match."""
    return sum(result.bids.count(0) for result in match.results)


@dataclass(frozen=True, slots=True)
class Series:
    """Matches of four robots to play: how many, their seed and the game's options."""

    matches: int
    seed: int
    options: BoerenbridgeOptions = field(default_factory=BoerenbridgeOptions)


def robot_matches(
    series: Series,
    make_robot: Callable[[int], BoerenbridgePlayer],
    *,
    rng: random.Random | None = None,
    times: list[float] | None = None,
) -> Iterator[BoerenbridgeMatch]:
    """The series' matches, each yielded once played to its end: the robot of player p in
    match n is `make_robot(seed * 1000 + n * 10 + p)`, each match's deals come from `rng`
    (by default `random.Random(seed)`), and every decision is timed into `times` when it is
    given."""
    matches, seed, options = series.matches, series.seed, series.options
    rng = random.Random(seed) if rng is None else rng
    for number in range(matches):
        robots = [make_robot(seed * 1000 + number * 10 + p) for p in range(PLAYERS)]
        match = BoerenbridgeMatch(PLAYERS, options, rng=random.Random(rng.random()))
        play_match(match, robots, lambda p: True, times)
        yield match


def measure(
    matches: int,
    seed: int,
    *,
    random_matches: int | None = None,
    options: BoerenbridgeOptions | None = None,
    budget: int = DEFAULT_BUDGET,
) -> dict[str, float | list[float]]:
    """Play `matches` matches of four strong robots and `random_matches` (default: as many)
    matches of one strong robot against three random players (the strong one in each seat in
    turn), for four players on the seed's 1…8…1 ladder, and report the figures above."""
    random_matches = matches if random_matches is None else random_matches
    options = options if options is not None else BoerenbridgeOptions()
    rng = random.Random(seed)
    times: list[float] = []
    exact = bids = zeros = 0

    def strong_robot(robot_seed: int) -> BoerenbridgeStrongRobot:
        return BoerenbridgeStrongRobot(options, budget=budget, seed=robot_seed)

    for match in robot_matches(Series(matches, seed, options), strong_robot, rng=rng, times=times):
        made, total = exact_rate(match)
        exact += made
        bids += total
        zeros += zero_bids(match)
    wins = 0
    alone_exact: list[float] = []
    for number in range(random_matches):
        strong = number % PLAYERS
        seats: list[BoerenbridgePlayer] = [
            RandomPlayer(random.Random(rng.random())) for _ in range(PLAYERS)
        ]
        seats[strong] = BoerenbridgeStrongRobot(options, budget=budget, seed=seed + number)
        match = BoerenbridgeMatch(PLAYERS, options, rng=random.Random(rng.random()))
        play_match(match, seats, strong.__eq__, times)
        wins += strong in match.winners
        alone_exact.extend(float(result.exact(strong)) for result in match.results)
    milliseconds = sorted(1000.0 * t for t in times) or [0.0]
    return {
        "matches": float(matches),
        "exact_bid_rate": exact / bids if bids else 0.0,
        "zero_bid_share": zeros / bids if bids else 0.0,
        "random_matches": float(random_matches),
        "win_rate_vs_random": wins / random_matches if random_matches else 0.0,
        "exact_bid_rate_vs_random": statistics.fmean(alone_exact) if alone_exact else 0.0,
        "exact_bid_rate_vs_random_ci95": [round(bound, 3) for bound in interval95(alone_exact)],
        "boeren_ms_p50": statistics.median(milliseconds),
        "boeren_ms_p95": _percentile(milliseconds, 0.95),
    }


def _percentile(ordered: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of sorted values."""
    rank = max(1, round(fraction * len(ordered) + 0.5))
    return ordered[min(len(ordered), rank) - 1]
