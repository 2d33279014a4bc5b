"""A guest plays a Boerenbridge match with robots in Chromium: bids, the dealer's barred bid,
tricks against bids, and the score table round by round."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import chromium, create_table, live, person
from serverkit import Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-boerenbridge")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def test_a_guest_plays_a_boerenbridge_match(server: Server, browser: Browser) -> None:
    me = person(browser, server.url)
    page = me.page
    me.goto("/")
    name = me.guest()
    create_table(me, game="boerenbridge", players=3, schedule="2, 2, 2")

    expect(page.locator(".oval-seat")).to_have_count(3)
    expect(page.locator(".oval-seat[data-seat='0'] .plate")).to_contain_text(name)
    rounds_over = 0
    dealt_to_me = 0
    barred_seen = 0
    deadline = time.monotonic() + 60
    while not page.locator(".boeren-under", has_text="The match is over.").count():
        assert time.monotonic() < deadline, "the match did not end"
        next_round = page.locator(live(".next-deal"))
        if next_round.count():
            rounds_over += 1
            result = page.locator(".round-result tbody tr")
            expect(result).to_have_count(3)
            # Every hand is shown once the round is over; during it, only mine.
            next_round.click()
            continue
        bids = page.locator(live(".boeren-bids .bid"))
        if bids.count() and page.locator(live(".boeren-bids .bid:not([disabled])")).count():
            expect(bids).to_have_count(3)  # 0, 1 or 2 tricks
            assert len(me.face_up(".boeren-under .hand")) == 2
            assert not me.face_up(".oval-seat"), "other players' cards are hidden"
            assert me.face_up(".oval-centre"), "the turned card shows the trumps"
            if page.locator(".oval-seat[data-seat='0'] .badge.dealer").count():
                dealt_to_me += 1
                barred = page.locator(".boeren-bids .bid.barred")
                if barred.count():
                    barred_seen += 1
                    expect(barred).to_be_disabled()
                    number = str(barred.get_attribute("data-tricks"))
                    expect(page.locator(".barred-note")).to_contain_text(f"may not bid {number}")
                    enabled = page.locator(".boeren-bids .bid:not([disabled])").count()
                    assert enabled == 2
            page.locator(live(".boeren-bids .bid:not([disabled])")).first.click()
            continue
        cards = page.locator(live("button.slot.playable"))
        if cards.count():
            assert not me.face_up(".oval-seat"), "other players' cards are hidden"
            cards.first.click()
            continue
        page.wait_for_timeout(30)

    assert rounds_over == 2 and dealt_to_me == 1, (rounds_over, dealt_to_me)
    # The score table: three rounds of two cards, every round filled in, totals, a winner.
    rows = page.locator(".boeren-score tbody tr")
    expect(rows).to_have_count(3)
    expect(page.locator(".boeren-score tbody tr.future")).to_have_count(0)
    expect(page.locator(".boeren-score tfoot td")).to_have_count(3)
    expect(page.locator(".boeren-score .star").first).to_be_visible()
    # The tricks won against each bid are on the plates.
    expect(page.locator(".oval-seat .bid-line").first).to_contain_text("won")
    assert barred_seen <= dealt_to_me
    me.assert_no_errors()
    me.close()
