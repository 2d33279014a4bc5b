"""Two card-play budgets on the same deals, deal by deal (the deals and robots of `vaza bench
robots`, DDS on one thread).

    card_budget.py run DEALS SEED BUDGET_MS [LEAD_MS] > a.json    each deal's [declarer,
                                                    defence] cost (LEAD_MS: the opening lead's
                                                    budget; the robot's own
                                                    `opening_lead_factor` × BUDGET_MS unless given)
    card_budget.py compare a.json b.json                b − a a deal, with a 95% interval

Run the two budgets at once, one per core, so they share the machine's load alike."""

import json
import statistics
import sys
from typing import Any

from vaza.analysis.dds import single_threaded
from vaza.bench.compare import interval95
from vaza.robots.cardplay.measure import played_deals


def run(deals: int, seed: int, budget: float, lead: float | None = None) -> None:
    single_threaded()
    options = {} if lead is None else {"opening_lead_factor": lead / budget}
    times: list[float] = []
    costs = [
        [
            sum(cost for declaring, cost in deal.costs if declaring),
            sum(cost for declaring, cost in deal.costs if not declaring),
        ]
        for deal in played_deals(deals, seed, budget_ms=budget, robot_options=options, times=times)
    ]
    times.sort()
    print(json.dumps({"budget_ms": budget, "lead_ms": lead, "seed": seed, "costs": costs,
                      "card_ms_p95": times[int(0.95 * len(times))]}))  # fmt: skip


def interval(differences: list[float]) -> list[float]:
    """The mean difference and its 95% interval (`interval95`, as every robot figure)."""
    low, high = interval95(differences)
    return [round(statistics.fmean(differences), 3), round(low, 3), round(high, 3)]


def _load(name: str) -> dict[str, Any]:
    with open(name) as file:
        loaded: dict[str, Any] = json.load(file)
    return loaded


def compare(first: str, second: str) -> None:
    a, b = (_load(name) for name in (first, second))
    pairs = list(zip(a["costs"], b["costs"], strict=True))
    print(json.dumps({
        "budgets_ms": [a["budget_ms"], b["budget_ms"]],
        "deals": len(pairs),
        "mean_a": [statistics.fmean(x[i] for x, _ in pairs) for i in (0, 1)],
        "mean_b": [statistics.fmean(y[i] for _, y in pairs) for i in (0, 1)],
        "declarer_b_minus_a": interval([y[0] - x[0] for x, y in pairs]),
        "defence_b_minus_a": interval([y[1] - x[1] for x, y in pairs]),
        "card_ms_p95": [a["card_ms_p95"], b["card_ms_p95"]],
    }))  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1] == "run":
        lead = float(sys.argv[5]) if len(sys.argv) > 5 else None
        run(int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), lead)
    else:
        compare(sys.argv[2], sys.argv[3])
