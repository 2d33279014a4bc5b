"""`vaza bench analyze`: the same deals through Vaza and through endplay, the figures it prints,
and a refusal when the two disagree.  Nothing here asserts on time."""

from __future__ import annotations

import argparse
import json

import pytest

from vaza.analysis import dds
from vaza.analysis.results import AnalysisError, DDTable
from vaza.bench import analyze
from vaza.commands import bench
from vaza.core.deal import Deal


def test_the_figures_cover_every_deal() -> None:
    seen: list[int] = []
    figures = analyze.run(2, seed=3, tick=seen.append)
    assert seen == [2]
    assert figures["benchmark"] == "analyze"
    assert figures["deals"] == 2 and figures["seed"] == 3
    assert figures["dds_threads"] == "auto" and figures["batch"] == dds.BATCH
    # The times are the machine's, of the moment: reported, as numbers, never checked.
    timed = (
        "vaza_seconds", "endplay_seconds", "vaza_tables_per_second",
        "endplay_tables_per_second", "overhead_percent", "vaza_cpu_seconds",
        "endplay_cpu_seconds", "overhead_cpu_percent", "vaza_own_seconds", "vaza_own_percent",
    )  # fmt: skip
    assert {key: type(figures[key]) for key in timed} == dict.fromkeys(timed, float)


def test_tables_that_differ_from_endplay_are_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def wrong(deals: list[Deal], advance: object = None) -> list[DDTable]:
        return [DDTable((13,) * 20) for _ in deals]

    monkeypatch.setattr(dds, "dd_tables", wrong)
    with pytest.raises(AnalysisError, match="deal 1: Vaza's table N:ddddd"):
        analyze.run(1, seed=3)


def test_the_command_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    bench.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["bench", "analyze", "--deals", "1", "--seed", "7", "--json"])
    assert args.run(args) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["benchmark"] == "analyze" and figures["deals"] == 1 and figures["seed"] == 7
    assert {"vaza_tables_per_second", "endplay_tables_per_second", "overhead_percent"} <= set(
        figures
    )


def test_threads_are_zero_or_a_count(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    bench.register(parser.add_subparsers(dest="command"))
    assert parser.parse_args(["bench", "analyze", "--threads", "0"]).threads == 0
    assert parser.parse_args(["bench", "analyze", "--threads", "2"]).threads == 2
    with pytest.raises(SystemExit):
        parser.parse_args(["bench", "analyze", "--threads", "-1"])
    assert "0 (DDS's choice) or a number of threads" in capsys.readouterr().err
