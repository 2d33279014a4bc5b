"""`vaza bench engine`: complete random deals through the public game interface.

Each deal: a random deal, a uniformly random legal call at every turn of the auction, a uniformly
random legal card at every turn of the play, all through `legal_actions()` and `apply()` as the
robots and the server use them.
"""

from __future__ import annotations

import platform
import time
from collections.abc import Callable

from vaza.core.deal import Board, make_rng
from vaza.core.games.contract import ContractDeal


def run(
    deals: int, seed: int | str | None = None, tick: Callable[[int], None] | None = None
) -> dict[str, object]:
    rng = make_rng(seed)
    choose = rng.choice
    actions = 0
    step = max(1, deals // 100)
    start = time.perf_counter()
    for number in range(deals):
        game = ContractDeal(Board.random(number % 16 + 1, rng))
        while not game.is_over:
            game.apply(choose(game.legal_actions()))
            actions += 1
        if tick is not None and number % step == step - 1:
            tick(step)
    seconds = time.perf_counter() - start
    return {
        "benchmark": "engine",
        "deals": deals,
        "actions": actions,
        "seconds": round(seconds, 4),
        "deals_per_second": round(deals / seconds, 1),
        "actions_per_second": round(actions / seconds, 1),
        "seed": seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
