"""How far four strong robots' bids miss, and the exact rate by hand size."""
import random, sys, json, collections
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.match.boerenbridge import BoerenbridgeMatch
from vaza.robots.boerenbridge_measure import play_match
from vaza.robots import boerenbridge_strong as bs
options = BoerenbridgeOptions(); rng = random.Random(int(sys.argv[2]))
diff = collections.Counter(); bysize = collections.defaultdict(lambda: [0,0])
for number in range(int(sys.argv[1])):
    robots = [bs.BoerenbridgeStrongRobot(options, seed=number*10+p) for p in range(4)]
    match = BoerenbridgeMatch(4, options, rng=random.Random(rng.random()))
    play_match(match, robots)
    for r in match.results:
        size = sum(r.tricks)
        for p in range(4):
            d = r.bids[p] - r.tricks[p]; diff[d] += 1
            bysize[size][0] += d == 0; bysize[size][1] += 1
print(sorted(diff.items()))
print({k: round(v[0]/v[1],3) for k, v in sorted(bysize.items())})
