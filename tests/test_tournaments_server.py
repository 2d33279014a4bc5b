"""Duplicate tournaments through a real server: robots and simulated people play them end to end.

A robot tournament (robot tables and a person, ranked, scored by hand from the travellers, the
PBN export read back), a pairs game with a Mitchell movement, a team match with the seats
swapped, and the refusal to show a board to someone who has not played it.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pytest

import pgdb
from serverkit import Client, Server, position
from vaza.core import Board, ContractDeal, Deal, Seat
from vaza.formats import pbn
from vaza.scoring.imps import imps

JSON = dict[str, Any]
PACE = 0.06
"""Seconds between a simulated person's messages."""

# The app includes the tournaments router once the lead wires it in; until then (and harmlessly
# after) this launcher includes it.  The main guard matters: the analysis worker is spawned
# and imports the main module again.
LAUNCHER = """
import sys
from pathlib import Path


def main() -> None:
    import uvicorn

    from vaza.robots.registry import set_table_robot
    from vaza.server.app import ServerConfig, create_app
    from vaza.server.tournaments_api import router

    set_table_robot("standard")  # as `vaza serve --robots standard`: robots answer at once

    db_url = sys.argv[4] if len(sys.argv) > 4 else None
    config = ServerConfig(
        data_dir=Path(sys.argv[2]), away_after=float(sys.argv[3]), db_url=db_url,
        guests_per_hour=100_000, open_tables=100_000,
    )

    app = create_app(config)
    if not any(str(getattr(r, "path", "")).startswith("/api/events") for r in app.routes):
        app.include_router(router)
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")


if __name__ == "__main__":
    main()
"""


class EventsServer(Server):
    def start(self) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        script = self.data_dir / "launch_events.py"
        script.write_text(LAUNCHER)
        command = [sys.executable, str(script), str(self.port), str(self.data_dir),
                   str(self.away_after), *self.extra]  # fmt: skip
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, env={**os.environ}
            )
        self.wait_ready()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = EventsServer(tmp_path_factory.mktemp("events"), away_after=30)
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def pg_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The same server over PostgreSQL (the pairs game runs on both: it goes through every
    store method)."""
    name = pgdb.create()
    url = f"postgresql+asyncpg://postgres@127.0.0.1:5432/{name}"
    running = EventsServer(tmp_path_factory.mktemp("events-pg"), away_after=30, extra=(url,))
    running.start()
    try:
        yield running
    finally:
        running.stop()
        pgdb.drop(name)


# -- a simulated person ---------------------------------------------------------------------


@dataclass
class Sitter:
    """A person at one tournament table, acting whenever their view asks them to."""

    client: Client
    table: JSON
    """The table as the API gives it: id, invite, seat, boards."""
    rng: random.Random
    deals_next: bool = True
    """Whether this person asks for the next deal (one per table, so two never race)."""
    done: bool = False
    acted_at: int = -1
    played_at: tuple[int, int, int] | None = None
    """Where the deal stood when this sitter last acted: an update that leaves it there
    (someone came to the table) is no new turn."""
    sent_at: float = 0.0

    def send(self, **message: Any) -> None:
        """Send at a person's pace: under the server's flood limit (20 a second) however
        fast the robots answer."""
        wait = self.sent_at + PACE - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        self.sent_at = time.monotonic()
        self.client.send(table=self.table["table"], **message)

    @property
    def seat(self) -> str:
        return str(self.table["seat"])

    @property
    def boards(self) -> int:
        first, last = self.table["boards"]
        return int(last) - int(first) + 1


def choose(legal: list[JSON], rng: random.Random) -> JSON:
    """A legal call or card: mostly passes in the auction, any card in play."""
    calls = [action for action in legal if action["type"] == "call"]
    if calls:
        passes = [action for action in calls if action["call"] == "Pass"]
        return passes[0] if passes and rng.random() < 0.6 else rng.choice(calls)
    return rng.choice([action for action in legal if action["type"] == "play"])


def check_hidden(view: JSON, seat: str) -> None:
    """Before a deal is over a seat sees its own hand and, after the lead, dummy's; no more."""
    if view["phase"] == "over":
        return
    assert view["deal"] is None
    contract = view.get("contract")
    dummy = contract["dummy"] if contract and view["played"] else None
    for other, hand in view["hands"].items():
        if other not in (seat, dummy):
            assert hand is None, f"{seat} was sent {other}'s hand"


def play_out(
    sitters: list[Sitter], after_board: Callable[[Sitter, int], None] | None = None
) -> None:
    """Every sitter plays its table to the end, with legal actions from its own views."""
    for sitter in sitters:
        if sitter.client.ws is None:
            sitter.client.connect()
        sitter.client.send(type="hello", table=sitter.table["table"], invite=sitter.table["invite"])
    deadline = time.monotonic() + 120
    while not all(sitter.done for sitter in sitters):
        assert time.monotonic() < deadline, "the tables did not finish"
        for sitter in sitters:
            if sitter.done:
                continue
            try:
                message = sitter.client.recv(timeout=0.05)
            except TimeoutError:
                continue
            assert message["type"] != "error", message
            view = message.get("view")
            if message.get("table") != sitter.table["table"] or not view:
                continue
            check_hidden(view, sitter.seat)
            version = int(message["version"])
            if view["phase"] == "over":
                if version <= sitter.acted_at:
                    continue
                sitter.acted_at = version
                if after_board is not None:
                    after_board(sitter, int(view["board"]))
                if len(view["scores"]["deals"]) == sitter.boards:
                    sitter.done = True
                elif sitter.deals_next:
                    sitter.send(type="next_deal")
            elif view.get("controller") == sitter.seat and position(view) != sitter.played_at:
                sitter.played_at = position(view)
                sitter.send(**choose(view["legal"], sitter.rng))
    for sitter in sitters:
        sitter.client.send(type="leave", table=sitter.table["table"])


# -- HTTP helpers ---------------------------------------------------------------------------


def get(client: Client, path: str) -> JSON:
    response = client.http.get(path)
    assert response.status_code == 200, response.text
    return dict(response.json())


def listed(client: Client) -> set[str]:
    response = client.http.get("/api/events")
    assert response.status_code == 200, response.text
    return {event["id"] for event in response.json()}


def post(client: Client, path: str, **body: Any) -> JSON:
    response = client.http.post(path, json=body)
    assert response.status_code in (200, 201), response.text
    return dict(response.json())


def status_of(client: Client, path: str) -> int:
    return client.http.get(path).status_code


def wait_for(check: Callable[[], bool], what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.2)


def tables_done(client: Client, event: str) -> bool:
    return all(t["status"] == "finished" for t in get(client, f"/api/events/{event}")["tables"])


def group(overview: JSON, name: str) -> dict[str, JSON]:
    found = next(g for g in overview["standings"] if g["group"] == name)
    return {row["entry"]: row for row in found["rankings"]}


# -- scored by hand -------------------------------------------------------------------------


def hand_matchpoints(scores: list[int]) -> list[Fraction]:
    """North–South matchpoints: 2 for each score beaten, 1 for each tied."""
    return [
        Fraction(sum(2 if mine > other else 1 if mine == other else 0 for other in scores) - 1)
        for mine in scores
    ]


def hand_cross_imps(scores: list[int]) -> list[Fraction]:
    """Each score IMPed against every other, divided by the comparisons."""
    if len(scores) < 2:
        return [Fraction(0)] * len(scores)
    return [
        Fraction(sum(imps(mine - other) for other in scores), len(scores) - 1) for mine in scores
    ]


def close_to(value: float | None, exact: Fraction) -> bool:
    return value is not None and abs(value - float(exact)) < 0.006


# -- the tests ------------------------------------------------------------------------------


def test_a_robot_tournament_played_by_robots_and_a_person(server: Server) -> None:
    organiser = Client(server).guest()
    created = post(organiser, "/api/events", kind="robot", name="Tuesday robots", boards=3,
                   source="seed", seed="tuesday", robot_tables=2, scoring="mp")  # fmt: skip
    event = created["event"]["id"]
    assert created["event"]["source"] == {"kind": "seed"}  # the seed would give the boards away
    assert [t["ns"] for t in created["tables"]] == ["R1-NS", "R2-NS"]
    wait_for(lambda: tables_done(organiser, event), "the robot tables")
    assert status_of(organiser, f"/api/events/{event}/boards/1") == 403  # not played it

    person = Client(server).guest()
    assert status_of(person, f"/api/events/{event}/boards/1") == 403
    mine = post(person, f"/api/events/{event}/play")
    assert mine["seat"] == "S" and mine["boards"] == [1, 3]
    assert post(person, f"/api/events/{event}/play")["table"] == mine["table"]  # one table each
    stranger = Client(server).guest().connect()
    stranger.send(type="hello", table=mine["table"])
    assert stranger.recv_until(lambda m: m["type"] == "error")["code"] == "forbidden"

    def after_board(sitter: Sitter, board: int) -> None:
        traveller = get(person, f"/api/events/{event}/boards/{board}")
        assert any(r["ns"] == f"U{person.me['id']}" for r in traveller["results"])
        if board < 3:
            refused = person.http.get(f"/api/events/{event}/boards/{board + 1}")
            assert refused.status_code == 403 and refused.json()["code"] == "not_visible"

    play_out([Sitter(person, mine, random.Random(1))], after_board)
    overview = get(person, f"/api/events/{event}")
    field = group(overview, "field")
    me = f"U{person.me['id']}"
    assert set(field) == {"R1-NS", "R2-NS", me} and field[me]["name"] == person.me["name"]
    assert all(row["boards"] == 3 for row in field.values())
    assert not field[me]["robots"] and field["R1-NS"]["robots"]
    assert [b["visible"] for b in overview["boards"]] == [True, True, True]

    percent: dict[str, Fraction] = {}
    cross: dict[str, Fraction] = {}
    travellers = [get(person, f"/api/events/{event}/boards/{n}") for n in (1, 2, 3)]
    for traveller in travellers:
        results = traveller["results"]
        assert len(results) == 3 and {r["ns"] for r in results} == set(field)
        scores = [r["ns_score"] for r in results]
        for row, points, swing in zip(results, hand_matchpoints(scores), hand_cross_imps(scores),
                                      strict=True):  # fmt: skip
            assert close_to(row["ns_mp"], points) and row["top"] == 4
            assert close_to(row["ns_imps"], swing)
            percent[row["ns"]] = percent.get(row["ns"], Fraction(0)) + points * 100 / 12
            cross[row["ns"]] = cross.get(row["ns"], Fraction(0)) + swing
    for entry, row in field.items():
        assert close_to(row["percent"], percent[entry]), (entry, row)
        assert close_to(row["imps"], cross[entry]), (entry, row)
    ordered = sorted(field.values(), key=lambda row: row["position"])
    assert [row["percent"] for row in ordered] == sorted(
        (row["percent"] for row in ordered), reverse=True
    )

    games = pbn.loads(person.http.get(f"/api/events/{event}/pbn").text)
    assert len(games) == 9
    for game, (traveller, row) in zip(
        games, [(t, r) for t in travellers for r in t["results"]], strict=True
    ):
        assert game.board.number == traveller["board"] and game.event == "Tuesday robots"
        assert {str(c) for c in game.board.deal.hands[0]} == set(traveller["hands"]["N"])
        assert (str(game.contract) if game.contract else None) == row["contract"]
        assert game.declarer_tricks == row["tricks"]
        if row["ns"] == me:
            assert game.players[2] == person.me["name"] and game.players[0] == "Robot"

    wait_for(lambda: get(person, f"/api/events/{event}/boards/1")["analysis"] is not None,
             "the double-dummy analysis")  # fmt: skip
    analysis = get(person, f"/api/events/{event}/boards/1")["analysis"]
    assert set(analysis["table"]) == {"N", "E", "S", "W"} and "score" in analysis["par"]
    assert "play_cost" not in analysis and "compare" not in analysis  # one table's play

    assert person.http.post(f"/api/events/{event}/close").status_code == 403  # not theirs
    assert status_of(stranger, f"/api/events/{event}/boards/2") == 403
    post(organiser, f"/api/events/{event}/close")
    assert get(stranger, f"/api/events/{event}/boards/2")["results"]  # over: open to all
    assert person.http.post(f"/api/events/{event}/play").json()["table"] == mine["table"]
    late = Client(server).guest()
    assert late.http.post(f"/api/events/{event}/play").status_code == 400  # closed
    assert "seed" in get(late, f"/api/events/{event}")["event"]["source"]
    for client in (organiser, person, stranger, late):
        client.close()


@pytest.mark.parametrize("backend", ["server", "pg_server"])
def test_a_pairs_game_with_a_mitchell_movement(
    backend: str, request: pytest.FixtureRequest
) -> None:
    server: Server = request.getfixturevalue(backend)
    ana, bia, caio = Client(server).guest(), Client(server).guest(), Client(server).guest()
    created = post(ana, "/api/events", kind="pairs", name="Friends", boards=2, tables=2,
                   rounds=2, source="seed", seed=7, public=False)  # fmt: skip
    event = created["event"]["id"]
    assert created["event"]["rules"]["rounds"] == 2
    post(ana, f"/api/events/{event}/join", entry="NS1", seat="N")
    post(bia, f"/api/events/{event}/join", entry="NS1", seat="S")
    assert caio.http.post(f"/api/events/{event}/join", json={"entry": "NS1", "seat": "N"}
                          ).status_code == 400  # fmt: skip
    assert caio.http.post(f"/api/events/{event}/join", json={"entry": "EW1", "seat": "N"}
                          ).status_code == 400  # fmt: skip
    assert bia.http.post(f"/api/events/{event}/start").status_code == 403
    assert event not in listed(caio)  # private: not listed
    assert event in listed(bia)  # but its players see it
    overview = post(ana, f"/api/events/{event}/start")
    assert overview["event"]["status"] == "playing"
    seatings = {(t["round"], t["number"]): (t["ns"], t["ew"]) for t in overview["tables"]}
    assert seatings == {
        (1, 1): ("NS1", "EW1"), (1, 2): ("NS2", "EW2"),
        (2, 1): ("NS1", "EW2"), (2, 2): ("NS2", "EW1"),
    }  # fmt: skip
    ana_tables = overview["you"]["tables"]
    bia_tables = get(bia, f"/api/events/{event}")["you"]["tables"]
    assert [t["round"] for t in ana_tables] == [1, 2] and [t["seat"] for t in bia_tables] == [
        "S"
    ] * 2

    rng = random.Random(2)
    play_out([Sitter(ana, ana_tables[0], rng), Sitter(bia, bia_tables[0], rng)])
    assert get(bia, f"/api/events/{event}/boards/1")["board"] == 1
    assert status_of(bia, f"/api/events/{event}/boards/2") == 403  # round 2 not played yet
    assert status_of(caio, f"/api/events/{event}/boards/1") == 403  # not playing
    play_out([Sitter(ana, ana_tables[1], rng), Sitter(bia, bia_tables[1], rng)])
    wait_for(lambda: tables_done(ana, event), "the robot tables")
    overview = get(caio, f"/api/events/{event}")
    assert overview["event"]["status"] == "finished"
    north_south, east_west = group(overview, "NS"), group(overview, "EW")
    assert north_south["NS1"]["name"] == f"{ana.me['name']} & {bia.me['name']}"
    assert east_west["EW1"]["name"] == "Robots"
    expected: dict[str, Fraction] = {}
    for board, meetings in ((1, [("NS1", "EW1"), ("NS2", "EW2")]),
                            (2, [("NS1", "EW2"), ("NS2", "EW1")])):  # fmt: skip
        traveller = get(caio, f"/api/events/{event}/boards/{board}")  # over: open to all
        results = traveller["results"]
        assert [(r["ns"], r["ew"]) for r in results] == meetings
        scores = [r["ns_score"] for r in results]
        for row, points in zip(results, hand_matchpoints(scores), strict=True):
            assert close_to(row["ns_mp"], points) and row["top"] == 2
            expected[row["ns"]] = expected.get(row["ns"], Fraction(0)) + points * 50
            expected[row["ew"]] = expected.get(row["ew"], Fraction(0)) + (2 - points) * 50
    for entry, row in {**north_south, **east_west}.items():
        assert row["boards"] == 2 and close_to(row["percent"], expected[entry] / 2)
    for client in (ana, bia, caio):
        client.close()


def test_a_team_match_swaps_the_seats(server: Server) -> None:
    home, away = Client(server).guest(), Client(server).guest()
    refused = home.http.post("/api/events", json={"kind": "teams", "name": "Match",
                                                  "boards": 2, "scoring": "mp"})  # fmt: skip
    assert refused.status_code == 400 and "IMPs" in refused.json()["message"]
    created = post(home, "/api/events", kind="teams", name="Match", boards=2, source="seed",
                   seed="teams")  # fmt: skip
    event = created["event"]["id"]
    assert created["event"]["rules"]["scoring"] == "imps"
    post(home, f"/api/events/{event}/join", entry="A", seat="N")
    post(away, f"/api/events/{event}/join", entry="B", seat="N")
    overview = post(home, f"/api/events/{event}/start")
    assert [(t["number"], t["ns"], t["ew"]) for t in overview["tables"]] == [
        (1, "A", "B"), (2, "B", "A"),
    ]  # fmt: skip
    (home_table,) = overview["you"]["tables"]
    (away_table,) = get(away, f"/api/events/{event}")["you"]["tables"]
    assert (home_table["number"], away_table["number"]) == (1, 2)  # B's North is at table 2

    play_out([Sitter(home, home_table, random.Random(3))])
    assert get(home, f"/api/events/{event}/boards/1")["results"]
    assert status_of(away, f"/api/events/{event}/boards/1") == 403  # table 1 played it; B not
    play_out([Sitter(away, away_table, random.Random(4))])
    wait_for(lambda: tables_done(home, event), "both tables")
    swing = Fraction(0)
    for board in (1, 2):
        results = get(away, f"/api/events/{event}/boards/{board}")["results"]
        assert [(r["table"], r["ns"], r["ew"]) for r in results] == [(1, "A", "B"), (2, "B", "A")]
        first, second = results[0]["ns_score"], results[1]["ns_score"]
        assert results[0]["ns_imps"] == imps(first - second) == -results[1]["ns_imps"]
        assert results[0]["ns_mp"] is None
        swing += imps(first - second)
    teams = group(get(home, f"/api/events/{event}"), "teams")
    assert close_to(teams["A"]["imps"], swing) and close_to(teams["B"]["imps"], -swing)
    games = pbn.loads(home.http.get(f"/api/events/{event}/pbn").text)
    assert [{n: v for n, v, _ in g.extra_tags}["Room"] for g in games] == [
        "Open", "Closed", "Open", "Closed",
    ]  # fmt: skip
    assert games[0].players[0] == home.me["name"] and games[1].players[0] == away.me["name"]
    for client in (home, away):
        client.close()


def test_a_tournament_plays_the_boards_of_a_pbn_file(server: Server) -> None:
    organiser = Client(server).guest()
    rng = random.Random(6)
    boards = [Board.numbered(n, Deal.random(rng)) for n in (5, 6)]
    text = pbn.dumps(ContractDeal(board).record() for board in boards)
    empty = {"kind": "robot", "name": "File", "source": "pbn", "pbn": '[Board "1"]'}
    bad = organiser.http.post("/api/events", json=empty)
    assert bad.status_code == 400 and "no deal" in bad.json()["message"]
    created = post(organiser, "/api/events", kind="robot", name="File", source="pbn", pbn=text,
                   robot_tables=1, public=False)  # fmt: skip
    event = created["event"]["id"]
    assert created["event"]["rules"]["first_board"] == 5
    assert [b["board"] for b in created["boards"]] == [5, 6]
    wait_for(lambda: tables_done(organiser, event), "the robot table")
    post(organiser, f"/api/events/{event}/close")
    for board in boards:
        traveller = get(organiser, f"/api/events/{event}/boards/{board.number}")
        assert traveller["dealer"] == board.dealer.letter
        assert traveller["vulnerability"] == board.vulnerability.pbn
        assert traveller["hands"]["W"] == [str(card) for card in board.deal[Seat.WEST]]
        assert len(traveller["results"]) == 1
    assert organiser.http.get(f"/api/events/{event}/boards/7").status_code == 404
    assert organiser.http.get("/api/events/nope").status_code == 404
    organiser.close()


def test_an_organiser_runs_a_few_tournaments_at_a_time(server: Server) -> None:
    organiser = Client(server).guest()
    game = {"kind": "pairs", "name": "Night", "boards": 2, "tables": 2, "source": "seed",
            "seed": 1}  # fmt: skip
    events = [post(organiser, "/api/events", **game)["event"]["id"] for _ in range(3)]
    refused = organiser.http.post("/api/events", json=game)
    assert refused.status_code == 400 and "close one" in refused.json()["message"]
    post(organiser, f"/api/events/{events[0]}/close")
    post(organiser, "/api/events", **game)
    organiser.close()
