"""The history page (issue 19, item 8): each deal with its game and its scoring (an Auction
Bridge deal says so, from the registry's labels), contract, result and points, and filters by
game and by scoring."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, Person, chromium, person
from serverkit import Client, Server, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-history")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def play_one_deal(player: Client, game: str, scoring: str) -> None:
    """North, with robots in the other seats, takes the first legal action each time it is
    asked (its turn, or a robot's claim to answer) until the deal is over."""
    table = player.create_table(game=game, scoring=scoring)["table"]
    player.send(type="hello", table=table)
    player.recv_until(lambda m: m.get("type") == "snapshot")
    player.send(type="sit", table=table, seat="N")
    acted: set[tuple[int, int]] = set()
    for _ in range(2000):
        view = player.recv(timeout=30).get("view") or {}
        if view.get("phase") == "over":
            return
        position = (len(view.get("calls") or []), len(view.get("played") or []))
        proposal = view.get("proposal") or {}
        asked = view.get("controller") == "N" or "N" in proposal.get("awaiting", [])
        if view.get("legal") and asked and position not in acted:
            acted.add(position)  # once: a later message may still show the same position
            time.sleep(0.1)  # within the club's flood limit for one person
            player.send(table=table, **dict(view["legal"][0]))
    raise AssertionError("the deal did not end")


def log_in(someone: Person) -> None:
    someone.goto("/login")
    someone.page.fill("input[name=name]", "historian")
    someone.page.fill("input[name=password]", "correct horse")
    someone.page.locator("form.stack button[type=submit]").click()
    expect(someone.page.locator(".account .me")).to_have_text("historian")


def test_history_shows_game_scoring_contract_result_and_points(
    server: Server, browser: Browser
) -> None:
    player = Client(server).register("historian").connect()
    player.http.put("/api/me/settings", json={"language": "en"}).raise_for_status()
    played = [("contract", "auction"), ("contract", "duplicate"), ("bridge-whist", "rubber")]
    for game, scoring in played:
        play_one_deal(player, game, scoring)
    rows = player.http.get("/api/history").json()
    assert [(row["game"], row["scoring"]) for row in rows] == [
        ("bridge-whist", "rubber"),
        ("contract", "duplicate"),
        ("contract", "auction"),
    ]
    assert all(set(row["points"]) == {"NS", "EW", "unit"} for row in rows)

    me = person(browser, server.url)
    log_in(me)
    me.goto("/history")
    page = me.page
    listed = page.locator("table.history tbody tr")
    expect(listed).to_have_count(3)
    auction = page.locator("tr[data-scoring='auction']")
    expect(auction.locator("td").nth(1)).to_have_text("Contract bridge")
    expect(auction.locator("td").nth(2)).to_have_text("Auction Bridge")
    expect(page.locator("tr[data-scoring='duplicate'] td").nth(2)).to_have_text("Duplicate")
    points = re.compile(r"^(0|(N-S|E-W) [\d,]+( · E-W [\d,]+)?)$")
    for row in range(3):
        cells = listed.nth(row).locator("td")
        expect(cells.nth(6)).to_have_text(points)
        expect(cells.nth(4)).not_to_be_empty()
    expect(page.locator("table.history th")).to_contain_text(
        ["When", "Game", "Scoring", "Deal", "Contract", "Result", "Points"]
    )

    page.get_by_label("Game").select_option(label="Contract bridge")
    expect(listed).to_have_count(2)
    expect(page.locator("tr[data-game='bridge-whist']")).to_have_count(0)
    page.get_by_label("Scoring").select_option(label="Auction Bridge")
    expect(listed).to_have_count(1)
    expect(listed.first).to_have_attribute("data-scoring", "auction")
    page.get_by_label("Scoring").select_option(label="All scorings")
    page.get_by_label("Game").select_option(label="All games")
    expect(listed).to_have_count(3)

    me.assert_no_errors()
    me.close()

    # On a phone, in Portuguese (the labels are the registry's): the page does not scroll
    # sideways (the table scrolls in its own box).
    leitor = person(browser, server.url, language="pt-BR", viewport=PHONE)
    player.http.put("/api/me/settings", json={"language": "pt-BR"}).raise_for_status()
    log_in(leitor)
    leitor.goto("/history")
    page = leitor.page
    expect(page.locator("tr[data-scoring='auction'] td").nth(2)).to_have_text("Bridge-Leilão")
    expect(page.locator("table.history th").nth(2)).to_have_text("Contagem")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= PHONE["width"]
    me = leitor
    me.assert_no_errors()
    me.close()
    player.close()
