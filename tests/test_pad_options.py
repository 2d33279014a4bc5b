"""The score pad's options are a typed model (issue 47): small fields with limits of their own,
checked against the seeds' choices before any rule is built."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from vaza.core.errors import ParseError
from vaza.scoring.systems import PadOptions, pad_rules
from vaza.server.games_api import PadOptionsBody, PadRequest


def test_the_pad_options_are_checked_when_made() -> None:
    assert PadOptions() == PadOptions(honours=True, passed_out="redeal")
    with pytest.raises(ParseError, match="vul_cycle is one of seeds, dealer"):
        PadOptions(vul_cycle="x")
    flat = pad_rules("rubber", PadOptions(doubled_overtricks="flat", honours=False))
    assert flat != pad_rules("rubber")


def test_the_pad_body_is_typed_and_small() -> None:
    body = PadRequest.model_validate(
        {"system": "chicago", "options": {"vul_cycle": "dealer", "other": 1}}
    )
    assert body.options.to_options() == PadOptions(vul_cycle="dealer")
    with pytest.raises(ValidationError):
        PadOptionsBody.model_validate({"vul_cycle": "x" * 10_000})
    with pytest.raises(ValidationError):
        PadOptionsBody.model_validate({"honours": [1, 2, 3]})
    with pytest.raises(ValidationError):
        PadRequest.model_validate({"system": "r" * 100})
