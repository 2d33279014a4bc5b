"""`vaza deal`: deal a board and print it as a diagram or PBN."""

from __future__ import annotations

import argparse
import sys
import time

from vaza.commands.common import add_lang, board_number, seed
from vaza.core.deal import Board, make_rng
from vaza.core.record import DealRecord
from vaza.formats import pbn
from vaza.formats.heading import SITE, pbn_date
from vaza.i18n import default_language
from vaza.text import diagram


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "deal",
        help="deal a board and print it as a diagram or PBN",
        description="Deal 13 cards to each seat from a secure random source (or from --seed) "
        "and print the board: a diagram, or PBN with --pbn.",
    )
    parser.add_argument("--seed", type=seed, help="make the deal reproducible (text or number)")
    parser.add_argument(
        "--board",
        type=board_number,
        default=1,
        help="board number: fixes dealer and vulnerability (default 1)",
    )
    parser.add_argument("--pbn", action="store_true", help="print PBN instead of a diagram")
    add_lang(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    board = Board.random(args.board, make_rng(args.seed))
    if args.pbn:
        record = DealRecord(board=board, event="vaza deal", site=SITE, date=pbn_date(time.time()))
        sys.stdout.write(pbn.dumps([record]).replace("\r\n", "\n"))
    else:
        print(diagram(board, args.lang or default_language()))
    return 0
