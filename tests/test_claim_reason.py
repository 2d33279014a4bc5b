"""A person's reason for rejecting a claim (issue 45): its spaces folded, capped in length, only
on a rejection; told to the claimer's side and the watchers, not to the answerer's partner."""

from __future__ import annotations

import pytest

from vaza.core import ClaimResponse, ParseError
from vaza.core.game import REASON_LENGTH
from vaza.core.table_events import Acted
from vaza.core.views.audience import event_for
from vaza.protocol.bridge import action_json, parse_action


def test_a_rejection_carries_the_reason_a_person_gives() -> None:
    said = parse_action(
        {"type": "claim_response", "accept": False, "reason": " clubs\n  not high "}
    )
    assert said == ClaimResponse(accept=False, reason="clubs not high")
    assert action_json(said) == {
        "type": "claim_response",
        "accept": False,
        "reason": "clubs not high",
    }
    assert parse_action({"type": "claim_response", "accept": False, "reason": "  "}) == (
        ClaimResponse(accept=False)
    )


@pytest.mark.parametrize(
    "command",
    [
        {"type": "claim_response", "accept": False, "reason": "x" * (REASON_LENGTH + 1)},
        {"type": "claim_response", "accept": True, "reason": "thanks"},
        {"type": "claim_response", "accept": False, "reason": 7},
    ],
)
def test_a_reason_too_long_on_an_acceptance_or_not_text_is_refused(
    command: dict[str, object],
) -> None:
    with pytest.raises(ParseError):
        parse_action(command)


def test_the_answerers_partner_is_not_told_the_reason() -> None:
    rejected = Acted("E", {"type": "claim_response", "accept": False, "reason": "clubs not high"})
    told = {
        audience: event_for(rejected, audience, lambda action: action, in_deal=True)["action"]
        for audience in ("N", "W", "S")
    }
    assert told["N"]["reason"] == told["S"]["reason"] == "clubs not high"
    assert told["W"] == {"type": "claim_response", "accept": False}
