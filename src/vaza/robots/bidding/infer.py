"""Reading an auction: what each seat's calls showed, and what any one call means.

The same rules that choose a robot's calls read everyone's: `candidates` gives a position's
rules, and a call shows what all the rules bidding it there allow.  Readings of an auction are
cached by its calls, so a robot thinking about call twelve reuses what it read for call eleven.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from vaza.core.calls import CALLS, Call
from vaza.core.cards import SEATS, Seat, Vulnerability
from vaza.core.errors import IllegalAction
from vaza.robots.bidding.rules import Explanation
from vaza.robots.bidding.situation import Situation
from vaza.robots.bidding.system import read_call
from vaza.robots.constraints import HandConstraints


@lru_cache(maxsize=8192)
def situation_after(
    calls: tuple[Call, ...], dealer: Seat, vulnerability: Vulnerability = Vulnerability.NONE
) -> Situation:
    """The auction `calls` (from `dealer`) as the system reads it."""
    if not calls:
        return Situation(dealer, vulnerability)
    before = situation_after(calls[:-1], dealer, vulnerability)
    call = calls[-1]
    if before.is_over or not before.is_legal(call):
        raise IllegalAction(f"call {len(calls)}, {call}, is not legal in this auction")
    return before.after(read_call(before, call))


def infer(
    calls: Sequence[Call], dealer: Seat, vulnerability: Vulnerability = Vulnerability.NONE
) -> dict[Seat, HandConstraints]:
    """What each seat's calls have shown: high-card points and suit lengths, by seat."""
    situation = situation_after(tuple(calls), dealer, vulnerability)
    return {seat: situation.known[seat] for seat in SEATS}


def explanation(
    calls: Sequence[Call],
    dealer: Seat,
    index: int,
    vulnerability: Vulnerability = Vulnerability.NONE,
) -> Explanation:
    """The meaning of call `index` (0 is the dealer's first call) under the system."""
    if not 0 <= index < len(calls):
        raise IndexError(f"the auction has {len(calls)} calls; there is no call {index}")
    situation = situation_after(tuple(calls[: index + 1]), dealer, vulnerability)
    return situation.steps[index].explanation


def explain(
    calls: Sequence[Call],
    dealer: Seat,
    index: int,
    lang: str = "en",
    vulnerability: Vulnerability = Vulnerability.NONE,
) -> str:
    """The meaning of call `index` in words, English (``en``) or Portuguese (``pt-BR``)."""
    return explanation(calls, dealer, index, vulnerability).text(lang)


def explain_auction(
    calls: Sequence[Call],
    dealer: Seat,
    lang: str = "en",
    vulnerability: Vulnerability = Vulnerability.NONE,
    start: int = 0,
) -> dict[int, str]:
    """Every call's meaning by its index, as a table view would carry it
    (``{"0": "1NT opening …"}`` once the keys are written as strings); from call `start` on
    only, for a table that has the earlier ones already."""
    situation = situation_after(tuple(calls), dealer, vulnerability)
    steps = situation.steps
    return {index: steps[index].explanation.text(lang) for index in range(start, len(steps))}


def next_meanings(
    calls: Sequence[Call],
    dealer: Seat,
    lang: str = "en",
    vulnerability: Vulnerability = Vulnerability.NONE,
) -> dict[str, str]:
    """What each legal next call would mean, by its name (``"1NT"``, ``"Pass"``): what the
    bidding box shows before a call is made, from the rules the robots explain with.  Raises
    IllegalAction when `calls` is not a legal auction or is over."""
    situation = situation_after(tuple(calls), dealer, vulnerability)
    if situation.is_over:
        raise IllegalAction("the auction is over: no call comes next")
    return {
        str(call): read_call(situation, call).explanation.text(lang)
        for call in CALLS
        if situation.is_legal(call)
    }
