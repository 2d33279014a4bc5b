"""A guest plays a whole deal of bridge with three robots, by clicking and typing, in Chromium."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import CARD, Person, act_once, chromium, create_table, live, person
from serverkit import Server, running_server

HCP = {"A": 4, "K": 3, "Q": 2, "J": 1}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-bridge")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def my_turn_to_call(someone: Person) -> None:
    someone.page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))


def test_a_guest_plays_a_whole_deal_with_three_robots(server: Server, browser: Browser) -> None:
    me = person(browser, server.url)
    page = me.page
    me.goto("/")
    name = me.guest()
    create_table(me, scoring="rubber")

    # Seated at the bottom (North, the seat the robots left), robots marked in the others.
    expect(page.locator(".seat-area.pos-bottom .plate")).to_contain_text(name)
    for seat in "ESW":
        expect(page.locator(f".seat-area[data-seat='{seat}'] .badge.robot")).to_be_visible()
    my_turn_to_call(me)
    hand = me.seat_cards("N")
    assert len(hand) == 13
    assert me.face_up() == hand, "only my own cards are face up during the auction"
    points = sum(HCP.get(card[1], 0) for card in hand)
    expect(page.locator(".seat-area.pos-bottom .badge.hcp")).to_have_text(f"{points} HCP")
    # The hand is sorted by suit: all cards of a suit side by side.
    order = [
        s[0]
        for s in page.eval_on_selector_all(".pos-bottom .slot", "e => e.map(x => x.dataset.slot)")
    ]
    assert order == sorted(order, key=order.index), "suits are kept together"
    assert [s for i, s in enumerate(order) if i == 0 or order[i - 1] != s] == list(
        dict.fromkeys(order)
    )
    expect(page.locator(".info-strip")).to_contain_text("Dealer: North")

    # Only legal calls can be pressed: at the start, double and redouble cannot.
    expect(page.locator(".bid[data-call='X']")).to_be_disabled()
    expect(page.locator(".bid[data-call='XX']")).to_be_disabled()
    # A call typed on the keyboard: "1n" is one no trump.
    page.keyboard.type("1n")
    expect(page.locator(".auction td[data-index='0']")).to_contain_text("1")
    first = page.locator(".auction td[data-index='0'] .call")
    assert first.get_attribute("aria-label") == "1 no trump"

    # Play on: passes, then cards (the first one typed), the connection dropped once.
    typed_card = dropped = False
    actions: list[str] = []
    for _ in range(4000):
        if me.phase() == "over":
            break
        cards = page.locator(live("button.slot.playable"))
        if not typed_card and cards.count():
            card = str(cards.first.get_attribute("data-slot"))
            page.keyboard.type(f"{card[0].lower()} {card[1].lower()}")
            expect(
                page.locator(f".pos-bottom [data-slot='{card}'], .pos-top [data-slot='{card}']")
            ).to_have_count(0)
            typed_card = True
            actions.append(f"typed {card}")
            continue
        if typed_card and not dropped:
            page.evaluate("window.vaza.dropConnection()")
            expect(page.locator("#status")).to_contain_text("reconnecting")
            expect(page.locator("#status")).to_contain_text("Connected again")
            dropped = True
            continue
        action = act_once(me)
        if action is None:
            page.wait_for_timeout(30)
        else:
            actions.append(action)
    assert me.phase() == "over", actions
    assert typed_card or page.locator(".pos-bottom .badge[data-role='dummy']").count()

    # The end of the deal: every hand face up, the result, a replay, the pad.
    for seat in "NESW":
        assert len(me.seat_cards(seat)) == 13, seat
    assert len(me.face_up(".felt")) == 52
    expect(page.locator(".deal-end")).to_contain_text("Deal over")
    page.get_by_role("button", name="Next trick").click()
    expect(page.locator(".centre .replay-at")).to_have_text(re.compile(r"Trick 1 of \d+"))
    expect(page.locator(".centre .trick .played")).to_have_count(4)
    for seat in "NESW":
        assert len(me.seat_cards(seat)) == 12, "hands shrink as the replay goes on"
    expect(page.locator(".pad .pad-total")).to_be_visible()
    pbn_link = page.locator(".deal-end a", has_text="PBN")
    expect(pbn_link).to_be_visible()
    pbn = page.request.get(server.url + str(pbn_link.get_attribute("href")))
    assert pbn.ok and "[Deal " in pbn.text()
    lin = page.request.get(
        server.url + str(page.locator(".deal-end a", has_text="LIN").get_attribute("href"))
    )
    assert lin.ok and "md|" in lin.text()

    # The next deal: dealt by East, the auction begins again.
    page.get_by_role("button", name="Ready").click()
    expect(page.locator(".info-strip")).to_contain_text("Deal 2")
    expect(page.locator(".info-strip")).to_contain_text("Dealer: East")

    # History and the deal viewer.
    page.get_by_role("link", name="History").click()
    row = page.locator("table.history tbody tr").first
    expect(row).to_contain_text("Contract bridge")
    row.get_by_role("link", name="Open").click()
    page.wait_for_selector(".deal-page .felt")
    around = {"N": "top", "E": "right", "S": "bottom", "W": "left"}
    for seat in "NESW":
        assert len(me.face_up(f".deal-page .seat-area.pos-{around[seat]}")) == 13
    expect(page.locator(".deal-page .auction td").first).to_be_visible()
    page.get_by_role("button", name="Next trick").click()
    expect(page.locator(".deal-page .trick .played")).to_have_count(4)
    assert all(CARD.match(card) for card in me.face_up(".deal-page .trick"))
    expect(page.locator(".deal-page .downloads a", has_text="PBN")).to_have_attribute(
        "href", re.compile(r"/api/deals/\d+/pbn")
    )
    me.assert_no_errors()
    me.close()
