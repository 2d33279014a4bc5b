"""Updates as patches against a real `vaza serve` (issue 20): a client that says hello with
`patches` receives each update as what changed in its view, and folding them gives, version by
version, the very view a second connection of the same person receives whole; a client that
does not ask gets whole views as before."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from serverkit import Client, Server, running_server
from vaza.protocol.patch import apply

JSON = dict[str, Any]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("patches")) as running:
        yield running


def _same_person(first: Client, server: Server) -> Client:
    second = Client(server)
    second.http.cookies = first.http.cookies
    return second


@pytest.mark.parametrize(
    ("game", "scoring", "seat"), [("contract", "rubber", "N"), ("boerenbridge", None, "0")]
)
def test_folded_patches_give_the_views_another_connection_receives_whole(
    server: Server, game: str, scoring: str | None, seat: str
) -> None:
    me = Client(server).guest()
    options: JSON = {"game": game} | ({"scoring": scoring} if scoring else {})
    table = str(me.create_table(**options)["table"])
    whole = _same_person(me, server).connect()
    me.connect()
    me.send(type="hello", table=table, patches=True)
    snapshot = me.recv_until(lambda m: m.get("type") == "snapshot")
    whole.send(type="hello", table=table)
    whole.recv_until(lambda m: m.get("type") == "snapshot")
    me.send(type="sit", table=table, seat=seat)
    view, version = snapshot["view"], snapshot["version"]
    folded: dict[int, JSON] = {}
    patched = acted_at = deals = 0
    while patched < 20 and deals < 4:  # a deal may be passed out: play on to the next
        if view and view.get("phase") == "over" and acted_at != version:
            acted_at = version
            deals += 1
            me.send(table=table, type="next_deal")
        elif (
            view
            and view.get("legal")
            and view.get("controller") == view.get("viewer")
            and acted_at != version
        ):
            acted_at = version
            me.send(table=table, **view["legal"][0])
        message = me.recv(timeout=30)
        assert message.get("type") != "error", message
        if message.get("type") != "update":
            continue
        if "patch" in message:
            assert message["base"] == version, "a patch not written against the view held"
            assert "view" not in message
            # The seat is the one held; chat only when a line was said.
            assert "seat" not in message and message.get("chat", ["a line"])
            view = apply(view, message["patch"])
            patched += 1
        else:
            view = message["view"]
        version = message["version"]
        folded[version] = view
    assert patched >= 20
    received: dict[int, JSON] = {}
    while len(received) < len(folded):
        message = whole.recv(timeout=30)
        if message.get("type") == "update":
            assert "patch" not in message, "a client that did not ask got a patch"
            received[message["version"]] = message["view"]
    for at, view in folded.items():
        assert view == received[at], at
    sizes = [len(json.dumps(m)) for m in me.received if m.get("type") == "update"]
    full = [len(json.dumps(m)) for m in whole.received if m.get("type") == "update"]
    assert sum(sizes) < sum(full)
    me.close()
    whole.close()


def test_a_new_seat_is_sent_its_view_whole_then_patches(server: Server) -> None:
    """Sitting down changes the audience: the view held is a watcher's, so the next update
    brings the seat's view whole; patches follow."""
    owner = Client(server).guest()
    table = str(owner.create_table(scoring="rubber", robots=False)["table"])
    someone = Client(server).guest().connect()
    someone.send(type="hello", table=table, patches=True)
    someone.recv_until(lambda m: m.get("type") == "snapshot")
    someone.send(type="sit", table=table, seat="E")
    sat = someone.recv_until(lambda m: m.get("type") == "update")
    assert "view" in sat and sat["seat"] == "E"
    owner.connect()
    owner.send(type="hello", table=table)
    owner.recv_until(lambda m: m.get("type") == "snapshot")
    owner.send(type="sit", table=table, seat="N")
    after = someone.recv_until(lambda m: m.get("type") == "update")
    assert "patch" in after and after["base"] == sat["version"]
    assert "seat" not in after and "chat" not in after
    owner.send(type="chat", table=table, text="good luck")
    said = someone.recv_until(lambda m: m.get("type") == "update" and "chat" in m)
    assert "patch" in said and [line["text"] for line in said["chat"]] == ["good luck"]
    someone.close()
    owner.close()
