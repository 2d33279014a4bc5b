"""Card play by sampling: imagine the hidden hands from the view, solve each layout double
dummy, play the card with the best expected result; claim only what no layout can beat.

`player.CardPlayer` is the robot; `sampling` deals the unseen cards, `solver` turns views and
layouts into positions for DDS (`vaza.analysis.positions`), and `claims` makes and answers
claims.  (The live package's `measure` was not frozen: it measures robots, it is not one.)
"""

from vaza.robots.baseline.cardplay.claims import answer_claim, robot_claim
from vaza.robots.baseline.cardplay.player import CardPlayer, ConstraintSource, Decision, Scoring
from vaza.robots.baseline.cardplay.sampling import Knowledge, Sampler

__all__ = [
    "CardPlayer",
    "ConstraintSource",
    "Decision",
    "Knowledge",
    "Sampler",
    "Scoring",
    "answer_claim",
    "robot_claim",
]
