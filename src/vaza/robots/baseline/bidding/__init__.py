"""The robots' bidding system: a natural Standard American system held as rules, read the same
way to choose a call and to understand one (see docs/bidding.md).

- `BiddingRobot`: chooses calls with their explanations, leads, and plays through another robot.
- `infer(calls, dealer)`: what each seat's calls showed, as `HandConstraints`.
- `explain(calls, dealer, index, lang)`: the meaning of any call, in English or Portuguese;
  `explain_auction` gives them all at once, by call index.
- `opening_lead(view)`: the opening lead from the same inferences.
"""

from vaza.robots.baseline.bidding.bidder import BiddingRobot, choose_call
from vaza.robots.baseline.bidding.infer import (
    explain,
    explain_auction,
    explanation,
    infer,
    situation_after,
)
from vaza.robots.baseline.bidding.leads import opening_lead
from vaza.robots.baseline.bidding.rules import Explanation, Force

__all__ = [
    "BiddingRobot",
    "Explanation",
    "Force",
    "choose_call",
    "explain",
    "explain_auction",
    "explanation",
    "infer",
    "opening_lead",
    "situation_after",
]
