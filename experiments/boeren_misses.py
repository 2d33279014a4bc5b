"""How far four strong robots' bids miss (bid - tricks: count), and the exact rate by hand
size, over `argv[1]` matches of seed `argv[2]`."""

import collections
import json
import sys

from common import BUDGET, OPTIONS
from vaza.bench.boerenbridge import Series, robot_matches
from vaza.robots.boerenbridge_strong import BoerenbridgeStrongRobot

matches, seed = int(sys.argv[1]), int(sys.argv[2])
misses: collections.Counter[int] = collections.Counter()
by_size: collections.defaultdict[int, list[int]] = collections.defaultdict(lambda: [0, 0])


def robot(robot_seed: int) -> BoerenbridgeStrongRobot:
    return BoerenbridgeStrongRobot(OPTIONS, budget=BUDGET, seed=robot_seed)


for match in robot_matches(Series(matches, seed, OPTIONS), robot):
    for result in match.results:
        size = sum(result.tricks)
        for bid, tricks in zip(result.bids, result.tricks, strict=True):
            misses[bid - tricks] += 1
            by_size[size][0] += bid == tricks
            by_size[size][1] += 1
print(json.dumps({"misses": dict(sorted(misses.items()))}))
print(json.dumps({"exact_by_size": {k: round(v[0] / v[1], 3) for k, v in sorted(by_size.items())}}))
