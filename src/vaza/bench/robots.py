"""`vaza bench robots`: how well and how fast the robots bid and play.

- Bidding: four robots bid random deals; the contract, played double dummy, against par
  (`par_loss_imps`), and the time per call.
- Card play: robots play random deals in a fixed contract, sampling the hidden hands and solving
  each sample double dummy; the tricks each side gives away against double dummy
  (`dd_cost_declarer`, `dd_cost_defence`, measured with the full deal, never decided with it),
  and the time per card.
- Boerenbridge (four players): the exact-bid rate of four strong robots and their share of 0
  bids, the win rate and exact-bid rate of one against three random players, and the time per
  decision.
"""

from __future__ import annotations

from collections.abc import Callable

from vaza.bench.boerenbridge import measure as measure_boerenbridge
from vaza.robots.bidding.measure import measure as measure_bidding
from vaza.robots.cardplay.measure import measure as measure_cardplay


def run(
    deals: int,
    seed: int,
    *,
    card_deals: int,
    boeren_matches: int,
    advance: Callable[[int], None] | None = None,
) -> dict[str, object]:
    bidding = measure_bidding(deals, seed, advance).as_dict()
    cards = measure_cardplay(card_deals, seed)
    boeren = measure_boerenbridge(boeren_matches, seed)
    return {
        "benchmark": "robots",
        "seed": seed,
        "bidding_deals": deals,
        "par_loss_imps": bidding["par_loss_imps"],
        "bid_ms_p95": bidding["call_ms_p95"],
        "card_deals": card_deals,
        "dd_cost_declarer": cards.get("dd_cost_declarer"),
        "dd_cost_defence": cards.get("dd_cost_defence"),
        "card_ms_p95": cards.get("card_ms_p95"),
        "boeren_matches": boeren_matches,
        "exact_bid_rate": boeren.get("exact_bid_rate"),
        "zero_bid_share": boeren.get("zero_bid_share"),
        "win_rate_vs_random": boeren.get("win_rate_vs_random"),
        "exact_bid_rate_vs_random": boeren.get("exact_bid_rate_vs_random"),
        "boeren_ms_p95": boeren.get("boeren_ms_p95"),
        "details": {"bidding": bidding, "card_play": cards, "boerenbridge": boeren},
    }
