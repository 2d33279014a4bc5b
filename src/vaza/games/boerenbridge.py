"""Boerenbridge (Oh Hell, seed 004): 2 to 7 players bid the exact number of tricks they take."""

from __future__ import annotations

from typing import Final

from vaza.core.errors import IllegalAction, ParseError
from vaza.core.games.boerenbridge import BoerenbridgeAction
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.core.views.boerenbridge import RoundView
from vaza.games import verbs
from vaza.games.spec import ActionCodec, GameSpec, MatchSettings, Option, OptionKind, Scoring, Text
from vaza.match.boerenbridge_table import BoerenbridgeTableMatch
from vaza.protocol.boerenbridge import action_json, parse_action
from vaza.robots.boerenbridge_strong import BoerenbridgeStrongRobot


def _flag(name: str, en: str, pt: str) -> Option:
    return Option(name, OptionKind.BOOL, False, Text(en, pt))


SCORING: Final = Scoring(
    "boerenbridge",
    Text("Boerenbridge", "Boerenbridge"),
    Text("Exact bids score 10 + 2 per trick.", "Aposta exata vale 10 + 2 por vaza."),
    (
        _flag(
            "harsh",
            "Harsh scoring (a miss costs the difference)",
            "Contagem severa (errar custa a diferença)",
        ),
        _flag("consolation", "Farmer's consolation (+5)", "Consolo do fazendeiro (+5)"),
        _flag(
            "no_trump_rounds",
            "No-trump rounds (1 card and the top)",
            "Rodadas sem trunfo (1 carta e o topo)",
        ),
        _flag("blind_one_card_rounds", "Blind one-card rounds", "Rodadas de uma carta às cegas"),
        Option(
            "blind_multiplier",
            OptionKind.NUMBER,
            2,
            Text("Blind rounds' multiplier", "Multiplicador das rodadas às cegas"),
            maximum=10,
        ),
        _flag("wizards", "Wizard style (Wizards and Jesters)", "Estilo Wizard (Magos e Bobos)"),
        Option(
            "fixed_hand_size",
            OptionKind.NUMBER,
            None,
            Text("Fixed hand size", "Mão fixa"),
            maximum=26,
        ),
        Option(
            "schedule",
            OptionKind.NUMBERS,
            None,
            Text("Agreed schedule of hand sizes", "Sequência combinada de cartas"),
            maximum=26,
            hint=Text(
                "Cards per round, separated by commas; empty: the usual ladder.",
                "Cartas por rodada, separadas por vírgulas; vazio: a escada de sempre.",
            ),
        ),
    ),
)


def rules(settings: MatchSettings) -> BoerenbridgeOptions:
    """The game's options from the table's, with a sentence when they do not go together."""
    try:
        return BoerenbridgeOptions(**settings.options)
    except IllegalAction as error:
        raise ParseError(str(error)) from None


def _match(settings: MatchSettings) -> BoerenbridgeTableMatch:
    try:
        return BoerenbridgeTableMatch(settings.players, rules(settings))
    except IllegalAction as error:  # too many players for the pack, say
        raise ParseError(str(error)) from None


def _robot(settings: MatchSettings) -> BoerenbridgeStrongRobot:
    return BoerenbridgeStrongRobot(rules(settings))


SPEC: Final[GameSpec[BoerenbridgeAction, RoundView]] = GameSpec(
    name="boerenbridge",
    label=Text("Boerenbridge", "Boerenbridge"),
    about=Text(
        "Oh Hell for 2 to 7: bid the exact number of tricks you will take.",
        "Oh Hell para 2 a 7: aposte o número exato de vazas que vai fazer.",
    ),
    players=(4, 3, 5, 6, 7, 2),
    scorings=(SCORING,),
    verbs=(verbs.BID, verbs.CHOOSE, verbs.PLAY),
    actions=ActionCodec(parse_action, action_json),
    new_match=_match,
    robot=_robot,
    renderer="boerenbridge",
)
