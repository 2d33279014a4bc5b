"""Contract bridge at a table: a sequence of deals under one scoring system."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Generic, Protocol, TypeVar

from vaza.core.calls import Call
from vaza.core.cards import SEATS, Seat, Vulnerability, board_dealer, board_vulnerability
from vaza.core.deal import Board, Deal
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.game import Claim, ClaimResponse, Proposal, TableAction, UndoRequest, UndoResponse
from vaza.core.games.contract import Alerted, BridgeAction, ContractDeal, DealResult
from vaza.core.views import kibitzer_view, kibitzers_own, seat_view, seats_own
from vaza.core.views.contract import TableView
from vaza.formats import lin, pbn
from vaza.i18n import LANGUAGES
from vaza.json_types import JSON
from vaza.match.base import SHARED, FinishedDeal
from vaza.match.records import score_tags, tagged
from vaza.protocol.bridge import (
    VIEWERS_OWN,
    contract_viewers_own_json,
    record_json,
    result_json,
    view_json,
)
from vaza.robots.bidding import explain_auction
from vaza.scoring.contract import duplicate_score
from vaza.scoring.sheet import Entry, PadDeal, Sheet, add, new_sheet
from vaza.scoring.systems import PadOptions, pad_rules

LABELS = tuple(seat.letter for seat in SEATS)
LINED: Final = frozenset(("rubber", "chicago", "auction"))
"""The pads that write above and below the line: their records carry ScoreRubber."""


class BridgeScorer(Protocol):
    """A scoring system as a match runs it: it fixes each deal's dealer and vulnerability."""

    @property
    def name(self) -> str: ...

    def next_board(self, number: int) -> tuple[Seat, Vulnerability, int | None]:
        """Dealer, vulnerability and board number (if any) of deal `number` (from 1)."""
        ...

    def add(self, board: Board, result: DealResult) -> JSON:
        """Score a finished deal; returns its line for history (JSON)."""
        ...

    @property
    def is_over(self) -> bool: ...

    def to_json(self) -> JSON: ...


@dataclass
class DuplicateScorer:
    """Each deal a duplicate board: board numbers fix dealer and vulnerability; the score is
    the board's duplicate score, totalled per side.  `boards` deals, or unending if None."""

    boards: int | None = None
    first: int = 1
    """The first board's number (a table may play boards 5–8 of an event)."""
    name: str = "duplicate"
    lines: list[JSON] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})

    def next_board(self, number: int) -> tuple[Seat, Vulnerability, int | None]:
        board = self.first + number - 1
        return board_dealer(board), board_vulnerability(board), board

    def add(self, board: Board, result: DealResult) -> JSON:
        score = 0
        contract = result.contract
        if contract is not None and result.declarer_tricks is not None:
            side = contract.declarer.side
            vulnerable = board.vulnerability.is_vulnerable(side)
            score = duplicate_score(contract, result.declarer_tricks, vulnerable)
            if side.name == "EW":
                score = -score
        if score > 0:
            self.totals["NS"] += score
        else:
            self.totals["EW"] -= score
        line = {"board": board.number, "ns_score": score}
        self.lines.append(line)
        return line

    @property
    def is_over(self) -> bool:
        return self.boards is not None and len(self.lines) >= self.boards

    def to_json(self) -> JSON:
        """A copy: a view is a value, never changed once built (updates are patches of it)."""
        return {"system": self.name, "deals": list(self.lines), "totals": dict(self.totals)}


@dataclass
class SheetScorer:
    """A pad system (rubber, Chicago, Auction Bridge, Old Polish, Russian) keeping its sheet:
    the sheet fixes each deal's dealer and vulnerability and says when the match is over."""

    sheet: Sheet
    written: tuple[Entry, ...] = ()
    """The entries the last deal wrote (its record's ScoreRubber and Honours tags)."""

    @property
    def name(self) -> str:
        return self.sheet.rules.name

    def next_board(self, number: int) -> tuple[Seat, Vulnerability, int | None]:
        return self.sheet.dealer, self.sheet.vulnerability, None

    def add(self, board: Board, result: DealResult) -> JSON:
        """The deal's line of the sheet, with the points each side wrote for it (above and
        below the line, a rubber's bonus included), for history to show."""
        written = len(self.sheet.entries)
        self.sheet = add(self.sheet, PadDeal.from_result(result, board.deal))
        sheet = self.sheet.to_dict()
        deals = sheet["deals"]
        assert isinstance(deals, list)
        points = {"NS": 0, "EW": 0}
        self.written = tuple(self.sheet.entries[written:])
        for entry in self.written:
            points[entry.side.name] += entry.points
        return {**deals[-1], "points": points, "unit": sheet["unit"]}

    @property
    def is_over(self) -> bool:
        return self.sheet.over

    def to_json(self) -> JSON:
        return self.sheet.to_dict()


class _Deal(Protocol):
    """What a match needs of a deal of the bridge family (every game of `vaza.core.games` but
    Boerenbridge offers it)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def to_act(self) -> Seat | None: ...

    @property
    def controller(self) -> Seat | None: ...

    @property
    def proposal(self) -> Proposal[Seat] | None: ...

    @property
    def result(self) -> DealResult | None: ...

    def apply(self, action: Any, by: Seat | None = None) -> None: ...


GameT = TypeVar("GameT", bound=_Deal)
ActionT = TypeVar("ActionT")


class SeatedDeals(Generic[GameT, ActionT]):
    """Deals of the bridge family one after another under a scorer: who acts now, who must
    answer a claim or undo, whether a deal or the match is on.  A subclass deals them."""

    game: str
    seat_labels: tuple[str, ...] = LABELS

    def __init__(self, scorer: BridgeScorer) -> None:
        self.scorer = scorer
        self.current: GameT | None = None
        self._deals = 0

    @property
    def in_deal(self) -> bool:
        return self.current is not None and not self.current.is_over

    @property
    def is_over(self) -> bool:
        return not self.in_deal and self.scorer.is_over

    @property
    def deals_started(self) -> int:
        return self._deals

    def controller(self) -> str | None:
        game = self.current
        if game is None or game.is_over or game.proposal is not None:
            return None
        seat = game.controller
        return None if seat is None else seat.letter

    def responders(self) -> frozenset[str]:
        game = self.current
        if game is None or game.proposal is None:
            return frozenset()
        return frozenset(seat.letter for seat in game.proposal.awaiting)

    def owner(self, action: ActionT, seat: str) -> str:
        game = self.current
        if game is None or isinstance(action, Claim | ClaimResponse | UndoRequest | UndoResponse):
            return seat
        mover = game.to_act
        controls = game.controller is not None and game.controller.letter == seat
        return mover.letter if controls and mover is not None else seat

    def apply(self, action: ActionT, seat: str) -> None:
        if self.current is None or self.current.is_over:
            raise IllegalAction("no deal is being played")
        if seat not in self.seat_labels:
            raise IllegalAction(f"{self.game} is played at seats {', '.join(self.seat_labels)}")
        self.current.apply(action, by=Seat.from_letter(seat))


class BridgeMatch(SeatedDeals[ContractDeal, BridgeAction | Alerted | TableAction]):
    """Contract bridge deals one after another under `scorer`."""

    game = "contract"

    def __init__(self, scorer: BridgeScorer, boards: dict[int, Deal] | None = None) -> None:
        super().__init__(scorer)
        self.boards = boards
        """A set of boards to play (a duplicate event's), by board number; None: deal at
        random.  Kept out of the table's options, which every client sees."""
        self._explained: tuple[tuple[Call, ...], JSON] = ((), {lang: {} for lang in LANGUAGES})

    # -- dealing ------------------------------------------------------------------------

    def setup_deal(self, rng: random.Random) -> JSON:
        number = self._deals + 1
        dealer, vulnerability, board_number = self.scorer.next_board(number)
        if self.boards is not None:
            if board_number not in self.boards:
                raise IllegalAction(f"board {board_number} is not in this table's set")
            deal = self.boards[board_number]
        else:
            deal = Deal.random(rng)
        return {
            "number": number,
            "board": board_number,
            "dealer": dealer.letter,
            "vulnerability": vulnerability.pbn,
            "deal": deal.to_pbn(dealer),
        }

    def start_deal(self, setup: JSON) -> None:
        if self.in_deal:
            raise IllegalAction("a deal is already being played")
        board = Board(
            Deal.from_pbn(setup["deal"]),
            Seat.from_letter(setup["dealer"]),
            Vulnerability.parse(setup["vulnerability"]),
            setup.get("board"),
        )
        self.current = ContractDeal(board)
        self._deals += 1

    # -- seeing -------------------------------------------------------------------------

    def view(self, viewer: str | None, all_hands: bool = False, moment: JSON | None = None) -> JSON:
        game = self.current
        if game is None:
            return {"game": self.game, "phase": "waiting", "scores": self.scores()}
        alike: JSON | None = None if moment is None else moment.get(SHARED)
        if alike is not None:  # another audience's view of this moment built the rest
            if viewer is None:
                own = kibitzers_own(game, all_hands=all_hands)
            else:
                own = seats_own(game, Seat.from_letter(viewer))
            return alike | contract_viewers_own_json(own)
        if viewer is None:
            table_view = kibitzer_view(game, all_hands=all_hands)
        else:
            table_view = seat_view(game, Seat.from_letter(viewer))
        data = view_json(table_view)
        data["number"] = self._deals
        data["scores"] = self.scores()
        data["explanations"] = self._explanations(game)
        if moment is not None:
            moment[SHARED] = {k: v for k, v in data.items() if k not in VIEWERS_OWN}
        return data

    def _explanations(self, game: ContractDeal) -> JSON:
        """What every call means in the robots' system, in both languages (cached: the calls
        change only during the auction)."""
        key = tuple(game.auction.calls)  # interned calls: compared by identity
        known, texts = self._explained
        if key != known:
            # Each new call is explained once: earlier calls keep their meaning.
            start = len(known) if key[: len(known)] == known else 0
            calls, dealer = game.auction.calls, game.board.dealer
            texts = {
                lang: (texts[lang] if start else {})
                | {
                    str(i): text
                    for i, text in explain_auction(calls, dealer, lang, start=start).items()
                }
                for lang in LANGUAGES
            }
            self._explained = (key, texts)
        return texts

    def robot_view(self, seat: str) -> TableView:
        assert self.current is not None
        return seat_view(self.current, Seat.from_letter(seat))

    def finish_deal(self) -> FinishedDeal:
        game = self.current
        assert game is not None and game.result is not None
        line = self.scorer.add(game.board, game.result)
        sheet = self.scorer if isinstance(self.scorer, SheetScorer) else None
        lined = sheet is not None and sheet.name in LINED
        entries = sheet.written if sheet is not None and lined else None
        record = tagged(game.record(), score_tags(game.record(), entries))
        return FinishedDeal(
            number=self._deals,
            summary={
                "result": result_json(game.result),
                "score": line,
                "record": record_json(record),
            },
            pbn=pbn.dumps([record]),
            lin=lin.dumps([record]),
            record=record,
        )

    def scores(self) -> JSON:
        return self.scorer.to_json()


def bridge_match(
    scoring: str, options: JSON, deals: Mapping[int, str] | None = None
) -> BridgeMatch:
    """A contract bridge match; `options` are the scoring system's, checked (see `pad_rules`),
    or for duplicate `boards` (how many, None: no end) and `first_board`.  `deals` (PBN deals by
    board number, a duplicate event's set) replace random deals."""
    if scoring == "duplicate":
        board_set = None
        if deals is not None:
            board_set = {
                int(n): Deal.from_pbn(text).require_complete() for n, text in deals.items()
            }
        scorer = DuplicateScorer(boards=options["boards"], first=options["first_board"])
        return BridgeMatch(scorer, board_set)
    if deals is not None:
        raise ParseError("a set of boards is played with duplicate scoring")
    return BridgeMatch(SheetScorer(new_sheet(pad_rules(scoring, PadOptions(**options)))))
