"""Measuring the system: four robots bid many random deals; the contracts they reach are
compared with double-dummy par.

A benchmark, not a test: `measure` solves every deal with DDS (endplay, batched), which takes
minutes for a few thousand deals.  The figures: the distribution of final contracts, the time
per call (95th percentile and worst), how often the contract's double-dummy result goes to the
side par favours, how often it scores exactly par, and the mean IMPs between the score reached
(double-dummy tricks) and par.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from vaza import stats
from vaza.core.auction import Auction
from vaza.core.calls import Call, Contract
from vaza.core.cards import Hand, Seat, Side, Vulnerability
from vaza.core.deal import Board
from vaza.robots.bidding.bidder import choose_call
from vaza.robots.bidding.rules import Explanation
from vaza.scoring.imps import imps
from vaza.stats import interval95

if TYPE_CHECKING:
    from vaza.analysis import BoardAnalysis


@dataclass(frozen=True, slots=True)
class BidBoard:
    """One board bid by four robots."""

    board: Board
    calls: tuple[Call, ...]
    contract: Contract | None
    seconds: tuple[float, ...]
    """The CPU time each call took (the process's: one core's work, which other load on the
    machine does not inflate as it does the wall clock)."""


Chooser = Callable[[Hand, Sequence[Call], Seat, Vulnerability], tuple[Call, Explanation]]
"""A robot's call for a hand after some calls (from the dealer, and the dealer): the system's
`choose_call`, or one that judges some calls by simulation."""


def bid_board(board: Board, chooser: Chooser = choose_call) -> BidBoard:
    """Let `chooser` bid all four hands of `board` (each robot sees only its own hand)."""
    auction = Auction(board.dealer)
    seconds: list[float] = []
    while not auction.is_over:
        seat = auction.to_act
        assert seat is not None
        start = time.process_time()
        call, _ = chooser(board.deal[seat], auction.calls, board.dealer, board.vulnerability)
        seconds.append(time.process_time() - start)
        auction.add(call)
    return BidBoard(board, tuple(auction.calls), auction.contract, tuple(seconds))


def contract_name(contract: Contract | None) -> str:
    """``4S``, ``3NTX``, or ``passed``: the key of the contract distribution."""
    return "passed" if contract is None else str(contract)


@dataclass(frozen=True, slots=True)
class Measure:
    """What `measure` found."""

    boards: int
    calls: int
    call_ms_p95: float
    call_ms_max: float
    par_side_rate: float
    """Share of boards where the side the contract's double-dummy score favours is the side
    par favours (both zero counts)."""
    par_score_rate: float
    """Share of boards scoring exactly par."""
    par_loss_imps: float
    """Mean IMPs between the score reached with double-dummy play and par."""
    par_loss_ci95: tuple[float, float] = (0.0, 0.0)
    losses_by_kind: dict[str, float] = field(default_factory=dict)
    """The par loss in its parts (`LOSS_KINDS`), each a mean over all boards: they add up to
    `par_loss_imps`."""
    board_losses: tuple[int, ...] = ()
    """Each board's IMPs from par, in order: what a paired comparison of two versions of the
    system on the same boards needs (`paired_change`)."""
    contracts: dict[str, int] = field(default_factory=dict)
    levels: dict[str, int] = field(default_factory=dict)
    """Boards by the kind of contract reached: passed, partscore, game, slam, grand."""

    def as_dict(self) -> dict[str, object]:
        return {
            "boards": self.boards,
            "calls": self.calls,
            "call_ms_p95": round(self.call_ms_p95, 3),
            "call_ms_max": round(self.call_ms_max, 3),
            "par_side_rate": round(self.par_side_rate, 4),
            "par_score_rate": round(self.par_score_rate, 4),
            "par_loss_imps": round(self.par_loss_imps, 3),
            "par_loss_ci95": [round(bound, 3) for bound in self.par_loss_ci95],
            **{
                f"par_loss_{kind}_imps": round(self.losses_by_kind.get(kind, 0.0), 3)
                for kind in LOSS_KINDS
            },
            "levels": dict(self.levels),
            "contracts": dict(sorted(self.contracts.items(), key=lambda item: -item[1])),
        }


def contract_kind(contract: Contract | None) -> str:
    """``partscore``, ``game``, ``small slam``, ``grand slam`` or ``passed``: the key of the
    levels' distribution."""
    if contract is None:
        return "passed"
    game = {2: 4, 3: 4, 4: 3}.get(int(contract.strain), 5)
    if contract.level == 7:
        return "grand slam"
    if contract.level == 6:
        return "small slam"
    return "game" if contract.level >= game else "partscore"


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


LOSS_KINDS = ("fail", "missed", "competitive")
"""Where a board's par loss comes from, as issue 18 counted it: the side that owns the hand
(par's side) declares a contract that fails, or one that makes but is not par's (a game or
slam missed, the wrong strain, a pass-out); or the contest went wrong (the other side
declares, or the owners make more than par because the others did not sacrifice)."""


def loss_kind(contract: Contract | None, tricks: int, score: int, par_score: int) -> str:
    """The part of the par loss a board's result belongs to (`LOSS_KINDS`; "" for par).
    Scores are North–South's, as `ns_score` counts them."""
    if score == par_score:
        return ""
    owner = _sign(par_score)
    if contract is None:
        return "missed"
    declarer = 1 if contract.declarer.side is Side.NS else -1
    if owner not in (0, declarer):
        return "competitive"
    if tricks < contract.level + 6:
        return "fail"
    return "missed" if (score - par_score) * declarer < 0 else "competitive"


def measure(
    count: int = 2000,
    seed: int | str = 1,
    advance: Callable[[int], None] | None = None,
    dd_cache: Path | None = None,
    chooser: Chooser = choose_call,
) -> Measure:
    """Bid `count` random boards (numbered 1, 2, … for dealer and vulnerability) from `seed`
    with `chooser` and compare each contract with double-dummy par (the tables kept in
    `dd_cache`, if given, are not solved again)."""
    from vaza.analysis import ns_score  # noqa: PLC0415 - loads the solver

    rng = random.Random(seed)
    boards = [Board.random(number % 16 + 1, rng) for number in range(count)]
    bid = [bid_board(board, chooser) for board in boards]
    analyses = analyse_cached(boards, advance, dd_cache)
    losses: list[int] = []
    kinds: list[str] = []
    same_side = exact = 0
    for result, analysis in zip(bid, analyses, strict=True):
        contract = result.contract
        tricks = 0 if contract is None else analysis.table[contract.declarer, contract.strain]
        score = ns_score(contract, tricks, result.board.vulnerability)
        losses.append(abs(imps(score - analysis.par.score)))
        kinds.append(loss_kind(contract, tricks, score, analysis.par.score))
        same_side += _sign(score) == _sign(analysis.par.score)
        exact += score == analysis.par.score
    return summarise(bid, losses, same_side, exact, kinds)


def analyse_cached(
    boards: Sequence[Board], advance: Callable[[int], None] | None, cache: Path | None
) -> list[BoardAnalysis]:
    """Each board's double-dummy table and par, the tables solved once and kept in `cache`
    (JSON: each deal in PBN with its table's 20 numbers), so that measuring a change of the
    system on the same boards costs DDS only the first time."""
    from vaza.analysis import (  # noqa: PLC0415 - loads the solver
        BoardAnalysis,
        DDTable,
        analyse_boards,
        par,
    )

    if cache is None:
        return analyse_boards(boards, advance)
    known: dict[str, list[int]] = json.loads(cache.read_text()) if cache.exists() else {}
    missing = [board for board in boards if board.deal.to_pbn() not in known]
    for analysis in analyse_boards(missing, advance):
        known[analysis.board.deal.to_pbn()] = list(analysis.table.cells)
    if missing:
        cache.write_text(json.dumps(known))
    if advance is not None and len(missing) < len(boards):
        advance(len(boards) - len(missing))
    analyses = []
    for board in boards:
        table = DDTable(tuple(known[board.deal.to_pbn()]))
        analyses.append(BoardAnalysis(board, table, par(table, board.vulnerability, board.dealer)))
    return analyses


def paired_change(losses: Sequence[int], base: Sequence[int]) -> dict[str, object]:
    """How much the par loss moved against a base's on the same boards, board by board: the
    mean change with its 95% interval, and how many boards changed at all."""
    mean, (low, high), changed = stats.paired_change(losses, base)
    return {
        "par_loss_change_imps": round(mean, 3),
        "par_loss_change_ci95": [round(low, 3), round(high, 3)],
        "boards_changed": changed,
    }


def summarise(
    bid: Sequence[BidBoard],
    losses: Sequence[int],
    same_side: int,
    exact: int,
    kinds: Sequence[str] = (),
) -> Measure:
    """The figures of `measure` from bid boards and their comparison with par (`kinds`: each
    board's `loss_kind`, when known)."""
    seconds = sorted(second for result in bid for second in result.seconds)
    count = len(bid)
    p95 = seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))] if seconds else 0.0
    by_kind = dict.fromkeys(LOSS_KINDS, 0.0)
    for loss, kind in zip(losses, kinds, strict=False):
        if kind:
            by_kind[kind] += loss / count
    return Measure(
        boards=count,
        calls=len(seconds),
        call_ms_p95=1000 * p95,
        call_ms_max=1000 * (seconds[-1] if seconds else 0.0),
        par_side_rate=same_side / count if count else 0.0,
        par_score_rate=exact / count if count else 0.0,
        par_loss_imps=sum(losses) / count if count else 0.0,
        par_loss_ci95=interval95([float(loss) for loss in losses]),
        losses_by_kind=by_kind if kinds else {},
        board_losses=tuple(losses),
        contracts=dict(Counter(contract_name(result.contract) for result in bid)),
        levels=dict(Counter(contract_kind(result.contract) for result in bid)),
    )


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m vaza.robots.bidding.measure --deals 2000 --seed 1``: the figures as JSON
    (until `vaza bench bidding` exists)."""
    import argparse  # noqa: PLC0415 - only for the command line

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", default="1")
    parser.add_argument(
        "--dd-cache", type=Path, help="keep the double-dummy tables in this JSON file"
    )
    parser.add_argument("--save", type=Path, help="write each board's par loss to this file")
    parser.add_argument(
        "--against", type=Path, help="a file --save wrote: print the change board by board"
    )
    parser.add_argument(
        "--robot",
        default="strong",
        help="the registry's robot that bids for --diagnose and --head-to-head (strong)",
    )
    parser.add_argument(
        "--layouts",
        type=int,
        default=16,
        help="layouts a judged call weighs for --diagnose and --head-to-head, no clock (16)",
    )
    parser.add_argument(
        "--diagnose",
        metavar="ROBOT",
        help="bid the boards with --robot and with ROBOT (a configuration, or the command of a "
        "program speaking the robot protocol, such as the pinned baseline), four seats each, and "
        "say per kind where each loses to par (missed games, failing games, wrong strain, ...)",
    )
    parser.add_argument(
        "--head-to-head",
        metavar="ROBOT",
        help="--robot against ROBOT at two tables, seats swapped: IMPs a board of the "
        "contracts scored double dummy (the bidding alone)",
    )
    parser.add_argument("--examples", type=int, default=3, help="boards shown per kind (3)")
    options = parser.parse_args(argv)
    if options.diagnose is not None or options.head_to_head is not None:
        from vaza.robots.bidding import diagnose  # noqa: PLC0415 - it imports this module

        figures = diagnose.run(options)
        print(json.dumps(figures, indent=2, ensure_ascii=False))
        return
    boards = {"seed": options.seed, "deals": options.deals}
    base = None
    if options.against is not None:  # read first: a long measure of other boards is no use
        base = json.loads(options.against.read_text())
        if {key: base.get(key) for key in boards} != boards:
            parser.error(
                f"{options.against} holds --seed {base.get('seed')} --deals "
                f"{base.get('deals')}: measure the same boards to compare them"
            )
    found = measure(options.deals, options.seed, dd_cache=options.dd_cache)
    figures = found.as_dict()
    if options.save is not None:
        options.save.write_text(json.dumps({**boards, "losses": found.board_losses}))
    if base is not None:
        figures.update(paired_change(found.board_losses, base["losses"]))
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
