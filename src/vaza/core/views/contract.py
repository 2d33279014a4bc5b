"""Views of a contract bridge deal: what each seat, a kibitzer or anyone afterwards may see.

Robots and clients only ever receive a `TableView`.  A seat sees its own hand; dummy once the
opening lead is made; every call, and the alerts of every call but partner's (an alert
explains a call to the opponents; partner must not learn from it, Law 16) until the deal is
over; every card played (each was shown to the whole table); the
current trick; the last trick until its side has played to the next one (seed 000); the tricks
won; the claimer's hand to its opponents while they answer a claim (`claims.py`); and, once
the deal is over, all four hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from vaza.core.calls import Call, Contract
from vaza.core.cards import SEATS, Card, Hand, Seat, Side, Vulnerability
from vaza.core.deal import Deal
from vaza.core.errors import NotVisible
from vaza.core.game import Proposal
from vaza.core.games.contract import BridgeAction, ContractDeal, DealResult, Phase
from vaza.core.play import Trick
from vaza.core.record import DealRecord
from vaza.core.views.claims import claimer_faced_to


@dataclass(frozen=True, slots=True)
class TableView:
    """One viewer's picture of a contract bridge deal."""

    viewer: Seat | None
    """The seat this view is for; None for a kibitzer."""
    board_number: int | None
    dealer: Seat
    vulnerability: Vulnerability
    phase: Phase
    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]
    """Remaining cards of each seat the viewer may see now, by seat; None where hidden."""
    calls: tuple[Call, ...]
    """The auction so far, from the dealer."""
    contract: Contract | None
    to_act: Seat | None
    controller: Seat | None
    legal_actions: tuple[BridgeAction, ...]
    """What the viewer may choose now (empty unless the viewer controls the move)."""
    played: tuple[tuple[Seat, Card], ...]
    """Every card played so far, in order, with the seat that played it."""
    current_trick: tuple[tuple[Seat, Card], ...]
    last_trick: Trick[Seat] | None
    """The last completed trick while the viewer may still look at it, else None."""
    tricks_won: tuple[int, int]
    """Completed tricks won by North–South and by East–West."""
    proposal: Proposal[Seat] | None
    result: DealResult | None
    deal: Deal | None
    """All four original hands, once the deal is over."""
    may_undo: bool = False
    """Whether the viewer may ask to take back its last action now (the rules say when)."""
    alerts: tuple[tuple[int, str], ...] = ()
    """(position of a call in `calls`, its caller's explanation) for the alerts the viewer may
    read."""

    @property
    def hand(self) -> Hand | None:
        """The viewer's own remaining cards."""
        return None if self.viewer is None else self.hands[self.viewer]

    @property
    def hand_sizes(self) -> tuple[int, int, int, int]:
        """How many cards each seat holds now (public): thirteen less one for each completed
        trick and one for a card in the trick in progress."""
        left = [13 - (len(self.played) - len(self.current_trick)) // 4] * 4
        for seat, _ in self.current_trick:
            left[seat] -= 1
        return (left[0], left[1], left[2], left[3])


FULL_HANDS: Final = (13, 13, 13, 13)


def _current_trick(game: ContractDeal) -> tuple[tuple[Seat, Card], ...]:
    play = game.play
    if play is None:
        return ()
    return play.current_plays()


def _last_trick_visible(game: ContractDeal, viewer: Seat | None) -> Trick[Seat] | None:
    """Seed 000: a player may look at the last trick until they or their partner have played
    to the next one."""
    play = game.play
    if play is None or not play.tricks:
        return None
    if viewer is not None:
        for seat, _ in _current_trick(game):
            if seat.side == viewer.side:
                return None
    return play.tricks[-1]


@dataclass(frozen=True, slots=True)
class ViewersOwn:
    """The fields of a `TableView` that depend on its viewer, under the same names: the views
    of one moment hold every other field alike, so a server that has built one view builds
    only these for the others."""

    viewer: Seat | None
    hands: tuple[Hand | None, Hand | None, Hand | None, Hand | None]
    legal_actions: tuple[BridgeAction, ...]
    last_trick: Trick[Seat] | None
    may_undo: bool
    alerts: tuple[tuple[int, str], ...]
    proposal: Proposal[Seat] | None
    """Alike in every view; here too because a viewer's answers to it are its own."""


def _viewers_own(game: ContractDeal, viewer: Seat | None, visible: frozenset[Seat]) -> ViewersOwn:
    contract = game.contract
    if contract is not None and game.dummy_faced:
        visible = visible | {contract.dummy}
    visible = visible | claimer_faced_to(game.proposal, viewer)
    if game.is_over:
        visible = frozenset(SEATS)
    hands = tuple(game.hand(seat) if seat in visible else None for seat in SEATS)
    controls = viewer is not None and viewer == game.controller
    return ViewersOwn(
        viewer=viewer,
        hands=hands,  # type: ignore[arg-type]
        legal_actions=tuple(game.legal_actions()) if controls else (),
        last_trick=_last_trick_visible(game, viewer),
        may_undo=viewer is not None and game.may_undo(viewer),
        alerts=_alerts_read_by(game, viewer),
        proposal=game.proposal,
    )


def _view(game: ContractDeal, viewer: Seat | None, visible: frozenset[Seat]) -> TableView:
    board = game.board
    over = game.is_over
    own = _viewers_own(game, viewer, visible)
    play = game.play
    return TableView(
        viewer=viewer,
        board_number=board.number,
        dealer=board.dealer,
        vulnerability=board.vulnerability,
        phase=game.phase,
        hands=own.hands,
        calls=tuple(game.auction.calls),
        contract=game.contract,
        to_act=game.to_act,
        controller=game.controller,
        legal_actions=own.legal_actions,
        played=tuple(play.history) if play else (),
        current_trick=_current_trick(game),
        last_trick=own.last_trick,
        tricks_won=(game.side_tricks(Side.NS), game.side_tricks(Side.EW)),
        proposal=own.proposal,
        result=game.result,
        deal=board.deal if over else None,
        may_undo=own.may_undo,
        alerts=own.alerts,
    )


def _alerts_read_by(game: ContractDeal, viewer: Seat | None) -> tuple[tuple[int, str], ...]:
    """The alerts `viewer` may read: all of them once the deal is over, and to a watcher; to a
    player, all but partner's."""
    alerts = game.alerts
    if not alerts:
        return ()
    dealer = game.board.dealer
    return tuple(
        (position, text)
        for position, text in sorted(alerts.items())
        if viewer is None or game.is_over or dealer.next(position) != viewer.partner
    )


def seat_view(game: ContractDeal, seat: Seat) -> TableView:
    """What the player at `seat` may see now."""
    return _view(game, seat, frozenset({seat}))


def kibitzer_view(game: ContractDeal, all_hands: bool = False) -> TableView:
    """What a kibitzer may see: the public view, or every hand where the table allows it."""
    return _view(game, None, _kibitzers_see(all_hands))


def seats_own(game: ContractDeal, seat: Seat) -> ViewersOwn:
    """`seat_view(game, seat)`'s own fields alone."""
    return _viewers_own(game, seat, frozenset({seat}))


def kibitzers_own(game: ContractDeal, all_hands: bool = False) -> ViewersOwn:
    """`kibitzer_view(game, all_hands)`'s own fields alone."""
    return _viewers_own(game, None, _kibitzers_see(all_hands))


def _kibitzers_see(all_hands: bool) -> frozenset[Seat]:
    return frozenset(SEATS) if all_hands else frozenset()


def final_record(game: ContractDeal) -> DealRecord:
    """The whole deal, for anyone, once it is over."""
    if not game.is_over:
        raise NotVisible("the full record is shown only after the deal is over")
    return game.record()
