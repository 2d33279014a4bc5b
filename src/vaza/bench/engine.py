"""`vaza bench engine`: complete random deals through the public game interface.

Each deal: a random deal, a uniformly random legal call at every turn of the auction, a uniformly
random legal card at every turn of the play, all through `legal_actions()` and `apply()` as the
robots and the server use them.

`--against-openspiel` plays the same harness through OpenSpiel's C++ bridge (`pyspiel`, an
optional extra) in the same process, the two interleaved round by round, so that a loaded or
slowing machine weighs on both alike; it reports the medians and their ratio.
"""

from __future__ import annotations

import platform
import statistics
import time
from collections.abc import Callable
from typing import Any

from vaza.core import COMPILED
from vaza.core.deal import Board, make_rng
from vaza.core.games.contract import ContractDeal

Tick = Callable[[int], None]

OPENSPIEL_MISSING = (
    "OpenSpiel is not installed: pip install 'vaza[openspiel]' (or pip install open_spiel)"
)


class OpenSpielMissing(RuntimeError):
    """`--against-openspiel` without the optional `pyspiel` module."""


def play_vaza(deals: int, seed: int | str | None, tick: Tick | None = None) -> tuple[int, float]:
    """Play `deals` random deals through Vaza's engine: (actions, seconds)."""
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
    return actions, time.perf_counter() - start


def openspiel_bridge() -> Any:
    """OpenSpiel's bridge game, played to the last trick (its default would end each deal at
    the auction with a double-dummy solve instead)."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415  (optional extra)
    except ImportError:
        raise OpenSpielMissing(OPENSPIEL_MISSING) from None
    return pyspiel.load_game("bridge", {"use_double_dummy_result": False})


def play_openspiel(
    game: Any, deals: int, seed: int | str | None, tick: Tick | None = None
) -> tuple[int, float]:
    """The same harness through OpenSpiel: the deal from one shuffle (its 52 chance actions
    deal the cards round the table, as `Deal.random` does), then a uniformly random legal
    action at every turn.  Returns (actions, seconds); actions count calls and cards only."""
    rng = make_rng(seed)
    choose = rng.choice
    shuffle = rng.shuffle
    actions = 0
    step = max(1, deals // 100)
    start = time.perf_counter()
    for number in range(deals):
        state = game.new_initial_state()
        order = list(range(52))
        shuffle(order)
        for card in order:
            state.apply_action(card)
        while not state.is_terminal():
            state.apply_action(choose(state.legal_actions()))
            actions += 1
        if tick is not None and number % step == step - 1:
            tick(step)
    return actions, time.perf_counter() - start


def run(deals: int, seed: int | str | None = None, tick: Tick | None = None) -> dict[str, object]:
    actions, seconds = play_vaza(deals, seed, tick)
    return {
        "benchmark": "engine",
        "deals": deals,
        "actions": actions,
        "seconds": round(seconds, 4),
        "deals_per_second": round(deals / seconds, 1),
        "actions_per_second": round(actions / seconds, 1),
        "compiled": COMPILED,
        "seed": seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def against_openspiel(
    deals: int, seed: int | str | None = None, rounds: int = 5, tick: Tick | None = None
) -> dict[str, object]:
    """Vaza and OpenSpiel in turn, `rounds` times each on `deals` deals (round r uses seed
    ``f"{seed}-{r}"`` for both); the ratio is of the median speeds.  Raises `OpenSpielMissing`."""
    bridge = openspiel_bridge()
    vaza: list[float] = []
    openspiel: list[float] = []
    for number in range(rounds):
        round_seed = None if seed is None else f"{seed}-{number}"
        _, seconds = play_vaza(deals, round_seed, tick)
        vaza.append(deals / seconds)
        _, seconds = play_openspiel(bridge, deals, round_seed, tick)
        openspiel.append(deals / seconds)
    vaza_median = statistics.median(vaza)
    openspiel_median = statistics.median(openspiel)
    return {
        "benchmark": "engine-against-openspiel",
        "deals": deals,
        "rounds": rounds,
        "vaza_deals_per_second": round(vaza_median, 1),
        "openspiel_deals_per_second": round(openspiel_median, 1),
        "ratio": round(vaza_median / openspiel_median, 3),
        "vaza_rounds": [round(speed, 1) for speed in vaza],
        "openspiel_rounds": [round(speed, 1) for speed in openspiel],
        "compiled": COMPILED,
        "seed": seed,
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
