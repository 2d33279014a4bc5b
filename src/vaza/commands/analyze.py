"""`vaza analyze FILE`: the double-dummy table and par of every deal in a PBN or LIN file."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from vaza.analysis.results import STRAINS, BoardAnalysis, ns_score
from vaza.core.calls import Contract
from vaza.core.cards import Seat
from vaza.core.errors import VazaError
from vaza.core.games.contract import DealResult
from vaza.core.record import DealRecord
from vaza.i18n import text
from vaza.protocol.bridge import analysis_json
from vaza.text import contract_text, seat_name

PROGRAM = "vaza analyze"
LANG = "en"
# Partners side by side, as double-dummy tables are usually printed.
ROW_ORDER = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "analyze",
        help="double-dummy tables and par for the deals of a PBN or LIN file",
        description="Solve every deal of FILE double dummy (DDS, through endplay): the tricks "
        "each seat takes as declarer in each strain, the par contracts and score for the "
        "board's dealer and vulnerability, and the result played where the file has one.",
        epilog="Scores are from North–South's side, as par scores are usually given. Deals "
        "without 13 cards in each hand are skipped with a warning.",
    )
    parser.add_argument("file", metavar="FILE", help="a .pbn or .lin file")
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document: a list of boards with table, par and result",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from vaza.analysis import analyse_boards
    from vaza.formats import load_any
    from vaza.progress import progress_bar

    path = Path(args.file)
    try:
        records = load_any(path)
    except FileNotFoundError:
        return _fail(f"{path}: no such file")
    except IsADirectoryError:
        return _fail(f"{path} is a directory, not a .pbn or .lin file")
    except OSError as error:
        return _fail(f"cannot read {path}: {error.strerror or error}")
    except VazaError as error:
        return _fail(f"{path}: {error}")
    if not records:
        return _fail(f"{path} holds no deals")
    complete = _complete_records(records)
    if not complete:
        return _fail(f"{path} holds no complete deal to analyse")
    with progress_bar("analyze", len(complete)) as advance:
        analyses = analyse_boards([record.board for _, record in complete], advance)
    if args.json:
        boards = [
            _board_json(record, analysis)
            for (_, record), analysis in zip(complete, analyses, strict=True)
        ]
        print(json.dumps(boards, indent=2, ensure_ascii=False))
    else:
        print(
            "\n\n".join(
                _board_text(position, record, analysis)
                for (position, record), analysis in zip(complete, analyses, strict=True)
            )
        )
    return 0


def _fail(message: str) -> int:
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    return 1


def _label(position: int, record: DealRecord) -> str:
    """How a person finds the deal in the file: its board number, else its place."""
    number = record.board.number
    return f"board {number}" if number is not None else f"deal {position} of the file"


def _complete_records(records: Sequence[DealRecord]) -> list[tuple[int, DealRecord]]:
    """The records DDS can solve, with their place in the file; a warning for each other."""
    complete: list[tuple[int, DealRecord]] = []
    for position, record in enumerate(records, start=1):
        try:
            record.board.deal.require_complete()
        except VazaError as error:
            print(f"{PROGRAM}: {_label(position, record)} skipped: {error}", file=sys.stderr)
            continue
        complete.append((position, record))
    return complete


def _played(record: DealRecord) -> DealResult | None:
    """The result at the table, when the record has one."""
    if record.passed_out:
        return DealResult(None, None)
    if record.contract is None or record.declarer_tricks is None:
        return None
    return DealResult(record.contract, record.declarer_tricks, record.claimed)


def _played_score(record: DealRecord, result: DealResult) -> int:
    tricks = result.declarer_tricks or 0
    return ns_score(result.contract, tricks, record.board.vulnerability)


# -- text ------------------------------------------------------------------------------------


def _side_score(ns: int) -> str:
    """A North–South score as the side that earns it: ``NS +420``, ``EW +50``, ``0``."""
    if ns > 0:
        return f"NS +{ns}"
    if ns < 0:
        return f"EW +{-ns}"
    return "0"


def _par_text(contracts: Sequence[Contract]) -> str:
    """Equivalent contracts once each, with every seat that can declare them."""
    declarers: dict[tuple[int, int, int], list[Seat]] = {}
    for contract in contracts:
        key = (contract.level, contract.strain, contract.doubling)
        declarers.setdefault(key, []).append(contract.declarer)
    parts = []
    for contract in contracts:
        seats = declarers.pop((contract.level, contract.strain, contract.doubling), None)
        if seats is not None:
            who = " or ".join(seat_name(seat, LANG) for seat in seats)
            parts.append(f"{contract_text(contract, LANG)} by {who}")
    return "; ".join(parts) if parts else "passed out"


def _played_text(result: DealResult) -> str:
    contract = result.contract
    if contract is None:
        return "passed out"
    claimed = " (claimed)" if result.claimed else ""
    declarer = seat_name(contract.declarer, LANG)
    return (
        f"{contract_text(contract, LANG)} by {declarer}, {result.declarer_tricks} tricks{claimed}"
    )


def _grid(analysis: BoardAnalysis) -> list[str]:
    width = max(len(seat_name(seat, LANG)) for seat in ROW_ORDER)
    header = " " * width + "".join(f"{strain.symbol:>4}" for strain in STRAINS)
    rows = [
        f"{seat_name(seat, LANG):<{width}}"
        + "".join(f"{tricks:>4}" for tricks in analysis.table.row(seat))
        for seat in ROW_ORDER
    ]
    return [header, *rows]


def _board_text(position: int, record: DealRecord, analysis: BoardAnalysis) -> str:
    board = record.board
    title = (
        text("board", LANG, number=board.number) if board.number is not None else f"Deal {position}"
    )
    heading = "   ".join(
        (
            title,
            text("dealer", LANG, seat=seat_name(board.dealer, LANG)),
            text("vulnerable", LANG, vul=text(f"vul.{board.vulnerability.pbn}", LANG)),
        )
    )
    par = analysis.par
    lines = [
        heading,
        *_grid(analysis),
        f"Par: {_side_score(par.score)} — {_par_text(par.contracts)}",
    ]
    result = _played(record)
    if result is not None:
        lines.append(
            f"Played: {_played_text(result)} — {_side_score(_played_score(record, result))}"
        )
    return "\n".join(lines)


# -- JSON ------------------------------------------------------------------------------------


def _contract_json(contract: Contract) -> str:
    """PBN spelling of the contract without its declarer: ``4S``, ``3NTX``, ``6HXX``."""
    return f"{contract.level}{contract.strain.letter}{contract.doubling.suffix}"


def _board_json(record: DealRecord, analysis: BoardAnalysis) -> dict[str, object]:
    board = record.board
    result = _played(record)
    played: dict[str, object] | None = None
    if result is not None:
        contract = result.contract
        played = {
            "contract": None if contract is None else _contract_json(contract),
            "declarer": None if contract is None else contract.declarer.letter,
            "tricks": result.declarer_tricks,
            "claimed": result.claimed,
            "score": _played_score(record, result),
        }
    return {
        "board": board.number,
        "dealer": board.dealer.letter,
        "vulnerability": board.vulnerability.pbn,
        "deal": board.deal.to_pbn(board.dealer),
        **analysis_json(analysis),
        "played": played,
    }
