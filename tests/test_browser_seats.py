"""Seats that move, in Chromium with one browser profile per person (issue 45): a friend joins
a table of robots from the lobby in the middle of a deal (its watchers see the public view) and
takes a robot's seat; she stands up in the middle of the deal and takes her seat back at once,
and another robot's seat is kept for her to the deal's end; a third person takes a robot's seat
between deals on a phone in Portuguese; the host names the table and closes it, and everyone is
told."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, Person, act_once, chromium, create_table, person
from serverkit import Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-seats")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def assert_no_errors(someone: Person) -> None:
    """No error in the console but the event ending's 404 for a table that is no event's (its
    own design: `table/ending.js` asks once the match is over)."""
    someone.errors = [e for e in someone.errors if "/api/events/at-table/" not in e]
    someone.assert_no_errors()


def plate(someone: Person, seat: str) -> str:
    return f".seat-area[data-seat='{seat}'] .plate"


def play_to_the_end(people: list[Person], limit: float = 90) -> None:
    """Each page acts whenever it is offered something, until the deal is over on all."""
    deadline = time.monotonic() + limit
    while any(p.phase() != "over" for p in people):
        assert time.monotonic() < deadline, "the deal did not end"
        if not any(act_once(p, call="1NT") for p in people):
            people[0].page.wait_for_timeout(40)


def stand_up(someone: Person) -> None:
    page = someone.page
    if page.locator(".menu-toggle").is_visible():
        page.locator(".menu-toggle").click()
    page.locator(".table-tools button", has_text="Stand up").click()
    page.locator("dialog .btn-primary").click()


def test_friends_take_robots_seats_stand_up_and_sit_again(server: Server, browser: Browser) -> None:
    ana = person(browser, server.url)
    ana.goto("/")
    ana_name = ana.guest()
    table = create_table(ana, scoring="duplicate")
    expect(ana.page.locator(plate(ana, "N"))).to_contain_text(ana_name)
    ana.page.wait_for_selector(".felt-box[data-phase='auction']")

    # Bia finds the table of robots in the lobby, joins it, and sits in a robot's seat at once:
    # the deal has begun, and its watchers see only what every seat sees.
    bia = person(browser, server.url)
    bia.goto("/")
    bia_name = bia.guest()
    listing = bia.page.locator(f".lobby-table[data-table='{table}']")
    listing.get_by_role("link", name="Join").click()
    expect(bia.page.locator(".seat-area.pos-bottom .plate")).to_contain_text(bia_name)
    expect(ana.page.locator(plate(ana, "E"))).to_contain_text(bia_name)
    assert bia.page.url.endswith(f"/table/{table}")  # a reload does not sit her again

    # In the middle of the deal she stands up: a robot plays on; she takes her seat back.
    stand_up(bia)
    expect(ana.page.locator(plate(ana, "E") + " .badge.robot")).to_be_visible()
    bia.page.locator(plate(bia, "E") + " [data-take='E']").click()
    expect(bia.page.locator(".seat-area.pos-bottom .plate")).to_contain_text(bia_name)
    # Up again, and West instead: she has seen East's hand, so West is hers from the deal's end.
    stand_up(bia)
    bia.page.locator(plate(bia, "W") + " [data-take='W']").click()
    expect(bia.page.locator(plate(bia, "W") + " .badge.kept")).to_have_text("yours next deal")
    expect(ana.page.locator(plate(ana, "W") + " .badge.kept")).to_contain_text(bia_name)
    told = bia.page.locator(".toast", has_text="you take the seat when the deal ends")
    expect(told).to_be_visible()
    play_to_the_end([ana])
    expect(bia.page.locator(".seat-area.pos-bottom .plate")).to_contain_text(bia_name)
    expect(ana.page.locator(plate(ana, "W"))).to_contain_text(bia_name)

    # Between deals Caio, on a phone in Portuguese, takes the robot's seat at East.
    caio = person(browser, server.url, viewport=PHONE, language="pt-BR")
    caio.goto("/")
    caio_name = caio.guest()
    caio.goto(f"/table/{table}")
    caio.page.locator(plate(caio, "E") + " [data-take='E']").click()
    expect(caio.page.locator(".seat-area.pos-bottom .plate")).to_contain_text(caio_name)
    expect(ana.page.locator(plate(ana, "E"))).to_contain_text(caio_name)

    # The host names the table: the lobby and the table show it; then she closes it.
    page = ana.page
    page.locator(".table-tools button", has_text="Name the table").click()
    page.fill("#table-name", "Friday friends")
    page.locator("dialog .btn-primary").click()
    expect(bia.page.locator(".table-head h1")).to_contain_text("Friday friends")
    lobby = person(browser, server.url)
    lobby.goto("/")
    expect(lobby.page.locator(f".lobby-table[data-table='{table}']")).to_contain_text(
        "Friday friends"
    )
    page.locator(".table-tools button", has_text="Close the table").click()
    page.locator("dialog .btn-primary").click()
    expect(bia.page.locator(".toast", has_text=f"{ana_name} closed the table")).to_be_visible()
    expect(caio.page.locator(".toast", has_text=f"{ana_name} fechou a mesa")).to_be_visible()
    expect(lobby.page.locator(f".lobby-table[data-table='{table}']")).to_have_count(0)
    for someone in (ana, bia, caio, lobby):
        assert_no_errors(someone)
        someone.close()


def test_the_private_tick_does_not_carry_over(server: Server, browser: Browser) -> None:
    host = person(browser, server.url)
    host.goto("/")
    host.guest()
    host.page.locator("input[name=public]").set_checked(False)
    host.page.locator("form.create-form button[type=submit]").click()
    host.page.wait_for_url("**/table/**")
    expect(host.page.locator(".table-head .badge", has_text="private")).to_be_visible()
    host.goto("/")
    expect(host.page.locator("input[name=public]")).to_be_checked()
    assert_no_errors(host)
    host.close()


def test_an_invitation_offers_a_seat_and_the_friend_sits_in_it(
    server: Server, browser: Browser
) -> None:
    ana = person(browser, server.url)
    ana.goto("/")
    ana.guest()
    table = create_table(ana, scoring="duplicate")
    dora = person(browser, server.url, viewport=PHONE, language="pt-BR")
    dora.goto("/")
    dora_name = dora.guest()
    ana.page.fill("#invite-name", dora_name)
    ana.page.select_option(".invite-form select", "S")
    ana.page.locator(".invite-form button").click()
    offer = dora.page.locator(".toast").get_by_role("button", name="Sentar em Sul")
    offer.click()
    dora.page.wait_for_url(f"**/table/{table}?invite=*")
    expect(dora.page.locator(".seat-area.pos-bottom .plate")).to_contain_text(dora_name)
    expect(ana.page.locator(plate(ana, "S"))).to_contain_text(dora_name)
    assert "seat=" not in dora.page.url  # a reload does not sit her again
    for someone in (ana, dora):
        assert_no_errors(someone)
        someone.close()
