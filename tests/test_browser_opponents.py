"""Two browsers at one table as opponents: an undo request and a claim are answered through the
answering player's dialog (refuse, then grant; reject, then accept)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import Person, act_once, chromium, create_table, live, person
from serverkit import Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-opponents")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def answer(someone: Person, button: str) -> None:
    dialog = someone.page.locator("dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=button).click()
    expect(dialog).to_have_count(0)


def test_an_opponent_answers_undo_requests_and_claims(server: Server, browser: Browser) -> None:
    north = person(browser, server.url)
    north.goto("/")
    north.guest()
    table = create_table(north, scoring="duplicate", robots=False)
    for seat in "SW":
        north.page.locator(f"[data-robot='{seat}']").click()
        expect(north.page.locator(f".seat-area[data-seat='{seat}'] .badge.robot")).to_be_visible()
    east = person(browser, server.url)
    east.goto("/")
    east.guest()
    east.goto(f"/table/{table}")
    east.page.locator("[data-sit='E']").click()

    # Board 1: North deals and opens; East, to call next, is asked to let it be taken back.
    north.page.locator(live(".bid[data-call='1NT']")).click()
    east.page.wait_for_selector(live(".bid[data-call='Pass']:not([disabled])"))
    north.page.get_by_role("button", name="Undo").click()
    north.page.locator("dialog .btn-primary").click()
    expect(east.page.locator("dialog")).to_contain_text("North asks to take back")
    answer(east, "Refuse")
    expect(north.page.locator(".auction td[data-index]")).to_have_count(1)
    north.page.get_by_role("button", name="Undo").click()
    north.page.locator("dialog .btn-primary").click()
    answer(east, "Allow")
    expect(north.page.locator(".auction td[data-index]")).to_have_count(0)
    north.page.locator(live(".bid[data-call='1NT']")).click()

    # On to the play (East passes throughout).  North, unless dummy, concedes the rest before
    # any card: East (not yet a faced dummy) and West (a robot, who accepts concessions) answer.
    deadline = time.monotonic() + 30
    while north.phase() != "play":
        assert time.monotonic() < deadline, "the auction did not end"
        if not (act_once(east, calls_only=True) or act_once(north, calls_only=True)):
            north.page.wait_for_timeout(30)
    role = north.page.locator(".seat-area[data-seat='N'] .badge[data-role]")
    if not (role.count() and role.get_attribute("data-role") == "dummy"):
        north.page.get_by_role("button", name="Claim").click()
        north.page.select_option("#claim-tricks", "0")
        north.page.locator("dialog .btn-primary").click()
        expect(east.page.locator("dialog")).to_contain_text("North concedes the remaining tricks")
        answer(east, "Reject")
        expect(north.page.locator(".proposal")).to_have_count(0)
        north.page.get_by_role("button", name="Claim").click()
        north.page.select_option("#claim-tricks", "0")
        north.page.locator("dialog .btn-primary").click()
        answer(east, "Accept")
        north.page.wait_for_selector(".felt-box[data-phase='over']")
        expect(north.page.locator(".deal-end")).to_contain_text("claimed")
    for someone in (north, east):
        someone.assert_no_errors()
        someone.close()
