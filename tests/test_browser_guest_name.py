"""A guest chooses its name (issue 45): in the settings, checked as a registration checks a
name (the letters allowed, and nobody else's in any case); the new name is shown at once and
is the one the server knows.  A registered name is kept.  Desktop in English, phone in
Portuguese."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, Person, chromium, person
from serverkit import Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-guest-name")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def rename(someone: Person, name: str) -> None:
    someone.page.fill("#guest-name", name)
    someone.page.locator("form.guest-name button").click()


def known_as(someone: Person) -> str:
    return str(someone.page.request.get(someone.base + "/api/me").json()["name"])


def test_a_guest_chooses_a_name_nobody_else_has(server: Server, browser: Browser) -> None:
    ana = person(browser, server.url)
    ana.goto("/")
    ana.guest()
    ana.goto("/settings")
    rename(ana, "Ana_45")
    expect(ana.page.locator(".toast", has_text="You are now Ana_45")).to_be_visible()
    expect(ana.page.locator(".account .me")).to_contain_text("Ana_45")
    assert known_as(ana) == "Ana_45"

    bruno = person(browser, server.url, language="pt-BR", viewport=PHONE)
    bruno.goto("/")
    given = bruno.guest()
    bruno.goto("/settings")
    rename(bruno, "ana_45")  # Ana's, in another case
    expect(
        bruno.page.locator(".toast-error", has_text="ana_45 não pode ser o seu nome")
    ).to_be_visible()
    rename(bruno, "no spaces!")
    assert known_as(bruno) == given
    rename(bruno, "Bruno-45")
    expect(bruno.page.locator(".toast", has_text="Agora você é Bruno-45")).to_be_visible()
    expect(bruno.page.locator("#guest-name")).to_have_value("Bruno-45")
    assert known_as(bruno) == "Bruno-45"

    # A registered person keeps its name: the settings offer no field, the server refuses.
    carla = person(browser, server.url)
    carla.goto("/")
    registered = carla.page.request.post(
        server.url + "/api/register", data={"name": "Carla45", "password": "a long password"}
    )
    assert registered.ok
    carla.goto("/settings")
    expect(carla.page.locator("h1")).to_be_visible()
    expect(carla.page.locator("#guest-name")).to_have_count(0)
    refused = carla.page.request.put(server.url + "/api/me/name", data={"name": "Carla46"})
    assert refused.status == 400
    assert known_as(carla) == "Carla45"
    # The two names refused were answered 400, which the browser notes in its console.
    refusals = [error for error in bruno.errors if "400" in error and "/api/me/name" in error]
    assert len(refusals) == 2
    bruno.errors = [error for error in bruno.errors if error not in refusals]
    for someone in (ana, bruno, carla):
        someone.assert_no_errors()
        someone.close()
