"""Alerts and the meanings of calls in Chromium (issue 19, item 4): hovering, focusing or
long-pressing a call in the bidding box tells what it would mean in the robots' system before it
is made, in English and Portuguese, at a desktop and on a phone; a person alerts their own call
and explains it, and the explanation reaches the opponents' pages, never partner's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from browserkit import PHONE, Person, chromium, create_table, live, person
from serverkit import Server, running_server

DESKTOP_800 = {"width": 1280, "height": 800}
STRONG = "Strong and artificial: 22+ HCP or 9 tricks"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-alerts")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def _frames_sent(me: Person) -> list[str]:
    """The frames the page will send on its sockets, as they go."""
    sent: list[str] = []

    def keep(frame: str) -> None:  # Playwright takes functions, not built-in methods
        sent.append(frame)

    me.page.on("websocket", lambda socket: socket.on("framesent", keep))
    return sent


def _my_turn_at_a_rubber_table(me: Person) -> tuple[Page, Locator]:
    """A new rubber table of `me`'s (deal 1: North, the creator, deals): its page once the
    bidding box waits for a call, and the box's meaning line."""
    create_table(me, scoring="rubber")
    page = me.page
    page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    return page, page.locator(live(".bidding-box .call-meaning"))


@pytest.mark.parametrize(
    ("size", "language", "points"),
    [("desktop", "en", "HCP"), ("phone", "pt-BR", "PH")],
)
def test_the_meaning_of_a_call_shows_before_it_is_made(
    server: Server, browser: Browser, size: str, language: str, points: str
) -> None:
    viewport = DESKTOP_800 if size == "desktop" else PHONE
    me = person(browser, server.url, viewport=viewport, language=language)
    sent = _frames_sent(me)
    me.goto("/")
    me.guest()
    page, meaning = _my_turn_at_a_rubber_table(me)
    expect(meaning).to_be_hidden()
    if size == "desktop":
        one_notrump = page.locator(live(".bid[data-call='1NT']"))
        one_notrump.hover()
        expect(meaning).to_be_visible()
        expect(meaning).to_contain_text("1NT" if language == "en" else "1SA")
        expect(meaning).to_contain_text(points)
        expect(one_notrump).to_have_attribute("title", meaning.inner_text().split(": ", 1)[1])
    else:
        # A phone has no hover: a long press on a strain reads the call and does not make it.
        strain = page.locator(live(".bid-strain.strain-NT"))
        expect(strain).to_have_attribute("data-call", "1NT")
        strain.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
        expect(meaning).to_be_visible()
        strain.dispatch_event("pointerup", {"pointerType": "touch", "bubbles": True})
        strain.dispatch_event("click")
        expect(meaning).to_contain_text(points)
        assert not [frame for frame in sent if '"call"' in str(frame)], "the long press bid"
    # Pass opens nothing: its meaning says so in the reader's language.
    page.locator(live(".bid[data-call='Pass']")).focus()
    expect(meaning).to_be_visible()
    assert meaning.inner_text() != ""
    me.assert_no_errors()
    me.close()


def test_a_long_press_goes_on_when_the_page_is_drawn_again_meanwhile(
    server: Server, browser: Browser
) -> None:
    """An answer that comes during a long press draws the bidding box anew (here the table's
    invitation link, which the page asks for after the snapshot): the press still reads the
    call, in the box now shown, and still does not make it."""
    me = person(browser, server.url, viewport=PHONE)
    sent = _frames_sent(me)
    held: list[Route] = []

    def hold(route: Route) -> None:
        if route.request.method == "GET":
            held.append(route)
        else:
            route.continue_()

    me.goto("/")
    me.guest()
    me.page.route("**/api/tables/*", hold)
    page, meaning = _my_turn_at_a_rubber_table(me)
    expect(meaning).to_be_hidden()
    for _ in range(600):  # the page asks for its link after the snapshot
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page asked for the table's invitation link"
    strain = page.locator(live(".bid-strain.strain-NT"))
    strain.dispatch_event("pointerdown", {"pointerType": "touch", "bubbles": True})
    for route in held:
        route.continue_()
    # The box is drawn anew once the link is in (its button in the table's menu).
    expect(page.locator("#table-tools button", has_text="Copy invitation link")).to_have_count(1)
    expect(meaning).to_be_visible()
    expect(meaning).to_contain_text("HCP")
    page.locator(live(".bid-strain.strain-NT")).dispatch_event(
        "pointerup", {"pointerType": "touch", "bubbles": True}
    )
    page.locator(live(".bid-strain.strain-NT")).dispatch_event("click")
    expect(meaning).to_contain_text("1NT")
    assert not [frame for frame in sent if '"call"' in str(frame)], "the long press bid"
    me.assert_no_errors()
    me.close()


def test_a_call_pointed_at_before_its_meaning_came_shows_it_when_it_comes(
    server: Server, browser: Browser
) -> None:
    """On a loaded server the meanings may come after the call was pointed at (a long press
    of 450 ms is soon over): the line then shows when they come, not on the next hover."""
    me = person(browser, server.url, viewport=DESKTOP_800)
    held: list[Route] = []

    def hold(route: Route) -> None:  # Playwright takes functions, not built-in methods
        held.append(route)

    me.page.route("**/api/games/*/meanings?*", hold)
    me.goto("/")
    me.guest()
    page, meaning = _my_turn_at_a_rubber_table(me)
    page.locator(live(".bid[data-call='1NT']")).focus()
    expect(meaning).to_be_hidden()
    assert held, "the page asked for the meanings"
    for route in held:
        route.continue_()
    expect(meaning).to_be_visible()
    expect(meaning).to_contain_text("1NT")
    expect(meaning).to_contain_text("HCP")
    me.assert_no_errors()
    me.close()


def test_an_alert_reaches_the_opponents_and_not_partner(server: Server, browser: Browser) -> None:
    north = person(browser, server.url, viewport=DESKTOP_800)
    north.goto("/")
    north.guest()
    table = create_table(north, scoring="rubber", robots=False)
    north.page.locator(".seat-area[data-seat='W'] [data-robot='W']").click()
    others = {}
    for seat, viewport, language in (("E", PHONE, "pt-BR"), ("S", DESKTOP_800, "en")):
        someone = person(browser, server.url, viewport=viewport, language=language)
        someone.goto("/")
        someone.guest()
        someone.goto(f"/table/{table}")
        someone.page.locator(f".seat-area[data-seat='{seat}'] [data-sit='{seat}']").click()
        others[seat] = someone
    east, south = others["E"], others["S"]

    page = north.page
    page.wait_for_selector(live(".bidding-box .bid[data-call='2C']:not([disabled])"))
    page.locator(live(".bid-alert")).click()
    expect(page.locator(live(".bid-alert"))).to_have_attribute("aria-pressed", "true")
    page.locator(live(".alert-text")).fill(STRONG)
    page.locator(live(".bid[data-call='2C']")).click()

    # East, an opponent, reads the alert (on a phone, in Portuguese) on the call itself.
    cell = east.page.locator(".auction td.alerted[data-index='0']").first
    expect(cell).to_be_visible()
    cell.locator(".explain").click()
    expect(cell.locator(".explain-tip")).to_have_text(f"Alerta: {STRONG}")
    # North sees its own alert.
    expect(page.locator(".auction td.alerted[data-index='0']").first).to_be_visible()
    # South, the partner, sees the call and no alert, anywhere on the page.
    expect(south.page.locator(".auction td[data-index='0']").first).to_contain_text("2")
    expect(south.page.locator(".auction td.alerted")).to_have_count(0)
    assert STRONG not in south.page.content()
    # The alert is spent: North's next call (after East doubles, South and West) has none.
    for someone, call in ((east, "X"), (south, "Pass")):
        someone.page.locator(live(f".bid[data-call='{call}']:not([disabled])")).click()
    expect(page.locator(live(".bid-alert"))).to_have_attribute("aria-pressed", "false")
    expect(page.locator(live(".alert-field"))).to_be_hidden()
    for someone in (north, east, south):
        someone.assert_no_errors()
        someone.close()
