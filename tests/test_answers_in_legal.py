"""While a claim or undo request waits, the seats asked find their answers in `legal` (issue 22).

Before, `legal` was empty for everyone while a proposal waited, so a client or robot that reads
`legal` could not know it had to answer.  Random deals of every game of the bridge family: at
random moments the controller claims or a player asks to undo; while the proposal waits, every
seat's view JSON lists exactly its answers (none for a seat not asked), and the answer is taken
from that list, parsed back as a client's command.
"""

from __future__ import annotations

import json
import random

import pytest

from helpers import FAMILY, Kind
from vaza.core.cards import Seat
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.game import Claim, UndoRequest
from vaza.core.games.contract import ContractDeal
from vaza.core.table_events import decode
from vaza.core.views import seat_view
from vaza.core.views.audience import KIBITZER, event_for
from vaza.protocol import bridge as bridge_json
from vaza.robots.boerenbridge_simple import BoerenbridgeSimpleRobot
from vaza.robots.simple import SimpleRobot
from vaza.robots.stdio import StdioRobot

CLAIM_ANSWERS = [
    {"type": "claim_response", "accept": True},
    {"type": "claim_response", "accept": False},
]
UNDO_ANSWERS = [
    {"type": "undo_response", "grant": True},
    {"type": "undo_response", "grant": False},
]


def _propose(game: object, kind: Kind, rng: random.Random) -> bool:
    """Make a random claim (by the controller) or undo request (by anyone); False if refused."""
    try:
        if rng.random() < 0.4:
            game.apply(Claim(rng.randint(0, 3)), by=game.controller)  # type: ignore[attr-defined]
        else:
            game.apply(UndoRequest(), by=rng.choice(kind.seats))  # type: ignore[attr-defined]
    except IllegalAction:
        return False
    return True


@pytest.mark.parametrize("kind", FAMILY, ids=lambda kind: kind.name)
def test_the_seats_asked_find_their_answers_in_legal(kind: Kind) -> None:
    answered = {"claim": 0, "undo": 0}
    for number in range(30):
        rng = random.Random(number)
        game = kind.new(rng)
        while not game.is_over:
            if rng.random() < 0.2 and _propose(game, kind, rng):
                proposal = game.proposal
                while game.proposal is not None:
                    expected = CLAIM_ANSWERS if proposal.kind.value == "claim" else UNDO_ANSWERS
                    for seat in kind.seats:
                        legal = kind.json(kind.view(game, seat))["legal"]
                        asked = seat in game.proposal.awaiting
                        assert legal == (expected if asked else []), (number, seat, legal)
                    seat = sorted(game.proposal.awaiting)[0]
                    choice = rng.choice(kind.json(kind.view(game, seat))["legal"])
                    game.apply(bridge_json.parse_action(json.loads(json.dumps(choice))), by=seat)
                answered[proposal.kind.value] += 1
                continue
            game.apply(rng.choice(list(game.legal_actions())), by=game.controller)
    assert answered["claim"] >= 10 and answered["undo"] >= 10, answered


def test_a_stdio_robot_answers_the_claim_its_legal_lists(fixed_board: object) -> None:
    """`vaza robot --stdio` answers a claim it is asked, from the view alone."""
    game = ContractDeal(fixed_board)  # type: ignore[arg-type]
    for call in ("1S", "Pass", "Pass", "Pass"):
        game.apply(bridge_json.parse_action({"type": "call", "call": call}))
    game.apply(bridge_json.parse_action({"type": "play", "card": "HJ"}))
    game.apply(Claim(0), by=Seat.NORTH)  # a concession: the robot's rule accepts it
    line = json.dumps(bridge_json.view_json(seat_view(game, Seat.EAST)))
    robot = StdioRobot(SimpleRobot(), BoerenbridgeSimpleRobot())
    assert robot.answer(line) == {"type": "claim_response", "accept": True}
    not_asked = json.dumps(bridge_json.view_json(seat_view(game, Seat.SOUTH)))
    assert robot.answer(not_asked)["type"] == "error"


def test_a_claim_carries_the_line_its_claimer_states() -> None:
    """Law 68C: a claim states a line of play; it reaches the opponents with the proposal."""
    parsed = bridge_json.parse_action({"type": "claim", "tricks": 2, "line": " cash\n the  ace "})
    assert parsed == Claim(2, "cash the ace")
    assert bridge_json.parse_action({"type": "claim", "tricks": 2, "line": "  "}) == Claim(2)
    with pytest.raises(ParseError, match="at most 300"):
        bridge_json.parse_action({"type": "claim", "tricks": 2, "line": "x" * 301})


def test_a_rejections_reason_is_not_told_to_the_answerers_partner() -> None:
    """The reason comes from the answerer's own hand: its partner learns only that it
    rejected; the claimer's side and the watchers learn why."""
    rejection = {"type": "claim_response", "accept": False, "why": "held", "held_to": 1}
    payload = {"seat": "E", "action": rejection}
    told = {a: event_for(decode("act", payload), a, dict, in_deal=True)["action"] for a in "NESW"}
    assert told["W"] == {"type": "claim_response", "accept": False}
    assert told["N"] == told["S"] == told["E"] == rejection
    assert event_for(decode("act", payload), KIBITZER, dict, in_deal=True)["action"] == rejection
