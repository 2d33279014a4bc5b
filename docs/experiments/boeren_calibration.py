"""Is the strong Boerenbridge robot's bid too hopeful?  For each hand it bids against the
baseline (the tables of `vaza match --game boerenbridge`: four players, seven cards, the strong
robot in two seats of each table), the chance its own simulation gave the bid it chose of being
exact, against whether it was.  Prints the two by bid and by the predicted chance (issue 18).
With `random`, the strong robot plays one seat a deal against three random players instead
(the table `vaza match` plays beside each deal).

    .venv/bin/python docs/experiments/boeren_calibration.py DEALS SEED [random]
"""

import json
import random
import statistics
import sys
from collections import Counter, defaultdict

from vaza.bench.boerenbridge import BoerenbridgePlayer
from vaza.core.games.boerenbridge import Bid
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.bench.boerenbridge_compare import (
    A_SEATS,
    DealtRound,
    RandomPlayer,
    dealt_rounds,
    play_round,
)
from vaza.robots.boerenbridge_strong import BoerenbridgeStrongRobot
from vaza.robots.registry import BOERENBRIDGE_CONFIGS


class Recording(BoerenbridgeStrongRobot):
    """The strong robot, noting the tricks each simulated deal gave each bid it tried."""

    tally: Counter[tuple[int, int]] | None = None
    predicted: float | None = None

    def _bid(self, facts, legal, barred, rng):  # type: ignore[no-untyped-def]
        self.tally = Counter()
        choice: Bid = super()._bid(facts, legal, barred, rng)
        tried = sum(n for (bid, _), n in self.tally.items() if bid == choice.tricks)
        self.predicted = self.tally[choice.tricks, choice.tricks] / tried
        self.tally = None
        return choice

    def score(self, bid: int, tricks: int, barred: int | None) -> float:
        if self.tally is not None:
            self.tally[bid, tricks] += 1
        return super().score(bid, tricks, barred)


def seated(
    deal: DealtRound, table: int, against_random: bool, options: BoerenbridgeOptions
) -> list[BoerenbridgePlayer]:
    """The players of `deal` at `table`: the recording robot in A's seats and the baseline in
    B's, or (`against_random`) the recording robot alone among random players."""
    baseline = BOERENBRIDGE_CONFIGS["baseline"]
    players: list[BoerenbridgePlayer] = []
    for p in range(4):
        if p == deal.alone if against_random else (table, p) in A_SEATS:
            players.append(Recording(options, seed=deal.seeds[p]))
        elif against_random:
            players.append(RandomPlayer(random.Random(deal.seeds[p] ^ 0x5EED)))
        else:
            players.append(baseline(options, deal.seeds[p]))
    return players


def main() -> None:
    deals, seed = int(sys.argv[1]), int(sys.argv[2])
    against_random = sys.argv[3:] == ["random"]
    options = BoerenbridgeOptions()
    hands = []  # (bid, predicted chance of exact, exact)
    for deal in dealt_rounds(deals, seed):
        for table in (0,) if against_random else (0, 1):
            robots = seated(deal, table, against_random, options)
            result = play_round(deal.setup, deal.dealt, robots)
            for p, robot in enumerate(robots):
                if isinstance(robot, Recording) and robot.predicted is not None:
                    hands.append((result.bids[p], robot.predicted, result.exact(p)))
    by_bid, by_chance = defaultdict(list), defaultdict(list)
    for bid, predicted, exact in hands:
        by_bid[bid].append((predicted, exact))
        by_chance[min(9, int(predicted * 10)) / 10].append((predicted, exact))

    def rows(groups: dict[float, list[tuple[float, bool]]]) -> dict[str, list[float]]:
        return {
            str(key): [
                len(group),
                round(statistics.fmean(p for p, _ in group), 3),
                round(statistics.fmean(e for _, e in group), 3),
            ]
            for key, group in sorted(groups.items())
        }

    print(
        json.dumps(
            {
                "hands": len(hands),
                "predicted": round(statistics.fmean(p for _, p, _ in hands), 3),
                "exact": round(statistics.fmean(e for _, _, e in hands), 3),
                "by_bid (hands, predicted, exact)": rows(by_bid),
                "by_predicted (hands, predicted, exact)": rows(by_chance),
            }
        )
    )


if __name__ == "__main__":
    main()
