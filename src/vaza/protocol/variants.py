"""JSON for the views and actions of seed 000's bridge variants: Bridge-Whist, the widow game
and two-handed bridge (see docs/protocol.md).

Each `*_view_json` writes what its core view holds and nothing more: the view is the gate for
hidden cards.  The variants' own decisions travel as the server's generic game commands:

- Bridge-Whist's choice of trumps: ``{"type": "choose", "value": "H"}`` (``"NT"`` for no trump)
  or ``{"type": "choose", "value": "pass"}`` (the dealer leaves the choice to partner);
- the widow handed out: ``{"type": "give", "value": "N:SA E:HK S:D2 W:C3"}`` (the card each
  seat receives); everyone else learns only ``{"type": "give"}``;
- everything else (calls, cards, claims, undo) as in contract bridge.
"""

from __future__ import annotations

from typing import Any

from vaza.core.calls import Call, Contract, Strain
from vaza.core.cards import SEATS, Card, Hand, Seat
from vaza.core.errors import NotVisible, ParseError
from vaza.core.game import Game, TableAction
from vaza.core.games.bridge_whist import (
    PASS_TO_PARTNER,
    BridgeWhistAction,
    BridgeWhistDeal,
    NameTrumps,
    PassToPartner,
    TrumpChoice,
)
from vaza.core.games.contract import DealResult, LowestOf
from vaza.core.games.honeymoon import PLAYERS, TwoHandedAction, TwoHandedDeal
from vaza.core.games.widow import HandOut, WidowAction, WidowBoard, WidowDeal
from vaza.core.play import Trick
from vaza.core.views.bridge_whist import BridgeWhistView
from vaza.core.views.contract import TableView
from vaza.core.views.honeymoon import TwoHandedView
from vaza.core.views.widow import WidowView
from vaza.protocol import bridge

JSON = dict[str, Any]
PASS_VALUE = "pass"
"""The `value` of Bridge-Whist's "choose" command that leaves the choice to partner."""


def _plays_json(plays: tuple[tuple[Seat, Card], ...]) -> list[list[str]]:
    return [[seat.letter, str(card)] for seat, card in plays]


def _tricks_json(tricks: tuple[Trick[Seat], ...]) -> list[JSON]:
    return [{"cards": _plays_json(t.plays), "winner": t.winner.letter} for t in tricks]


def _play_json(table: TableView | None) -> JSON | None:
    """The play as contract bridge shows it (the cards, tricks and, after the deal, the hands
    the play started from); the rest of the contract picture is at the top of the view."""
    if table is None:
        return None
    return {
        "played": _plays_json(table.played),
        "trick": _plays_json(table.current_trick),
        "last_trick": bridge.trick_json(table.last_trick),
        "tricks_won": {"NS": table.tricks_won[0], "EW": table.tricks_won[1]},
        "deal": None
        if table.deal is None
        else {seat.letter: bridge.hand_json(table.deal[seat]) for seat in SEATS},
    }


def _hands_json(hands: tuple[Hand | None, ...], seats: tuple[Seat, ...]) -> JSON:
    return {seat.letter: bridge.hand_json(hand) for seat, hand in zip(seats, hands, strict=True)}


def parse_cards(texts: list[Any]) -> tuple[Card, ...]:
    """Cards written as text (``["SA", "HT"]``), as deals are stored."""
    return tuple(Card.parse(str(text)) for text in texts)


def _require_over(game: Game[Any, Any, Any]) -> None:
    if not game.is_over:
        raise NotVisible("the full record is shown only after the deal is over")


def _parse_bridge(data: JSON, game: str) -> Card | LowestOf | TableAction:
    """Cards, claims and undo as contract bridge reads them; a call where `game` has none is
    refused with a sentence."""
    action = bridge.parse_action(data)
    if isinstance(action, Call):
        raise ParseError(f"{game} has no auction")
    return action


# -- Bridge-Whist -------------------------------------------------------------------------


def bridge_whist_action_json(action: BridgeWhistAction | TableAction) -> JSON:
    if isinstance(action, NameTrumps):
        return {"type": "choose", "value": action.strain.letter}
    if isinstance(action, PassToPartner):
        return {"type": "choose", "value": PASS_VALUE}
    return bridge.action_json(action)


def parse_bridge_whist_action(data: JSON) -> BridgeWhistAction | TableAction:
    if data.get("type") == "choose":
        value = data.get("value")
        if not isinstance(value, str):
            raise ParseError("choose trumps with a value: C, D, H, S, NT or pass")
        if value.strip().lower() == PASS_VALUE:
            return PASS_TO_PARTNER
        return NameTrumps(Strain.parse(value))
    return _parse_bridge(data, "Bridge-Whist")


def _choice_text(choice: TrumpChoice) -> str:
    return PASS_VALUE if isinstance(choice, PassToPartner) else choice.strain.letter


def bridge_whist_view_json(view: BridgeWhistView) -> JSON:
    """Everything in a Bridge-Whist view, in JSON; nothing more (the view is the gate)."""
    return {
        "game": "bridge-whist",
        "viewer": bridge.seat_text(view.viewer),
        "board": view.board_number,
        "dealer": view.dealer.letter,
        "vulnerability": view.vulnerability.pbn,
        "phase": view.stage.value,
        "hands": _hands_json(view.hands, SEATS),
        "choices": [[seat.letter, _choice_text(choice)] for seat, choice in view.choices],
        "contract": bridge.contract_json(view.contract),
        "to_act": bridge.seat_text(view.to_act),
        "controller": bridge.seat_text(view.controller),
        "legal": [bridge_whist_action_json(action) for action in view.legal_actions],
        "proposal": bridge.proposal_json(view.proposal),
        "play": _play_json(view.table),
        "result": bridge.result_json(view.result),
    }


def bridge_whist_summary(game: BridgeWhistDeal) -> JSON:
    """A finished deal for history and the deal viewer: its result and whole record."""
    _require_over(game)
    assert game.play_deal is not None
    record = bridge.record_json(game.play_deal.record())
    record["choices"] = [[seat.letter, _choice_text(choice)] for seat, choice in game.steps]
    return {"result": bridge.result_json(game.result), "record": record}


# -- the widow game -----------------------------------------------------------------------


def hand_out_text(hand_out: HandOut) -> str:
    """``"N:SA E:HK S:D2 W:C3"``: the card each seat receives."""
    return " ".join(f"{seat.letter}:{hand_out.card_for(seat)}" for seat in SEATS)


def parse_hand_out(text: str) -> HandOut:
    """Read `hand_out_text`'s form (commas may separate the seats too)."""
    gifts: dict[Seat, Card] = {}
    parts = text.replace(",", " ").split()
    for part in parts:
        seat_text, colon, card_text = part.partition(":")
        if not colon:
            raise ParseError(f"give each seat its card as N:SA E:HK S:D2 W:C3, not {part!r}")
        seat = Seat.from_letter(seat_text)
        if seat in gifts:
            raise ParseError(f"{seat.name.title()} is given two cards; one card to each seat")
        gifts[seat] = Card.parse(card_text)
    return HandOut.of(gifts)


def widow_action_json(action: WidowAction | TableAction) -> JSON:
    if isinstance(action, HandOut):
        return {"type": "give", "value": hand_out_text(action)}
    return bridge.action_json(action)


def parse_widow_action(data: JSON) -> WidowAction | TableAction:
    if data.get("type") == "give":
        value = data.get("value")
        if not isinstance(value, str):
            raise ParseError("hand out the widow with a value such as N:SA E:HK S:D2 W:C3")
        return parse_hand_out(value)
    return bridge.parse_action(data)


def widow_public_action(action: JSON) -> JSON:
    """A handing out is seen to happen, not which card went to whom; the rest is public."""
    if action.get("type") == "give":
        return {"type": "give"}
    return action


def _widow_contract_json(contract: Contract | None, dummy: Seat | None) -> JSON | None:
    data = bridge.contract_json(contract)
    if data is not None and dummy is not None:
        data["dummy"] = dummy.letter  # the fixed dummy of the option, or declarer's partner
    return data


def _widow_board_json(board: WidowBoard | None) -> JSON | None:
    if board is None:
        return None
    return {
        "hands": {seat.letter: bridge.hand_json(board.deal[seat]) for seat in SEATS},
        "widow": bridge.hand_json(board.widow),
    }


def widow_view_json(view: WidowView) -> JSON:
    """Everything in a widow view, in JSON; nothing more (the view is the gate)."""
    result = bridge.result_json(view.result)
    if result is not None:
        result["contract"] = _widow_contract_json(view.contract, view.dummy)
    return {
        "game": "widow",
        "viewer": bridge.seat_text(view.viewer),
        "board": view.board_number,
        "dealer": view.dealer.letter,
        "vulnerability": view.vulnerability.pbn,
        "phase": view.stage.value,
        "hands": _hands_json(view.hands, SEATS),
        "calls": [str(call) for call in view.calls],
        "contract": _widow_contract_json(view.contract, view.dummy),
        "widow": bridge.hand_json(view.widow),
        "widow_left": view.widow_left,
        "received": {
            seat.letter: None if card is None else str(card)
            for seat, card in zip(SEATS, view.received, strict=True)
        },
        "to_act": bridge.seat_text(view.to_act),
        "controller": bridge.seat_text(view.controller),
        "legal": [widow_action_json(action) for action in view.legal_actions],
        "proposal": bridge.proposal_json(view.proposal),
        "play": _play_json(view.table),
        "result": result,
        "dealt": _widow_board_json(view.board),
    }


def widow_summary(game: WidowDeal) -> JSON:
    """A finished deal for history and the deal viewer: the deal as dealt, the calls, who
    received which widow card, the play from the thirteen-card hands and the result."""
    _require_over(game)
    contract = _widow_contract_json(game.contract, game.dummy)
    result = bridge.result_json(game.result)
    assert result is not None
    result["contract"] = contract
    hand_out = game.hand_out
    played = game.played_board()
    play = game.play_deal.play if game.play_deal is not None else None
    return {
        "result": result,
        "record": {
            "dealer": game.board.dealer.letter,
            "vulnerability": game.board.vulnerability.pbn,
            "dealt": _widow_board_json(game.board),
            "calls": [str(call) for call in game.auction.calls],
            "contract": contract,
            "received": None
            if hand_out is None
            else {seat.letter: str(hand_out.card_for(seat)) for seat in SEATS},
            "hands": None
            if played is None
            else {seat.letter: bridge.hand_json(played.deal[seat]) for seat in SEATS},
            "play": [] if play is None else _plays_json(tuple(play.history)),
            "declarer_tricks": result["declarer_tricks"],
            "claimed": result["claimed"],
            "passed_out": result["passed_out"],
        },
    }


# -- two-handed bridge --------------------------------------------------------------------


def two_handed_action_json(action: TwoHandedAction | TableAction) -> JSON:
    return bridge.action_json(action)


def parse_two_handed_action(data: JSON) -> TwoHandedAction | TableAction:
    action = bridge.parse_action(data)
    if isinstance(action, LowestOf):
        raise ParseError("two-handed bridge has no dummy: name the card")
    return action


def two_handed_contract_json(contract: Contract | None) -> JSON | None:
    """A contract without dummy: `Contract.dummy` would name an empty seat."""
    data = bridge.contract_json(contract)
    if data is not None:
        del data["dummy"]
    return data


def two_handed_result_json(result: DealResult | None) -> JSON | None:
    data = bridge.result_json(result)
    if data is not None and result is not None:
        data["contract"] = two_handed_contract_json(result.contract)
    return data


def two_handed_view_json(view: TwoHandedView) -> JSON:
    """Everything in a two-handed view, in JSON; nothing more (the view is the gate)."""
    board = view.board
    return {
        "game": "honeymoon",
        "viewer": bridge.seat_text(view.viewer),
        "board": view.board_number,
        "dealer": view.dealer.letter,
        "vulnerability": view.vulnerability.pbn,
        "phase": view.stage.value,
        "hands": _hands_json(view.hands, PLAYERS),
        "face_up": None if view.face_up is None else str(view.face_up),
        "stock_left": view.stock_left,
        "draws": [
            {
                "winner": draw.winner.letter,
                "face_up": str(draw.face_up),
                "hidden": None if draw.hidden is None else str(draw.hidden),
            }
            for draw in view.draws
        ],
        "first_phase": _tricks_json(view.first_phase),
        "calls": [[seat.letter, str(call)] for seat, call in view.calls],
        "contract": two_handed_contract_json(view.contract),
        "opening_leader": bridge.seat_text(view.opening_leader),
        "trick": _plays_json(view.current_trick),
        "last_trick": bridge.trick_json(view.last_trick),
        "played": _plays_json(view.played),
        "tricks_won": {
            seat.letter: won for seat, won in zip(PLAYERS, view.tricks_won, strict=True)
        },
        "to_act": bridge.seat_text(view.to_act),
        "controller": bridge.seat_text(view.to_act),
        "legal": [two_handed_action_json(action) for action in view.legal_actions],
        "proposal": bridge.proposal_json(view.proposal),
        "result": two_handed_result_json(view.result),
        "dealt": None
        if board is None
        else {
            "hands": _hands_json(board.hands, PLAYERS),
            "stock": [str(card) for card in board.stock],
        },
    }


def two_handed_summary(game: TwoHandedDeal) -> JSON:
    """A finished deal for history and the deal viewer: the deal as dealt, the first phase
    and its draws, the second phase's hands, calls and play, and the result."""
    _require_over(game)
    result = two_handed_result_json(game.result)
    assert result is not None
    second = game.second_phase_hands()
    return {
        "result": result,
        "record": {
            "dealer": game.board.dealer.letter,
            "vulnerability": game.board.vulnerability.pbn,
            "dealt": {
                "hands": _hands_json(game.board.hands, PLAYERS),
                "stock": [str(card) for card in game.board.stock],
            },
            "first_phase": _tricks_json(tuple(game.draw_play.tricks)),
            "draws": [
                {"winner": d.winner.letter, "face_up": str(d.face_up), "hidden": str(d.hidden)}
                for d in game.draws
            ],
            "hands": None if second is None else _hands_json(second, PLAYERS),
            "calls": [[seat.letter, str(call)] for seat, call in game.calls],
            "contract": two_handed_contract_json(game.contract),
            "play": [] if game.play is None else _plays_json(tuple(game.play.history)),
            "declarer_tricks": result["declarer_tricks"],
            "claimed": result["claimed"],
            "passed_out": result["passed_out"],
        },
    }


__all__ = [
    "PASS_VALUE",
    "bridge_whist_action_json",
    "bridge_whist_summary",
    "bridge_whist_view_json",
    "hand_out_text",
    "parse_bridge_whist_action",
    "parse_cards",
    "parse_hand_out",
    "parse_two_handed_action",
    "parse_widow_action",
    "two_handed_action_json",
    "two_handed_contract_json",
    "two_handed_result_json",
    "two_handed_summary",
    "two_handed_view_json",
    "widow_action_json",
    "widow_public_action",
    "widow_summary",
    "widow_view_json",
]
