"""The page takes its updates as patches (issue 20) and recovers from a lost one: Chromium with
its WebSocket routed through the test, which drops one patch on its way to the page; the page
notices that the next patch does not fit the view it holds, says hello again with `since`, and
draws the table as the server has it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, WebSocketRoute, expect

from browserkit import chromium, create_table, live, person
from serverkit import Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-patches")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def test_a_lost_patch_is_caught_up_and_the_table_drawn_right(
    server: Server, browser: Browser
) -> None:
    me = person(browser, server.url)
    seen: dict[str, Any] = {"patches": 0, "dropped": None, "hellos": [], "last": None}

    def route(socket: WebSocketRoute) -> None:
        upstream = socket.connect_to_server()

        def from_server(text: str | bytes) -> None:
            message = json.loads(text)
            if message.get("type") == "update" and "patch" in message:
                seen["patches"] += 1
                if seen["patches"] == 3 and seen["dropped"] is None:
                    seen["dropped"] = message["version"]
                    return  # lost on the way
            if message.get("type") in ("update", "snapshot"):
                seen["last"] = message
            socket.send(text)

        def from_page(text: str | bytes) -> None:
            message = json.loads(text)
            if message.get("type") == "hello":
                seen["hellos"].append(message)
            upstream.send(text)

        upstream.on_message(from_server)
        socket.on_message(from_page)

    me.page.route_web_socket("**/ws", route)
    me.goto("/")
    me.guest()
    create_table(me, scoring="rubber")
    page = me.page
    # Pass whenever it is my turn until the patch is lost and the page has caught up.
    for _ in range(40):
        catching_up = [hello for hello in seen["hellos"] if hello.get("since") is not None]
        if seen["dropped"] is not None and catching_up:
            break
        page.wait_for_selector(
            live(
                ".bidding-box .bid[data-call='Pass']:not([disabled]), "
                ".felt-box[data-phase='over'], button.slot.playable"
            )
        )
        if page.locator(live(".bid[data-call='Pass']:not([disabled])")).count():
            page.locator(live(".bid[data-call='Pass']")).click()
        elif page.locator(live(".next-deal")).count():
            page.locator(live(".next-deal")).click()
        else:
            page.locator(live("button.slot.playable")).first.click()
    assert seen["dropped"] is not None, "no patch came to drop"
    catching_up = [hello for hello in seen["hellos"] if hello.get("since") is not None]
    assert catching_up and all(hello["patches"] for hello in seen["hellos"])
    # The page draws the version the server last sent it, whole or folded.
    expect(page.locator(".felt-box")).to_have_attribute(
        "data-version", str(seen["last"]["version"]), timeout=10000
    )
    me.assert_no_errors()
    me.close()
