"""Details of the table page a player notices: the deal's number after a passed-out deal, the
trick count after a claim, what the keyboard echoes, the title, robots named in the reader's
language."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import chromium, create_table, live, person
from serverkit import Client, Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-details")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def pass_until_over(others: dict[str, Client], table: str) -> None:
    """The other three pass whenever the auction comes to them, until the deal is over (as
    West learns after seeing it played: the updates of those saying "Ready" for it came
    before)."""
    began = False
    for _ in range(400):
        for seat, client in others.items():
            try:
                message = client.recv(timeout=0.05)
            except TimeoutError:
                continue
            view = message.get("view") or {}
            if message.get("type") not in ("snapshot", "update"):
                continue
            if seat == "W" and view.get("phase") == "auction":
                began = True
            if view.get("phase") == "over" and seat == "W" and began:
                return
            if view.get("to_act") == seat and any(a["type"] == "call" for a in view["legal"]):
                client.send(type="call", table=table, call="Pass")
    raise AssertionError("the deal was not passed out")


def test_a_passed_out_chicago_deal_keeps_its_number(server: Server, browser: Browser) -> None:
    """Chicago deals a passed-out deal again by the same dealer: it is still deal 1, on the
    strip as on the pad."""
    north = person(browser, server.url)
    north.goto("/")
    north.guest()
    table = create_table(north, scoring="chicago", robots=False)
    others = {seat: Client(server).guest().connect() for seat in "ESW"}
    for seat, client in others.items():
        client.send(type="hello", table=table)
        client.recv_until(lambda m: m.get("type") == "snapshot")
        client.send(type="sit", table=table, seat=seat)
    page = north.page
    for _ in range(2):
        page.locator(live(".bid[data-call='Pass']")).click()
        pass_until_over(others, table)
        expect(page.locator(".felt-box")).to_have_attribute("data-phase", "over")
        expect(page.locator(".info-strip .deal-info")).to_have_text("Deal 1")
        expect(page.locator(".pad-status")).to_contain_text("next: deal 1, North deals")
        page.get_by_role("button", name="Ready").click()
        for client in others.values():  # the next deal waits for every person's "Ready"
            client.send(type="next_deal", table=table)
        expect(page.locator(".felt-box")).to_have_attribute("data-phase", "auction")
        expect(page.locator(".info-strip .deal-info")).to_have_text("Deal 1")
    for client in others.values():
        client.close()
    north.assert_no_errors()
    north.close()


def test_the_trick_count_after_a_claim_and_the_keyboard_echo(
    server: Server, browser: Browser
) -> None:
    """Declarer concedes the rest at the first trick: the strip gives every trick to the
    defenders at once.  Typing a call echoes what was typed, nothing else."""
    me = person(browser, server.url)
    me.goto("/")
    me.guest()
    create_table(me, scoring="rubber")
    page = me.page
    page.wait_for_selector(live(".bid[data-call='7NT']"))
    page.keyboard.type("1")
    expect(page.locator(".typed")).to_have_text(re.compile(r"^Typed: 1$"))
    page.keyboard.press("Escape")
    page.locator(live(".bid[data-call='7NT']")).click()
    while not page.locator(live("button.slot.playable")).count():
        pass_now = page.locator(live(".bid[data-call='Pass']:not([disabled])"))
        if pass_now.count():
            pass_now.click()
        page.wait_for_timeout(50)
    page.get_by_role("button", name="Claim").click()
    page.locator("#claim-tricks").select_option("0")
    page.locator("dialog .btn-primary").click()
    expect(page.locator(".felt-box")).to_have_attribute("data-phase", "over")
    strip = page.locator(".tricks-info strong").inner_text()
    north_south, east_west = (int(n) for n in re.findall(r"\d+", strip))
    assert north_south + east_west == 13
    expect(page.locator(".deal-end")).to_contain_text(f"{north_south} trick")
    me.assert_no_errors()
    me.close()


def test_titles_and_robots_in_the_readers_language(server: Server, browser: Browser) -> None:
    me = person(browser, server.url, language="pt-BR")
    me.goto("/")
    me.guest()
    create_table(me, game="boerenbridge")
    page = me.page
    expect(page.locator(".table-head h1")).to_have_text("Boerenbridge")
    expect(page.locator(".oval-seat[data-seat='1'] .plate-name")).to_have_text("Robô 2")
    page.goto(server.url + "/")
    page.wait_for_selector("form.create-form")
    row = page.locator(".lobby-table").first
    expect(row).to_contain_text("Robô 2")
    assert "Robot" not in row.inner_text()

    create_table(me, game="contract", scoring="rubber")
    expect(page.locator(".table-head h1")).to_have_text("Bridge (contrato) · Rober")
    expect(page.locator(".seat-area[data-seat='E'] .plate-name")).to_have_text("Robô L")
    # The auction in the W–N–E–S columns every site uses; North deals: its column is second.
    headers = page.locator(".centre .auction thead th")
    expect(headers).to_have_text([re.compile(f"^{letter}•?$") for letter in "ONLS"])
    first_row = page.locator(".centre .auction tbody tr").first.locator("td")
    expect(first_row.first).to_have_class(re.compile("before-dealer"))

    assert "Robot" not in page.locator(".felt").inner_text()
    me.assert_no_errors()
    me.close()
