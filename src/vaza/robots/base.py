"""The interfaces robots offer: `Robot` chooses a bridge action, `BoerenbridgeRobot` a
Boerenbridge one; `TableRobot`, any game's robot at a table, also says whether it claims and how
it answers a claim."""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from vaza.core.errors import IllegalAction
from vaza.core.game import Answer, Claim, ClaimResponse, Proposal, UndoResponse, answers
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


class Answerable(Protocol):
    """A view that may show a claim or undo request waiting for its viewer."""

    @property
    def viewer(self) -> Any: ...
    @property
    def proposal(self) -> Proposal[Any] | None: ...


def robot_answer(robot: TableRobot[Any, Any], view: Answerable) -> Answer:
    """A robot's answer, chosen among the answers its seat's view allows (`core.game.answers`,
    what `legal` lists): it grants undo requests, answers a claim by its own check, and
    without one accepts only a concession."""
    options = answers(view.proposal, view.viewer)
    if not options:
        raise IllegalAction("no claim or undo request waits for this seat's answer")
    if isinstance(options[0], UndoResponse):
        return UndoResponse(grant=True)
    checked = robot.respond(view)
    if checked is not None:
        return checked
    assert view.proposal is not None  # answers() offers nothing without one
    concession = view.proposal.tricks == 0
    return ClaimResponse(accept=concession, why=None if concession else "unchecked")
