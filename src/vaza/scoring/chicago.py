"""Chicago (four-deal bridge; seeds 000 and 001): rounds of four deals instead of rubbers.

Deal 1 is dealt by North, then East, South and West.  Vulnerability comes from the deal's number,
not from games won: by the seeds' cycle deal 1 none, 2 North–South, 3 East–West, 4 both; by the
other common convention (ACBL, Hoyle) deals 2 and 3 make the dealer's side vulnerable (2 East–West,
3 North–South).  A game scores 300 not vulnerable, 500 vulnerable, at once; there is no rubber
bonus.  A passed-out deal is dealt again by the same dealer and is not one of the four (Hoyle's
Four-Deal Bridge; Bernard Magee's glossary; Sports Illustrated, 1959).

Partscores follow one of the two seeds:

- CARRY (seed 000, the default; ACBL's Chicago): partscores add up toward game across the deals
  until a game is made, which wipes both sides' partscores; a side that scores a partscore on the
  fourth deal without completing a game scores 100.  No other partscore bonus.
- DUPLICATE (seed 001: "for partscores, 50 points"; Magee's "duplicate-style Chicago"): every
  deal stands on its own as at duplicate.  Its trick points make game only when they reach 100
  on that deal (300/500); otherwise the side scores 50 at once, and the next deal starts afresh
  below the line (a line is drawn after every partscore).  Nothing carries over and there is no
  fourth-deal bonus.
"""

from __future__ import annotations

from enum import Enum
from typing import Final

from vaza.core.cards import Seat, Vulnerability
from vaza.scoring.rubber import wbf_table
from vaza.scoring.sheet import PadRules, PassedOut, Sheet, new_sheet

DEALS: Final = 4
GAME_BONUS: Final = (300, 500)
LAST_DEAL_PARTSCORE: Final = 100
DUPLICATE_PARTSCORE: Final = 50

SEEDS_CYCLE: Final = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
"""Seeds 000 and 001: deal 1 none, 2 North–South, 3 East–West, 4 both."""
DEALER_CYCLE: Final = (Vulnerability.NONE, Vulnerability.EW, Vulnerability.NS, Vulnerability.BOTH)
"""ACBL / Hoyle: deals 2 and 3 the dealer's side (East, then South) is vulnerable."""


class Partscores(Enum):
    CARRY = "carry"
    DUPLICATE = "duplicate"


def chicago_vulnerability(
    number: int, cycle: tuple[Vulnerability, ...] = SEEDS_CYCLE
) -> Vulnerability:
    """Vulnerability of deal `number` (1, 2, …; the cycle repeats every four deals)."""
    if number < 1:
        raise ValueError("deal numbers start at 1")
    return cycle[(number - 1) % len(cycle)]


def chicago_dealer(number: int) -> Seat:
    """Dealer of deal `number`: North, East, South, West (seed 000)."""
    if number < 1:
        raise ValueError("deal numbers start at 1")
    return Seat.NORTH.next(number - 1)


def chicago_rules(
    cycle: tuple[Vulnerability, ...] = SEEDS_CYCLE,
    partscores: Partscores = Partscores.CARRY,
    honours: bool = True,
    doubled_overtricks_flat: bool = False,
) -> PadRules:
    carry = partscores is Partscores.CARRY
    return PadRules(
        name="chicago",
        table=wbf_table(doubled_overtricks_flat),
        honours=honours,
        carry_partscores=carry,
        games_to_win=None,
        deals_per_round=DEALS,
        vulnerability_cycle=cycle,
        game_bonus=(GAME_BONUS,),
        partscore_bonus=0 if carry else DUPLICATE_PARTSCORE,
        last_deal_partscore_bonus=LAST_DEAL_PARTSCORE if carry else 0,
        rubber_bonus=(0,),
        unfinished_game=0,
        unfinished_partscore=0,
        passed_out=PassedOut.REDEAL,
    )


CHICAGO = chicago_rules()


def new_round(rules: PadRules = CHICAGO) -> Sheet:
    """A round of four deals; North deals first."""
    return new_sheet(rules, Seat.NORTH)


__all__ = [
    "CHICAGO",
    "DEALER_CYCLE",
    "DEALS",
    "GAME_BONUS",
    "SEEDS_CYCLE",
    "Partscores",
    "chicago_dealer",
    "chicago_rules",
    "chicago_vulnerability",
    "new_round",
]
