"""Which games a table can play, with which scorings, and the match for given options."""

from __future__ import annotations

from typing import Any

from vaza.core.errors import ParseError
from vaza.match.base import TableMatch
from vaza.match.boerenbridge_table import BoerenbridgeTableMatch, boerenbridge_options
from vaza.match.bridge import SCORINGS as BRIDGE_SCORINGS
from vaza.match.bridge import bridge_match
from vaza.match.variants_table import (
    BRIDGE_WHIST_SCORINGS,
    HONEYMOON_SCORINGS,
    WIDOW_SCORINGS,
    bridge_whist_match,
    honeymoon_match,
    widow_match,
)

GAMES = ("contract", "boerenbridge", "bridge-whist", "widow", "honeymoon")
SCORINGS: dict[str, tuple[str, ...]] = {
    "contract": BRIDGE_SCORINGS,
    "boerenbridge": ("boerenbridge",),
    "bridge-whist": BRIDGE_WHIST_SCORINGS,
    "widow": WIDOW_SCORINGS,
    "honeymoon": HONEYMOON_SCORINGS,
}
"""Each game's scorings, its default first."""
DEFAULT_PLAYERS: dict[str, int] = {
    "contract": 4,
    "boerenbridge": 4,
    "bridge-whist": 4,
    "widow": 4,
    "honeymoon": 2,
}
"""How many play each game (Boerenbridge: 3 to 7, four unless chosen)."""
_FIXED_PLAYERS = {
    "contract": "contract bridge is played by four",
    "bridge-whist": "Bridge-Whist is played by four",
    "widow": "the widow game is played by four",
    "honeymoon": "two-handed bridge is played by two (players: 2)",
}


def new_match(options: Any, deals: dict[int, str] | None = None) -> TableMatch:
    """The match a table with `options` (a TableOptions) plays; `deals` is a private set of
    boards (PBN deals by board number) for a duplicate event's table."""
    game = options.game
    if game in _FIXED_PLAYERS and options.players != DEFAULT_PLAYERS[game]:
        raise ParseError(_FIXED_PLAYERS[game])
    variant = dict(options.variant)
    if deals is not None and game != "contract":
        raise ParseError("sets of boards are for contract bridge")
    if game == "contract":
        return bridge_match(options.scoring, variant, deals)
    if game == "boerenbridge":
        return BoerenbridgeTableMatch(options.players, boerenbridge_options(options.variant))
    if game == "bridge-whist":
        return bridge_whist_match(options.scoring, variant)
    if game == "widow":
        return widow_match(options.scoring, variant)
    if game == "honeymoon":
        return honeymoon_match(options.scoring, variant)
    raise ParseError(f"unknown game {game!r}")
