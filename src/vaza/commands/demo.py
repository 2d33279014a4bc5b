"""`vaza demo`: four robots bid and play a deal in the terminal."""

from __future__ import annotations

import argparse

from vaza.commands.common import add_lang, board_number, robot_configs, seed
from vaza.core.cards import SEATS
from vaza.core.deal import Board, make_rng
from vaza.core.games.contract import ContractDeal
from vaza.i18n import default_language
from vaza.robots.driver import play_out
from vaza.robots.registry import DEFAULT_ROBOT, robot
from vaza.text import auction_grid, diagram, result_line, trick_line


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "demo",
        help="watch four robots bid and play a deal in the terminal",
        description="Four robots bid and play one deal; the terminal shows the hands, the "
        "auction, every trick and the result.",
    )
    parser.add_argument("--seed", type=seed, help="make the deal reproducible")
    parser.add_argument("--board", type=board_number, default=1, help="board number (default 1)")
    parser.add_argument(
        "--robots",
        default=DEFAULT_ROBOT,
        choices=tuple(robot_configs()),
        help=f"the robots that bid and play (default {DEFAULT_ROBOT}, as at the club's tables; "
        "simple and standard answer at once)",
    )
    add_lang(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang or default_language()
    game = ContractDeal(Board.random(args.board, make_rng(args.seed)))
    print(diagram(game.board, lang))
    play_out(game, {seat: robot(args.robots) for seat in SEATS})
    print()
    print(auction_grid(game.board.dealer, game.auction.calls, lang))
    if game.play is not None:
        print()
        for number, trick in enumerate(game.play.tricks, start=1):
            print(trick_line(number, trick, lang))
    result = game.result
    assert result is not None
    print()
    print(result_line(result, lang))
    return 0
