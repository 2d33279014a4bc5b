"""The table's layout in Chromium, where players from other sites look first: on a phone
(390×844) the whole hand and the bidding box in view together, the table's tools in a menu;
a seven-player Boerenbridge table whose score columns all fit (1280×800 and 390×844) with its
cards at full size; and the lobby's "Return to my table"."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browserkit import PHONE, Person, act_once, chromium, create_table, live, person
from serverkit import Server, running_server

DESKTOP_800 = {"width": 1280, "height": 800}
SIZES = {"desktop": DESKTOP_800, "phone": PHONE}

BOXES = """sel => [...document.querySelectorAll(sel)].map(e => {
  const r = e.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,
          height: r.height, text: e.textContent.trim()};
})"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-layout")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def boxes(page: Page, selector: str) -> list[dict[str, float | str]]:
    found: list[dict[str, float | str]] = page.evaluate(BOXES, selector)
    return found


def outside(page: Page, selector: str) -> list[dict[str, float | str]]:
    """The elements matching `selector` not wholly inside the viewport (half a pixel's grace)."""
    width, height = page.evaluate("[innerWidth, innerHeight]")
    return [
        box
        for box in boxes(page, selector)
        if float(box["left"]) < -0.5
        or float(box["top"]) < -0.5
        or float(box["right"]) > width + 0.5
        or float(box["bottom"]) > height + 0.5
    ]


def new_player(browser: Browser, server: Server, size: str, language: str) -> Person:
    someone = person(browser, server.url, viewport=SIZES[size], language=language)
    someone.goto("/")
    someone.guest()
    return someone


# -- the phone's auction --------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_on_a_phone_a_side_seats_declarer_badge_fits(
    server: Server, browser: Browser, language: str
) -> None:
    """ "Declarante" on a side seat's plate once stuck out of it (on the right, it pushed a
    phone's page 4 px sideways), then ended in an ellipsis ("Decl…"): a side seat's badges are
    now in smaller type, whole inside the plate, the word in its title too."""
    me = new_player(browser, server, "phone", language)
    table = create_table(me, scoring="duplicate", robots=False)  # board 1: North (me) deals
    for seat in "SW":
        me.page.locator(f"[data-robot='{seat}']").click()
        expect(me.page.locator(f".seat-area[data-seat='{seat}'] .badge.robot")).to_be_visible()
    east = new_player(browser, server, "desktop", "en")
    east.goto(f"/table/{table}")
    east.page.locator("[data-sit='E']").click()
    me.page.locator(live(".bid[data-call='Pass']:not([disabled])")).click()
    east.page.locator(live(".bid[data-call='7NT']:not([disabled])")).click()
    me.page.locator(live(".bid[data-call='Pass']:not([disabled])")).click()  # after the robot
    # A robot holding an ace doubles 7NT (it beats it alone); East then passes the double.
    east_pass = live(".bid[data-call='Pass']:not([disabled])")
    east.page.wait_for_selector(f"{east_pass}, .felt-box[data-phase='play']")
    if east.page.locator(east_pass).count():
        east.page.locator(east_pass).click()
    expect(me.page.locator(".felt-box")).to_have_attribute("data-phase", "play")
    badge = me.page.locator(".seat-area[data-seat='E'] .badge[data-role=declarer]")
    expect(badge).to_be_visible()
    word = "Declarer" if language == "en" else "Declarante"
    expect(badge).to_have_attribute("title", word)
    plate = boxes(me.page, ".seat-area[data-seat='E'] .plate")[0]
    for box in boxes(me.page, ".seat-area[data-seat='E'] .plate .badge"):
        assert float(box["right"]) <= float(plate["right"]) + 0.5, f"{box['text']} sticks out"
    # ... and shows its whole word, not "Decl…" (nor dummy's "Dum…" across the table).
    assert not problems(me.page, [], [".seat-area .plate"])
    assert not outside(me.page, ".seat-area[data-seat='E'] .plate"), "East's plate is out of view"
    assert me.page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    for someone in (me, east):
        someone.assert_no_errors()
        someone.close()


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_on_a_phone_the_hand_and_the_bidding_box_are_in_view_together(
    server: Server, browser: Browser, language: str
) -> None:
    me = new_player(browser, server, "phone", language)
    page = me.page
    create_table(me, scoring="rubber")
    page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    assert page.evaluate("scrollY") == 0
    hand = ".seat-area.pos-bottom .hand [data-card]"
    assert len(boxes(page, hand)) == 13
    assert not outside(page, hand), "a card of my hand is out of view"
    assert not outside(page, ".felt-box .bidding-box"), "the bidding box is out of view"
    # The compact box: seven levels, five strains of the chosen level, then Pass, X, XX.
    expect(page.locator(live(".bidding-box.compact .bid-level"))).to_have_count(7)
    strains = page.locator(live(".bidding-box.compact .bid-strain"))
    expect(strains).to_have_count(5)
    expect(page.locator(live(".bid-level[aria-pressed=true]"))).to_have_text("1")
    assert [strains.nth(i).get_attribute("data-call") for i in range(5)] == [
        "1C", "1D", "1H", "1S", "1NT"
    ]  # fmt: skip
    # Choose a level, then a strain: the strains now carry that level, and the call is made.
    page.locator(live(".bid-level[data-level='2']")).click()
    expect(page.locator(live(".bid-level[aria-pressed=true]"))).to_have_text("2")
    expect(page.locator(live(".bid-strain.strain-S"))).to_have_attribute("data-call", "2S")
    expect(page.locator(live(".bid-strain.strain-S"))).to_have_attribute(
        "aria-label", "2 spades" if language == "en" else "2 espadas"
    )
    assert not outside(page, ".felt-box .bidding-box")
    page.locator(live(".bid-strain.strain-S")).click()
    # The robots may pass the auction out at once and play begin: the side panel keeps it.
    made = page.locator(".auction td[data-index='0'] .call-bid.strain-S").last
    expect(made).to_have_text("2")
    # The header and the table's title take one slim band; the tools wait in a menu.
    header = boxes(page, "#top")[0]
    head = boxes(page, ".table-head")[0]
    assert float(header["height"]) <= 64 and float(head["bottom"]) <= 110, (header, head)
    stand = "Stand up" if language == "en" else "Levantar"
    expect(page.get_by_role("button", name=stand)).to_be_hidden()
    toggle = page.locator(".table-head .menu-toggle")
    expect(toggle).to_have_text("☰ Table" if language == "en" else "☰ Mesa")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("button", name=stand)).to_be_visible()
    assert not outside(page, ".table-tools.open")
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name=stand)).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    me.assert_no_errors()
    me.close()


def test_at_a_desktop_the_full_bidding_box_and_the_tools_stay(
    server: Server, browser: Browser
) -> None:
    me = new_player(browser, server, "desktop", "en")
    page = me.page
    create_table(me, scoring="rubber")
    page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    expect(page.locator(live(".bidding-box .bid-grid .bid[data-call]"))).to_have_count(35)
    expect(page.locator(".bidding-box.compact")).to_have_count(0)
    expect(page.locator(".table-head .menu-toggle")).to_be_hidden()
    expect(page.get_by_role("button", name="Stand up")).to_be_visible()
    assert not outside(page, ".seat-area.pos-bottom .hand [data-card]")
    assert not outside(page, ".felt-box .bidding-box")
    # Narrowed to a phone's width, the same table redraws its compact box.
    page.set_viewport_size(PHONE)
    expect(page.locator(live(".bidding-box.compact .bid-level"))).to_have_count(7)
    page.set_viewport_size(DESKTOP_800)
    expect(page.locator(live(".bidding-box .bid-grid .bid[data-call]"))).to_have_count(35)
    me.assert_no_errors()
    me.close()


# -- Boerenbridge ---------------------------------------------------------------------------


def to_play_with_a_trick(someone: Person) -> None:
    """Bid, then play, until it is my turn to play with a card of the trick on the table."""
    page = someone.page
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        cards = page.locator(live("button.slot.playable"))
        if cards.count() and page.locator(".oval .played-oval .card").count():
            return
        bids = page.locator(live(".boeren-bids .bid:not([disabled])"))
        if bids.count():
            bids.first.click()
        elif cards.count():
            cards.first.click()
        elif page.locator(live(".next-deal")).count():
            page.locator(live(".next-deal")).click()
        else:
            page.wait_for_timeout(30)
    raise AssertionError("no trick came to me with cards on the table")


@pytest.mark.parametrize("language", ["en", "pt-BR"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_seven_player_boerenbridge_table_fits(
    server: Server, browser: Browser, size: str, language: str
) -> None:
    # A wide name: its three letters must still fit the narrowest column.
    me = person(browser, server.url, viewport=SIZES[size], language=language)
    page = me.page
    name = f"Mariana{size}{language[:2]}"
    me.goto("/")
    registered = page.request.post(
        server.url + "/api/register",
        data={"name": name, "password": "correct horse", "language": language},
    )
    assert registered.ok, registered.text()
    page.evaluate("localStorage.setItem('vaza.session', '1')")  # the client's hint: logged in
    me.goto("/")
    me.no_slip_guard()
    create_table(me, game="boerenbridge", players=7, schedule="3, 4, 5, 6, 7, 6, 5, 4, 3")
    expect(page.locator(".oval-seat")).to_have_count(7)
    to_play_with_a_trick(me)
    # No name plate over another, no card of the trick over a plate's bid and tricks won,
    # every plate inside the screen's width: with the trick as it is, and with the last trick
    # (all seven cards) shown.
    pairs = [
        (".oval-seat .plate", ".oval-seat .plate"),
        (".played-oval .card", ".oval-seat .plate"),
    ]
    found = problems(page, pairs, [".oval-seat .plate", ".felt.boeren"])
    assert not found, found
    last = page.locator(".info-buttons button[aria-pressed]")
    while not last.count():
        page.locator(live("button.slot.playable")).first.click()
        to_play_with_a_trick(me)
    last.click()
    expect(page.locator(".oval .played-oval .card")).to_have_count(7)
    found = problems(page, pairs, [".oval-seat .plate", ".felt.boeren"])
    assert not found, found
    last.click()

    # Cards at full size: the turned card and the trick's cards as wide as a hand's, and
    # shaped as cards (1.4 times as high as wide), so a J♠ reads as J♠.
    hand = boxes(page, ".boeren-under .hand .card")
    turned = boxes(page, ".oval-centre .turned .card")
    played = boxes(page, ".oval .played-oval .card")
    assert hand and len(turned) == 1 and played
    for card in [*turned, *played]:
        assert card["width"] == hand[0]["width"], (card, hand[0])
    for card in [*hand, *turned, *played]:
        assert abs(float(card["height"]) - 1.4 * float(card["width"])) < 1, card

    # The score table: nine rounds by seven players, no sideways scrolling anywhere, every
    # column inside the screen once the table is scrolled into view; my own column first.
    score = page.locator(".boeren-score")
    expect(score.locator("tbody tr")).to_have_count(9)
    score.scroll_into_view_if_needed()
    widths = page.evaluate(
        """() => [document.documentElement, document.querySelector('.panel.score'),
                  document.querySelector('.boeren-score')]
                 .map(e => [e.scrollWidth, e.clientWidth])"""
    )
    for scroll_width, client_width in widths:
        assert scroll_width <= client_width, widths
    columns = boxes(page, ".boeren-score thead th")
    assert len(columns) == 8  # the rounds, then seven players
    assert not outside(page, ".boeren-score thead th"), columns
    assert not outside(page, ".boeren-score tfoot td")
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.boeren-score th, .boeren-score td')]
                 .filter(e => e.scrollWidth > e.clientWidth).map(e => e.textContent)"""
    )
    assert not cut, f"cut short in their cells: {cut}"
    first = score.locator("thead th.player-col").first
    expect(first).to_have_attribute("title", name)
    expect(first).to_have_class("player-col mine")
    expect(first).to_have_text("Mar")
    robot = "Robot 2" if language == "en" else "Robô 2"
    expect(score.locator("thead th.player-col").nth(1)).to_have_attribute("title", robot)
    expect(score.locator("thead th.player-col").nth(1)).to_have_text("R2")
    me.assert_no_errors()
    me.close()


# -- the lobby ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "back", "watch"),
    [("en", "Return to my table", "Join"), ("pt-BR", "Voltar à minha mesa", "Sentar")],
)
def test_the_lobby_offers_a_return_to_my_table(
    server: Server, browser: Browser, language: str, back: str, watch: str
) -> None:
    me = new_player(browser, server, "desktop", language)
    page = me.page
    table = create_table(me, scoring="chicago")
    page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    page.get_by_role("link", name="Lobby" if language == "en" else "Salão").click()
    row = page.locator(f".lobby-table[data-table='{table}']")
    expect(row.get_by_role("link", name=back)).to_be_visible()
    expect(row.get_by_role("link", name=watch)).to_have_count(0)
    # Someone else is offered a seat at it: robots fill only the seats nobody takes.
    other = new_player(browser, server, "desktop", language)
    other_row = other.page.locator(f".lobby-table[data-table='{table}']")
    expect(other_row.get_by_role("link", name=watch)).to_be_visible()
    expect(other_row.get_by_role("link", name=back)).to_have_count(0)
    other.assert_no_errors()
    other.close()
    # Back at the table, in my own seat (a robot may have stood in while I was away: the
    # server's hold is a second, so how far the deal went depends on the machine's speed).
    row.get_by_role("link", name=back).click()
    page.wait_for_url(f"**/table/{table}")
    page.wait_for_selector(live(".seat-area.pos-bottom .plate.me"))
    expect(page.locator(".seat-area.pos-bottom .plate.me")).to_have_count(1)
    me.assert_no_errors()
    me.close()


# -- nothing overlaps, nothing is cut ------------------------------------------------------

PROBLEMS = (Path(__file__).parent / "layout_problems.js").read_text()


def problems(page: Page, pairs: list[tuple[str, str]], in_view: list[str]) -> list[str]:
    """Overlapping boxes (each pair of selectors), truncated badges, covered ranks, and
    elements outside the viewport's width, as sentences."""
    found: list[str] = page.evaluate(PROBLEMS, [pairs, in_view])
    return found


# -- a bridge table from the auction to the end of the deal ---------------------------------

ANALYSIS_WAIT = 45_000


def rows(page: Page, hands: str) -> list[int]:
    """How many rows of cards each hand matching `hands` takes."""
    found: list[int] = page.eval_on_selector_all(
        hands,
        """hs => hs.map(h => new Set([...h.querySelectorAll('.slot')]
                 .map(s => Math.round(s.getBoundingClientRect().top))).size)""",
    )
    return found


def explains(page: Page, explained: str) -> bool:
    """Whether a call of the box is explained once the auction's meanings are in (asked for
    as the box was drawn; a position the system says nothing of has none)."""
    try:
        page.locator(explained).first.wait_for(timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


@pytest.mark.parametrize("language", ["en", "pt-BR"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_a_bridge_table_fits_from_the_auction_to_the_end(
    server: Server, browser: Browser, size: str, language: str
) -> None:
    me = new_player(browser, server, size, language)
    page = me.page
    create_table(me, scoring="rubber")
    plates = (".seat-area .plate", ".seat-area .plate")
    called = False
    checked = 0
    deadline = time.monotonic() + 90
    while me.phase() != "over":
        assert time.monotonic() < deadline, "the deal did not end"
        box = page.locator(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
        if box.count() and checked < 3:
            # At a desk the whole table, my own plate included, stays within 800 px.
            if size == "desktop":
                assert not outside(page, ".seat-area.pos-bottom .plate"), "my plate is out of view"
            # What a call means is shown beside the auction, never over it (a call the
            # robots' system explains: its meaning is the button's title once known).
            explained = live(".bidding-box .bid[data-call][title]:not([title='']):not([disabled])")
            pairs = [plates]
            if explains(page, explained):
                page.locator(explained).first.hover()
                page.locator(live(".call-meaning:not([hidden])")).wait_for()
                pairs += [(".call-meaning", ".centre .auction"), (".call-meaning", ".bid")]
                checked += 1
            found = problems(page, pairs, [".call-meaning", ".seat-area .plate"])
            assert not found, found
            assert set(rows(page, ".hand.backs, .seat-area.pos-bottom .hand")) == {1}
            page.mouse.move(0, 0)
        action = act_once(me, call=None if called else "1NT")
        if action is None:
            page.wait_for_timeout(40)
        called = called or action is not None
    assert checked, "no call's meaning was shown"
    # The end: every hand's ranks whole, no badge cut, "where the tricks went" inside its panel.
    page.locator(".deal-end .play-cost").wait_for(timeout=ANALYSIS_WAIT)
    found = problems(page, [plates], [".seat-area .plate", ".play-cost", ".cost-totals"])
    assert not found, found
    scroll = page.evaluate(
        "(e => [e.scrollWidth, e.clientWidth])(document.querySelector('.cost-scroll'))"
    )
    assert scroll[0] <= scroll[1], f"the cost table is cut: {scroll}"
    # My hand and the hand across the table, thirteen cards each, in one row.
    assert rows(page, ".seat-area.pos-bottom .hand, .seat-area.pos-top .hand") == [1, 1]
    panel = boxes(page, ".deal-end")[0]
    for cell in boxes(page, ".cost-table th, .cost-table td"):
        assert float(cell["right"]) <= float(panel["right"]) + 0.5, cell
    me.assert_no_errors()
    me.close()
