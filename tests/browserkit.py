"""Playwright helpers for the browser tests: Debian's Chromium driving the real client.

The browser is never downloaded: tests fail (not skip) when /usr/bin/chromium is missing.
Every page records console errors and uncaught exceptions; a test ends by asserting none.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    expect,
    sync_playwright,
)

CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
CARD = re.compile(r"^[SHDC][AKQJT98765432]$")
WAIT_MS = 15_000
"""How long a page action or an `expect` waits for the page (a bound, never a figure tested:
two suites at once on two cores kept a server's answer more than Playwright's 5 s away)."""
expect.set_options(timeout=WAIT_MS)


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium, headless; a missing browser is a failure, not a skip."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install the Debian package chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=LAUNCH_ARGS, headless=True
        )
        try:
            yield browser
        finally:
            browser.close()


@dataclass
class Person:
    """One browser profile (its own cookies and storage) with one page open."""

    context: BrowserContext
    page: Page
    base: str
    errors: list[str] = field(default_factory=list)

    def goto(self, path: str) -> None:
        self.page.goto(self.base + path)
        self.page.wait_for_selector("body[data-ready]", state="attached")

    def guest(self, *, slip_guard: bool = False) -> str:
        """Play as a guest with one click; returns the guest's name.  The slip guard (a card
        played on its second press, a phone's default) is turned off unless `slip_guard`: the
        tests click a card once."""
        self.page.locator(".account button.btn-primary").click()
        self.page.wait_for_selector(".account .me")
        if not slip_guard:
            self.no_slip_guard()
        return self.page.locator(".account .me").inner_text().split(" ")[0].strip()

    def no_slip_guard(self) -> None:
        """Cards played on one press, on a phone too (the setting `confirm_cards` off)."""
        self.page.evaluate(
            """async () => (await import('/static/lib/session.js'))
                 .updateSettings({confirm_cards: false})"""
        )

    def assert_no_errors(self) -> None:
        assert not self.errors, "errors in the browser console:\n" + "\n".join(self.errors)

    def face_up(self, within: str = "body") -> set[str]:
        """Every card drawn face up inside `within` (cards carry data-card)."""
        values = self.page.eval_on_selector_all(
            f"{within} [data-card]", "els => els.map(e => e.dataset.card)"
        )
        return {str(value) for value in values if CARD.match(str(value))}

    def seat_cards(self, seat: str) -> set[str]:
        return self.face_up(f".seat-area[data-seat='{seat}']")

    def table_state(self) -> dict[str, object]:
        """In one round trip: the phase, every face-up card, those outside the trick (in hands
        or anywhere else), and each seat's face-up cards and role (declarer, dummy)."""
        state: dict[str, object] = self.page.evaluate(
            """() => ({
                 phase: document.querySelector('.felt-box')?.dataset.phase || '',
                 cards: [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card),
                 held: [...document.querySelectorAll('[data-card]')]
                   .filter(e => !e.closest('.trick')).map(e => e.dataset.card),
                 seats: Object.fromEntries([...document.querySelectorAll('.seat-area[data-seat]')]
                   .map(a => [a.dataset.seat, {
                     cards: [...a.querySelectorAll('[data-card]')].map(e => e.dataset.card),
                     role: a.querySelector('.badge[data-role]')?.dataset.role || null,
                   }])),
               })"""
        )
        return state

    def phase(self) -> str:
        return str(self.page.locator(".felt-box").get_attribute("data-phase") or "")

    def close(self) -> None:
        self.context.close()


def person(
    browser: Browser,
    base: str,
    *,
    viewport: dict[str, int] | None = None,
    language: str = "en",
    pace: str = "0",
) -> Person:
    """A new profile whose client speaks `language` and plays at `pace` (0: no pauses)."""
    context = browser.new_context(
        viewport=viewport or DESKTOP,  # type: ignore[arg-type]
        reduced_motion="reduce",
    )
    context.add_init_script(
        f"localStorage.setItem('vaza.language', '{language}');"
        f"localStorage.setItem('vaza.pace', '{pace}');"
    )
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    someone = Person(context, page, base)

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            someone.errors.append(f"{message.text} ({message.location.get('url', '')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: someone.errors.append(f"uncaught: {error}"))
    return someone


def settings_become(someone: Person, wanted: dict[str, object]) -> dict[str, object]:
    """The server's copy of the settings once it holds `wanted` (they are saved as they
    change, in the background); fails after a few seconds."""
    settings: dict[str, object] = {}
    for _ in range(100):
        settings = someone.page.request.get(someone.base + "/api/me").json()["settings"]
        if all(settings.get(name) == value for name, value in wanted.items()):
            return settings
        someone.page.wait_for_timeout(50)
    raise AssertionError(f"the settings are {settings}, not {wanted}")


def create_table(
    someone: Person,
    *,
    game: str = "contract",
    scoring: str | None = None,
    players: int | None = None,
    schedule: str | None = None,
    robots: bool = True,
) -> str:
    """Fill in the lobby's form and create a table; returns its id (the creator sits down)."""
    page = someone.page
    page.wait_for_selector("form.create-form")
    page.select_option("select[name=game]", game)
    if scoring is not None:
        page.select_option("select[name=scoring]", scoring)
    if players is not None:
        page.select_option("select[name=players]", str(players))
    if schedule is not None:
        page.fill("input[name=variant-schedule]", schedule)
        page.locator("input[name=variant-schedule]").dispatch_event("change")
    page.locator("input[name=robots]").set_checked(robots)
    page.locator("form.create-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/table/"))
    page.wait_for_selector(".felt")
    return page.url.rsplit("/", 1)[1].split("?")[0]


def live(selector: str) -> str:
    """Only controls on the newest view (the client offers nothing on older ones)."""
    return f".felt-box[data-live=true] {selector}"


OFFERS = """() => {
  const live = document.querySelector('.felt-box[data-live=true]');
  if (!live) return {calls: [], bids: [], cards: []};
  const all = (sel) => [...live.querySelectorAll(sel)];
  return {
    calls: all('.bidding-box .bid[data-call]:not([disabled])').map(e => e.dataset.call),
    bids: all('.boeren-bids .bid:not([disabled])').map(e => e.dataset.tricks),
    cards: all('button.slot.playable').map(e => e.dataset.slot),
  };
}"""


def act_once(someone: Person, *, call: str | None = None, calls_only: bool = False) -> str | None:
    """Take one action if this page offers one: a call (the given one if legal, else pass),
    a card, or a Boerenbridge bid (with `calls_only`, only a call).  Returns what was done,
    or None."""
    page = someone.page
    offers = page.evaluate(OFFERS)
    if calls_only:
        offers = {"calls": offers["calls"], "bids": [], "cards": []}
    if offers["calls"]:
        chosen = call if call in offers["calls"] else "Pass"
        if chosen not in offers["calls"]:
            chosen = offers["calls"][0]
        page.locator(live(f".bid[data-call='{chosen}']")).click()
        return f"call {chosen}"
    if offers["bids"]:
        page.locator(live(f".boeren-bids .bid[data-tricks='{offers['bids'][0]}']")).click()
        return f"bid {offers['bids'][0]}"
    if offers["cards"]:
        card = offers["cards"][0]
        page.locator(live(f"button.slot.playable[data-slot='{card}']")).click()
        return f"play {card}"
    return None


def play_bridge_deal(someone: Person, *, first_call: str = "1NT", limit: float = 60) -> list[str]:
    """Click through a whole deal: `first_call` once, then passes, then legal cards."""
    done: list[str] = []
    called = False
    deadline = time.monotonic() + limit
    while someone.phase() != "over":
        assert time.monotonic() < deadline, f"the deal did not end; actions: {done}"
        action = act_once(someone, call=None if called else first_call)
        if action is None:
            someone.page.wait_for_timeout(40)
            continue
        called = called or action.startswith(("call", "bid"))
        done.append(action)
    return done
