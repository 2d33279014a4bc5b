"""Two card-play configurations on the same deals the robots bid, deal by deal (issue 18).

    card_options.py run DEALS SEED '{"max_samples": 16}' > b.json   each deal's [declarer,
                                            defence, lead] cost; the options go to every
                                            robot's `CardPlayer` (`CardSettings` fields:
                                            ``max_samples``, ``signals``…)
    card_options.py compare a.json b.json   b − a a deal, with a 95% interval

The deals and robots of `vaza bench robots` (`played_deals(..., auction=True)`, DDS on one
thread).  Run the two arms at once, one per core, so they share the machine's load alike."""

import json
import sys

from card_budget import interval
from vaza.analysis.dds import single_threaded
from vaza.robots.cardplay.measure import Seats, played_deals


def run(deals: int, seed: int, options: dict[str, object]) -> None:
    single_threaded()
    times: list[float] = []
    costs = []
    played = played_deals(deals, seed, Seats(robot_options=options, auction=True), times=times)
    for number, deal in enumerate(played, 1):
        costs.append(
            [
                sum(cost for declaring, cost in deal.costs if declaring),
                sum(cost for declaring, cost in deal.costs if not declaring),
                deal.lead_cost,
            ]
        )
        print(f"\r{number}/{deals}", end="", file=sys.stderr, flush=True)
    times.sort()
    card_p95 = times[int(0.95 * len(times))]
    print(json.dumps({"options": options, "seed": seed, "costs": costs,
                      "card_ms_p95": card_p95}))  # fmt: skip


def compare(first: str, second: str) -> None:
    with open(first) as a_file, open(second) as b_file:
        a, b = json.load(a_file), json.load(b_file)
    pairs = list(zip(a["costs"], b["costs"], strict=True))
    names = ("declarer", "defence", "lead")
    print(json.dumps({
        "options": [a["options"], b["options"]],
        "deals": len(pairs),
        "mean_a": [round(sum(x[i] for x, _ in pairs) / len(pairs), 3) for i in range(3)],
        "mean_b": [round(sum(y[i] for _, y in pairs) / len(pairs), 3) for i in range(3)],
        **{f"{name}_b_minus_a": interval([y[i] - x[i] for x, y in pairs])
           for i, name in enumerate(names)},
        "deals_changed": sum(x != y for x, y in pairs),
        "card_ms_p95": [a["card_ms_p95"], b["card_ms_p95"]],
    }))  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4]))
    else:
        compare(sys.argv[2], sys.argv[3])
