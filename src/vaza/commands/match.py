"""`vaza match`: two robot configurations play the same boards, seats swapped, in IMPs."""

from __future__ import annotations

import argparse
import json

from vaza.commands.common import positive, seed
from vaza.progress import progress_bar


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from vaza.robots.registry import CONFIGS

    parser = commands.add_parser(
        "match",
        help="compare two robot configurations on the same boards (IMPs, 95%% interval)",
        description="Configuration A and B play every board at two tables with the seats "
        "swapped; A's IMPs per board are reported with a 95% confidence interval. This is "
        "how a change to a robot is shown to be better.",
    )
    parser.add_argument("--boards", type=positive, default=100)
    parser.add_argument("--seed", type=seed, default=None)
    parser.add_argument("--a", default="standard", choices=sorted(CONFIGS), help="configuration A")
    parser.add_argument("--b", default="simple", choices=sorted(CONFIGS), help="configuration B")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from vaza.robots.compare import compare
    from vaza.robots.registry import CONFIGS

    with progress_bar("boards", args.boards) as advance:
        result = compare(CONFIGS[args.a], CONFIGS[args.b], args.boards, args.seed, advance)
    figures = {"a": args.a, "b": args.b, **result.as_dict()}
    if args.json:
        print(json.dumps(figures))
        return 0
    low, high = result.interval
    print(
        f"{args.a} against {args.b} over {args.boards} boards: {result.mean:+.2f} IMPs a board "
        f"(95% interval {low:+.2f} to {high:+.2f})"
    )
    return 0
