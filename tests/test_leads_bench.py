"""`lead_cost` in `vaza bench robots`: leads against auctions the robots bid, judged on the deal."""

from __future__ import annotations

from vaza.bench.robots import interval95, measure_leads


def test_the_lead_figures_come_from_bid_deals_judged_double_dummy() -> None:
    costs: list[float] = []
    options = {"max_samples": 3, "min_samples": 3}
    figures = measure_leads(3, 2, robot_options=options, per_deal=costs)
    assert figures["deals"] == 3 == len(costs)
    assert int(figures["boards_dealt"]) >= 3  # type: ignore[call-overload]
    assert all(cost >= 0 and cost == int(cost) for cost in costs)
    assert figures["lead_cost"] == round(sum(costs) / 3, 4)
    low, high = figures["lead_cost_ci95"]  # type: ignore[misc]
    assert low <= figures["lead_cost"] <= high  # type: ignore[operator]
    again: list[float] = []
    measure_leads(3, 2, robot_options=options, per_deal=again)
    assert again == costs  # without a clock the leads repeat


def test_the_interval_is_the_mean_plus_or_minus_two_standard_errors() -> None:
    assert interval95([1.0]) == (1.0, 1.0)
    low, high = interval95([0.0, 2.0, 0.0, 2.0])
    assert round(low, 4) == round(1 - 1.96 * (4 / 3) ** 0.5 / 2, 4)
    assert round(high, 4) == round(1 + 1.96 * (4 / 3) ** 0.5 / 2, 4)
