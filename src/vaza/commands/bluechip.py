"""`vaza bluechip-tm`: a Blue Chip Bridge table manager for four programs over TCP.

Deals N boards (from a seed, or the first N of a PBN file), seats four clients by the seat they
name, relays the protocol's messages with Vaza's rules as the referee, and writes the results
as PBN.  Vaza's own robots sit with `vaza robot --bluechip-client HOST:PORT --seat North`.
"""

from __future__ import annotations

import argparse
import sys

from vaza.commands.common import positive, seed


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "bluechip-tm",
        help="run a Blue Chip Bridge table manager (computer bridge over TCP)",
        description="Serve one session of boards to four programs speaking the Blue Chip "
        "Bridge table-manager protocol (version 18), seated by the seat each names when it "
        "connects, and write the results as PBN.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=2000, help="TCP port (default 2000)")
    parser.add_argument("--boards", type=positive, default=1, help="boards in the session")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", type=seed, help="deal reproducibly from this seed")
    source.add_argument("--pbn", help="play the first boards of this PBN file")
    parser.add_argument("--out", help="write the results to this PBN file")
    parser.add_argument("--event", default="Blue Chip session", help="the event name in PBN")
    parser.add_argument(
        "--verbose", action="store_true", help="print every protocol line to stderr"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from vaza.core.cards import Seat
    from vaza.formats import dump_any
    from vaza.robots.bluechip.manager import run_session
    from vaza.robots.bluechip.messages import seat_name
    from vaza.robots.bluechip.session import session_boards

    boards = session_boards(args.boards, seed=args.seed, pbn=args.pbn)

    def listening(port: int) -> None:
        print(f"table manager listening on {args.host}:{port} for {len(boards)} boards", flush=True)

    def show(seat: Seat | None, direction: str, line: str) -> None:
        who = "?" if seat is None else seat_name(seat)
        print(f"{who:5} {'>' if direction == 'in' else '<'} {line}", file=sys.stderr)

    records = asyncio.run(
        run_session(
            boards,
            host=args.host,
            port=args.port,
            event=args.event,
            on_listening=listening,
            listener=show if args.verbose else None,
        )
    )
    for record in records:
        contract = (
            "passed out"
            if record.contract is None
            else (
                f"{record.contract} by {record.contract.declarer.letter},"
                f" {record.declarer_tricks} tricks"
            )
        )
        print(f"board {record.board.number}: {contract}")
    if args.out:
        dump_any(records, args.out)
        print(f"results written to {args.out}")
    return 0
