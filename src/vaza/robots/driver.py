"""Drive a game to its end with robots in every seat (the terminal demo, tests, benchmarks)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from vaza.core.cards import Seat
from vaza.core.games.contract import BridgeAction, ContractDeal
from vaza.core.views import seat_view
from vaza.robots.base import Robot


def play_out(
    game: ContractDeal,
    robots: Mapping[Seat, Robot],
    on_action: Callable[[Seat, BridgeAction], None] | None = None,
) -> None:
    """Let each robot choose from its own seat's view until the deal is over."""
    while not game.is_over:
        seat = game.controller
        assert seat is not None
        action = robots[seat].choose(seat_view(game, seat))
        game.apply(action, by=seat)
        if on_action is not None:
            on_action(seat, action)
