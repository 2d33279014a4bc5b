"""The time left to act, on the plate of the one who must act (issue 19 item 10): it comes
from the server (`time_left`, from the turn's start in the log), so a reload does not give a
player the whole time again.  Desktop in English, phone in Portuguese."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, chromium, person
from serverkit import Server, running_server

LEFT = {
    "en": re.compile(r"^(\d+) seconds? left to act$"),
    "pt-BR": re.compile(r"^(\d+) segundos? para jogar$"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-timer")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


@pytest.mark.parametrize(("language", "viewport"), [("en", None), ("pt-BR", PHONE)])
def test_my_time_left_shows_on_my_plate_and_a_reload_does_not_restart_it(
    server: Server, browser: Browser, language: str, viewport: dict[str, int] | None
) -> None:
    north = person(browser, server.url, language=language, viewport=viewport)
    north.goto("/")
    north.guest()
    page = north.page
    page.wait_for_selector("form.create-form")
    page.select_option("select[name=seconds]", "300")
    page.locator("form.create-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/table/"))
    # North deals board 1 (duplicate's first board is North's): the first turn is North's.
    timer = page.locator(".plate.to-act [role=timer]")
    expect(timer).to_have_count(1)
    first = int(LEFT[language].match(timer.get_attribute("aria-label") or "").group(1))  # type: ignore[union-attr]
    assert 0 < first <= 300
    page.wait_for_timeout(1500)
    page.reload()
    timer = page.locator(".plate.to-act [role=timer]")
    expect(timer).to_have_count(1)
    again = int(LEFT[language].match(timer.get_attribute("aria-label") or "").group(1))  # type: ignore[union-attr]
    assert again < 300  # the turn's clock ran on across the reload
    north.assert_no_errors()
    north.close()
