"""`vaza serve`: run the club (an embedded SQLite database and robots; nothing else needed)."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from vaza.commands.common import (
    cannot_listen,
    default_robot,
    lang_of,
    port,
    positive,
    robot_configs,
)


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = commands.add_parser(
        "serve",
        help="run the club: web pages, API and WebSockets",
        description="Run the Vaza club. The default database is a SQLite file in the data "
        "directory, created and migrated on first start; robots fill empty seats.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=port, default=8000, help="port, 1-65535 (default 8000)")
    parser.add_argument(
        "--db",
        help="SQLAlchemy async URL, e.g. postgresql+asyncpg://… (default: SQLite in --data-dir)",
    )
    parser.add_argument(
        "--bus",
        help="redis://host:port to share tables with other server processes (default: alone)",
    )
    parser.add_argument(
        "--robots",
        default=default_robot(),
        choices=tuple(robot_configs()),
        help=f"the robots contract bridge tables seat (default {default_robot()}: double-dummy "
        "sampling)",
    )
    parser.add_argument(
        "--layouts",
        type=positive,
        help="every card and judged call of the --robots weighs exactly this many layouts, "
        "drawn from --robot-seed (default: the configuration's own, at most)",
    )
    parser.add_argument(
        "--robot-seed",
        type=int,
        default=1,
        help="with --layouts: the seed the robots draw their layouts from (default 1): the same "
        "view then gets the same decision at every table",
    )
    parser.add_argument(
        "--secret",
        default=os.environ.get("VAZA_SECRET"),
        help="key that signs session cookies (env VAZA_SECRET); the same on every process of "
        "a club; without it, one is kept in --data-dir",
    )
    parser.add_argument(
        "--lease-seconds",
        type=float,
        default=10.0,
        help="with --bus: how long a dead process's tables wait before another takes them",
    )
    parser.add_argument(
        "--data-dir", type=Path, default=Path("data"), help="where the database lives (./data)"
    )
    parser.add_argument(
        "--away-after",
        type=float,
        default=60.0,
        help="seconds a player who left keeps the seat before a robot plays for them",
    )
    parser.add_argument(
        "--secure-cookies", action="store_true", help="send cookies over HTTPS only"
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default="",
        metavar="IPS",
        help="addresses of the reverse proxies whose X-Forwarded-For (the client's address) "
        "is believed, comma-separated (e.g. 127.0.0.1 behind nginx on the same machine); "
        "default: none, every client is the address it connects from",
    )
    parser.add_argument(
        "--guests-per-hour",
        type=positive,
        default=10,
        help="guest accounts one address may make in an hour (default 10)",
    )
    parser.add_argument(
        "--friends",
        type=positive,
        default=200,
        help="friends one person may have (default 200)",
    )
    parser.add_argument(
        "--open-tables",
        type=positive,
        default=10,
        help="unfinished tables one person may have created (default 10)",
    )
    parser.add_argument(
        "--allowed-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="an origin besides the club's own (e.g. https://club.example) whose pages may "
        "use the API and the WebSocket; repeat for several (default: only the club's own)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from vaza.server.app import ServerConfig, create_app

    if args.bus and not args.secret:
        print(
            "vaza serve: with --bus, give every process the same --secret (or VAZA_SECRET)",
            file=sys.stderr,
        )
        return 2
    refusal = cannot_listen(args.host, args.port, lang_of(args))
    if refusal is not None:
        print(f"vaza serve: {refusal}", file=sys.stderr)
        return 1
    # Each record's level, so a warning or an error stands out (and a test can find one).
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    config = ServerConfig(
        data_dir=args.data_dir,
        db_url=args.db,
        bus_url=args.bus,
        secret=args.secret,
        lease_seconds=args.lease_seconds,
        away_after=args.away_after,
        secure_cookies=args.secure_cookies,
        allowed_origins=tuple(origin.rstrip("/") for origin in args.allowed_origin),
        guests_per_hour=args.guests_per_hour,
        open_tables=args.open_tables,
        friends=args.friends,
    )

    from vaza.robots.registry import Thinking, set_table_robot

    thinking = None if args.layouts is None else Thinking(args.layouts, args.robot_seed)
    set_table_robot(args.robots, thinking)
    app = create_app(config)
    logging.getLogger("vaza").info("Vaza is starting: open http://%s:%d/", args.host, args.port)
    # No per-message compression: views are small, and deflating each one costs more CPU than
    # the bandwidth it saves on a busy server.
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        log_level="warning",
        ws_max_size=65536,
        ws_per_message_deflate=False,
        forwarded_allow_ips=args.forwarded_allow_ips,
    )

    return 0
