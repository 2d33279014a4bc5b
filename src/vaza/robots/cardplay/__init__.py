"""Card play by sampling: imagine the hidden hands from the view, solve each layout double
dummy, play the card with the best expected result; claim only what no layout can beat.

`player.CardPlayer` is the robot; `sampling` deals the unseen cards, `solver` turns views and
layouts into positions for DDS (`vaza.analysis.positions`), `claims` makes and answers claims, and
`measure` plays deals robot against robot to time and judge the play against double dummy;
`worth` says what a result is worth at the table's scoring.
"""

from vaza.robots.cardplay.claims import answer_claim, robot_claim
from vaza.robots.cardplay.player import (
    CardPlayer,
    CardSettings,
    ConstraintSource,
    Decision,
    Scoring,
)
from vaza.robots.cardplay.sampling import Knowledge, Sampler

__all__ = [
    "CardPlayer",
    "CardSettings",
    "ConstraintSource",
    "Decision",
    "Knowledge",
    "Sampler",
    "Scoring",
    "answer_claim",
    "robot_claim",
]
