"""Two browsers at one table as partners, and a visitor: each page shows only what its seat
may see (the partner's hand never before it is dummy), undo and chat across browsers."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import Person, act_once, chromium, create_table, live, person
from serverkit import Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-partners")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def check_secrets(viewer: Person, owners: dict[str, tuple[Person, set[str]]]) -> None:
    """No card still held by another seat may be face up on `viewer`'s page, unless that seat
    is dummy after the opening lead or the deal is over.  The owner's page is read after the
    viewer's, so a card it still holds was certainly unplayed when the viewer was read."""
    seen_state = viewer.table_state()
    # Cards in the trick were played: the owner's own page may show them a moment longer.
    seen = {str(card) for card in seen_state["held"]}  # type: ignore[attr-defined]
    seats: dict[str, dict[str, object]] = seen_state["seats"]  # type: ignore[assignment]
    if seen_state["phase"] == "over":
        return
    for seat, (owner, dealt) in owners.items():
        owner_state = owner.table_state()
        if owner_state["phase"] == "over":
            continue
        held = set(owner_state["seats"][seat]["cards"])  # type: ignore[index]
        leaked = seen & dealt & held
        if leaked:
            dummy_faced = (
                seats.get(seat, {}).get("role") == "dummy" and seen_state["phase"] == "play"
            )
            assert dummy_faced, f"{seat}'s cards {leaked} shown before dummy"


def test_partners_and_a_visitor_each_see_only_their_own(server: Server, browser: Browser) -> None:
    north = person(browser, server.url)
    north.goto("/")
    north_name = north.guest()
    table = create_table(north, scoring="rubber", robots=False)
    page = north.page
    expect(page.locator(".seat-area[data-seat='N'] .plate")).to_contain_text(north_name)
    for seat in "EW":
        page.locator(f".seat-area[data-seat='{seat}'] [data-robot='{seat}']").click()
        expect(page.locator(f".seat-area[data-seat='{seat}'] .badge.robot")).to_be_visible()

    south = person(browser, server.url)
    south.goto("/")
    south_name = south.guest()
    listing = south.page.locator(f".lobby-table[data-table='{table}']")
    expect(listing).to_contain_text(north_name)
    # North invites South by name; the invitation pops up on South's lobby.
    page.fill("#invite-name", south_name)
    page.locator(".invite-form button").click()
    invitation = south.page.locator(".toast", has_text=f"{north_name} invites you to a table")
    invitation.get_by_role("button", name="Join").click()
    south.page.wait_for_url(f"**/table/{table}?invite=*")
    south.page.locator(".seat-area[data-seat='S'] [data-sit='S']").click()
    expect(south.page.locator(".seat-area.pos-bottom .plate")).to_contain_text(south_name)

    visitor = person(browser, server.url, language="pt-BR")
    visitor.goto("/")
    visitor_name = visitor.guest()
    visitor.goto(f"/table/{table}")
    visitor.page.wait_for_selector(".felt-box[data-phase='auction']")
    expect(page.locator(".kibitzers")).to_contain_text(visitor_name)

    # Each player sees 13 cards of their own; the visitor sees none.
    page.wait_for_selector(live(".bidding-box .bid[data-call='1NT']:not([disabled])"))
    north_hand = north.seat_cards("N")
    south.page.wait_for_selector(".seat-area[data-seat='S'] .card")
    south_hand = south.seat_cards("S")
    assert len(north_hand) == len(south_hand) == 13 and not north_hand & south_hand
    assert south.face_up() == south_hand and north.face_up() == north_hand
    assert visitor.face_up() == set()

    # North opens, then takes the call back while South thinks; the robots allow it.
    page.locator(live(".bid[data-call='1NT']")).click()
    south.page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    page.get_by_role("button", name="Undo").click()
    page.locator("dialog .btn-primary").click()
    expect(page.locator(".auction td[data-index]")).to_have_count(0)
    page.locator(live(".bid[data-call='1NT']")).click()

    # Chat reaches the partner and the visitor.
    page.fill("#chat-input", "boa sorte")
    page.locator(".chat-form button").click()
    expect(south.page.locator(".chat-list")).to_contain_text("boa sorte")
    expect(visitor.page.locator(".chat-list")).to_contain_text("boa sorte")

    owners = {"N": (north, north_hand), "S": (south, south_hand)}
    # The check itself can fail: a card of North's drawn on the visitor's page is caught.
    planted = sorted(north_hand)[0]
    visitor.page.evaluate(
        "card => { const s = document.createElement('span'); s.className = 'planted';"
        " s.dataset.card = card; document.body.append(s); }",
        planted,
    )
    with pytest.raises(AssertionError, match="shown before dummy"):
        check_secrets(visitor, owners)
    visitor.page.evaluate("document.querySelector('.planted').remove()")
    deadline = time.monotonic() + 60
    while not (north.phase() == "over" and south.phase() == "over"):
        assert time.monotonic() < deadline, "the deal did not end"
        acted = act_once(north) or act_once(south)
        if not acted:
            north.page.wait_for_timeout(30)
            continue
        for viewer in (north, south, visitor):
            check_secrets(viewer, {s: o for s, o in owners.items() if o[0] is not viewer})
    visitor.page.wait_for_selector(".felt-box[data-phase='over']")
    for viewer in (north, south, visitor):
        assert len(viewer.face_up(".felt")) == 52, "every hand is shown once the deal is over"
    expect(visitor.page.locator(".deal-end")).to_contain_text("Fim da mão")
    for someone in (north, south, visitor):
        someone.assert_no_errors()
        someone.close()
