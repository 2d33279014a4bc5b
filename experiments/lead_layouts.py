"""How low can the simulated opening lead's cost go, and which way of choosing gets there
(issue 18)?  Solve many layouts once per lead, then choose offline.

``collect DEALS SEED LAYOUTS OUT.json``: the boards `measure_leads` bids (same seed, same
order); for each, LAYOUTS layouts that re-bid as the table did (`AuctionSampler` with the
system's `system_call`) and LAYOUTS from the auction's ranges alone, each solved double dummy at
trick one for every candidate lead, and every lead solved on the true deal (to judge, never to
choose).  Two worker processes, one DDS thread each.

``analyse OUT.json``: the lead cost (tricks given away against the best lead of the true deal,
and the IMPs the contract's score gives away) of several ways of choosing, on the first k
layouts of each kind for k in 1, 2, 4, … LAYOUTS: the IMP worth of the contract (what the robot
maximises), the mean tricks, the chance of beating the contract, the share of layouts where the
lead is best (the matchpoint worth); the first two also with the rules' suit as a prior of two
layouts (`simulate_lead`'s).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from multiprocessing import Pool
from typing import Any

from leads import LeaderView, candidate_leads, lead_values, solve_leads
from vaza.analysis.dds import single_threaded
from vaza.analysis.positions import Position, solve_positions
from vaza.core.calls import Contract
from vaza.core.cards import Card
from vaza.core.views import seat_view
from vaza.robots.bidding import BiddingRobot, infer
from vaza.robots.bidding.bidder import system_call
from vaza.robots.cardplay.measure import bid_boards
from vaza.robots.cardplay.sampling import AuctionSampler, Sampler
from vaza.robots.cardplay.worth import trick_values

RULES = ("imps", "tricks", "beats", "imps+prior", "tricks+prior", "most-best")


def _solve_deal(job: dict[str, Any]) -> dict[str, Any]:

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
    advisor = BiddingRobot()
    jobs: list[dict[str, Any]] = []
    for _, (number, game) in zip(range(deals), bid_boards(random.Random(seed)), strict=False):
        assert game.contract is not None
        view = seat_view(game, game.contract.opening_leader)
        jobs.append(
            {
                "number": number,
                "seen": LeaderView.of(view),
                "hands": tuple(hand.mask for hand in game.board.deal.hands),
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


def _worths(
    rows: list[list[int]], deal: dict[str, Any], contract: Contract
) -> dict[str, list[float]]:
    """Each rule's worth of every candidate lead over `rows` (layouts × leads, the defence's
    tricks)."""
    vulnerable = deal["declarer_vulnerable"]
    count, n = len(deal["leads"]), len(rows)
    setting = 14 - contract.tricks_needed
    worth = trick_values(contract, vulnerable, "imps")
    swing = worth[contract.tricks_needed] - worth[contract.tricks_needed - 1]
    in_prior = [Card.parse(name).suit == deal["prior"] for name in deal["leads"]]
    tricks = [sum(row[i] for row in rows) / n for i in range(count)]
    imps = lead_values(rows, contract, vulnerable, "imps")
    share = 2 / (n + 2)  # the prior suit counts as winning in two more layouts
    return {
        "imps": imps,
        "tricks": tricks,
        "beats": [sum(row[i] >= setting for row in rows) / n for i in range(count)],
        "imps+prior": [v + share * swing * p for v, p in zip(imps, in_prior, strict=True)],
        "tricks+prior": [t + share * p for t, p in zip(tricks, in_prior, strict=True)],
        "most-best": lead_values(rows, contract, vulnerable, "matchpoints"),
    }


def analyse(path: str) -> None:
    with open(path) as file:
        data = json.load(file)
    ks = [k for k in (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128) if k <= data["layouts"]]
    kinds = ("rebid", "plain")
    costs: dict[tuple[str, str, str, int], list[float]] = {
        (unit, kind, rule, k): []
        for unit in ("tricks", "imps")
        for kind in kinds
        for rule in RULES
        for k in ks
    }
    for deal in data["deals"]:
        contract = Contract.parse(deal["contract"])
        worth = trick_values(contract, deal["declarer_vulnerable"], "imps")
        true, ranks = deal["true"], [Card.parse(name).rank for name in deal["leads"]]
        best = max(true)
        for kind in kinds:
            for k in ks:
                rows = deal[kind][:k]
                worths = _worths(rows, deal, contract)
                tricks = worths["tricks"]
                for rule, values in worths.items():
                    choice = max(
                        range(len(true)), key=lambda i: (values[i], tricks[i], -ranks[i], -i)
                    )
                    costs["tricks", kind, rule, k].append(best - true[choice])
                    costs["imps", kind, rule, k].append(worth[13 - true[choice]] - worth[13 - best])
    print(f"{len(data['deals'])} deals, seed {data['seed']}; the lead's cost by layouts solved")
    for unit in ("tricks", "imps"):
        for kind in kinds:
            print(f"{unit} given away, {kind} layouts")
            for rule in RULES:
                line = "  ".join(
                    f"{k}:{statistics.fmean(costs[unit, kind, rule, k]):.3f}" for k in ks
                )
                print(f"  {rule:13} {line}")
    print(f"tricks given away at {ks[-1]} layouts, with 95% intervals:")
    for kind in kinds:
        for rule in RULES:
            print(f"  {kind} {rule}: {_interval(costs['tricks', kind, rule, ks[-1]])}")


if __name__ == "__main__":
    if sys.argv[1] == "collect":
        collect(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    else:
        analyse(sys.argv[2])
