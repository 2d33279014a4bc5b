"""`vaza robot`: serve Vaza's robots to other programs.

- ``--stdio``: the robot protocol (docs/robot-protocol.md): one JSON view per line on standard
  input, one JSON action per line on standard output, for contract bridge and Boerenbridge.
- ``--bluechip-client HOST:PORT --seat North``: sit at a Blue Chip Bridge table manager (the
  computer-bridge championships' TCP protocol) and play that seat for a whole session.

Both serve the strongest robot unless ``--level`` names another (`robots/registry.py`), so a
program that plays Vaza meets the robot Vaza's own tables seat.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from vaza.core.cards import Seat
from vaza.core.errors import ParseError, VazaError
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions

if TYPE_CHECKING:
    from vaza.robots.base import BoerenbridgeRobot
    from vaza.robots.bluechip.client import BlueChipClient
    from vaza.robots.stdio import BridgeRobot, StdioRobot


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from vaza.robots.registry import BOERENBRIDGE_CONFIGS, CONFIGS, DEFAULT_ROBOT, thinking

    parser = commands.add_parser(
        "robot",
        help="serve a Vaza robot over stdin/stdout or at a Blue Chip table",
        description="Serve Vaza's robots to other programs: the JSON robot protocol over "
        "standard input and output (--stdio, see docs/robot-protocol.md), or a seat at a "
        "Blue Chip Bridge table manager (--bluechip-client).",
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "--stdio",
        action="store_true",
        help="read one JSON view per line, write one JSON action per line",
    )
    mode.add_argument(
        "--bluechip-client",
        metavar="HOST:PORT",
        type=host_port,
        help="connect to a Blue Chip table manager and play one seat",
    )
    parser.add_argument(
        "--level",
        choices=list(CONFIGS),
        default=DEFAULT_ROBOT,
        help=f"the robot to serve (default {DEFAULT_ROBOT}): strong (the bidding system, judged by "
        f"simulation where it places the contract, and double-dummy card play, "
        f"{thinking('strong')}), quick (the system unjudged, {thinking('quick')}), standard "
        "(the bidding system, simple card play) or simple (instant, weak). Boerenbridge is "
        f"played by the robot of the same name ({', '.join(BOERENBRIDGE_CONFIGS)}), else by the "
        "strong one. A view that carries `layouts` and `seed` is answered by the robot thinking "
        "exactly that many layouts, drawn from the seed (docs/robot-protocol.md)",
    )
    parser.add_argument("--seat", type=seat_arg, help="the seat to take at a Blue Chip table")
    parser.add_argument("--team", default="Vaza", help="team name at a Blue Chip table")
    parser.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="seconds to wait for the table manager before giving up (default: no limit)",
    )
    parser.add_argument(
        "--harsh",
        action="store_true",
        help="Boerenbridge: the table scores missed bids minus the difference",
    )
    parser.add_argument(
        "--consolation",
        action="store_true",
        help="Boerenbridge: the table gives the forced dealer's consolation (+5)",
    )
    parser.add_argument(
        "--verbose", action="store_true", help="Blue Chip: print every protocol line to stderr"
    )
    parser.set_defaults(run=run)


def host_port(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST:PORT (e.g. 127.0.0.1:2000)")
    return host, int(port)


def seat_arg(text: str) -> Seat:
    try:
        return Seat.from_letter(text)
    except ParseError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a seat: North, East, South or West"
        ) from None


def bridge_robot(level: str) -> BridgeRobot:
    """The contract bridge robot the command serves at `level` (anything with `choose(view)`
    can be served)."""
    from vaza.robots.registry import robot

    return robot(level)


def boerenbridge_robot(
    level: str, options: BoerenbridgeOptions, seed: int = 0
) -> BoerenbridgeRobot:
    """The Boerenbridge robot that goes with `level`: the one of that name, else the strong one
    (Boerenbridge has a single strong robot, quick enough for every level)."""
    from vaza.robots import registry

    name = level if level in registry.BOERENBRIDGE_CONFIGS else "strong"
    return registry.boerenbridge_robot(name, options, seed)


def run(args: argparse.Namespace) -> int:
    if args.stdio:
        return run_stdio(args)
    if args.seat is None:
        print(
            "vaza robot: --bluechip-client needs --seat (North, East, South or West)",
            file=sys.stderr,
        )
        return 2
    return run_bluechip_client(args)


def stdio_server(args: argparse.Namespace) -> StdioRobot:
    """The robots `--stdio` serves, at the level and Boerenbridge scoring asked for."""
    from vaza.robots.registry import CONFIGS, Thinking
    from vaza.robots.stdio import StdioRobot

    level = args.level
    options = BoerenbridgeOptions(harsh=args.harsh, consolation=args.consolation)
    return StdioRobot(
        bridge_robot(level),
        boerenbridge_robot(level, options),
        thinking=lambda seed, layouts: CONFIGS[level](Thinking(layouts, seed)),
        seeded=lambda seed: boerenbridge_robot(level, options, seed),
    )


def run_stdio(args: argparse.Namespace) -> int:
    server = stdio_server(args)
    # The other program may go away, or the person at the terminal stop us: both end quietly.
    with contextlib.suppress(BrokenPipeError, KeyboardInterrupt):
        server.serve(sys.stdin, sys.stdout)
    return 0


def bluechip_client(args: argparse.Namespace) -> BlueChipClient:
    """The Blue Chip client `--bluechip-client` runs: the seat, team and robot asked for."""
    from vaza.robots.bluechip.client import BlueChipClient

    def show(direction: str, line: str) -> None:
        print(f"{'<' if direction == 'in' else '>'} {line}", file=sys.stderr)

    return BlueChipClient(
        bridge_robot(args.level),
        args.seat,
        args.team,
        timeout=args.timeout,
        listener=show if args.verbose else None,
    )


def run_bluechip_client(args: argparse.Namespace) -> int:
    import asyncio

    from vaza.robots.bluechip.messages import seat_name

    host, port = args.bluechip_client
    boards = asyncio.run(bluechip_client(args).run(host, port))
    print(f"{seat_name(args.seat)} played {len(boards)} boards at {host}:{port}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m vaza.commands.robot ...`: the command on its own, as other programs (and
    `ExternalRobot`'s tests) start it."""
    parser = argparse.ArgumentParser(prog="vaza")
    commands = parser.add_subparsers(dest="command")
    register(commands)
    args = parser.parse_args(["robot", *(sys.argv[1:] if argv is None else argv)])
    try:
        status: int = args.run(args)
    except VazaError as error:
        print(f"vaza robot: {error}", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
