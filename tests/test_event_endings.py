"""The end of an event table through a real server (issue 45, items 5 and 6): each player is told
their result on every board of the table, where they stand, their next round's table and when
the results are ready, and nobody else is; the deal viewer's API names the players (never their
ids) and carries the alerts with their explanations and what every call meant."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from serverkit import Client, Server, running_server
from test_tournaments_server import Sitter, get, play_out, post, wait_for

ALERT = "15-17, may hold a five-card major"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("event-endings"), away_after=30) as running:
        yield running


@dataclass
class Alerter(Sitter):
    """A sitter who alerts their first call."""

    alerted: bool = False

    def send(self, **message: Any) -> None:
        if message.get("type") == "call" and not self.alerted:
            self.alerted = True
            message = {**message, "alert": ALERT}
        super().send(**message)


def ending(client: Client, table: str) -> dict[str, Any]:
    return get(client, f"/api/events/at-table/{table}")


def round_done(client: Client, event: str, number: int) -> bool:
    tables = get(client, f"/api/events/{event}")["tables"]
    return all(t["status"] == "finished" for t in tables if t["round"] == number)


def test_a_pairs_table_ends_with_results_links_and_a_notice(server: Server) -> None:
    ana, bia, caio = Client(server).guest(), Client(server).guest(), Client(server).guest()
    created = post(ana, "/api/events", kind="pairs", name="Endings", boards=2, tables=2,
                   rounds=2, source="seed", seed="endings")  # fmt: skip
    event = created["event"]["id"]
    post(ana, f"/api/events/{event}/join", entry="NS1", seat="N")
    post(bia, f"/api/events/{event}/join", entry="EW1", seat="E")
    overview = post(ana, f"/api/events/{event}/start")
    first, second = overview["you"]["tables"]
    assert (first["boards"], second["boards"]) == ([1, 1], [2, 2])
    assert not first["ready"] and not second["ready"]
    (bia_first, bia_second) = get(bia, f"/api/events/{event}")["you"]["tables"]
    assert bia_first["table"] == first["table"] and bia_second["table"] != second["table"]

    # Before the table is played: nothing earned yet, the next round already named.
    before = ending(ana, first["table"])
    assert before["event"] == {"id": event, "name": "Endings", "kind": "pairs",
                               "status": "playing", "scoring": "mp", "rounds": 2}  # fmt: skip
    assert before["boards"] == [{"board": 1, "played": False, "visible": False}]
    assert not before["ready"] and before["next"]["table"] == second["table"]
    # Only the table's own players are answered: not a stranger, not an ordinary table.
    assert caio.http.get(f"/api/events/at-table/{first['table']}").json() == {"event": None}
    assert Client(server).http.get(f"/api/events/at-table/{first['table']}").status_code == 401
    ordinary = ana.create_table(game="contract", scoring="rubber")
    assert ana.http.get(f"/api/events/at-table/{ordinary['table']}").json() == {"event": None}

    rng = random.Random(5)
    play_out([Alerter(ana, first, rng), Sitter(bia, bia_first, rng, deals_next=False)])
    wait_for(lambda: round_done(ana, event, 1), "the first round's robot table")

    mine, theirs = ending(ana, first["table"]), ending(bia, first["table"])
    assert mine["ready"] and theirs["ready"]
    (board,) = mine["boards"]
    (seen_by_bia,) = theirs["boards"]
    traveller = get(ana, f"/api/events/{event}/boards/1")
    ours = next(r for r in traveller["results"] if r["ns"] == "NS1")
    assert board["played"] and board["visible"] and board["contract"] == ours["contract"]
    assert board["score"] == ours["ns_score"] and seen_by_bia["score"] == -ours["ns_score"]
    assert board["percent"] == ours["ns_percent"] and seen_by_bia["percent"] == ours["ew_percent"]
    assert mine["standing"]["of"] == 2 and mine["standing"]["place"] in ("1", "2", "1=")
    assert mine["next"]["table"] == second["table"] and mine["next"]["boards"] == [2, 2]
    assert theirs["next"]["table"] == bia_second["table"]
    assert ending(ana, second["table"])["next"] is None  # the last round leads to the ranking
    tables = get(ana, f"/api/events/{event}")["you"]["tables"]
    assert [t["ready"] for t in tables] == [True, False]

    # The deal viewer: names by seat (no id), the alert with its explanation, the meanings.
    deal = get(ana, f"/api/deals/{board['deal']}")
    assert deal["names"] == {"N": ana.me["name"], "E": bia.me["name"]}
    assert list(deal["alerts"].values()) == [ALERT]
    calls = deal["summary"]["record"]["calls"]
    assert set(deal["meanings"]) == {"en", "pt-BR"}
    assert set(deal["meanings"]["en"]) == {str(i) for i in range(len(calls))}
    for_bia = get(bia, f"/api/deals/{board['deal']}")
    assert for_bia["names"] == deal["names"] and for_bia["your_seats"] == ["E"]
    assert "players" not in for_bia and "user_id" not in str(for_bia)
    assert caio.http.get(f"/api/deals/{board['deal']}").status_code == 404  # not theirs
    for client in (ana, bia, caio):
        client.close()


def test_a_robot_tournament_table_is_ready_once_the_robot_tables_are(server: Server) -> None:
    person, late = Client(server).guest(), Client(server).guest()
    created = post(person, "/api/events", kind="robot", name="Solo", boards=1, robot_tables=1,
                   source="seed", seed="solo")  # fmt: skip
    event = created["event"]["id"]
    mine = post(person, f"/api/events/{event}/play")
    assert mine["boards"] == [1, 1]
    play_out([Sitter(person, mine, random.Random(8))])
    wait_for(lambda: ending(person, mine["table"])["ready"], "the robot table")
    # Someone who comes later to play alone does not make my results wait again.
    post(late, f"/api/events/{event}/play")
    found = ending(person, mine["table"])
    assert found["ready"] and found["next"] is None and found["event"]["rounds"] == 1
    assert found["boards"][0]["played"] and found["standing"]["of"] >= 2
    for client in (person, late):
        client.close()
