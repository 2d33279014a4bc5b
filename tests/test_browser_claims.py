"""A claim in the browser (issue 19 item 2): the dialog starts at every remaining trick, the
claimer may state a line of play (Law 68C), and a rejected claim says who rejected it and
why.  The table's robots (serverkit's `standard` robots) check no claims, and say so.
Desktop in English, phone in Portuguese."""

from __future__ import annotations

import json
import re
import sqlite3
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, act_once, chromium, create_table, live, person
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


@pytest.mark.parametrize(("language", "viewport"), [("en", None), ("pt-BR", PHONE)])
def test_a_claim_after_four_tricks_counts_the_nine_that_remain(
    server: Server, browser: Browser, language: str, viewport: dict[str, int] | None
) -> None:
    """Issue 45: after four tricks nine remain (the dialog once took the tricks won off the
    hand size a second time and offered five); conceding them gives the defence all nine."""
    me = person(browser, server.url, language=language, viewport=viewport)
    me.goto("/")
    me.guest()
    create_table(me, scoring="rubber")
    page = me.page
    if viewport is PHONE:
        page.locator(live(".bid-level[data-level='7']")).click()
    page.locator(live(".bid[data-call='7NT']")).click()
    mine = page.locator(".seat-area.pos-bottom [data-card]")
    claim = page.locator("button[data-focus='claim']")
    playable = page.locator(live("button.slot.playable"))
    deadline = time.monotonic() + 60
    while not (mine.count() == 9 and claim.count() and playable.count()):
        assert time.monotonic() < deadline, "four tricks were not played"
        if act_once(me) is None:
            page.wait_for_timeout(40)
    seat = page.locator(".seat-area.pos-bottom").get_attribute("data-seat")
    won = [int(n) for n in re.findall(r"\d+", page.locator(".tricks-info strong").inner_text())]
    assert sum(won) == 4
    ours = won[0] if seat in "NS" else won[1]
    claim.click()
    tricks = page.locator("#claim-tricks")
    expect(tricks).to_have_value("9")
    assert tricks.locator("option").all_inner_texts() == [str(n) for n in range(10)]
    expect(page.locator("dialog")).to_contain_text("9")
    tricks.select_option("0")
    page.locator("dialog .btn-primary").click()
    page.wait_for_selector(".felt-box[data-phase='over']")
    shown = [int(n) for n in re.findall(r"\d+", page.locator(".tricks-info strong").inner_text())]
    assert (shown[0] if seat in "NS" else shown[1]) == ours  # the nine went to the defence
    assert sum(shown) == 13
    expect(page.locator(".deal-end")).to_contain_text(f"{13 - ours}")
    me.assert_no_errors()
    me.close()
