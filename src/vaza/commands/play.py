"""`vaza play`: robots play a whole match of any game, shown deal by deal."""

from __future__ import annotations

import argparse
import json
from typing import Any

from vaza.commands.common import positive, seed
from vaza.core.deal import make_rng
from vaza.core.errors import ParseError
from vaza.games import GAME_NAMES, find_game


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
    parser.add_argument("--seed", type=seed, help="make the match reproducible")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def play_match(options: Any, rng_seed: int | str | None, limit: int | None) -> dict[str, Any]:
    """Play a match among robots; returns every deal's summary and the final scores."""
    spec = find_game(options.game)
    settings = spec.settings(options.players, options.scoring, options.variant)
    match = spec.new_match(settings)
    robot = spec.robot(settings)
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
    outcome = play_match(options, args.seed, args.deals)
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
