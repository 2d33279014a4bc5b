"""Rubber bridge (seed 000, the Laws of Rubber Bridge): a rubber is the best of three games.

Trick points below the line, everything else above; a game at 100 below; a side that has won a
game is vulnerable; the first side to win two games wins the rubber and 700 (2–0) or 500 (2–1).
An unfinished rubber scores 300 for the side a game up and 100 for the only side with a partscore
in the unfinished game.  Honours count (switchable); the house revoke rule stops the deal and
gives the opponents 100.  A passed-out deal scores nothing; the same dealer deals again (seed 000).
"""

from __future__ import annotations

from dataclasses import replace

from vaza.core.cards import Seat
from vaza.scoring.contract import WBF, ScoringTable
from vaza.scoring.sheet import PadRules, Sheet, new_sheet

RUBBER_BONUS = (700, 500)
"""Winning the rubber 2–0, 2–1."""


def wbf_table(doubled_overtricks_flat: bool = False) -> ScoringTable:
    """The WBF contract values; `doubled_overtricks_flat` is seed 000's reading that a doubled
    (redoubled) contract earns 100/200 (200/400) once however many overtricks it makes."""
    return replace(WBF, doubled_overtricks_flat=doubled_overtricks_flat)


def rubber_rules(honours: bool = True, doubled_overtricks_flat: bool = False) -> PadRules:
    return PadRules(
        name="rubber",
        table=wbf_table(doubled_overtricks_flat),
        honours=honours,
        games_to_win=2,
        rubber_bonus=RUBBER_BONUS,
        unfinished_game=300,
        unfinished_partscore=100,
    )


RUBBER = rubber_rules()


def new_rubber(first_dealer: Seat = Seat.NORTH, rules: PadRules = RUBBER) -> Sheet:
    return new_sheet(rules, first_dealer)


__all__ = ["RUBBER", "RUBBER_BONUS", "new_rubber", "rubber_rules", "wbf_table"]
