"""What a result is worth to declarer at the table's scoring: the yardstick every card and
lead is chosen by (`player`, `leads`), apart from how the robot searches."""

from __future__ import annotations

from typing import Final, Literal

from vaza.core.calls import Contract

Scoring = Literal["imps", "rubber", "matchpoints"]
"""The scorings the card player weighs results for (rubber as IMPs: the same stakes)."""

_MATCHPOINT_MAKING: Final = 0.5
"""At matchpoints a trick is a trick; making the contract is worth half a trick more, since the
field in other contracts is beaten by a plus score as often as by an overtrick."""


def _smooth_imps(difference: float) -> float:
    """The IMP scale with its steps joined by straight lines: an overtrick worth 20 or 30
    points is always worth a little, never nothing because it fell inside one step."""
    from vaza.scoring.imps import IMP_EDGES  # noqa: PLC0415 - scoring is not core

    size = abs(difference)
    lower = 0.0
    for value, edge in enumerate(IMP_EDGES):
        if size < edge:
            imps = value + (size - lower) / (edge - lower)
            break
        lower = edge
    else:
        imps = float(len(IMP_EDGES))
    return imps if difference >= 0 else -imps


def trick_values(contract: Contract, vulnerable: bool, scoring: Scoring) -> tuple[float, ...]:
    """The worth to declarer of taking 0..13 tricks.

    At IMPs (and rubber, whose stakes are the same games and slams) a result is worth the
    IMPs it gains against the contract made exactly: going down costs the contract's value
    and more, an overtrick gains about one IMP.  At matchpoints every trick counts alike.
    """
    from vaza.scoring.contract import duplicate_score  # noqa: PLC0415

    if scoring == "matchpoints":
        return tuple(
            tricks + (_MATCHPOINT_MAKING if tricks >= contract.tricks_needed else 0.0)
            for tricks in range(14)
        )
    par = duplicate_score(contract, contract.tricks_needed, vulnerable)
    return tuple(
        _smooth_imps(duplicate_score(contract, tricks, vulnerable) - par) for tricks in range(14)
    )
