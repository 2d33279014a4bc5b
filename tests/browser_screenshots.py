"""Screenshots of the client for the README: the lobby, a bridge table in mid-play (desktop and
phone), a Boerenbridge table, the phone table mid-auction, a seven-player Boerenbridge table (at
a desk and on a phone) and a friend in a robot's seat.  Run it by hand:

    .venv/bin/python tests/browser_screenshots.py [docs/screenshots]

It starts its own server in a temporary directory and drives Debian's Chromium.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Browser

from browserkit import DESKTOP, PHONE, Person, act_once, chromium, create_table, live, person
from serverkit import Client, Server, running_server

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def populate_lobby(server: Server) -> None:
    """A few tables for the lobby to list: people and robots at several games."""
    for options in (
        {"game": "contract", "scoring": "chicago"},
        {"game": "boerenbridge", "scoring": "boerenbridge", "players": 5},
        {"game": "contract", "scoring": "duplicate", "robots": False},
    ):
        host = Client(server).guest()
        table = host.create_table(**options)["table"]
        host.connect()
        host.send(type="hello", table=table)
        host.recv_until(lambda m: m["type"] == "snapshot")
        first = "0" if options["game"] == "boerenbridge" else "N"
        host.send(type="sit", table=table, seat=first)
        host.recv_until(lambda m: m["type"] == "update")
        host.close()


def to_mid_play(someone: Person, tricks: int) -> None:
    """Play until `tricks` tricks are done and it is our turn with cards on the table."""
    page = someone.page
    called = False
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done = page.locator(".info-strip .tricks-info").count() and sum(
            int(part.split()[-1])
            for part in page.locator(".tricks-info strong").inner_text().split("·")
        )
        on_table = page.locator(".centre .trick .played").count()
        mine = page.locator(live("button.slot.playable")).count()
        if done and done >= tricks and on_table >= 2 and mine:
            return
        if someone.phase() == "over":
            page.get_by_role("button", name="Ready").click()
            called = False
            continue
        action = act_once(someone, call=None if called else "1NT")
        if action is None:
            page.wait_for_timeout(30)
        elif action.startswith(("call", "bid")):
            called = True
    raise TimeoutError("no mid-play position came up")


def shoot(browser: Browser, server: Server, out: Path) -> list[Path]:
    saved: list[Path] = []
    lobby = person(browser, server.url, viewport=DESKTOP)
    lobby.goto("/")
    lobby.guest()
    lobby.page.wait_for_selector(".lobby-table")
    saved.append(out / "lobby.png")
    lobby.page.screenshot(path=str(saved[-1]), full_page=True)

    create_table(lobby, scoring="rubber")
    to_mid_play(lobby, 3)
    lobby.page.mouse.move(0, 0)
    saved.append(out / "table.png")
    lobby.page.screenshot(path=str(saved[-1]))
    lobby.close()

    phone = person(browser, server.url, viewport=PHONE, language="pt-BR")
    phone.goto("/")
    phone.guest()
    create_table(phone, scoring="chicago")
    to_mid_play(phone, 2)
    saved.append(out / "table-phone.png")
    phone.page.screenshot(path=str(saved[-1]), full_page=True)
    phone.close()

    farmer = person(browser, server.url, viewport=DESKTOP)
    farmer.goto("/")
    farmer.guest()
    create_table(farmer, game="boerenbridge", players=5, schedule="4, 5")
    page = farmer.page
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if (
            page.locator(".played-oval").count() >= 2
            and page.locator(live("button.slot.playable")).count()
        ):
            break
        if act_once(farmer) is None:
            page.wait_for_timeout(30)
    saved.append(out / "boerenbridge.png")
    page.screenshot(path=str(saved[-1]))
    farmer.close()
    return saved


def shoot_layout(browser: Browser, server: Server, out: Path) -> list[Path]:
    """The phone table mid-auction (the compact bidding box under the hand's reach) and a
    seven-player Boerenbridge table with its score table, at 1280×800."""
    saved: list[Path] = []
    phone = person(browser, server.url, viewport=PHONE, language="pt-BR")
    phone.goto("/")
    phone.guest()
    create_table(phone, scoring="rubber")
    page = phone.page
    page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    page.locator(live(".bid-level[data-level='1']")).click()
    page.locator(live(".bid-strain[data-call='1NT']")).click()
    page.wait_for_selector(live(".bidding-box .bid[data-call='Pass']:not([disabled])"))
    levels = page.locator(live(".bid-level:not([disabled])"))
    if levels.count() > 1:
        levels.nth(1).click()  # a level chosen: its strains are shown
    saved.append(out / "table-phone-auction.png")
    page.screenshot(path=str(saved[-1]))
    phone.close()

    farmer = person(browser, server.url, viewport={"width": 1280, "height": 800})
    farmer.goto("/")
    farmer.guest()
    create_table(farmer, game="boerenbridge", players=7, schedule="2, 3, 4, 5, 4, 3, 2")
    page = farmer.page
    rounds = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if (
            rounds >= 2
            and page.locator(".played-oval").count() >= 3
            and page.locator(live("button.slot.playable")).count()
        ):
            break
        if page.locator(live(".next-deal")).count():
            rounds += 1
            page.locator(live(".next-deal")).click()
        elif act_once(farmer) is None:
            page.wait_for_timeout(30)
    page.mouse.move(0, 0)
    page.evaluate("scrollTo(0, 0)")
    saved.append(out / "boerenbridge-7.png")
    page.screenshot(path=str(saved[-1]))
    farmer.close()
    return saved


def shoot_boerenbridge_phone(browser: Browser, server: Server, out: Path) -> list[Path]:
    """Seven at Boerenbridge on a phone (390×844): every plate clear of the others, the
    trick's cards clear of the plates, the hand below."""
    farmer = person(browser, server.url, viewport=PHONE, language="pt-BR")
    farmer.goto("/")
    farmer.guest()
    create_table(farmer, game="boerenbridge", players=7, schedule="3, 4, 5, 6, 7, 6, 5, 4, 3")
    page = farmer.page
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if (
            page.locator(".played-oval").count() >= 4
            and page.locator(live("button.slot.playable")).count()
        ):
            break
        if page.locator(live(".next-deal")).count():
            page.locator(live(".next-deal")).click()
        elif act_once(farmer) is None:
            page.wait_for_timeout(30)
    page.evaluate("scrollTo(0, 0)")
    saved = [out / "boerenbridge-7-phone.png"]
    page.screenshot(path=str(saved[0]))
    farmer.close()
    return saved


def shoot_alerts(browser: Browser, server: Server, out: Path) -> list[Path]:
    """North writes an alert, the meaning of 2♣ shown over the box; East, an opponent on a
    phone, reads it on the call."""
    saved: list[Path] = []
    north = person(browser, server.url, viewport={"width": 1280, "height": 800})
    north.goto("/")
    north.guest()
    table = create_table(north, scoring="rubber", robots=False)
    for seat in "SW":
        north.page.locator(f".seat-area[data-seat='{seat}'] [data-robot='{seat}']").click()
    east = person(browser, server.url, viewport=PHONE, language="pt-BR")
    east.goto("/")
    east.guest()
    east.goto(f"/table/{table}")
    east.page.locator(".seat-area[data-seat='E'] [data-sit='E']").click()
    page = north.page
    page.wait_for_selector(live(".bidding-box .bid[data-call='2C']:not([disabled])"))
    page.locator(live(".bid-alert")).click()
    page.locator(live(".alert-text")).fill("Strong and artificial: 22+ HCP or 9 tricks")
    page.locator(live(".bid[data-call='2C']")).hover()
    page.wait_for_selector(live(".call-meaning:not([hidden])"))
    saved.append(out / "alert-written.png")
    page.screenshot(path=str(saved[-1]))
    page.locator(live(".bid[data-call='2C']")).click()
    cell = east.page.locator(".auction td.alerted[data-index='0']").first
    cell.locator(".explain").click()
    east.page.wait_for_selector(".auction td.alerted .explain-tip:not([hidden])")
    saved.append(out / "alert-read-phone.png")
    east.page.screenshot(path=str(saved[-1]))
    north.close()
    east.close()
    return saved


def shoot_seats(browser: Browser, server: Server, out: Path) -> list[Path]:
    """A friend in a robot's seat: Ana's table of robots, named; Bia came from the lobby in
    the middle of the first deal and took East's place; the robots' plates offer their seats."""
    ana = person(browser, server.url, viewport={"width": 1280, "height": 800})
    ana.goto("/")
    ana.guest()
    table = create_table(ana, scoring="duplicate")
    ana.page.locator(".table-tools button", has_text="Name the table").click()
    ana.page.fill("#table-name", "Friday friends")
    ana.page.locator("dialog .btn-primary").click()
    bia = person(browser, server.url, viewport={"width": 1280, "height": 800})
    bia.goto("/")
    bia.guest()
    bia.page.locator(f".lobby-table[data-table='{table}']").get_by_role("link", name="Join").click()
    bia.page.wait_for_selector(".seat-area.pos-bottom .plate:not(.free)")
    for _ in range(6):  # a few calls, so the table is in play
        for someone in (ana, bia):
            act_once(someone, call="1NT")
        ana.page.wait_for_timeout(200)
    watcher = person(browser, server.url, viewport={"width": 1280, "height": 800})
    watcher.goto("/")
    watcher.guest()
    watcher.goto(f"/table/{table}")
    watcher.page.wait_for_selector("[data-take]")
    watcher.page.wait_for_timeout(500)
    watcher.page.mouse.move(0, 0)
    saved = [out / "friend-in-robot-seat.png"]
    watcher.page.screenshot(path=str(saved[-1]))
    for someone in (ana, bia, watcher):
        someone.close()
    return saved


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, running_server(Path(data)) as server:
        populate_lobby(server)
        with chromium() as browser:
            for path in [
                *shoot(browser, server, out),
                *shoot_layout(browser, server, out),
                *shoot_boerenbridge_phone(browser, server, out),
                *shoot_alerts(browser, server, out),
                *shoot_seats(browser, server, out),
            ]:
                print(path)


if __name__ == "__main__":
    main()
