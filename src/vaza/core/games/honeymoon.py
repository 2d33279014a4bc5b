"""Two-handed bridge (seed 000, "Esta é uma versão do Bridge apenas para dois jogadores").

Thirteen cards to each player; the other 26 are a stock whose top card lies face up.  First
phase: the dealer leads; the other follows suit if able; the higher card of the suit led wins
(the leader wins when the other does not follow; there are no trumps yet).  The winner takes the
face-up card, the loser the next one, unseen by the winner, and the next card is turned; the
winner leads the next trick.  The played cards leave the game and score nothing.  When the stock
is gone (thirteen tricks), the second phase is contract bridge between the two: an auction, the
dealer first, then thirteen tricks without dummy, each player scoring alone.

The two players sit North and East: different partnerships, so a score by side gives each player
a column of their own (North's is North–South's, East's is East–West's).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from vaza.core.auction import Auction
from vaza.core.calls import PASS, Call, Contract
from vaza.core.cards import (
    CARDS,
    FULL_MASK,
    Card,
    Hand,
    Seat,
    Vulnerability,
    board_vulnerability,
)
from vaza.core.errors import GameOver, IllegalAction, NotYourTurn, ParseError, ProposalPending
from vaza.core.game import (
    Claim,
    ClaimResponse,
    Proposal,
    ProposalKind,
    TableAction,
    TakesBack,
    UndoRequest,
    UndoResponse,
)
from vaza.core.games.contract import SEEN_SINCE, DealResult
from vaza.core.pickling import Rebuild, by_fields
from vaza.core.play import Play, Trick

PLAYERS: Final = (Seat.NORTH, Seat.EAST)
"""The two seats, in turn order."""
HAND_SIZE: Final = 13
STOCK_SIZE: Final = 26

TwoHandedAction = Call | Card


def opponent(seat: Seat) -> Seat:
    """The other player."""
    return PLAYERS[1 - PLAYERS.index(seat)]


@dataclass(frozen=True, slots=True)
class TwoHandedBoard:
    """A two-handed deal as dealt: thirteen cards to each player and the stock."""

    hands: tuple[Hand, Hand]
    """North's and East's cards."""
    stock: tuple[Card, ...]
    """The 26 other cards, top first: the top one lies face up."""
    dealer: Seat = Seat.NORTH
    vulnerability: Vulnerability = Vulnerability.NONE
    """North–South's vulnerability is North's, East–West's is East's."""
    number: int | None = None

    def __post_init__(self) -> None:
        if self.dealer not in PLAYERS:
            raise ParseError("two-handed bridge is dealt by North or East")
        if [len(hand) for hand in self.hands] != [HAND_SIZE, HAND_SIZE]:
            raise ParseError("each player is dealt thirteen cards")
        seen = self.hands[0].mask | self.hands[1].mask
        if self.hands[0].mask & self.hands[1].mask:
            raise ParseError("a card appears in both hands")
        for card in self.stock:
            if seen & card.mask:
                raise ParseError(f"card {card} appears twice")
            seen |= card.mask
        if seen != FULL_MASK:
            raise ParseError("the hands and the stock hold the 52 cards")

    def hand(self, seat: Seat) -> Hand:
        return self.hands[PLAYERS.index(seat)]

    @classmethod
    def random(cls, number: int = 1, rng: random.Random | None = None) -> TwoHandedBoard:
        """Deal one card at a time, the non-dealer first, thirteen each; the rest is the stock.
        Odd numbers are dealt by North, even ones by East; vulnerability follows the number."""
        order = list(range(52))
        (rng or secrets.SystemRandom()).shuffle(order)
        dealer = PLAYERS[(number - 1) % 2]
        first = PLAYERS.index(opponent(dealer))
        masks = [0, 0]
        for position, index in enumerate(order[: 2 * HAND_SIZE]):
            masks[(first + position) % 2] |= 1 << index
        stock = tuple(CARDS[index] for index in order[2 * HAND_SIZE :])
        hands = (Hand.from_mask(masks[0]), Hand.from_mask(masks[1]))
        return cls(hands, stock, dealer, board_vulnerability(number), number)

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


@dataclass(frozen=True, slots=True)
class Draw:
    """What a first-phase trick handed out from the stock."""

    winner: Seat
    face_up: Card
    """The face-up card, which the winner took (both saw it)."""
    hidden: Card
    """The next card, which the loser took (the winner did not see it)."""

    def __reduce__(self) -> Rebuild:
        return by_fields(self)


class TwoHandedStage(Enum):
    DRAW = "draw"
    """The first phase: tricks for the stock's cards."""
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


class TwoHandedDeal(TakesBack[Seat, TwoHandedAction, DealResult]):
    """A deal of two-handed bridge from the first card of the first phase to the last trick."""

    def __init__(self, board: TwoHandedBoard) -> None:
        self.board = board
        self.claim_faced: dict[Seat, int] = {}
        """How many of `actions()` had been made when the claimer's hand was last faced to the
        other player (Laws 68-70, `views.claims`): kept across an undo."""
        self._reset()

    def _reset(self) -> None:
        board = self.board
        self.draw_play: Play[Seat] = Play(board.hands, board.dealer, None, PLAYERS)
        """The first phase; its players' hands gain the stock's cards after each trick."""
        self.draws: list[Draw] = []
        # A two-player auction is a four-seat auction whose empty seats, the players'
        # partners, always pass: "three passes" then means the opponent's one pass.
        self.auction = Auction(board.dealer)
        self.calls: list[tuple[Seat, Call]] = []
        """The players' calls (without the empty seats' passes)."""
        self.play: Play[Seat] | None = None
        """The second phase's thirteen tricks, once the auction has a contract."""
        self.proposal: Proposal[Seat] | None = None
        self._claimed_tricks: int | None = None

    # -- state ------------------------------------------------------------------------------

    @property
    def stage(self) -> TwoHandedStage:
        if self.play is not None:
            over = self.play.is_over or self._claimed_tricks is not None
            return TwoHandedStage.OVER if over else TwoHandedStage.PLAY
        if not self.draw_play.is_over:
            return TwoHandedStage.DRAW
        return TwoHandedStage.OVER if self.auction.is_over else TwoHandedStage.AUCTION

    @property
    def is_over(self) -> bool:
        return self.stage is TwoHandedStage.OVER

    @property
    def to_act(self) -> Seat | None:
        stage = self.stage
        if stage is TwoHandedStage.DRAW:
            return self.draw_play.to_play
        if stage is TwoHandedStage.AUCTION:
            return self.auction.to_act
        if stage is TwoHandedStage.PLAY:
            assert self.play is not None
            return self.play.to_play
        return None

    @property
    def contract(self) -> Contract | None:
        """The second phase's contract.  Its `dummy` and `opening_leader` name the empty
        seats; there is no dummy, and the opening leader is `opening_leader` below."""
        return self.auction.contract

    @property
    def opening_leader(self) -> Seat | None:
        contract = self.auction.contract
        return None if contract is None else opponent(contract.declarer)

    @property
    def face_up(self) -> Card | None:
        """The stock's face-up top card during the first phase."""
        taken = 2 * len(self.draws)
        return self.board.stock[taken] if taken < STOCK_SIZE else None

    @property
    def stock_left(self) -> int:
        return STOCK_SIZE - 2 * len(self.draws)

    def hand(self, seat: Seat) -> Hand:
        """The cards `seat` holds now."""
        play = self.play if self.play is not None else self.draw_play
        return play.hand(seat)

    def second_phase_hands(self) -> tuple[Hand, Hand] | None:
        """Each player's thirteen cards as the stock left them, once the first phase is over."""
        if not self.draw_play.is_over:
            return None
        return (self.draw_play.hand(PLAYERS[0]), self.draw_play.hand(PLAYERS[1]))

    def tricks_won(self, seat: Seat) -> int:
        """Second-phase tricks won so far by `seat` (first-phase tricks score nothing)."""
        return 0 if self.play is None else self.play.won_by(seat)

    # -- actions ----------------------------------------------------------------------------

    def legal_actions(self) -> Sequence[TwoHandedAction]:
        if self.proposal is not None:
            return ()
        stage = self.stage
        if stage is TwoHandedStage.DRAW:
            return self.draw_play.legal_cards()
        if stage is TwoHandedStage.AUCTION:
            return self.auction.legal_calls()
        if stage is TwoHandedStage.PLAY:
            assert self.play is not None
            return self.play.legal_cards()
        return ()

    def apply(self, action: object, by: Seat | None = None) -> None:
        if isinstance(action, Claim | ClaimResponse | UndoRequest | UndoResponse):
            self._table_action(action, _player(action, by))
            return
        if self.proposal is not None:
            raise ProposalPending(f"waiting for answers to a {self.proposal.kind.value}")
        seat = self.to_act
        if seat is None:
            raise GameOver("the deal is over")
        if by is not None and by != seat:
            raise NotYourTurn(f"it is {seat.name.title()}'s turn")
        stage = self.stage
        if isinstance(action, Card):
            if stage is TwoHandedStage.DRAW:
                self._draw_card(action)
            elif stage is TwoHandedStage.PLAY:
                assert self.play is not None
                self.play.play(action)
            else:
                raise IllegalAction("the auction is on; make a call")
        elif isinstance(action, Call):
            if stage is not TwoHandedStage.AUCTION:
                raise IllegalAction("the auction begins when the stock is gone; play a card")
            self._call(action, seat)
        else:
            raise IllegalAction(f"not an action of two-handed bridge: {action!r}")

    def _draw_card(self, card: Card) -> None:
        winner = self.draw_play.play(card)
        if winner is None:
            return
        taken = 2 * len(self.draws)
        face_up, hidden = self.board.stock[taken], self.board.stock[taken + 1]
        hands = self.draw_play.hands
        hands[PLAYERS.index(winner)] |= face_up.mask
        hands[PLAYERS.index(opponent(winner))] |= hidden.mask
        self.draws.append(Draw(winner, face_up, hidden))

    def _call(self, call: Call, seat: Seat) -> None:
        auction = self.auction
        auction.add(call)
        self.calls.append((seat, call))
        while not auction.is_over and auction.to_act not in PLAYERS:
            auction.add(PASS)  # the empty seat beside the player
        contract = auction.contract
        if contract is not None:
            self.play = Play(
                self.draw_play.hands, opponent(contract.declarer), contract.trump, PLAYERS
            )

    # -- claims and undo --------------------------------------------------------------------

    def _table_action(self, action: TableAction, by: Seat) -> None:
        if isinstance(action, Claim):
            self._claim(action, by)
        elif isinstance(action, UndoRequest):
            if self.proposal is not None:
                raise ProposalPending("a claim or undo request is already waiting for answers")
            self._undo_target(by)
            self.proposal = Proposal(ProposalKind.UNDO, by, frozenset({opponent(by)}))
        else:
            self._answer(action, by)

    def _claim(self, claim: Claim, by: Seat) -> None:
        if self.proposal is not None:
            raise ProposalPending("a claim or undo request is already waiting for answers")
        if self.stage is not TwoHandedStage.PLAY:
            raise IllegalAction("claims are made during the second phase's play")
        assert self.play is not None
        remaining = self.play.remaining_tricks
        if not 0 <= claim.tricks <= remaining:
            raise IllegalAction(f"a claim is for 0 to {remaining} of the remaining tricks")
        self.proposal = Proposal(
            ProposalKind.CLAIM, by, frozenset({opponent(by)}), claim.tricks, claim.line
        )
        self.claim_faced[opponent(by)] = len(self.actions())

    def _answer(self, answer: ClaimResponse | UndoResponse, by: Seat) -> None:
        proposal = self.proposal
        wanted = ProposalKind.CLAIM if isinstance(answer, ClaimResponse) else ProposalKind.UNDO
        if proposal is None or proposal.kind is not wanted:
            raise IllegalAction(f"there is no {wanted.value} to answer")
        if by not in proposal.awaiting:
            raise NotYourTurn(f"{by.name.title()} is not asked to answer this {wanted.value}")
        self.proposal = None
        yes = answer.accept if isinstance(answer, ClaimResponse) else answer.grant
        if not yes:
            return
        if proposal.kind is ProposalKind.UNDO:
            self._undo(proposal.by)
            return
        play, contract = self.play, self.auction.contract
        assert play is not None and contract is not None
        share = proposal.tricks
        if proposal.by != contract.declarer:
            share = play.remaining_tricks - share
        self._claimed_tricks = play.won_by(contract.declarer) + share

    def actions(self) -> list[tuple[Seat, TwoHandedAction]]:
        """Every card and call so far with the player who chose it; applying them in order to
        a new game rebuilds this one."""
        made: list[tuple[Seat, TwoHandedAction]] = list(self.draw_play.history)
        made.extend(self.calls)
        if self.play is not None:
            made.extend(self.play.history)
        return made

    def _undo_target(self, seat: Seat) -> int:
        """Position (in `actions()`) of the action an undo by `seat` would take back.

        A first-phase card only while its trick is in progress (once a trick is complete the
        players have drawn and seen new cards); calls until the second phase's opening lead;
        a second-phase card while its trick is in progress, or until the next card after it.
        """
        if self.is_over:
            raise IllegalAction("the deal is over; nothing can be taken back")
        made = self.actions()
        positions = [i for i, (actor, _) in enumerate(made) if actor == seat]
        if not positions:
            raise IllegalAction("you have nothing to take back")
        target = positions[-1]
        if target < self.seen_at(seat):
            raise IllegalAction(SEEN_SINCE)
        drawn = len(self.draw_play.history)
        if target < drawn:
            in_trick = len(self.draw_play.current_trick)
            if target < drawn - in_trick:
                raise IllegalAction(
                    "a first-phase card can be taken back only before the trick is complete"
                )
        elif self.play is not None and self.play.history:
            in_trick = len(self.play.history) % 2 or 2
            if target < len(made) - in_trick:
                raise IllegalAction(
                    "only a card of the trick in progress (or of the last trick, before the"
                    " next one starts) can be taken back"
                )
        return target

    def seen_at(self, seat: Seat) -> int:
        """How many of `actions()` had been made when a card hidden from `seat` was last shown
        to it (0: none yet): the other player's every card, and the end of each first-phase
        trick (a new card is turned face up, and the loser draws one): an undo by `seat` never
        takes back an action made before that."""
        seen = 0
        drawn = len(self.draw_play.history)
        for position, (actor, action) in enumerate(self.actions()):
            ends_a_draw = position < drawn and position % 2 == 1
            if isinstance(action, Card) and (actor != seat or ends_a_draw):
                seen = position + 1
        return max(seen, self.claim_faced.get(seat, 0))

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
        if not self.is_over:
            return None
        contract = self.auction.contract
        if contract is None:
            return DealResult(None, None)
        if self._claimed_tricks is not None:
            return DealResult(contract, self._claimed_tricks, claimed=True)
        assert self.play is not None
        return DealResult(contract, self.play.won_by(contract.declarer))

    @property
    def last_trick(self) -> Trick[Seat] | None:
        """The last completed trick of the phase being played."""
        play = self.play if self.play is not None else self.draw_play
        return play.tricks[-1] if play.tricks else None


__all__ = [
    "PLAYERS",
    "Draw",
    "TwoHandedAction",
    "TwoHandedBoard",
    "TwoHandedDeal",
    "TwoHandedStage",
    "opponent",
]


def _player(action: object, by: Seat | None) -> Seat:
    """The player who sends a claim or an undo (either of the two, at any moment)."""
    if by is None:
        raise IllegalAction(f"{type(action).__name__} needs the seat that sends it")
    if by not in PLAYERS:
        raise IllegalAction("two-handed bridge is played by North and East")
    return by
