"""`vaza score`: the score of one contract, at duplicate or on a pad (rubber, Chicago, …).

Also home of what `vaza pad` shares with it: reading tricks, seats and sides as people write
them, and building a pad system's rules from the command-line options.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import Final, TextIO

from vaza.commands.common import add_lang
from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side, Vulnerability
from vaza.core.errors import ParseError, VazaError
from vaza.i18n import default_language, text_from
from vaza.i18n import text as core_text
from vaza.scoring.pad_syntax import parse_contract, parse_tricks
from vaza.scoring.sheet import PadDeal, PadRules

SCORE_SYSTEMS: Final = ("duplicate", "rubber", "chicago", "auction", "old-polish")

_STRINGS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "made": "made",
        "made_over": "made with {count} overtrick(s)",
        "down": "down {count}",
        "vul": "vulnerable: {vul}",
        "deal": "{contract} by {seat}, {tricks} tricks ({vul}): {outcome}.",
        "duplicate": "Duplicate score: {score:+d} for {side}.",
        "pad": "{system}: {parts}.",
        "pad.part": "{side} {below} below and {above} above the line",
        "pad.nothing": "nothing scored",
        "pad.game": "Game to {side}.",
        "pad.rubber": "Rubber to {side}.",
        "side.NS": "North–South",
        "side.EW": "East–West",
        "system.rubber": "Rubber",
        "system.chicago": "Chicago",
        "system.auction": "Auction Bridge",
        "system.old-polish": "Old Polish",
        "system.russian": "IMP (Russian scoring)",
    },
    "pt-BR": {
        "made": "cumprido",
        "made_over": "cumprido com {count} vaza(s) a mais",
        "down": "{count} abaixo",
        "vul": "vulnerável: {vul}",
        "deal": "{contract} por {seat}, {tricks} vazas ({vul}): {outcome}.",
        "duplicate": "Pontuação de duplicado: {score:+d} para {side}.",
        "pad": "{system}: {parts}.",
        "pad.part": "{side} {below} abaixo e {above} acima da Linha",
        "pad.nothing": "nenhum ponto",
        "pad.game": "Jogo para {side}.",
        "pad.rubber": "Rober para {side}.",
        "side.NS": "Norte–Sul",
        "side.EW": "Leste–Oeste",
        "system.rubber": "Rober",
        "system.chicago": "Chicago",
        "system.auction": "Auction Bridge",
        "system.old-polish": "Old Polish",
        "system.russian": "IMP (pontuação russa)",
    },
}


def say(key: str, lang: str, **values: object) -> str:
    """This command's strings, English when a translation is missing."""
    return text_from(_STRINGS, key, lang, **values)


# -- reading what people write ---------------------------------------------------------------

# -- the systems ---------------------------------------------------------------------------


def add_system_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose between the seeds where they disagree."""
    parser.add_argument(
        "--doubled-overtricks",
        choices=("per-trick", "flat"),
        default="per-trick",
        help="doubled overtricks: 100/200 each, WBF (default), or once however many, "
        "seed 000's reading",
    )
    parser.add_argument(
        "--vul-cycle",
        choices=("seeds", "dealer"),
        default="seeds",
        help="Chicago vulnerability: deal 1 none, 2 NS, 3 EW, 4 both (seeds, default), or "
        "deals 2 and 3 the dealer's side (dealer)",
    )
    parser.add_argument(
        "--partscores",
        choices=("carry", "duplicate"),
        default="carry",
        help="Chicago partscores: add up toward game, 100 for one on deal 4 (carry, seed 000, "
        "default), or each deal alone with 50 for a partscore (duplicate, seed 001)",
    )
    parser.add_argument(
        "--passed-out",
        choices=("redeal", "counts"),
        default="redeal",
        help="a deal passed out by all four: the same dealer deals again (redeal, seed 000, "
        "default) or it counts as a deal and the next player deals (counts)",
    )


def build_rules(system: str, args: argparse.Namespace) -> PadRules:
    """The rules of a pad system from the command line's options."""
    from vaza.scoring.systems import PadOptions, pad_rules

    options = PadOptions(
        honours=not getattr(args, "no_honours", False),
        doubled_overtricks=args.doubled_overtricks,
        vul_cycle=args.vul_cycle,
        partscores=args.partscores,
        passed_out=args.passed_out,
    )
    return pad_rules(system, options)


# -- scoring one deal ----------------------------------------------------------------------


def score_one(
    contract: Contract, tricks: int, vulnerability: Vulnerability, rules: PadRules | None
) -> dict[str, object]:
    """One deal's score as data: the duplicate score, and what the deal writes on a pad."""
    from vaza.scoring.contract import duplicate_score
    from vaza.scoring.sheet import add, sheet_at

    side = contract.declarer.side
    vulnerable = vulnerability.is_vulnerable(side)
    result: dict[str, object] = {
        "contract": str(contract),
        "declarer": contract.declarer.letter,
        "tricks": tricks,
        "vulnerability": vulnerability.pbn,
        "system": "duplicate" if rules is None else rules.name,
        "result": tricks - contract.tricks_needed,
        "declarer_score": duplicate_score(contract, tricks, vulnerable),
    }
    if rules is None:
        return result
    before = sheet_at(rules, vulnerability)
    after = add(before, PadDeal(contract, tricks))
    entries = after.entries[len(before.entries) :]
    below = {s.name: sum(e.points for e in entries if e.below and e.side is s) for s in Side}
    above = {s.name: sum(e.points for e in entries if not e.below and e.side is s) for s in Side}
    new_lines = after.lines[len(before.lines) :]
    result.update(
        below=below,
        above=above,
        declarer_net=below[side.name] + above[side.name] - above[side.opponents.name],
        entries=[
            {"side": e.side.name, "points": e.points, "label": e.kind.value, "below": e.below}
            for e in entries
        ],
        game=next((line.winner.name for line in new_lines if line.winner is not None), None),
        rubber_won=None if after.rubber_winner is None else after.rubber_winner.name,
    )
    return result


def sentence(contract: Contract, score: dict[str, object], lang: str) -> str:
    """A readable account of `score_one`'s result."""
    from vaza.text import contract_text, seat_name

    difference = int(str(score["result"]))
    if difference < 0:
        outcome = say("down", lang, count=-difference)
    elif difference:
        outcome = say("made_over", lang, count=difference)
    else:
        outcome = say("made", lang)
    vul = Vulnerability.parse(str(score["vulnerability"]))
    vul_text = say("vul", lang, vul=core_text(f"vul.{vul.pbn}", lang))
    parts = [
        say(
            "deal",
            lang,
            contract=contract_text(contract, lang),
            seat=seat_name(contract.declarer, lang),
            tricks=score["tricks"],
            vul=vul_text,
            outcome=outcome,
        )
    ]
    side = contract.declarer.side
    points = int(str(score["declarer_score"]))
    winner = side if points >= 0 else side.opponents
    parts.append(say("duplicate", lang, score=abs(points), side=say(f"side.{winner.name}", lang)))
    if score["system"] != "duplicate":
        below = score["below"]
        above = score["above"]
        assert isinstance(below, dict) and isinstance(above, dict)
        written = [
            say(
                "pad.part",
                lang,
                side=say(f"side.{s.name}", lang),
                below=below[s.name],
                above=above[s.name],
            )
            for s in Side
            if below[s.name] or above[s.name]
        ]
        system = say(f"system.{score['system']}", lang)
        parts.append(
            say("pad", lang, system=system, parts="; ".join(written) or say("pad.nothing", lang))
        )
        if score["rubber_won"]:
            parts.append(say("pad.rubber", lang, side=say(f"side.{score['rubber_won']}", lang)))
        elif score["game"]:
            parts.append(say("pad.game", lang, side=say(f"side.{score['game']}", lang)))
    return " ".join(parts)


# -- the command ---------------------------------------------------------------------------

_LINE_FORMAT: Final = "CONTRACT SEAT TRICKS VULNERABILITY, like `4SX S 7 both`"


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "score",
        help="score a contract at duplicate or on a pad",
        description="Score one contract: the duplicate score from the declaring side, and with "
        "--system a pad system's points below and above the line.  On a pad the deal is scored "
        "on a fresh sheet at the given vulnerability with no partscore (rubber: a vulnerable "
        "side has won a game; Chicago: the deal of the round with that vulnerability).  "
        f"With `-` it reads one deal per line from standard input ({_LINE_FORMAT}; "
        "`by` before the seat is allowed, blank lines and # comments are skipped) and prints "
        "one JSON object per line; a bad line prints an error object and the others go on.",
    )
    parser.add_argument("contract", help="the contract, like 4S, 3NTX or 6HXX; or - for stdin")
    parser.add_argument("--by", help="declarer: N, E, S or W")
    parser.add_argument("--tricks", help="tricks taken by declarer's side: 0-13, or =, +1, -2")
    parser.add_argument("--vul", help="vulnerability: none, ns, ew or both")
    parser.add_argument("--system", choices=SCORE_SYSTEMS, default="duplicate")
    add_system_options(parser)
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_lang(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rules = None if args.system == "duplicate" else build_rules(args.system, args)
    if args.contract == "-":
        return score_lines(sys.stdin, rules, sys.stdout)
    lang = args.lang or default_language()
    try:
        Contract.parse(args.contract, Seat.NORTH)  # the contract first: 8NT needs no --by
    except ParseError:
        raise ParseError(core_text("error.contract", lang, contract=args.contract)) from None
    missing = [name for name in ("by", "tricks", "vul") if getattr(args, name) is None]
    if missing:
        options = ", ".join("--" + name for name in missing)
        raise ParseError(core_text("error.missing", lang, options=options))
    contract = parse_contract(args.contract, args.by)
    tricks = parse_tricks(args.tricks, contract)
    score = score_one(contract, tricks, Vulnerability.parse(args.vul), rules)
    if args.json:
        print(json.dumps(score, ensure_ascii=False))
    else:
        print(sentence(contract, score, args.lang or default_language()))
    return 0


def score_line(line: str, rules: PadRules | None) -> dict[str, object]:
    tokens = line.split()
    if len(tokens) == 5 and tokens[1].lower() == "by":
        del tokens[1]
    if len(tokens) != 4:
        raise ParseError(f"expected {_LINE_FORMAT}")
    contract = parse_contract(tokens[0], tokens[1])
    tricks = parse_tricks(tokens[2], contract)
    return score_one(contract, tricks, Vulnerability.parse(tokens[3]), rules)


def score_lines(lines: Iterable[str], rules: PadRules | None, out: TextIO) -> int:
    """Score every line; a bad line prints an error object.  1 if any line failed."""
    failed = False
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            record: dict[str, object] = {"line": number, **score_line(line, rules)}
        except (VazaError, ValueError) as error:
            failed = True
            record = {"line": number, "input": line, "error": str(error)}
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
    return 1 if failed else 0
