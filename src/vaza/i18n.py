"""Interface strings in English and Portuguese (Brazil).

One catalogue per language; `text(key, lang)` falls back to English, then to the key itself, so a
missing translation shows up as English rather than as an error.
"""

from __future__ import annotations

import os
from typing import Final

LANGUAGES: Final = ("en", "pt-BR")

_CATALOGUES: Final[dict[str, dict[str, str]]] = {
    "en": {
        "seat.N": "North",
        "seat.E": "East",
        "seat.S": "South",
        "seat.W": "West",
        "seat.letter.N": "N",
        "seat.letter.E": "E",
        "seat.letter.S": "S",
        "seat.letter.W": "W",
        "call.pass": "Pass",
        "call.double": "X",
        "call.redouble": "XX",
        "strain.NT": "NT",
        "board": "Board {number}",
        "dealer": "Dealer {seat}",
        "vulnerable": "Vulnerable: {vul}",
        "vul.None": "none",
        "vul.NS": "North–South",
        "vul.EW": "East–West",
        "vul.All": "both",
        "hcp": "{points} HCP",
        "auction": "Auction",
        "play": "Play",
        "trick": "Trick {number}",
        "led_by": "led by {seat}",
        "won_by": "won by {seat}",
        "contract": "Contract: {contract} by {seat}",
        "passed_out": "Passed out.",
        "result.made": "{contract} by {seat}: {tricks} tricks, made{over}.",
        "result.down": "{contract} by {seat}: {tricks} tricks, down {under}.",
        "result.over": " with {count} overtrick(s)",
        "result.claimed": " (claimed)",
    },
    "pt-BR": {
        "seat.N": "Norte",
        "seat.E": "Leste",
        "seat.S": "Sul",
        "seat.W": "Oeste",
        "seat.letter.N": "N",
        "seat.letter.E": "L",
        "seat.letter.S": "S",
        "seat.letter.W": "O",
        "call.pass": "Passo",
        "call.double": "Dobro",
        "call.redouble": "Redobro",
        "strain.NT": "ST",
        "board": "Mão {number}",
        "dealer": "Carteador: {seat}",
        "vulnerable": "Vulnerável: {vul}",
        "vul.None": "ninguém",
        "vul.NS": "Norte–Sul",
        "vul.EW": "Leste–Oeste",
        "vul.All": "ambos",
        "hcp": "{points} PH",
        "auction": "Leilão",
        "play": "Jogo",
        "trick": "Vaza {number}",
        "led_by": "saída de {seat}",
        "won_by": "ganha por {seat}",
        "contract": "Contrato: {contract} por {seat}",
        "passed_out": "Todos passaram.",
        "result.made": "{contract} por {seat}: {tricks} vazas, cumprido{over}.",
        "result.down": "{contract} por {seat}: {tricks} vazas, {under} abaixo.",
        "result.over": " com {count} vaza(s) a mais",
        "result.claimed": " (reivindicado)",
    },
}


def normalise(lang: str | None) -> str:
    """Map a language tag or a POSIX locale (``pt_BR.UTF-8``) to one Vaza speaks."""
    if not lang:
        return "en"
    key = lang.split(".")[0].replace("_", "-").lower()
    return "pt-BR" if key.startswith("pt") else "en"


def default_language() -> str:
    """The language of the user's environment (LANGUAGE, LC_ALL, LANG)."""
    for variable in ("VAZA_LANG", "LANGUAGE", "LC_ALL", "LANG"):
        value = os.environ.get(variable)
        if value and value not in ("C", "POSIX"):
            return normalise(value)
    return "en"


def text(key: str, lang: str = "en", **values: object) -> str:
    catalogue = _CATALOGUES.get(lang, _CATALOGUES["en"])
    template = catalogue.get(key) or _CATALOGUES["en"].get(key) or key
    return template.format(**values)
