"""Bridge-Whist (seed 000, bridge without an auction): the dealer names trumps or passes the
choice to partner; declarer contracts for the book of six.

Scorings (docs/games/bridge-variants.md says why): "chicago" (the default: rounds of four
deals, the seed's literal scoring with every point above the line; option `odd_tricks_below`
writes the tricks over six below the line) and "rubber" (the tricks over six always below the
line, so games and rubbers are won).

Its choice of trumps travels as ``{"type": "choose", "value": "H"}`` (``"NT"`` for no trump)
or ``{"type": "choose", "value": "pass"}`` (the dealer leaves the choice to partner); cards,
claims and undo as in contract bridge.  Its view is the bridge family's, with ``choices``: the
dealer's choice and, after a pass, partner's.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Final

from vaza.core.calls import Call, Strain
from vaza.core.cards import SEATS, Seat, Vulnerability
from vaza.core.deal import Board, Deal
from vaza.core.errors import ParseError
from vaza.core.game import TableAction
from vaza.core.games.bridge_whist import (
    PASS_TO_PARTNER,
    BridgeWhistAction,
    BridgeWhistDeal,
    NameTrumps,
    PassToPartner,
    TrumpChoice,
)
from vaza.core.games.contract import Alerted
from vaza.core.record import DealRecord
from vaza.core.views import bridge_whist as views
from vaza.core.views.bridge_whist import BridgeWhistView
from vaza.games import scorings, verbs
from vaza.games.spec import ActionCodec, GameSpec, MatchSettings, Option, OptionKind, Text
from vaza.json_types import JSON
from vaza.match.bridge import SheetScorer
from vaza.match.pad_table import PadTableMatch
from vaza.protocol import bridge
from vaza.robots.variants_simple import BridgeWhistRobot
from vaza.scoring.bridge_whist import bridge_whist_pad
from vaza.scoring.sheet import new_sheet
from vaza.scoring.systems import PadOptions, pad_rules

Action = BridgeWhistAction | TableAction
PASS_VALUE: Final = "pass"
"""The `value` of the "choose" command that leaves the choice to partner."""


# -- actions --------------------------------------------------------------------------------


def action_json(action: Action) -> JSON:
    if isinstance(action, NameTrumps):
        return {"type": "choose", "value": action.strain.letter}
    if isinstance(action, PassToPartner):
        return {"type": "choose", "value": PASS_VALUE}
    return bridge.action_json(action)


def parse_action(data: JSON) -> Action:
    if data.get("type") == "choose":
        value = data.get("value")
        if not isinstance(value, str):
            raise ParseError("choose trumps with a value: C, D, H, S, NT or pass")
        if value.strip().lower() == PASS_VALUE:
            return PASS_TO_PARTNER
        return NameTrumps(Strain.parse(value))
    action = bridge.parse_action(data)
    if isinstance(action, Call | Alerted):
        raise ParseError("Bridge-Whist has no auction: the dealer names trumps or passes")
    return action


# -- views ----------------------------------------------------------------------------------


def choice_text(choice: TrumpChoice) -> str:
    return PASS_VALUE if isinstance(choice, PassToPartner) else choice.strain.letter


def view_json(view: BridgeWhistView) -> JSON:
    """Everything in a Bridge-Whist view, in the family's shape; nothing more."""
    data = bridge.family_view_json(
        "bridge-whist",
        view,
        bridge.FamilyFields(
            phase=view.stage.value,
            seats=SEATS,
            calls=[],
            contract=bridge.contract_json(view.contract),
            controller=view.controller,
            legal=[action_json(action) for action in view.legal_actions],
            result=bridge.result_json(view.result),
            play=bridge.contract_play_json(view.table),
        ),
    )
    data["choices"] = [[seat.letter, choice_text(choice)] for seat, choice in view.choices]
    return data


def summary(game: BridgeWhistDeal) -> JSON:
    """A finished deal for history and the deal viewer: its result and whole record."""
    assert game.is_over and game.play_deal is not None
    record = bridge.record_json(game.play_deal.record())
    record["choices"] = [[seat.letter, choice_text(choice)] for seat, choice in game.steps]
    return {"result": bridge.result_json(game.result), "record": record}


# -- the match ------------------------------------------------------------------------------


class BridgeWhistMatch(PadTableMatch[BridgeWhistDeal, Action, BridgeWhistView]):
    """Bridge-Whist deals on a pad: the dealer names trumps or passes; the book of six."""

    game = "bridge-whist"

    def _deal_cards(self, rng: random.Random, dealer: Seat) -> JSON:
        return {"deal": Deal.random(rng).to_pbn(dealer)}

    def _new_game(self, setup: JSON, dealer: Seat, vulnerability: Vulnerability) -> BridgeWhistDeal:
        return BridgeWhistDeal(Board(Deal.from_pbn(str(setup["deal"])), dealer, vulnerability))

    def _seat_view(self, game: BridgeWhistDeal, seat: Seat) -> BridgeWhistView:
        return views.seat_view(game, seat)

    def _kibitzer_view(self, game: BridgeWhistDeal, all_hands: bool) -> BridgeWhistView:
        return views.kibitzer_view(game, all_hands)

    def _view_json(self, view: BridgeWhistView) -> JSON:
        return view_json(view)

    def _scored_hands(self, game: BridgeWhistDeal) -> Deal:
        return game.board.deal

    def _summary(self, game: BridgeWhistDeal) -> JSON:
        return summary(game)

    def _record(self, game: BridgeWhistDeal) -> DealRecord | None:
        """The play from the dealt hands (PBN and LIN cannot write a book contract, but its
        hands have a double-dummy table and par)."""
        return None if game.play_deal is None else game.play_deal.record()


ODD_TRICKS_BELOW: Final = Option(
    "odd_tricks_below",
    OptionKind.BOOL,
    False,
    Text(
        "Tricks over six below the line (toward game)",
        "Vazas acima de seis abaixo da linha (para o jogo)",
    ),
)


def _match(settings: MatchSettings) -> BridgeWhistMatch:
    """A rubber always writes the tricks over six below the line (else no game is ever won);
    in Chicago the option `odd_tricks_below` chooses."""
    options = dict(settings.options)
    below = bool(options.pop(ODD_TRICKS_BELOW.name, True))
    rules = replace(pad_rules(settings.scoring, PadOptions(**options)), overtricks_below=below)
    return BridgeWhistMatch(SheetScorer(new_sheet(bridge_whist_pad(rules))))


def _robot(_settings: MatchSettings) -> BridgeWhistRobot:
    return BridgeWhistRobot()


SPEC: Final[GameSpec[Action, BridgeWhistView]] = GameSpec(
    name="bridge-whist",
    label=Text("Bridge-Whist", "Bridge-Whist"),
    about=Text(
        "Bridge without an auction: the dealer names trumps or passes the choice to partner.",
        "Bridge sem leilão: o carteador escolhe o trunfo ou passa a escolha ao parceiro.",
    ),
    players=(4,),
    scorings=(scorings.CHICAGO, scorings.RUBBER),
    verbs=(verbs.CHOOSE, verbs.PLAY, *verbs.TABLE_TALK),
    actions=ActionCodec(parse_action, action_json),
    new_match=_match,
    robot=_robot,
    options=((ODD_TRICKS_BELOW, ("chicago",)),),
)
