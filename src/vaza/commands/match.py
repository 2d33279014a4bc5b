"""`vaza match`: two robot configurations play the same deals, seats swapped: contract bridge
boards in IMPs, or Boerenbridge deals (four players, seven cards) in points a hand."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vaza.commands.common import positive, seed
from vaza.progress import progress_bar

if TYPE_CHECKING:
    from vaza.robots.base import Robot
    from vaza.robots.registry import BoerenbridgeFactory, Thinking

PROGRAM_TIMEOUT = 600.0
"""Seconds a seated program may take over one view: a guard against a program that hangs, not
a clock (a robot thinking in layouts takes what the machine gives it)."""

GAMES = ("contract", "boerenbridge")
DEFAULTS = {"contract": ("standard", "simple"), "boerenbridge": ("strong", "simple")}
"""Configurations A and B when none is named."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from vaza.robots.registry import BOERENBRIDGE_CONFIGS, CONFIGS

    names = ", ".join(sorted(set(CONFIGS) | set(BOERENBRIDGE_CONFIGS)))
    parser = commands.add_parser(
        "match",
        help="compare two robot configurations on the same deals (seats swapped, 95%% interval)",
        description="Configuration A and B play every deal at two tables with the seats "
        "swapped, and A's result is reported with a 95% confidence interval: IMPs a board "
        "for contract bridge, points a hand for Boerenbridge (four players, seven cards, two "
        "of each robot at a table; beside the points, each robot's exact bids, 0 bids, how "
        "the two bid the same hand, and exact bids against three random players). This is "
        "how a change to a robot is shown to be better. A or B may also be a program that "
        "speaks the robot protocol (docs/robot-protocol.md), given as its command: "
        '`--b ".baseline-venv/bin/vaza robot --stdio"` seats the pinned release of Vaza that '
        "scripts/install-baseline.sh installs, the robot frozen for issue 18.",
    )
    parser.add_argument("--game", choices=GAMES, default="contract", help="default: contract")
    parser.add_argument(
        "--boards",
        "--deals",
        dest="boards",
        metavar="N",
        type=positive,
        default=100,
        help="boards (or Boerenbridge deals) to play at each table (default 100)",
    )
    parser.add_argument(
        "--seed", type=seed, default=None, help="deal reproducibly (default: a secure source)"
    )
    parser.add_argument(
        "--a",
        metavar="ROBOT",
        help=f"configuration A (contract: {', '.join(CONFIGS)}; default standard; "
        f"boerenbridge: {', '.join(BOERENBRIDGE_CONFIGS)}; default strong), or the command "
        "of a program that speaks the robot protocol (one program a seat)",
    )
    parser.add_argument(
        "--b", metavar="ROBOT", help=f"configuration B or a command (default simple; {names})"
    )
    parser.add_argument(
        "--layouts",
        metavar="N",
        type=positive,
        help="contract: every robot that samples weighs exactly N layouts a decision, with no "
        "clock and its draws seeded, so the match repeats exactly (needs --seed)",
    )
    parser.add_argument(
        "--save",
        metavar="FILE",
        type=Path,
        help="contract: write each board's IMPs to FILE, for a later --against (needs --seed; "
        "a robot that samples plays the same cards again only with --layouts)",
    )
    parser.add_argument(
        "--against",
        metavar="FILE",
        type=Path,
        help="contract: a file --save wrote for the same boards, B and --layouts: also print "
        "how A's IMPs changed board by board, with a 95%% interval",
    )
    parser.add_argument(
        "--timeout",
        metavar="SECONDS",
        type=float,
        default=PROGRAM_TIMEOUT,
        help="how long a program seated as A or B may think about one view before the match "
        f"stops with an error (default {PROGRAM_TIMEOUT:g}: a measurement may share a loaded "
        "machine)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON only")
    parser.set_defaults(run=run)


RETIRED = (
    "the baseline is no longer a copy inside the package: install the pinned release with "
    'scripts/install-baseline.sh and seat it as --b ".baseline-venv/bin/vaza robot --stdio"'
)
"""What `--a baseline` or `--b baseline` is told (issue 46)."""


def run(args: argparse.Namespace) -> int:
    from vaza.robots.external import is_command
    from vaza.robots.registry import BOERENBRIDGE_CONFIGS, CONFIGS

    game = args.game
    known = CONFIGS if game == "contract" else BOERENBRIDGE_CONFIGS
    a, b = (name or default for name, default in zip((args.a, args.b), DEFAULTS[game], strict=True))
    for name in (a, b):
        if name == "baseline":
            return _refuse(RETIRED)
        if name not in known and not is_command(name):
            return _refuse(
                f"{game} has no robot {name!r}: choose {', '.join(known)}, or give the "
                "command of a program that speaks the robot protocol"
            )
    if game == "contract":
        return _contract(args, a, b)
    if args.layouts or args.save or args.against:
        return _refuse("--layouts, --save and --against are for contract bridge matches")
    return _boerenbridge(args, a, b)


def _bridge_side(
    name: str, thinking: Thinking | None, programs: contextlib.ExitStack, timeout: float
) -> Callable[[], Robot]:
    """A side of a contract bridge match: a configuration (a new robot for each seat and
    board), or a program a seat, asked to think as `thinking` says, stopped with `programs`."""
    from vaza.robots.external import ExternalSeats, command_words, is_command
    from vaza.robots.registry import CONFIGS
    from vaza.robots.stdio import Request

    if not is_command(name):
        return lambda: CONFIGS[name](thinking)
    seats = programs.enter_context(ExternalSeats(command_words(name), timeout=timeout))
    request = Request() if thinking is None else Request(thinking.seed, thinking.layouts)
    robot = seats.robot(request)
    return lambda: robot


def _boerenbridge_side(
    name: str, programs: contextlib.ExitStack, timeout: float
) -> BoerenbridgeFactory:
    """A side of a Boerenbridge match: a configuration, or a program a seat asked with each
    robot's seed (the program is told the table's scoring by its own flags; the match plays
    the default scoring)."""
    from vaza.robots.external import ExternalSeats, command_words, is_command
    from vaza.robots.registry import BOERENBRIDGE_CONFIGS
    from vaza.robots.stdio import Request

    if not is_command(name):
        return BOERENBRIDGE_CONFIGS[name]
    seats = programs.enter_context(ExternalSeats(command_words(name), timeout=timeout))
    return lambda options, seed: seats.robot(Request(seed=seed))


def _contract(args: argparse.Namespace, a: str, b: str) -> int:
    from vaza.bench.compare import compare, paired_change
    from vaza.robots.registry import Thinking

    boards = {"seed": args.seed, "boards": args.boards, "b": b, "layouts": args.layouts}
    refusal = _cannot_repeat(args)
    base = None
    if refusal is None and args.against is not None:
        base, refusal = _saved_match(args.against, boards)
    if refusal is not None:
        return _refuse(refusal)
    thinking = None if args.layouts is None else Thinking(args.layouts)
    with contextlib.ExitStack() as programs, progress_bar("boards", args.boards) as advance:
        result = compare(
            _bridge_side(a, thinking, programs, args.timeout),
            _bridge_side(b, thinking, programs, args.timeout),
            args.boards, args.seed, advance,
        )  # fmt: skip
    figures: dict[str, object] = {"game": "contract", "a": a, "b": b, **result.as_dict()}
    if args.save is not None:
        args.save.write_text(json.dumps({**boards, "a": a, "imps": result.imps}))
    lines = [
        f"{a} against {b} over {args.boards} boards: {result.mean:+.2f} IMPs a board "
        f"(95% interval {result.interval[0]:+.2f} to {result.interval[1]:+.2f})"
    ]
    if base is not None:
        mean, (low, high), changed = paired_change(result.imps, base["imps"])
        figures["against"] = {
            "a": base.get("a"),
            "change_imps_per_board": round(mean, 3),
            "change_ci95": [round(low, 3), round(high, 3)],
            "boards_changed": changed,
        }
        lines.append(
            f"  {mean:+.2f} IMPs a board against {args.against} (A was {base.get('a')}), "
            f"board by board (95% interval {low:+.2f} to {high:+.2f}); {changed} boards changed"
        )
    print(json.dumps(figures) if args.json else "\n".join(lines))
    return 0


def _cannot_repeat(args: argparse.Namespace) -> str | None:
    """Why a match asked to repeat, or to be saved, cannot be: checked before it is played."""
    if (args.layouts or args.save or args.against) and args.seed is None:
        return (
            "--layouts, --save and --against need --seed: boards dealt from a secure source "
            "cannot be dealt again"
        )
    if args.save is not None and not args.save.resolve().parent.is_dir():
        return f"cannot save to {args.save}: its folder does not exist"
    return None


def _saved_match(path: Path, boards: dict[str, object]) -> tuple[dict[str, Any] | None, str | None]:
    """The match `--save` wrote to `path` if it holds these boards' IMPs, or why not."""
    try:
        saved = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        return None, f"cannot read {path}: {error}"
    if (
        not isinstance(saved, dict)
        or {key: saved.get(key) for key in boards} != boards
        or not isinstance(saved.get("imps"), list)
        or len(saved["imps"]) != boards["boards"]
    ):
        return None, (
            f"{path} is not a match of the same boards: play them with the same --seed, "
            "--boards, --b and --layouts to compare them"
        )
    return saved, None


def _refuse(message: str) -> int:
    print(f"vaza match: {message}", file=sys.stderr)
    return 2


def _boerenbridge(args: argparse.Namespace, a: str, b: str) -> int:
    from vaza.bench.boerenbridge_compare import Rounds, compare

    with contextlib.ExitStack() as programs, progress_bar("deals", args.boards) as advance:
        result = compare(
            _boerenbridge_side(a, programs, args.timeout),
            _boerenbridge_side(b, programs, args.timeout),
            Rounds(args.boards, args.seed),
            advance=advance,
        )
    figures = result.as_dict()
    if args.json:
        print(json.dumps({"game": "boerenbridge", "a": a, "b": b, **figures}))
        return 0
    low, high = result.interval
    print(
        f"{a} against {b} over {args.boards} Boerenbridge deals (4 players, "
        f"{result.hand_size} cards, seats swapped): {result.mean:+.2f} points a hand "
        f"(95% interval {low:+.2f} to {high:+.2f})"
    )
    for label, key in (
        ("exact bids", "exact"),
        ("0 bids", "zero_bid_share"),
        ("exact bids against three random players", "exact_vs_random"),
    ):
        print(f"  {label}: {_share(figures, 'a_' + key)} against {_share(figures, 'b_' + key)}")
    same = figures["same_hand"]
    assert isinstance(same, dict)
    for name, label in (("same", "the same"), ("a_higher", "higher"), ("a_lower", "lower")):
        group = same[name]
        print(
            f"  {a} bid {label} on {group['share']:.0%} of hands: made "
            f"{group['a_exact']:.2f} against {group['b_exact']:.2f}"
        )
    return 0


def _share(figures: dict[str, object], key: str) -> str:
    """A rate with its 95% interval, as printed."""
    figure = figures[key]
    assert isinstance(figure, dict)
    low, high = figure["ci95"]
    return f"{figure['rate']:.3f} [{low:.3f}, {high:.3f}]"
