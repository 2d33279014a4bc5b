"""One deal of contract bridge: the auction, then the play with dummy, claims and undo.

Declarer's left-hand opponent leads; dummy is faced after the opening lead and declarer chooses
dummy's cards, naming a card or only a suit (dummy then plays its lowest card of that suit).
A claim by a player is settled by the opponents (dummy has no say); so is an undo request.
A caller may alert a call and explain it, as online bridge does (the caller, not partner,
discloses the agreement: Laws 20F and 40B); who may read an alert is the views' concern.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from vaza.core.auction import Auction
from vaza.core.calls import Call, Contract
from vaza.core.cards import Card, Hand, Seat, Side, Suit
from vaza.core.deal import Board
from vaza.core.errors import GameOver, IllegalAction, NotYourTurn, ProposalPending
from vaza.core.game import (
    Claim,
    ClaimResponse,
    Proposal,
    ProposalKind,
    TakesBack,
    UndoRequest,
    UndoResponse,
)
from vaza.core.pickling import Rebuild, by_fields
from vaza.core.play import Play, _suit_cards
from vaza.core.record import DealRecord

SEEN_SINCE: Final = (
    "cards have been shown to you since (dummy's, or another player's): that can no longer be"
    " taken back"
)
"""Why an undo that would cross the showing of a hidden card to the asker is refused."""

PARTNER_HAS_CALLED: Final = "a call can be taken back only until partner calls (Law 25A)"
"""Why a call is not taken back once partner has called: partner's call is made knowing it, so
a replaced call would be tried against partner's answer (and the opponents' alerts) for free."""


class Phase(Enum):
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class LowestOf:
    """Declarer names only a suit for dummy: dummy plays its lowest card of that suit."""

    suit: Suit

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


BridgeAction = Call | Card | LowestOf

ALERT_LENGTH: Final = 200
"""The longest explanation an alert may carry, in characters."""


@dataclass(frozen=True, slots=True)
class Alerted:
    """A call made with an alert: the caller's own explanation of what it means."""

    call: Call
    explanation: str

    def __post_init__(self) -> None:
        if not self.explanation.strip():
            raise IllegalAction("an alert explains the call: say what it means")
        if len(self.explanation) > ALERT_LENGTH:
            raise IllegalAction(f"an alert's explanation is at most {ALERT_LENGTH} characters")

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class DealResult:
    """How a deal ended: passed out, or a contract and the tricks declarer's side took."""

    contract: Contract | None
    declarer_tricks: int | None
    claimed: bool = False

    @property
    def passed_out(self) -> bool:
        return self.contract is None

    @property
    def difference(self) -> int:
        """Tricks over (positive) or under (negative) the contract; 0 when exactly made."""
        if self.contract is None or self.declarer_tricks is None:
            return 0
        return self.declarer_tricks - self.contract.tricks_needed

    @property
    def made(self) -> bool:
        return self.contract is not None and self.difference >= 0

    def tricks_of(self, side: Side) -> int:
        if self.contract is None or self.declarer_tricks is None:
            return 0
        if side == self.contract.declarer.side:
            return self.declarer_tricks
        return 13 - self.declarer_tricks

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


class ContractDeal(TakesBack[Seat, BridgeAction, DealResult]):
    """A deal of contract bridge from the first call to the last trick (or accepted claim)."""

    def __init__(self, board: Board, contract: Contract | None = None) -> None:
        """A deal from its first call; or, given `contract`, from the opening lead of a
        contract reached without an auction (Bridge-Whist names trumps instead)."""
        board.deal.require_complete()
        self.board = board
        self._preset = contract
        self.claim_faced: dict[Seat, int] = {}
        """How many of `actions()` had been made when a claimer's hand was last faced to each
        seat (Laws 68-70, `views.claims`): kept across an undo, since what was seen stays seen."""
        self._reset()

    def _reset(self) -> None:
        self.auction = Auction(self.board.dealer)
        self.alerts: dict[int, str] = {}
        """The explanations of alerted calls, by the call's position in the auction."""
        self.play: Play[Seat] | None = None
        self.phase = Phase.AUCTION
        self.proposal: Proposal[Seat] | None = None
        self._claimed_tricks: int | None = None
        self._contract: Contract | None = None
        if self._preset is not None:
            self._begin_play(self._preset)

    def _begin_play(self, contract: Contract) -> None:
        self._contract = contract
        self.play = Play(self.board.deal.hands, contract.opening_leader, contract.trump)
        self.phase = Phase.PLAY

    @classmethod
    def from_record(cls, record: DealRecord) -> ContractDeal:
        """Replay a record's auction and play through the rules (raises if they break one).

        A record whose play stopped early with a result is taken as an accepted claim.
        """
        game = cls(record.board)
        for call in record.calls:
            game.apply(call)
        for card in record.play:
            game.apply(card)
        if (
            game.phase is Phase.PLAY
            and record.declarer_tricks is not None
            and game.contract is not None
        ):
            game._settle_claim(record.declarer_tricks)
        return game

    # -- whose turn -------------------------------------------------------------------------

    @property
    def to_act(self) -> Seat | None:
        if self.phase is Phase.AUCTION:
            return self.auction.to_act
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.to_play
        return None

    @property
    def controller(self) -> Seat | None:
        seat = self.to_act
        return None if seat is None else self._chooser(seat)

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over (None while it goes on, or passed out)."""
        return self._contract

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def dummy_faced(self) -> bool:
        """Dummy's hand is on the table once the opening lead has been made."""
        return self.play is not None and bool(self.play.history)

    def side_tricks(self, side: Side) -> int:
        """Tricks won so far by a partnership."""
        if self.play is None:
            return 0
        won = self.play.tricks_won
        return won[side] + won[side + 2]

    def hand(self, seat: Seat) -> Hand:
        """The cards `seat` still holds."""
        if self.play is None:
            return self.board.deal[seat]
        return self.play.hand(seat)

    # -- actions ----------------------------------------------------------------------------

    def legal_actions(self) -> Sequence[BridgeAction]:
        if self.proposal is not None:
            return ()
        if self.phase is Phase.AUCTION:
            return self.auction.legal_calls()
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.legal_cards()
        return ()

    def apply(self, action: object, by: Seat | None = None) -> None:
        kind = type(action)
        if kind is Card or kind is Call or kind is LowestOf:
            if self.proposal is not None:
                raise ProposalPending(f"waiting for answers to a {self.proposal.kind.value}")
            if by is not None and by != self.controller:
                raise NotYourTurn(self._whose_turn())
            if kind is Call:
                self._call(action)  # type: ignore[arg-type]
            elif kind is Card:
                self._card(action)  # type: ignore[arg-type]
            else:
                self._card(self._lowest_of(action))  # type: ignore[arg-type]
        elif kind is Alerted:
            alerted: Alerted = action  # type: ignore[assignment]
            self.apply(alerted.call, by)
            self.alerts[len(self.auction.calls) - 1] = alerted.explanation
        elif by is None:
            raise IllegalAction(f"{kind.__name__} needs the seat that sends it")
        elif kind is Claim:
            self._claim(action, by)  # type: ignore[arg-type]
        elif kind is ClaimResponse or kind is UndoResponse:
            self._answer(action, by)  # type: ignore[arg-type]
        elif kind is UndoRequest:
            self._request_undo(by)
        else:
            raise IllegalAction(f"not an action of contract bridge: {action!r}")

    def _whose_turn(self) -> str:
        seat = self.controller
        if seat is None:
            return "nobody is to act"
        return f"it is {seat.name.title()}'s turn"

    def _call(self, call: Call) -> None:
        if self.phase is not Phase.AUCTION:
            raise (
                GameOver("the auction is over")
                if self.is_over
                else IllegalAction("the auction is over; play a card")
            )
        auction = self.auction
        auction.add(call)
        if auction.is_over:
            contract = auction.contract
            if contract is None:
                self.phase = Phase.OVER
            else:
                self._begin_play(contract)

    def _card(self, card: Card) -> None:
        play = self.play
        if play is None or self.phase is not Phase.PLAY:
            raise (
                GameOver("the deal is over")
                if self.is_over
                else IllegalAction("the auction is not over; make a call")
            )
        if play.play(card) is not None and play.is_over:
            self.phase = Phase.OVER

    def _lowest_of(self, action: LowestOf) -> Card:
        contract = self.contract
        if self.play is None or contract is None or self.to_act != contract.dummy:
            raise IllegalAction("only dummy's card may be named by its suit alone")
        suit = action.suit
        cards = _suit_cards(suit, self.play.hands[contract.dummy] >> 13 * suit & 0x1FFF)
        if not cards:
            raise IllegalAction(f"dummy has no {suit.name.lower()}")
        return cards[0]

    # -- claims -----------------------------------------------------------------------------

    def _responders(self, seat: Seat) -> frozenset[Seat]:
        """Who answers a proposal by `seat`: its opponents, without dummy once it is faced."""
        opponents = {seat.lho, seat.rho}
        contract = self.contract
        if contract is not None and self.dummy_faced:
            opponents.discard(contract.dummy)
        return frozenset(opponents)

    def _claim(self, claim: Claim, by: Seat) -> None:
        if self.proposal is not None:
            raise ProposalPending("a claim or undo request is already waiting for answers")
        if self.phase is not Phase.PLAY:
            raise IllegalAction("claims are made during the play")
        assert self.play is not None
        contract = self.contract
        assert contract is not None
        if by == contract.dummy:
            raise IllegalAction("dummy may not claim; declarer plays the hand")
        remaining = self.play.remaining_tricks
        if not 0 <= claim.tricks <= remaining:
            raise IllegalAction(f"a claim is for 0 to {remaining} of the remaining tricks")
        self.proposal = Proposal(
            ProposalKind.CLAIM, by, self._responders(by), claim.tricks, claim.line
        )
        self.face_claimer(by)

    def face_claimer(self, by: Seat) -> None:
        """The claimer's hand is faced to its opponents now (`views.claims`): no undo by them
        takes back an action made before it, whatever becomes of the claim."""
        made = len(self.actions())
        for seat in (by.lho, by.rho):
            self.claim_faced[seat] = made

    def _answer(self, answer: ClaimResponse | UndoResponse, by: Seat) -> None:
        proposal = self.proposal
        wanted = ProposalKind.CLAIM if isinstance(answer, ClaimResponse) else ProposalKind.UNDO
        if proposal is None or proposal.kind is not wanted:
            raise IllegalAction(f"there is no {wanted.value} to answer")
        if by not in proposal.awaiting:
            raise NotYourTurn(f"{by.name.title()} is not asked to answer this {wanted.value}")
        yes = answer.accept if isinstance(answer, ClaimResponse) else answer.grant
        if not yes:
            self.proposal = None
            return
        proposal = proposal.answered_by(by)
        if proposal.awaiting:
            self.proposal = proposal
            return
        self.proposal = None
        if proposal.kind is ProposalKind.CLAIM:
            self._settle_claim_for(proposal.by, proposal.tricks)
        else:
            self._undo(proposal.by)

    def _settle_claim_for(self, claimer: Seat, tricks: int) -> None:
        assert self.play is not None and self.contract is not None
        declarer_side = self.contract.declarer.side
        won = self.side_tricks(declarer_side)
        remaining = self.play.remaining_tricks
        self._settle_claim(won + (tricks if claimer.side == declarer_side else remaining - tricks))

    def _settle_claim(self, declarer_tricks: int) -> None:
        assert self.play is not None and self.contract is not None
        won = self.side_tricks(self.contract.declarer.side)
        if not won <= declarer_tricks <= won + self.play.remaining_tricks:
            raise IllegalAction(f"declarer cannot end with {declarer_tricks} tricks from here")
        self._claimed_tricks = declarer_tricks
        self.phase = Phase.OVER

    # -- undo -------------------------------------------------------------------------------

    def actions(self) -> list[tuple[Seat, BridgeAction | Alerted]]:
        """Every call (with its alert, if any) and card so far, with the seat that chose it
        (declarer for dummy)."""
        alerts = self.alerts
        made: list[tuple[Seat, BridgeAction | Alerted]] = [
            (seat, Alerted(call, alerts[i]) if i in alerts else call)
            for i, (seat, call) in enumerate(self.auction.by_seat())
        ]
        if self.play is not None:
            cards = [card for _, card in self.play.history]
            made.extend(zip(self._card_actors(), cards, strict=True))
        return made

    def _card_actors(self) -> list[Seat]:
        """The seat that chose each card played so far (declarer for dummy)."""
        if self.play is None:
            return []
        return [self._chooser(seat) for seat, _ in self.play.history]

    def _chooser(self, seat: Seat) -> Seat:
        """The seat that chooses the cards `seat` plays: declarer for dummy."""
        contract = self.contract
        return contract.declarer if contract is not None and seat == contract.dummy else seat

    def seen_at(self, seat: Seat) -> int:
        """How many of `actions()` had been made when a card hidden from `seat` was last shown
        to it (0: none yet): the opening lead, which faces dummy for everyone, and every card
        another player chose.  An undo by `seat` never takes back an action made before that
        (Law 47: nothing is taken back once a card has been shown), whoever would grant it."""
        calls, seen = len(self.auction.calls), 0
        for j, actor in enumerate(self._card_actors()):
            if j == 0 or actor != seat:
                seen = calls + j + 1
        return max(seen, self.claim_faced.get(seat, 0))

    def _undo_target(self, seat: Seat) -> int:
        """Position (in `actions()`) of the action an undo by `seat` would take back.  In the
        play that can only be the last card, chosen by `seat`, and not the opening lead: a
        later card chosen by another seat, or dummy faced by the lead, was shown to `seat`
        after it (`seen_at`), and the last card is always in the trick in progress or ends the
        last one.  In the auction, `seat`'s last call, until partner has called (Law 25A)."""
        if self.phase is Phase.OVER:
            raise IllegalAction("the deal is over; nothing can be taken back")
        calls = len(self.auction.calls)
        play = self.play
        if play is not None and play.history:
            cards = len(play.history)
            target = calls + cards - 1
            if cards == 1 or self._chooser(play.history[-1][0]) != seat:
                raise IllegalAction(SEEN_SINCE)
            if target < self.claim_faced.get(seat, 0):
                raise IllegalAction(SEEN_SINCE)  # a claimer's hand was faced to it since
            return target
        # Its last call: the calls go round from the dealer, one seat in four.
        target = calls - 1 - (calls - 1 - (seat - self.auction.dealer)) % 4
        if target < 0:
            raise IllegalAction("you have nothing to take back")
        if calls - target > 2:  # left-hand opponent, then partner, have called since
            raise IllegalAction(PARTNER_HAS_CALLED)
        if target < self.claim_faced.get(seat, 0):
            raise IllegalAction(SEEN_SINCE)  # a claim before the lead faced a hand to it
        return target

    def _request_undo(self, by: Seat) -> None:
        if self.proposal is not None:
            raise ProposalPending("a claim or undo request is already waiting for answers")
        self._undo_target(by)
        self.proposal = Proposal(ProposalKind.UNDO, by, self._responders(by))

    def _undo(self, seat: Seat) -> None:
        made = self.actions()
        target = self._undo_target(seat)
        self._reset()
        for _, action in made[:target]:
            self.apply(action)
        self.claim_faced = {s: min(n, target) for s, n in self.claim_faced.items()}

    # -- outcome ----------------------------------------------------------------------------

    @property
    def result(self) -> DealResult | None:
        if self.phase is not Phase.OVER:
            return None
        contract = self.contract
        if contract is None:
            return DealResult(None, None)
        assert self.play is not None
        if self._claimed_tricks is not None:
            return DealResult(contract, self._claimed_tricks, claimed=True)
        return DealResult(contract, self.side_tricks(contract.declarer.side))

    def record(self, **details: object) -> DealRecord:
        """This deal as a record (complete or not); `details` fill players, event and so on.
        Its alerts are its notes, with any `explanations` the caller gives (a Blue Chip table
        keeps its own)."""
        result = self.result
        notes = dict(self.alerts)
        given = details.pop("explanations", ())
        if isinstance(given, tuple):
            notes.update(given)
        return DealRecord(
            board=self.board,
            calls=tuple(self.auction.calls),
            play=tuple(card for _, card in self.play.history) if self.play else (),
            contract=self.contract,
            passed_out=self.auction.is_passed_out,
            declarer_tricks=result.declarer_tricks if result else None,
            claimed=bool(result and result.claimed),
            explanations=tuple(sorted(notes.items())),
            **details,  # type: ignore[arg-type]
        )
