"""`vaza analyze FILE`: the double-dummy table and par of every deal in a PBN or LIN file, and
for a deal that was played, where the tricks went: what each card cost against double dummy.

A long file's deals are shared out between worker processes, one per core (see
vaza.analysis.parallel); `--jobs` sets their number.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from vaza.analysis.play_cost import PlayCost
from vaza.analysis.results import STRAINS, BoardAnalysis, ns_score
from vaza.commands.common import positive
from vaza.core.calls import Contract
from vaza.core.cards import SEATS, Seat, Side
from vaza.core.errors import VazaError
from vaza.core.games.contract import DealResult
from vaza.core.record import DealRecord
from vaza.i18n import text
from vaza.protocol.bridge import analysis_json
from vaza.text import card_text, contract_text, seat_name

if TYPE_CHECKING:
    from vaza.analysis.parallel import DealAnalysis
    from vaza.formats import Reading

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
        "board's dealer and vulnerability, and the result played where the file has one. "
        "Where the file holds the play, it shows where the tricks went: after each card, the "
        "tricks the declaring side can take double dummy, and the tricks each card gave away "
        "against the best card, added up by player and by side.",
        epilog="Scores are from North–South's side, as par scores are usually given. FILE is "
        "PBN or LIN whatever its name (the content says which), or - for standard input. "
        "A game whose play cannot be followed keeps its deal, contract and result: it is "
        "analysed and scored, and named once with its line and reason ('play not read: ...'). "
        "The Play section is read by the columns PBN 2.1 gives it (opening leader first) and, "
        "where a row does not fit the hands so, by the one order that does. A game that "
        "breaks another rule (an auction that contradicts the dealer, text that is not PBN) "
        "is skipped, named with its line and reason; a revoke is kept (the deal is analysed, "
        "its play is not). A game that leaves out Board, Dealer, Vulnerable and Deal (a team "
        "match's second room) takes them from the game before. A summary ends the output on "
        "standard error: games read, analysed, with their play, skipped and why. The exit "
        "status is 0 when any deal was analysed, 1 when none could be, 130 after Ctrl-C.",
    )
    parser.add_argument(
        "file", metavar="FILE", help="a PBN or LIN file (any name), or - for standard input"
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="refuse the whole file at its first game that breaks a rule",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON document: a list of boards with table, par, result and the "
        "cost of each card played",
    )
    parser.add_argument(
        "--jobs",
        type=positive,
        default=None,
        help="worker processes to share the deals (default: one per core, for files long "
        "enough to repay starting them)",
    )
    parser.set_defaults(run=run)


@dataclass(slots=True)
class _Tally:
    """What became of a file's games, for the summary that ends the command."""

    read: int = 0
    analysed: int = 0
    play_kept: int = 0
    play_lost: int = 0
    play_refused: int = 0
    skipped: dict[str, int] = field(default_factory=dict)

    def skip(self, why: str, count: int = 1) -> None:
        if count:
            self.skipped[why] = self.skipped.get(why, 0) + count

    def __str__(self) -> str:
        played = [f"{self.play_kept} with their play"]
        if self.play_lost:
            played.append(f"{self.play_lost} whose play could not be read")
        if self.play_refused:
            played.append(f"{self.play_refused} whose play breaks a rule")
        skipped = sum(self.skipped.values())
        why = "; ".join(f"{count} {reason}" for reason, count in self.skipped.items())
        return (
            f"{_games(self.read)} read, {self.analysed} analysed ({', '.join(played)}), "
            f"{skipped} skipped" + (f" ({why})" if why else "")
        )


def _games(count: int) -> str:
    return f"{count} game" + ("" if count == 1 else "s")


def run(args: argparse.Namespace) -> int:
    from vaza.formats import file_name

    return _analyse(args, file_name(args.file))


def _read(args: argparse.Namespace, name: str) -> Reading | str:
    """The file's games, or why it cannot be read (one sentence)."""
    from vaza.formats import Reading, load_any, read_any

    path = Path(args.file)
    try:
        if args.strict:
            return Reading(tuple(load_any(args.file)), (), ())
        return read_any(args.file)
    except FileNotFoundError:
        return f"{name}: no such file"
    except IsADirectoryError:
        return f"{name} is a folder, not a PBN or LIN file"
    except OSError as error:
        return f"cannot read {path}: {error.strerror or error}"
    except VazaError as error:
        return f"{name}: {error}"


def _analyse(args: argparse.Namespace, name: str) -> int:
    from vaza.analysis.parallel import DealTask, analyse_deals, useful_workers
    from vaza.progress import progress_bar

    reading = _read(args, name)
    if isinstance(reading, str):
        return _fail(reading)
    tally = _Tally(read=len(reading.records))
    for problem in reading.problems:
        print(f"{PROGRAM}: {name}: {problem}", file=sys.stderr)
    tally.skip("that break a rule", len(reading.skipped))
    lost = {problem.line for problem in reading.play_not_read}
    if not reading.records:
        message = f"{name}: no game could be read" if reading.problems else f"{name} holds no deals"
        return _fail(f"{message}; {tally}")
    records, lines = reading.records, reading.lines
    labels = [_label(position, record, lines) for position, record in enumerate(records, 1)]
    complete = _complete_records(records, labels, name, tally)
    if not complete:
        return _fail(f"{name} holds no complete deal to analyse; {tally}")
    tasks = [DealTask.from_record(record) for _, record in complete]
    workers = useful_workers(len(tasks)) if args.jobs is None else args.jobs
    try:
        with progress_bar("analyze", len(complete)) as advance:
            analyses = analyse_deals(tasks, workers, _calm_workers(workers, advance))
    except VazaError as error:
        return _fail(f"{name}: {error}")
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    tally.analysed = len(analyses)
    for (position, record), analysis in zip(complete, analyses, strict=True):
        if lines and lines[position - 1] in lost:
            tally.play_lost += 1
        elif analysis.play_error is not None:
            tally.play_refused += 1
            print(
                f"{PROGRAM}: {name}: {labels[position - 1]}: the play is not analysed: "
                f"{analysis.play_error}",
                file=sys.stderr,
            )
        elif record.play:
            tally.play_kept += 1
    _print(args, complete, analyses)
    print(f"{PROGRAM}: {name}: {tally}", file=sys.stderr)
    return 0


def _calm_workers(workers: int, advance: Callable[[int], None]) -> Callable[[int], None]:
    """Ctrl-C reaches every process of the terminal's group: the solver's worker processes
    would each print a traceback.  They are started while this process ignores SIGINT, which
    they keep (an ignored signal stays ignored across exec); this process takes Ctrl-C again
    from the first chunk of deals done (`advance`), and says it stopped."""
    if workers <= 1:
        return advance
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def advanced(count: int) -> None:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        advance(count)

    return advanced


def _print(
    args: argparse.Namespace,
    complete: Sequence[tuple[int, DealRecord]],
    analyses: Sequence[DealAnalysis],
) -> None:
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


def _fail(message: str) -> int:
    print(f"{PROGRAM}: {message}", file=sys.stderr)
    return 1


def _label(position: int, record: DealRecord, lines: Sequence[int]) -> str:
    """How a person finds the deal in the file: its board number, else its place; and the
    line its game starts at, when the reader says."""
    number = record.board.number
    label = f"board {number}" if number is not None else f"deal {position} of the file"
    return f"{label} (line {lines[position - 1]})" if lines else label


def _complete_records(
    records: Sequence[DealRecord], labels: Sequence[str], name: str, tally: _Tally
) -> list[tuple[int, DealRecord]]:
    """The records DDS can solve, with their place in the file; a warning for each other."""
    complete: list[tuple[int, DealRecord]] = []
    for position, record in enumerate(records, start=1):
        try:
            record.board.deal.require_complete()
        except VazaError as error:
            print(f"{PROGRAM}: {name}: {labels[position - 1]} skipped: {error}", file=sys.stderr)
            tally.skip("without 13 cards in each hand")
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


def _board_text(position: int, record: DealRecord, found: DealAnalysis) -> str:
    analysis = found.analysis
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
    if found.play_cost is not None:
        lines += _play_cost_text(found.play_cost, record)
    return "\n".join(lines)


def _side_name(side: Side) -> str:
    return text(f"vul.{side.name}", LANG)


def _play_cost_text(cost: PlayCost, record: DealRecord) -> list[str]:
    """The declaring side's double-dummy tricks trick by trick, each costly card marked with
    the tricks it gave away, then the totals by player and by side."""
    side = cost.declarer.side
    lines = [
        f"Where the tricks went — double-dummy tricks for {_side_name(side)}: {cost.start} at "
        f"the start, {cost.final} after the play",
        f"Trick  {'cards (-n: tricks a card gave away)':<42}{side.name:>3}",
    ]
    for number, start in enumerate(range(0, len(cost.cards), 4), start=1):
        trick = cost.cards[start : start + 4]
        cells = "".join(
            f"{card.seat.letter} {card_text(card.card):<3}"
            + (f" -{card.cost}" if card.cost else "").ljust(5)
            for card in trick
        )
        lines.append(f"{number:>5}  {cells:<42}{trick[-1].after:>3}")
    seats = cost.seat_costs()
    # Dummy chooses nothing: its cards are declarer's choices, charged to declarer.
    players = [seat for seat in SEATS if seat is not cost.declarer.partner]
    by_seat = ", ".join(f"{seat_name(seat, LANG)} {seats[seat]}" for seat in players)
    by_side = ", ".join(f"{_side_name(each)} {cost.side_cost(each)}" for each in Side)
    lines.append(f"Tricks given away: {by_seat} — {by_side}")
    if record.claimed and record.declarer_tricks is not None:
        conceded = record.declarer_tricks - cost.final
        who = side.opponents if conceded > 0 else side
        gift = f", {_side_name(who)} conceded {abs(conceded)}" if conceded else ""
        lines.append(
            f"Claim: {_side_name(side)} {record.declarer_tricks} tricks against "
            f"{cost.final} double dummy{gift}"
        )
    return lines


# -- JSON ------------------------------------------------------------------------------------


def _contract_json(contract: Contract) -> str:
    """PBN spelling of the contract without its declarer: ``4S``, ``3NTX``, ``6HXX``."""
    return f"{contract.level}{contract.strain.letter}{contract.doubling.suffix}"


def _board_json(record: DealRecord, found: DealAnalysis) -> dict[str, object]:
    analysis = found.analysis
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
        "play_cost": None if found.play_cost is None else found.play_cost.as_dict(),
        "play_error": found.play_error,
    }
