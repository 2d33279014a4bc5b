"""Card play's double-dummy cost per deal, by trick (decl, defence), opening lead apart."""
import random, sys, json, time, collections
from vaza.core.cards import SEATS, Card
from vaza.core.deal import Board
from vaza.core.games.contract import ContractDeal
from vaza.core.views import seat_view
from vaza.robots.cardplay.player import CardPlayer
from vaza.robots.cardplay.measure import makeable_contract
from vaza.analysis.dds import single_threaded
from vaza.analysis.positions import Position, solve_positions
single_threaded()
deals, seed = int(sys.argv[1]), int(sys.argv[2])
opts = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
rng = random.Random(seed)
robots = {s: CardPlayer("imps", seed=seed*4+s, **opts) for s in SEATS}
bytrick = collections.defaultdict(lambda: [0, 0])  # (decl cost, def cost)
dec = dfn = 0; times = []; t0 = time.time(); lead = 0
for number in range(1, deals+1):
    board = Board.random(number, rng); contract = makeable_contract(board)
    game = ContractDeal(board, contract); positions = []; chosen = []
    while not game.is_over:
        play = game.play; seat = game.controller
        positions.append(Position(tuple(play.hands), contract.trump, play.leader, play.current_trick))
        st = time.perf_counter(); card = robots[seat].choose(seat_view(game, seat)); times.append(time.perf_counter()-st)
        chosen.append((game.to_act.side == contract.declarer.side, card)); game.apply(card, by=seat)
    for i, (scores, (d, card)) in enumerate(zip(solve_positions(positions), chosen)):
        c = max(scores.values()) - scores[card]
        bytrick[i // 4][0 if d else 1] += c
        if d: dec += c
        else: dfn += c
        if i == 0: lead += c
times.sort()
print(json.dumps({"opts": opts, "seed": seed, "decl": dec/deals, "def": dfn/deals, "lead": lead/deals,
  "p95": times[int(.95*len(times))]*1000, "s": time.time()-t0,
  "bytrick": {k: [v[0]/deals, v[1]/deals] for k, v in sorted(bytrick.items())}}))
