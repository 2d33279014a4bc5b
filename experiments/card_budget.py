"""Two card-play budgets, in layouts a card, on the same deals, deal by deal (the deals and
robots of `vaza bench robots`, DDS on one thread).  Until issue 48 the budget was a clock.

    card_budget.py run DEALS SEED LAYOUTS [LEAD_LAYOUTS] > a.json  each deal's [declarer,
                                                    defence] cost (LEAD_LAYOUTS: the opening
                                                    lead's; twice LAYOUTS unless given)
    card_budget.py compare a.json b.json                b − a a deal, with a 95% interval

The choices depend on the layouts alone, so the two runs may share the machine in any way; the
CPU per card is measured on one core either way."""

import json
import statistics
import sys
from typing import Any

from vaza.analysis.dds import single_threaded
from vaza.bench.compare import interval95
from vaza.robots.cardplay.measure import Seats, played_deals


def run(deals: int, seed: int, layouts: int, lead: int | None = None) -> None:
    single_threaded()
    options = {
        "max_samples": layouts,
        "min_samples": min(layouts, 12),
        "lead_samples": 2 * layouts if lead is None else lead,
    }
    times: list[float] = []
    costs = [
        [
            sum(cost for declaring, cost in deal.costs if declaring),
            sum(cost for declaring, cost in deal.costs if not declaring),
        ]
        for deal in played_deals(deals, seed, Seats(robot_options=options), times=times)
    ]
    times.sort()
    print(json.dumps({"layouts": layouts, "lead_layouts": lead, "seed": seed, "costs": costs,
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
        "layouts": [a["layouts"], b["layouts"]],
        "deals": len(pairs),
        "mean_a": [statistics.fmean(x[i] for x, _ in pairs) for i in (0, 1)],
        "mean_b": [statistics.fmean(y[i] for _, y in pairs) for i in (0, 1)],
        "declarer_b_minus_a": interval([y[0] - x[0] for x, y in pairs]),
        "defence_b_minus_a": interval([y[1] - x[1] for x, y in pairs]),
        "card_ms_p95": [a["card_ms_p95"], b["card_ms_p95"]],
    }))  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1] == "run":
        lead = int(sys.argv[5]) if len(sys.argv) > 5 else None
        run(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), lead)
    else:
        compare(sys.argv[2], sys.argv[3])
