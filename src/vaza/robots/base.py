"""The one interface every robot offers."""

from __future__ import annotations

from typing import Protocol

from vaza.core.games.contract import BridgeAction
from vaza.core.views import TableView


class Robot(Protocol):
    """Chooses an action for the seat its view belongs to, from that view only."""

    def choose(self, view: TableView) -> BridgeAction: ...
