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
from playwright.sync_api import Browser, Locator, expect

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


def tricks_in(won: Locator) -> list[int]:
    """The tricks of each side, from the info strip ("N-S 2 · E-W 1"); none before the play."""
    return [int(n) for n in re.findall(r"\d+", won.inner_text())] if won.count() else [0]


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
    won_text = page.locator(".tricks-info strong")
    claim = page.locator("button[data-focus='claim']")
    playable = page.locator(live("button.slot.playable"))
    deadline = time.monotonic() + 60
    while not (claim.count() and playable.count() and sum(tricks_in(won_text)) == 4):
        assert time.monotonic() < deadline, "four tricks were not played"
        if act_once(me) is None:
            page.wait_for_timeout(40)
    seat = page.locator(".seat-area.pos-bottom").get_attribute("data-seat")
    won = tricks_in(won_text)
    ours = won[0] if seat in "NS" else won[1]
    claim.click()
    tricks = page.locator("#claim-tricks")
    expect(tricks).to_have_value("9")
    assert tricks.locator("option").all_inner_texts() == [str(n) for n in range(10)]
    expect(page.locator("dialog")).to_contain_text("9")
    tricks.select_option("0")
    page.locator("dialog .btn-primary").click()
    page.wait_for_selector(".felt-box[data-phase='over']")
    shown = tricks_in(won_text)
    assert (shown[0] if seat in "NS" else shown[1]) == ours  # the nine went to the defence
    assert sum(shown) == 13
    expect(page.locator(".deal-end")).to_contain_text(f"{13 - ours}")
    me.assert_no_errors()
    me.close()


def test_the_opponents_see_the_claimers_hand_while_they_decide(
    server: Server, browser: Browser
) -> None:
    """Issue 45, Laws 68-70: North, declaring 7NT, claims; East and West (people) see North's
    thirteen cards face up while the claim waits, and no longer once East rejects it; East's
    reason is told to North, not to West."""
    north = person(browser, server.url)
    north.goto("/")
    north.guest()
    table = create_table(north, scoring="rubber", robots=False)
    north.page.locator("[data-robot='S']").click()
    expect(north.page.locator(".seat-area[data-seat='S'] .badge.robot")).to_be_visible()
    east = person(browser, server.url, language="pt-BR", viewport=PHONE)
    west = person(browser, server.url)
    for someone, seat in ((east, "E"), (west, "W")):
        someone.goto("/")
        someone.guest()
        someone.goto(f"/table/{table}")
        someone.page.locator(f"[data-sit='{seat}']").click()
    north.page.locator(live(".bid[data-call='7NT']")).click()
    deadline = time.monotonic() + 30
    while north.phase() != "play":
        assert time.monotonic() < deadline, "the auction did not end"
        if not any(act_once(p, calls_only=True) for p in (east, west, north)):
            north.page.wait_for_timeout(30)
    hand = east.page.locator(".seat-area[data-seat='N'] [data-card]")
    expect(hand).to_have_count(0)  # before the lead nobody sees declarer's cards
    north.page.get_by_role("button", name="Claim").click()
    north.page.locator("dialog .btn-primary").click()
    expect(east.page.locator("dialog")).to_contain_text("Norte reivindica todas as 13 vazas")
    expect(hand).to_have_count(13)
    expect(west.page.locator(".seat-area[data-seat='N'] [data-card]")).to_have_count(13)
    assert east.seat_cards("N") == north.seat_cards("N") == west.seat_cards("N")
    east.page.fill("#claim-reason", "  os paus   não estão altos ")  # a person says why
    east.page.locator("dialog").get_by_role("button", name="Recusar").click()
    expect(north.page.locator(".proposal")).to_have_count(0)
    expect(hand).to_have_count(0)
    said = north.page.locator(".toast", has_text="rejects the claim.")
    expect(said).to_contain_text("“os paus não estão altos”")
    # East's partner is not told East's reason (Law 16): it comes from East's hand.
    expect(west.page.locator(".toast", has_text="rejects the claim.")).to_be_visible()
    expect(west.page.locator(".toast", has_text="os paus")).to_have_count(0)
    for someone in (north, east, west):
        someone.assert_no_errors()
        someone.close()
