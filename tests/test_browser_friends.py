"""Friends in the lobby (issue 45), two people in two browser contexts: Ana adds Bia by name
(a name nobody has is said so), sees her online, sits at a table and, back in the lobby,
invites her with one click; Bia is told, joins and sits.  Bia, a guest, first chooses her
name in the lobby's panel, and Ana's list knows her by it.  Desktop in English with a phone in
Portuguese, and the other way round."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import DESKTOP, PHONE, Person, chromium, create_table, person
from serverkit import Server, running_server
from test_browser_a11y import violations

SAID = {
    "en": {"nobody": "Nobody has that name", "online": "online",
           "invited": "Invitation sent to", "invites": "invites you to a table", "join": "Join",
           "added": "is now among your friends", "renamed": "You are now"},
    "pt-BR": {"nobody": "Ninguém tem esse nome", "online": "online",
              "invited": "Convite enviado para", "invites": "convida você para uma mesa",
              "join": "Entrar", "added": "agora está entre seus amigos",
              "renamed": "Agora você é"},
}  # fmt: skip


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-friends")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def add_friend(someone: Person, name: str) -> None:
    someone.page.fill("#friend-name", name)
    someone.page.locator("form.friend-add button").click()


def friend_row(someone: Person, name: str):  # type: ignore[no-untyped-def]
    return someone.page.locator(f".friend-list li[data-friend='{name}']")


@pytest.mark.parametrize(
    ("ana_side", "bia_side"),
    [
        (("en", {"width": 1280, "height": 800}), ("pt-BR", PHONE)),
        (("pt-BR", PHONE), ("en", DESKTOP)),
    ],
    ids=["desktop-en+phone-pt", "phone-pt+desktop-en"],
)
def test_add_see_online_invite_with_one_click_and_join(
    server: Server,
    browser: Browser,
    ana_side: tuple[str, dict[str, int]],
    bia_side: tuple[str, dict[str, int]],
) -> None:
    ana = person(browser, server.url, language=ana_side[0], viewport=ana_side[1])
    bia = person(browser, server.url, language=bia_side[0], viewport=bia_side[1])
    said_ana, said_bia = SAID[ana_side[0]], SAID[bia_side[0]]
    ana.goto("/")
    ana.guest()
    bia.goto("/")
    bia.guest()
    # Bia, a guest, chooses her name in the lobby.
    wanted = f"Bia{ana_side[0][:2]}{len(ana_side[0])}"
    bia.page.locator(".friend-me summary").click()
    bia.page.fill("#friends-guest-name", wanted)
    bia.page.locator(".friend-me form button").click()
    expect(bia.page.locator(".toast", has_text=f"{said_bia['renamed']} {wanted}")).to_be_visible()
    expect(bia.page.locator(".account .me")).to_contain_text(wanted)

    add_friend(ana, "nobody-has-this-name")
    expect(ana.page.locator(".toast-error", has_text=said_ana["nobody"])).to_be_visible()
    add_friend(ana, wanted.lower())  # in any case
    expect(ana.page.locator(".toast", has_text=f"{wanted} {said_ana['added']}")).to_be_visible()
    row = friend_row(ana, wanted)
    expect(row).to_have_class("friend online")
    expect(row.locator(".friend-state")).to_have_text(said_ana["online"])
    expect(row.locator("button.btn-primary")).to_have_count(0)  # Ana sits nowhere yet

    # Ana sits at a table, comes back to the lobby and invites Bia with one click.
    table = create_table(ana, robots=False)
    ana.page.locator("a.nav-link[href='/']").click()
    invite = friend_row(ana, wanted).locator("button.btn-primary")
    expect(invite).to_be_visible()
    assert violations(ana.page) == []  # axe-core, WCAG 2.1 A/AA: the panel with its buttons
    invite.click()
    expect(ana.page.locator(".toast", has_text=f"{said_ana['invited']} {wanted}")).to_be_visible()

    toast = bia.page.locator(".toast", has_text=said_bia["invites"])
    expect(toast).to_be_visible()
    toast.locator("button", has_text=said_bia["join"]).click()
    bia.page.wait_for_url(f"**/table/{table}*")
    bia.page.locator(".seat-area[data-seat='S'] [data-sit='S']").click()
    expect(bia.page.locator(".seat-area[data-seat='S']")).to_contain_text(wanted)

    # Bia's own list: Ana is not her friend (a friend is one way) until she adds her.
    bia.page.locator("a.nav-link[href='/']").click()
    expect(bia.page.locator(".friends .empty")).to_be_visible()
    refusals = [e for e in ana.errors if "400" in e and "/api/friends" in e]
    assert len(refusals) == 1  # the name nobody has, noted by the browser's console
    ana.errors = [e for e in ana.errors if e not in refusals]
    for someone in (ana, bia):
        someone.assert_no_errors()
        someone.close()
