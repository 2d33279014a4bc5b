"""How low can the simulated opening lead's cost go, and which way of choosing gets there
(issue 18)?  Solve many layouts once per lead, then choose offline.

``collect DEALS SEED LAYOUTS OUT.json``: the boards `measure_leads` bids (same seed, same
order); for each, LAYOUTS layouts that re-bid as the table did (`AuctionSampler` with the
system's `system_call`) and LAYOUTS from the auction's ranges alone, each solved double dummy at
trick one for every candidate lead, and every lead solved on the true deal (to judge, never to
choose).  Two worker processes, one DDS thread each.

``analyse OUT.json``: the lead cost (tricks given away against the best lead of the true deal,
with a 95% interval) of several ways of choosing, on the first k layouts of each kind for k in
2, 4, … LAYOUTS: the IMP worth of the contract (what the robot maximises), the mean tricks, the
chance of beating the contract; with and without the rules' suit as a prior of two layouts; and,
as a bound, the lead that is best on the most layouts.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from multiprocessing import Pool
from typing import Any

from vaza.core.cards import Card


def _solve_deal(job: dict[str, Any]) -> dict[str, Any]:
    from vaza.analysis.dds import single_threaded
    from vaza.analysis.positions import Position, solve_positions
    from vaza.robots.bidding import infer
    from vaza.robots.bidding.bidder import system_call
    from vaza.robots.cardplay.leads import candidate_leads, solve_leads
    from vaza.robots.cardplay.sampling import AuctionSampler, Sampler

    single_threaded()
    seen = job["seen"]
    contract = seen.contract
    leads = candidate_leads(seen.hand)
    beliefs = infer(seen.calls, seen.dealer)
    count = job["layouts"]
    rng = random.Random(job["rng"])
    rebid = AuctionSampler(Sampler(seen.knowledge(), beliefs), seen, system_call)
    plain = Sampler(seen.knowledge(), beliefs)
    rows: dict[str, list[list[int]]] = {}
    for name, sampler in (("rebid", rebid), ("plain", plain)):
        solved = solve_leads(sampler.sample(count, rng), contract)
        rows[name] = [[scores[card] for card in leads] for scores in solved]
    true = solve_positions([Position(job["hands"], contract.trump, contract.opening_leader)])[0]
    return {
        "number": job["number"],
        "contract": f"{contract} {contract.declarer.letter}",
        "declarer_vulnerable": seen.vulnerability.is_vulnerable(contract.declarer.side),
        "leads": [card.name for card in leads],
        "prior": job["prior"],
        "true": [true[card] for card in leads],
        "relaxed": rebid.relaxed,
        **rows,
    }


def collect(deals: int, seed: int, layouts: int, out: str) -> None:
    from vaza.core.deal import Board
    from vaza.core.games.contract import ContractDeal
    from vaza.core.views import seat_view
    from vaza.robots.bidding import BiddingRobot
    from vaza.robots.bidding.measure import bid_board
    from vaza.robots.cardplay.leads import LeaderView

    rng = random.Random(seed)
    jobs: list[dict[str, Any]] = []
    number = 0
    advisor = BiddingRobot()
    while len(jobs) < deals:
        number += 1
        board = Board.random(number % 16 + 1, rng)
        bid = bid_board(board)
        if bid.contract is None:
            continue
        game = ContractDeal(board)
        for call in bid.calls:
            game.apply(call)
        view = seat_view(game, bid.contract.opening_leader)
        jobs.append(
            {
                "number": number,
                "seen": LeaderView.of(view),
                "hands": tuple(hand.mask for hand in board.deal.hands),
                "prior": int(advisor.opening_lead(view).suit),
                "layouts": layouts,
                "rng": f"{seed}:{number}",
            }
        )
    results: list[dict[str, Any]] = []
    with Pool(2) as pool:
        for done, result in enumerate(pool.imap(_solve_deal, jobs), 1):
            results.append(result)
            print(f"\r{done}/{deals}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    with open(out, "w") as file:
        json.dump({"seed": seed, "layouts": layouts, "deals": results}, file)


def _interval(costs: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(costs)
    half = 1.96 * statistics.stdev(costs) / len(costs) ** 0.5
    return round(mean, 3), round(mean - half, 3), round(mean + half, 3)


def analyse(path: str) -> None:
    from vaza.core.calls import Contract
    from vaza.robots.cardplay.player import trick_values

    data = json.load(open(path))
    size = data["layouts"]
    ks = [k for k in (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128) if k <= size]
    rules = ("imps", "tricks", "beats", "imps+prior", "tricks+prior", "most-best")
    table: dict[str, dict[str, dict[int, list[float]]]] = {
        kind: {rule: {k: [] for k in ks} for rule in rules} for kind in ("rebid", "plain")
    }
    imp_table: dict[str, dict[str, dict[int, list[float]]]] = {
        kind: {rule: {k: [] for k in ks} for rule in rules} for kind in ("rebid", "plain")
    }
    for deal in data["deals"]:
        contract = Contract.parse(deal["contract"])
        true = deal["true"]
        best_true = max(true)
        leads = [Card.parse(name) for name in deal["leads"]]
        needed = int(deal["contract"][0]) + 6
        setting = 14 - needed
        worth = trick_values(contract, deal["declarer_vulnerable"], "imps")
        swing = worth[needed] - worth[needed - 1]
        for kind in ("rebid", "plain"):
            for k in ks:
                rows = deal[kind][:k]
                if not rows:
                    continue
                n = len(rows)
                count = len(leads)
                tricks = [sum(row[i] for row in rows) / n for i in range(count)]
                imps = [-sum(worth[13 - row[i]] for row in rows) / n for i in range(count)]
                beats = [sum(row[i] >= setting for row in rows) / n for i in range(count)]
                most = [sum(row[i] == max(row) for row in rows) / n for i in range(count)]
                bonus = 2 * swing / (n + 2)
                prior = [bonus if lead.suit == deal["prior"] else 0.0 for lead in leads]
                scores = {
                    "imps": imps,
                    "tricks": tricks,
                    "beats": beats,
                    "imps+prior": [v + p for v, p in zip(imps, prior)],
                    "tricks+prior": [t + p * 0.5 / swing for t, p in zip(tricks, prior)],
                    "most-best": most,
                }
                for rule, values in scores.items():
                    choice = max(
                        range(count), key=lambda i: (values[i], tricks[i], -leads[i].rank, -i)
                    )
                    table[kind][rule][k].append(best_true - true[choice])
                    imp_table[kind][rule][k].append(worth[13 - true[choice]] - worth[13 - best_true])
    print(f"{len(data['deals'])} deals, seed {data['seed']}")
    for kind in ("rebid", "plain"):
        print(kind)
        for rule in rules:
            line = "  ".join(f"{k}:{_interval(table[kind][rule][k])[0]:.3f}" for k in ks)
            print(f"  {rule:13} {line}")
    print("IMPs given away against the best lead (the contract's IMP worth)")
    for kind in ("rebid", "plain"):
        print(kind)
        for rule in rules:
            line = "  ".join(f"{k}:{_interval(imp_table[kind][rule][k])[0]:.3f}" for k in ks)
            print(f"  {rule:13} {line}")
    print("95% intervals at the largest k:")
    for kind in ("rebid", "plain"):
        for rule in rules:
            print(f"  {kind} {rule}: {_interval(table[kind][rule][ks[-1]])}")


if __name__ == "__main__":
    if sys.argv[1] == "collect":
        collect(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    else:
        analyse(sys.argv[2])
