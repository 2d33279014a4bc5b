"""Exact-bid rate when the robot is shown the true deal (never done outside this script) while
bidding (OB=1) and/or playing (OP=1)."""

import json
import os

from common import BUDGET, OPTIONS, exact_bid_rate

from vaza.match.boerenbridge import BoerenbridgeMatch
from vaza.robots import boerenbridge_strong as strong

SHOWN_BIDDING = os.environ.get("OB") == "1"
SHOWN_PLAYING = os.environ.get("OP") == "1"
rounds: list = []
"""The round being played (the robots of these matches play one round at a time)."""

_next_round = BoerenbridgeMatch.next_round


def _remember_round(match: BoerenbridgeMatch):  # type: ignore[no-untyped-def]
    rounds[:] = [_next_round(match)]
    return rounds[0]


BoerenbridgeMatch.next_round = _remember_round  # type: ignore[method-assign]


class Oracle(strong.BoerenbridgeStrongRobot):
    def _deals(self, facts, estimator, wanted, rng):  # type: ignore[no-untyped-def]
        bidding = any(bid is None for bid in facts.bids)
        if SHOWN_BIDDING if bidding else SHOWN_PLAYING:
            hands = rounds[0].deal.hands
            shown = [hands[p] & ~facts.played_by[p] for p in range(facts.players)]
            return [shown], (0.0,) * facts.players
        return super()._deals(facts, estimator, wanted, rng)


if __name__ == "__main__":
    rate = exact_bid_rate(lambda seed: Oracle(OPTIONS, budget=BUDGET, seed=seed))
    print(json.dumps({"OB": SHOWN_BIDDING, "OP": SHOWN_PLAYING, **rate}))
