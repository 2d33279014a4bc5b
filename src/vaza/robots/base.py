"""The interfaces every robot offers, one a game family."""

from __future__ import annotations

from typing import Protocol

from vaza.core.games.boerenbridge import BoerenbridgeAction
from vaza.core.games.contract import BridgeAction
from vaza.core.views import TableView
from vaza.core.views.boerenbridge import RoundView


class Robot(Protocol):
    """Chooses an action for the seat its view belongs to, from that view only."""

    def choose(self, view: TableView) -> BridgeAction: ...


class BoerenbridgeRobot(Protocol):
    """Chooses a Boerenbridge action for the player its view belongs to, from that view only."""

    def choose(self, view: RoundView) -> BoerenbridgeAction: ...
