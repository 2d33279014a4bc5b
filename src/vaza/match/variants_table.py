"""Seed 000's bridge variants at a table: Bridge-Whist, the widow game and two-handed bridge.

Each is a sequence of deals on a score pad (`SheetScorer`, as contract bridge's pad systems):
the pad fixes each deal's dealer and vulnerability and says when the match is over, and a deal
passed out (the widow game, two-handed bridge) is dealt again by the same dealer unless the
pad's `passed_out` option says it counts.  A deal's random part (the cards) is drawn by
`setup_deal` and stored as an event, so a table replays its deals from its log.

Scorings offered (docs/games/bridge-variants.md says why):

- Bridge-Whist: "chicago" (the default: rounds of four deals, the seed's literal scoring with
  every point above the line; option `odd_tricks_below` writes the tricks over six below the
  line) and "rubber" (the tricks over six always below the line, so games and rubbers are won).
- The widow game: "rubber" (the default), "chicago", "old-polish": its deals are contract
  bridge's, scored on the hands as played (after the widow).
- Two-handed bridge: "rubber" (the default), "chicago", "old-polish", each player alone: North
  is the pad's North–South column, East its East–West column.  The pad's dealer passes N, E,
  S, W; two-handed bridge is dealt by the player of the dealer's side.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import replace
from typing import Any, Generic, Protocol, TypeVar

from vaza.core.cards import SEATS, Hand, Seat, Vulnerability
from vaza.core.deal import Board, Deal
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.game import Proposal
from vaza.core.games.bridge_whist import BridgeWhistDeal
from vaza.core.games.contract import DealResult
from vaza.core.games.honeymoon import PLAYERS, TwoHandedBoard, TwoHandedDeal
from vaza.core.games.widow import WidowBoard, WidowDeal
from vaza.core.views import bridge_whist as bridge_whist_views
from vaza.core.views import honeymoon as honeymoon_views
from vaza.core.views import widow as widow_views
from vaza.formats import lin, pbn
from vaza.match.base import JSON, Chooser, FinishedDeal
from vaza.match.bridge import SheetScorer
from vaza.protocol import variants as protocol
from vaza.protocol.bridge import hand_json
from vaza.robots.variants_simple import BridgeWhistRobot, TwoHandedRobot, WidowRobot
from vaza.scoring.bridge_whist import bridge_whist_pad
from vaza.scoring.sheet import PadRules, new_sheet
from vaza.scoring.systems import pad_rules

BRIDGE_WHIST_SCORINGS = ("chicago", "rubber")
WIDOW_SCORINGS = ("rubber", "chicago", "old-polish")
HONEYMOON_SCORINGS = ("rubber", "chicago", "old-polish")
FOUR_SEATS = tuple(seat.letter for seat in SEATS)
TWO_SEATS = tuple(seat.letter for seat in PLAYERS)


class _Deal(Protocol):
    """What a match needs of a variant's deal (every game of `vaza.core.games` offers it)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def controller(self) -> Seat | None: ...

    @property
    def proposal(self) -> Proposal[Seat] | None: ...

    @property
    def result(self) -> DealResult | None: ...

    def apply(self, action: Any, by: Seat | None = None) -> None: ...


GameT = TypeVar("GameT", bound=_Deal)


class PadTableMatch(ABC, Generic[GameT]):
    """A variant's deals one after another on a score pad; a subclass knows its game."""

    game: str
    seat_labels: tuple[str, ...] = FOUR_SEATS

    def __init__(self, scorer: SheetScorer, robot: Chooser) -> None:
        self.scorer = scorer
        self.current: GameT | None = None
        self._deals = 0
        self._robot = robot

    # -- what a game supplies ---------------------------------------------------------------

    @abstractmethod
    def _deal_cards(self, rng: random.Random, dealer: Seat) -> JSON:
        """The cards of a new deal dealt by `dealer`, as JSON."""

    @abstractmethod
    def _new_game(self, setup: JSON, dealer: Seat, vulnerability: Vulnerability) -> GameT:
        """The deal `setup` describes (its cards as `_deal_cards` wrote them)."""

    @abstractmethod
    def _seat_view(self, game: GameT, seat: Seat) -> Any: ...

    @abstractmethod
    def _kibitzer_view(self, game: GameT, all_hands: bool) -> Any: ...

    @abstractmethod
    def _view_json(self, view: Any) -> JSON: ...

    @abstractmethod
    def parse(self, data: JSON) -> Any:
        """A command to a core action (raises ParseError)."""

    @abstractmethod
    def encode(self, action: Any) -> JSON: ...

    @abstractmethod
    def _scored_hands(self, game: GameT) -> Deal:
        """The hands the pad counts honours (and high-card points) in."""

    @abstractmethod
    def _summary(self, game: GameT) -> JSON:
        """The finished deal's result and full record, for history and the deal viewer."""

    def _dealer(self, pad_dealer: Seat) -> Seat:
        """The seat that deals when the pad's turn to deal is `pad_dealer`'s."""
        return pad_dealer

    def _records(self, game: GameT) -> tuple[str | None, str | None]:
        """The finished deal as PBN and LIN, where those formats can hold it."""
        return None, None

    def public_action(self, action: JSON) -> JSON:
        return action  # calls, choices of trumps and cards are made in front of everyone

    # -- dealing ----------------------------------------------------------------------------

    def setup_deal(self, rng: random.Random) -> JSON:
        dealer, vulnerability, _ = self.scorer.next_board(self._deals + 1)
        dealer = self._dealer(dealer)
        return {
            "number": self._deals + 1,
            "dealer": dealer.letter,
            "vulnerability": vulnerability.pbn,
            **self._deal_cards(rng, dealer),
        }

    def start_deal(self, setup: JSON) -> None:
        if self.in_deal:
            raise IllegalAction("a deal is already being played")
        dealer = Seat.from_letter(str(setup["dealer"]))
        vulnerability = Vulnerability.parse(str(setup["vulnerability"]))
        self.current = self._new_game(setup, dealer, vulnerability)
        self._deals += 1

    @property
    def in_deal(self) -> bool:
        return self.current is not None and not self.current.is_over

    @property
    def is_over(self) -> bool:
        return not self.in_deal and self.scorer.is_over

    @property
    def deals_started(self) -> int:
        return self._deals

    # -- acting -----------------------------------------------------------------------------

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

    def apply(self, action: Any, seat: str) -> None:
        if self.current is None or self.current.is_over:
            raise IllegalAction("no deal is being played")
        if seat not in self.seat_labels:
            raise IllegalAction(f"{self.game} is played at seats {', '.join(self.seat_labels)}")
        self.current.apply(action, by=Seat.from_letter(seat))

    # -- seeing -----------------------------------------------------------------------------

    def view(self, viewer: str | None, all_hands: bool = False) -> JSON:
        game = self.current
        if game is None:
            return {"game": self.game, "phase": "waiting", "scores": self.scores()}
        if viewer is None:
            data = self._view_json(self._kibitzer_view(game, all_hands))
        else:
            data = self._view_json(self._seat_view(game, Seat.from_letter(viewer)))
        data["number"] = self._deals
        data["scores"] = self.scores()
        return data

    def robot_view(self, seat: str) -> Any:
        assert self.current is not None
        return self._seat_view(self.current, Seat.from_letter(seat))

    def robot(self) -> Chooser:
        return self._robot

    def finish_deal(self) -> FinishedDeal:
        game = self.current
        assert game is not None and game.result is not None
        # The pad knows the deal's dealer and vulnerability; it reads only the hands.
        line = self.scorer.add(Board(self._scored_hands(game)), game.result)
        pbn_text, lin_text = self._records(game)
        return FinishedDeal(
            number=self._deals,
            summary={**self._summary(game), "score": line},
            pbn=pbn_text,
            lin=lin_text,
        )

    def scores(self) -> JSON:
        return self.scorer.to_json()


def _pbn_hands(setup: JSON, key: str) -> Deal:
    return Deal.from_pbn(str(setup[key]))


# -- Bridge-Whist ---------------------------------------------------------------------------


class BridgeWhistMatch(PadTableMatch[BridgeWhistDeal]):
    """Bridge-Whist deals on a pad: the dealer names trumps or passes; the book of six."""

    game = "bridge-whist"

    def __init__(self, scorer: SheetScorer) -> None:
        super().__init__(scorer, BridgeWhistRobot())

    def _deal_cards(self, rng: random.Random, dealer: Seat) -> JSON:
        return {"deal": Deal.random(rng).to_pbn(dealer)}

    def _new_game(self, setup: JSON, dealer: Seat, vulnerability: Vulnerability) -> BridgeWhistDeal:
        return BridgeWhistDeal(Board(_pbn_hands(setup, "deal"), dealer, vulnerability))

    def _seat_view(self, game: BridgeWhistDeal, seat: Seat) -> Any:
        return bridge_whist_views.seat_view(game, seat)

    def _kibitzer_view(self, game: BridgeWhistDeal, all_hands: bool) -> Any:
        return bridge_whist_views.kibitzer_view(game, all_hands)

    def _view_json(self, view: Any) -> JSON:
        return protocol.bridge_whist_view_json(view)

    def parse(self, data: JSON) -> Any:
        return protocol.parse_bridge_whist_action(data)

    def encode(self, action: Any) -> JSON:
        return protocol.bridge_whist_action_json(action)

    def _scored_hands(self, game: BridgeWhistDeal) -> Deal:
        return game.board.deal

    def _summary(self, game: BridgeWhistDeal) -> JSON:
        return protocol.bridge_whist_summary(game)


# -- the widow game -------------------------------------------------------------------------


class WidowMatch(PadTableMatch[WidowDeal]):
    """Widow deals on a pad; a deal passed out by all four is dealt again by the same dealer."""

    game = "widow"

    def __init__(self, scorer: SheetScorer, *, fixed_dummy: bool = False) -> None:
        super().__init__(scorer, WidowRobot())
        self.fixed_dummy = fixed_dummy

    def _deal_cards(self, rng: random.Random, dealer: Seat) -> JSON:
        # Board number n is dealt by board_dealer(n): 1 North, 2 East, 3 South, 4 West.
        board = WidowBoard.random(int(dealer) + 1, rng)
        return {"deal": board.deal.to_pbn(dealer), "widow": hand_json(board.widow)}

    def _new_game(self, setup: JSON, dealer: Seat, vulnerability: Vulnerability) -> WidowDeal:
        widow = setup.get("widow")
        if not isinstance(widow, list):
            raise ParseError("a widow deal lists the four cards of the widow")
        board = WidowBoard(
            _pbn_hands(setup, "deal"),
            Hand(protocol.parse_cards(widow)),
            dealer,
            vulnerability,
        )
        return WidowDeal(board, fixed_dummy=self.fixed_dummy)

    def _seat_view(self, game: WidowDeal, seat: Seat) -> Any:
        return widow_views.seat_view(game, seat)

    def _kibitzer_view(self, game: WidowDeal, all_hands: bool) -> Any:
        return widow_views.kibitzer_view(game, all_hands)

    def _view_json(self, view: Any) -> JSON:
        return protocol.widow_view_json(view)

    def parse(self, data: JSON) -> Any:
        return protocol.parse_widow_action(data)

    def encode(self, action: Any) -> JSON:
        return protocol.widow_action_json(action)

    def public_action(self, action: JSON) -> JSON:
        return protocol.widow_public_action(action)

    def _scored_hands(self, game: WidowDeal) -> Deal:
        played = game.played_board()
        return game.board.deal if played is None else played.deal

    def _summary(self, game: WidowDeal) -> JSON:
        return protocol.widow_summary(game)

    def _records(self, game: WidowDeal) -> tuple[str | None, str | None]:
        """The play from the thirteen-card hands as contract bridge records it (a deal passed
        out before the widow was handed out has no such hands)."""
        if game.play_deal is None:
            return None, None
        record = game.play_deal.record()
        return pbn.dumps([record]), lin.dumps([record])


# -- two-handed bridge ----------------------------------------------------------------------


class HoneymoonMatch(PadTableMatch[TwoHandedDeal]):
    """Two-handed deals on a pad, North and East each alone."""

    game = "honeymoon"
    seat_labels = TWO_SEATS

    def __init__(self, scorer: SheetScorer) -> None:
        super().__init__(scorer, TwoHandedRobot())

    def _dealer(self, pad_dealer: Seat) -> Seat:
        return PLAYERS[pad_dealer.side]  # North for North–South's turn, East for East–West's

    def _deal_cards(self, rng: random.Random, dealer: Seat) -> JSON:
        # Odd board numbers are dealt by North, even ones by East.
        board = TwoHandedBoard.random(PLAYERS.index(dealer) + 1, rng)
        return {
            "hands": {seat.letter: board.hand(seat).to_pbn() for seat in PLAYERS},
            "stock": [str(card) for card in board.stock],
        }

    def _new_game(self, setup: JSON, dealer: Seat, vulnerability: Vulnerability) -> TwoHandedDeal:
        hands, stock = setup.get("hands"), setup.get("stock")
        if not isinstance(hands, dict) or not isinstance(stock, list):
            raise ParseError("a two-handed deal gives North's and East's hands and the stock")
        board = TwoHandedBoard(
            (Hand.parse(str(hands["N"])), Hand.parse(str(hands["E"]))),
            protocol.parse_cards(stock),
            dealer,
            vulnerability,
        )
        return TwoHandedDeal(board)

    def _seat_view(self, game: TwoHandedDeal, seat: Seat) -> Any:
        return honeymoon_views.seat_view(game, seat)

    def _kibitzer_view(self, game: TwoHandedDeal, all_hands: bool) -> Any:
        return honeymoon_views.kibitzer_view(game, all_hands)

    def _view_json(self, view: Any) -> JSON:
        return protocol.two_handed_view_json(view)

    def parse(self, data: JSON) -> Any:
        return protocol.parse_two_handed_action(data)

    def encode(self, action: Any) -> JSON:
        return protocol.two_handed_action_json(action)

    def _scored_hands(self, game: TwoHandedDeal) -> Deal:
        """The thirteen cards each player held for the second phase; the partners' seats are
        empty, so honours are each player's own."""
        hands = game.second_phase_hands()
        north, east = hands if hands is not None else game.board.hands
        return Deal((north, east, Hand(), Hand()))

    def _summary(self, game: TwoHandedDeal) -> JSON:
        return protocol.two_handed_summary(game)

    def scores(self) -> JSON:
        """The pad, with the player whose column each side's is."""
        return {**self.scorer.to_json(), "players": {"NS": "N", "EW": "E"}}


# -- options --------------------------------------------------------------------------------


def _pad(game: str, scoring: str, offered: tuple[str, ...], options: JSON) -> PadRules:
    if scoring not in offered:
        raise ParseError(f"{game} is scored with one of: {', '.join(offered)}")
    try:
        return pad_rules(scoring, **options)
    except TypeError:
        raise ParseError(f"unknown options for {game}: {', '.join(sorted(options))}") from None


def _flag(options: JSON, name: str, default: bool) -> bool:
    value = options.pop(name, default)
    if not isinstance(value, bool):
        raise ParseError(f"{name} must be true or false")
    return value


def bridge_whist_match(scoring: str, variant: JSON) -> BridgeWhistMatch:
    """Bridge-Whist on a pad: `variant` holds the pad's options and `odd_tricks_below`
    (Chicago only: a rubber always writes the tricks over six below the line)."""
    options = dict(variant)
    below = _flag(options, "odd_tricks_below", scoring == "rubber")
    if scoring == "rubber" and not below:
        raise ParseError(
            "a rubber of Bridge-Whist needs the tricks over six below the line "
            "(odd_tricks_below): otherwise no game is ever won"
        )
    rules = _pad("Bridge-Whist", scoring, BRIDGE_WHIST_SCORINGS, options)
    rules = replace(rules, overtricks_below=below)
    return BridgeWhistMatch(SheetScorer(new_sheet(bridge_whist_pad(rules))))


def widow_match(scoring: str, variant: JSON) -> WidowMatch:
    """The widow game on a pad: `variant` holds the pad's options and `fixed_dummy`."""
    options = dict(variant)
    fixed_dummy = _flag(options, "fixed_dummy", False)
    rules = _pad("the widow game", scoring, WIDOW_SCORINGS, options)
    return WidowMatch(SheetScorer(new_sheet(rules)), fixed_dummy=fixed_dummy)


def honeymoon_match(scoring: str, variant: JSON) -> HoneymoonMatch:
    """Two-handed bridge on a pad: `variant` holds the pad's options."""
    rules = _pad("two-handed bridge", scoring, HONEYMOON_SCORINGS, dict(variant))
    return HoneymoonMatch(SheetScorer(new_sheet(rules)))


__all__ = [
    "BRIDGE_WHIST_SCORINGS",
    "HONEYMOON_SCORINGS",
    "WIDOW_SCORINGS",
    "BridgeWhistMatch",
    "HoneymoonMatch",
    "PadTableMatch",
    "WidowMatch",
    "bridge_whist_match",
    "honeymoon_match",
    "widow_match",
]
