"""Options of the strong robot's card player head to head against the baseline, in matches
that repeat (issue 18).

    match_options.py run BOARDS SEED LAYOUTS '{"simulated_leads": true}' > b.json
    match_options.py compare a.json b.json    b's IMPs a board less a's (`b_less_a`), paired

The boards and tables of `vaza match --a strong --b baseline --seed SEED --layouts LAYOUTS`:
both robots weigh exactly LAYOUTS layouts a decision with seeded draws and no clock, and A's
card player takes the options (with '{}' the run is that match's, board for board). Two runs
differ only where the options change a choice, so `compare` pairs them board by board. DDS
runs on one thread: run two arms at once, one per core."""

import json
import sys

from common import paired

from vaza.analysis.dds import single_threaded
from vaza.bench.compare import compare
from vaza.robots.registry import CONFIGS, Robot, Thinking


def run(boards: int, seed: int, layouts: int, options: dict[str, object]) -> None:
    single_threaded()
    thinking = Thinking(layouts)

    def strong() -> Robot:
        robot = CONFIGS["strong"](thinking)
        for name, value in options.items():
            if not hasattr(robot, name):
                raise SystemExit(f"the card player has no option {name!r}")
            setattr(robot, name, value)
        return robot

    played = 0

    def progress(done: int) -> None:
        nonlocal played
        played += done
        print(f"\r{played}/{boards}", end="", file=sys.stderr, flush=True)

    result = compare(strong, lambda: CONFIGS["baseline"](thinking), boards, seed, progress)
    print(json.dumps({"options": options, "seed": seed, "layouts": layouts,
                      **result.as_dict(), "imps": result.imps}))  # fmt: skip


def compare_runs(first: str, second: str) -> None:
    with open(first) as a_file, open(second) as b_file:
        a, b = json.load(a_file), json.load(b_file)
    if (a["seed"], a["layouts"], a["boards"]) != (b["seed"], b["layouts"], b["boards"]):
        raise SystemExit("the two runs played different boards or thought differently")
    print(json.dumps({
        "options": [a["options"], b["options"]],
        "imps_per_board": [a["imps_per_board"], b["imps_per_board"]],
        "ci95_each": [a["ci95"], b["ci95"]],
        **paired(a["imps"], b["imps"], 3),
    }))  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), json.loads(sys.argv[5]))
    else:
        compare_runs(sys.argv[2], sys.argv[3])
