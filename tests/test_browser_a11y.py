"""Accessibility in Chromium: axe-core (npm `axe-core`, installed by `npm ci` with the linter)
finds no violation of WCAG 2.1 A/AA on the club's pages, a table in each phase and the score
pad, in both languages; and a whole contract-bridge deal is played by keyboard alone, every
call and card read from the table's live region."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import (
    PHONE,
    Person,
    act_once,
    chromium,
    create_table,
    live,
    person,
    settings_become,
)
from serverkit import Server, running_server

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
DESKTOP_800 = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-a11y")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def violations(page: Page) -> list[str]:
    """axe-core's WCAG 2.1 A/AA violations on the page as it is now, one line each."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: run `npm ci` (make lint does)")
    if not page.evaluate("typeof window.axe === 'object'"):
        # The page's policy forbids inline scripts: evaluated as the test's own script instead.
        page.evaluate(AXE.read_text() + "\n;0")
    found = page.evaluate(
        """tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})
             .then(r => r.violations.map(v => ({id: v.id, nodes: v.nodes.slice(0, 4)
               .map(n => n.target.join(' ') + ' :: '
                    + n.failureSummary.replace(/\\s+/g, ' '))})))""",
        TAGS,
    )
    return [f"{v['id']}: {json.dumps(v['nodes'], ensure_ascii=False)}" for v in found]


def check(page: Page, where: str, seen: dict[str, list[str]]) -> None:
    found = violations(page)
    if found:
        seen[where] = found


def settle(page: Page) -> None:
    """Let a redraw and its transitions end before axe looks (it reads computed colours)."""
    page.wait_for_timeout(150)


def next_deal(someone: Person) -> None:
    """Say "Ready" for the next deal if the page still offers it (a "Ready" said already
    shows who the table waits for instead), then wait for the deal to begin."""
    someone.page.wait_for_function(
        """() => document.querySelector('.felt-box[data-live=true] .next-deal')
                 || document.querySelector('.felt-box').dataset.phase !== 'over'
                 || document.querySelector('.ready-you')"""
    )
    button = someone.page.locator(live(".next-deal"))
    if button.count():
        button.click()
    expect(someone.page.locator(".felt-box")).not_to_have_attribute(
        "data-phase", "over", timeout=45_000
    )


def until_phase(someone: Person, phase: str, first_call: str = "3NT", limit: float = 60) -> None:
    """Act (a call, then passes, then legal cards) until the table reaches `phase`."""
    called = False
    deadline = time.monotonic() + limit
    while someone.phase() != phase:
        assert time.monotonic() < deadline, f"no {phase} phase came"
        if someone.phase() == "over":  # passed out: the next deal
            next_deal(someone)
            called = False
            continue
        action = act_once(someone, call=None if called else first_call)
        if action is None:
            someone.page.wait_for_timeout(40)
        else:
            called = True


@pytest.mark.parametrize("language", ["en", "pt-BR"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_axe_finds_no_wcag_violation(
    server: Server, browser: Browser, language: str, size: str
) -> None:
    me = person(
        browser,
        server.url,
        viewport=DESKTOP_800 if size == "desktop" else PHONE,
        language=language,
    )
    page = me.page
    seen: dict[str, list[str]] = {}
    me.goto("/")
    page.wait_for_selector(".account button.btn-primary")
    settle(page)
    check(page, "home", seen)
    me.guest()
    page.wait_for_selector("form.create-form")
    settle(page)
    check(page, "lobby", seen)
    me.goto("/events")
    settle(page)
    check(page, "events", seen)
    me.goto("/pad")
    page.wait_for_selector("form")
    page.locator("form button[type=submit]").first.click()
    page.wait_for_selector(".pad, .score-pad, table")
    settle(page)
    check(page, "score pad", seen)
    me.goto("/settings")
    settle(page)
    check(page, "settings", seen)
    me.goto("/")
    create_table(me, scoring="rubber")
    page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    settle(page)
    check(page, "table: auction", seen)
    until_phase(me, "play")
    # My cards to play, or (a robot partner declares) I am dummy and the robots play on.
    page.wait_for_function(
        """() => document.querySelector('.felt-box[data-live=true] button.slot.playable')
                 || document.querySelector('.seat-area.pos-bottom .badge[data-role=dummy]')"""
    )
    settle(page)
    check(page, "table: play", seen)
    until_phase(me, "over")
    page.wait_for_selector(".deal-end", state="attached")
    settle(page)
    check(page, "table: end of deal", seen)
    assert not seen, "axe-core's violations:\n" + "\n".join(
        f"[{where}] {line}" for where, lines in seen.items() for line in lines
    )
    me.assert_no_errors()
    me.close()


# -- a whole deal by keyboard alone ----------------------------------------------------------

FOCUS = """() => {
  const e = document.activeElement;
  return {tag: e.tagName, call: e.dataset.call || null, card: e.dataset.slot || null,
          box: Boolean(e.closest('.bidding-box')), felt: Boolean(e.closest('.felt-box')),
          next: e.classList.contains('next-deal'), playable: e.matches('button.slot.playable')};
}"""
RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
         "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
         "2": "two"}  # fmt: skip
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SAYS = {
    "en": {"card": re.compile(r"^(North|East|South|West)( \(you\))? plays the (\w+) of (\w+)$"),
           "call": re.compile(r"^(North|East|South|West)( \(you\))?: (.+)$"),
           "trick": re.compile(r"wins the trick$")},
    "pt-BR": {"card": re.compile(r"^(Norte|Leste|Sul|Oeste)( \(você\))? joga (.+)$"),
              "call": re.compile(r"^(Norte|Leste|Sul|Oeste)( \(você\))?: (.+)$"),
              "trick": re.compile(r"ganha a vaza$")},
}  # fmt: skip


def tab_until(page: Page, wanted: str, most: int = 80) -> int:
    """Press Tab until the focused element has `wanted` (a key of FOCUS); the presses taken."""
    for presses in range(most):
        if page.evaluate(FOCUS)[wanted]:
            return presses
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {wanted}: {page.evaluate(FOCUS)}")


def keyboard_call(page: Page, target: str) -> None:
    """From a call in the box, the arrow keys to `target`, then Enter."""
    page.keyboard.press("Home")
    for _ in range(45):
        if page.evaluate(FOCUS)["call"] == target:
            page.keyboard.press("Enter")
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"the arrow keys never reached {target}")


def the_log(page: Page) -> list[str]:
    lines: list[str] = page.eval_on_selector_all("#announce p", "ps => ps.map(p => p.textContent)")
    return lines


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_a_whole_deal_by_keyboard_read_from_the_live_region(
    server: Server, browser: Browser, language: str
) -> None:
    me = person(browser, server.url, viewport=DESKTOP_800, language=language)
    page = me.page
    me.goto("/")
    me.guest()
    table = create_table(me, scoring="rubber")
    expect(page.locator("#announce[role=log]")).to_have_count(1)
    called = False
    tab_stops_checked = False
    deadline = time.monotonic() + 120
    while me.phase() != "over":
        assert time.monotonic() < deadline, f"the deal did not end: {the_log(page)[-6:]}"
        if page.locator(live(".bidding-box .bid[data-call='Pass']:not([disabled])")).count():
            tab_until(page, "box")
            if not tab_stops_checked:
                # The bidding box is one Tab stop: the next Tab leaves it.
                page.keyboard.press("Tab")
                assert not page.evaluate(FOCUS)["box"], "the bidding box holds two Tab stops"
                page.keyboard.press("Shift+Tab")
                assert page.evaluate(FOCUS)["box"]
                tab_stops_checked = True
            keyboard_call(page, "Pass" if called else "1NT")
            called = True
            page.wait_for_timeout(60)
        elif page.locator(live("button.slot.playable")).count():
            tab_until(page, "playable")
            page.keyboard.press("Enter")
            page.wait_for_timeout(60)
        else:
            page.wait_for_timeout(40)
    # The deal from the server's record: every call and every card played was said.
    page.wait_for_selector(".deal-end .downloads a", state="attached")
    rows = page.request.get(server.url + "/api/history").json()
    deal_id = next(row["deal"] for row in rows if row["table"] == table)
    record = page.request.get(f"{server.url}/api/deals/{deal_id}").json()["summary"]["record"]
    calls = record.get("auction") or record.get("calls") or []
    play = record.get("play") or []
    log = the_log(page)
    says = SAYS[language]
    said_calls = [line for line in log if says["call"].match(line)]
    said_cards = [line for line in log if says["card"].match(line)]
    assert len(said_calls) == len(calls) and calls, (said_calls, calls)
    assert len(said_cards) == len(play) and play, (len(said_cards), len(play))
    assert sum(bool(says["trick"].search(line)) for line in log) == len(play) // 4
    if language == "en":
        named = {(m[3], m[4]) for m in map(says["card"].match, said_cards) if m}
        assert named == {(RANKS[card[1]], SUITS[card[0]]) for card in play}
    # Next deal by keyboard: focus stays at the table, and comes to the bidding box on my turn.
    tab_until(page, "next")
    page.keyboard.press("Enter")
    expect(page.locator(".felt-box")).to_have_attribute("data-phase", "auction")
    assert page.evaluate(FOCUS)["felt"], f"focus fell to the page: {page.evaluate(FOCUS)}"
    page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    page.wait_for_function("document.activeElement.closest('.bidding-box') !== null")
    me.assert_no_errors()
    me.close()


# -- the slip guard ---------------------------------------------------------------------------


def to_my_card(someone: Person) -> str:
    """Call 1NT, then pass, until a card of mine may be played; returns the first one."""
    page = someone.page
    called = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        cards = page.locator(live("button.slot.playable"))
        if cards.count():
            return str(cards.first.get_attribute("data-slot"))
        if someone.phase() == "over":  # I was dummy, or it was passed out: the next deal
            next_deal(someone)
            called = False
            continue
        if act_once(someone, call=None if called else "1NT", calls_only=True):
            called = True
        else:
            page.wait_for_timeout(40)
    raise AssertionError("no card of mine came to be played")


@pytest.mark.parametrize("language", ["en", "pt-BR"])
def test_on_a_phone_a_card_is_played_on_its_second_press(
    server: Server, browser: Browser, language: str
) -> None:
    me = person(browser, server.url, viewport=PHONE, language=language)
    page = me.page
    me.goto("/")
    me.guest(slip_guard=True)
    me.goto("/settings")
    expect(page.locator("input[name=confirm_cards]")).to_be_checked()  # a phone's default
    me.goto("/")
    create_table(me, scoring="rubber")
    card = to_my_card(me)
    button = page.locator(live(f"button.slot.playable[data-slot='{card}']"))
    button.click()
    # Pressed once: the card stands up, says so, and stays in the hand.
    expect(button).to_have_class(re.compile(r"\barmed\b"))
    expect(button).to_have_attribute("aria-pressed", "true")
    press_again = "Press again to play" if language == "en" else "Toque de novo para jogar"
    expect(page.locator("#announce p").last).to_contain_text(press_again)
    page.wait_for_timeout(300)
    assert card in me.face_up(".seat-area .hand"), "one press played the card"  # mine or dummy's
    button.click()
    expect(page.locator(f".seat-area .hand [data-slot='{card}']")).to_have_count(0)
    # Turned off in the settings, stored with the others: one press plays.
    me.goto("/settings")
    page.locator("input[name=confirm_cards]").uncheck()
    settings_become(me, {"confirm_cards": False})
    me.assert_no_errors()
    me.close()


def test_at_a_desk_one_press_plays_unless_the_guard_is_chosen(
    server: Server, browser: Browser
) -> None:
    me = person(browser, server.url, viewport=DESKTOP_800)
    page = me.page
    me.goto("/")
    me.guest(slip_guard=True)
    me.goto("/settings")
    expect(page.locator("input[name=confirm_cards]")).not_to_be_checked()  # a desk's default
    page.locator("input[name=confirm_cards]").check()
    settings_become(me, {"confirm_cards": True})
    me.goto("/")
    create_table(me, scoring="rubber")
    card = to_my_card(me)
    button = page.locator(live(f"button.slot.playable[data-slot='{card}']"))
    button.focus()
    page.keyboard.press("Enter")  # by keyboard: Enter twice
    expect(button).to_have_class(re.compile(r"\barmed\b"))
    page.keyboard.press("Enter")
    expect(page.locator(f".seat-area .hand [data-slot='{card}']")).to_have_count(0)
    me.assert_no_errors()
    me.close()


def test_a_boerenbridge_round_is_read_from_the_live_region(
    server: Server, browser: Browser
) -> None:
    """Three players, three cards each: every bid, card and trick said, once."""
    me = person(browser, server.url, viewport=DESKTOP_800)
    page = me.page
    me.goto("/")
    me.guest()
    create_table(me, game="boerenbridge", players=3, schedule="3, 4")
    deadline = time.monotonic() + 60
    while not page.locator(live(".next-deal")).count():
        assert time.monotonic() < deadline, f"the round did not end: {the_log(page)[-6:]}"
        if act_once(me) is None:
            page.wait_for_timeout(40)
    log = the_log(page)
    bid = re.compile(r"^Player \d( \(you\))? bids \d tricks?$")
    assert sum(bool(bid.search(line)) for line in log) == 3
    assert sum(" plays the " in line for line in log) == 9
    assert sum(line.endswith("wins the trick") for line in log) == 3
    assert not [line for line in log if "undefined" in line or "{" in line]
    me.assert_no_errors()
    me.close()
