"""`vaza bench …`: measurements that print one JSON object (see docs/benchmarks.md)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from vaza.commands.common import default_robot, positive, robot_configs, robot_thinking, seed
from vaza.progress import progress_bar

THINK_HELP = (
    "mean seconds a person takes per action (0: flat out). Tournaments allow 7.5 minutes a "
    "board, about 7 s an action; the default, 2, is three and a half times faster"
)


if TYPE_CHECKING:
    Benches = argparse._SubParsersAction[argparse.ArgumentParser]
    """`vaza bench`'s subcommands, each added by a function of its own."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "bench",
        help="measure Vaza's speed (prints JSON)",
        description="Benchmarks print one JSON object; see docs/benchmarks.md for the figures.",
    )
    benches = parser.add_subparsers(dest="bench", metavar="BENCHMARK", required=True)
    _engine(benches)
    _server(benches)
    _compare(benches)
    _robots(benches)
    _boerenbridge(benches)
    _cluster(benches)
    _store(benches)
    _abuse(benches)
    _faults(benches)
    _analyze(benches)
    _baseline(benches)


def _engine(benches: Benches) -> None:
    engine = benches.add_parser(
        "engine",
        help="random complete deals through legal_actions()/apply()",
        description="Play N complete deals (random deal, a uniformly random legal call or card "
        "at every turn) through the public game interface and report deals and actions "
        "per second.",
    )
    engine.add_argument("--deals", type=positive, default=10_000, help="deals to play")
    engine.add_argument("--seed", type=seed, help="random seed (default: a secure source)")
    engine.add_argument(
        "--against-openspiel",
        action="store_true",
        help="also play the same deals through OpenSpiel's C++ bridge (pip install "
        "'vaza[openspiel]'), interleaved in rounds, and report both speeds and their ratio",
    )
    engine.add_argument(
        "--rounds", type=positive, default=5, help="with --against-openspiel: rounds of each"
    )
    engine.add_argument("--json", action="store_true", help="print JSON (always on)")
    engine.set_defaults(run=run_engine)


def _server(benches: Benches) -> None:
    server = benches.add_parser(
        "server",
        help="a real server with N tables of four simulated people",
        description="Start a server, open four WebSocket clients per table playing legal "
        "actions, and report accepted actions per second, the p50/p99 time from a "
        "command to its broadcast, the server's CPU and the bytes it sends per action. "
        "--think 0 plays flat out.",
    )
    server.add_argument("--tables", type=positive, default=50, help="tables (4 sockets each)")
    server.add_argument("--seconds", type=float, default=30.0, help="how long to measure")
    server.add_argument(
        "--think",
        type=float,
        default=2.0,
        help=THINK_HELP,
    )
    server.add_argument("--seed", type=int, default=None, help="random seed for the choices")
    server.add_argument(
        "--url", help="measure servers already running: one address, or several separated by commas"
    )
    server.add_argument(
        "--whole-views",
        action="store_true",
        help="clients take every update's whole view, as before patches (compare bytes_per_action)",
    )
    server.add_argument("--json", action="store_true", help="print JSON (always on)")
    server.set_defaults(run=run_server)


def _compare(benches: Benches) -> None:
    compare = benches.add_parser(
        "compare-server",
        help="this code's server against a base commit's, in one run",
        description="Export the base commit's src from git and measure its server and this "
        "one's in turns (base, this, this, base, ...) with the same simulated people as "
        "`bench server`; report each one's median figures and the ratios of CPU and bytes "
        "per action (this one's over the base's). Needs a git checkout.",
    )
    compare.add_argument("--base", required=True, help="the base commit (any git reference)")
    compare.add_argument("--tables", type=positive, default=500, help="tables (4 sockets each)")
    compare.add_argument("--seconds", type=float, default=30.0, help="how long to measure a run")
    compare.add_argument("--think", type=float, default=2.0, help=THINK_HELP)
    compare.add_argument("--rounds", type=positive, default=2, help="runs of each server")
    compare.add_argument("--seed", type=int, default=1, help="random seed for the choices")
    compare.add_argument("--json", action="store_true", help="print JSON (always on)")
    compare.set_defaults(run=run_compare_server)


def _robots(benches: Benches) -> None:
    robots = benches.add_parser(
        "robots",
        help="how well and how fast the robots bid and play",
        description="Bidding against double-dummy par (par_loss_imps, bid_ms_p95), card play "
        "against double dummy on deals the robots bid (dd_cost_declarer, dd_cost_defence, "
        "lead_cost, card_ms_p95), and "
        "Boerenbridge with four players (exact_bid_rate, win_rate_vs_random, boeren_ms_p95).",
    )
    robots.add_argument("--deals", type=positive, default=500, help="deals bid (default 500)")
    robots.add_argument(
        "--card-deals",
        type=positive,
        default=20,
        help="deals bid and played card by card by the robots (default 20; issue 18 asks 100)",
    )
    robots.add_argument(
        "--boeren-matches",
        type=positive,
        default=10,
        help="Boerenbridge matches of four strong robots (default 10)",
    )
    robots.add_argument(
        "--boeren-random-matches",
        type=positive,
        default=100,
        help="Boerenbridge matches of one strong robot against three random players "
        "(default 100: 1,500 bids, enough to tell 0.68 from 0.64)",
    )
    robots.add_argument("--seed", type=int, default=1)
    robots.add_argument("--json", action="store_true", help="print JSON (always on)")
    robots.set_defaults(run=run_robots)


def _boerenbridge(benches: Benches) -> None:
    boeren = benches.add_parser(
        "boerenbridge",
        help="the Boerenbridge robot against OpenSpiel's IS-MCTS",
        description="The Boerenbridge robot against OpenSpiel's information-set MCTS (pip "
        "install 'vaza[openspiel]') on paired 4-player 7-card deals, seats swapped, seed 004's "
        "scoring: points a hand with a 95%% interval and CPU a decision of each "
        "(docs/benchmarks.md).",
    )
    boeren.add_argument(
        "--against-openspiel", action="store_true", required=True, help="the only opponent yet"
    )
    boeren.add_argument("--deals", type=positive, default=400, help="paired deals (default 400)")
    boeren.add_argument("--seed", type=int, default=1)
    boeren.add_argument("--robot", default="strong", help="the Boerenbridge robot (default strong)")
    boeren.add_argument(
        "--simulations", type=positive, default=200, help="IS-MCTS's simulations a decision"
    )
    boeren.add_argument(
        "--leaky",
        action="store_true",
        help="OpenSpiel's C++ bot given the true state, whose oh_hell resampling knows which "
        "cards were dealt (to measure that leak)",
    )
    boeren.add_argument("--json", action="store_true", help="print JSON (always on)")
    boeren.set_defaults(run=run_boerenbridge)


def _cluster(benches: Benches) -> None:
    cluster = benches.add_parser(
        "cluster",
        help="several server processes over PostgreSQL and Redis",
        description="Start --processes servers sharing a new PostgreSQL database and Redis, "
        "spread four clients per table over them, and report the same figures as "
        "`bench server`, with each process's memory at the end.",
    )
    cluster.add_argument("--processes", type=positive, default=2, help="server processes")
    cluster.add_argument("--tables", type=positive, default=100, help="tables (4 sockets each)")
    cluster.add_argument("--seconds", type=float, default=30.0, help="how long to measure")
    cluster.add_argument("--think", type=float, default=2.0, help=THINK_HELP)
    cluster.add_argument("--seed", type=int, default=None, help="random seed for the choices")
    cluster.add_argument(
        "--pg", default="postgresql://postgres@127.0.0.1:5432/postgres", help="PostgreSQL admin URL"
    )
    cluster.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="Redis URL")
    cluster.add_argument("--json", action="store_true", help="print JSON (always on)")
    cluster.set_defaults(run=run_cluster)


def _store(benches: Benches) -> None:
    store = benches.add_parser(
        "store",
        help="CPU of one durable append of one action",
        description="Append N single actions one after another (as at human pace, where each "
        "action is its own commit) to a new database and report the CPU (user and system) and "
        "the wall time per append.",
    )
    store.add_argument("--appends", type=positive, default=1000, help="appends to make")
    store.add_argument(
        "--db", help="a SQLAlchemy async URL of an empty database (default: a new SQLite file)"
    )
    store.add_argument("--json", action="store_true", help="print JSON (always on)")
    store.set_defaults(run=run_store)


def _abuse(benches: Benches) -> None:
    abuse = benches.add_parser(
        "abuse",
        help="a normal table's robots while others flood the club (issue 21's attacks)",
        description="Start a server with the club's own limits; a person plays at a table "
        "with three robots while, from the same address, guest accounts are asked for at "
        "1,000 a minute, 20 sockets of one guest flood a table's chat, 50 logged-out sockets "
        "ask again and again for the whole log, and every guest opens four robot "
        "tournaments (club); one guest claims over and over at two robot tables (claims); "
        "four 2 MB PBN files are uploaded at once, again and again (pbn). Each attack runs "
        "on a server of its own against the same quiet table, in one run. Reports the robot "
        "moves' p50/p95 (and p95 by moment: calls, the opening lead, trick one, tricks 2-3, "
        "later), each attack's p95 against the quiet one, and what each attack got through.",
    )
    abuse.add_argument("--seconds", type=positive, default=60, help="how long (default 60)")
    abuse.add_argument(
        "--think", type=float, default=1.0, help="the person's seconds an action (default 1)"
    )
    abuse.add_argument(
        "--robots",
        default=default_robot(),
        choices=tuple(robot_configs()),
        help="the table's robots, as vaza serve --robots "
        f"(default {default_robot()}: {robot_thinking(default_robot())})",
    )
    abuse.add_argument(
        "--attacks",
        type=_attack_names,
        default="club,claims,pbn",
        help="the attacks to measure, comma-separated: club, claims, pbn (default all)",
    )
    abuse.add_argument("--json", action="store_true", help="print JSON (always on)")
    abuse.set_defaults(run=run_abuse)


def _attack_names(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    known = ("club", "claims", "pbn")
    if not names or any(name not in known for name in names):
        raise argparse.ArgumentTypeError(f"{text!r}: a comma-separated list of {', '.join(known)}")
    return names


def _faults(benches: Benches) -> None:
    faults = benches.add_parser(
        "faults",
        help="the club under faults: kill -9, PostgreSQL or Redis restarted, a full disk",
        description="Each fault in a club of its own: kill -9 in each phase of a table (auction, "
        "play, a claim or undo request pending, between deals; with the player present and "
        "away), PostgreSQL made unreachable and Redis restarted mid-deal (two processes), "
        "SQLite's disk full mid-deal (a tmpfs: needs root). People act as the browser does. "
        "Reports for each: actions, lost (acknowledged but not in the log), doubled, stalled, "
        "and seconds to recover.",
    )
    faults.add_argument(
        "--only",
        action="append",
        metavar="FAULT",
        help="run this fault only (repeat for several): " + ", ".join(_fault_names()),
    )
    faults.add_argument("--json", action="store_true", help="print JSON (always on)")
    faults.set_defaults(run=run_faults)


def _analyze(benches: Benches) -> None:
    analyze = benches.add_parser(
        "analyze",
        help="double-dummy tables per second: Vaza's analysis against endplay alone",
        description="Solve N random deals double dummy through Vaza's analysis path and the "
        "same deals through endplay's calc_all_tables directly, in turns, with the same DDS "
        "threads, and report tables per second for each and Vaza's overhead in percent.",
    )
    analyze.add_argument("--deals", type=positive, default=200, help="deals to solve")
    analyze.add_argument("--seed", type=seed, help="random seed (default: a secure source)")
    analyze.add_argument(
        "--threads",
        type=_threads,
        default=0,
        help="DDS threads for both (default 0: DDS's choice, one per core)",
    )
    analyze.add_argument("--json", action="store_true", help="print JSON (always on)")
    analyze.set_defaults(run=run_analyze)


def _baseline(benches: Benches) -> None:
    baseline = benches.add_parser(
        "baseline",
        help="check the pinned release of the reference robot against its recorded decisions",
        description="Play the situations the strong robots were recorded in when they were "
        "frozen for issue 18 (120 auctions, 4 deals, 11 Boerenbridge rounds), asking every "
        "call, card and bid of the program --robot runs through the robot protocol (one "
        "program a seat, eight layouts a card), and compare them with the recording. Exits 1 "
        "when a decision differs. scripts/install-baseline.sh runs it after installing.",
    )
    baseline.add_argument(
        "--robot",
        required=True,
        metavar="COMMAND",
        help='the program to check, e.g. ".baseline-venv/bin/vaza robot --stdio"',
    )
    baseline.add_argument("--json", action="store_true", help="print JSON (always on)")
    baseline.set_defaults(run=run_baseline)


def _threads(text: str) -> int:
    """DDS threads: a whole number, 0 for DDS's own choice."""
    if text == "0":
        return 0
    try:
        return positive(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError("0 (DDS's choice) or a number of threads") from None


def run_engine(args: argparse.Namespace) -> int:
    from vaza.bench import engine

    if not args.against_openspiel:
        with progress_bar("engine", args.deals) as advance:
            figures = engine.run(args.deals, args.seed, advance)
        print(json.dumps(figures))
        return 0
    try:
        engine.openspiel_bridge()
    except engine.OpenSpielMissing as missing:
        print(f"vaza bench engine: {missing}", file=sys.stderr)
        return 2
    with progress_bar("engine", 2 * args.rounds * args.deals) as advance:
        figures = engine.against_openspiel(args.deals, args.seed, args.rounds, advance)
    print(json.dumps(figures))
    return 0


def run_server(args: argparse.Namespace) -> int:
    from vaza.bench import server

    load = server.Load(args.tables, args.seconds, args.think, args.seed)
    figures = server.run(load, args.url, patches=not args.whole_views)
    print(json.dumps(figures))
    return 0


def run_compare_server(args: argparse.Namespace) -> int:
    from vaza.bench import compare_server
    from vaza.bench.server import Load

    try:
        with progress_bar("servers", 2 * args.rounds) as advance:
            load = Load(args.tables, args.seconds, args.think, args.seed)
            figures = compare_server.run(args.base, load, rounds=args.rounds, advance=advance)
    except compare_server.NoCommit as error:
        print(f"vaza bench compare-server: {error}", file=sys.stderr)
        return 2
    print(json.dumps(figures))
    return 0


def _fault_names() -> list[str]:
    from vaza.bench.faults import SCENARIOS

    return list(SCENARIOS)


def run_faults(args: argparse.Namespace) -> int:
    from vaza.bench import faults

    unknown = sorted(set(args.only or ()) - set(faults.SCENARIOS))
    if unknown:
        print(f"vaza bench faults: no fault {', '.join(unknown)}", file=sys.stderr)
        return 2
    names = args.only or list(faults.SCENARIOS)
    with progress_bar("faults", len(names)) as advance:
        figures = faults.run(names, advance)
    print(json.dumps(figures))
    return 0


def run_abuse(args: argparse.Namespace) -> int:
    from vaza.bench import abuse

    attacks = args.attacks if isinstance(args.attacks, tuple) else _attack_names(args.attacks)
    print(json.dumps(abuse.run(args.seconds, args.think, args.robots, attacks)))
    return 0


def run_analyze(args: argparse.Namespace) -> int:
    from vaza.bench import analyze

    with progress_bar("analyze", args.deals) as advance:
        figures = analyze.run(args.deals, args.seed, args.threads, advance)
    print(json.dumps(figures))
    return 0


def run_store(args: argparse.Namespace) -> int:
    from vaza.bench import store

    try:
        with progress_bar("appends", args.appends) as advance:
            figures = store.run(args.appends, args.db, advance)
    except store.NotEmpty as error:
        print(f"vaza bench store: {error}", file=sys.stderr)
        return 2
    print(json.dumps(figures))
    return 0


def run_cluster(args: argparse.Namespace) -> int:
    from vaza.bench import server

    load = server.Load(args.tables, args.seconds, args.think, args.seed)
    figures = server.run_cluster(args.processes, load, pg=args.pg, redis=args.redis)
    print(json.dumps(figures))
    return 0


def run_robots(args: argparse.Namespace) -> int:
    from vaza.bench import robots

    with progress_bar("bidding", args.deals) as advance:
        sizes = robots.Sizes(
            args.deals,
            args.seed,
            card_deals=args.card_deals,
            boeren_matches=args.boeren_matches,
            boeren_random_matches=args.boeren_random_matches,
        )
        figures = robots.run(sizes, advance)
    print(json.dumps(figures))
    return 0


def run_boerenbridge(args: argparse.Namespace) -> int:
    from vaza.bench import boerenbridge_openspiel as anchor

    try:
        anchor.pyspiel_module()
    except anchor.OpenSpielMissing as missing:
        print(f"vaza bench boerenbridge: {missing}", file=sys.stderr)
        return 2
    with progress_bar("deals", args.deals) as advance:
        match = anchor.AnchorMatch(
            args.deals, args.seed, args.robot, args.simulations, leaky=args.leaky
        )
        figures = anchor.against_ismcts(match, advance)
    print(json.dumps(figures))
    return 0


def run_baseline(args: argparse.Namespace) -> int:
    from vaza.bench import baseline
    from vaza.robots.external import command_words

    with progress_bar("situations", baseline.situations()) as advance:
        figures = baseline.check(command_words(args.robot), advance)
    print(json.dumps(figures))
    if not figures["same"]:
        print(
            "vaza bench baseline: the program did not make the recorded decisions", file=sys.stderr
        )
        return 1
    return 0
