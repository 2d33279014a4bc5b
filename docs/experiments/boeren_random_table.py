"""Exact bids of one strong robot at a table of three random players, four players, seven
cards, the table `vaza match --game boerenbridge` plays beside each deal (issue 18): the robot
as built (MODE=built), told that the others play at random (MODE=told: each opponent's chance
is 1 and no bid weighs the deals), or told that and shown the true deal too, while bidding
and playing (MODE=shown), while playing only (MODE=shown-play) or while bidding only
(MODE=shown-bid), the shown deal played out as many times as the robot would sample deals
(the random players draw anew each time), or with its cards chosen by information-set search
(MODE=ismcts, `boeren_ismcts.py`).  Prints the exact-bid rate with its standard error, the
shares of hands where it took more and fewer tricks than it bid, the exact rate by bid, and
whether each deal's bid was exact, so that

    .venv/bin/python docs/experiments/boeren_random_table.py compare a.json b.json

pairs two runs on the same deals (B less A, with its 95% interval)."""

import json
import os
import sys
from collections import Counter

from boeren_ismcts import IsmctsRobot
from common import paired

from vaza.core.games.boerenbridge import RoundDeal
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.robots import boerenbridge_strong as strong
from vaza.bench.boerenbridge_compare import against_random, dealt_rounds

MODE = os.environ.get("MODE", "built")
dealt: list[RoundDeal] = []
"""The deal being played, for the modes that show it."""


class Told(strong.BoerenbridgeStrongRobot):
    def _deals(self, facts, estimator, wanted, rng):  # type: ignore[no-untyped-def]
        bidding = facts.bids[facts.me] is None
        shown = MODE in {"shown", "shown-bid" if bidding else "shown-play"}
        if shown:
            hands = [dealt[0].hands[p] & ~facts.played_by[p] for p in range(facts.players)]
            deals = [list(hands) for _ in range(wanted)]
        else:
            dealer = strong.UnseenDealer(facts)
            deals = [dealer.deal(rng) for _ in range(wanted)]
        return deals, tuple(0.0 if p == facts.me else 1.0 for p in range(facts.players))


def main() -> None:
    deals, seed = int(sys.argv[1]), int(sys.argv[2])
    options = BoerenbridgeOptions()
    kinds = {"built": strong.BoerenbridgeStrongRobot, "ismcts": IsmctsRobot}
    kind = kinds.get(MODE, Told)
    exact = over = 0
    by_deal: list[int] = []
    bids: Counter[int] = Counter()
    made: Counter[int] = Counter()
    for deal in dealt_rounds(deals, seed):
        dealt[:] = [deal.dealt]
        result = against_random(lambda o, s: kind(o, seed=s), deal, options)
        bid, won = result.bids[deal.alone], result.tricks[deal.alone]
        bids[bid] += 1
        made[bid] += bid == won
        exact += bid == won
        over += won > bid
        by_deal.append(int(bid == won))
    rate = exact / deals
    print(
        json.dumps(
            {
                "mode": MODE,
                "exact": round(rate, 3),
                "se": round((rate * (1 - rate) / deals) ** 0.5, 3),
                "over": round(over / deals, 3),
                "under": round((deals - exact - over) / deals, 3),
                "exact_by_bid": {b: [bids[b], round(made[b] / bids[b], 2)] for b in sorted(bids)},
                "exact_by_deal": by_deal,
            }
        )
    )


def compare_runs(first: str, second: str) -> None:
    with open(first) as a, open(second) as b:
        runs = json.load(a), json.load(b)
    figures = paired(runs[0]["exact_by_deal"], runs[1]["exact_by_deal"], 4)
    print(json.dumps({"a": runs[0]["mode"], "b": runs[1]["mode"], **figures}))


if __name__ == "__main__":
    if sys.argv[1] == "compare":
        compare_runs(sys.argv[2], sys.argv[3])
    else:
        main()
