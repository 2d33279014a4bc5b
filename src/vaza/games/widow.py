"""The widow game ("Viúva", seed 000): twelve cards each and four in the middle; after the
auction the declarer picks up the widow and hands one card to each player, then it is contract
bridge.

Scorings: "rubber" (the default), "chicago", "old-polish", scored on the hands as played
(after the widow).  Option `fixed_dummy`: the dealer's right-hand opponent is always dummy (what
the seed was told, and found confusing).

The handing out travels as ``{"type": "give", "value": "N:SA E:HK S:D2 W:C3"}`` (the card each
seat receives); everyone else learns only ``{"type": "give"}``.  Its view is the bridge
family's, with ``widow``: the four cards where the viewer may see them (the declarer once the
auction is over, everyone after the deal), how many still lie in the middle, and the card each
seat received where the viewer knows it; and, after the deal, ``dealt``: the twelve-card hands
and the widow as dealt.
"""

from __future__ import annotations

import random
from typing import Final

from vaza.core.calls import Contract
from vaza.core.cards import SEATS, Card, Hand, Seat, Vulnerability
from vaza.core.deal import Deal
from vaza.core.errors import ParseError
from vaza.core.game import TableAction
from vaza.core.games.contract import Alerted
from vaza.core.games.widow import HandOut, WidowAction, WidowBoard, WidowDeal
from vaza.core.record import DealRecord
from vaza.core.views import widow as views
from vaza.core.views.widow import WidowView
from vaza.formats import lin, pbn
from vaza.games import scorings, verbs
from vaza.games.spec import ActionCodec, GameSpec, MatchSettings, Option, OptionKind, Text
from vaza.json_types import JSON
from vaza.match.bridge import SheetScorer
from vaza.match.pad_table import PadTableMatch
from vaza.protocol import bridge
from vaza.robots.variants_simple import WidowRobot
from vaza.scoring.sheet import new_sheet
from vaza.scoring.systems import PadOptions, pad_rules

Action = WidowAction | TableAction

# -- actions --------------------------------------------------------------------------------


def hand_out_text(hand_out: HandOut) -> str:
    """``"N:SA E:HK S:D2 W:C3"``: the card each seat receives."""
    return " ".join(f"{seat.letter}:{hand_out.card_for(seat)}" for seat in SEATS)


def parse_hand_out(text: str) -> HandOut:
    """Read `hand_out_text`'s form (commas may separate the seats too)."""
    gifts: dict[Seat, Card] = {}
    for part in text.replace(",", " ").split():
        seat_text, colon, card_text = part.partition(":")
        if not colon:
            raise ParseError(f"give each seat its card as N:SA E:HK S:D2 W:C3, not {part!r}")
        seat = Seat.from_letter(seat_text)
        if seat in gifts:
            raise ParseError(f"{seat.name.title()} is given two cards; one card to each seat")
        gifts[seat] = Card.parse(card_text)
    return HandOut.of(gifts)


def action_json(action: Action) -> JSON:
    if isinstance(action, HandOut):
        return {"type": "give", "value": hand_out_text(action)}
    return bridge.action_json(action)


def parse_action(data: JSON) -> Action:
    if data.get("type") == "give":
        value = data.get("value")
        if not isinstance(value, str):
            raise ParseError("hand out the widow with a value such as N:SA E:HK S:D2 W:C3")
        return parse_hand_out(value)
    action = bridge.parse_action(data)
    if isinstance(action, Alerted):
        raise ParseError("the widow game's calls are natural and take no alerts")
    return action


def public_action(action: JSON) -> JSON:
    """A handing out is seen to happen, not which card went to whom; the rest is public."""
    if action.get("type") == "give":
        return {"type": "give"}
    return action


# -- views ----------------------------------------------------------------------------------


def _contract_json(contract: Contract | None, dummy: Seat | None) -> JSON | None:
    data = bridge.contract_json(contract)
    if data is not None and dummy is not None:
        data["dummy"] = dummy.letter  # the fixed dummy of the option, or declarer's partner
    return data


def _dealt_json(board: WidowBoard | None) -> JSON | None:
    if board is None:
        return None
    return {
        "hands": bridge.hands_json(SEATS, board.deal.hands),
        "widow": bridge.hand_json(board.widow),
    }


def _result_json(view_or_game: WidowView | WidowDeal) -> JSON | None:
    result = bridge.result_json(view_or_game.result)
    if result is not None:
        result["contract"] = _contract_json(view_or_game.contract, view_or_game.dummy)
    return result


def view_json(view: WidowView) -> JSON:
    """Everything in a widow view, in the family's shape; nothing more (the view is the gate)."""
    data = bridge.family_view_json(
        "widow",
        view,
        bridge.FamilyFields(
            phase=view.stage.value,
            seats=SEATS,
            calls=[call.name for call in view.calls],
            contract=_contract_json(view.contract, view.dummy),
            controller=view.controller,
            legal=[action_json(action) for action in view.legal_actions],
            result=_result_json(view),
            play=bridge.contract_play_json(view.table),
        ),
    )
    data["widow"] = {
        "cards": bridge.hand_json(view.widow),
        "left": view.widow_left,
        "received": bridge.by_seat(SEATS, [None if c is None else c.name for c in view.received]),
    }
    data["dealt"] = _dealt_json(view.board)
    return data


def summary(game: WidowDeal) -> JSON:
    """A finished deal for history and the deal viewer: the deal as dealt, the calls, who
    received which widow card, the play from the thirteen-card hands and the result."""
    assert game.is_over
    result = _result_json(game)
    assert result is not None
    hand_out = game.hand_out
    played = game.played_board()
    play = game.play_deal.play if game.play_deal is not None else None
    return {
        "result": result,
        "record": {
            "dealer": game.board.dealer.letter,
            "vulnerability": game.board.vulnerability.pbn,
            "dealt": _dealt_json(game.board),
            "calls": [str(call) for call in game.auction.calls],
            "contract": result["contract"],
            "received": None
            if hand_out is None
            else {seat.letter: str(hand_out.card_for(seat)) for seat in SEATS},
            "seats": [seat.letter for seat in SEATS],
            "hands": None if played is None else bridge.hands_json(SEATS, played.deal.hands),
            "play": [] if play is None else [card.name for _, card in play.history],
            "declarer_tricks": result["declarer_tricks"],
            "claimed": result["claimed"],
            "passed_out": result["passed_out"],
        },
    }


# -- the match ------------------------------------------------------------------------------


class WidowMatch(PadTableMatch[WidowDeal, Action, WidowView]):
    """Widow deals on a pad; a deal passed out by all four is dealt again by the same dealer."""

    game = "widow"

    def __init__(self, scorer: SheetScorer, *, fixed_dummy: bool = False) -> None:
        super().__init__(scorer)
        self.fixed_dummy = fixed_dummy

    def _deal_cards(self, rng: random.Random, dealer: Seat) -> JSON:
        # Board number n is dealt by board_dealer(n): 1 North, 2 East, 3 South, 4 West.
        board = WidowBoard.random(int(dealer) + 1, rng)
        return {"deal": board.deal.to_pbn(dealer), "widow": bridge.hand_json(board.widow)}

    def _new_game(self, setup: JSON, dealer: Seat, vulnerability: Vulnerability) -> WidowDeal:
        widow = setup.get("widow")
        if not isinstance(widow, list):
            raise ParseError("a widow deal lists the four cards of the widow")
        board = WidowBoard(
            Deal.from_pbn(str(setup["deal"])),
            Hand(Card.parse(str(text)) for text in widow),
            dealer,
            vulnerability,
        )
        return WidowDeal(board, fixed_dummy=self.fixed_dummy)

    def _seat_view(self, game: WidowDeal, seat: Seat) -> WidowView:
        return views.seat_view(game, seat)

    def _kibitzer_view(self, game: WidowDeal, all_hands: bool) -> WidowView:
        return views.kibitzer_view(game, all_hands)

    def _view_json(self, view: WidowView) -> JSON:
        return view_json(view)

    def _scored_hands(self, game: WidowDeal) -> Deal:
        played = game.played_board()
        return game.board.deal if played is None else played.deal

    def _summary(self, game: WidowDeal) -> JSON:
        return summary(game)

    def _record(self, game: WidowDeal) -> DealRecord | None:
        """The play from the thirteen-card hands as contract bridge records it (a deal passed
        out before the widow was handed out has no such hands)."""
        return None if game.play_deal is None else game.play_deal.record()

    def _records(self, game: WidowDeal) -> tuple[str | None, str | None]:
        record = self._record(game)
        if record is None:
            return None, None
        return pbn.dumps([record]), lin.dumps([record])


FIXED_DUMMY: Final = Option(
    "fixed_dummy",
    OptionKind.BOOL,
    False,
    Text(
        "Dealer's right-hand opponent is always dummy",
        "O jogador à direita do carteador é sempre o morto",
    ),
)


def _match(settings: MatchSettings) -> WidowMatch:
    options = dict(settings.options)
    fixed_dummy = bool(options.pop(FIXED_DUMMY.name))
    scorer = SheetScorer(new_sheet(pad_rules(settings.scoring, PadOptions(**options))))
    return WidowMatch(scorer, fixed_dummy=fixed_dummy)


def _robot(_settings: MatchSettings) -> WidowRobot:
    return WidowRobot()


SPEC: Final[GameSpec[Action, WidowView]] = GameSpec(
    name="widow",
    label=Text("The widow (Viúva)", "A viúva"),
    about=Text(
        "Twelve cards each and four in the middle: the declarer hands one to each player.",
        "Doze cartas para cada um e quatro no centro: o declarante dá uma a cada jogador.",
    ),
    players=(4,),
    scorings=(scorings.RUBBER, scorings.CHICAGO, scorings.OLD_POLISH),
    verbs=(verbs.CALL, verbs.GIVE, verbs.PLAY, *verbs.TABLE_TALK),
    actions=ActionCodec(parse_action, action_json, public_action),
    new_match=_match,
    robot=_robot,
    options=((FIXED_DUMMY, ()),),
)
