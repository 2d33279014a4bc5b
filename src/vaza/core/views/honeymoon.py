"""Views of a two-handed bridge deal: what each player, a kibitzer or anyone afterwards may see.

A player sees their own hand; the stock's face-up card (it lies face up for both); every card
played in either phase; after each first-phase trick, the face-up card the winner took; the
card the loser drew only if they are the loser (the winner never sees it); the calls; the
current trick and the last one until they have played to the next; the claimer's hand while
they answer its claim (`claims.py`); and, after the deal, everything.  A kibitzer sees what
both players see in common.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.calls import Call, Contract
from vaza.core.cards import Card, Hand, Seat, Vulnerability
from vaza.core.game import Proposal
from vaza.core.games.contract import DealResult
from vaza.core.games.honeymoon import (
    HAND_SIZE,
    PLAYERS,
    TwoHandedAction,
    TwoHandedBoard,
    TwoHandedDeal,
    TwoHandedStage,
)
from vaza.core.play import Trick
from vaza.core.views.claims import claimer_faced_to


@dataclass(frozen=True, slots=True)
class SeenDraw:
    """A first-phase trick's draw from the stock, as the viewer saw it."""

    winner: Seat
    face_up: Card
    """The face-up card the winner took."""
    hidden: Card | None
    """The card the loser drew: known only to the loser (None for anyone else)."""


@dataclass(frozen=True, slots=True)
class TwoHandedView:
    """One viewer's picture of a two-handed deal."""

    viewer: Seat | None
    """North or East; None for a kibitzer."""
    board_number: int | None
    dealer: Seat
    vulnerability: Vulnerability
    stage: TwoHandedStage
    hands: tuple[Hand | None, Hand | None]
    """North's and East's remaining cards where the viewer may see them; None where hidden."""
    face_up: Card | None
    """The stock's face-up top card (first phase)."""
    stock_left: int
    draws: tuple[SeenDraw, ...]
    """The first phase's draws, one per completed trick."""
    first_phase: tuple[Trick[Seat], ...]
    """The first phase's completed tricks (their cards left the game)."""
    calls: tuple[tuple[Seat, Call], ...]
    """The second phase's auction, with the player who made each call."""
    contract: Contract | None
    opening_leader: Seat | None
    current_trick: tuple[tuple[Seat, Card], ...]
    """The trick in progress, in either phase."""
    last_trick: Trick[Seat] | None
    """The last completed trick of the phase being played, until the viewer plays to the
    next one."""
    played: tuple[tuple[Seat, Card], ...]
    """Every second-phase card so far, in order."""
    tricks_won: tuple[int, int]
    """Second-phase tricks won by North and by East."""
    to_act: Seat | None
    legal_actions: tuple[TwoHandedAction, ...]
    """What the viewer may choose now (empty unless it is the viewer's turn)."""
    proposal: Proposal[Seat] | None
    result: DealResult | None
    board: TwoHandedBoard | None
    """The deal as dealt (hands and stock), once the deal is over."""
    play_hands: tuple[Hand, Hand] | None = None
    """North's and East's thirteen cards as the second phase began, once the deal is over."""
    may_undo: bool = False
    """Whether the viewer may ask to take back its last card or call now."""

    @property
    def hand(self) -> Hand | None:
        """The viewer's own remaining cards."""
        return None if self.viewer is None else self.hands[PLAYERS.index(self.viewer)]

    @property
    def hand_sizes(self) -> tuple[int, int]:
        """How many cards North and East hold now (public): thirteen between tricks of the
        first phase (each draws one), thirteen less the cards played in the second."""
        second = self.stage in (TwoHandedStage.PLAY, TwoHandedStage.OVER)
        gone = self.played if second else self.current_trick
        return (
            HAND_SIZE - sum(1 for seat, _ in gone if seat == PLAYERS[0]),
            HAND_SIZE - sum(1 for seat, _ in gone if seat == PLAYERS[1]),
        )


def _view(game: TwoHandedDeal, viewer: Seat | None, all_hands: bool) -> TwoHandedView:
    over = game.is_over
    sees_all = over or all_hands
    draws = tuple(
        SeenDraw(
            draw.winner,
            draw.face_up,
            draw.hidden if sees_all or (viewer is not None and viewer != draw.winner) else None,
        )
        for draw in game.draws
    )
    phase = game.play if game.play is not None else game.draw_play
    current = phase.current_plays()
    last = game.last_trick
    if viewer is not None and any(seat == viewer for seat, _ in current):
        last = None  # seed 000: the last trick may be looked at until one plays to the next
    controls = viewer is not None and viewer == game.to_act
    faced = claimer_faced_to(game.proposal, viewer)
    return TwoHandedView(
        viewer=viewer,
        board_number=game.board.number,
        dealer=game.board.dealer,
        vulnerability=game.board.vulnerability,
        stage=game.stage,
        hands=(
            game.hand(PLAYERS[0])
            if sees_all or viewer == PLAYERS[0] or PLAYERS[0] in faced
            else None,
            game.hand(PLAYERS[1])
            if sees_all or viewer == PLAYERS[1] or PLAYERS[1] in faced
            else None,
        ),
        face_up=game.face_up,
        stock_left=game.stock_left,
        draws=draws,
        first_phase=tuple(game.draw_play.tricks),
        calls=tuple(game.calls),
        contract=game.contract,
        opening_leader=game.opening_leader,
        current_trick=current,
        last_trick=last,
        played=tuple(game.play.history) if game.play is not None else (),
        tricks_won=(game.tricks_won(PLAYERS[0]), game.tricks_won(PLAYERS[1])),
        to_act=game.to_act,
        legal_actions=tuple(game.legal_actions()) if controls else (),
        proposal=game.proposal,
        result=game.result,
        board=game.board if over else None,
        play_hands=game.second_phase_hands() if over else None,
        may_undo=viewer is not None and game.may_undo(viewer),
    )


def seat_view(game: TwoHandedDeal, seat: Seat) -> TwoHandedView:
    """What the player at `seat` (North or East) may see now."""
    if seat not in PLAYERS:
        raise ValueError("two-handed bridge is played by North and East")
    return _view(game, seat, all_hands=False)


def kibitzer_view(game: TwoHandedDeal, all_hands: bool = False) -> TwoHandedView:
    """What a kibitzer may see: what both players see in common, or everything where the table
    allows it."""
    return _view(game, None, all_hands)


__all__ = ["SeenDraw", "TwoHandedView", "kibitzer_view", "seat_view"]
