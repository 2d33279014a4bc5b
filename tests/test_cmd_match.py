from __future__ import annotations

import json

import pytest

from vaza.cli import main
from vaza.robots.compare import Comparison, compare
from vaza.robots.registry import CONFIGS


def test_a_configuration_against_itself_is_even_on_average() -> None:
    result = compare(CONFIGS["simple"], CONFIGS["simple"], boards=30, seed=4)
    low, high = result.interval
    assert low <= 0 <= high
    assert len(result.imps) == 30


def test_the_interval_narrows_with_agreement() -> None:
    assert Comparison(3, (2, 2, 2)).interval == (2.0, 2.0)
    assert Comparison(1, (5,)).as_dict()["imps_per_board"] == 5


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--boards", "12", "--seed", "3", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["boards"] == 12 and figures["a"] == "standard" and figures["b"] == "simple"
    low, high = figures["ci95"]
    assert low <= figures["imps_per_board"] <= high
