"""The interfaces robots offer: `Robot` chooses a bridge action, `BoerenbridgeRobot` a
Boerenbridge one; `TableRobot`, any game's robot at a table, also says whether it claims and how
it answers a claim."""

from __future__ import annotations

from typing import Protocol, TypeVar

from vaza.core.game import Claim, ClaimResponse
from vaza.core.games.boerenbridge import BoerenbridgeAction
from vaza.core.games.contract import BridgeAction
from vaza.core.views import TableView
from vaza.core.views.boerenbridge import RoundView

ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
ActionT_co = TypeVar("ActionT_co", covariant=True)


class Robot(Protocol):
    """Chooses an action for the seat its view belongs to, from that view only."""

    def choose(self, view: TableView) -> BridgeAction: ...


class BoerenbridgeRobot(Protocol):
    """Chooses a Boerenbridge action for the player its view belongs to, from that view only."""

    def choose(self, view: RoundView) -> BoerenbridgeAction: ...


class TableRobot(Protocol[ViewT_contra, ActionT_co]):
    """A robot seated at a table of one game: it decides from its seat's view only."""

    def choose(self, view: ViewT_contra) -> ActionT_co:
        """The call, card or other action for the seat whose turn it is."""
        ...

    def claim(self, view: ViewT_contra) -> Claim | None:
        """A claim to make now instead of playing on, or None."""
        ...

    def respond(self, view: ViewT_contra) -> ClaimResponse | None:
        """The answer to the claim `view` shows pending, or None to leave it to the table's
        rule (concessions accepted, other claims refused)."""
        ...


class PlaysOut:
    """For robots that play every card out: they never claim, and leave answers to claims to
    the table's rule."""

    def claim(self, view: object) -> Claim | None:
        return None

    def respond(self, view: object) -> ClaimResponse | None:
        return None
