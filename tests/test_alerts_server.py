"""Alerts and the meanings of calls against a real `vaza serve` (issue 19): an alert reaches
the opponents and the watchers in every message, never the caller's partner; the bidding box
can ask what each next call would mean, in both languages."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from serverkit import Client, Server, running_server

STRONG = "16+ HCP, artificial and forcing"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("alerts")) as running:
        yield running


def test_an_alert_reaches_the_opponents_and_watchers_in_every_message_never_partner(
    server: Server,
) -> None:
    people = {seat: Client(server).guest() for seat in "NESW"}
    table = str(people["N"].create_table(scoring="rubber", robots=False)["table"])
    watcher = Client(server).guest().connect()
    for seat, someone in people.items():
        someone.connect()
        someone.send(type="hello", table=table)
        someone.recv_until(lambda m: m.get("type") == "snapshot")
        someone.send(type="sit", table=table, seat=seat)
    watcher.send(type="hello", table=table)

    def my_turn(seat: str) -> None:
        people[seat].recv_until(
            lambda m: (
                (m.get("view") or {}).get("phase") == "auction"
                and m["view"].get("controller") == seat
                and bool(m["view"].get("legal"))
            )
        )

    my_turn("N")  # deal 1 of a rubber: North deals
    people["N"].send(type="call", table=table, call="2C", alert=STRONG)
    for seat in "ESW":
        my_turn(seat)
        people[seat].send(type="call", table=table, call="Pass")
    for someone in (*people.values(), watcher):
        someone.recv_until(lambda m: (m.get("view") or {}).get("phase") == "play")
    # A snapshot too, as a reconnecting partner would get one.
    people["S"].send(type="hello", table=table)
    people["S"].recv_until(lambda m: m.get("type") == "snapshot")

    south = [json.dumps(message) for message in people["S"].received]
    assert south and not [m for m in south if STRONG in m], "partner read the alert"
    for seat in ("N", "E", "W"):
        views = [m["view"] for m in people[seat].received if isinstance(m.get("view"), dict)]
        alerted = [v for v in views if v.get("calls")]
        assert alerted and all(v["alerts"] == {"0": STRONG} for v in alerted), seat
    told = [json.dumps(m) for m in watcher.received]
    assert [m for m in told if STRONG in m], "the watchers did not read the alert"
    for someone in (*people.values(), watcher):
        someone.close()


def test_the_bidding_box_asks_what_each_next_call_would_mean(server: Server) -> None:
    me = Client(server).guest()
    answer = me.http.get(
        "/api/games/contract/meanings", params={"dealer": "N", "calls": "1C,Pass", "lang": "en"}
    )
    assert answer.status_code == 200
    meanings = answer.json()["meanings"]
    assert "1C" not in meanings and "XX" not in meanings  # not legal after 1♣–Pass
    assert {"Pass", "1D", "1H", "1S", "1NT", "7NT"} <= set(meanings)
    assert "HCP" in meanings["1NT"]
    portuguese = me.http.get(
        "/api/games/contract/meanings", params={"dealer": "N", "calls": "1C,Pass", "lang": "pt-BR"}
    ).json()["meanings"]
    assert portuguese.keys() == meanings.keys() and portuguese["1NT"] != meanings["1NT"]
    opening = me.http.get("/api/games/contract/meanings", params={"dealer": "E"}).json()
    assert "1NT" in opening["meanings"] and "X" not in opening["meanings"]
    me.close()


@pytest.mark.parametrize(
    ("path", "params", "status"),
    [
        ("/api/games/contract/meanings", {"dealer": "N", "calls": "1C,1C"}, 400),
        ("/api/games/contract/meanings", {"dealer": "N", "calls": "1C,Pass,Pass,Pass"}, 400),
        ("/api/games/contract/meanings", {"dealer": "Q"}, 400),
        ("/api/games/contract/meanings", {"dealer": "N", "lang": "fr"}, 422),
        ("/api/games/boerenbridge/meanings", {"dealer": "N"}, 404),
        ("/api/games/chess/meanings", {"dealer": "N"}, 404),
    ],
)
def test_a_question_about_a_bad_auction_gets_a_sentence(
    server: Server, path: str, params: dict[str, str], status: int
) -> None:
    me = Client(server).guest()
    answer = me.http.get(path, params=params)
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body.get("message") or body.get("detail")
    me.close()


def test_only_someone_at_the_club_may_ask(server: Server) -> None:
    answer = httpx.get(f"{server.url}/api/games/contract/meanings", params={"dealer": "N"})
    assert answer.status_code == 401
