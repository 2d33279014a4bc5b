"""The `vaza` command: deals, robots in the terminal, scoring, analysis, benchmarks."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from vaza import __version__
from vaza.core.errors import VazaError

EPILOG = "Vaza is an online bridge club. Run `vaza COMMAND --help` for each command's options."

# One module per command in vaza.commands; each registers its own parser.
COMMANDS = (
    "deal", "demo", "play", "match", "score", "pad", "analyze", "serve", "backup", "robot",
    "bluechip", "bench",
)  # fmt: skip


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="vaza", description=__doc__, epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"vaza {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"vaza.commands.{name}").register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        status: int = args.run(args)
    except VazaError as error:
        print(f"vaza {args.command}: {error}", file=sys.stderr)
        return 1
    return status


if __name__ == "__main__":
    sys.exit(main())
