"""The one interface every game shares, and the table actions besides calls and cards.

A game is a state machine: the seat to act and the seat that controls that move (declarer
controls dummy), `legal_actions()`, `apply(action, by)` which raises a typed error and changes
nothing when the action is illegal or out of turn, `is_over` and `result`.  The server and the
robots drive every game through this interface only.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Generic, TypeVar

from vaza.core.errors import IllegalAction
from vaza.core.pickling import Rebuild, by_fields

SeatT = TypeVar("SeatT")
ActionT = TypeVar("ActionT")
ResultT = TypeVar("ResultT")


LINE_LENGTH: Final = 300
"""The longest statement of a claim's line of play, in characters."""
REASON_LENGTH: Final = 200
"""The most characters of a person's own reason for rejecting a claim."""


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim `tricks` of the remaining tricks for the claimer's side (0 concedes them all),
    with the line of play the claimer states, if any (Law 68C)."""

    tricks: int
    line: str | None = None

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


REJECTIONS: Final = frozenset(("held", "guess", "unproven", "unchecked"))
"""Why a claim may be rejected (the interface words each): the defence can hold the claimer
to fewer tricks in some layout (`held`, with `held_to`); no single line is sure of them
(`guess`); the check ran out of time (`unproven`); the answerer checks no claims
(`unchecked`)."""


@dataclass(frozen=True, slots=True)
class ClaimResponse:
    """An opponent's answer to a pending claim, and for a rejection, optionally why."""

    accept: bool
    why: str | None = None
    """One of `REJECTIONS`, for a rejection that says why."""
    held_to: int | None = None
    """With `why="held"`: the tricks the defence can hold the claimer to."""
    reason: str | None = None
    """For a rejection, the answerer's own words (at most `REASON_LENGTH` characters)."""

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class UndoRequest:
    """Ask to take back one's own last call or card (and whatever followed it)."""

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class UndoResponse:
    """An opponent's answer to a pending undo request."""

    grant: bool

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


TableAction = Claim | ClaimResponse | UndoRequest | UndoResponse
"""Actions any player may send out of turn; they are never in `legal_actions()`."""

Answer = ClaimResponse | UndoResponse
"""A seat's answer to a pending claim or undo request."""


class ProposalKind(Enum):
    CLAIM = "claim"
    UNDO = "undo"


class Proposal(Generic[SeatT]):
    """A claim or undo request waiting for the opponents' answers; play stops meanwhile.

    Immutable by convention.  Written out, not a dataclass: a compiled build (mypyc) cannot
    make a generic dataclass (mypyc/mypyc#827)."""

    __slots__ = ("awaiting", "by", "kind", "line", "tricks")

    def __init__(
        self,
        kind: ProposalKind,
        by: SeatT,
        awaiting: frozenset[SeatT],
        tricks: int = 0,
        line: str | None = None,
    ) -> None:
        self.kind = kind
        self.by = by
        self.awaiting = awaiting
        """Seats whose answer is still needed."""
        self.tricks = tricks
        """For a claim: the tricks claimed for the claimer's side."""
        self.line = line
        """For a claim: the line of play the claimer stated."""

    def answered_by(self, seat: SeatT) -> Proposal[SeatT]:
        return Proposal(self.kind, self.by, self.awaiting - {seat}, self.tricks, self.line)

    def _fields(self) -> tuple[object, ...]:
        return (self.kind, self.by, self.awaiting, self.tricks, self.line)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Proposal) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Proposal(kind={self.kind!r}, by={self.by!r}, awaiting={self.awaiting!r}, "
            f"tricks={self.tricks!r}, line={self.line!r})"
        )

    def __reduce__(self) -> Rebuild:
        return (Proposal, self._fields())


def answers(proposal: Proposal[SeatT] | None, seat: SeatT | None) -> tuple[Answer, ...]:
    """What `seat` may answer now: yes or no to the claim or undo request waiting for it, else
    nothing.  A seat's `legal` lists these beside its calls and cards, so that a client or robot
    that reads `legal` alone knows it is its turn to answer."""
    if proposal is None or seat is None or seat not in proposal.awaiting:
        return ()
    if proposal.kind is ProposalKind.CLAIM:
        return (ClaimResponse(accept=True), ClaimResponse(accept=False))
    return (UndoResponse(grant=True), UndoResponse(grant=False))


class Game(ABC, Generic[SeatT, ActionT, ResultT]):
    """A game as a state machine driven by actions."""

    @property
    @abstractmethod
    def to_act(self) -> SeatT | None:
        """The seat whose turn it is, or None when the game is over."""

    @property
    def controller(self) -> SeatT | None:
        """The seat that chooses the next action (the same as `to_act` unless it is dummy)."""
        return self.to_act

    @abstractmethod
    def legal_actions(self) -> Sequence[ActionT]:
        """The calls or cards the controller may choose now (empty while a proposal waits)."""

    @abstractmethod
    def apply(self, action: ActionT | TableAction, by: SeatT | None = None) -> None:
        """Apply an action.  `by` names the sender: when given it must be the controller for a
        call or card; it is required for table actions.  Raises `IllegalAction` (or a subclass)
        and changes nothing when the action is not allowed."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def result(self) -> ResultT | None:
        """The outcome once the game is over, else None."""


class TakesBack(Game[SeatT, ActionT, ResultT]):
    """A game whose undo takes back a seat's last action and all after it, where its rules
    allow (`_undo_target` says which action, or raises `IllegalAction` why none).

    A subclass of `Game` rather than a mixin: a compiled build (mypyc) allows one base class."""

    proposal: Proposal[SeatT] | None

    @abstractmethod
    def _undo_target(self, seat: SeatT) -> int:
        """Position of the action an undo by `seat` would take back; raises IllegalAction."""

    def may_undo(self, seat: SeatT) -> bool:
        """Whether `seat` may ask to take back its last action now."""
        if self.proposal is not None:
            return False
        try:
            self._undo_target(seat)
        except IllegalAction:
            return False
        return True
