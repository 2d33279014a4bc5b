"""Exact-bid rate of four strong Boerenbridge robots under another bid objective (MODE)."""
import random, sys, time, json, os
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.match.boerenbridge import BoerenbridgeMatch
from vaza.robots.boerenbridge_measure import play_match, exact_rate
from vaza.robots import boerenbridge_strong as bs

MODE = os.environ.get("MODE", "base")
class R(bs.BoerenbridgeStrongRobot):
    def score(self, bid, tricks, barred):
        if MODE == "exact":
            return (1.0 + 0.001*bid) if bid == tricks else -0.0001*abs(bid-tricks)
        if MODE == "mix":
            return (10.0 + 1.0*bid) if bid == tricks else -0.01*abs(bid-tricks)
        return super().score(bid, tricks, barred)

def run(matches, seed, budget=bs.DEFAULT_BUDGET):
    options = BoerenbridgeOptions()
    rng = random.Random(seed)
    exact = bids = 0
    t=time.time()
    for number in range(matches):
        robots = [R(options, budget=budget, seed=seed*1000+number*10+p) for p in range(4)]
        match = BoerenbridgeMatch(4, options, rng=random.Random(rng.random()))
        play_match(match, robots)
        m, tot = exact_rate(match); exact += m; bids += tot
    return {"mode": MODE, "rate": exact/bids, "bids": bids, "s": time.time()-t}

if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv)>3 else bs.DEFAULT_BUDGET)))
