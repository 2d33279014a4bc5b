"""The `vaza` command: deals, a robot demo in the terminal, benchmarks."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from vaza import __version__
from vaza.core.cards import SEATS
from vaza.core.deal import Board, make_rng
from vaza.core.errors import VazaError
from vaza.core.games.contract import ContractDeal
from vaza.i18n import LANGUAGES, default_language, normalise

EPILOG = "Vaza is an online bridge club. Run `vaza COMMAND --help` for each command's options."


def _board_number(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError("board numbers start at 1")
    return number


def _seed(text: str) -> int | str:
    """Seeds given as digits are numbers, so `--seed 7` and `make_rng(7)` agree."""
    return int(text) if text.isdigit() else text


def _positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return number


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        type=normalise,
        default=None,
        help=f"interface language: {', '.join(LANGUAGES)} (default: from your locale)",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="vaza", description=__doc__, epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"vaza {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    deal = commands.add_parser(
        "deal",
        help="deal a board and print it as a diagram or PBN",
        description="Deal 13 cards to each seat from a secure random source (or from --seed) "
        "and print the board: a diagram, or PBN with --pbn.",
    )
    deal.add_argument("--seed", type=_seed, help="make the deal reproducible (any text or number)")
    deal.add_argument(
        "--board",
        type=_board_number,
        default=1,
        help="board number: fixes dealer and vulnerability (default 1)",
    )
    deal.add_argument("--pbn", action="store_true", help="print PBN instead of a diagram")
    _add_lang(deal)

    demo = commands.add_parser(
        "demo",
        help="watch four robots bid and play a deal in the terminal",
        description="Four robots bid and play one deal; the terminal shows the hands, the "
        "auction, every trick and the result.",
    )
    demo.add_argument("--seed", type=_seed, help="make the deal reproducible")
    demo.add_argument("--board", type=_board_number, default=1, help="board number (default 1)")
    _add_lang(demo)

    bench = commands.add_parser(
        "bench",
        help="measure Vaza's speed (prints JSON)",
        description="Benchmarks print one JSON object; see docs/benchmarks.md for the figures.",
    )
    benches = bench.add_subparsers(dest="bench", metavar="BENCHMARK", required=True)
    engine = benches.add_parser(
        "engine",
        help="random complete deals through legal_actions()/apply()",
        description="Play N complete deals (random deal, a uniformly random legal call or card "
        "at every turn) through the public game interface and report deals and actions "
        "per second.",
    )
    engine.add_argument("--deals", type=_positive, default=10_000, help="deals to play")
    engine.add_argument("--seed", type=_seed, help="random seed (default: a secure random source)")
    engine.add_argument("--json", action="store_true", help="print JSON only (the default)")
    return parser


def cmd_deal(args: argparse.Namespace) -> int:
    board = Board.random(args.board, make_rng(args.seed))
    if args.pbn:
        from vaza.core.record import DealRecord
        from vaza.formats import pbn

        sys.stdout.write(pbn.dumps([DealRecord(board=board)]).replace("\r\n", "\n"))
        return 0
    from vaza.text import diagram

    print(diagram(board, args.lang or default_language()))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    from vaza.robots import SimpleRobot
    from vaza.robots.driver import play_out
    from vaza.text import auction_grid, diagram, result_line, trick_line

    lang = args.lang or default_language()
    game = ContractDeal(Board.random(args.board, make_rng(args.seed)))
    print(diagram(game.board, lang))
    play_out(game, dict.fromkeys(SEATS, SimpleRobot()))
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


def cmd_bench(args: argparse.Namespace) -> int:
    from vaza.bench import engine
    from vaza.progress import progress_bar

    with progress_bar("engine", args.deals) as advance:
        figures = engine.run(args.deals, args.seed, advance)
    print(json.dumps(figures))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handlers = {"deal": cmd_deal, "demo": cmd_demo, "bench": cmd_bench}
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return handlers[args.command](args)
    except VazaError as error:
        print(f"vaza {args.command}: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
