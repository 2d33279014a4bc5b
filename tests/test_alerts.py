"""Alerts (issue 19): a caller explains their own call to the opponents, never to partner.

The rules keep the alerts with the auction (`ContractDeal.alerts`); the views decide who reads
them (the opponents and watchers during the deal, everyone after it); the audience gate strips
them from the log's events for the caller's partner; the record carries them as notes.
"""

from __future__ import annotations

import random

import pytest

from vaza.core.calls import Call
from vaza.core.cards import SEATS, Seat
from vaza.core.deal import Board, Deal
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.game import UndoRequest, UndoResponse
from vaza.core.games.contract import ALERT_LENGTH, Alerted, ContractDeal
from vaza.core.table_events import decode
from vaza.core.views import kibitzer_view, seat_view
from vaza.core.views.audience import KIBITZER, event_for
from vaza.formats import pbn
from vaza.games import find_game
from vaza.protocol import bridge as bridge_json

STRONG = "16+ HCP, artificial and forcing"


def _deal(seed: int = 3) -> ContractDeal:
    return ContractDeal(Board(Deal.random(random.Random(seed)), Seat.NORTH))


def _alerted_2c() -> ContractDeal:
    """North (the dealer) opens 2♣ with an alert; East passes."""
    game = _deal()
    game.apply(
        bridge_json.parse_action({"type": "call", "call": "2C", "alert": STRONG}), by=Seat.NORTH
    )
    game.apply(Call.parse("Pass"), by=Seat.EAST)
    return game


def test_the_opponents_and_the_caller_read_an_alert_and_partner_does_not() -> None:
    game = _alerted_2c()
    assert game.alerts == {0: STRONG}
    for seat in SEATS:
        alerts = seat_view(game, seat).alerts
        assert alerts == (() if seat is Seat.SOUTH else ((0, STRONG),)), seat
    assert kibitzer_view(game).alerts == ((0, STRONG),)
    as_json = bridge_json.view_json(seat_view(game, Seat.SOUTH))
    assert as_json["alerts"] == {} and STRONG not in str(as_json)
    assert bridge_json.view_json(seat_view(game, Seat.WEST))["alerts"] == {"0": STRONG}


def test_partner_reads_the_alert_once_the_deal_is_over_and_the_record_notes_it() -> None:
    game = _alerted_2c()
    for call in ("Pass", "Pass"):  # 2♣ is passed out: North plays it
        game.apply(Call.parse(call))
    assert seat_view(game, Seat.SOUTH).alerts == ()  # dummy, but the deal is not over
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert seat_view(game, Seat.SOUTH).alerts == ((0, STRONG),)
    record = game.record()
    assert record.explanations == ((0, STRONG),)
    text = pbn.dumps([record])
    assert STRONG in text
    assert pbn.loads(text)[0].explanations == ((0, STRONG),)


def test_an_undone_alerted_call_takes_its_alert_back_and_earlier_alerts_stay() -> None:
    game = _alerted_2c()
    game.apply(
        bridge_json.parse_action({"type": "call", "call": "2D", "alert": "waiting"}), by=Seat.SOUTH
    )
    game.apply(UndoRequest(), by=Seat.SOUTH)
    for seat in sorted(game.proposal.awaiting):  # type: ignore[union-attr]
        game.apply(UndoResponse(True), by=seat)
    assert [str(call) for call in game.auction.calls] == ["2C", "Pass"]
    assert game.alerts == {0: STRONG}


@pytest.mark.parametrize(
    ("alert", "refused"),
    [(42, "is text"), ("x" * (ALERT_LENGTH + 1), f"at most {ALERT_LENGTH}")],
)
def test_a_bad_alert_is_refused_with_a_sentence(alert: object, refused: str) -> None:
    with pytest.raises(ParseError, match=refused):
        bridge_json.parse_action({"type": "call", "call": "2C", "alert": alert})


def test_a_blank_alert_is_no_alert_and_an_empty_explanation_is_refused() -> None:
    assert bridge_json.parse_action({"type": "call", "call": "2C", "alert": "  "}) == Call.parse(
        "2C"
    )
    with pytest.raises(IllegalAction, match="say what it means"):
        Alerted(Call.parse("2C"), " ")


def test_an_alert_out_of_turn_changes_nothing() -> None:
    game = _alerted_2c()
    with pytest.raises(IllegalAction):
        game.apply(Alerted(Call.parse("2S"), "a psych"), by=Seat.NORTH)
    assert game.alerts == {0: STRONG} and len(game.auction.calls) == 2


@pytest.mark.parametrize("game_name", ["widow", "honeymoon"])
def test_games_whose_calls_are_natural_refuse_an_alert(game_name: str) -> None:
    codec = find_game(game_name).actions
    with pytest.raises(ParseError, match="alert"):
        codec.parse({"type": "call", "call": "1S", "alert": "natural"})


def test_the_log_tells_the_alert_to_all_but_partner_while_the_deal_lasts() -> None:
    payload = {"seat": "N", "action": {"type": "call", "call": "2C", "alert": STRONG}}
    for audience in ("N", "E", "W", KIBITZER):
        told = event_for(decode("act", payload), audience, lambda action: action, in_deal=True)
        assert told["action"]["alert"] == STRONG, audience
    partner = event_for(decode("act", payload), "S", lambda action: action, in_deal=True)
    assert partner["action"] == {"type": "call", "call": "2C"}
    after = event_for(decode("act", payload), "S", lambda action: action, in_deal=False)
    assert after["action"]["alert"] == STRONG
