"""At the end of a contract bridge deal the page shows the deal under every scoring the club
knows, side by side (issue 19): a row per scoring of the registry (duplicate twice: points and
IMPs against par), each figure the scoring functions' for the deal just played (read back from
its PBN record), with its reason in the reader's language, inside the viewport at 1280×800 and
at 390×844."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from browserkit import PHONE, Person, chromium, create_table, person, play_bridge_deal
from serverkit import Server, running_server
from vaza.app.side_by_side import compared_systems
from vaza.core.cards import Side
from vaza.formats import pbn
from vaza.scoring.compare import PlayedDeal, compare_deal
from vaza.scoring.contract import duplicate_score
from vaza.scoring.imps import imps

DESKTOP_800 = {"width": 1280, "height": 800}
TITLE = {"en": "Under every scoring", "pt-BR": "Em todas as contagens"}
PAR_ROW = {"en": "IMPs against par", "pt-BR": "IMPs contra o par"}
RUBBER = {"en": "Rubber", "pt-BR": "Rober"}
OTHER_LANGUAGE = {
    "en": re.compile(r"vaza|supondo|marcou|esperado"),
    "pt-BR": re.compile(r"trick|assuming|scored|expected"),
}
"""Words of the other language's reasons, which must not show."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-compare")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


def figure(text: str) -> int:
    """A figure as the page writes it (+1,440, −5 IMPs, +1.440) as a number."""
    digits = re.sub(r"[^\d]", "", text)
    return -int(digits) if text.strip().startswith("−") else int(digits)


def finished_deal(someone: Person, table: str) -> dict[str, Any]:
    """The deal just finished at `table`, as the history and the deal's API keep it."""
    history = someone.page.request.get(someone.base + "/api/history").json()
    row = next(r for r in history if r["table"] == table)
    deal: dict[str, Any] = someone.page.request.get(
        f"{someone.base}/api/deals/{row['deal']}"
    ).json()
    deal["pbn"] = someone.page.request.get(f"{someone.base}/api/deals/{row['deal']}/pbn").text()
    return deal


@pytest.mark.parametrize("language", ["en", "pt-BR"])
@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["1280x800", "390x844"])
def test_the_deal_under_every_scoring(
    server: Server, browser: Browser, viewport: dict[str, int], language: str
) -> None:
    me = person(browser, server.url, viewport=viewport, language=language)
    me.goto("/")
    me.guest()
    table = create_table(me, scoring="rubber")
    play_bridge_deal(me, first_call="3NT", limit=120)
    page = me.page
    section = page.locator(".deal-end .compare")
    expect(section.locator("h3")).to_have_text(TITLE[language], timeout=30000)

    # The figures are the scoring functions' for the deal as its PBN record has it.
    deal = finished_deal(me, table)
    (record,) = pbn.loads(deal["pbn"])
    par = deal["summary"]["analysis"]["par"]["score"]
    systems = compared_systems("contract", {})
    rows = compare_deal(systems, PlayedDeal.from_record(record), par)
    shown = section.locator("tbody tr")
    expect(shown).to_have_count(len(rows))
    twice = ("duplicate", "duplicate")  # its points, and its IMPs against par
    scorings = [name for s in systems for name in (twice if s.name == "duplicate" else (s.name,))]
    assert [row.scoring for row in rows] == scorings
    for index, row in enumerate(rows):
        line = shown.nth(index)
        expect(line).to_have_attribute("data-scoring", row.scoring)
        assert figure(line.locator("td.num").inner_text()) == row.ns, row
    contract, tricks = record.contract, record.declarer_tricks
    own = 0
    if contract is not None and tricks is not None:
        side = contract.declarer.side
        own = duplicate_score(contract, tricks, record.board.vulnerability.is_vulnerable(side))
        own = own if side is Side.NS else -own
    assert figure(shown.nth(0).locator("td.num").inner_text()) == own
    assert figure(shown.nth(1).locator("td.num").inner_text()) == imps(own - par)

    # In the reader's language, every row with its reason.
    expect(shown.nth(1).locator(".compare-name")).to_contain_text(PAR_ROW[language])
    expect(section.locator("tr[data-scoring='rubber'] .compare-name")).to_have_text(
        RUBBER[language]
    )
    reasons = section.locator(".compare-reason").all_inner_texts()
    assert len(reasons) == len(rows) and all(reason.strip() for reason in reasons)
    assert not OTHER_LANGUAGE[language].search(section.inner_text())

    # Inside the viewport's width, nothing in it wider than the table.
    section.scroll_into_view_if_needed()
    box = section.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    inside = page.evaluate(
        """() => { const t = document.querySelector('.compare-table');
                   return [t.scrollWidth, t.clientWidth]; }"""
    )
    assert inside[0] <= inside[1]
    # The deal viewer shows the same rows.
    me.goto(f"/deal/{deal['deal']}")
    expect(page.locator(".compare tbody tr")).to_have_count(len(rows))
    me.assert_no_errors()
    me.close()
