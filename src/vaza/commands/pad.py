"""`vaza pad`: keep the score pad of a game played with real cards.

Deal results come one per line on standard input; the pad says when a game and the rubber (or
the round) are won, draws the sheet as a person would (We and They, the line, the games) and
prints the totals.  When a rubber or a round ends, the next line starts a new one.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final, TextIO

from vaza.commands.common import add_lang
from vaza.commands.pad_text import mistake, say
from vaza.commands.score import add_system_options, build_rules
from vaza.core.cards import Side
from vaza.core.errors import VazaError
from vaza.i18n import default_language
from vaza.i18n import text as core_text
from vaza.scoring.pad_syntax import parse_pad_line, parse_seat
from vaza.scoring.sheet import DealLog, Entry, PadRules, Sheet, add, close, new_sheet
from vaza.scoring.systems import PAD_SYSTEMS

SYNTAX: Final = """\
one deal per line (blank lines and # comments are skipped):
  4S N 10                  contract, declarer, tricks taken by declarer's side
  3NTX E =                 tricks may be relative: =, +1, -2
  4H S 10 honours NS 100   honours held (side or seat; 100 or 150, 150 at NT)
  pass                     passed out by all four
  4S N revoke E            the deal stopped by a revoke by East: 100 to North-South
  revoke E                 the same, the contract left out
  4S N 10 hcp 24           russian: North-South's combined high-card points
  pass hcp 18              (every russian deal needs them)
words: pass/passo, honours/honors/honras, revoke/renuncia, hcp/pts/pontos;
seats N E S W (also L and O); sides NS EW (also We, They, Nós, Eles)."""


def _side(side: Side, lang: str) -> str:
    return say("we" if side is Side.NS else "they", lang)


# -- reading a line ------------------------------------------------------------------------

# -- drawing ---------------------------------------------------------------------------------

_WIDTH: Final = 10


def _row(we: object, they: object, label: str = "") -> str:
    return f"{we!s:>{_WIDTH}} │ {they!s:>{_WIDTH}}   {label}".rstrip()


def _rule(char: str, cross: str, label: str = "") -> str:
    return f"{char * (_WIDTH + 1)}{cross}{char * (_WIDTH + 1)}   {label}".rstrip()


def deal_text(log: DealLog, sheet: Sheet, lang: str) -> str:
    """One deal as the pad reports it."""
    from vaza.text import contract_text, seat_name

    deal, context = log.deal, log.context
    if deal.revoke is not None:
        other = deal.revoke.opponents
        result = say(
            "revoke",
            lang,
            side=_side(deal.revoke, lang),
            points=sheet.rules.revoke_penalty,
            other=_side(other, lang),
        )
    elif deal.contract is None:
        result = say("passed" if log.counted else "passed.redeal", lang)
    else:
        contract, tricks = deal.contract, deal.declarer_tricks or 0
        difference = tricks - contract.tricks_needed
        key = "down" if difference < 0 else "made.over" if difference else "made"
        result = say(
            key,
            lang,
            contract=contract_text(contract, lang),
            seat=seat_name(contract.declarer, lang),
            tricks=tricks,
            count=abs(difference),
        )
        if deal.honours is not None and sheet.rules.honours:
            result += say(
                "honours", lang, points=deal.honours[1], side=_side(deal.honours[0], lang)
            )
    details = dict(log.details)
    if "ns_imps" in details:
        won = details["ns_imps"]
        side = Side.NS if won > 0 else Side.EW
        outcome = say("imps.won", lang, imps=abs(won), side=_side(side, lang))
        result += say(
            "imps",
            lang,
            hcp=details["ns_hcp"],
            expected=details["expected"],
            score=details["score"],
            result=outcome if won else say("imps.none", lang),
        )
    return say(
        "deal",
        lang,
        number=context.number,
        dealer=seat_name(context.dealer, lang),
        vul=core_text(f"vul.{context.vulnerability.pbn}", lang),
        result=result,
    )


def _entry_row(entry: Entry, lang: str) -> str:
    label = say(f"label.{entry.kind.value}", lang, deal=entry.deal)
    if entry.side is Side.NS:
        return _row(entry.points, "", label)
    return _row("", entry.points, label)


def draw(sheet: Sheet, number: int, lang: str) -> str:
    """The sheet as a person draws it: above the line the newest score is the highest, below
    it the scores of each game in order, a line under every game."""
    title = say(f"title.{sheet.rules.name}", lang, number=number)
    if sheet.rules.unit == "imps":
        return "\n".join([title, *_russian_rows(sheet, lang), *_totals(sheet, lang)])
    rows = [title, _row(say("we.side", lang), say("they.side", lang))]
    above = [entry for entry in sheet.entries if not entry.below]
    for entry in reversed(above):
        rows.append(_entry_row(entry, lang))
    rows.append(_rule("═", "╪"))
    lines = {line.game: line for line in sheet.lines}
    for game in range(1, sheet.game + 1):
        for entry in (e for e in sheet.entries if e.below and e.game == game):
            rows.append(_entry_row(entry, lang))
        line = lines.get(game)
        if line is not None and line.winner is not None:
            rows.append(
                _rule(
                    "─", "┼", say("line.game", lang, deal=line.deal, side=_side(line.winner, lang))
                )
            )
        elif line is not None:
            rows.append(_rule("─", "┼", say("line.fresh", lang, deal=line.deal)))
    return "\n".join([*rows, *_totals(sheet, lang)])


def _russian_rows(sheet: Sheet, lang: str) -> list[str]:
    from vaza.text import contract_text

    columns = ("deal", "dealer", "vul", "result", "hcp", "expected", "score", "we", "they")
    rows = [_russian_row(*(say(f"col.{name}", lang) for name in columns))]
    for log in sheet.log:
        details = dict(log.details)
        deal = log.deal
        if deal.revoke is not None:
            result = say("short.revoke", lang, side=deal.revoke.name)
        elif deal.contract is None:
            result = say("passed", lang)
        else:
            result = f"{contract_text(deal.contract, lang)} {deal.contract.declarer.letter} "
            result += str(deal.declarer_tricks)
        context = log.context
        if not log.counted:
            rows.append(_russian_row(context.number, context.dealer.letter, "", result))
            continue
        won = details["ns_imps"]
        rows.append(
            _russian_row(
                context.number,
                context.dealer.letter,
                context.vulnerability.pbn,
                result,
                details["ns_hcp"],
                f"{details['expected']:+d}",
                f"{details['score']:+d}",
                won if won > 0 else "",
                -won if won < 0 else "",
            )
        )
    return rows


def _russian_row(*cells: object) -> str:
    widths = (4, 6, 5, 22, 8, 9, 7, 5, 5)
    texts = [
        f"{cell!s:<{width}}" if index in (1, 2, 3) else f"{cell!s:>{width}}"
        for index, (cell, width) in enumerate(zip(cells, widths, strict=False))
    ]
    return " ".join(texts).rstrip()


def _totals(sheet: Sheet, lang: str) -> list[str]:
    we, they = sheet.total(Side.NS), sheet.total(Side.EW)
    rows = []
    if sheet.rules.unit != "imps":
        rows = [_rule("─", "┴"), _row(we, they, say("total", lang))]
    else:
        rows = [f"{say('total', lang)}: {say('we', lang)} {we}, {say('they', lang)} {they}"]
    leader = sheet.leader
    if leader is None:
        rows.append(say("result.level", lang))
    else:
        key = "result.win" if sheet.over else "result.lead"
        rows.append(say(key, lang, side=_side(leader, lang), points=abs(we - they)))
    return rows


# -- the command ---------------------------------------------------------------------------


@dataclass
class Pad:
    """The sheets of one sitting: finished rubbers or rounds, and the one being played."""

    rules: PadRules
    current: Sheet
    finished: list[Sheet] = field(default_factory=list)
    errors: list[dict[str, object]] = field(default_factory=list)
    in_progress: bool = False
    """The game goes on after the last line: its rubber is not scored as unfinished."""

    @property
    def sheets(self) -> list[Sheet]:
        return [*self.finished, *([self.current] if self.current.log else [])]


def _events(before: Sheet, after: Sheet, lang: str) -> list[str]:
    events = []
    for line in after.lines[len(before.lines) :]:
        if line.winner is not None:
            events.append(say("event.game", lang, side=_side(line.winner, lang)))
    winner = after.rubber_winner
    if after.over and winner is not None:
        games = f"{after.games_won(winner)}–{after.games_won(winner.opponents)}"
        events.append(say("event.rubber", lang, side=_side(winner, lang), games=games))
    elif after.over and not after.unfinished:
        events.append(say("event.round", lang))
    return events


def keep_pad(
    lines: Iterable[str],
    pad: Pad,
    lang: str,
    *,
    out: TextIO | None,
    err: TextIO | None,
) -> Pad:
    """Read every line into the pad; report as it goes when `out` is given (text mode)."""
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            before = pad.current
            after = add(before, parse_pad_line(line))
        except (VazaError, ValueError) as error:
            said = mistake(error, lang)
            pad.errors.append({"line": number, "input": line, "error": said})
            if err is not None:
                err.write(say("error", lang, line=number, error=said) + "\n")
            continue
        pad.current = after
        if out is not None:
            out.write(deal_text(after.log[-1], after, lang) + "\n")
            for event in _events(before, after, lang):
                out.write(event + "\n")
        if after.over:
            _finish(pad, after, lang, out)
    if pad.current.log:
        sheet = pad.current if pad.in_progress else close(pad.current)
        if out is not None and sheet.unfinished:
            key = "event.unfinished" if sheet.rules.games_to_win else "event.unfinished_round"
            out.write(say(key, lang) + "\n")
        elif out is not None:
            out.write(say("event.in_progress", lang) + "\n")
        pad.current = sheet
        if sheet.over:
            _finish(pad, sheet, lang, out)
        elif out is not None:
            out.write("\n" + draw(sheet, len(pad.finished) + 1, lang) + "\n\n")
    return pad


def _finish(pad: Pad, sheet: Sheet, lang: str, out: TextIO | None) -> None:
    pad.finished.append(sheet)
    if out is not None:
        out.write("\n" + draw(sheet, len(pad.finished), lang) + "\n\n")
    pad.current = new_sheet(pad.rules, sheet.dealer)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "pad",
        help="keep the score pad of a game played with real cards",
        description=textwrap.fill(
            "Read deal results from standard input, one per line, and keep the pad: We "
            "(North-South) and They (East-West), below and above the line, the games, the "
            "rubber or round and the totals.  A new rubber or round starts when one ends; at "
            "the end of the input an unfinished rubber is scored as unfinished (seed 000) "
            "unless --in-progress.  Bad lines are reported and skipped; the exit status is 1 "
            "if any.",
            width=79,
        ),
        epilog=SYNTAX,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--system", choices=PAD_SYSTEMS, default="rubber")
    parser.add_argument(
        "--no-honours", action="store_true", help="do not score honours (they count by default)"
    )
    parser.add_argument("--dealer", default="N", help="who deals first (default N)")
    parser.add_argument(
        "--in-progress",
        action="store_true",
        help="the game goes on: do not score the last rubber as unfinished",
    )
    add_system_options(parser)
    parser.add_argument("--json", action="store_true", help="print the sheets as JSON")
    add_lang(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang or default_language()
    rules = build_rules(args.system, args)
    pad = Pad(rules, new_sheet(rules, parse_seat(args.dealer)), in_progress=args.in_progress)
    lines: Iterable[str] = sys.stdin
    if sys.stdin.isatty():
        lines = typed(lang)
    if args.json:
        keep_pad(lines, pad, lang, out=None, err=None)
        print(json.dumps(pad_json(pad), ensure_ascii=False))
    else:
        keep_pad(lines, pad, lang, out=sys.stdout, err=sys.stderr)
        sheets = pad.sheets
        if len(sheets) > 1:
            we = sum(sheet.total(Side.NS) for sheet in sheets)
            they = sum(sheet.total(Side.EW) for sheet in sheets)
            print(say("grand", lang, count=len(sheets), we=we, they=they))
    return 1 if pad.errors else 0


def typed(lang: str) -> Iterator[str]:
    """Lines a person types at a terminal, each asked for with a prompt; Ctrl-D ends them.  The
    hint and the prompt go to stderr unless stdout is the terminal too, so a pad saved with
    `--json > pad.json` holds only the JSON."""
    print(say("prompt.hint", lang), file=sys.stderr)
    shown = sys.stdout.isatty()
    while True:
        prompt = say("prompt", lang)
        if not shown:
            sys.stderr.write(prompt)
            sys.stderr.flush()
        try:
            yield input(prompt if shown else "")
        except EOFError:
            print(file=sys.stderr)
            return


def pad_json(pad: Pad) -> dict[str, object]:
    sheets = pad.sheets
    return {
        "system": pad.rules.name,
        "sheets": [sheet.to_dict() for sheet in sheets],
        "totals": {side.name: sum(sheet.total(side) for sheet in sheets) for side in Side},
        "errors": pad.errors,
    }
