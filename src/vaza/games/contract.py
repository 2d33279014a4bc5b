"""Contract bridge: four players, an auction, dummy; every scoring of the seeds."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from vaza.core.calls import Call
from vaza.core.cards import Seat
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.game import TableAction
from vaza.core.games.contract import Alerted, BridgeAction
from vaza.core.views.contract import TableView
from vaza.games import scorings, verbs
from vaza.games.spec import ActionCodec, GameSpec, MatchSettings, Text
from vaza.match.bridge import BridgeMatch, bridge_match
from vaza.protocol.bridge import action_json, parse_action
from vaza.robots.bidding import next_meanings
from vaza.robots.cardplay import CardPlayer, Scoring
from vaza.robots.registry import Robot, table_robot

Action = BridgeAction | Alerted | TableAction


def _match(settings: MatchSettings) -> BridgeMatch:
    return bridge_match(settings.scoring, settings.options, settings.deals)


_CARD_SCORING: Final[dict[str, Scoring]] = {"duplicate": "imps", "russian": "imps"}
"""What the card player plays for at each scoring: a duplicate table totals each board's score,
so the size of a swing counts as at IMPs; the pads play for games and rubbers."""


def _robot(settings: MatchSettings) -> Robot:
    """The table's robot, told the table's scoring (its opening lead and card play weigh
    tricks by it)."""
    robot = table_robot()
    if isinstance(robot, CardPlayer):
        robot.scoring = _CARD_SCORING.get(settings.scoring, "rubber")
    return robot


def _meanings(calls: Sequence[str], dealer: str, lang: str) -> dict[str, str]:
    """What each next call would mean in the robots' system, which explains the table's calls."""
    try:
        auction = [Call.parse(call) for call in calls]
        return next_meanings(auction, Seat.from_letter(dealer), lang)
    except (IllegalAction, ValueError) as bad:
        raise ParseError(f"not an auction the bidding box can explain: {bad}") from None


SPEC: Final[GameSpec[Action, TableView]] = GameSpec(
    name="contract",
    label=Text("Contract bridge", "Bridge (contrato)"),
    about=Text(
        "Four players in two partnerships: an auction, then thirteen tricks with dummy.",
        "Quatro jogadores em duas duplas: um leilão, depois treze vazas com o morto.",
    ),
    players=(4,),
    scorings=(scorings.DUPLICATE, *scorings.PADS),
    verbs=(verbs.CALL, verbs.PLAY, *verbs.TABLE_TALK),
    actions=ActionCodec(parse_action, action_json),
    new_match=_match,
    robot=_robot,
    boards=True,
    meanings=_meanings,
)
