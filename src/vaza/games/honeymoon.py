"""Two-handed bridge (seed 000): a first phase of tricks for the stock's cards, then an auction
and thirteen tricks without dummy, each player alone.

Scorings: "rubber" (the default), "chicago", "old-polish": North is the pad's North–South
column, East its East–West column.  The pad's dealer passes N, E, S, W; two-handed bridge is
dealt by the player of the dealer's side.

Its view is the bridge family's with two seats (North and East; the contract has no dummy, and
``tricks_won`` gives North's as North–South's and East's as East–West's), and ``draw``: the
stock's face-up card, how many cards the stock holds, each first-phase trick and its draw (the
card the loser drew only for the loser), and the opening leader of the second phase; after the
deal, ``dealt``: the hands and the stock as dealt.
"""

from __future__ import annotations

import random
from typing import Final

from vaza.core.calls import Call, Contract
from vaza.core.cards import Card, Hand, Seat, Vulnerability
from vaza.core.deal import Deal
from vaza.core.errors import ParseError
from vaza.core.game import TableAction
from vaza.core.games.contract import Alerted, DealResult, LowestOf
from vaza.core.games.honeymoon import PLAYERS, TwoHandedAction, TwoHandedBoard, TwoHandedDeal
from vaza.core.views import honeymoon as views
from vaza.core.views.honeymoon import TwoHandedView
from vaza.games import scorings, verbs
from vaza.games.spec import ActionCodec, GameSpec, MatchSettings, Text
from vaza.json_types import JSON
from vaza.match.bridge import SheetScorer
from vaza.match.pad_table import PadTableMatch
from vaza.protocol import bridge
from vaza.robots.variants_simple import TwoHandedRobot
from vaza.scoring.sheet import new_sheet
from vaza.scoring.systems import PadOptions, pad_rules

Action = TwoHandedAction | TableAction
SEAT_LABELS: Final = tuple(seat.letter for seat in PLAYERS)

# -- actions --------------------------------------------------------------------------------


def action_json(action: Action) -> JSON:
    return bridge.action_json(action)


def parse_action(data: JSON) -> Action:
    action = bridge.parse_action(data)
    if isinstance(action, LowestOf):
        raise ParseError("two-handed bridge has no dummy: name the card")
    if isinstance(action, Alerted):
        raise ParseError("two-handed bridge has no partner to alert for: make the call alone")
    return action


# -- views ----------------------------------------------------------------------------------


def contract_json(contract: Contract | None) -> JSON | None:
    """A contract without dummy: `Contract.dummy` would name an empty seat."""
    data = bridge.contract_json(contract)
    if data is not None:
        data["dummy"] = None
    return data


def result_json(result: DealResult | None) -> JSON | None:
    data = bridge.result_json(result)
    if data is not None and result is not None:
        data["contract"] = contract_json(result.contract)
    return data


def _dealt_json(board: TwoHandedBoard) -> JSON:
    return {
        "hands": bridge.hands_json(PLAYERS, board.hands),
        "stock": [card.name for card in board.stock],
    }


def _calls(calls: tuple[tuple[Seat, Call], ...]) -> list[str]:
    """The players' calls in turn, from the dealer (the empty seats' passes left out)."""
    return [call.name for _, call in calls]


def view_json(view: TwoHandedView) -> JSON:
    """Everything in a two-handed view, in the family's shape; nothing more (the view is the
    gate)."""
    board = view.board
    deal = None if view.play_hands is None else bridge.hands_json(PLAYERS, view.play_hands)
    data = bridge.family_view_json(
        "honeymoon",
        view,
        bridge.FamilyFields(
            phase=view.stage.value,
            seats=PLAYERS,
            calls=_calls(view.calls),
            contract=contract_json(view.contract),
            controller=view.to_act,
            legal=[action_json(action) for action in view.legal_actions],
            result=result_json(view.result),
            play=bridge.play_json(
                view.played, view.current_trick, view.last_trick, view.tricks_won, deal
            ),
        ),
    )
    data["draw"] = {
        "face_up": None if view.face_up is None else view.face_up.name,
        "stock_left": view.stock_left,
        "tricks": bridge.tricks_json(view.first_phase),
        "draws": [
            {
                "winner": draw.winner.letter,
                "face_up": draw.face_up.name,
                "hidden": None if draw.hidden is None else draw.hidden.name,
            }
            for draw in view.draws
        ],
        "opening_leader": bridge.seat_text(view.opening_leader),
    }
    data["dealt"] = None if board is None else _dealt_json(board)
    return data


def summary(game: TwoHandedDeal) -> JSON:
    """A finished deal for history and the deal viewer: the deal as dealt, the first phase
    and its draws, the second phase's hands, calls and play, and the result."""
    assert game.is_over
    result = result_json(game.result)
    assert result is not None
    second = game.second_phase_hands()
    return {
        "result": result,
        "record": {
            "dealer": game.board.dealer.letter,
            "vulnerability": game.board.vulnerability.pbn,
            "dealt": _dealt_json(game.board),
            "first_phase": bridge.tricks_json(tuple(game.draw_play.tricks)),
            "draws": [
                {"winner": d.winner.letter, "face_up": str(d.face_up), "hidden": str(d.hidden)}
                for d in game.draws
            ],
            "seats": list(SEAT_LABELS),
            "hands": None if second is None else bridge.hands_json(PLAYERS, second),
            "calls": _calls(tuple(game.calls)),
            "contract": contract_json(game.contract),
            "play": [] if game.play is None else [card.name for _, card in game.play.history],
            "declarer_tricks": result["declarer_tricks"],
            "claimed": result["claimed"],
            "passed_out": result["passed_out"],
        },
    }


# -- the match ------------------------------------------------------------------------------


class HoneymoonMatch(PadTableMatch[TwoHandedDeal, Action, TwoHandedView]):
    """Two-handed deals on a pad, North and East each alone."""

    game = "honeymoon"
    seat_labels = SEAT_LABELS

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
            tuple(Card.parse(str(text)) for text in stock),
            dealer,
            vulnerability,
        )
        return TwoHandedDeal(board)

    def _seat_view(self, game: TwoHandedDeal, seat: Seat) -> TwoHandedView:
        return views.seat_view(game, seat)

    def _kibitzer_view(self, game: TwoHandedDeal, all_hands: bool) -> TwoHandedView:
        return views.kibitzer_view(game, all_hands)

    def _view_json(self, view: TwoHandedView) -> JSON:
        return view_json(view)

    def _scored_hands(self, game: TwoHandedDeal) -> Deal:
        """The thirteen cards each player held for the second phase; the partners' seats are
        empty, so honours are each player's own."""
        hands = game.second_phase_hands()
        north, east = hands if hands is not None else game.board.hands
        return Deal((north, east, Hand(), Hand()))

    def _summary(self, game: TwoHandedDeal) -> JSON:
        return summary(game)

    def scores(self) -> JSON:
        """The pad, with the player whose column each side's is."""
        return {**self.scorer.to_json(), "players": {"NS": "N", "EW": "E"}}


def _match(settings: MatchSettings) -> HoneymoonMatch:
    rules = pad_rules(settings.scoring, PadOptions(**settings.options))
    return HoneymoonMatch(SheetScorer(new_sheet(rules)))


def _robot(_settings: MatchSettings) -> TwoHandedRobot:
    return TwoHandedRobot()


SPEC: Final[GameSpec[Action, TwoHandedView]] = GameSpec(
    name="honeymoon",
    label=Text("Two-handed bridge", "Bridge para dois"),
    about=Text(
        "Two players: tricks for the stock's cards, then an auction and play without dummy.",
        "Dois jogadores: vazas pelas cartas do monte, depois leilão e jogo sem morto.",
    ),
    players=(2,),
    scorings=(scorings.RUBBER, scorings.CHICAGO, scorings.OLD_POLISH),
    verbs=(verbs.CALL, verbs.PLAY, *verbs.TABLE_TALK),
    actions=ActionCodec(parse_action, action_json),
    new_match=_match,
    robot=_robot,
)
