"""Interface strings in English and Portuguese (Brazil).

One catalogue per language; `text(key, lang)` falls back to English, then to the key itself, so a
missing translation shows up as English rather than as an error.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
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
        "error.interrupted": "stopped (Ctrl-C).",
        "error.whole": "{value!r} is not a whole number",
        "error.help": "see {prog} --help",
        "argparse.argument": "argument {argument}: {message}",
        "argparse.choice": "invalid choice: {value} (choose from {choices})",
        "argparse.required": "the following arguments are required: {names}",
        "argparse.unknown": "unrecognized arguments: {names}",
        "argparse.one": "expected one argument",
        "argparse.value": "invalid {kind} value: {value}",
        "error.at_least_1": "must be at least 1",
        "error.board": "board numbers start at 1",
        "error.port": "the port must be a number from 1 to 65535, not {port}.",
        "error.port_in_use": "cannot listen on {host}:{port}: {reason}.",
        "error.no_file": "{path}: no such file.",
        "error.is_folder": "{path} is a folder, not a file.",
        "error.cannot_read": "cannot read {path}: {reason}.",
        "error.no_folder": "cannot write {path}: the folder {folder} does not exist.",
        "error.lang": "there is no language {name!r}: choose {choices}.",
        "error.contract": "{contract!r} is not a contract: write a level 1 to 7 and a strain, "
        "like 4S, 3NTX or 6HXX.",
        "error.missing": "say {options} (or read deals from standard input with -).",
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
        "error.interrupted": "interrompido (Ctrl-C).",
        "error.whole": "{value!r} não é um número inteiro",
        "error.help": "veja {prog} --help",
        "argparse.argument": "argumento {argument}: {message}",
        "argparse.choice": "opção inválida: {value} (escolha entre {choices})",
        "argparse.required": "faltam os argumentos: {names}",
        "argparse.unknown": "argumentos não reconhecidos: {names}",
        "argparse.one": "espera um valor",
        "argparse.value": "valor {kind} inválido: {value}",
        "error.at_least_1": "deve ser pelo menos 1",
        "error.board": "as mãos são numeradas a partir de 1",
        "error.port": "a porta deve ser um número de 1 a 65535, não {port}.",
        "error.port_in_use": "não é possível escutar em {host}:{port}: {reason}.",
        "error.no_file": "{path}: arquivo não encontrado.",
        "error.is_folder": "{path} é uma pasta, não um arquivo.",
        "error.cannot_read": "não é possível ler {path}: {reason}.",
        "error.no_folder": "não é possível gravar {path}: a pasta {folder} não existe.",
        "error.lang": "não existe o idioma {name!r}: escolha {choices}.",
        "error.contract": "{contract!r} não é um contrato: escreva um nível de 1 a 7 e um naipe, "
        "como 4S, 3NTX ou 6HXX.",
        "error.missing": "informe {options} (ou leia as mãos da entrada padrão com -).",
    },
}


def normalise(lang: str | None) -> str:
    """Map a language tag or a POSIX locale (``pt_BR.UTF-8``) to one Vaza speaks."""
    if not lang:
        return "en"
    key = lang.split(".")[0].replace("_", "-").lower()
    return "pt-BR" if key.startswith("pt") else "en"


def spoken(lang: str) -> str | None:
    """The language Vaza speaks for a tag a person chose (``pt-BR``, ``pt_BR``, ``en-GB``,
    ``pt``), or None when it speaks none of it: a choice is never widened to English."""
    key = lang.split(".", maxsplit=1)[0].replace("_", "-").lower()
    base = key.split("-")[0]
    return {"en": "en", "pt": "pt-BR"}.get(base)


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


def text_from(
    strings: Mapping[str, Mapping[str, str]], key: str, lang: str, **values: object
) -> str:
    """`key` from a command's own table of strings by language, in English where a translation
    is missing."""
    template = strings.get(lang, strings["en"]).get(key) or strings["en"][key]
    return template.format(**values)
