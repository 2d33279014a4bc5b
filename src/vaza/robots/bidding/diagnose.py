"""Where the auction loses IMPs: two robots bid the same boards, each contract is scored at its
double-dummy tricks, and every board off par is put in one kind (issue 49).

`diagnose` lets robot A bid every board with all four seats and robot B the same boards (the
frozen baseline beside the strong robot): each board's contract is compared with par and, when
it scores less, the side that lost is told what it did — missed a game or a slam, chose the
wrong strain, bid a contract that fails, lost a partscore fight, doubled a contract that made,
missed a sacrifice.  `head_to_head` seats A and B at two tables with the seats swapped, as a
match does, and scores the two contracts double dummy against each other: the bidding alone,
in IMPs a board.  The robots bid through the robot protocol (`Robot.choose(view)`), each seeing
its own seat's view only, so any configuration of the registry can be measured.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from vaza.core.calls import Contract, Doubling, Strain
from vaza.core.cards import SEATS, Seat, Side, Vulnerability
from vaza.core.deal import Board
from vaza.core.games.contract import ContractDeal, Phase
from vaza.core.views import seat_view
from vaza.robots.base import Robot
from vaza.robots.bidding.measure import BidBoard, analyse_cached, contract_kind
from vaza.scoring.imps import imps
from vaza.stats import interval95, paired_change

if TYPE_CHECKING:
    from argparse import Namespace
    from pathlib import Path

    from vaza.analysis import BoardAnalysis, DDTable

KINDS: Final = (
    "missed game",
    "missed slam",
    "missed partscore",
    "wrong strain",
    "failing game or slam",
    "failing partscore",
    "doubled and down",
    "partscore fight lost",
    "outbid above a partscore",
    "penalty double missed",
    "penalty double wrong",
    "sacrifice missed",
    "other",
)
"""What the side that scored less than par did, one kind a board:

- *missed game / slam / partscore*: it played (or passed out) below the best contract it could
  make, which was a game, a slam, or a partscore (a pass-out where it could make one);
- *wrong strain*: its contract made, but a contract of the same kind (partscore, game, slam)
  in another strain scored more;
- *failing game or slam / partscore*: its own contract failed;
- *doubled and down*: the side that does not own the hand went down doubled by more than
  the owners' contract was worth (an overcall or a sacrifice too dear);
- *partscore fight lost / outbid above a partscore*: the owners let the others play (making,
  or failing by less than the owners' own contract was worth), the owners' best being a
  partscore, or a game or slam;
- *penalty double missed*: the others' contract failed undoubled, and doubling it would have
  scored par or more;
- *penalty double wrong*: it doubled a contract that made;
- *sacrifice missed*: the owners made their contract where par is the others' sacrifice."""


def bid_table(board: Board, robots: Mapping[Seat, Robot]) -> BidBoard:
    """The auction of `board` with `robots` in the seats, each choosing from its own seat's
    view, as a table asks them; the play is not started.  Each call's time is the CPU time of
    this process (DDS's threads included): what the call costs on one core, whatever else the
    machine is doing."""
    game = ContractDeal(board)
    seconds: list[float] = []
    while not game.is_over and game.phase is Phase.AUCTION:
        seat = game.controller
        assert seat is not None
        start = time.process_time()
        call = robots[seat].choose(seat_view(game, seat))
        seconds.append(time.process_time() - start)
        game.apply(call, by=seat)
    calls = tuple(game.auction.calls)
    return BidBoard(board, calls, game.auction.contract, tuple(seconds))


def side_score(
    contract: Contract | None, tricks: int, side: Side, vulnerability: Vulnerability
) -> int:
    """The duplicate score of `contract` making `tricks` for `side`."""
    from vaza.analysis import ns_score  # noqa: PLC0415 - analysis loads the solver late

    score = ns_score(contract, tricks, vulnerability)
    return score if side is Side.NS else -score


def best_contract(table: DDTable, side: Side, vulnerability: Vulnerability) -> Contract | None:
    """The undoubled contract scoring most for `side` double dummy (None: none makes)."""
    best: tuple[int, Contract] | None = None
    for declarer in side.seats:
        for strain in Strain:
            tricks = table[declarer, strain]
            if tricks < 7:
                continue
            contract = Contract(tricks - 6, strain, Doubling.UNDOUBLED, declarer)
            score = side_score(contract, tricks, side, vulnerability)
            if best is None or score > best[0]:
                best = (score, contract)
    return None if best is None else best[1]


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def classify(contract: Contract | None, analysis: BoardAnalysis) -> str:
    """The kind (`KINDS`) of a board's result off par, "" when it scores par."""
    table, vulnerability = analysis.table, analysis.board.vulnerability
    tricks = 0 if contract is None else table[contract.declarer, contract.strain]
    score = side_score(contract, tricks, Side.NS, vulnerability)
    par_score = analysis.par.score
    if score == par_score:
        return ""
    loser = Side.NS if score < par_score else Side.EW
    owners = {1: Side.NS, -1: Side.EW}.get(_sign(par_score))
    best = best_contract(table, loser, vulnerability)
    if contract is None:
        return _missed(best) if best is not None else "other"
    made = tricks >= contract.tricks_needed
    if contract.declarer.side is loser:
        if made:
            return _made_short(contract, best)
        if owners not in (None, loser) and contract.doubling is not Doubling.UNDOUBLED:
            return "doubled and down"
        return (
            "failing partscore"
            if contract_kind(contract) == "partscore"
            else "failing game or slam"
        )
    if made and contract.doubling is not Doubling.UNDOUBLED:
        return "penalty double wrong"
    if owners is not loser:
        return "sacrifice missed" if made else "other"
    if not made and contract.doubling is Doubling.UNDOUBLED:
        doubled = Contract(contract.level, contract.strain, Doubling.DOUBLED, contract.declarer)
        if side_score(doubled, tricks, loser, vulnerability) >= _for(loser, par_score):
            return "penalty double missed"
    if best is None or contract_kind(best) == "partscore":
        return "partscore fight lost"
    return "outbid above a partscore"


def _for(side: Side, ns: int) -> int:
    return ns if side is Side.NS else -ns


def _missed(best: Contract) -> str:
    kind = contract_kind(best)
    return {"partscore": "missed partscore", "game": "missed game"}.get(kind, "missed slam")


def _made_short(contract: Contract, best: Contract | None) -> str:
    """The kind of a contract that made but scored less than par for its side."""
    if best is None:
        return "other"
    mine, theirs = contract_kind(contract), contract_kind(best)
    order = ("partscore", "game", "small slam", "grand slam")
    if order.index(theirs) > order.index(mine):
        return "missed game" if theirs == "game" else "missed slam"
    return "wrong strain" if best.strain is not contract.strain else "other"


@dataclass(frozen=True, slots=True)
class Result:
    """One table's auction on a board, and how its contract scores against par."""

    bid: BidBoard
    score: int
    """North–South's double-dummy score."""
    par: int
    kind: str
    loss: int
    """IMPs between the score and par (never negative)."""


def score_table(bid: BidBoard, analysis: BoardAnalysis) -> Result:
    """`bid`'s contract at its double-dummy tricks, against par."""
    contract = bid.contract
    tricks = 0 if contract is None else analysis.table[contract.declarer, contract.strain]
    score = side_score(contract, tricks, Side.NS, bid.board.vulnerability)
    par_score = analysis.par.score
    return Result(bid, score, par_score, classify(contract, analysis), abs(imps(score - par_score)))


RobotMaker = Callable[[], Robot]
"""A new robot for a seat."""


def seated(maker: RobotMaker) -> dict[Seat, Robot]:
    """One robot of `maker` in every seat."""
    return {seat: maker() for seat in SEATS}


def boards_of(count: int, seed: int | str) -> list[Board]:
    """The bidding measure's boards (`measure.measure`): the same seed, the same boards."""
    import random  # noqa: PLC0415

    rng = random.Random(seed)
    return [Board.random(number % 16 + 1, rng) for number in range(count)]


def alone(
    boards: Sequence[Board],
    maker: RobotMaker,
    analyses: Sequence[BoardAnalysis],
    advance: Callable[[int], None] | None = None,
) -> list[Result]:
    """Every board bid by four robots of `maker`, scored against par."""
    robots = seated(maker)
    results = []
    for board, analysis in zip(boards, analyses, strict=True):
        results.append(score_table(bid_table(board, robots), analysis))
        if advance is not None:
            advance(1)
    return results


def by_kind(results: Sequence[Result]) -> dict[str, float]:
    """Par loss per kind, in IMPs a board (they add up to the mean par loss)."""
    count = len(results) or 1
    totals: dict[str, float] = dict.fromkeys(KINDS, 0.0)
    for result in results:
        if result.kind:
            totals[result.kind] += result.loss / count
    return {kind: round(value, 3) for kind, value in totals.items()}


def describe(result: Result) -> dict[str, object]:
    """One board, for a person to look at: hands, auction, contract, score and par."""
    board = result.bid.board
    contract = result.bid.contract
    return {
        "deal": board.deal.to_pbn(board.dealer),
        "dealer": board.dealer.letter,
        "vulnerable": board.vulnerability.name,
        "calls": " ".join(str(call) for call in result.bid.calls),
        "contract": "passed" if contract is None else f"{contract}{contract.declarer.letter}",
        "ns_score": result.score,
        "par": result.par,
        "imps_from_par": result.loss,
    }


def worst(results: Sequence[Result], kind: str, count: int) -> list[dict[str, object]]:
    """The `count` boards of `kind` that lost the most."""
    chosen = sorted((r for r in results if r.kind == kind), key=lambda r: -r.loss)[:count]
    return [describe(result) for result in chosen]


def diagnosis(
    mine: Sequence[Result], beside: Sequence[Result], examples: int = 3
) -> dict[str, object]:
    """Where each robot's par loss goes, kind by kind, and where they differ."""
    kinds_a, kinds_b = by_kind(mine), by_kind(beside)
    losses_a = [r.loss for r in mine]
    losses_b = [r.loss for r in beside]
    change, (low, high), changed = paired_change(losses_a, losses_b)
    return {
        "boards": len(mine),
        "par_loss_a": round(sum(losses_a) / len(losses_a), 3),
        "par_loss_a_ci95": [round(bound, 3) for bound in interval95([float(x) for x in losses_a])],
        "par_loss_b": round(sum(losses_b) / len(losses_b), 3),
        "a_less_b": round(change, 3),
        "a_less_b_ci95": [round(low, 3), round(high, 3)],
        "boards_bid_differently": sum(
            a.bid.contract != b.bid.contract for a, b in zip(mine, beside, strict=True)
        ),
        "boards_changed": changed,
        "by_kind": {
            kind: {
                "a": kinds_a[kind],
                "b": kinds_b[kind],
                "a_boards": sum(r.kind == kind for r in mine),
                "b_boards": sum(r.kind == kind for r in beside),
            }
            for kind in KINDS
        },
        "examples_a": {
            kind: worst(mine, kind, examples) for kind in KINDS if any(r.kind == kind for r in mine)
        },
        "call_ms_p95_a": round(_p95(mine), 1),
        "call_ms_p95_b": round(_p95(beside), 1),
    }


def _p95(results: Sequence[Result]) -> float:
    seconds = sorted(second for result in results for second in result.bid.seconds)
    if not seconds:
        return 0.0
    return 1000 * seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))]


@dataclass(frozen=True, slots=True)
class Match:
    """A head-to-head match of the bidding alone: each board at two tables, A North–South at
    the first and East–West at the second."""

    first: tuple[Result, ...]
    second: tuple[Result, ...]

    @property
    def imps(self) -> tuple[int, ...]:
        """A's IMPs on each board."""
        return tuple(
            imps(one.score - two.score) for one, two in zip(self.first, self.second, strict=True)
        )

    def as_dict(self, examples: int = 5) -> dict[str, object]:
        won = self.imps
        low, high = interval95([float(x) for x in won])
        lost_by: dict[str, float] = defaultdict(float)
        won_by: dict[str, float] = defaultdict(float)
        for board, one, two in zip(won, self.first, self.second, strict=True):
            # A board's swing is put down to the kind of the table further from par.
            kind = (one if one.loss >= two.loss else two).kind or "other"
            if board < 0:
                lost_by[kind] += -board
            elif board > 0:
                won_by[kind] += board
        count = len(won) or 1
        swings = sorted(zip(won, self.first, self.second, strict=True), key=lambda item: item[0])[
            :examples
        ]
        return {
            "boards": len(won),
            "imps_per_board": round(sum(won) / count, 3),
            "ci95": [round(low, 3), round(high, 3)],
            "boards_swung": sum(1 for x in won if x),
            "imps_won_by_kind": {k: round(v / count, 3) for k, v in sorted(won_by.items())},
            "imps_lost_by_kind": {k: round(v / count, 3) for k, v in sorted(lost_by.items())},
            "worst_boards": [
                {"imps": board, "a_north_south": describe(one), "a_east_west": describe(two)}
                for board, one, two in swings
                if board < 0
            ],
            "call_ms_p95": round(_p95(self.first + self.second), 1),
        }


def head_to_head(
    boards: Sequence[Board],
    a: RobotMaker,
    b: RobotMaker,
    analyses: Sequence[BoardAnalysis],
    advance: Callable[[int], None] | None = None,
) -> Match:
    """Each board bid at two tables, A North–South and B East–West, then the other way round;
    each contract scored at its double-dummy tricks."""
    robots_a, robots_b = seated(a), seated(b)
    first_seats = {
        seat: robots_a[seat] if seat.side is Side.NS else robots_b[seat] for seat in SEATS
    }
    second_seats = {
        seat: robots_b[seat] if seat.side is Side.NS else robots_a[seat] for seat in SEATS
    }
    first, second = [], []
    for board, analysis in zip(boards, analyses, strict=True):
        first.append(score_table(bid_table(board, first_seats), analysis))
        second.append(score_table(bid_table(board, second_seats), analysis))
        if advance is not None:
            advance(1)
    return Match(tuple(first), tuple(second))


def contract_counts(results: Sequence[Result]) -> Counter[str]:
    """How often each kind of contract was reached."""
    return Counter(contract_kind(result.bid.contract) for result in results)


def analyses_for(
    boards: Sequence[Board], cache: Path | None, advance: Callable[[int], None] | None = None
) -> list[BoardAnalysis]:
    """The boards' double-dummy tables and par (kept in `cache`, as the measure keeps them)."""
    return analyse_cached(boards, advance, cache)


def maker(name: str, layouts: int, seed: int) -> RobotMaker:
    """A registry configuration, or the command of a program that speaks the robot protocol
    (the pinned baseline: `.baseline-venv/bin/vaza robot --stdio`, one program a seat), that
    thinks on exactly `layouts` layouts from `seed` (no clock), so that a run repeats.  The
    programs stop when this process ends."""
    from vaza.robots.external import ExternalSeats, command_words, is_command  # noqa: PLC0415
    from vaza.robots.registry import CONFIGS, Thinking  # noqa: PLC0415 - the registry sits above
    from vaza.robots.stdio import Request  # noqa: PLC0415

    if is_command(name):
        program = ExternalSeats(command_words(name)).robot(Request(seed, layouts))
        return lambda: program
    factory = CONFIGS[name]
    return lambda: factory(Thinking(layouts, seed))


def run(options: Namespace) -> dict[str, object]:
    """The command line's diagnosis (`--diagnose`) and head-to-head match (`--head-to-head`):
    `measure.main`'s options."""
    from vaza.progress import progress_bar  # noqa: PLC0415 - only for the command line

    count, seed, robot, layouts = options.deals, options.seed, options.robot, options.layouts
    beside, against, examples = options.diagnose, options.head_to_head, options.examples
    cache = options.dd_cache
    boards = boards_of(count, seed)
    think_seed = int(seed) if seed.isdigit() else 1
    with progress_bar("double-dummy tables", count) as advance:
        analyses = analyses_for(boards, cache, advance)
    figures: dict[str, object] = {"seed": seed, "deals": count, "robot": robot, "layouts": layouts}
    a = maker(robot, layouts, think_seed)
    if beside is not None:
        with progress_bar(f"{robot} bids", count) as advance:
            mine = alone(boards, a, analyses, advance)
        with progress_bar(f"{beside} bids", count) as advance:
            theirs = alone(boards, maker(beside, layouts, think_seed), analyses, advance)
        figures["diagnosis"] = {"beside": beside, **diagnosis(mine, theirs, examples)}
    if against is not None:
        with progress_bar(f"{robot} against {against}", count) as advance:
            match = head_to_head(boards, a, maker(against, layouts, think_seed), analyses, advance)
        figures["head_to_head"] = {"against": against, **match.as_dict(examples)}
    return figures
