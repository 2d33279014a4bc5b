"""The rules of the games: pure, stdlib only, no I/O.

`make compile` may build this package with mypyc where a C compiler is present; the same
sources run as plain Python otherwise, and `COMPILED` says which one was imported.
"""

from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

from vaza.core import cards as _cards
from vaza.core.auction import Auction
from vaza.core.calls import BIDS, CALLS, DOUBLE, PASS, REDOUBLE, Call, Contract, Doubling, Strain
from vaza.core.cards import (
    CARDS,
    SEATS,
    Card,
    Hand,
    Rank,
    Seat,
    Side,
    Suit,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from vaza.core.deal import Board, Deal, make_rng
from vaza.core.errors import (
    GameOver,
    IllegalAction,
    NotVisible,
    NotYourTurn,
    ParseError,
    ProposalPending,
    VazaError,
)
from vaza.core.game import Claim, ClaimResponse, Game, Proposal, UndoRequest, UndoResponse
from vaza.core.games.contract import ContractDeal, DealResult, LowestOf, Phase
from vaza.core.play import Play, Trick
from vaza.core.record import DealRecord
from vaza.core.views import TableView, final_record, kibitzer_view, seat_view

COMPILED: Final = str(_cards.__file__).endswith(tuple(EXTENSION_SUFFIXES))
"""Whether the rules were imported as compiled extension modules (mypyc), not plain Python."""

__all__ = [
    "BIDS",
    "CALLS",
    "CARDS",
    "COMPILED",
    "DOUBLE",
    "PASS",
    "REDOUBLE",
    "SEATS",
    "Auction",
    "Board",
    "Call",
    "Card",
    "Claim",
    "ClaimResponse",
    "Contract",
    "ContractDeal",
    "Deal",
    "DealRecord",
    "DealResult",
    "Doubling",
    "Game",
    "GameOver",
    "Hand",
    "IllegalAction",
    "LowestOf",
    "NotVisible",
    "NotYourTurn",
    "ParseError",
    "Phase",
    "Play",
    "Proposal",
    "ProposalPending",
    "Rank",
    "Seat",
    "Side",
    "Strain",
    "Suit",
    "TableView",
    "Trick",
    "UndoRequest",
    "UndoResponse",
    "VazaError",
    "Vulnerability",
    "board_dealer",
    "board_vulnerability",
    "final_record",
    "kibitzer_view",
    "make_rng",
    "seat_view",
]
