"""Which games a table can play, with which scorings, and the match for given options."""

from __future__ import annotations

from typing import Any

from vaza.core.errors import ParseError
from vaza.match.base import TableMatch
from vaza.match.bridge import SCORINGS as BRIDGE_SCORINGS
from vaza.match.bridge import bridge_match

GAMES = ("contract",)
SCORINGS: dict[str, tuple[str, ...]] = {"contract": BRIDGE_SCORINGS}


def new_match(options: Any) -> TableMatch:
    """The match a table with `options` (a TableOptions) plays."""
    if options.game == "contract":
        return bridge_match(options.scoring, dict(options.variant))
    raise ParseError(f"unknown game {options.game!r}")
