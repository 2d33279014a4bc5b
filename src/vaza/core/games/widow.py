"""The widow game ("Viúva"), a bridge popular in Brazil until the 1960s (seed 000).

Twelve cards go to each player and four lie face down in the middle: the widow.  The auction is
contract bridge's.  Before the opening lead the declarer takes the widow and hands it out, one
card to each player and one to himself, choosing which card goes to whom; then the deal is
played as contract bridge with thirteen cards a hand.  Four passes end the deal (seed 000: the
same dealer deals again, which is the match's business).

Option `fixed_dummy` (off by default) follows the rule seed 000 reports without vouching for
it: the dealer's right-hand opponent is always dummy.  See `FixedDummyPlay` for what that means
in play and docs/games/bridge-variants.md for why.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import permutations
from typing import Final

from vaza.core.auction import Auction
from vaza.core.calls import Call, Contract
from vaza.core.cards import (
    SEATS,
    Card,
    Hand,
    Seat,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from vaza.core.deal import Board, Deal
from vaza.core.errors import IllegalAction, ParseError, ProposalPending
from vaza.core.game import Claim, Proposal, ProposalKind
from vaza.core.games.bridge_whist import ContractPrelude
from vaza.core.games.contract import (
    Alerted,
    BridgeAction,
    ContractDeal,
    DealResult,
    LowestOf,
    Phase,
)
from vaza.core.pickling import Rebuild, by_fields
from vaza.core.play import _suit_cards

WIDOW_SIZE: Final = 4
HAND_SIZE: Final = 12


@dataclass(frozen=True, slots=True)
class WidowBoard:
    """A widow deal as dealt: twelve cards to each seat and the four-card widow."""

    deal: Deal
    """Twelve cards to each seat, by seat."""
    widow: Hand
    """The four cards face down in the middle."""
    dealer: Seat = Seat.NORTH
    vulnerability: Vulnerability = Vulnerability.NONE
    number: int | None = None

    def __post_init__(self) -> None:
        sizes = [len(hand) for hand in self.deal.hands]
        if sizes != [HAND_SIZE] * 4 or len(self.widow) != WIDOW_SIZE:
            raise ParseError(
                f"a widow deal has twelve cards in each hand and four in the widow, not {sizes}"
                f" and {len(self.widow)}"
            )
        for hand in self.deal.hands:
            if hand.mask & self.widow.mask:
                raise ParseError("a card appears both in a hand and in the widow")

    @classmethod
    def random(cls, number: int = 1, rng: random.Random | None = None) -> WidowBoard:
        """Deal one card at a time from the dealer's left, twelve each; the last four are the
        widow.  Dealer and vulnerability follow the board number, as for `Board.numbered`."""
        order = list(range(52))
        (rng or secrets.SystemRandom()).shuffle(order)
        dealer = board_dealer(number)
        masks = [0, 0, 0, 0]
        for position, index in enumerate(order[: 4 * HAND_SIZE]):
            masks[dealer.next(1 + position)] |= 1 << index
        widow = 0
        for index in order[4 * HAND_SIZE :]:
            widow |= 1 << index
        return cls(
            Deal.from_masks((masks[0], masks[1], masks[2], masks[3])),
            Hand.from_mask(widow),
            dealer,
            board_vulnerability(number),
            number,
        )

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class HandOut:
    """The declarer's handing out of the widow: the card each seat receives, by seat."""

    cards: tuple[Card, Card, Card, Card]
    """The cards for North, East, South and West."""

    @classmethod
    def of(cls, gifts: Mapping[Seat, Card]) -> HandOut:
        if set(gifts) != set(SEATS):
            raise ParseError("the widow goes one card to each of the four seats")
        return cls((gifts[Seat.NORTH], gifts[Seat.EAST], gifts[Seat.SOUTH], gifts[Seat.WEST]))

    def card_for(self, seat: Seat) -> Card:
        return self.cards[seat]

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


WidowStep = Call | HandOut
WidowAction = Call | HandOut | Card | LowestOf


class WidowStage(Enum):
    AUCTION = "auction"
    WIDOW = "widow"
    """The auction is over; the declarer hands out the widow."""
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class FacedContract(Contract):
    """A contract whose dummy is a fixed seat rather than declarer's partner (the widow game's
    option): `dummy` is `faced`, which may be declarer himself or a defender."""

    faced: Seat

    @property
    def dummy(self) -> Seat:
        return self.faced


class FixedDummyPlay(ContractDeal):
    """Contract bridge play where a fixed seat's hand is the dummy (the widow game's option).

    That hand is faced after the opening lead, as dummy's always is.  Who plays it: declarer
    when dummy is declarer's partner (ordinary bridge) or declarer himself (he is then declarer
    and dummy at once and plays his own faced hand, while his partner plays his own); when dummy
    is a defender, the other defender, its partner (declarer choosing a defender's cards would
    make no sense).  When that defender is on lead (declarer is the dealer's partner), he makes
    the opening lead himself from his concealed hand, as every opening leader does; his hand is
    faced and played by his partner from then on.  A dummy played by someone else neither
    claims nor answers claims and undo requests; a declarer who is his own dummy does both.
    """

    def __init__(self, board: Board, faced: Seat) -> None:
        self.faced = faced
        super().__init__(board)

    @property
    def contract(self) -> FacedContract | None:
        contract = self.auction.contract
        if contract is None:
            return None
        return FacedContract(
            contract.level, contract.strain, contract.doubling, contract.declarer, self.faced
        )

    def _dummy_player(self) -> Seat:
        """Who chooses the faced hand's cards."""
        contract = self.auction.contract
        assert contract is not None
        return self.faced if contract.declarer == self.faced else self.faced.partner

    @property
    def controller(self) -> Seat | None:
        seat = self.to_act
        if seat is not None and seat == self.faced and self.dummy_faced:
            return self._dummy_player()
        return seat

    def _silent_dummy(self) -> Seat | None:
        """The faced hand's seat when someone else plays it, else None."""
        return None if self._dummy_player() == self.faced else self.faced

    def _lowest_of(self, action: LowestOf) -> Card:
        if self.play is None or self.to_act != self.faced or not self.dummy_faced:
            raise IllegalAction("only dummy's card may be named by its suit alone")
        suit = action.suit
        cards = _suit_cards(suit, self.play.hand(self.faced).mask >> 13 * suit & 0x1FFF)
        if not cards:
            raise IllegalAction(f"dummy has no {suit.name.lower()}")
        return cards[0]

    def _responders(self, seat: Seat) -> frozenset[Seat]:
        opponents = {seat.lho, seat.rho}
        if self.auction.contract is not None and self.dummy_faced:
            silent = self._silent_dummy()
            if silent is not None:
                opponents.discard(silent)
        return frozenset(opponents)

    def _claim(self, claim: Claim, by: Seat) -> None:
        if self.proposal is not None:
            raise ProposalPending("a claim or undo request is already waiting for answers")
        if self.phase is not Phase.PLAY or self.play is None:
            raise IllegalAction("claims are made during the play")
        if by == self._silent_dummy():
            raise IllegalAction("dummy may not claim; its partner plays the hand")
        remaining = self.play.remaining_tricks
        if not 0 <= claim.tricks <= remaining:
            raise IllegalAction(f"a claim is for 0 to {remaining} of the remaining tricks")
        self.proposal = Proposal(
            ProposalKind.CLAIM, by, self._responders(by), claim.tricks, claim.line
        )
        self.face_claimer(by)

    def actions(self) -> list[tuple[Seat, BridgeAction | Alerted]]:
        made: list[tuple[Seat, BridgeAction | Alerted]] = list(self.auction.by_seat())
        if self.play is not None:
            player = self._dummy_player()
            for position, (seat, card) in enumerate(self.play.history):
                faced = seat == self.faced and position > 0  # the opening lead is his own
                made.append((player if faced else seat, card))
        return made


class WidowDeal(ContractPrelude[WidowStep]):
    """A deal of the widow game from the first call to the last trick."""

    game_name = "the widow game"

    def __init__(self, board: WidowBoard, *, fixed_dummy: bool = False) -> None:
        self.board = board
        self.fixed_dummy = fixed_dummy
        """Seed 000's uncertain rule: the dealer's right-hand opponent is always dummy."""
        super().__init__()

    def _restart(self) -> None:
        self.auction = Auction(self.board.dealer)
        self.hand_out: HandOut | None = None
        """The declarer's handing out of the widow, once made."""

    # -- state ------------------------------------------------------------------------------

    @property
    def stage(self) -> WidowStage:
        if self.is_over:
            return WidowStage.OVER
        if not self.auction.is_over:
            return WidowStage.AUCTION
        return WidowStage.WIDOW if self.hand_out is None else WidowStage.PLAY

    @property
    def contract(self) -> Contract | None:
        return self.auction.contract

    @property
    def dummy(self) -> Seat | None:
        """Whose hand is faced after the opening lead, once the contract is known."""
        contract = self.auction.contract
        if contract is None:
            return None
        return self.board.dealer.rho if self.fixed_dummy else contract.dummy

    def hand(self, seat: Seat) -> Hand:
        """The cards `seat` holds now (twelve until the widow is handed out)."""
        if self.play_deal is None:
            return self.board.deal[seat]
        return self.play_deal.hand(seat)

    def played_board(self) -> Board | None:
        """The thirteen-card hands the play started from, once the widow is handed out."""
        return None if self.play_deal is None else self.play_deal.board

    # -- steps ------------------------------------------------------------------------------

    def _step_seat(self) -> Seat | None:
        if not self.auction.is_over:
            return self.auction.to_act
        contract = self.auction.contract
        if contract is not None and self.hand_out is None:
            return contract.declarer
        return None

    def _legal_steps(self) -> Sequence[WidowStep]:
        if not self.auction.is_over:
            return self.auction.legal_calls()
        if self.auction.contract is None or self.hand_out is not None:
            return ()
        return [HandOut(order) for order in permutations(self.board.widow)]  # type: ignore[arg-type]

    def _take(self, step: object, seat: Seat) -> WidowStep:
        if isinstance(step, Call):
            if self.auction.is_over:
                raise IllegalAction("the auction is over; the declarer hands out the widow")
            self.auction.add(step)
        elif isinstance(step, HandOut):
            if not self.auction.is_over:
                raise IllegalAction("the widow is handed out when the auction is over")
            cards = step.cards
            given = (
                Hand(cards)
                if len(cards) == WIDOW_SIZE
                and all(isinstance(card, Card) for card in cards)
                and len(set(cards)) == WIDOW_SIZE
                else None
            )
            if given != self.board.widow:
                raise IllegalAction("hand out the four widow cards, one to each seat")
            hands = tuple(
                Hand.from_mask(self.board.deal[seat_].mask | step.card_for(seat_).mask)
                for seat_ in SEATS
            )
            board = Board(
                Deal(hands),  # type: ignore[arg-type]
                self.board.dealer,
                self.board.vulnerability,
                self.board.number,
            )
            self._start_play(board, self.auction.calls)
            self.hand_out = step
        else:
            raise IllegalAction(f"not an action of the widow game: {step!r}")
        return step

    def _seen_at(self) -> int:
        """The widow is shown to the declarer as the auction ends, and each player sees the
        card handed to them: no undo reopens the auction once the widow was picked up, nor takes
        back the handing out."""
        if self.hand_out is not None:
            return len(self.steps)
        if self.auction.is_over and self.auction.contract is not None:
            return len(self.auction.calls)
        return 0

    def _seen_why(self) -> str:
        return (
            "the widow has been shown: the auction and the handing out can no longer be taken back"
        )

    def _new_play_deal(self, board: Board) -> ContractDeal:

        if self.fixed_dummy:
            return FixedDummyPlay(board, board.dealer.rho)
        return ContractDeal(board)

    @property
    def _ended_early(self) -> bool:
        return self.auction.is_passed_out

    # -- outcome ----------------------------------------------------------------------------

    @property
    def result(self) -> DealResult | None:
        if self.auction.is_passed_out:
            return DealResult(None, None)
        return None if self.play_deal is None else self.play_deal.result


__all__ = [
    "FacedContract",
    "FixedDummyPlay",
    "HandOut",
    "WidowAction",
    "WidowBoard",
    "WidowDeal",
    "WidowStage",
    "WidowStep",
]
