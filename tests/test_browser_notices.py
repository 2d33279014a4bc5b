"""Nobody left guessing (issue 45, items 3 and 4), one browser context per person: a dropped
connection is shown to the others at once with the seconds the seat is held; back from away, a
person is told what the robot played for them; a time-out names what was played; an undo
refusal reaches the asker; the next deal waits for everyone's "Ready" (robots and people a
robot plays for always are), or starts after the table's wait; the last deal stays in reach.

Nothing here asserts on time: each expectation polls the page until it holds (the server's
hold is a few seconds, the time to act five)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, Person, chromium, live, person
from serverkit import Server

HOLD = 8.0
"""Seconds a seat is held at this module's server before a robot plays for its person."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("browser-notices"), away_after=HOLD)
    running.start()
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def guest(browser: Browser, server: Server, **kind: Any) -> tuple[Person, str]:
    someone = person(browser, server.url, **kind)
    someone.goto("/")
    return someone, someone.guest()


def new_table(someone: Person, **options: Any) -> str:
    """A table of contract bridge (duplicate: North deals board 1) with these options."""
    body = {"game": "contract", "scoring": "duplicate", **options}
    response = someone.page.request.post(someone.base + "/api/tables", data=body)
    assert response.ok, response.text()
    return str(response.json()["table"])


def sit(someone: Person, table: str, seat: str) -> None:
    someone.goto(f"/table/{table}")
    someone.page.locator(f".seat-area[data-seat='{seat}'] [data-sit='{seat}']").click()
    expect(someone.page.locator(".seat-area.pos-bottom")).to_have_attribute("data-seat", seat)


def call(someone: Person, bid: str = "Pass") -> None:
    someone.page.locator(live(f".bidding-box .bid[data-call='{bid}']:not([disabled])")).click()


def notices(someone: Person) -> Any:
    return someone.page.locator(".notices[role=status]")


def test_presence_and_the_next_deal_when_everyone_is_ready(
    server: Server, browser: Browser
) -> None:
    ana, ana_name = guest(browser, server)
    bruno, bruno_name = guest(browser, server)
    caio, _ = guest(browser, server, language="pt-BR", viewport=PHONE)
    dora, dora_name = guest(browser, server)
    table = new_table(ana, robots=False, ready_wait=0)
    people = {"N": ana, "E": bruno, "S": caio, "W": dora}
    for seat, someone in people.items():
        sit(someone, table, seat)
    watcher, _ = guest(browser, server)
    watcher.goto(f"/table/{table}")
    for someone in people.values():  # board 1 is passed out
        call(someone)
    for someone in people.values():
        expect(someone.page.locator(".felt-box")).to_have_attribute("data-phase", "over")

    # Ana is ready: everyone sees it, and the deal waits for the others.
    ana.page.locator(live(".next-deal")).click()
    expect(bruno.page.locator(".ready-who")).to_contain_text(ana_name)
    expect(caio.page.locator(".ready-who")).to_contain_text(f"Prontos: {ana_name}")
    expect(ana.page.locator(".ready-you")).to_contain_text(
        f"You are ready; waiting for {bruno_name}"
    )
    expect(bruno.page.locator(".ready-wait")).to_have_text(
        "The next deal starts when everyone is ready"
    )
    expect(bruno.page.locator(".felt-box")).to_have_attribute("data-phase", "over")

    # Dora closes her tab: the others are told at once, with the seconds her seat is held.
    dora.page.close()
    held = re.compile(rf"{re.escape(dora_name)} lost connection, holding their seat \d+ s")
    expect(notices(ana).locator(".table-notice.held")).to_contain_text(held)
    expect(notices(caio).locator(".table-notice.held")).to_contain_text("perdeu a conexão")
    # The hold runs out: a robot plays for her, so she counts as ready.
    expect(notices(bruno)).to_contain_text(f"{dora_name} has not come back")
    expect(bruno.page.locator(".ready-who")).to_contain_text(dora_name)

    bruno.page.locator(live(".next-deal")).click()
    caio.page.locator(live(".next-deal")).click()
    for someone in (ana, bruno, caio):
        expect(someone.page.locator(".felt-box")).to_have_attribute("data-phase", "auction")
    # The finished deal stays in reach, for the players and the watchers.
    expect(notices(ana).locator("a[data-last-deal]")).to_have_text("Look at deal 1 again")
    expect(notices(watcher).locator("a[data-last-deal]")).to_have_text("Look at deal 1 again")
    watcher.assert_no_errors()
    watcher.close()

    # Board 2 (East deals): the robot calls for Dora; back, she is told what it played.
    call(bruno)
    call(caio)
    expect(ana.page.locator(".auction td[data-index]")).to_have_count(3)
    dora.page = dora.context.new_page()
    dora.page.on("pageerror", lambda error: dora.errors.append(f"uncaught: {error}"))
    dora.goto(f"/table/{table}")
    expect(notices(dora)).to_contain_text(
        re.compile(r"While you were away the robot played: (Pass|X|\d(NT|[♠♥♦♣]))")
    )
    expect(notices(ana)).to_contain_text(f"{dora_name} is back")
    for someone in people.values():
        someone.assert_no_errors()

    # At a table that waits a few seconds, the next deal starts by itself, nobody having
    # said "Ready"; meanwhile everyone sees the seconds count down.
    table = new_table(ana, robots=False, ready_wait=8)
    for seat, someone in people.items():
        sit(someone, table, seat)
    for someone in people.values():
        call(someone)
    expect(bruno.page.locator(".ready-wait")).to_have_text(
        re.compile(r"^The next deal starts in \d+ s")
    )
    expect(caio.page.locator(".ready-wait")).to_have_text(
        re.compile(r"^A próxima mão começa em \d+ s")
    )
    for someone in people.values():
        expect(someone.page.locator(".felt-box")).to_have_attribute("data-phase", "auction")
        expect(someone.page.locator(".auction td[data-index]")).to_have_count(0)
    for someone in people.values():
        someone.assert_no_errors()
        someone.close()


@pytest.mark.parametrize(("language", "viewport"), [("en", None), ("pt-BR", PHONE)])
def test_a_time_out_names_what_was_played(
    server: Server, browser: Browser, language: str, viewport: dict[str, int] | None
) -> None:
    eva, eva_name = guest(browser, server, language=language, viewport=viewport)
    watcher, _ = guest(browser, server)
    table = new_table(eva, seconds_per_action=5)
    sit(eva, table, "N")
    # North's turn: the seconds left count down on the plate.
    expect(eva.page.locator(".plate.to-act .timer-seconds")).to_have_text(re.compile(r"^\d+ s$"))
    watcher.goto(f"/table/{table}")
    said = {
        "en": rf"Time ran out for {re.escape(eva_name)}: \S+ was played",
        "pt-BR": rf"Acabou o tempo de {re.escape(eva_name)}: foi jogado \S+",
    }
    expect(notices(eva)).to_contain_text(re.compile(said[language]))
    expect(notices(watcher)).to_contain_text(re.compile(said["en"]))
    for someone in (eva, watcher):
        someone.assert_no_errors()
        someone.close()


def test_an_undo_refusal_reaches_the_asker(server: Server, browser: Browser) -> None:
    ana, ana_name = guest(browser, server)
    bruno, bruno_name = guest(browser, server, language="pt-BR")
    table = new_table(ana, robots=False)
    sit(ana, table, "N")
    sit(bruno, table, "E")
    for seat in "SW":
        ana.page.locator(f".seat-area[data-seat='{seat}'] [data-robot='{seat}']").click()
    call(ana, "1NT")
    ana.page.get_by_role("button", name="Undo").click()
    ana.page.locator("dialog .btn-primary").click()
    # In the auction the asker is told whose answer the request waits for (not "Waiting for").
    expect(notices(ana)).to_contain_text(
        f"{ana_name} asks to take back their last call or card; waiting for {bruno_name}"
    )
    bruno.page.get_by_role("button", name="Recusar").click()
    expect(notices(ana)).to_contain_text(
        f"{bruno_name} refused: {ana_name}'s last call or card stands"
    )
    expect(notices(bruno)).to_contain_text(f"{bruno_name} recusou")
    expect(ana.page.locator(".auction td[data-index]")).to_have_count(1)
    for someone in (ana, bruno):
        someone.assert_no_errors()
        someone.close()


def test_a_watchers_chat_is_marked_as_going_to_watchers(server: Server, browser: Browser) -> None:
    ana, _ = guest(browser, server)
    watcher, _ = guest(browser, server, language="pt-BR")
    table = new_table(ana)
    sit(ana, table, "N")
    watcher.goto(f"/table/{table}")
    expect(watcher.page.locator(".chat-note")).to_contain_text("só aos outros visitantes")
    expect(ana.page.locator(".chat-note")).to_be_hidden()
    watcher.page.fill("#chat-input", "que mão")
    watcher.page.locator(".chat-form button").click()
    expect(watcher.page.locator(".chat-list")).to_contain_text("só para visitantes")
    for someone in (ana, watcher):
        someone.assert_no_errors()
        someone.close()
