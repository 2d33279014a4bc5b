"""Card play's double-dummy cost per deal by trick ([declarer, defence] for tricks 0..12) and by
place in the trick (first to fourth), with the opening lead apart, over `argv[1]` deals of seed
`argv[2]` (the deals and robots of `vaza bench robots`, bid by them when `"auction": true`);
`argv[3]`, JSON, is passed to each robot (`CardSettings` fields: max_samples...)."""

import collections
import json
import sys

from vaza.analysis.dds import single_threaded
from vaza.robots.cardplay.measure import Seats, played_deals

deals, seed = int(sys.argv[1]), int(sys.argv[2])
options = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
auction = options.pop("auction", False)
single_threaded()
times: list[float] = []
by_trick: collections.defaultdict[int, list[float]] = collections.defaultdict(lambda: [0, 0])
by_place: collections.defaultdict[int, list[float]] = collections.defaultdict(lambda: [0, 0])
lead = 0
played = played_deals(deals, seed, Seats(robot_options=options, auction=auction), times=times)
for deal in played:
    for number, (declaring, cost) in enumerate(deal.costs):
        by_trick[number // 4][0 if declaring else 1] += cost
        by_place[number % 4 + 1][0 if declaring else 1] += cost
    lead += deal.costs[0][1]
figures = {
    "declarer": sum(d for d, _ in by_trick.values()) / deals,
    "defence": sum(f for _, f in by_trick.values()) / deals,
    "opening_lead": lead / deals,
    "card_ms_p95": sorted(times)[int(0.95 * len(times))],
    "by_trick": {t: [d / deals, f / deals] for t, (d, f) in sorted(by_trick.items())},
    "by_place": {p: [d / deals, f / deals] for p, (d, f) in sorted(by_place.items())},
}
print(json.dumps({"options": options, "auction": auction, "seed": seed,
                  **figures}))  # fmt: skip
