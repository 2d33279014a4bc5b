"""Fair play and the socket, tried as a cheat and as another site would, against a real
`vaza serve` (issue 21): no undo after a hidden card was shown to the one who asks; no socket
from another site's page."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from websockets.exceptions import InvalidStatus

from serverkit import Client, Server

JSON = dict[str, object]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(
        tmp_path_factory.mktemp("fair-play"), extra=("--allowed-origin", "https://club.example/")
    )
    running.start()
    try:
        yield running
    finally:
        running.stop()


def four_people(server: Server, game: str, scoring: str) -> tuple[str, dict[str, Client]]:
    """A table of four people (no robots), each seated and watching it."""
    people = {seat: Client(server).guest() for seat in "NESW"}
    table = str(people["N"].create_table(game=game, scoring=scoring, robots=False)["table"])
    for seat, someone in people.items():
        someone.connect()
        someone.send(type="hello", table=table)
        someone.recv_until(lambda m: m.get("type") == "snapshot")
        someone.send(type="sit", table=table, seat=seat)
    return table, people


def latest_view(someone: Client, table: str, phase: str) -> JSON:
    message = someone.recv_until(
        lambda m: m.get("type") == "update" and (m.get("view") or {}).get("phase") == phase
    )
    view = message["view"]
    assert isinstance(view, dict)
    return view


def refused(someone: Client, table: str, command: JSON) -> JSON:
    someone.send(table=table, **command)
    return someone.recv_until(lambda m: m.get("type") == "error")


def test_no_undo_after_dummy_is_shown(server: Server) -> None:
    """Finding 1: East led, saw dummy, asked to take the lead back, and it was granted."""
    table, people = four_people(server, "contract", "rubber")
    for seat, call in zip("NESW", ("1S", "Pass", "Pass", "Pass"), strict=True):
        latest_view(people[seat], table, "auction")
        people[seat].send(type="call", table=table, call=call)
    east = people["E"]
    view = latest_view(east, table, "play")
    while view["to_act"] != "E" or not view["legal"]:
        view = latest_view(east, table, "play")
    east.send(type="play", table=table, card=view["legal"][0]["card"])
    shown = east.recv_until(lambda m: (m.get("view") or {}).get("hands", {}).get("S"))
    assert len(shown["view"]["hands"]["S"]) == 13, "East sees dummy"
    error = refused(east, table, {"type": "undo_request"})
    assert error["code"] == "illegal_action" and "shown to you" in str(error["message"])
    for someone in people.values():
        someone.close()


def test_no_undo_after_the_widow_is_shown(server: Server) -> None:
    """Finding 1: North bid 7NT, was shown the widow, asked for an undo, and bid again."""
    table, people = four_people(server, "widow", "rubber")
    for seat, call in zip("NESW", ("7NT", "Pass", "Pass", "Pass"), strict=True):
        latest_view(people[seat], table, "auction")
        people[seat].send(type="call", table=table, call=call)
    north = people["N"]
    view = latest_view(north, table, "widow")
    assert view["widow"]["cards"], "the declarer is shown the widow"
    for seat in "NW":
        error = refused(people[seat], table, {"type": "undo_request"})
        assert "widow has been shown" in str(error["message"])
    for someone in people.values():
        someone.close()


@pytest.mark.parametrize("origin", ["https://evil.example", "null"])
def test_a_socket_from_another_site_is_refused(server: Server, origin: str) -> None:
    """Finding 2: a page of another site opened the socket with the victim's cookie."""
    victim = Client(server).guest()
    with pytest.raises(InvalidStatus) as refusal:
        victim.connect(origin=origin)
    assert refusal.value.response.status_code == 403
    victim.close()


@pytest.mark.parametrize("origin", [None, "same", "https://club.example"])
def test_the_clubs_own_pages_and_programs_open_the_socket(
    server: Server, origin: str | None
) -> None:
    someone = Client(server).guest()
    someone.connect(origin=server.url if origin == "same" else origin)
    someone.send(type="ping")
    assert someone.recv()["type"] == "pong"
    someone.close()
