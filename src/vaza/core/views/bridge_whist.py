"""Views of a Bridge-Whist deal: what each seat, a kibitzer or anyone afterwards may see.

Before the play a seat sees its own hand and the choices of trumps made so far (they are said
aloud).  From the moment trumps are named, the deal is contract bridge and its picture is the
contract bridge view of the play (`table`), with the book contract and no auction in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.cards import SEATS, Card, Hand, Seat, Vulnerability
from vaza.core.game import Proposal
from vaza.core.games.bridge_whist import (
    BookContract,
    BridgeWhistAction,
    BridgeWhistDeal,
    TrumpChoice,
    WhistStage,
)
from vaza.core.games.contract import DealResult
from vaza.core.views import contract as contract_views
from vaza.core.views.contract import FULL_HANDS


@dataclass(frozen=True, slots=True)
class BridgeWhistView:
    """One viewer's picture of a Bridge-Whist deal."""

    viewer: Seat | None
    """The seat this view is for; None for a kibitzer."""
    board_number: int | None
    dealer: Seat
    vulnerability: Vulnerability
    stage: WhistStage
    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]
    """Remaining cards of each seat the viewer may see now, by seat; None where hidden."""
    choices: tuple[tuple[Seat, TrumpChoice], ...]
    """The dealer's choice (a strain or a pass) and, after a pass, partner's."""
    contract: BookContract | None
    to_act: Seat | None
    controller: Seat | None
    legal_actions: tuple[BridgeWhistAction, ...]
    """What the viewer may choose now (empty unless the viewer controls the move)."""
    proposal: Proposal[Seat] | None
    table: contract_views.TableView | None
    """The play as contract bridge shows it, once trumps are named."""
    result: DealResult | None
    may_undo: bool = False
    """Whether the viewer may ask to take back its last step or card now."""

    @property
    def hand(self) -> Hand | None:
        """The viewer's own remaining cards."""
        return None if self.viewer is None else self.hands[self.viewer]

    @property
    def played(self) -> tuple[tuple[Seat, Card], ...]:
        """Every card played so far, with its seat (none before the play)."""
        return () if self.table is None else self.table.played

    @property
    def hand_sizes(self) -> tuple[int, int, int, int]:
        """How many cards each seat holds now (public)."""
        if self.table is None:
            return FULL_HANDS
        return self.table.hand_sizes


def _view(game: BridgeWhistDeal, viewer: Seat | None, all_hands: bool) -> BridgeWhistView:
    table = None
    if game.play_deal is not None:
        if viewer is None:
            table = contract_views.kibitzer_view(game.play_deal, all_hands)
        else:
            table = contract_views.seat_view(game.play_deal, viewer)
        hands = table.hands
    else:
        hands = tuple(  # type: ignore[assignment]
            game.hand(seat) if all_hands or seat == viewer else None for seat in SEATS
        )
    controls = viewer is not None and viewer == game.controller
    return BridgeWhistView(
        viewer=viewer,
        board_number=game.board.number,
        dealer=game.board.dealer,
        vulnerability=game.board.vulnerability,
        stage=game.stage,
        hands=hands,
        choices=tuple(game.steps),
        contract=game.contract,
        to_act=game.to_act,
        controller=game.controller,
        legal_actions=tuple(game.legal_actions()) if controls else (),
        proposal=game.proposal,
        table=table,
        result=game.result,
        may_undo=viewer is not None and game.may_undo(viewer),
    )


def seat_view(game: BridgeWhistDeal, seat: Seat) -> BridgeWhistView:
    """What the player at `seat` may see now."""
    return _view(game, seat, all_hands=False)


def kibitzer_view(game: BridgeWhistDeal, all_hands: bool = False) -> BridgeWhistView:
    """What a kibitzer may see: the public view, or every hand where the table allows it."""
    return _view(game, None, all_hands)


__all__ = ["BridgeWhistView", "kibitzer_view", "seat_view"]
