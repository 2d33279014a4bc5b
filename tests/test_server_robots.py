"""The strong robots at a real server table: sampling double dummy, answering claims."""

from __future__ import annotations

from pathlib import Path

from serverkit import Client, Server


def test_a_person_plays_with_sampling_robots_and_concedes(tmp_path: Path) -> None:
    server = Server(tmp_path / "data", robots="quick")
    server.start()
    try:
        guest = Client(server).guest()
        table = guest.create_table(game="contract", scoring="duplicate")["table"]
        guest.connect()
        guest.send(type="hello", table=table)
        guest.recv_until(lambda m: m["type"] == "snapshot")
        guest.send(type="sit", table=table, seat="N")
        conceded = False
        while True:
            message = guest.recv(timeout=60)
            assert message["type"] != "error", message
            view = message.get("view") or {}
            if view.get("phase") == "over":
                if view.get("result", {}).get("passed_out"):
                    guest.send(type="next_deal", table=table)
                    continue
                break
            played = len(view.get("played") or [])
            contract = view.get("contract") or {}
            can_claim = view.get("phase") == "play" and contract.get("dummy") != "N"
            if can_claim and played >= 8 and not conceded and view.get("proposal") is None:
                guest.send(type="claim", table=table, tricks=0)  # North concedes the rest
                conceded = True
            elif view.get("legal") and view.get("controller") == "N" and not view.get("proposal"):
                guest.send(table=table, **view["legal"][0])
        result = view["result"]
        assert result["contract"] is not None
        if conceded:
            assert result["claimed"] is True  # the robots accepted a concession
        guest.close()
    finally:
        server.stop()
