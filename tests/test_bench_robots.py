from __future__ import annotations

from vaza.bench import robots


def test_bench_robots_reports_every_figure() -> None:
    figures = robots.run(
        robots.Sizes(6, 3, card_deals=1, boeren_matches=1, boeren_random_matches=2)
    )
    names = ("par_loss_imps", "par_loss_fail_imps", "par_loss_missed_imps", "bid_ms_p95",
             "dd_cost_declarer", "dd_cost_defence", "lead_cost", "card_ms_p95", "exact_bid_rate",
             "win_rate_vs_random", "boeren_ms_p95", "layouts_per_cpu_second",
             "robot_cpu_seconds_per_deal")  # fmt: skip
    for name in names:
        assert isinstance(figures[name], int | float), name
    assert 0 <= float(figures["exact_bid_rate"]) <= 1  # type: ignore[arg-type]
    assert figures["boeren_random_matches"] == 2
    assert figures["details"]["boerenbridge"]["matches"] == 1  # type: ignore[index]
    for name in ("dd_cost_declarer", "dd_cost_defence", "lead_cost"):
        low, high = figures[f"{name}_ci95"]  # type: ignore[misc]
        assert low <= figures[name] <= high, name  # type: ignore[operator]
    assert figures["details"]["card_play"]["bid"] is True  # type: ignore[index]
    assert figures["runaways"] == 0
    assert isinstance(figures["system_par_loss_imps"], float)
    changed = figures["judged_boards_changed"]
    assert isinstance(changed, int) and 0 <= changed <= 6
    system = figures["details"]["system_bidding"]  # type: ignore[index]
    assert system["boards"] == figures["details"]["bidding"]["boards"] == 6  # type: ignore[index]
