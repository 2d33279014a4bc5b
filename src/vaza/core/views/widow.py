"""Views of a widow deal: what each seat, a kibitzer or anyone afterwards may see.

The views follow what each player really saw.  During the auction a seat sees its own twelve
cards and the calls.  Nobody sees the widow until the auction is over; then the declarer picks
it up and sees its four cards.  Once handed out, the declarer knows which card each player
received, and each player knows the card they received; nobody else learns either.  From the
opening lead on it is contract bridge: the play's picture is the contract bridge view (`table`),
with the dummy the rules name (declarer's partner, or the fixed dummy of the option).  After the
deal everything is shown: the twelve-card hands, the widow and who received what.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.calls import Call, Contract
from vaza.core.cards import SEATS, Card, Hand, Seat, Vulnerability
from vaza.core.game import Proposal
from vaza.core.games.contract import DealResult
from vaza.core.games.widow import HAND_SIZE, WidowAction, WidowBoard, WidowDeal, WidowStage
from vaza.core.views import contract as contract_views


@dataclass(frozen=True, slots=True)
class WidowView:
    """One viewer's picture of a widow deal."""

    viewer: Seat | None
    """The seat this view is for; None for a kibitzer."""
    board_number: int | None
    dealer: Seat
    vulnerability: Vulnerability
    stage: WidowStage
    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]
    """Remaining cards of each seat the viewer may see now, by seat; None where hidden."""
    calls: tuple[Call, ...]
    """The auction so far, from the dealer."""
    contract: Contract | None
    dummy: Seat | None
    """The seat whose hand is faced after the opening lead, once the contract is known."""
    widow: Hand | None
    """The widow's four cards, for the declarer once the auction is over (and for all after
    the deal); None where unseen."""
    widow_left: int
    """How many cards lie in the middle (4 until handed out, then 0)."""
    received: tuple[Card | None, Card | None, Card | None, Card | None]
    """The widow card each seat received, by seat, where the viewer knows it."""
    to_act: Seat | None
    controller: Seat | None
    legal_actions: tuple[WidowAction, ...]
    """What the viewer may choose now (empty unless the viewer controls the move)."""
    proposal: Proposal[Seat] | None
    table: contract_views.TableView | None
    """The play as contract bridge shows it, once the widow is handed out."""
    result: DealResult | None
    board: WidowBoard | None
    """The deal as dealt (twelve-card hands and widow), once the deal is over."""
    may_undo: bool = False
    """Whether the viewer may ask to take back its last call, handing out or card now."""

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
        """How many cards each seat holds now (public): twelve until the widow is handed out,
        then thirteen less the cards played."""
        if self.table is None:
            return (HAND_SIZE, HAND_SIZE, HAND_SIZE, HAND_SIZE)
        return self.table.hand_sizes


def _view(game: WidowDeal, viewer: Seat | None, all_hands: bool) -> WidowView:
    over = game.is_over
    sees_all = over or all_hands
    contract = game.contract
    declarer = None if contract is None else contract.declarer
    picked_up = game.stage is not WidowStage.AUCTION and declarer is not None
    knows_widow = sees_all or (picked_up and viewer == declarer)
    hand_out = game.hand_out
    received: list[Card | None] = [None, None, None, None]
    if hand_out is not None:
        for seat in SEATS:
            if knows_widow or seat == viewer:
                received[seat] = hand_out.card_for(seat)
    table = None
    if game.play_deal is not None:
        if viewer is None:
            table = contract_views.kibitzer_view(game.play_deal, all_hands)
        else:
            table = contract_views.seat_view(game.play_deal, viewer)
        hands = table.hands
    else:
        hands = tuple(  # type: ignore[assignment]
            game.hand(seat) if sees_all or seat == viewer else None for seat in SEATS
        )
    controls = viewer is not None and viewer == game.controller
    return WidowView(
        viewer=viewer,
        board_number=game.board.number,
        dealer=game.board.dealer,
        vulnerability=game.board.vulnerability,
        stage=game.stage,
        hands=hands,
        calls=tuple(game.auction.calls),
        contract=contract,
        dummy=game.dummy,
        widow=game.board.widow if knows_widow else None,
        widow_left=0 if hand_out is not None else len(game.board.widow),
        received=(received[0], received[1], received[2], received[3]),
        to_act=game.to_act,
        controller=game.controller,
        legal_actions=tuple(game.legal_actions()) if controls else (),
        proposal=game.proposal,
        table=table,
        result=game.result,
        board=game.board if over else None,
        may_undo=viewer is not None and game.may_undo(viewer),
    )


def seat_view(game: WidowDeal, seat: Seat) -> WidowView:
    """What the player at `seat` may see now."""
    return _view(game, seat, all_hands=False)


def kibitzer_view(game: WidowDeal, all_hands: bool = False) -> WidowView:
    """What a kibitzer may see: the public view, or every hand (and the widow) where the table
    allows it."""
    return _view(game, None, all_hands)


__all__ = ["WidowView", "kibitzer_view", "seat_view"]
