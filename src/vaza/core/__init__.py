"""The rules of the games: pure, stdlib only, no I/O.

`make run`, `make test` and `make compile` build this package with mypyc where a C compiler is
present; the same sources run as plain Python otherwise, and `COMPILED` says which one was
imported.  A compiled module shadows its source, so a build older than any of its sources (a
source edited or checked out since `make` last ran) is not imported at all: the sources run,
with a warning to run `make compile` or `make pure`.
"""

# ruff: noqa: E402 - the rules are imported after the choice of build, below

import sys
import warnings
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    SourceFileLoader,
    SourcelessFileLoader,
)
from pathlib import Path
from typing import Final


def _stale_builds(folders: tuple[Path, ...]) -> list[str]:
    """The compiled modules in `folders` older than their sources."""
    return [
        built.name
        for folder in folders
        for suffix in EXTENSION_SUFFIXES
        for built in folder.glob(f"*{suffix}")
        if (source := folder / (built.name[: -len(suffix)] + ".py")).exists()
        and built.stat().st_mtime < source.stat().st_mtime
    ]


def _sources_only(folders: tuple[Path, ...]) -> None:
    """Import the modules of `folders` from their sources, never their compiled builds (all
    of them: a class run as Python may not inherit a compiled one)."""
    for folder in folders:
        sys.path_importer_cache[str(folder)] = FileFinder(
            str(folder),
            (SourceFileLoader, SOURCE_SUFFIXES),
            (SourcelessFileLoader, BYTECODE_SUFFIXES),
        )


_FOLDERS: Final = (Path(__path__[0]), Path(__path__[0]) / "games")
if _stale := _stale_builds(_FOLDERS):
    _sources_only(_FOLDERS)
    warnings.warn(
        f"the compiled rules engine is older than its sources ({', '.join(sorted(_stale))}):"
        " running the sources; `make compile` rebuilds it, `make pure` removes it",
        stacklevel=2,
    )

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
