"""Bridge-Whist: contract bridge without an auction (seed 000, "Esta é uma versão que não tem
Leilão").

The dealer names trumps or no trump, or passes the choice to partner, who must then name.  The
dealer is always declarer and the dealer's partner always dummy, whoever named the strain.  The
contract is the book of six: tricks above it are overtricks, tricks below it undertricks (scored
by `vaza.scoring.bridge_whist`).  From the opening lead on it is contract bridge.

`ContractPrelude` is what this game shares with the widow game: a variant's own steps before the
opening lead, then a `ContractDeal` that plays the cards with its dummy, claims and undo.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final, Generic, TypeVar

from vaza.core.calls import Call, Contract, Doubling, Strain
from vaza.core.cards import Card, Hand, Seat
from vaza.core.deal import Board
from vaza.core.errors import GameOver, IllegalAction, NotYourTurn, ProposalPending
from vaza.core.game import (
    Claim,
    ClaimResponse,
    Game,
    Proposal,
    ProposalKind,
    TableAction,
    UndoRequest,
    UndoResponse,
)
from vaza.core.games.contract import SEEN_SINCE, ContractDeal, DealResult, LowestOf
from vaza.core.pickling import Rebuild, by_fields

StepT = TypeVar("StepT")
PlayAction = Card | LowestOf
"""What is chosen during the play: a card, or (for dummy) only its suit."""


class ContractPrelude(Game[Seat, StepT | PlayAction, DealResult], Generic[StepT]):
    """A deal of contract bridge reached through a variant's own first steps.

    Before the opening lead this class keeps the steps (`steps`) and settles undo requests
    itself; from the moment the steps are done, `play_deal` (a `ContractDeal` brought to the
    opening lead) plays the cards, with its dummy, claims and undo.  A subclass says whose step
    it is, which steps are legal and what a step does (`_take`, which may start the play with
    `_start_play`).
    """

    game_name: str = "this game"

    def __init__(self) -> None:
        self.steps: list[tuple[Seat, StepT]] = []
        """The variant's own actions before the play, each with the seat that took it."""
        self.play_deal: ContractDeal | None = None
        """The play, from the opening lead on; None while the first steps go on."""
        self.undo_request: Proposal[Seat] | None = None
        """An undo request made before the opening lead (later ones live in `play_deal`)."""
        self._restart()

    # -- what a variant supplies ------------------------------------------------------------

    @abstractmethod
    def _restart(self) -> None:
        """Put the variant's own state back to the start of the deal."""

    @abstractmethod
    def _step_seat(self) -> Seat | None:
        """Who takes the next step (None once the steps are done or the deal ended early)."""

    @abstractmethod
    def _legal_steps(self) -> Sequence[StepT]:
        """The steps the seat to act may take now."""

    @abstractmethod
    def _take(self, step: object, seat: Seat) -> StepT:
        """Take `step` for `seat` and return it; raise `IllegalAction` and change nothing if it
        is not legal (or not a step of this game at all: anything may be sent)."""

    @property
    @abstractmethod
    def _ended_early(self) -> bool:
        """Whether the deal ended before any play (a passed-out widow deal)."""

    def _start_play(self, board: Board, calls: Sequence[Call] = ()) -> None:
        """Bring a `ContractDeal` of `board` to the opening lead: through the auction's
        `calls`, or straight there when the variant fixes the contract (`_preset_contract`)."""
        play_deal = self._new_play_deal(board)
        for call in calls:
            play_deal.apply(call)
        assert play_deal.play is not None and not play_deal.play.history
        self.play_deal = play_deal

    def _new_play_deal(self, board: Board) -> ContractDeal:
        return ContractDeal(board, self._preset_contract())

    def _preset_contract(self) -> Contract | None:
        """The contract a variant fixes without an auction (None: the auction decides)."""
        return None

    # -- whose turn -------------------------------------------------------------------------

    @property
    def proposal(self) -> Proposal[Seat] | None:
        """The claim or undo request waiting for answers, if any."""
        if self.undo_request is not None:
            return self.undo_request
        return None if self.play_deal is None else self.play_deal.proposal

    @property
    def to_act(self) -> Seat | None:
        if self.play_deal is not None:
            return self.play_deal.to_act
        return self._step_seat()

    @property
    def controller(self) -> Seat | None:
        if self.play_deal is not None:
            return self.play_deal.controller
        return self._step_seat()

    @property
    def is_over(self) -> bool:
        if self.play_deal is not None:
            return self.play_deal.is_over
        return self._ended_early

    @property
    def dummy_faced(self) -> bool:
        return self.play_deal is not None and self.play_deal.dummy_faced

    def legal_actions(self) -> Sequence[StepT | PlayAction]:
        if self.proposal is not None or self.is_over:
            return ()
        if self.play_deal is not None:
            play = self.play_deal.play
            return () if play is None else play.legal_cards()
        return self._legal_steps()

    # -- actions ----------------------------------------------------------------------------

    def apply(self, action: object, by: Seat | None = None) -> None:
        if isinstance(action, Claim | ClaimResponse | UndoRequest | UndoResponse):
            if by is None:
                raise IllegalAction(f"{type(action).__name__} needs the seat that sends it")
            self._table_action(action, by)
            return
        if self.proposal is not None:
            raise ProposalPending(f"waiting for answers to a {self.proposal.kind.value}")
        if self.is_over:
            raise GameOver("the deal is over")
        seat = self.controller
        assert seat is not None
        if by is not None and by != seat:
            raise NotYourTurn(f"it is {seat.name.title()}'s turn")
        if isinstance(action, Card | LowestOf):
            if self.play_deal is None:
                raise IllegalAction(f"the play has not started in {self.game_name} yet")
            self.play_deal.apply(action)
            return
        if self.play_deal is not None:
            raise IllegalAction("the play has started; play a card")
        self.steps.append((seat, self._take(action, seat)))

    def _table_action(self, action: TableAction, by: Seat) -> None:
        if isinstance(action, UndoRequest):
            self._request_undo(by)
        elif isinstance(action, Claim):
            if self.undo_request is not None:
                raise ProposalPending("an undo request is waiting for answers")
            if self.play_deal is None:
                raise IllegalAction("claims are made during the play")
            self.play_deal.apply(action, by=by)
        elif self.undo_request is None:
            if self.play_deal is None:
                raise IllegalAction("there is nothing to answer")
            self.play_deal.apply(action, by=by)
        else:
            self._answer_undo(action, by)

    # -- undo before the opening lead -------------------------------------------------------

    def may_undo(self, seat: Seat) -> bool:
        """Whether `seat` may ask to take back its last step or card now."""
        if self.proposal is not None or self.is_over:
            return False
        if self.play_deal is not None and self.play_deal.dummy_faced:
            return self.play_deal.may_undo(seat)
        try:
            self._undo_target(seat)
        except IllegalAction:
            return False
        return True

    def _request_undo(self, by: Seat) -> None:
        if self.proposal is not None:
            raise ProposalPending("a claim or undo request is already waiting for answers")
        if self.play_deal is not None and self.play_deal.dummy_faced:
            self.play_deal.apply(UndoRequest(), by=by)  # a card: contract bridge's rules
            return
        if self.is_over:
            raise IllegalAction("the deal is over; nothing can be taken back")
        self._undo_target(by)
        self.undo_request = Proposal(ProposalKind.UNDO, by, frozenset({by.lho, by.rho}))

    def _seen_at(self) -> int:
        """How many steps had been taken when a hidden card was last shown to a player before
        the opening lead (0: none): no undo takes back a step made before it, whoever asks,
        since the player who saw the card would choose again knowing it."""
        return 0

    def _undo_target(self, seat: Seat) -> int:
        """Position in `steps` of the step an undo by `seat` takes back (with all after it)."""
        for position in range(len(self.steps) - 1, -1, -1):
            if self.steps[position][0] == seat:
                if position < self._seen_at():
                    raise IllegalAction(self._seen_why())
                return position
        raise IllegalAction("you have nothing to take back")

    def _seen_why(self) -> str:
        return SEEN_SINCE

    def _answer_undo(self, answer: ClaimResponse | UndoResponse, by: Seat) -> None:
        request = self.undo_request
        assert request is not None
        if isinstance(answer, ClaimResponse):
            raise IllegalAction("there is no claim to answer")
        if by not in request.awaiting:
            raise NotYourTurn(f"{by.name.title()} is not asked to answer this undo")
        if not answer.grant:
            self.undo_request = None
            return
        request = request.answered_by(by)
        if request.awaiting:
            self.undo_request = request
            return
        self.undo_request = None
        kept = self.steps[: self._undo_target(request.by)]
        self.steps = []
        self.play_deal = None
        self._restart()
        for seat, step in kept:
            self._take(step, seat)
            self.steps.append((seat, step))

    # -- history ----------------------------------------------------------------------------

    def history(self) -> list[tuple[Seat, StepT | PlayAction]]:
        """Every step and card so far with the seat that chose it (declarer for dummy): applying
        them in order to a new game, each `by` its seat, rebuilds this one."""
        made: list[tuple[Seat, StepT | PlayAction]] = list(self.steps)
        if self.play_deal is not None:
            calls = len(self.play_deal.auction.calls)
            for seat, card in self.play_deal.actions()[calls:]:
                assert isinstance(card, Card)
                made.append((seat, card))
        return made


# -- Bridge-Whist ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BookContract(Contract):
    """Bridge-Whist's contract: the declaring side must take the book of six tricks.

    It is a `Contract` of level 0 ("no tricks beyond the book"), so `tricks_needed` is 6 and
    `DealResult` counts over- and undertricks from six; it is never doubled (there is no
    auction to double in).
    """

    def __post_init__(self) -> None:
        if self.level != 0 or self.doubling is not Doubling.UNDOUBLED:
            raise ValueError("the book contract is level 0 and undoubled")

    @classmethod
    def of(cls, strain: Strain, declarer: Seat) -> BookContract:
        return cls(0, strain, Doubling.UNDOUBLED, declarer)

    def __str__(self) -> str:
        return f"book {self.strain.letter}"

    @property
    def symbol(self) -> str:
        return f"book {self.strain.symbol}"


@dataclass(frozen=True, slots=True)
class NameTrumps:
    """Name the strain of the deal: a trump suit or no trump."""

    strain: Strain

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class PassToPartner:
    """The dealer leaves the choice of trumps to partner."""

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


TrumpChoice = NameTrumps | PassToPartner
BridgeWhistAction = TrumpChoice | Card | LowestOf

PASS_TO_PARTNER: Final = PassToPartner()
NAMINGS: Final = tuple(NameTrumps(strain) for strain in Strain)
"""Every strain that may be named, clubs first, no trump last."""
_DEALER_CHOICES: Final[tuple[TrumpChoice, ...]] = (*NAMINGS, PASS_TO_PARTNER)


class WhistStage(Enum):
    TRUMPS = "trumps"
    PLAY = "play"
    OVER = "over"


class BridgeWhistDeal(ContractPrelude[TrumpChoice]):
    """A deal of Bridge-Whist from the dealer's choice of trumps to the last trick."""

    game_name = "Bridge-Whist"

    def __init__(self, board: Board) -> None:
        board.deal.require_complete()
        self.board = board
        super().__init__()

    def _restart(self) -> None:
        self.named_by: Seat | None = None
        """Who named the strain: the dealer, or the dealer's partner after a pass."""
        self._named: Strain | None = None

    @property
    def stage(self) -> WhistStage:
        if self.play_deal is None:
            return WhistStage.TRUMPS
        return WhistStage.OVER if self.play_deal.is_over else WhistStage.PLAY

    @property
    def contract(self) -> BookContract | None:
        if self._named is None:
            return None
        return BookContract.of(self._named, self.board.dealer)

    def _step_seat(self) -> Seat | None:
        if self.play_deal is not None:
            return None
        dealer = self.board.dealer
        return dealer.partner if self.steps else dealer

    def _legal_steps(self) -> Sequence[TrumpChoice]:
        return NAMINGS if self.steps else _DEALER_CHOICES

    def _preset_contract(self) -> Contract | None:
        return None if self._named is None else BookContract.of(self._named, self.board.dealer)

    def _take(self, step: object, seat: Seat) -> TrumpChoice:
        if isinstance(step, NameTrumps):
            self.named_by = seat
            self._named = step.strain
            self._start_play(self.board)
            return step
        if isinstance(step, PassToPartner):
            if seat != self.board.dealer:
                raise IllegalAction("the dealer's partner must name trumps; they cannot pass")
            return step
        raise IllegalAction(f"not an action of Bridge-Whist: {step!r}")

    @property
    def _ended_early(self) -> bool:
        return False

    def hand(self, seat: Seat) -> Hand:
        """The cards `seat` still holds."""
        if self.play_deal is None:
            return self.board.deal[seat]
        return self.play_deal.hand(seat)

    @property
    def result(self) -> DealResult | None:
        if self.play_deal is None:
            return None
        return self.play_deal.result


__all__ = [
    "NAMINGS",
    "PASS_TO_PARTNER",
    "BookContract",
    "BridgeWhistAction",
    "BridgeWhistDeal",
    "ContractPrelude",
    "NameTrumps",
    "PassToPartner",
    "PlayAction",
    "TrumpChoice",
    "WhistStage",
]
