"""What seeing the cards in the play is worth at contract bridge, against the baseline (issue 18).

    bridge_shown.py run ARM BOARDS SEED > arm.json   A against the baseline on the boards of
                                            `vaza match --boards BOARDS --seed SEED`
    bridge_shown.py compare a.json b.json   b − a, board by board, with a 95% interval (runs
                                            pooled with commas: a11.json,a12.json)

The boards and tables are `vaza match --a strong --b baseline`'s (`robots/compare.py`): each
board at two tables, A North–South at the first and East–West at the second; A's IMPs a board.
A is the strong robot as the registry builds it.  In the arms that cheat, each card A must
choose in the named role is the best card of the true layout, double dummy (its own
`trick_values` at IMPs, so making or beating the contract first): a ceiling for what card play
could win, not a robot.  The bidding is the strong robot's in every arm.

- `unchanged`: the strong robot as built (the arms' yardstick on the same boards);
- `shown_play`: every card of A's, declaring or defending;
- `shown_declarer`: A's cards as declarer (its own and dummy's);
- `shown_defence`: A's cards as a defender, the opening lead included;
- `shown_lead`: A's opening leads only.

The true layout comes from the board the harness deals, never from a view.  DDS runs on one
thread: run two arms at once, one a core."""

import json
import sys
from typing import Any, Literal, get_args

from common import paired

from vaza.analysis.dds import single_threaded
from vaza.core.cards import SEATS, Card, Seat, Side
from vaza.core.deal import Board, make_rng
from vaza.core.games.contract import BridgeAction, ContractDeal
from vaza.core.views import TableView
from vaza.robots.base import Robot
from vaza.robots.cardplay.player import CardPlayer, Decision, _Search, equal_runs
from vaza.robots.cardplay.solver import Layout, position_now, solve
from vaza.bench.compare import interval95, ns_score
from vaza.robots.driver import play_out
from vaza.robots.registry import robot
from vaza.scoring.imps import imps

Arm = Literal["unchanged", "shown_play", "shown_declarer", "shown_defence", "shown_lead"]
ARMS: tuple[Arm, ...] = get_args(Arm)
Row = dict[str, Any]
"""A board as the JSON keeps it: A's IMPs and each table's contract, tricks and NS score."""


def true_layout(board: Board, view: TableView) -> Layout:
    """Each seat's cards still held on the board as dealt: the dealt hand less its played
    cards."""
    held = [board.deal[seat].mask for seat in SEATS]
    for seat, card in view.played:
        held[seat] &= ~card.mask
    return (held[0], held[1], held[2], held[3])


class Shown:
    """The strong robot, told the true layout for the cards of one role."""

    def __init__(self, player: CardPlayer, board: Board, arm: Arm) -> None:
        self.player = player
        self.board = board
        self.arm = arm

    def _shown(self, view: TableView) -> bool:
        contract, seat = view.contract, view.to_act
        if contract is None or seat is None or not isinstance(view.legal_actions[0], Card):
            return False
        declaring = seat.side == contract.declarer.side
        if self.arm == "shown_lead":
            return not view.played
        return self.arm == "shown_play" or (self.arm == "shown_declarer") == declaring

    def choose(self, view: TableView) -> BridgeAction:
        if self.arm == "unchanged" or not self._shown(view):
            return self.player.choose(view)
        return self.best_on_true(view).card

    def best_on_true(self, view: TableView) -> Decision:
        """The robot's own choice among the cards that do best on the true layout."""
        contract, seat = view.contract, view.to_act
        assert contract is not None and seat is not None
        runs = equal_runs(view)
        if len(runs) == 1:
            return self.player.decide(view)
        search = _Search(self.player, view, contract, seat, runs)
        scores = solve([position_now(view, true_layout(self.board, view))])[0]
        search.rows.append(tuple(scores[card] for card in search.choices))
        search.weights.append(1.0)
        return Decision(search.choices[search._best()], 1, True, {}, {})


def shown(board: Board, arm: Arm) -> Robot:
    player = robot("strong")
    assert isinstance(player, CardPlayer)
    return Shown(player, board, arm)


def seated(board: Board, arm: Arm, a_side: Side) -> dict[Seat, Robot]:
    """A table of `vaza match`: A on `a_side`, the baseline on the other."""
    return {seat: shown(board, arm) if seat.side is a_side else robot("baseline") for seat in SEATS}


def table(board: Board, robots: dict[Seat, Robot]) -> Row:
    game = ContractDeal(board)
    play_out(game, robots)
    result = game.result
    assert result is not None
    contract = result.contract
    return {
        "contract": None if contract is None else f"{contract}{contract.declarer.letter}",
        "tricks": result.declarer_tricks,
        "ns": ns_score(game),
    }


def tricks_for_a(row: Row) -> int | None:
    """On a board played in the same contract by the same seat at both tables, the tricks A
    took more than B in the seats it held (declaring at one table, defending at the other);
    None on other boards."""
    first, second = row["tables"]
    contract = first["contract"]
    if contract is None or contract != second["contract"]:
        return None
    gain: int = first["tricks"] - second["tricks"]
    return gain if contract[-1] in "NS" else -gain


def summary(rows: list[Row]) -> Row:
    """A's IMPs a board and its tricks on the boards alike, each with a 95% interval."""
    gains = [row["imps"] for row in rows]
    low, high = interval95(gains)
    tricks = [gain for row in rows if (gain := tricks_for_a(row)) is not None]
    tricks_low, tricks_high = interval95(tricks)
    return {
        "imps_per_board": round(sum(gains) / len(gains), 3),
        "ci95": [round(low, 3), round(high, 3)],
        "same_contract_boards": len(tricks),
        "tricks_for_a": round(sum(tricks) / len(tricks), 3) if tricks else None,
        "tricks_ci95": [round(tricks_low, 3), round(tricks_high, 3)],
    }


def run(arm: Arm, boards: int, seed: int) -> None:
    """`robots.compare.compare`'s loop, A built for each board: it needs the deal."""
    single_threaded()
    rng = make_rng(seed)
    rows = []
    for number in range(1, boards + 1):
        board = Board.random(number, rng)
        first = table(board, seated(board, arm, Side.NS))
        second = table(board, seated(board, arm, Side.EW))
        rows.append({"imps": imps(first["ns"] - second["ns"]), "tables": [first, second]})
        print(f"\r{number}/{boards}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(json.dumps({"arm": arm, "seed": seed, "boards": boards, **summary(rows), "rows": rows}))


def rows_of(paths: list[str]) -> list[Row]:
    """The boards of one or more runs, in order (the runs of two seeds pooled)."""
    rows = []
    for path in paths:
        with open(path) as file:
            rows += json.load(file)["rows"]
    return rows


def compare(first: list[str], second: list[str]) -> None:
    """Runs of arm b less arm a, board by board; each side may pool several runs (a comma
    between their files), in the same order."""
    a, b = rows_of(first), rows_of(second)
    print(json.dumps({
        "a": summary(a), "b": summary(b),
        **paired([row["imps"] for row in a], [row["imps"] for row in b], 3),
    }))  # fmt: skip


if __name__ == "__main__":
    if sys.argv[1] == "run":
        if sys.argv[2] not in ARMS:
            sys.exit(f"no arm {sys.argv[2]!r}: choose {', '.join(ARMS)}")
        run(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))  # type: ignore[arg-type]
    else:
        compare(sys.argv[2].split(","), sys.argv[3].split(","))
