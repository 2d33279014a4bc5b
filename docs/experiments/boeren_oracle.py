"""Exact-bid rate when the robot is shown the true deal while bidding (OB=1) and/or playing (OP=1)."""
import random, sys, json, os, time
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.match.boerenbridge import BoerenbridgeMatch
from vaza.core.views.boerenbridge import player_view
from vaza.robots.boerenbridge_measure import exact_rate
from vaza.robots import boerenbridge_strong as bs
OB = os.environ.get("OB") == "1"; OP = os.environ.get("OP") == "1"
class R(bs.BoerenbridgeStrongRobot):
    game = None
    def _deals(self, facts, estimator, wanted, rng):
        bidding = any(b is None for b in facts.bids)
        if (bidding and OB) or (not bidding and OP):
            return [[self.game.deal.hands[p] & ~facts.played_by[p] for p in range(facts.players)]]
        return super()._deals(facts, estimator, wanted, rng)
options = BoerenbridgeOptions(); seed = int(sys.argv[2]); rng = random.Random(seed)
exact = bids = 0; t = time.time()
for number in range(int(sys.argv[1])):
    robots = [R(options, seed=seed*1000+number*10+p) for p in range(4)]
    match = BoerenbridgeMatch(4, options, rng=random.Random(rng.random()))
    while not match.is_over:
        game = match.next_round()
        while not game.is_over:
            p = game.to_act; robots[p].game = game
            game.apply(robots[p].choose(player_view(game, p)), by=p)
    m, tot = exact_rate(match); exact += m; bids += tot
print(json.dumps({"OB": OB, "OP": OP, "rate": exact/bids, "bids": bids, "s": time.time()-t}))
