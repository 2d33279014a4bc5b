"""Deadlines at a real server: a seat hold outlives a kill -9, and a normal match leaves a clean
log (no traceback, no warning) from its start to the server's shutdown."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from serverkit import Client, Server

JSON = dict[str, Any]


def events(data_dir: Path, table: str) -> list[tuple[str, JSON]]:
    with sqlite3.connect(data_dir / "vaza.db") as db:
        rows = db.execute(
            "SELECT type, payload FROM table_events WHERE table_id = ? ORDER BY version",
            (table,),
        )
        return [(kind, json.loads(payload)) for kind, payload in rows]


def has_event(message: JSON, kind: str, seat: str | None = None) -> bool:
    return any(
        e["type"] == kind and (seat is None or e.get("seat") == seat)
        for e in message.get("events", ())
    )


def sit_and_leave(server: Server, seat: str = "N", **options: Any) -> tuple[Client, str]:
    """A person at a table with three robots sits down, then closes the tab."""
    player = Client(server).guest()
    table = player.create_table(game="contract", scoring="duplicate", **options)["table"]
    player.connect()
    player.send(type="hello", table=table)
    player.recv_until(lambda m: m["type"] == "snapshot")
    player.send(type="sit", table=table, seat=seat)
    player.recv_until(lambda m: m["type"] == "update" and has_event(m, "sat"))
    assert player.ws is not None
    player.ws.close()
    player.ws = None
    return player, table


def watch(server: Server, table: str) -> Client:
    watcher = Client(server).guest().connect()
    watcher.send(type="hello", table=table)
    watcher.recv_until(lambda m: m["type"] == "snapshot")
    return watcher


def calls_made(message: JSON) -> int:
    return len((message.get("view") or {}).get("calls", ()))


def wait_for_log(
    data_dir: Path, table: str, done: Callable[[list[tuple[str, JSON]]], bool], timeout: float
) -> list[tuple[str, JSON]]:
    """The table's log once `done` holds for it (read again and again until a deadline)."""
    deadline = time.monotonic() + timeout
    while True:
        logged = events(data_dir, table)
        if done(logged):
            return logged
        if time.monotonic() > deadline:
            raise AssertionError(f"the table's log did not come to that: {logged[-5:]}")
        time.sleep(0.1)


def marked_away(seat: str, logged: list[tuple[str, JSON]]) -> bool:
    return any(kind == "away" and payload.get("seat") == seat for kind, payload in logged)


def stood_in_for(seat: str, logged: list[tuple[str, JSON]]) -> bool:
    """The seat was marked away, and then a robot acted for it."""
    kinds = [(kind, payload.get("seat")) for kind, payload in logged]
    return ("away", seat) in kinds and ("act", seat) in kinds[kinds.index(("away", seat)) :]


def test_seat_holds_outlive_a_kill_9(tmp_path: Path) -> None:
    """The server is killed (kill -9) when one player's hold has just run out (the robot that
    stands in is due) and another's, who left later, still runs.  After the restart a robot
    plays for each, and each player who comes back gets the seat back.  Before holds were
    derived from the log, the second table waited for ever."""
    hold = 4.0
    server = Server(tmp_path / "data", away_after=hold)
    server.start()
    try:
        due, due_table = sit_and_leave(server)
        watcher = watch(server, due_table)
        time.sleep(hold / 2)  # the pace of the story, not a wait: the second leaves later
        held, held_table = sit_and_leave(server)
        watcher.recv_until(lambda m: has_event(m, "away", "N"), timeout=30)
        server.kill()  # the moment `due`'s robot is due; `held`'s hold has some 2 s to run
        watcher.close()
        at_kill = len(events(server.data_dir, held_table))
        kinds = [(kind, p.get("seat")) for kind, p in events(server.data_dir, held_table)]
        assert ("left", "N") in kinds and ("away", "N") not in kinds  # the hold was running
        server.start()
        wait_for_log(server.data_dir, due_table, partial(stood_in_for, "N"), timeout=30)
        logged = wait_for_log(
            server.data_dir,
            held_table,
            lambda logged: stood_in_for("N", logged[at_kill:]),
            timeout=30,
        )
        assert [kind for kind, _ in logged].count("left") == 1  # the hold ran from the leaving
        for player, table in ((due, due_table), (held, held_table)):
            player.connect()
            player.send(type="hello", table=table)
            back = player.recv_until(
                lambda m: m["type"] == "update" and not m["occupants"]["N"]["away"], timeout=20
            )
            assert back["seat"] == "N" and back["occupants"]["N"]["name"] == player.me["name"]
            player.close()
    finally:
        server.stop()
    server.assert_clean_log()  # kill -9 and all


def play_until_the_match_ends(player: Client, table: str, seat: str) -> None:
    """Act with the first legal action whenever asked, and ask for each next deal, at a pace
    the flood limit allows (the robots answer in milliseconds)."""
    acted_at: tuple[int, int, int] | None = None
    while True:
        time.sleep(1 / 15)
        message = player.recv(timeout=60)
        assert message["type"] != "error", message
        if has_event(message, "finished"):
            return
        view = message.get("view") or {}
        where = (view.get("number", 0), len(view.get("calls", ())), len(view.get("played", ())))
        if view.get("phase") == "over" and where != acted_at:
            acted_at = where
            player.send(type="next_deal", table=table)
        elif view.get("legal") and view.get("controller") == seat and where != acted_at:
            acted_at = where
            player.send(table=table, **view["legal"][0])


def test_a_whole_chicago_match_leaves_a_clean_log(tmp_path: Path) -> None:
    """A person plays a Chicago match with three robots to its end and leaves; each finished
    deal is analysed.  Nothing in the server's log is a warning or an error: not an attempt to
    mark the player away at the finished table, not the analysis pool's semaphores at exit."""
    server = Server(tmp_path / "data", away_after=0.5)
    server.start()
    try:
        player = Client(server).guest()
        table = player.create_table(game="contract", scoring="chicago")["table"]
        player.connect()
        player.send(type="hello", table=table)
        player.recv_until(lambda m: m["type"] == "snapshot")
        player.send(type="sit", table=table, seat="N")
        play_until_the_match_ends(player, table, "N")
        player.recv_until(lambda m: m["type"] == "analysis", timeout=120)
        player.close()  # the player leaves the finished table
        # A later hold, at another table, runs out after this player's would have.
        # (From the log: a watcher that came after it would find it in its snapshot.)
        other, other_table = sit_and_leave(server)
        wait_for_log(server.data_dir, other_table, partial(marked_away, "N"), timeout=30)
        other.close()
    finally:
        server.stop()
    server.assert_clean_log()
