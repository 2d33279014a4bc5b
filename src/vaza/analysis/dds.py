"""Double-dummy tables and par from Bo Haglund's DDS solver, through endplay.

This module is the only place that knows endplay (a test checks): Vaza deals, positions and
plays go in, Vaza values (`DDTable`, `Par`, `Contract`, each card's tricks) come out.  Deals
travel to DDS as bit masks (no text parsing), and many
deals go in one `calc_all_tables` call, which DDS spreads over its own threads; what Python adds
per deal is a few microseconds against the solver's tens of milliseconds.

DDS keeps its working memory per solver thread in global state, so two calls at once from two
Python threads would share it: every call here holds one lock.
"""

from __future__ import annotations

import ctypes
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import Final

from endplay import _dds
from endplay.dds import analyse_play, calc_all_tables, calc_dd_table
from endplay.dds import par as _dds_par
from endplay.dds.ddtable import DDTable as _EndplayTable
from endplay.types import Card as _EndplayCard
from endplay.types import Contract as _EndplayContract
from endplay.types import Deal as _EndplayDeal
from endplay.types import Denom, Penalty, Player, Rank, Vul
from endplay.types import Hand as _EndplayHand

from vaza.analysis.positions import Position, check_position
from vaza.analysis.results import STRAINS, AnalysisError, BoardAnalysis, DDTable, Par
from vaza.core.calls import Contract, Doubling, Strain
from vaza.core.cards import CARDS, SEATS, Card, Seat, Vulnerability
from vaza.core.deal import Board, Deal
from vaza.core.errors import ParseError

BATCH: Final = _dds.MAXNOOFBOARDS // len(STRAINS)
"""Deals per `calc_all_tables` call: DDS solves at most 200 (deal, strain) pairs at once, so
40 deals with all five strains."""


class SolverLock:
    """DDS's one lock, people first: a thread marked with `solve_after_people` (the robots of
    tables where only robots play) waits while any other thread waits for the solver or holds
    it, so a robot at a person's table waits at most for one call already under way.

    A plain lock lets whichever thread the system wakes go first: under robot-only load a
    person's robot then waited for the background's calls in turn (issue 21)."""

    def __init__(self) -> None:
        self._changed = threading.Condition(threading.Lock())
        self._held = False
        self.people_waiting = 0
        """Threads not marked as background that wait for the solver now."""
        self.background_waiting = 0
        """Threads marked as background that wait for the solver now (what a test waits on to
        know that a background call is queued)."""

    def __enter__(self) -> None:
        background = is_background()
        with self._changed:
            if background:
                self.background_waiting += 1
            else:
                self.people_waiting += 1
            try:
                while self._held or (background and self.people_waiting):
                    self._changed.wait()
            finally:
                if background:
                    self.background_waiting -= 1
                else:
                    self.people_waiting -= 1
            self._held = True

    def __exit__(self, *_: object) -> None:
        with self._changed:
            self._held = False
            self._changed.notify_all()


_background = threading.local()


def solve_after_people() -> None:
    """Mark the calling thread as background work: its solver calls give way to every other
    thread's (`SolverLock`), and go to DDS in small calls (`BACKGROUND_BATCH`)."""
    _background.marked = True


def is_background() -> bool:
    return bool(getattr(_background, "marked", False))


_SOLVER_LOCK: Final = SolverLock()

# Vaza and endplay both number seats N E S W from 0; strains and vulnerability differ.
_PLAYERS: Final = tuple(Player(seat) for seat in SEATS)
_DENOMS: Final = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)
_STRAIN_OF_DENOM: Final = {denom: strain for strain, denom in zip(STRAINS, _DENOMS, strict=True)}
_VULS: Final = (Vul.none, Vul.ns, Vul.ew, Vul.both)  # by Vulnerability: NONE NS EW BOTH
_DOUBLING_OF_PENALTY: Final = {
    Penalty.passed: Doubling.UNDOUBLED,
    Penalty.doubled: Doubling.DOUBLED,
    Penalty.redoubled: Doubling.REDOUBLED,
}

_HOLDINGS = ctypes.c_uint * 4
_RANK_BITS: Final = 0x1FFF << 2
"""DDS writes a suit as rank bits, the two at bit 2 and the ace at bit 14; a Vaza hand mask
holds each suit's 13 cards from bit ``13 * suit``, the two first, so a holding is the mask's
13 bits moved up by two."""


def _holdings(mask: int) -> tuple[int, int, int, int]:
    """A Vaza hand mask as DDS's holdings: spades, hearts, diamonds, clubs."""
    return (
        (mask >> 37) & _RANK_BITS,
        (mask >> 24) & _RANK_BITS,
        (mask >> 11) & _RANK_BITS,
        (mask << 2) & _RANK_BITS,
    )


def _endplay_deal(deal: Deal) -> _EndplayDeal:
    """The same deal as endplay's type, built from the hand masks (endplay orders suits
    spades, hearts, diamonds, clubs)."""
    result = _EndplayDeal()
    for player, hand in zip(_PLAYERS, deal.require_complete().hands, strict=True):
        result[player] = _EndplayHand(_HOLDINGS(*_holdings(hand.mask)))
    return result


def _table(solved: _EndplayTable) -> DDTable:
    """endplay's rows are players, its columns strains spades, hearts, diamonds, clubs, NT."""
    cells: list[int] = []
    for spades, hearts, diamonds, clubs, notrump in solved.to_list(player_major=True):
        cells += (clubs, diamonds, hearts, spades, notrump)
    return DDTable(tuple(cells))


def _endplay_table(table: DDTable) -> _EndplayTable:
    results = _dds.ddTableResults()
    for strain, denom in zip(STRAINS, _DENOMS, strict=True):
        for seat, player in zip(SEATS, _PLAYERS, strict=True):
            results.resTable[denom][player] = table[seat, strain]
    return _EndplayTable(results)


def _contract(found: _EndplayContract) -> Contract:
    return Contract(
        level=found.level,
        strain=_STRAIN_OF_DENOM[found.denom],
        doubling=_DOUBLING_OF_PENALTY[found.penalty],
        declarer=Seat(found.declarer),
    )


def dd_table(deal: Deal) -> DDTable:
    """The double-dummy table of one complete deal."""
    converted = _endplay_deal(deal)
    try:
        with _SOLVER_LOCK:
            return _table(calc_dd_table(converted))
    except _dds.DDSError as error:
        raise AnalysisError(f"the double-dummy solver refused the deal: {error}") from None


def _chunks(deals: Iterable[Deal]) -> Iterator[list[Deal]]:
    iterator = iter(deals)
    while chunk := list(islice(iterator, BATCH)):
        yield chunk


def dd_tables(deals: Iterable[Deal], advance: Callable[[int], None] | None = None) -> list[DDTable]:
    """The double-dummy tables of many complete deals, in order, solved `BATCH` at a time.

    `advance(n)` is called after each batch with the number of deals it solved (for a
    progress bar).
    """
    tables: list[DDTable] = []
    for chunk in _chunks(deals):
        converted: list[_EndplayDeal] = []
        for deal in chunk:
            try:
                converted.append(_endplay_deal(deal))
            except ParseError as error:
                raise ParseError(f"deal {len(tables) + len(converted) + 1}: {error}") from None
        try:
            with _SOLVER_LOCK:
                solved = calc_all_tables(converted)
        except _dds.DDSError as error:
            raise AnalysisError(f"the double-dummy solver refused a deal: {error}") from None
        tables += (_table(solved[index]) for index in range(len(converted)))
        if advance is not None:
            advance(len(converted))
    return tables


def par(deal_or_table: Deal | DDTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """The par contracts and score of a deal (or of its table, which saves solving it again).

    DDS's dealer par: the dealer's side has the first chance to bid, which decides between
    two contracts that would otherwise be equally good for either side.
    """
    table = deal_or_table if isinstance(deal_or_table, DDTable) else dd_table(deal_or_table)
    try:
        with _SOLVER_LOCK:
            found = _dds_par(_endplay_table(table), _VULS[vulnerability], _PLAYERS[dealer])
            # endplay's iterator reuses one record for a contract either partner can declare,
            # changing its declarer between the two; convert each before asking for the next.
            # A passed-out par comes as one contract of level 0.
            contracts = tuple(
                _contract(contract) for contract in found if not contract.is_passout()
            )
            score = found.score
    except _dds.DDSError as error:
        raise AnalysisError(f"the par calculation failed: {error}") from None
    return Par(score=score, contracts=contracts)


def analyse_boards(
    boards: Sequence[Board], advance: Callable[[int], None] | None = None
) -> list[BoardAnalysis]:
    """Table and par of each board, for its own dealer and vulnerability."""
    tables = dd_tables((board.deal for board in boards), advance)
    return [
        BoardAnalysis(board, table, par(table, board.vulnerability, board.dealer))
        for board, table in zip(boards, tables, strict=True)
    ]


def analyse_board(board: Board) -> BoardAnalysis:
    table = dd_table(board.deal)
    return BoardAnalysis(board, table, par(table, board.vulnerability, board.dealer))


# -- positions: every card's value in a deal in progress (the robots' question) ---------------

_SOLVE_ALL_CARDS: Final = 3
"""DDS `solutions = 3`: the score of every legal card, not only the best one."""
_BEST_CARD: Final = 1
"""DDS `solutions = 1`: the best card's score only."""
_ALWAYS_SEARCH: Final = 1
"""DDS `mode = 1`: search even when only one card is legal (so the score is always filled)."""
_DDS_TRUMP_NT: Final = 4
"""DDS numbers suits spades 0, hearts 1, diamonds 2, clubs 3 and no trump 4; Vaza the reverse."""


def _position_board(position: Position) -> _dds.deal:
    board = _dds.deal()
    board.trump = _DDS_TRUMP_NT if position.trump is None else 3 - position.trump
    board.first = position.leader
    for slot in range(3):
        if slot < len(position.trick):
            card = position.trick[slot]
            board.currentTrickSuit[slot] = 3 - card.suit
            board.currentTrickRank[slot] = card.rank
        else:
            board.currentTrickSuit[slot] = 0
            board.currentTrickRank[slot] = 0
    for seat in SEATS:
        mask = position.hands[seat]
        row = board.remainCards[seat]
        row[0], row[1], row[2], row[3] = _holdings(mask)
    return board


def _scores(solved: _dds.futureTricks) -> dict[Card, int]:
    """Each legal card with the tricks the side to play takes from the trick in progress on;
    DDS names one card of each run of equals and lists the others as rank bits."""
    scores: dict[Card, int] = {}
    for slot in range(solved.cards):
        score = solved.score[slot]
        if score < 0:
            continue
        base = 13 * (3 - solved.suit[slot])
        holding = (1 << solved.rank[slot]) | solved.equals[slot]
        for rank in range(2, 15):
            if holding >> rank & 1:
                scores[CARDS[base + rank - 2]] = score
    return scores


BACKGROUND_BATCH: Final = 2
"""Positions per call from a background thread (`solve_after_people`): one for each of DDS's
threads on a two-core machine, so a person's robot that arrives meanwhile waits for at most
two positions, not two hundred."""


def _position_chunks(positions: Sequence[Position]) -> Iterator[list[Position]]:
    size = BACKGROUND_BATCH if is_background() else _dds.MAXNOOFBOARDS
    iterator = iter(positions)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _solved(positions: Sequence[Position], solutions: int) -> Iterator[_dds.futureTricks]:
    """DDS's answer for each position, 200 at a time (its limit) under the solver lock
    (`BACKGROUND_BATCH` from a background thread)."""
    for position in positions:
        check_position(position)
    for chunk in _position_chunks(positions):
        boards = _dds.boards()
        boards.noOfBoards = len(chunk)
        for index, position in enumerate(chunk):
            boards.deals[index] = _position_board(position)
            boards.target[index] = -1
            boards.solutions[index] = solutions
            boards.mode[index] = _ALWAYS_SEARCH
        solved = _dds.solvedBoards()
        try:
            with _SOLVER_LOCK:
                _dds.SolveAllBoardsBin(boards, solved)
        except _dds.DDSError as error:
            raise AnalysisError(f"the double-dummy solver refused a position: {error}") from None
        yield from (solved.solvedBoard[index] for index in range(len(chunk)))


def card_values(positions: Sequence[Position]) -> list[dict[Card, int]]:
    """For each position, every legal card of the seat to play with the tricks its side takes
    from the trick in progress on (that trick included), all four hands open."""
    return [_scores(solved) for solved in _solved(positions, _SOLVE_ALL_CARDS)]


def best_values(positions: Sequence[Position]) -> list[int]:
    """For each position, the tricks the side to play takes with its best card."""
    return [solved.score[0] for solved in _solved(positions, _BEST_CARD)]


def line_values(starts: Sequence[Position], lines: Sequence[Sequence[Card]]) -> list[list[int]]:
    """For each position at the start of a trick and the cards then played from it (`lines`,
    legal in it), the double-dummy tricks from the position on of the side at its leader's right,
    before the first card and after each (DDS's `AnalyseAllPlaysBin`: one search shared along
    each line); a line that reaches the last trick stops before it (its cards are forced)."""
    values: list[list[int]] = []
    for position in starts:
        check_position(position)
        if position.trick:
            raise AnalysisError("a line of play is analysed from the start of a trick")
    size = BACKGROUND_BATCH if is_background() else _dds.MAXNOOFBOARDS
    for begin in range(0, len(starts), size):
        chunk = starts[begin : begin + size]
        boards = _dds.boards()
        boards.noOfBoards = len(chunk)
        traces = _dds.playTracesBin()
        traces.noOfBoards = len(chunk)
        for index, position in enumerate(chunk):
            boards.deals[index] = _position_board(position)
            boards.target[index] = -1
            boards.solutions[index] = _BEST_CARD
            boards.mode[index] = _ALWAYS_SEARCH
            trace = traces.plays[index]
            line = lines[begin + index]
            trace.number = len(line)
            for step, card in enumerate(line):
                trace.suit[step] = 3 - card.suit
                trace.rank[step] = card.rank
        solved = _dds.solvedPlays()
        try:
            with _SOLVER_LOCK:
                _dds.AnalyseAllPlaysBin(boards, traces, solved, 0)
        except _dds.DDSError as error:
            raise AnalysisError(f"the double-dummy solver refused a line: {error}") from None
        for index in range(len(chunk)):
            answer = solved.solved[index]
            values.append([answer.tricks[step] for step in range(answer.number)])
    return values


# -- a played deal: the value before each card (where the tricks went) ------------------------


def play_values(deal: Deal, play: Sequence[Card], leader: Seat, strain: Strain) -> list[int]:
    """DDS's play analysis (`AnalysePlay`, through endplay's `analyse_play`): the double-dummy
    tricks of the side at the leader's right before the play and after each card, sharing
    one search between the positions; it stops before the last trick, whose cards are forced."""
    position = _EndplayDeal(first=_PLAYERS[leader], trump=_DENOMS[strain])
    for player, hand in zip(_PLAYERS, deal.hands, strict=True):
        position[player] = _EndplayHand(_HOLDINGS(*_holdings(hand.mask)))
    cards = [
        _EndplayCard(suit=_DENOMS[card.suit], rank=Rank(4 << (card.rank - 2))) for card in play
    ]
    try:
        with _SOLVER_LOCK:
            return list(analyse_play(position, cards))
    except _dds.DDSError as error:
        raise AnalysisError(f"the double-dummy solver refused the play: {error}") from None


# -- the reference `vaza bench analyze` measures Vaza's path against --------------------------


def set_threads(threads: int) -> None:
    """The threads DDS solves with, for the whole process (0: one a core, its own choice)."""
    _dds.SetMaxThreads(threads)


def endplay_alone(deals: Sequence[Deal]) -> Callable[[int, int], list[tuple[int, ...]]]:
    """endplay without Vaza, for `vaza bench analyze`: the deals made into endplay's own
    type from their PBN text beforehand, and a function that solves those from `start` to
    `stop` with `calc_all_tables` (no lock, no Vaza value made) and reads each table's cells in
    `DDTable`'s order."""
    theirs = [_EndplayDeal(deal.to_pbn()) for deal in deals]

    def solve(start: int, stop: int) -> list[tuple[int, ...]]:
        solved = calc_all_tables(theirs[start:stop])
        return [_table(solved[index]).cells for index in range(stop - start)]

    return solve


def single_threaded() -> None:
    """Let DDS use one thread: for a background worker that must not crowd the server."""
    _dds.SetMaxThreads(1)
