"""Which games a table can play, with which scorings, and the match for given options."""

from __future__ import annotations

from typing import Any

from vaza.core.errors import ParseError
from vaza.match.base import TableMatch
from vaza.match.boerenbridge_table import BoerenbridgeTableMatch, boerenbridge_options
from vaza.match.bridge import SCORINGS as BRIDGE_SCORINGS
from vaza.match.bridge import bridge_match

GAMES = ("contract", "boerenbridge")
SCORINGS: dict[str, tuple[str, ...]] = {
    "contract": BRIDGE_SCORINGS,
    "boerenbridge": ("boerenbridge",),
}


def new_match(options: Any) -> TableMatch:
    """The match a table with `options` (a TableOptions) plays."""
    if options.game == "contract":
        if options.players != 4:
            raise ParseError("contract bridge is played by four")
        return bridge_match(options.scoring, dict(options.variant))
    if options.game == "boerenbridge":
        return BoerenbridgeTableMatch(options.players, boerenbridge_options(options.variant))
    raise ParseError(f"unknown game {options.game!r}")
