"""How well and how fast the card-playing robot plays: the figures behind `vaza bench robots`.

Robots sit in all four seats and play random deals in a contract that double dummy makes
exactly (the best-scoring makeable one), so every trick matters to both sides.  Each card is
then judged against double dummy on the full deal — which the robots never see: the tricks the
side to play could take with its best card minus those it keeps with the card it chose.  A
side's cost per deal is the sum over its cards; the averages are the figures reported.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from vaza.core.calls import Contract, Doubling
from vaza.core.cards import SEATS, Card
from vaza.core.deal import Board
from vaza.core.games.contract import ContractDeal
from vaza.core.views import seat_view
from vaza.robots.cardplay.player import CARD_BUDGET_MS, CardPlayer, Scoring


def makeable_contract(board: Board) -> Contract:
    """The contract that scores most for its side among those double dummy makes exactly
    (declarer and level from the double-dummy table; undoubled)."""
    from vaza.analysis import STRAINS, dd_table  # noqa: PLC0415 - DDS loads on first use
    from vaza.scoring.contract import duplicate_score  # noqa: PLC0415

    table = dd_table(board.deal)
    best: tuple[int, Contract] | None = None
    for seat in SEATS:
        vulnerable = board.vulnerability.is_vulnerable(seat.side)
        for strain in STRAINS:
            tricks = table.tricks(seat, strain)
            if tricks < 7:
                continue
            contract = Contract(tricks - 6, strain, Doubling.UNDOUBLED, seat)
            score = duplicate_score(contract, tricks, vulnerable)
            if best is None or score > best[0]:
                best = (score, contract)
    assert best is not None  # one side always takes seven tricks in some strain
    return best[1]


def percentile(values: list[float], share: float) -> float:
    """The value `share` of the way up `values` (0 for none), as the robot benches report."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One deal played by the robots, judged card by card against double dummy."""

    costs: tuple[tuple[bool, int], ...]
    """For each card in the order played: whether declarer's side chose it, and the tricks
    it gave away against the best card there."""
    made: bool


def played_deals(
    deals: int,
    seed: int,
    *,
    scoring: Scoring = "imps",
    budget_ms: float | None = CARD_BUDGET_MS,
    robot_options: Mapping[str, Any] | None = None,
    times: list[float] | None = None,
) -> Iterator[PlayedDeal]:
    """Play `deals` random deals (reproducible from `seed`) with robots in every seat, and
    yield each once judged; the time of every card chosen (ms) goes into `times`."""
    from vaza.analysis.positions import Position, solve_positions  # noqa: PLC0415

    rng = random.Random(seed)
    robots = {
        seat: CardPlayer(
            scoring, budget_ms=budget_ms, seed=seed * 4 + seat, **(robot_options or {})
        )
        for seat in SEATS
    }
    for number in range(1, deals + 1):
        board = Board.random(number, rng)
        contract = makeable_contract(board)
        game = ContractDeal(board, contract)
        positions: list[Position] = []
        chosen: list[tuple[bool, Card]] = []
        while not game.is_over:
            play = game.play
            seat = game.controller
            assert play is not None and seat is not None and game.to_act is not None
            hands = tuple(play.hands)
            positions.append(Position(hands, contract.trump, play.leader, play.current_trick))  # type: ignore[arg-type]
            view = seat_view(game, seat)
            started = time.perf_counter()
            card = robots[seat].choose(view)
            assert isinstance(card, Card)
            if times is not None:
                times.append((time.perf_counter() - started) * 1000)
            chosen.append((game.to_act.side == contract.declarer.side, card))
            game.apply(card, by=seat)
        costs = tuple(
            (declaring, max(scores.values()) - scores[card])
            for scores, (declaring, card) in zip(solve_positions(positions), chosen, strict=True)
        )
        result = game.result
        yield PlayedDeal(costs, bool(result is not None and result.made))


def measure(
    deals: int,
    seed: int,
    *,
    scoring: Scoring = "imps",
    budget_ms: float | None = CARD_BUDGET_MS,
    single_core: bool = True,
    robot_options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, float]:
    """Play `deals` random deals (reproducible from `seed`) with robots in every seat.

    Returns card_ms_p50 / card_ms_p95 / card_ms_max (time per card chosen, trivial ones
    included), dd_cost_declarer and dd_cost_defence (tricks given away per deal against
    double dummy), the share of contracts made, and the counts.  `single_core` restricts
    DDS to one thread for the whole process, so the times are those of one core;
    `robot_options` go to each `CardPlayer` (with `budget_ms=None` and a `max_samples`, the
    play no longer depends on the machine's speed).
    """
    from vaza.analysis.dds import single_threaded  # noqa: PLC0415

    if single_core:
        single_threaded()
    times: list[float] = []
    declarer_costs: list[int] = []
    defence_costs: list[int] = []
    made = 0
    played = played_deals(
        deals,
        seed,
        scoring=scoring,
        budget_ms=budget_ms,
        robot_options=robot_options,
        times=times,
    )
    for number, deal in enumerate(played, start=1):
        declarer_costs.append(sum(cost for declaring, cost in deal.costs if declaring))
        defence_costs.append(sum(cost for declaring, cost in deal.costs if not declaring))
        made += deal.made
        if progress is not None:
            progress(number)
    return {
        "deals": float(deals),
        "cards": float(len(times)),
        "card_ms_p50": percentile(times, 0.5),
        "card_ms_p95": percentile(times, 0.95),
        "card_ms_max": max(times, default=0.0),
        "dd_cost_declarer": statistics.fmean(declarer_costs) if declarer_costs else 0.0,
        "dd_cost_defence": statistics.fmean(defence_costs) if defence_costs else 0.0,
        "made_share": made / deals if deals else 0.0,
    }


def _main() -> None:
    import json  # noqa: PLC0415
    import sys  # noqa: PLC0415

    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    options = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    budget = options.pop("budget_ms", CARD_BUDGET_MS)
    figures = measure(
        deals,
        seed,
        budget_ms=budget,
        robot_options=options,
        progress=lambda n: print(n, end=" ", flush=True),
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    _main()
