"""Inviting by name (issue 45): a name nobody has is said to be nobody's, and no "Invitation
sent" comes first; an invitation to a real name is said to be sent once the table has it.
Desktop in English, phone in Portuguese."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, Person, chromium, create_table, person
from serverkit import Server, running_server

SAID = {
    "en": ("Nobody has that name", "Invitation sent to"),
    "pt-BR": ("Ninguém tem esse nome", "Convite enviado para"),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-invitations")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def invite(someone: Person, name: str) -> None:
    page = someone.page
    if not page.locator("#invite-name").is_visible():  # a phone folds the tools into a menu
        page.locator("button.menu-toggle").click()
    page.fill("#invite-name", name)
    page.locator(".invite-form button").click()


@pytest.mark.parametrize(("language", "viewport"), [("en", None), ("pt-BR", PHONE)])
def test_an_invitation_to_nobody_says_so(
    server: Server, browser: Browser, language: str, viewport: dict[str, int] | None
) -> None:
    host = person(browser, server.url, language=language, viewport=viewport)
    host.goto("/")
    host.guest()
    create_table(host, robots=False)
    friend = person(browser, server.url)
    friend.goto("/")
    friend_name = friend.guest()
    nobody, sent = SAID[language]
    page = host.page

    invite(host, "nobody-has-this-name")
    expect(page.locator(".toast", has_text=nobody)).to_be_visible()
    expect(page.locator(".toast", has_text=sent)).to_have_count(0)

    invite(host, friend_name)
    expect(page.locator(".toast", has_text=f"{sent} {friend_name}")).to_be_visible()
    expect(friend.page.locator(".toast", has_text="invites you to a table")).to_be_visible()
    assert page.locator(".toast", has_text=sent).count() == 1
    host.assert_no_errors()
    friend.assert_no_errors()
    friend.close()
    host.close()
