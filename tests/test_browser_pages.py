"""The rest of the client in Chromium: the language switch, a phone-sized screen, the score pad,
settings and the rules pages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from browserkit import (
    DESKTOP,
    PHONE,
    act_once,
    chromium,
    create_table,
    live,
    person,
    settings_become,
)
from serverkit import Server, running_server
from vaza.i18n import LANGUAGES


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-pages")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def assert_fits(page: Page, width: int) -> None:
    """No horizontal scrolling, and every control lies within the screen's width."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways ({scroll} > {width})"
    outside = page.evaluate(
        """w => [...document.querySelectorAll('button, a, input, select, .card')]
             .filter(e => e.offsetParent !== null && !e.closest('.sr-only, .skip'))
             .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
             .filter(([, r]) => r.width > 0 && (r.left < -1 || r.right > w + 1))
             .map(([html]) => html)""",
        width,
    )
    assert not outside, f"out of reach: {outside[:5]}"


def test_the_language_switch(server: Server, browser: Browser) -> None:
    visitor = person(browser, server.url, language="en")
    page = visitor.page
    visitor.goto("/")
    expect(page.locator(".hero")).to_contain_text("Play as guest")
    assert page.evaluate("document.documentElement.lang") == "en"
    # Both translation tables hold the same keys.
    missing = page.evaluate(
        """async () => {
             const en = (await import('/static/i18n/en.js')).default;
             const pt = (await import('/static/i18n/pt-BR.js')).default;
             const a = Object.keys(en), b = Object.keys(pt);
             return [a.filter(k => !(k in pt)), b.filter(k => !(k in en))];
           }"""
    )
    assert missing == [[], []]
    # Each catalogue is the union of its parts (i18n/en/*.js): a key in two parts would be
    # silently overridden by the later one.
    twice = page.evaluate(
        """async () => {
             const found = [];
             for (const lang of ['en', 'pt-BR']) {
               const text = await (await fetch(`/static/i18n/${lang}.js`)).text();
               const parts = [...text.matchAll(/from "\\.\\/(.+?)"/g)].map(m => m[1]);
               const seen = new Set();
               for (const part of parts) {
                 for (const key of Object.keys((await import(`/static/i18n/${part}`)).default)) {
                   if (seen.has(key)) found.push(`${part}: ${key}`);
                   seen.add(key);
                 }
               }
               if (parts.length < 5) found.push(`${lang}: parts not found`);
             }
             return found;
           }"""
    )
    assert twice == []
    page.locator("button.lang[data-lang='pt-BR']").click()
    expect(page.locator(".hero")).to_contain_text("Jogar como convidado")
    expect(page.locator(".nav")).to_contain_text("Salão")
    assert page.evaluate("document.documentElement.lang") == "pt-BR"
    visitor.guest()
    expect(page.locator("form.create-form")).to_contain_text("Criar mesa")
    settings_become(visitor, {"language": "pt-BR"})  # a guest keeps the language chosen
    page.reload()
    page.wait_for_selector("form.create-form")
    expect(page.locator("h1").first).to_have_text("Nova mesa")
    page.get_by_role("link", name="Regras").click()
    page.get_by_role("link", name="Boerenbridge (o bridge do fazendeiro)").click()
    expect(page.locator("article h2").first).to_have_text("As rodadas")
    # Back to English from the settings page: the rules page follows.
    page.get_by_role("link", name="Preferências").click()
    page.select_option("select[name=language]", "en")
    expect(page.locator("h1")).to_have_text("Settings")
    page.go_back()
    expect(page.locator("article h2").first).to_have_text("The rounds")
    settings_become(visitor, {"language": "en"})
    visitor.assert_no_errors()
    visitor.close()


def test_a_phone_sized_screen(server: Server, browser: Browser) -> None:
    phone = person(browser, server.url, viewport=PHONE)
    page = phone.page
    phone.goto("/")
    assert_fits(page, PHONE["width"])
    phone.guest()
    assert_fits(page, PHONE["width"])
    create_table(phone, scoring="chicago")
    page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    assert_fits(page, PHONE["width"])
    assert len(phone.seat_cards("N")) == 13
    page.locator(live(".bid[data-call='1NT']")).click()
    played = 0
    claimed = False
    for _ in range(3000):
        if phone.phase() == "over":
            break
        if played >= 2 and page.locator(".info-buttons button", has_text="Claim").count():
            assert_fits(page, PHONE["width"])
            page.locator(".info-buttons button", has_text="Claim").click()
            page.select_option("#claim-tricks", "0")
            page.locator("dialog .btn-primary").click()
            claimed = True
            page.wait_for_selector(".felt-box[data-phase='over']")
            break
        action = act_once(phone)
        if action is None:
            page.wait_for_timeout(30)
        elif action.startswith("play"):
            played += 1
            assert_fits(page, PHONE["width"])
    assert phone.phase() == "over"
    if claimed:
        expect(page.locator(".deal-end")).to_contain_text("claimed")
    else:
        assert page.locator(".pos-bottom .badge[data-role='dummy']").count(), (
            "only dummy cannot claim"
        )
    assert_fits(page, PHONE["width"])
    # A full Boerenbridge table of seven fits a phone too.
    page.get_by_role("link", name="Lobby").click()
    create_table(phone, game="boerenbridge", players=7, schedule="1")
    page.wait_for_selector(".oval-seat .plate-name")
    expect(page.locator(".oval-seat")).to_have_count(7)
    assert_fits(page, PHONE["width"])
    phone.assert_no_errors()
    phone.close()


def test_the_score_pad_and_settings(server: Server, browser: Browser) -> None:
    someone = person(browser, server.url)
    page = someone.page
    someone.goto("/pad")
    page.wait_for_selector(".pad .pad-total")
    page.select_option("select[name=level]", "4")
    page.locator("label.strain-choice.strain-S").click()
    page.select_option("select[name=declarer]", "S")
    page.select_option("select[name=tricks]", "10")
    page.get_by_role("button", name="Add deal").click()
    expect(page.locator(".pad-lines li")).to_have_count(1)
    expect(page.locator(".pad-below")).to_contain_text("120")
    page.fill("input[name=line]", "3NT N 9")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(".pad-total")).to_contain_text("920")
    expect(page.locator(".pad-status")).to_contain_text("We won the rubber")
    expect(page.locator(".pad-game.closed")).to_have_count(2)
    page.fill("input[name=line]", "not a deal")
    page.get_by_role("button", name="Add", exact=True).click()
    expect(page.locator(".pad-lines li.bad")).to_have_count(1)
    page.get_by_role("button", name="New sheet").click()
    expect(page.locator(".pad-lines li")).to_have_count(0)
    expect(page.locator(".pad-total")).to_contain_text("0")

    someone.guest()
    page.get_by_role("link", name="Settings").click()
    page.locator("input[name=four_colours]").check()
    expect(page.locator("body")).to_have_class(re.compile(r"\bfour-colours\b"))
    page.locator("input[name=compact_cards]").check()
    expect(page.locator(".preview .card.compact")).to_have_count(5)
    page.locator("input[name=sound]").uncheck()
    settings_become(someone, {"four_colours": True, "compact_cards": True, "sound": False})
    someone.assert_no_errors()
    someone.close()


def test_accounts_register_log_out_and_log_in(server: Server, browser: Browser) -> None:
    someone = person(browser, server.url)
    page = someone.page
    someone.goto("/login")
    page.get_by_role("tab", name="Register").click()
    page.fill("input[name=name]", "ana_paula")
    page.fill("input[name=password]", "correct horse battery")
    page.locator("form.stack button[type=submit]").click()
    expect(page.locator(".account .me")).to_have_text("ana_paula")
    page.get_by_role("button", name="Log out").click()
    expect(page.locator(".account")).to_contain_text("Play as guest")
    page.get_by_role("link", name="Log in", exact=True).click()
    page.fill("input[name=name]", "ana_paula")
    page.fill("input[name=password]", "correct horse battery")
    page.locator("form.stack button[type=submit]").click()
    expect(page.locator(".account .me")).to_have_text("ana_paula")
    expect(page.locator("form.create-form")).to_be_visible()
    someone.assert_no_errors()
    someone.close()


PROBE = """async () => {
  const { auctionGrid } = await import('/static/table/bidding.js');
  const { analysisView } = await import('/static/table/analysis.js');
  const { otherActions } = await import('/static/table/actions.js');
  const box = document.createElement('div');
  box.id = 'probe';
  document.body.append(box);
  const explanations = { '2': 'Stayman: asks for a major' };
  box.append(auctionGrid(['1NT', 'Pass', '2C'], 'N', { explanations }));
  const par = { score: 430, contracts: [{ contract: '3NT', declarer: 'N' }] };
  box.append(analysisView({ table: 'N:8979a E:43432 S:8979a W:43432', par }));
  const sent = [];
  window.probeSent = sent;
  const legal = [
    { type: 'choose', value: 'H' },
    { type: 'give', card: 'SA', seat: 'E' },
    { type: 'play', card: 'S2' },
  ];
  box.append(otherActions(legal, (action) => sent.push(action)));
  return sent;
}"""


def test_what_the_server_may_add_is_drawn_when_present(server: Server, browser: Browser) -> None:
    """Robots' call explanations, the double-dummy table and par, and the decisions of games
    the client has no special control for (drawn as buttons that send the action as is)."""
    someone = person(browser, server.url)
    page = someone.page
    someone.goto("/rules")
    sent = page.evaluate(PROBE)
    assert sent == []
    explained = page.locator("#probe .auction td.explained button")
    expect(explained).to_have_count(1)
    expect(explained).to_have_attribute("title", "Stayman: asks for a major")
    tip = page.locator("#probe .explain-tip")
    expect(tip).to_be_hidden()
    explained.click()
    expect(tip).to_be_visible()
    expect(page.locator("#probe .dd-table tbody tr")).to_have_count(4)
    expect(page.locator("#probe .dd-table tbody tr").first).to_contain_text("10")
    expect(page.locator("#probe .par")).to_contain_text("3NT N")
    buttons = page.locator("#probe .other-actions button")
    expect(buttons).to_have_count(2)
    expect(buttons.nth(0)).to_contain_text("Choose hearts")
    expect(buttons.nth(1)).to_contain_text("Give ace of spades → East")
    buttons.nth(0).click()
    assert page.evaluate("window.probeSent") == [{"type": "choose", "value": "H"}]
    someone.assert_no_errors()
    someone.close()


def test_a_returning_person_whose_session_loads_before_the_games_sees_no_error(
    server: Server, browser: Browser
) -> None:
    """At start the page asks for the session and the registry of games at once.  When the
    session came first, it drew the lobby without the games, and a returning person was shown
    "Something went wrong" (Cannot read properties of undefined, reading 'game')."""
    someone = person(browser, server.url)
    someone.goto("/")
    someone.guest()
    page = someone.page
    held: list[Route] = []
    page.route("**/api/games", lambda route: held.append(route))  # noqa: PLW0108
    with page.expect_response("**/api/me"):
        page.goto(server.url + "/", wait_until="commit")
    page.wait_for_selector(".account .me")  # the session is in: the header names the guest
    assert len(held) == 1, "the games are asked for once, and held until now"
    assert page.evaluate("document.body.dataset.ready") != "1"
    held[0].continue_()
    expect(page.locator("form.create-form select[name=game] option")).not_to_have_count(0)
    expect(page.locator(".toast-error")).to_have_count(0)
    someone.assert_no_errors()
    someone.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_message_said_again_while_it_shows_replaces_it(
    server: Server, browser: Browser, viewport: dict[str, int], language: str
) -> None:
    """Robots that claim trick after trick stacked three alike 'rejects the claim' toasts over
    a phone's own hand: the same message said again replaces the one showing; another
    message, or the same with other detail, still shows beside it."""
    someone = person(browser, server.url, viewport=viewport, language=language)
    someone.goto("/")
    page = someone.page
    page.evaluate(
        """async () => {
             const { toast } = await import('/static/lib/ui.js');
             for (const _ of [1, 2, 3]) toast('South rejects the claim.', { detail: 'play on' });
             toast('South rejects the claim.', { detail: 'no: the trumps' });
             toast('West accepts.');
           }"""
    )
    toasts = page.locator(".toasts .toast")
    expect(toasts).to_have_count(3)
    assert [toasts.nth(i).inner_text().split("\n")[0] for i in range(3)] == [
        "South rejects the claim.", "South rejects the claim.", "West accepts.",
    ]  # fmt: skip
    assert_fits(page, viewport["width"])
    someone.assert_no_errors()
    someone.close()
