"""Two robot configurations compared on the same boards, seats swapped (a team match).

Each board is played at two tables: configuration A sits North–South at the first and
East–West at the second, B the other way round.  A's IMPs on a board are the difference of the
two North–South scores, through the IMP scale; over many boards, their mean and a 95%
confidence interval say whether A is better than B.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from dataclasses import dataclass

from vaza.core.cards import SEATS, Seat, Side
from vaza.core.deal import Board, make_rng
from vaza.core.games.contract import ContractDeal
from vaza.robots.base import Robot
from vaza.robots.driver import play_out
from vaza.scoring.contract import duplicate_score
from vaza.scoring.imps import imps
from vaza.stats import interval95, paired_change

__all__ = [
    "Comparison",
    "compare",
    "interval95",
    "ns_score",
    "paired_change",
    "play_table",
]


@dataclass(frozen=True, slots=True)
class Comparison:
    boards: int
    imps: tuple[int, ...]
    """A's IMPs on each board."""

    @property
    def mean(self) -> float:
        return statistics.fmean(self.imps) if self.imps else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return interval95(self.imps)

    def as_dict(self) -> dict[str, object]:
        low, high = self.interval
        return {
            "boards": self.boards,
            "imps_per_board": round(self.mean, 3),
            "ci95": [round(low, 3), round(high, 3)],
            "total_imps": sum(self.imps),
            "a_better": low > 0,
            "b_better": high < 0,
        }


def ns_score(game: ContractDeal) -> int:
    result = game.result
    assert result is not None
    contract = result.contract
    if contract is None or result.declarer_tricks is None:
        return 0
    side = contract.declarer.side
    score = duplicate_score(
        contract, result.declarer_tricks, game.board.vulnerability.is_vulnerable(side)
    )
    return score if side is Side.NS else -score


def play_table(board: Board, robots: dict[Seat, Robot]) -> int:
    game = ContractDeal(board)
    play_out(game, robots)
    return ns_score(game)


def compare(
    a: Callable[[], Robot],
    b: Callable[[], Robot],
    boards: int,
    seed: int | str | None = None,
    advance: Callable[[int], None] | None = None,
) -> Comparison:
    rng = make_rng(seed)
    results = []
    for number in range(1, boards + 1):
        board = Board.random(number, rng)
        first = {seat: (a() if seat.side is Side.NS else b()) for seat in SEATS}
        second = {seat: (b() if seat.side is Side.NS else a()) for seat in SEATS}
        results.append(imps(play_table(board, first) - play_table(board, second)))
        if advance is not None:
            advance(1)
    return Comparison(boards, tuple(results))
