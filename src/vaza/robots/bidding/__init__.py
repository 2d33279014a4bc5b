"""The robots' bidding system: a natural Standard American system held as rules, read the same
way to choose a call and to understand one (see docs/bidding.md).

- `BiddingRobot`: chooses calls with their explanations, leads, and plays through another robot.
- `infer(calls, dealer)`: what each seat's calls showed, as `HandConstraints`.
- `explain(calls, dealer, index, lang)`: the meaning of any call, in English or Portuguese;
  `explain_auction` gives them all at once, by call index; `next_meanings` what each legal
  next call would mean (the bidding box's hints).
- `opening_lead(view)`: the opening lead from the same inferences.
"""

from vaza.robots.bidding.bidder import BiddingRobot, choose_call
from vaza.robots.bidding.infer import (
    explain,
    explain_auction,
    explanation,
    infer,
    next_meanings,
    situation_after,
)
from vaza.robots.bidding.leads import opening_lead
from vaza.robots.bidding.rules import Explanation, Force

__all__ = [
    "BiddingRobot",
    "Explanation",
    "Force",
    "choose_call",
    "explain",
    "explain_auction",
    "explanation",
    "infer",
    "next_meanings",
    "opening_lead",
    "situation_after",
]
