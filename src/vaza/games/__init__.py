"""The registry of games: one spec per game, declared once, read by every layer.

As python-chess's variants or OpenSpiel's registered games: `find_game("widow")` gives the
widow game's spec (its names in both languages, players, scorings and their options, commands,
the codec of its actions, its match and its robot).  The table, the server's message schemas,
`/api/games` (and through it the page's new-table form and renderers), the robots and the CLI
read it; no other module keeps a list of games or scorings.

A new game is its rules and views in `vaza.core`, one spec module here (its match, the JSON of
its actions and views, its spec), one line in `GAMES`, its robot, its rules page, and a renderer
only if its table looks different; docs/architecture.md lists the files each game is in (a test
checks the lists).
"""

from __future__ import annotations

from typing import Any, Final

from vaza.core.errors import ParseError
from vaza.games import boerenbridge, bridge_whist, contract, honeymoon, widow
from vaza.games.spec import GameSpec, Scoring, Verb
from vaza.json_types import JSON

GAMES: Final[tuple[GameSpec[Any, Any], ...]] = (
    contract.SPEC,
    bridge_whist.SPEC,
    widow.SPEC,
    honeymoon.SPEC,
    boerenbridge.SPEC,
)
"""Every game, in the order the page offers them."""
_BY_NAME: Final = {spec.name: spec for spec in GAMES}
GAME_NAMES: Final = tuple(_BY_NAME)


def find_game(name: str) -> GameSpec[Any, Any]:
    """The spec of the game called `name`; a ParseError naming the games for any other."""
    spec = _BY_NAME.get(name)
    if spec is None:
        raise ParseError(f"unknown game {name!r}; choose one of {', '.join(GAME_NAMES)}")
    return spec


def _verbs() -> dict[str, Verb]:
    found: dict[str, Verb] = {}
    for spec in GAMES:
        for verb in spec.verbs:
            if found.setdefault(verb.name, verb) is not verb:
                raise AssertionError(f"two games declare the command {verb.name!r} differently")
    return found


VERBS: Final = _verbs()
"""Every game command, by name (one schema each, whichever games take it)."""


def _scorings() -> dict[str, Scoring]:
    found: dict[str, Scoring] = {}
    for spec in GAMES:
        for scoring in spec.scorings:
            found.setdefault(scoring.name, scoring)
    return found


SCORINGS: Final = _scorings()
"""Every scoring system any game is played under, by name."""


def catalogue() -> JSON:
    """What `/api/games` answers: every game, and every scoring's labels."""
    return {
        "games": [spec.to_json() for spec in GAMES],
        "scorings": [scoring.to_json() for scoring in SCORINGS.values()],
    }


__all__ = ["GAMES", "GAME_NAMES", "SCORINGS", "VERBS", "GameSpec", "catalogue", "find_game"]
