"""`vaza play`: robots play a whole match of any game, shown deal by deal, and written as PBN
or LIN on request.

With a seed the match repeats: the deals come from it, and the contract bridge robot thinks a
fixed number of layouts a decision, drawn from the seed (`robots.registry.Thinking`, as `vaza
match --layouts`), instead of against the clock, whose layouts vary from run to run.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any, Final

from vaza.commands.common import positive, seed
from vaza.core.deal import make_rng
from vaza.core.errors import ParseError
from vaza.core.record import DealRecord
from vaza.games import GAME_NAMES, find_game

SEEDED_LAYOUTS: Final = 16
"""Layouts a decision of a seeded match's card player weighs unless --layouts says."""


def _variant(text: str) -> tuple[str, Any]:
    """`key=value`; the value is read as JSON (true, 7, [1,2,1]) or else kept as text."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise argparse.ArgumentTypeError(f"write a variant option as key=value, not {text!r}")
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key.strip().replace("-", "_"), value


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "play",
        help="robots play a whole match of any game",
        description="Robots play a whole match and the terminal shows each deal and the "
        "running score. Variant options are key=value, e.g. --variant honours=false "
        "--variant vul_cycle=dealer (contract and the bridge variants), --variant "
        "harsh=true (Boerenbridge), --variant odd_tricks_below=true (bridge-whist) or "
        "--variant fixed_dummy=true (widow). honeymoon is two-handed bridge.",
    )
    parser.add_argument("--game", choices=GAME_NAMES, default=GAME_NAMES[0])
    parser.add_argument(
        "--players", type=positive, default=None, help="players (Boerenbridge; default: the game's)"
    )
    parser.add_argument(
        "--scoring", default=None, help="scoring system (default: the game's first)"
    )
    parser.add_argument(
        "--variant", type=_variant, action="append", default=[], metavar="KEY=VALUE"
    )
    parser.add_argument("--robots", action="store_true", help="robots in every seat (the default)")
    parser.add_argument("--deals", type=positive, default=None, help="stop after this many deals")
    parser.add_argument(
        "--seed",
        type=seed,
        help="make the match repeat: the same deals, and robots that think a fixed number of "
        "layouts a decision (--layouts) rather than against the clock",
    )
    parser.add_argument(
        "--layouts",
        type=positive,
        default=None,
        help=f"contract: with --seed, the layouts each robot decision weighs (default "
        f"{SEEDED_LAYOUTS}; more plays better and slower)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--pbn",
        type=Path,
        metavar="FILE",
        help="write the match's deals to FILE as PBN (contract bridge and its variants), with "
        "each deal's score and double-dummy analysis",
    )
    parser.add_argument("--lin", type=Path, metavar="FILE", help="write the deals as BBO LIN")
    parser.set_defaults(run=run)


def _repeatable(robot: Any, rng_seed: int | str | None, layouts: int | None) -> Any:
    """The table's robot, or with a seed the same configuration thinking `layouts` layouts a
    decision drawn from the seed, told the same scoring."""
    from vaza.robots.cardplay import CardPlayer
    from vaza.robots.registry import CONFIGS, DEFAULT_ROBOT, Thinking

    if rng_seed is None or not isinstance(robot, CardPlayer):
        return robot
    number = rng_seed if isinstance(rng_seed, int) else int.from_bytes(rng_seed.encode()[:8])
    seeded = CONFIGS[DEFAULT_ROBOT](Thinking(layouts or SEEDED_LAYOUTS, number))
    if isinstance(seeded, CardPlayer):
        seeded.scoring = robot.scoring
    return seeded


def play_match(
    options: Any,
    rng_seed: int | str | None,
    limit: int | None,
    records: list[DealRecord] | None = None,
    layouts: int | None = None,
) -> dict[str, Any]:
    """Play a match among robots; returns every deal's summary and the final scores, and adds
    each deal's record to `records` where the game keeps one."""
    spec = find_game(options.game)
    settings = spec.settings(options.players, options.scoring, options.variant)
    match = spec.new_match(settings)
    robot = _repeatable(spec.robot(settings), rng_seed, layouts)
    rng = make_rng(rng_seed)
    deals: list[dict[str, Any]] = []
    while not match.is_over and (limit is None or len(deals) < limit):
        match.start_deal(match.setup_deal(rng))
        while match.in_deal:
            seat = match.controller()
            if seat is None:
                raise RuntimeError("a robot match waits for nobody")
            match.apply(robot.choose(match.robot_view(seat)), seat)
        finished = match.finish_deal()
        deals.append({"number": finished.number, **finished.summary})
        if records is not None and finished.record is not None:
            records.append(finished.record)
    scores = match.scores()
    return {
        "game": options.game,
        "scoring": options.scoring,
        "deals_played": len(deals),
        "deals": deals,
        "scores": scores,
        "final_scores": final_scores(scores),
        "over": match.is_over,
    }


def final_scores(scores: dict[str, Any]) -> dict[str, int]:
    """Each side's or player's total, whatever the game (two-handed bridge: by player, each
    owning one of the pad's columns)."""
    totals = scores.get("totals")
    if isinstance(totals, dict):
        owners = scores.get("players") or {}
        return {str(owners.get(k, k)): int(v) for k, v in totals.items()}
    if isinstance(totals, list):
        return {str(player): int(total) for player, total in enumerate(totals)}
    raise ParseError("this match has no totals")


def run(args: argparse.Namespace) -> int:
    from vaza.app.table import TableOptions

    spec = find_game(args.game)
    scoring = args.scoring or spec.scorings[0].name
    variant = dict(args.variant)
    players = args.players or spec.players[0]

    endless = any(option.name == "boards" for option in spec.options_for(scoring))
    if endless and "boards" not in variant:  # duplicate: a match of so many boards
        variant["boards"] = args.deals or 4

    options = TableOptions.from_json(
        {"game": args.game, "scoring": scoring, "variant": variant, "players": players}
    )
    refusal = _cannot_write(args)
    if refusal is not None:
        raise ParseError(refusal)
    records: list[DealRecord] = []
    outcome = play_match(options, args.seed, args.deals, records, args.layouts)
    _write(args, spec, scoring, records)
    if args.json:
        print(json.dumps(outcome))
        return 0
    for deal in outcome["deals"]:
        print(_deal_line(deal))
    print()
    totals = ", ".join(f"{who}: {total}" for who, total in outcome["final_scores"].items())
    ended = "match over" if outcome["over"] else "stopped"
    print(f"{outcome['deals_played']} deals ({ended}). Totals: {totals}")
    return 0


def _deal_line(deal: dict[str, Any]) -> str:
    result = deal.get("result") or {}
    if "bids" in result:
        pairs = " ".join(
            f"{bid}/{won}" for bid, won in zip(result["bids"], result["tricks"], strict=True)
        )
        return f"Round {deal['number']}: bids/tricks {pairs}; scores {deal.get('scores')}"
    if result.get("passed_out"):
        return f"Deal {deal['number']}: passed out"
    contract = result.get("contract") or {}
    made = result.get("difference", 0)
    outcome = f"+{made}" if made > 0 else ("=" if made == 0 else str(made))
    return (
        f"Deal {deal['number']}: {contract.get('text')} by {contract.get('declarer')}, "
        f"{result.get('declarer_tricks')} tricks ({outcome})"
    )


def _cannot_write(args: argparse.Namespace) -> str | None:
    """Why the records asked for cannot be written, found before the match is played."""
    if (args.pbn or args.lin) and args.game not in ("contract",):
        return "--pbn and --lin write contract bridge matches"
    for path in (args.pbn, args.lin):
        if path is not None and not path.parent.is_dir():
            return f"cannot write {path}: the folder {path.parent} does not exist"
        if path is not None and path.is_dir():
            return f"cannot write {path}: it is a folder"
    return None


def _write(args: argparse.Namespace, spec: Any, scoring: str, records: list[DealRecord]) -> None:
    """The match's records, headed as the club heads its own, with each deal's double-dummy
    analysis."""
    if args.pbn is None and args.lin is None:
        return
    from vaza.analysis import analyse_board
    from vaza.formats import lin, pbn
    from vaza.formats.heading import Heading, headed, pbn_date
    from vaza.match.records import analysis_tags, tagged

    label = spec.scoring(scoring)
    names = ("Robot N", "Robot E", "Robot S", "Robot W")
    date = pbn_date(time.time())
    written = []
    for number, record in enumerate(records, 1):
        event = f"vaza play, {spec.label.en}, {label.label.en}"
        heading = Heading(event, date, label.pbn, names, number)
        analysis = analyse_board(record.board)
        tags = analysis_tags(analysis.table.as_dict(), analysis.par.score, analysis.par.contracts)
        written.append(tagged(headed(record, heading), tags))
    try:
        if args.pbn is not None:
            args.pbn.write_bytes(pbn.dumps(written).encode("utf-8"))
        if args.lin is not None:
            args.lin.write_text(lin.dumps(written), encoding="utf-8")
    except OSError as error:
        raise ParseError(f"cannot write the match: {error.strerror or error}") from None
