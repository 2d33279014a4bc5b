"""Auction Bridge as seed 000 gives it: rubber bridge, except that overtricks are scored below the
line and count toward game.

Seed 000 does not say what a doubled overtrick is worth below the line.  Vaza scores every trick
over book below at the contract's trick value, doubled or redoubled like the tricks bid (1♠X
making nine tricks: 180 below), and no doubled-overtrick premium above: the overtricks move below,
they are not scored twice.  That is also how auction bridge counted doubled tricks toward game
(Foster's *Complete Hoyle*).  Everything else is rubber bridge (`vaza.scoring.rubber`).
"""

from __future__ import annotations

from dataclasses import replace

from vaza.core.cards import Seat
from vaza.scoring.rubber import rubber_rules
from vaza.scoring.sheet import PadRules, Sheet, new_sheet


def auction_rules(honours: bool = True) -> PadRules:
    return replace(rubber_rules(honours), name="auction", overtricks_below=True)


AUCTION = auction_rules()


def new_auction_rubber(first_dealer: Seat = Seat.NORTH, rules: PadRules = AUCTION) -> Sheet:
    return new_sheet(rules, first_dealer)


__all__ = ["AUCTION", "auction_rules", "new_auction_rubber"]
