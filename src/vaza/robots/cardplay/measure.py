"""How well and how fast the card-playing robot plays: the figures behind `vaza bench robots`.

Robots sit in all four seats and play random deals, either in the contract the four of them
bid with the system (`auction=True`: the opening lead and the play are made against a real
auction, each robot reading it as the strong robot does; passed-out boards are skipped) or in a
contract that double dummy makes exactly (the best-scoring makeable one, with no auction), so
every trick matters to both sides.  Each card is then judged against double dummy on the full
deal — which the robots never see: the tricks the side to play could take with its best card
minus those it keeps with the card it chose.  A side's cost per deal is the sum over its cards;
the averages are the figures reported, the opening lead's own cost among them.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any

from vaza.core.calls import Contract, Doubling
from vaza.core.cards import SEATS, Card
from vaza.core.deal import Board
from vaza.core.games.contract import ContractDeal
from vaza.core.views import seat_view
from vaza.robots.cardplay.player import CardPlayer, CardSettings, Scoring
from vaza.stats import interval95


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


_SETTINGS: frozenset[str] = frozenset(field.name for field in fields(CardSettings))


def card_player(scoring: Scoring, seed: int, options: Mapping[str, Any]) -> CardPlayer:
    """A seeded card player: `options` name `CardSettings` fields (``max_samples``,
    ``min_samples`` …) and the player's own readers (``constraints``, ``bidder``)."""
    settings = CardSettings(**{k: v for k, v in options.items() if k in _SETTINGS})
    others = {k: v for k, v in options.items() if k not in _SETTINGS}
    return CardPlayer(scoring, settings, seed=seed, **others)


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One deal played by the robots, judged card by card against double dummy."""

    contract: Contract
    costs: tuple[tuple[bool, int], ...]
    """For each card in the order played: whether declarer's side chose it, and the tricks
    it gave away against the best card there."""
    made: bool

    @property
    def lead_cost(self) -> int:
        """What the opening lead gave away."""
        return self.costs[0][1]


def bid_boards(rng: random.Random) -> Iterator[tuple[int, ContractDeal]]:
    """Random boards (numbered 1, 2, … for dealer and vulnerability) bid by four robots of
    the system, each seeing its own hand, ready for the opening lead; passed out, skipped.
    Each comes with the count of boards dealt so far, the passed-out ones included."""
    from vaza.robots.bidding.measure import bid_board  # noqa: PLC0415 - the bidding is above

    number = 0
    while True:
        number += 1
        board = Board.random(number % 16 + 1, rng)
        bid = bid_board(board)
        if bid.contract is None:
            continue
        game = ContractDeal(board)
        for call in bid.calls:
            game.apply(call)
        yield number, game


def bid_games(rng: random.Random) -> Iterator[ContractDeal]:
    """The games of `bid_boards`, without their numbers."""
    return (game for _, game in bid_boards(rng))


def _contract_games(rng: random.Random) -> Iterator[ContractDeal]:
    """Random boards in the contract double dummy makes exactly, with no auction."""
    number = 0
    while True:
        number += 1
        board = Board.random(number, rng)
        yield ContractDeal(board, makeable_contract(board))


@dataclass(frozen=True, slots=True)
class Seats:
    """How the robots of a measured deal play: the scoring they weigh, the options of each
    `CardPlayer` (`card_player`), and whether they bid the board first (`auction`)."""

    scoring: Scoring = "imps"
    robot_options: Mapping[str, Any] | None = None
    auction: bool = False


def played_deals(
    deals: int,
    seed: int,
    seats: Seats = Seats(),
    *,
    times: list[float] | None = None,
    robots_out: list[CardPlayer] | None = None,
) -> Iterator[PlayedDeal]:
    """Play `deals` random deals (reproducible from `seed`) with robots in every seat, and
    yield each once judged; the CPU time of every card chosen (ms, every thread of this
    process: one core's work when DDS has one thread) goes into `times`, and the four robots
    into `robots_out` (their layouts and runaways are counted there).  With
    `auction` the robots bid each board first and read the auction as the strong robot does
    (`robot_options` may still change that)."""
    scoring, robot_options, auction = seats.scoring, seats.robot_options, seats.auction
    from vaza.analysis.positions import Position, solve_positions  # noqa: PLC0415

    rng = random.Random(seed)
    reading: dict[str, Any] = {}
    if auction:
        from vaza.robots.bidding import BiddingRobot, infer  # noqa: PLC0415 - bidding is above

        reading = {"constraints": infer, "bidder": BiddingRobot()}
    options = reading | dict(robot_options or {})
    robots = {seat: card_player(scoring, seed * 4 + seat, options) for seat in SEATS}
    if robots_out is not None:
        robots_out.extend(robots.values())
    games = bid_games(rng) if auction else _contract_games(rng)
    for _, game in zip(range(deals), games, strict=False):
        contract = game.contract
        assert contract is not None
        positions: list[Position] = []
        chosen: list[tuple[bool, Card]] = []
        while not game.is_over:
            play = game.play
            seat = game.controller
            assert play is not None and seat is not None and game.to_act is not None
            hands = tuple(play.hands)
            positions.append(Position(hands, contract.trump, play.leader, play.current_trick))  # type: ignore[arg-type]
            view = seat_view(game, seat)
            started = time.process_time()
            card = robots[seat].choose(view)
            assert isinstance(card, Card)
            if times is not None:
                times.append((time.process_time() - started) * 1000)
            chosen.append((game.to_act.side == contract.declarer.side, card))
            game.apply(card, by=seat)
        costs = tuple(
            (declaring, max(scores.values()) - scores[card])
            for scores, (declaring, card) in zip(solve_positions(positions), chosen, strict=True)
        )
        result = game.result
        yield PlayedDeal(contract, costs, bool(result is not None and result.made))


def measure(
    deals: int,
    seed: int,
    seats: Seats = Seats(),
    *,
    single_core: bool = True,
    progress: Callable[[int], None] | None = None,
) -> dict[str, object]:
    """Play `deals` random deals (reproducible from `seed`) with robots in every seat, bid by
    them first with `auction` (`played_deals`).

    Returns card_ms_p50 / card_ms_p95 / card_ms_max (CPU time per card chosen, trivial ones
    included: on one core with `single_core`, whatever else the machine runs), the layouts
    solved per CPU second of the robots' card decisions, the robots' CPU seconds per deal,
    the decisions a runaway cap stopped (never expected), dd_cost_declarer, dd_cost_defence
    and lead_cost (tricks given away per deal against double dummy, the opening lead's own
    among the defence's), each with its 95%
    interval, the share of contracts made, and the counts.  `single_core` restricts
    DDS to one thread for the whole process, so the times are those of one core;
    `robot_options` go to each `CardPlayer` (`card_player`).
    """
    from vaza.analysis.dds import single_threaded  # noqa: PLC0415

    if single_core:
        single_threaded()
    times: list[float] = []
    costs: dict[str, list[float]] = {"dd_cost_declarer": [], "dd_cost_defence": [], "lead_cost": []}
    made = 0
    robots: list[CardPlayer] = []
    played = played_deals(deals, seed, seats, times=times, robots_out=robots)
    for number, deal in enumerate(played, start=1):
        costs["dd_cost_declarer"].append(sum(cost for declaring, cost in deal.costs if declaring))
        costs["dd_cost_defence"].append(
            sum(cost for declaring, cost in deal.costs if not declaring)
        )
        costs["lead_cost"].append(deal.lead_cost)
        made += deal.made
        if progress is not None:
            progress(number)
    figures: dict[str, object] = {
        "deals": deals,
        "bid": seats.auction,
        "cards": len(times),
        "card_ms_p50": percentile(times, 0.5),
        "card_ms_p95": percentile(times, 0.95),
        "card_ms_max": max(times, default=0.0),
        "layouts": (layouts := sum(robot.layouts_solved for robot in robots)),
        "layouts_per_cpu_second": round(layouts * 1000 / sum(times), 1) if sum(times) else 0.0,
        "robot_cpu_seconds_per_deal": round(sum(times) / 1000 / deals, 3) if deals else 0.0,
        "runaways": sum(robot.runaways for robot in robots),
        "made_share": made / deals if deals else 0.0,
    }
    for name, values in costs.items():
        low, high = interval95(values)
        figures[name] = round(statistics.fmean(values), 4) if values else 0.0
        figures[f"{name}_ci95"] = [round(low, 4), round(high, 4)]
    return figures


def _main() -> None:
    """``python -m vaza.robots.cardplay.measure DEALS SEED [OPTIONS-JSON]``: the robots' own
    auctions, or a made contract with ``{"auction": false}``."""
    import json  # noqa: PLC0415
    import sys  # noqa: PLC0415

    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    options = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    auction = options.pop("auction", True)
    figures = measure(
        deals,
        seed,
        Seats(robot_options=options, auction=auction),
        progress=lambda n: print(n, end=" ", flush=True),
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    _main()
