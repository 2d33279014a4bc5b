"""Exact-bid rate with play-outs whose players see only their own cards (PMODE=all|others)."""
import random, sys, json, os, time
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.match.boerenbridge import BoerenbridgeMatch
from vaza.robots.boerenbridge_measure import play_match, exact_rate
from vaza.robots import boerenbridge_strong as bs
from vaza.robots import boerenbridge_playout as po
MODE = os.environ.get("PMODE", "all")  # all | others | mixP (prob plain)
ME = [0]
def play_out(hands, bids, won, leader, trick, trump):
    players = len(hands); strength = po.STRENGTH[trump]; beaters = po.BEATERS[trump]
    follow, free, best, best_player = 0, False, -1, leader
    cur = list(trick)
    for position, card in enumerate(trick):
        follow, free = po.follow_after(follow, free, card)
        if best < 0 or beaters[best] >> card & 1:
            best, best_player = card, (leader + position) % players
    played = len(trick); player = (leader + played) % players
    needs = [b - g for b, g in zip(bids, won)]
    while True:
        while played < players:
            plain = MODE == "all" or (MODE == "others" and player != ME[0])
            if plain:
                card = po.plain_card(hands[player], cur, players, needs[player], trump)
            else:
                card = po.aware_card(hands, needs, player, played, follow, best, beaters, strength)
            hands[player] ^= 1 << card; cur.append(card)
            if not (follow or free):
                follow, free = po.follow_after(follow, free, card)
            if best < 0 or beaters[best] >> card & 1:
                best, best_player = card, player
            played += 1; player = (player + 1) % players
        won[best_player] += 1; needs[best_player] -= 1; player = best_player
        if not hands[player]:
            return won
        follow, free, best, played, cur = 0, False, -1, 0, []
bs.play_out = play_out
class R(bs.BoerenbridgeStrongRobot):
    def choose(self, view):
        ME[0] = view.viewer; return super().choose(view)
options = BoerenbridgeOptions(); seed = int(sys.argv[2]); rng = random.Random(seed)
exact = bids = 0; t = time.time()
for number in range(int(sys.argv[1])):
    robots = [R(options, seed=seed*1000+number*10+p) for p in range(4)]
    match = BoerenbridgeMatch(4, options, rng=random.Random(rng.random()))
    play_match(match, robots)
    m, tot = exact_rate(match); exact += m; bids += tot
print(json.dumps({"mode": MODE, "rate": exact/bids, "bids": bids, "s": time.time()-t}))
