"""Nothing lost: kill -9 and restart; a player who leaves is replaced by a robot and comes back."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from serverkit import Client, Server, act_until, play_out


def events(data_dir: Path, table: str) -> list[tuple[int, str, str]]:
    with sqlite3.connect(data_dir / "vaza.db") as db:
        rows = db.execute(
            "SELECT version, type, payload FROM table_events WHERE table_id = ? ORDER BY version",
            (table,),
        )
        return list(rows)


def test_kill_9_and_restart_lose_nothing_and_repeat_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path / "data")
    server.start()
    try:
        guest = Client(server).guest()
        table = guest.create_table(game="contract", scoring="duplicate")["table"]
        guest.connect()
        guest.send(type="hello", table=table)
        guest.recv()
        guest.send(type="sit", table=table, seat="N")
        act_until(guest, table, "N", cards=6)
        server.kill()
        before = events(server.data_dir, table)
        assert before and all(v == i for i, (v, _, _) in enumerate(before, start=1))

        server.start()  # the same data directory and port
        guest.connect()
        guest.send(type="hello", table=table)
        snapshot = guest.recv_until(lambda m: m["type"] == "snapshot")
        after_restart = events(server.data_dir, table)
        assert after_restart[: len(before)] == before  # nothing lost, nothing rewritten
        assert snapshot["version"] >= len(before)
        assert len(snapshot["view"]["played"]) >= 6
        played = [card for _, card in snapshot["view"]["played"]]
        assert len(played) == len(set(played))  # nothing applied twice
        play_out(guest, table, "N", snapshot)  # play goes on to the end of the deal
        guest.close()
    finally:
        server.stop()
    server.assert_clean_log()


def test_a_player_who_leaves_is_replaced_by_a_robot_and_gets_the_seat_back(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path / "data", away_after=0.5)
    server.start()
    try:
        player = Client(server).guest()
        table = player.create_table(game="contract", scoring="duplicate")["table"]
        player.connect()
        player.send(type="hello", table=table)
        player.recv()
        player.send(type="sit", table=table, seat="N")
        player.recv_until(lambda m: m["type"] == "update")
        assert player.ws is not None
        player.ws.close()
        player.ws = None

        watcher = Client(server).guest().connect()
        watcher.send(type="hello", table=table)
        watcher.recv()
        away = watcher.recv_until(
            lambda m: any(e["type"] == "away" for e in m.get("events", [])), timeout=20
        )
        assert away["occupants"]["N"]["away"] is True
        # The robot standing in plays North's turns: the deal moves on without North.
        watcher.recv_until(lambda m: len((m.get("view") or {}).get("calls", [])) >= 4, timeout=30)

        player.connect()
        player.send(type="hello", table=table)
        back = player.recv_until(
            lambda m: m["type"] == "update" and not m["occupants"]["N"]["away"], timeout=20
        )
        assert back["seat"] == "N" and back["occupants"]["N"]["name"] == player.me["name"]
        player.close()
        watcher.close()
    finally:
        server.stop()
    server.assert_clean_log()


def test_time_per_action_lets_a_robot_move_for_a_slow_player(tmp_path: Path) -> None:
    server = Server(tmp_path / "data")
    server.start()
    try:
        slow = Client(server).guest()
        table = slow.create_table(game="contract", scoring="duplicate", seconds_per_action=5)
        slow.connect()
        slow.send(type="hello", table=table["table"])
        slow.recv()
        slow.send(type="sit", table=table["table"], seat="N")
        first = slow.recv_until(lambda m: m["type"] == "update")
        assert first["view"]["controller"] == "N"  # North deals board 1 and must call
        moved = slow.recv_until(
            lambda m: len((m.get("view") or {}).get("calls", [])) >= 1, timeout=15
        )
        assert moved["seat"] == "N"  # the seat stays North's
        slow.close()
    finally:
        server.stop()
    server.assert_clean_log()
