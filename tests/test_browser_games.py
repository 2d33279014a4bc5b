"""Every game of the registry under every scoring it allows, played by a person with three
robots (one, in two-handed bridge), by clicks in Chromium: at 1280×800 and at a phone's
390×844, in English and in Portuguese.

Each time the page draws a view it is checked against that view, as the server sent it: the
cards of the trick in the middle, each hand's face-up cards or card backs, the trick count, the
stock or the widow.  The page is reloaded in the middle of the deal and after it, and finds the
same table.
  At the end: every hand face up, the double-dummy table where the game has one, the
score pad.  And every message the page received is checked against the one gate for hidden
cards: its view is exactly the seat's view as the core builds it from the table's log, and it
names no card that view does not hold.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Browser, WebSocket, expect

from browserkit import PHONE, Person, chromium, create_table, live, person
from serverkit import Client, Server, running_server
from vaza.app.table import TableOptions, TableState
from vaza.core.table_events import TableEvent, decode
from vaza.games import GAMES
from vaza.protocol import patch

JSON = dict[str, Any]
DESKTOP_800 = {"width": 1280, "height": 800}
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])[SHDC][AKQJT98765432](?![A-Za-z0-9])")
HAS_DOUBLE_DUMMY = {"contract", "bridge-whist", "widow"}

"""Games whose finished deals (four hands of thirteen) get a double-dummy table."""


@dataclass(frozen=True)
class Case:
    game: str
    scoring: str
    style: str = "play"
    """"play": open 1NT if allowed, then pass; "declare": open 7NT (the widow's declarer);
    "pass": Bridge-Whist's dealer passes the choice to partner."""
    phone: bool = False

    @property
    def language(self) -> str:
        return "pt-BR" if self.phone else "en"

    def __str__(self) -> str:
        return f"{self.game}-{self.scoring}-{self.style}-{'phone' if self.phone else 'desktop'}"


def cases() -> list[Case]:
    """Every game under every scoring (from the registry); each game at both sizes and in both
    languages; Bridge-Whist with the choice made and passed; the widow with the person as
    declarer (who sees and hands out the widow: on a phone too) and as a defender."""
    found: list[Case] = []
    for spec in GAMES:
        names = [scoring.name for scoring in spec.scorings]
        if len(names) == 1:
            names = names * 2
        for i, scoring in enumerate(names):
            style = "play"
            if spec.name == "widow" and i == 0:
                style = "declare"
            found.append(Case(spec.name, scoring, style, phone=i % 2 == 1))
        if spec.name == "widow":  # the declarer's badge at a side seat on a phone, in Portuguese
            found.append(Case(spec.name, names[0], "declare", phone=True))
        if spec.name == "bridge-whist":
            found += [
                Case(spec.name, name, "pass", phone=i % 2 == 0) for i, name in enumerate(names)
            ]
    return found


CASES = cases()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("browser-games")) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as running:
        yield running


# -- what the page received ---------------------------------------------------------------------


@dataclass
class Messages:
    """Every table message the page received over its WebSocket (across reloads)."""

    table: str | None = None
    received: list[JSON] = field(default_factory=list)

    def watch(self, someone: Person) -> None:
        def on_socket(socket: WebSocket) -> None:
            socket.on("framereceived", self._on_frame)

        someone.page.on("websocket", on_socket)

    def _on_frame(self, payload: str | bytes) -> None:
        """Each snapshot and update with its whole view: a patch (the page asks for them) is
        folded into the view of its base, as the page does."""
        message = json.loads(payload)
        if message.get("type") not in ("snapshot", "update"):
            return
        if "patch" in message:
            base = next(
                m for m in reversed(self.received)
                if m.get("table") == message.get("table") and m["version"] == message["base"]
            )  # fmt: skip
            message["view"] = patch.apply(base["view"], message.pop("patch"))
        if message.get("view") is not None:
            self.received.append(message)

    def views(self) -> list[JSON]:
        return [m for m in self.received if m.get("table") == self.table]

    def at(self, version: int) -> JSON:
        for message in reversed(self.views()):
            if message["version"] == version:
                return dict(message["view"])
        raise AssertionError(f"no message at version {version}")


def card_tokens(data: object) -> set[str]:
    """Every card named anywhere in some JSON (in lists, values, or inside text)."""
    return set(CARD_TOKEN.findall(json.dumps(data)))


def table_log(server: Server, table: str) -> list[TableEvent]:
    with sqlite3.connect(server.data_dir / "vaza.db") as db:
        rows = db.execute(
            "SELECT type, payload FROM table_events WHERE table_id = ? ORDER BY version", (table,)
        ).fetchall()
    return [decode(kind, json.loads(payload)) for kind, payload in rows]


def seat_views(server: Server, table: str, seat: str) -> dict[int, JSON]:
    """The seat's view at every version of the table, rebuilt from its log through the
    core's views (as JSON, as sent)."""
    log = table_log(server, table)
    state = TableState(table, TableOptions.from_json(log[0].payload["options"]), None)
    views: dict[int, JSON] = {}
    for event in log:
        state.evolve(event)
        views[state.version] = json.loads(json.dumps(state.match.view(seat)))
    return views


def check_every_message(messages: Messages, truth: dict[int, JSON]) -> int:
    """Each message's view is the seat's view at that version (`seat_views`); and no message
    names a card its view does not hold."""
    checked = 0
    for message in messages.views():
        version = message["version"]
        assert version in truth, f"a message at version {version}, which the log does not have"
        assert message["view"] == truth[version], f"the view at version {version} is not the seat's"
        # (not the table's id: a random base64url id may hold "-S5_" by chance)
        leaked = card_tokens({k: v for k, v in message.items() if k != "table"})
        leaked -= card_tokens(truth[version])
        assert not leaked, f"version {version} names {sorted(leaked)}"
        checked += 1
    return checked


# -- the page against the view --------------------------------------------------------------


DRAWN = """() => {
  const box = document.querySelector('.felt-box');
  const cards = (root, sel) => root ? [...root.querySelectorAll(sel)].map(e => e.dataset.card) : [];
  return {
    version: Number(box.dataset.version),
    phase: box.dataset.phase || '',
    trick: cards(box, '.centre .trick .played [data-card]'),
    seats: Object.fromEntries([...box.querySelectorAll('.seat-area[data-seat]')].map(a => [
      a.dataset.seat,
      {
        cards: cards(a, '.hand:not(.backs) [data-card]'),
        backs: a.querySelectorAll('.hand.backs .slot').length,
      },

    ])),
    tricks: document.querySelector('.tricks-info strong')?.textContent || null,
    stock: document.querySelector('.stock-count')?.textContent || null,
    faceUp: cards(box, '.stock-pile [data-card]'),
    widow: cards(box, '.centre .widow [data-card]'),
    widowBacks: box.querySelectorAll('.centre .widow .card.back').length,
    oval: cards(box, '.oval .played-oval [data-card]'),
    undo: Boolean(document.querySelector('.info-buttons [data-focus=undo]')),
  };
}"""
"""What the table page shows now (as plain data)."""

RECORDER = f"""
const drawn = {DRAWN};
new MutationObserver((changes) => {{
  if (changes.some((c) => c.target.classList && c.target.classList.contains('felt-box'))) {{
    const kept = JSON.parse(sessionStorage.getItem('vaza.test.drawn') || '[]');
    kept.push(drawn());
    sessionStorage.setItem('vaza.test.drawn', JSON.stringify(kept));
  }}
}}).observe(document, {{ subtree: true, attributes: true, attributeFilter: ['data-version'] }});
"""
"""Records what the page shows each time it draws a view (the felt's `data-version` is set
once the view is drawn), so every view drawn is checked, whatever the timing; kept in the
tab's session storage, which a reload keeps."""


def numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


def take_drawn(someone: Person) -> list[JSON]:
    """What the page drew since last asked."""
    drawn: list[JSON] = someone.page.evaluate(
        """() => {
          const kept = JSON.parse(sessionStorage.getItem('vaza.test.drawn') || '[]');
          sessionStorage.removeItem('vaza.test.drawn');
          return kept;
        }"""
    )
    return drawn


def check_drawn(shown: JSON, truth: dict[int, JSON]) -> None:
    """One drawing of the page against the seat's view at the version it shows (from the log:
    a view the page drew just before a reload may be one whose frame Playwright no longer
    reports, the page's old socket being gone; the frames are checked against the same
    views in `check_every_message`)."""
    view = truth[int(shown["version"])]
    where = f"version {shown['version']} ({view['phase']})"
    assert shown["phase"] == view["phase"], where
    trick = [card for _, card in view.get("trick") or []]
    if view["game"] == "boerenbridge":
        if trick:
            assert sorted(shown["oval"]) == sorted(trick), where
        return
    # Undo is offered exactly when the rules would take it (never across a card shown since).
    assert shown["undo"] == bool(view.get("may_undo")), f"the undo button, {where}"
    last = [card for _, card in (view.get("last_trick") or {}).get("cards", [])]

    if trick:
        assert sorted(shown["trick"]) == sorted(trick), f"the trick in the middle, {where}"
    elif view["phase"] in ("play", "draw"):
        # Between tricks the last one may be held a moment in the middle.
        assert shown["trick"] == [] or sorted(shown["trick"]) == sorted(last), where
    if view["phase"] in ("auction", "trumps", "widow", "draw", "play"):
        for seat in view["seats"]:
            hand, drawn = view["hands"][seat], shown["seats"][seat]
            if isinstance(hand, list):
                assert sorted(drawn["cards"]) == sorted(hand), f"{seat}'s cards, {where}"
            else:
                assert drawn["cards"] == [], f"{seat}'s hidden cards, {where}"
                assert drawn["backs"] == view["hand_sizes"][seat], f"{seat}'s backs, {where}"
    if view["phase"] == "play":
        won = view["tricks_won"]
        assert numbers(shown["tricks"] or "") == [won["NS"], won["EW"]], f"tricks, {where}"
    if view["phase"] == "draw":
        draw = view["draw"]
        assert numbers(shown["stock"] or "") == [draw["stock_left"]], where
        assert shown["faceUp"] == [draw["face_up"]], where
    if view["phase"] == "widow":
        widow = view["widow"]
        if widow["cards"]:
            assert sorted(shown["widow"]) == sorted(widow["cards"]), "the declarer sees the widow"
        else:
            assert shown["widow"] == [] and shown["widowBacks"] == widow["left"], where


# -- clicking -------------------------------------------------------------------------------


OFFERS = """() => {
  const live = document.querySelector('.felt-box[data-live=true]');
  if (!live) return null;
  const all = (sel) => [...live.querySelectorAll(sel)];
  return {
    calls: all('.bidding-box .bid[data-call]:not([disabled])').map(e => e.dataset.call),
    choose: all('.bid[data-choose]').map(e => e.dataset.choose),
    give: Boolean(live.querySelector('.hand-out button[type=submit]:not([disabled])')),
    bids: all('.boeren-bids .bid:not([disabled])').map(e => e.dataset.tricks),
    cards: all('button.slot.playable').map(e => e.dataset.slot),
    next: Boolean(live.querySelector('button.next-deal')),
  };
}"""


def act(someone: Person, case: Case, done: list[str]) -> bool:
    """One action by clicks, if the page offers one; False when it offers none now."""
    page = someone.page
    offers = page.evaluate(OFFERS)
    if not offers:
        return False
    if offers["calls"]:
        first = {"declare": "7NT", "play": "1NT"}.get(case.style)
        called = any(action.startswith("call") for action in done)
        if first and not called and first not in offers["calls"]:
            # A phone's box shows one level's strains: the level first, as a person would.
            level = page.locator(live(f".bid-level[data-level='{first[0]}']:not([disabled])"))
            if level.count():
                level.click()
                offers = page.evaluate(OFFERS)
        call = first if not called and first in offers["calls"] else "Pass"
        if call not in offers["calls"]:
            call = offers["calls"][0]
        page.locator(live(f".bid[data-call='{call}']")).click()
        done.append(f"call {call}")
    elif offers["choose"]:
        value = (
            "pass" if case.style == "pass" and "pass" in offers["choose"] else offers["choose"][0]
        )
        page.locator(live(f".bid[data-choose='{value}']")).click()
        done.append(f"choose {value}")
    elif offers["give"]:
        # Swap two seats' cards in the form first: the handing out is the person's choice.
        north, east = (page.locator(live(f"select[name=give-{s}]")) for s in "NE")
        east_card = east.input_value()
        north.select_option(east_card)
        expect(north).to_have_value(east_card)
        page.locator(live(".hand-out button[type=submit]")).click()
        done.append("give")
    elif offers["bids"]:
        page.locator(live(f".boeren-bids .bid[data-tricks='{offers['bids'][0]}']")).click()
        done.append(f"bid {offers['bids'][0]}")
    elif offers["cards"]:
        card = offers["cards"][0]
        page.locator(live(f"button.slot.playable[data-slot='{card}']")).click()
        done.append(f"play {card}")
    else:
        return False
    return True


def shown_version(someone: Person) -> int:
    version = someone.page.evaluate("() => document.querySelector('.felt-box').dataset.version")
    return int(version or 0)


def settle(someone: Person) -> None:
    """Wait until the page shows the newest message and offers what it offers."""
    someone.page.wait_for_selector(".felt-box[data-live=true]")


def moved_on(someone: Person, version: int) -> None:
    """Wait until the page shows a view newer than `version` (the one acted on)."""
    someone.page.wait_for_function(
        "v => Number(document.querySelector('.felt-box').dataset.version) > v", arg=version
    )


def play_deal(someone: Person, case: Case, messages: Messages, drawn: list[JSON]) -> None:
    """Click through the deal; reload the page once in the middle of it."""
    done: list[str] = []
    start = shown_version(someone)
    reloaded = False
    for _ in range(3000):
        if someone.phase() == "over":
            return
        version = shown_version(someone)
        if act(someone, case, done):
            moved_on(someone, version)
        else:
            someone.page.wait_for_timeout(25)
        if not reloaded and version >= start + 12 and someone.phase() != "over":
            reload_mid_deal(someone, messages, drawn)
            reloaded = True
    raise AssertionError(f"the deal did not end: {done}")


def reload_mid_deal(someone: Person, messages: Messages, drawn: list[JSON]) -> None:
    """Reloaded, the page shows the same table: the person's seat, the same hand."""
    drawn += take_drawn(someone)
    before = someone.page.evaluate(DRAWN)
    viewer = messages.at(int(before["version"]))["viewer"]
    someone.page.reload()
    someone.page.wait_for_selector(".felt-box[data-live=true]")
    after = someone.page.evaluate(DRAWN)
    assert after["version"] >= before["version"], "the same table, not an older one"
    expect(someone.page.locator(".plate.me")).to_have_count(1)
    if viewer is not None and after["version"] == before["version"]:
        assert after["seats"].get(viewer) == before["seats"].get(viewer)


# -- the end of the deal ----------------------------------------------------------------------


def check_end(someone: Person, case: Case, messages: Messages, drawn: list[JSON]) -> None:
    """Every hand face up, the double-dummy table where the game has one, the pad; and the
    same after a reload."""
    page = someone.page
    settle(someone)
    shown = page.evaluate(DRAWN)
    view = messages.at(shown["version"])
    assert view["phase"] == "over"
    if case.game == "boerenbridge":
        expect(page.locator(".round-result")).to_be_visible()
        expect(page.locator(".boeren-score")).to_be_visible()
        return
    hands = view["deal"] or (view.get("dealt") or {}).get("hands")
    assert hands, "the hands are shown after the deal"
    for seat in view["seats"]:
        assert sorted(shown["seats"][seat]["cards"]) == sorted(hands[seat]), f"{seat} face up"
    played = bool(view["played"])
    if case.game in HAS_DOUBLE_DUMMY and played:
        expect(page.locator(".deal-end .analysis .dd-table")).to_be_visible(timeout=120_000)
    expect(page.locator(".panel.score .pad, .panel.score .dup").first).to_be_visible()
    if played:
        won = view["tricks_won"] if not view["result"]["claimed"] else None
        strip = numbers(page.locator(".tricks-info strong").inner_text())
        assert sum(strip) == 13 and (won is None or strip == [won["NS"], won["EW"]])
    if case.phone:  # every hand face up still fits the phone's width
        width = page.evaluate("document.scrollingElement.scrollWidth")
        assert width <= PHONE["width"], f"the finished deal scrolls sideways ({width} px)"
    drawn += take_drawn(someone)
    page.reload()
    page.wait_for_selector(".felt-box[data-live=true]")
    expect(page.locator(".felt-box")).to_have_attribute("data-phase", "over")
    after = page.evaluate(DRAWN)
    for seat in view["seats"]:
        assert sorted(after["seats"][seat]["cards"]) == sorted(hands[seat])


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_whole_deal_of_every_game_under_every_scoring(
    server: Server, browser: Browser, case: Case
) -> None:
    me = person(
        browser,
        server.url,
        viewport=PHONE if case.phone else DESKTOP_800,
        language=case.language,
    )
    me.context.add_init_script(RECORDER)
    messages = Messages()
    messages.watch(me)
    me.goto("/")
    me.guest()
    one_scoring = len(next(s for s in GAMES if s.name == case.game).scorings) == 1
    messages.table = create_table(me, game=case.game, scoring=None if one_scoring else case.scoring)
    settle(me)
    expect(me.page.locator(".plate.me")).to_be_visible()
    drawn: list[JSON] = []
    play_deal(me, case, messages, drawn)
    check_end(me, case, messages, drawn)
    drawn += take_drawn(me)
    viewer = messages.views()[-1]["view"]["viewer"]
    assert viewer is not None
    truth = seat_views(server, messages.table, viewer)
    for shown in drawn:
        check_drawn(shown, truth)
    # The page drew every view it was sent (at the pace 0 of the tests, one after another).
    sent = {m["version"] for m in messages.views() if m["view"]["phase"] != "waiting"}
    assert sent <= {int(shown["version"]) for shown in drawn}
    assert check_every_message(messages, truth) >= 10
    me.assert_no_errors()
    me.close()


# -- the form and the registry ------------------------------------------------------------------


FORM = """() => ({
  scorings: [...document.querySelectorAll('select[name=scoring] option')].map(o => o.value),
  players: [...document.querySelectorAll('select[name=players] option')].map(o => Number(o.value)),
})"""


def test_the_new_table_form_offers_exactly_what_the_server_accepts(
    server: Server, browser: Browser
) -> None:
    me = person(browser, server.url)
    me.goto("/")
    me.guest()
    page = me.page
    page.wait_for_selector("form.create-form")
    offered_games = page.eval_on_selector_all(
        "select[name=game] option", "options => options.map(o => o.value)"
    )
    assert offered_games == [spec.name for spec in GAMES]
    every_scoring = {scoring.name for spec in GAMES for scoring in spec.scorings}
    for spec in GAMES:
        page.select_option("select[name=game]", spec.name)
        form = page.evaluate(FORM)
        scorings = form["scorings"] or [spec.scorings[0].name]  # one scoring: no choice shown
        players = form["players"] or [spec.players[0]]
        assert scorings == [scoring.name for scoring in spec.scorings], spec.name
        assert players == sorted(spec.players), spec.name
        for scoring in sorted(every_scoring):
            response = page.request.post(
                server.url + "/api/tables",
                data={"game": spec.name, "scoring": scoring, "public": False, "robots": False},
            )
            assert response.ok == (scoring in scorings), (spec.name, scoring, response.text())
            if not response.ok:
                assert "scored with one of" in response.json()["message"]
        for count in range(1, 9):
            response = page.request.post(
                server.url + "/api/tables",
                data={"game": spec.name, "players": count, "public": False, "robots": False},
            )
            assert response.ok == (count in players), (spec.name, count, response.text())
    me.assert_no_errors()
    me.close()


QUICK_MATCHES = {
    "contract": ("duplicate", {"boards": 2}),
    "boerenbridge": ("boerenbridge", {"schedule": [1, 2]}),
}
"""A short match of each game (the others: Chicago, four deals)."""


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.name)
def test_every_game_is_played_to_the_end_by_robots_and_shown(
    server: Server, browser: Browser, spec: Any
) -> None:
    scoring, variant = QUICK_MATCHES.get(spec.name, ("chicago", {}))
    assert scoring in spec.scoring_names
    owner = Client(server).guest()
    table = owner.create_table(game=spec.name, scoring=scoring, variant=variant)["table"]
    watcher = person(browser, server.url)
    watcher.goto(f"/table/{table}")
    watcher.page.wait_for_selector(".felt-box[data-live=true]")
    owner.connect()
    owner.send(type="hello", table=table)
    snapshot = owner.recv_until(lambda message: message["type"] == "snapshot")
    free = [seat for seat, occupant in snapshot["occupants"].items() if occupant is None]
    owner.send(type="add_robot", table=table, seat=free[0])
    expect(watcher.page.locator(".felt-box")).to_have_attribute(
        "data-match-over", "true", timeout=60000
    )
    assert watcher.page.locator(".felt .card, .felt .hand").count() > 0
    watcher.assert_no_errors()
    watcher.close()
    owner.close()
