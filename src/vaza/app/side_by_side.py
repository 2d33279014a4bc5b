"""Which scorings a finished deal is compared under: every scoring contract bridge's spec lists.

The list is the registry's (`vaza.games`), never one of this module's.  Each scoring takes its
options' defaults, except where the table chose a value for an option that scoring reads (a table
without honours compares without them everywhere), so that the rows agree with the table's own
choices where they can.
"""

from __future__ import annotations

from typing import Any

from vaza.games import contract
from vaza.games.scorings import pad_options
from vaza.scoring.compare import System


def compared_systems(game: str, variant: dict[str, Any]) -> tuple[System, ...]:
    """The systems a deal of `game` is compared under; none for a game other than contract
    bridge (Bridge-Whist and the widow game have contracts, but their own rules and scores)."""
    if game != contract.SPEC.name:
        return ()
    return tuple(
        System(
            scoring.name,
            {option.name: option.default for option in scoring.options}
            | pad_options(variant, scoring)
            if scoring.pad
            else {},
        )
        for scoring in contract.SPEC.scorings
    )


__all__ = ["compared_systems"]
