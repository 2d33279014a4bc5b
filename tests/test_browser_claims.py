"""A claim in the browser (issue 19 item 2): the dialog starts at every remaining trick, the
claimer may state a line of play (Law 68C), and a rejected claim says who rejected it and
why.  The table's robots (serverkit's `standard` robots) check no claims, and say so.
Desktop in English, phone in Portuguese."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, chromium, create_table, live, person
from serverkit import Server, running_server

SAID = {
    "en": ("rejects the claim.", "This robot accepts only concessions: play it out."),
    "pt-BR": ("recusa a reivindicação.", "Este robô só aceita cessões: jogue até o fim."),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-claims")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


@pytest.mark.parametrize(("language", "viewport"), [("en", None), ("pt-BR", PHONE)])
def test_a_rejected_claim_says_who_and_why(
    server: Server, browser: Browser, language: str, viewport: dict[str, int] | None
) -> None:
    me = person(browser, server.url, language=language, viewport=viewport)
    me.goto("/")
    me.guest()
    table = create_table(me, scoring="rubber")
    page = me.page
    if viewport is PHONE:  # the compact box: the level first, then the strain
        page.locator(live(".bid-level[data-level='7']")).click()
    page.locator(live(".bid[data-call='7NT']")).click()
    while not page.locator(live("button.slot.playable")).count():
        pass_now = page.locator(live(".bid[data-call='Pass']:not([disabled])"))
        if pass_now.count():
            pass_now.click()
        page.wait_for_timeout(50)
    page.locator("button[data-focus='claim']").click()
    tricks = page.locator("#claim-tricks")
    expect(tricks).to_have_value("13")  # all the remaining tricks, not a concession
    page.locator("#claim-line").fill("  draw trumps,\n then the rest  ")
    page.locator("dialog .btn-primary").click()
    rejected, why = SAID[language]
    toast = page.locator(".toast", has_text=rejected)
    expect(toast).to_contain_text(why)
    expect(page.locator(".felt-box")).not_to_have_attribute("data-phase", "over")
    me.assert_no_errors()
    me.close()
    with sqlite3.connect(server.data_dir / "vaza.db") as db:
        payloads = [
            json.loads(p)
            for (p,) in db.execute(
                "SELECT payload FROM table_events WHERE table_id = ? AND type = 'act'", (table,)
            )
        ]
    claims = [p["action"] for p in payloads if p["action"]["type"] == "claim"]
    assert claims == [{"type": "claim", "tricks": 13, "line": "draw trumps, then the rest"}]
