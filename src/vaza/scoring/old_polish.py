"""Old Polish rubber scoring (PlayOK's "Old Polish"; seed 001) — a reading of seed 001.

Seed 001 says Old Polish "differs from international scoring only in the number of points" and
gives: trick values clubs 6, diamonds 7, hearts 8, spades 9, no trump 10; small slam 2000, grand
slam 4000; overtricks 100 (doubled 200) not vulnerable, 200 (doubled 400) vulnerable; games 1000
for the first and 2000 for the second; a bonus of 100 for a deal passed out by all four.  No
source defining the system could be found (`shared/reference/old-polish.md`).  What the seed
leaves open is read as follows, and every number lives in the table below:

- Game is 30 trick points below the line: exactly 3NT, 4♥, 4♠, 5♣ and 5♦ make game alone, the
  same contracts as contract bridge; doubling and redoubling multiply trick points by 2 and 4.
- The game bonuses (1000 for a side's first game, 2000 for its second) are scored as each game
  is won and replace the rubber bonus.  An unfinished rubber scores no extra bonus for a game
  (it was paid when won) and 100 for a partscore in the unfinished game, as in rubber bridge.
- Redoubled overtricks are twice the doubled ones (400 / 800), as redoubling is everywhere else.
- Slam bonuses do not depend on vulnerability (the seed gives one number for each).
- Undertricks, the insult bonus (50 / 100), honours, vulnerability after a game, the revoke rule
  and the same dealer dealing again after a pass-out are those of rubber bridge.
- The 100 for four passes goes to each side: all four players passed, so neither side did more
  toward it than the other.  The seed names no side; `PadRules.passed_out_bonus_to` holds it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from vaza.core.cards import Seat
from vaza.scoring.contract import ScoringTable
from vaza.scoring.sheet import BonusTo, PadRules, PassedOut, Sheet, new_sheet

OLD_POLISH_TABLE: Final = ScoringTable(
    first_trick=(6, 7, 8, 9, 10),
    later_tricks=(6, 7, 8, 9, 10),
    overtrick_undoubled=(100, 200),
    overtrick_doubled=(200, 400),
    small_slam=(2000, 2000),
    grand_slam=(4000, 4000),
    game=30,
)
GAME_BONUSES: Final = ((1000, 1000), (2000, 2000))
"""A side's first game, its second game (not vulnerable, vulnerable)."""
PASSED_OUT_BONUS: Final = 100


def old_polish_rules(honours: bool = True, doubled_overtricks_flat: bool = False) -> PadRules:
    return PadRules(
        name="old-polish",
        table=replace(OLD_POLISH_TABLE, doubled_overtricks_flat=doubled_overtricks_flat),
        honours=honours,
        games_to_win=2,
        game_bonus=GAME_BONUSES,
        rubber_bonus=(0,),
        unfinished_game=0,
        unfinished_partscore=100,
        passed_out=PassedOut.REDEAL,
        passed_out_bonus=PASSED_OUT_BONUS,
        passed_out_bonus_to=BonusTo.BOTH,
    )


OLD_POLISH = old_polish_rules()


def new_old_polish_rubber(first_dealer: Seat = Seat.NORTH, rules: PadRules = OLD_POLISH) -> Sheet:
    return new_sheet(rules, first_dealer)


__all__ = [
    "GAME_BONUSES",
    "OLD_POLISH",
    "OLD_POLISH_TABLE",
    "PASSED_OUT_BONUS",
    "new_old_polish_rubber",
    "old_polish_rules",
]
