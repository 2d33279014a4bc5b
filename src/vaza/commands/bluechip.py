"""`vaza bluechip-tm`: a Blue Chip Bridge table manager for four programs over TCP.

Deals N boards (from a seed, or the first N of a PBN file), seats four clients by the seat they
name, relays the protocol's messages with Vaza's rules as the referee, and writes the results
as PBN.  Vaza's own robots sit with `vaza robot --bluechip-client HOST:PORT --seat North`.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vaza.core.record import DealRecord

from vaza.commands.common import (
    cannot_listen,
    cannot_read,
    cannot_write,
    lang_of,
    port,
    positive,
    seed,
)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "bluechip-tm",
        help="run a Blue Chip Bridge table manager (computer bridge over TCP)",
        description="Serve one session of boards to four programs speaking the Blue Chip "
        "Bridge table-manager protocol (version 18), seated by the seat each names when it "
        "connects, and write the results as PBN.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=port, default=2000, help="TCP port, 1-65535 (default 2000)")
    parser.add_argument("--boards", type=positive, default=1, help="boards in the session")
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--seed", type=seed, help="deal reproducibly from this seed")
    source.add_argument(
        "--pbn",
        help="play the first boards of this PBN file (only the deals are needed: a game whose "
        "play cannot be read still gives its deal)",
    )
    parser.add_argument("--out", help="write the results to this PBN file, with each board's score")
    parser.add_argument("--event", default="Blue Chip session", help="the event name in PBN")
    parser.add_argument(
        "--verbose", action="store_true", help="print every protocol line to stderr"
    )
    parser.set_defaults(run=run)


def _refusal(args: argparse.Namespace) -> str | None:
    """Why the session cannot be served, found before anyone connects: a file to read that
    cannot be, a file to write into a folder that does not exist, a port that is taken."""
    lang = lang_of(args)
    if args.pbn is not None and (problem := cannot_read(args.pbn, lang)):
        return problem
    if args.out is not None and (problem := cannot_write(args.out, lang)):
        return problem
    return cannot_listen(args.host, args.port, lang)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from vaza.core.cards import Seat
    from vaza.robots.bluechip.manager import run_session
    from vaza.robots.bluechip.messages import seat_name
    from vaza.robots.bluechip.session import session_boards

    refusal = _refusal(args)
    if refusal is not None:
        print(f"vaza bluechip-tm: {refusal}", file=sys.stderr)
        return 1
    boards = session_boards(args.boards, seed=args.seed, pbn=args.pbn)

    def listening(port: int) -> None:
        print(f"table manager listening on {args.host}:{port} for {len(boards)} boards", flush=True)

    def show(seat: Seat | None, direction: str, line: str) -> None:
        who = "?" if seat is None else seat_name(seat)
        print(f"{who:5} {'>' if direction == 'in' else '<'} {line}", file=sys.stderr)

    records = asyncio.run(
        run_session(
            boards,
            address=(args.host, args.port),
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
        _write(records, args.out)
        print(f"results written to {args.out}")
    return 0


def _write(records: list[DealRecord], path: str) -> None:
    """The session's results with the day, the site and each board's score."""
    import time

    from vaza.formats import dump_any
    from vaza.formats.heading import SITE, pbn_date
    from vaza.match.records import score_tags, tagged

    date = pbn_date(time.time())
    dated = [dataclasses.replace(record, site=SITE, date=date) for record in records]
    dump_any([tagged(record, score_tags(record)) for record in dated], path)
