"""The bidding robot: the first rule of the position that fits the hand, with its meaning.

It decides from its `TableView` alone: the calls so far, the dealer, the vulnerability and its
own hand.  Every call it makes comes with the explanation any other reader of the auction
would give it, because both come from the same rules (`system.candidates`).  Card play after
the opening lead is left to another robot (`SimpleRobot` unless one is given).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from vaza.core.calls import PASS, Call
from vaza.core.cards import Card, Hand, Seat, Vulnerability
from vaza.core.games.contract import BridgeAction, Phase
from vaza.core.views import TableView
from vaza.robots.base import PlaysOut, Robot
from vaza.robots.bidding.infer import explain, situation_after
from vaza.robots.bidding.leads import opening_lead
from vaza.robots.bidding.rules import Explanation, Force, Rule
from vaza.robots.bidding.system import candidates, read_call
from vaza.robots.constraints import NOTHING_KNOWN
from vaza.robots.simple import SimpleRobot


@lru_cache(maxsize=8192)
def _rules_after(
    calls: tuple[Call, ...], dealer: Seat, vulnerability: Vulnerability
) -> tuple[Rule, ...]:
    """The system's rules after `calls`, in order: the same for every hand a simulation
    re-bids there, so worked out once."""
    return tuple(candidates(situation_after(calls, dealer, vulnerability)))


def choose_call(
    hand: Hand,
    calls: Sequence[Call],
    dealer: Seat,
    vulnerability: Vulnerability = Vulnerability.NONE,
) -> tuple[Call, Explanation]:
    """The system's call for `hand` after `calls`, and what it means."""
    calls = tuple(calls)
    rules = _rules_after(calls, dealer, vulnerability)
    chosen = _first_fitting(hand, rules)
    if chosen is None:
        return PASS, NO_FITTING_CALL
    situation = situation_after(calls, dealer, vulnerability)
    return chosen.call, read_call(situation, chosen.call, rules).explanation


def _first_fitting(hand: Hand, rules: Sequence[Rule]) -> Rule | None:
    return next((candidate for candidate in rules if candidate.fits(hand)), None)


def system_call(
    hand: Hand, calls: tuple[Call, ...], dealer: Seat, vulnerability: Vulnerability
) -> Call:
    """The system's call alone (`choose_call`'s, without its meaning): what simulations
    re-bid their imagined hands with."""
    chosen = _first_fitting(hand, _rules_after(calls, dealer, vulnerability))
    return PASS if chosen is None else chosen.call


NO_FITTING_CALL = Explanation(PASS, (("no_fitting_call", ()),), NOTHING_KNOWN, Force.NONE)
"""What the robot says on the rare hand no rule of the position fits."""


class BiddingRobot(PlaysOut):
    """Bids the documented system, leads by the same inferences, plays through another robot."""

    def __init__(self, lang: str = "en", card_player: Robot | None = None) -> None:
        self.lang = lang
        self._cards: Robot = card_player if card_player is not None else SimpleRobot()

    def choose_call(self, view: TableView) -> tuple[Call, Explanation]:
        hand = view.hand
        if view.viewer is None or hand is None:
            raise ValueError("the robot needs a seat's view to bid")
        if view.phase is not Phase.AUCTION or not view.legal_actions:
            raise ValueError("the robot was asked to call with nothing to choose")
        call, meaning = choose_call(hand, view.calls, view.dealer, view.vulnerability)
        if call not in view.legal_actions:  # the system never does this; stay legal if it did
            return PASS, NO_FITTING_CALL
        return call, meaning

    def explain(
        self, calls: Sequence[Call], dealer: Seat, index: int, lang: str | None = None
    ) -> str:
        """The meaning of call `index` of an auction, in `lang` (the robot's by default)."""
        return explain(calls, dealer, index, lang or self.lang)

    def opening_lead(self, view: TableView) -> Card:
        return opening_lead(view)

    def choose(self, view: TableView) -> BridgeAction:
        legal = view.legal_actions
        if not legal:
            raise ValueError("the robot was asked to act with nothing to choose")
        if view.phase is Phase.AUCTION:
            return self.choose_call(view)[0]
        if not view.played and view.viewer is not None and view.to_act == view.viewer:
            return self.opening_lead(view)
        return self._cards.choose(view)
