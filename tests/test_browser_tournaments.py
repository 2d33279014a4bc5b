"""Duplicate tournaments in Chromium: a guest creates a small robot tournament, finds its boards
locked, plays them by clicking at their own table, then reads the ranking, a board's traveller with
its double-dummy table and par, the tournament's PBN file, and where the tricks went in the deal
viewer."""

from __future__ import annotations

import re
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import DESKTOP, PHONE, Person, chromium, person, play_bridge_deal
from serverkit import Server, running_server

EVENT = "Browser robots"
ANALYSIS_WAIT = 45_000
"""Milliseconds to wait for the analysis worker (a deal solved double dummy, its play too)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-events")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def open_tournaments(someone: Person) -> None:
    """The header's link to the tournaments (the client's own navigation)."""
    someone.page.locator(".nav a.nav-link", has_text="Events").click()
    someone.page.wait_for_url(re.compile(r"/events$"))


def create_robot_tournament(someone: Person, name: str, boards: int) -> str:
    """Fill in the tournaments page's form; returns the new tournament's id (its page is shown)."""
    page = someone.page
    page.wait_for_selector("form.event-form")
    page.select_option("select[name=kind]", "robot")
    page.fill("input[name=name]", name)
    page.fill("input[name=boards]", str(boards))
    page.locator("input[name=boards]").dispatch_event("change")
    page.select_option("select[name=source]", "seed")
    page.fill("input[name=seed]", "browser test")
    page.fill("input[name=robot_tables]", "1")
    page.locator("input[name=robot_tables]").dispatch_event("change")
    page.select_option("select[name=scoring]", "mp")
    page.locator("form.event-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/events/[^/?]+$"))
    expect(page.locator(".event-head h1")).to_contain_text(name)
    return page.url.rsplit("/", 1)[1]


def board_link(page: Page, number: int) -> None:
    page.locator(f".board-list tr[data-board='{number}'] a").click()
    page.wait_for_url(re.compile(rf"\?board={number}$"))


def cards_on(page: Page, selector: str) -> set[str]:
    values = page.eval_on_selector_all(
        f"{selector} [data-card]", "els => els.map(e => e.dataset.card)"
    )
    return {str(value) for value in values}


def test_a_guest_plays_a_robot_tournament(server: Server, browser: Browser) -> None:
    me = person(browser, server.url)
    page = me.page
    me.goto("/")
    name = me.guest()
    open_tournaments(me)
    event = create_robot_tournament(me, EVENT, boards=2)
    expect(page.locator(".event-head")).to_contain_text("Robot tournament")
    expect(page.locator(".event-head")).to_contain_text("Matchpoints")

    # Before playing: every board locked, and a board's page says so without a card on it.
    expect(page.locator(".board-list tbody tr")).to_have_count(2)
    expect(page.locator(".board-list tr[data-visible='false']")).to_have_count(2)
    board_link(page, 1)
    expect(page.locator(".board-view .hidden-note")).to_contain_text(
        "You have not played board 1 yet"
    )
    assert not cards_on(page, "body"), "a locked board shows no card"
    expect(page.locator(".traveller")).to_have_count(0)
    refused = page.request.get(f"{server.url}/api/events/{event}/boards/1")
    assert refused.status == 403 and refused.json()["code"] == "not_visible"

    # Play both boards at my own table: South, with three robots.
    page.locator("button[data-action='play']").click()
    page.wait_for_url(re.compile(r"/table/[^/]+\?invite="))
    page.wait_for_selector(".felt")
    expect(page.locator(".seat-area.pos-bottom")).to_have_attribute("data-seat", "S")
    expect(page.locator(".seat-area.pos-bottom .plate")).to_contain_text(name)
    play_bridge_deal(me, first_call="1NT")
    expect(page.locator(".info-strip")).to_contain_text("Board 1")
    page.locator(".next-deal").click()
    expect(page.locator(".info-strip")).to_contain_text("Board 2")
    play_bridge_deal(me, first_call="1NT")
    expect(page.locator(".centre")).to_contain_text("The match is over")
    # The end of the deal at the table: where the tricks went, once the analysis is in.
    costs = page.locator(".deal-end .play-cost")
    expect(costs).to_be_visible(timeout=ANALYSIS_WAIT)
    expect(costs).to_contain_text("Where the tricks went")
    assert page.locator(".deal-end .play-cost td.cost-card").count() > 0

    # Back at the tournament: the ranking has me, both boards played.
    open_tournaments(me)
    page.locator(".events-table a", has_text=EVENT).click()
    page.wait_for_url(re.compile(rf"/events/{event}$"))
    mine = page.locator(".standings[data-group='field'] tr.mine")
    expect(mine).to_have_count(1)
    expect(mine).to_contain_text(name)
    expect(mine.locator("td").nth(1)).to_have_text("2")
    expect(mine).to_contain_text("%")
    expect(page.locator(".board-list tr[data-visible='true']")).to_have_count(2)

    # A board's traveller: the deal, double dummy and par, every result with its scores.
    board_link(page, 1)
    view = page.locator(".board-view")
    expect(view.locator(".traveller tbody tr.mine")).to_have_count(1)
    # The robot table's result too (the page follows the tournament while its tables play).
    expect(view.locator(".traveller tbody tr")).to_have_count(2, timeout=30_000)
    expect(view.locator(".traveller tbody tr[data-ns='R1-NS']")).to_contain_text("Robots 1")
    expect(view.locator(".traveller thead")).to_contain_text("N-S MPs")
    assert len(cards_on(page, ".board-view .felt")) == 52
    expect(view.locator(".dd-table")).to_be_visible(timeout=ANALYSIS_WAIT)
    expect(view.locator(".dd-table tbody tr")).to_have_count(4)
    expect(view.locator(".par")).to_contain_text("Par")
    expect(view.locator(".play-cost")).to_have_count(0)  # another table's play is not mine
    # On a phone the wide tables scroll inside their boxes; the page itself does not.
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.set_viewport_size({"width": DESKTOP["width"], "height": DESKTOP["height"]})

    # The whole event as PBN, from the page's own link.
    pbn_link = page.locator("a[data-download='pbn']")
    response = page.request.get(server.url + str(pbn_link.get_attribute("href")))
    assert response.ok
    text = response.text()
    assert f'[Event "{EVENT}"]' in text and '[Board "1"]' in text and '[Board "2"]' in text

    # My result opens in the deal viewer, where each card carries its cost.
    view.locator(".traveller tr.mine a", has_text="Replay").click()
    page.wait_for_url(re.compile(r"/deal/\d+$"))
    expect(page.locator(".play-cost td.cost-card").first).to_be_visible(timeout=ANALYSIS_WAIT)
    deal = page.request.get(f"{server.url}/api/deals/{page.url.rsplit('/', 1)[1]}").json()
    cost = deal["summary"]["analysis"]["play_cost"]
    shown = page.eval_on_selector_all(
        ".play-cost td.cost-card",
        """els => els.map(e => [e.dataset.seat, e.dataset.costCard, Number(e.dataset.cost),
                                e.classList.contains('costly')])""",
    )
    assert shown == [[c["seat"], c["card"], c["cost"], c["cost"] > 0] for c in cost["cards"]]
    totals = page.eval_on_selector_all(
        ".cost-totals td", "els => els.map(e => Number(e.textContent))"
    )
    dummy = "NESW"["NESW".index(cost["declarer"]) - 2]  # charged nothing: declarer chose
    assert cost["seats"][dummy] == 0
    assert totals == [cost["seats"][seat] for seat in "NESW" if seat != dummy] + [
        cost["sides"][side] for side in ("NS", "EW")
    ]
    # A trick chosen in the cost table is replayed on the felt, its costly cards marked.
    page.locator(".cost-table tr[data-trick='1'] button").click()
    expect(page.locator(".centre .replay-at")).to_have_text(re.compile(r"Trick 1 of \d+"))
    expect(page.locator(".cost-table tr.current")).to_have_attribute("data-trick", "1")
    first_trick_costly = sum(1 for card in cost["cards"][:4] if card["cost"] > 0)
    expect(page.locator(".centre .trick .cost-badge")).to_have_count(first_trick_costly)

    me.assert_no_errors()
    me.close()


def test_a_pairs_game_is_joined_started_and_closed_in_portuguese(
    server: Server, browser: Browser
) -> None:
    me = person(browser, server.url, language="pt-BR")
    page = me.page
    me.goto("/")
    me.guest()
    page.locator(".nav a.nav-link", has_text="Eventos").click()
    page.wait_for_selector("form.event-form")
    page.select_option("select[name=kind]", "pairs")
    page.fill("input[name=name]", "Duplas de quinta")
    page.fill("input[name=boards]", "2")
    page.locator("input[name=boards]").dispatch_event("change")
    page.select_option("select[name=scoring]", "imps")
    page.select_option("select[name=imps]", "butler")
    page.locator("form.event-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/events/[^/?]+$"))
    head = page.locator(".event-head")
    expect(head).to_contain_text("Torneio de duplas")
    expect(head).to_contain_text("IMPs (Butler)")
    expect(head).to_contain_text("Mitchell, 2 mesas, 2 rodadas")
    expect(page.locator(".entry-card")).to_have_count(4)
    expect(page.locator(".standings")).to_have_count(2)

    # A seat taken in pair NS1; no other seat is offered once I sit.
    page.locator(".entry-card[data-entry='NS1'] button[data-seat='N']").click()
    me_name = page.locator(".account .me").inner_text().split(" ")[0].strip()
    expect(page.locator(".entry-card[data-entry='NS1']")).to_contain_text(me_name)
    expect(page.locator(".entry-card button[data-seat]")).to_have_count(0)

    # The organiser deals it: my two rounds' tables are offered, then the tournament is closed.
    page.locator("button[data-action='start']").click()
    expect(page.locator(".event-head [data-status]")).to_have_attribute("data-status", "playing")
    expect(page.locator(".my-tables a")).to_have_count(2)
    expect(page.locator(".my-tables a").first).to_have_attribute("href", re.compile(r"invite="))
    page.locator("button[data-action='close']").click()
    page.locator("dialog .btn-primary").click()
    expect(page.locator(".event-head [data-status]")).to_have_attribute("data-status", "closed")
    expect(page.locator("button[data-action='close']")).to_have_count(0)
    me.assert_no_errors()
    me.close()


def test_the_tournament_pages_are_served(server: Server) -> None:
    """Every events address serves the page shell, so a link or a reload reaches it."""
    for path in ("/events", "/events/abc123"):
        response = httpx.get(server.url + path, timeout=10)
        assert response.status_code == 200, path
        assert 'id="main"' in response.text
