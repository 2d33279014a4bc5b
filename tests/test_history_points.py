"""The points history shows for a deal (issue 19, item 8): a pad's line carries what each side
wrote for the deal, above and below the line, a rubber's bonus included."""

from __future__ import annotations

from helpers import FIXED_DEAL
from vaza.core import Board, Seat
from vaza.core.calls import Contract
from vaza.core.games.contract import DealResult
from vaza.match.bridge import SheetScorer
from vaza.scoring.sheet import new_sheet
from vaza.scoring.systems import PadOptions, pad_rules

BOARD = Board(FIXED_DEAL)


def scorer(system: str) -> SheetScorer:
    return SheetScorer(new_sheet(pad_rules(system, PadOptions(honours=False))))


def test_a_rubber_deal_gives_its_points_to_each_side() -> None:
    rubber = scorer("rubber")
    game = rubber.add(BOARD, DealResult(Contract.parse("4S", Seat.SOUTH), 11))
    assert game["points"] == {"NS": 120 + 30, "EW": 0} and game["unit"] == "points"
    down = rubber.add(BOARD, DealResult(Contract.parse("3NTX", Seat.EAST), 7))
    assert down["points"] == {"NS": 100 + 200, "EW": 0}  # two down doubled, not vulnerable
    rubber_won = rubber.add(BOARD, DealResult(Contract.parse("3NT", Seat.NORTH), 9))
    assert rubber_won["points"]["NS"] == 100 + 700  # the game, then the rubber's bonus
    assert rubber_won["points"]["EW"] == 0


def test_a_passed_out_deal_scores_nothing() -> None:
    chicago = scorer("chicago")
    assert chicago.add(BOARD, DealResult(None, None))["points"] == {"NS": 0, "EW": 0}


def test_russian_points_are_imps() -> None:
    russian = SheetScorer(new_sheet(pad_rules("russian")))
    line = russian.add(BOARD, DealResult(Contract.parse("7NT", Seat.NORTH), 13))
    assert line["unit"] == "imps" and line["points"]["NS"] > 0
