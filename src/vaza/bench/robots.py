"""`vaza bench robots`: how well and how fast the robots bid and play.

- Bidding: four strong robots bid random deals; the contract, played double dummy, against par
  (`par_loss_imps`), and the time per call; the same deals bid by the system alone, without
  the judgement by simulation (`system_par_loss_imps`), and the change board by board.
- Card play: four robots bid random deals and play them in the contract reached (passed-out
  deals are skipped), sampling the hidden hands consistently with the auction and the play and
  solving each sample double dummy; the tricks each side gives away against double dummy
  (`dd_cost_declarer`, `dd_cost_defence`, and the opening lead's own `lead_cost`, measured with
  the full deal, never decided with it), with 95% intervals, and the time per card.
- Opening leads alone (`measure_leads`, for comparing ways to lead: `python -m
  vaza.bench.robots`): the opening leader of each bid deal leads, and nothing more is played.
- Boerenbridge (four players): the exact-bid rate of four strong robots and their share of 0
  bids, the win rate and exact-bid rate of one against three random players, and the time per
  decision.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from vaza.bench.boerenbridge import measure as measure_boerenbridge
from vaza.robots.bidding.measure import LOSS_KINDS
from vaza.robots.bidding.measure import measure as measure_bidding
from vaza.robots.cardplay.measure import Seats, bid_boards, card_player, percentile
from vaza.robots.cardplay.measure import measure as measure_cardplay
from vaza.stats import interval95


def measure_leads(
    deals: int,
    seed: int,
    *,
    robot_options: Mapping[str, Any] | None = None,
    single_core: bool = True,
    per_deal: list[float] | None = None,
) -> dict[str, object]:
    """Bid random boards (from `seed`) with four robots until `deals` reach a contract, let the
    opening leader lead as the strong robot does, and judge each lead on the full deal.

    `robot_options` go to the leader's `CardPlayer` (`card_player`: settings and readers),
    configured as `strong` (``{"max_samples": 24}`` weighs more layouts); each lead's cost
    also goes into `per_deal`, to compare two configurations deal by deal."""
    from vaza.analysis.dds import single_threaded  # noqa: PLC0415 - DDS loads on first use
    from vaza.analysis.positions import Position, solve_positions  # noqa: PLC0415
    from vaza.core.cards import Card  # noqa: PLC0415
    from vaza.core.views import seat_view  # noqa: PLC0415
    from vaza.robots.bidding import BiddingRobot, infer  # noqa: PLC0415

    if single_core:
        single_threaded()
    solve_positions([])  # the solver loaded before the first lead is timed
    rng = random.Random(seed)
    costs: list[float] = []
    times: list[float] = []
    cpu_times: list[float] = []
    """CPU time of each lead: the time on one core even when other work shares the machine."""
    samples: list[int] = []
    dealt = 0
    """Boards dealt to reach the deals, the passed-out ones included."""
    for number, game in islice(bid_boards(rng), deals):
        dealt = number
        contract = game.contract
        assert contract is not None
        leader = contract.opening_leader
        readers = {"bidder": BiddingRobot(), "constraints": infer}
        robot = card_player("imps", seed * 4 + leader, readers | dict(robot_options or {}))
        started, cpu = time.perf_counter(), time.process_time()
        decision = robot.decide(seat_view(game, leader))
        times.append((time.perf_counter() - started) * 1000)
        cpu_times.append((time.process_time() - cpu) * 1000)
        samples.append(decision.samples)
        hands = tuple(hand.mask for hand in game.board.deal.hands)
        scores = solve_positions([Position(hands, contract.trump, leader)])[0]  # type: ignore[arg-type]
        card: Card = decision.card
        costs.append(float(max(scores.values()) - scores[card]))
    if per_deal is not None:
        per_deal.extend(costs)
    low, high = interval95(costs)
    ordered = sorted(times)
    return {
        "deals": len(costs),
        "boards_dealt": dealt,
        "lead_cost": round(statistics.fmean(costs), 4) if costs else 0.0,
        "lead_cost_ci95": [round(low, 4), round(high, 4)],
        "costly_lead_share": round(sum(cost > 0 for cost in costs) / len(costs), 4),
        "lead_ms_p50": round(ordered[len(ordered) // 2], 1),
        "lead_ms_p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        "lead_ms_max": round(ordered[-1], 1),
        "lead_cpu_ms_p95": round(percentile(cpu_times, 0.95), 1),
        "lead_samples_mean": round(statistics.fmean(samples), 1),
    }


@dataclass(frozen=True, slots=True)
class Sizes:
    """How much the robots' benchmark plays (the `vaza bench robots` options)."""

    deals: int
    """Boards bid."""
    seed: int
    card_deals: int
    """Boards bid and played."""
    boeren_matches: int
    """Boerenbridge matches of four strong robots."""
    boeren_random_matches: int | None = None
    """Matches of one strong robot against three random players (default: as many)."""


def run(sizes: Sizes, advance: Callable[[int], None] | None = None) -> dict[str, object]:
    """Every figure: `deals` boards bid, `card_deals` bid and played.  The boards are bid by
    the strong robot's bidder, which judges by simulation the calls that place the contract
    (`robots/judged_bidding.py`), and again by the system alone: the par loss of both, and
    the change board by board."""
    deals, seed, card_deals = sizes.deals, sizes.seed, sizes.card_deals
    boeren_matches, boeren_random_matches = sizes.boeren_matches, sizes.boeren_random_matches
    from vaza.robots.bidding.measure import paired_change  # noqa: PLC0415
    from vaza.robots.judged_bidding import (  # noqa: PLC0415
        Judgement,
        JudgeSettings,
        judged_chooser,
    )

    judgements: list[Judgement] = []
    with tempfile.TemporaryDirectory() as folder:
        tables = Path(folder) / "tables.json"  # the boards solved once for both
        system = measure_bidding(deals, seed, advance, dd_cache=tables)
        chooser = judged_chooser(JudgeSettings(), seed=seed, judgements=judgements)
        judged = measure_bidding(deals, seed, dd_cache=tables, chooser=chooser)
    bidding, system_bidding = judged.as_dict(), system.as_dict()
    cards = measure_cardplay(card_deals, seed, Seats(auction=True))
    boeren = measure_boerenbridge(boeren_matches, seed, random_matches=boeren_random_matches)
    return {
        "benchmark": "robots",
        "seed": seed,
        "bidding_deals": deals,
        "par_loss_imps": bidding["par_loss_imps"],
        "par_loss_ci95": bidding["par_loss_ci95"],
        **{f"par_loss_{kind}_imps": bidding[f"par_loss_{kind}_imps"] for kind in LOSS_KINDS},
        "bid_ms_p95": bidding["call_ms_p95"],
        "judged_calls": len(judgements),
        "judged_layouts_mean": round(
            statistics.fmean(j.samples for j in judgements) if judgements else 0.0, 1
        ),
        "judge_runaways": sum(j.runaway for j in judgements),
        "system_par_loss_imps": system_bidding["par_loss_imps"],
        **{
            f"judged_{key}": value
            for key, value in paired_change(judged.board_losses, system.board_losses).items()
        },
        "card_deals": card_deals,
        **{
            name: cards[name]
            for name in (
                "dd_cost_declarer",
                "dd_cost_defence",
                "lead_cost",
                "card_ms_p95",
                "layouts_per_cpu_second",
                "robot_cpu_seconds_per_deal",
                "runaways",
            )
        },
        **{
            f"{name}_ci95": cards[f"{name}_ci95"]
            for name in ("dd_cost_declarer", "dd_cost_defence", "lead_cost")
        },
        "boeren_matches": boeren_matches,
        "boeren_random_matches": boeren.get("random_matches"),
        "exact_bid_rate": boeren.get("exact_bid_rate"),
        "zero_bid_share": boeren.get("zero_bid_share"),
        "win_rate_vs_random": boeren.get("win_rate_vs_random"),
        "exact_bid_rate_vs_random": boeren.get("exact_bid_rate_vs_random"),
        "exact_bid_rate_vs_random_ci95": boeren.get("exact_bid_rate_vs_random_ci95"),
        "boeren_ms_p95": boeren.get("boeren_ms_p95"),
        "details": {
            "bidding": bidding,
            "system_bidding": system_bidding,
            "card_play": cards,
            "boerenbridge": boeren,
        },
    }


def _main() -> None:
    """``python -m vaza.bench.robots DEALS SEED [OPTIONS-JSON]``: the lead figures alone."""
    import json  # noqa: PLC0415
    import sys  # noqa: PLC0415

    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    options = json.loads(sys.argv[3]) if len(sys.argv) > 3 else {}
    costs: list[float] = []
    figures = measure_leads(deals, seed, robot_options=options, per_deal=costs)
    print(json.dumps({**figures, "per_deal": costs}))


if __name__ == "__main__":
    _main()
