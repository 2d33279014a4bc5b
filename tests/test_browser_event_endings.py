"""Events that lead on, in Chromium (issue 45, items 5 and 6), one browser context per person.

Two friends play a pairs game's first round at one table: at its end each is shown their result
on the board, the notice that the results are ready, and links to the ranking, the board's
traveller and their next round's table, which they follow.  The event's address is its own from
the moment it is created (a reload keeps it), a one-board round reads "board 1", and the deal
viewer names who sat where and shows the alert North made with its explanation.  On a phone in
Portuguese a guest plays a one-board robot tournament to its end and follows its ranking link.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, Person, act_once, chromium, live, person, play_bridge_deal
from serverkit import Server, running_server

DESKTOP_800 = {"width": 1280, "height": 800}
ALERT = "15-17, may hold a five-card major"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-event-endings"), away_after=30) as up:
        yield up


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def create_event(someone: Person, kind: str, name: str, boards: int, **numbers: int) -> str:
    """Fill in the events page's form; returns the event's id once its page is shown."""
    page = someone.page
    page.wait_for_selector("form.event-form")
    page.select_option("select[name=kind]", kind)
    page.fill("input[name=name]", name)
    for field, value in {"boards": boards, **numbers}.items():
        page.fill(f"input[name={field}]", str(value))
        page.locator(f"input[name={field}]").dispatch_event("change")
    page.select_option("select[name=source]", "seed")
    page.fill("input[name=seed]", f"{name} seed")
    page.locator("form.event-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/events/[^/?]+$"))
    expect(page.locator(".event-head h1")).to_contain_text(name)
    return page.url.rsplit("/", 1)[1]


def name_of(someone: Person) -> str:
    return someone.page.locator(".account .me").inner_text().split(" ")[0].strip()


def play_together(people: list[Person], limit: float = 90) -> None:
    """Everyone at one table clicks whatever their page offers until the deal is over;
    North alerts the first call."""
    north = people[0].page
    north.wait_for_selector(live(".bidding-box .bid[data-call='1NT']:not([disabled])"))
    north.locator(live(".bid-alert")).click()
    north.locator(live(".alert-text")).fill(ALERT)
    north.locator(live(".bid[data-call='1NT']")).click()
    deadline = time.monotonic() + limit
    while not all(someone.phase() == "over" for someone in people):
        assert time.monotonic() < deadline, "the deal did not end"
        acted = [act_once(someone) for someone in people]  # everyone, each time round
        if not any(acted):
            north.wait_for_timeout(50)


def test_a_pairs_round_leads_to_the_ranking_the_traveller_and_the_next_round(
    server: Server, browser: Browser
) -> None:
    ana = person(browser, server.url, viewport=DESKTOP_800)
    bia = person(browser, server.url, viewport=DESKTOP_800)
    ana.goto("/events")
    ana.guest()
    event = create_event(ana, "pairs", "Thursday pairs", boards=2, tables=2, rounds=2)
    # The address is the event's own: a reload shows the event again.
    ana.page.reload()
    ana.page.wait_for_selector("body[data-ready]", state="attached")
    expect(ana.page.locator(".event-head h1")).to_contain_text("Thursday pairs")
    assert ana.page.url.endswith(f"/events/{event}")

    ana.page.locator(".entry-card[data-entry='NS1'] button[data-seat='N']").click()
    bia.goto(f"/events/{event}")
    bia.guest()
    bia.page.locator(".entry-card[data-entry='EW1'] button[data-seat='E']").click()
    expect(bia.page.locator(".entry-card[data-entry='EW1']")).to_contain_text(name_of(bia))
    ana.page.locator("button[data-action='start']").click()
    mine = ana.page.locator(".my-tables a")
    expect(mine).to_have_text(["Go to my table: North, board 1", "Go to my table: North, board 2"])
    bia.page.reload()
    bia.page.wait_for_selector(".my-tables a")
    for someone in (ana, bia):
        someone.page.locator(".my-tables a").first.click()
        someone.page.wait_for_url(re.compile(r"/table/[^/]+\?invite="))
        someone.page.wait_for_selector(".felt")
    first_table = ana.page.url
    play_together([ana, bia])

    # The end of the round's table: my result, the notice, the links that lead on.
    for someone in (ana, bia):
        ending = someone.page.locator(".event-ending")
        expect(ending).to_have_attribute("data-ready", "true", timeout=60_000)
        expect(ending.locator(".notice")).to_have_text(
            "The results are ready: every table that played these boards has finished."
        )
        expect(ending.locator(".event-results tbody tr")).to_have_count(1)
        expect(ending.locator("tr[data-board='1'] a[data-link='traveller']")).to_have_attribute(
            "href", f"/events/{event}?board=1"
        )
        expect(ending.locator("a[data-link='ranking']")).to_have_attribute(
            "href", f"/events/{event}"
        )
        expect(ending.locator("a[data-link='next']")).to_have_text("Go to round 2: board 2")
        expect(ending.locator(".standing")).to_contain_text("of 2")
    ana_score = ana.page.locator(".event-results tbody td").nth(1).inner_text()
    bia_score = bia.page.locator(".event-results tbody td").nth(1).inner_text()
    assert ana_score.lstrip("+-") == bia_score.lstrip("+-")  # one score, seen from each side
    assert ana_score == bia_score == "0" or ana_score[0] != bia_score[0]

    # Ana follows the next round's link: her table of round 2, not the one she left.
    ana.page.locator(".event-ending a[data-link='next']").click()
    ana.page.wait_for_url(re.compile(r"/table/[^/]+\?invite="))
    ana.page.wait_for_selector(".felt")
    assert ana.page.url != first_table

    # Bia follows the ranking's: the event page says the round's results are ready.
    bia.page.locator(".event-ending a[data-link='ranking']").click()
    bia.page.wait_for_url(re.compile(rf"/events/{event}$"))
    expect(bia.page.locator(".event-actions .notice")).to_have_text(
        "The results of round 1 are ready."
    )
    expect(bia.page.locator(".standings[data-group='EW'] tr.mine")).to_contain_text(name_of(bia))

    # The traveller's replay opens the deal viewer: who sat where, and North's alert.
    bia.page.locator(".board-list tr[data-board='1'] a").click()
    bia.page.locator(".traveller tr.mine a").click()
    bia.page.wait_for_url(re.compile(r"/deal/\d+$"))
    plates = bia.page.locator(".felt .plate-name")
    expect(plates).to_have_count(4)
    names = dict(
        zip(
            bia.page.eval_on_selector_all(
                ".felt .plate-name", "els => els.map(e => e.dataset.name)"
            ),
            plates.all_inner_texts(),
            strict=True,
        )
    )
    assert names == {"N": name_of(ana), "E": name_of(bia), "S": "Robot S", "W": "Robot W"}
    alerted = bia.page.locator(".auction td.alerted[data-index='0']")
    expect(alerted.locator(".alert-mark")).to_have_text("!")
    expect(alerted.locator("button")).to_have_attribute("title", f"Alert: {ALERT}")
    listed = bia.page.locator(".alert-list li")
    expect(listed).to_have_count(1)
    expect(listed.locator(".call")).to_have_attribute("title", "1 no trump")
    expect(listed).to_contain_text(f"by North ({name_of(ana)}): {ALERT}")
    # Every other call carries its meaning in the robots' system.
    expect(bia.page.locator(".auction td.explained:not(.alerted)").first).to_be_visible()
    for someone in (ana, bia):
        someone.assert_no_errors()
        someone.close()


def test_a_one_board_robot_tournament_on_a_phone_in_portuguese(
    server: Server, browser: Browser
) -> None:
    me = person(browser, server.url, viewport=PHONE, language="pt-BR")
    page = me.page
    me.goto("/events")
    me.guest()
    event = create_event(me, "robot", "Uma mão", boards=1, robot_tables=1)
    page.reload()
    expect(page.locator(".event-head h1")).to_contain_text("Uma mão")
    page.locator("button[data-action='play']").click()
    page.wait_for_url(re.compile(r"/table/[^/]+\?invite="))
    page.wait_for_selector(".felt")
    play_bridge_deal(me, first_call="1NT")
    ending = page.locator(".event-ending")
    expect(ending).to_have_attribute("data-ready", "true", timeout=60_000)
    expect(ending.locator("h2")).to_have_text("Seus resultados: Uma mão")
    expect(ending.locator("a[data-link='next']")).to_have_count(0)
    expect(ending.locator("tr[data-board='1'] a[data-link='traveller']")).to_have_attribute(
        "aria-label", "Traveller do board 1"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    ending.locator("a[data-link='ranking']").click()
    page.wait_for_url(re.compile(rf"/events/{event}$"))
    expect(page.locator(".event-actions .notice")).to_have_text(
        "Os resultados estão prontos: todas as mesas que jogaram estes boards terminaram."
    )
    expect(page.locator(".standings tr.mine")).to_have_count(1)
    me.assert_no_errors()
    me.close()


def test_a_team_match_tells_each_table_when_the_other_has_finished(
    server: Server, browser: Browser
) -> None:
    ana = person(browser, server.url, viewport=DESKTOP_800)
    bia = person(browser, server.url, viewport=PHONE)
    ana.goto("/events")
    ana.guest()
    event = create_event(ana, "teams", "Friday match", boards=1)
    ana.page.locator(".entry-card[data-entry='A'] button[data-seat='N']").click()
    bia.goto(f"/events/{event}")
    bia.guest()
    bia.page.locator(".entry-card[data-entry='B'] button[data-seat='N']").click()
    expect(bia.page.locator(".entry-card[data-entry='B']")).to_contain_text(name_of(bia))
    ana.page.locator("button[data-action='start']").click()
    expect(ana.page.locator(".my-tables a")).to_have_text("Go to my table: North, board 1")
    ana.page.locator(".my-tables a").click()
    ana.page.wait_for_selector(".felt")
    play_bridge_deal(ana, first_call="1NT")

    # Ana's table is done, the other room's is not: her IMPs wait for it, and she is told so.
    ending = ana.page.locator(".event-ending")
    expect(ending).to_have_attribute("data-ready", "false")
    expect(ending.locator(".notice")).to_contain_text("Other tables are still playing")
    expect(ending.locator("thead")).to_contain_text("IMPs")
    expect(ending.locator("a[data-link='next']")).to_have_count(0)

    bia.page.reload()
    bia.page.locator(".my-tables a").click()
    bia.page.wait_for_selector(".felt")
    play_bridge_deal(bia, first_call="1NT")
    # Both rooms have played the board: each is told the results are ready, Ana without a reload.
    for someone in (ana, bia):
        ending = someone.page.locator(".event-ending")
        expect(ending).to_have_attribute("data-ready", "true", timeout=30_000)
        if someone is ana:
            expect(ana.page.locator(".toast")).to_contain_text("Results ready: Friday match")
        expect(ending.locator(".notice")).to_have_text("The event is over: the ranking is final.")
    cells = [someone.page.locator(".event-results tbody td") for someone in (ana, bia)]
    imps = [cell.nth(2).inner_text() for cell in cells]
    assert imps[0].lstrip("+-") == imps[1].lstrip("+-")  # one swing, seen from each room
    for someone in (ana, bia):
        someone.assert_no_errors()
        someone.close()
