"""Exact-bid rate of four strong robots, by the objective they choose bids and cards for
(MODE=base: the expected score, as built; MODE=exact: the chance of being exact), the
simulated cards a decision (BUDGET, see `common`) and how sharply the bids
made weigh a sampled deal (BID_SPREAD, default the robot's)."""

import json
import os

from common import BUDGET, OPTIONS, exact_bid_rate

from vaza.robots import boerenbridge_facts as facts
from vaza.robots import boerenbridge_strong as strong

MODE = os.environ.get("MODE", "base")
facts.BID_SPREAD = float(os.environ.get("BID_SPREAD", facts.BID_SPREAD))


class Robot(strong.BoerenbridgeStrongRobot):
    def score(self, bid: int, tricks: int, barred: int | None) -> float:
        if MODE == "exact":
            return 1.0 + 0.001 * bid if bid == tricks else -0.0001 * abs(bid - tricks)
        return super().score(bid, tricks, barred)


def robot(seed: int) -> Robot:
    return Robot(OPTIONS, budget=BUDGET, seed=seed)


if __name__ == "__main__":
    print(
        json.dumps(
            {"mode": MODE, "budget": BUDGET, "spread": facts.BID_SPREAD, **exact_bid_rate(robot)}
        )
    )
