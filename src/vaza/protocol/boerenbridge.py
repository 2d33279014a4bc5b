"""JSON for Boerenbridge views and actions (see docs/protocol.md)."""

from __future__ import annotations

from vaza.core.cards import Card, Suit
from vaza.core.errors import ParseError
from vaza.core.games.boerenbridge import Bid, BoerenbridgeAction, ChooseTrump, RoundResult
from vaza.core.games.boerenbridge_cards import AnyCard, Special, parse_card
from vaza.core.views.boerenbridge import RoundView
from vaza.json_types import JSON


def cards_json(cards: tuple[AnyCard, ...] | None) -> list[str] | None:
    return None if cards is None else [str(card) for card in cards]


def action_json(action: BoerenbridgeAction) -> JSON:
    if isinstance(action, Bid):
        return {"type": "bid", "tricks": action.tricks}
    if isinstance(action, ChooseTrump):
        return {"type": "choose", "value": action.suit.letter}
    if isinstance(action, Card | Special):
        return {"type": "play", "card": str(action)}
    raise TypeError(f"not a Boerenbridge action: {action!r}")


def parse_action(data: JSON) -> BoerenbridgeAction:
    kind = data.get("type")
    try:
        if kind == "bid":
            tricks = data["tricks"]
            if not isinstance(tricks, int) or isinstance(tricks, bool):
                raise ParseError("a bid is a whole number of tricks")
            return Bid(tricks)
        if kind == "choose":
            return ChooseTrump(Suit.from_letter(str(data["value"])))
        if kind == "play":
            return parse_card(str(data["card"]))
    except KeyError as missing:
        raise ParseError(f"a {kind} command needs {missing}") from None
    raise ParseError(f"not a Boerenbridge command: {kind!r}")


def result_json(result: RoundResult | None) -> JSON | None:
    if result is None:
        return None
    return {
        "bids": list(result.bids),
        "tricks": list(result.tricks),
        "barred": result.barred,
        "dealer_forced": result.dealer_forced,
        "trump": None if result.trump is None else result.trump.letter,
    }


def view_json(view: RoundView) -> JSON:
    """Everything in a view, in JSON; nothing more (the view is the gate)."""
    return {
        "game": "boerenbridge",
        "viewer": None if view.viewer is None else str(view.viewer),
        "players": view.players,
        "dealer": str(view.dealer),
        "hand_size": view.hand_size,
        "deck": view.deck.name.lower(),
        "blind": view.blind,
        "phase": view.phase.name.lower(),
        "turned": None if view.turned is None else str(view.turned),
        "trump": None if view.trump is None else view.trump.letter,
        "hands": {str(p): cards_json(hand) for p, hand in enumerate(view.hands)},
        "bids": {str(p): bid for p, bid in enumerate(view.bids)},
        "barred": view.barred,
        "to_act": None if view.to_act is None else str(view.to_act),
        "controller": None if view.to_act is None else str(view.to_act),
        "legal": [action_json(action) for action in view.legal_actions],
        "played": [[str(p), str(card)] for p, card in view.played],
        "trick": [[str(p), str(card)] for p, card in view.current_trick],
        "tricks": [
            {"cards": [[str(p), str(c)] for p, c in trick.plays], "winner": str(trick.winner)}
            for trick in view.tricks
        ],
        "tricks_won": {str(p): won for p, won in enumerate(view.tricks_won)},
        "result": result_json(view.result),
        "dealt": None
        if view.dealt is None
        else {str(p): cards_json(hand) for p, hand in enumerate(view.dealt)},
    }
