"""Nobody left guessing (issue 45, items 3 and 4): a move made on time-out is marked so in the
log and told to everyone; the next deal waits for each person's "ready" (robots and people a
robot plays for always are), or for the table's wait, derived from the log; a person back from
away is told what the robot chose for them, and only they are."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from serverkit import Client, Server
from test_deadlines import LONG, T0, Clock, acted_for_north, kinds, log_of, seated, service, until
from test_deadlines_server import has_event, sit_and_leave, stood_in_for, wait_for_log, watch
from vaza.app.commands import from_json
from vaza.app.service import TableService
from vaza.app.table import SYSTEM, Actor, TableOptions, TableState
from vaza.core.table_events import Acted, Away, Back, Dealt, DealWanted, decode
from vaza.core.views.audience import KIBITZER, event_for, played_for

JSON = dict[str, Any]
PEOPLE = {"N": 1, "E": 2, "S": 3, "W": 4}


def person(seat: str) -> Actor:
    return Actor(PEOPLE[seat], f"p{seat}")


def four_people(**options: Any) -> TableState:
    """Four people at a table of duplicate, its first deal dealt (board 1: North deals)."""
    state = TableState("t", TableOptions(scoring="duplicate", **options), creator=1)
    rng = random.Random(5)
    for seat in PEOPLE:
        state.settle(person(seat), from_json({"type": "sit", "seat": seat}), rng)
    return state


def pass_out(state: TableState) -> None:
    rng = random.Random(6)
    for seat in "NESW":
        state.settle(person(seat), from_json({"type": "call", "call": "Pass"}), rng)
    assert not state.match.in_deal


def ready(state: TableState, seat: str) -> list[str]:
    """`seat` says it is ready; the kinds of the events that follow."""
    change = state.settle(person(seat), from_json({"type": "next_deal"}), random.Random(7))
    return [event.kind for event in change.events]


def test_the_next_deal_waits_for_every_person_to_be_ready() -> None:
    state = four_people()
    pass_out(state)
    assert ready(state, "N") == ["deal_wanted"]
    assert state.readiness.ready(state.occupants) == ["N"]
    assert ready(state, "N") == []  # said again: nothing new
    assert ready(state, "E") == ["deal_wanted"] and ready(state, "S") == ["deal_wanted"]
    assert ready(state, "W") == ["deal_wanted", "deal"]
    assert state.match.in_deal and state.readiness.ready(state.occupants) == []


def test_robots_and_people_a_robot_plays_for_are_always_ready() -> None:
    state = four_people()
    pass_out(state)
    state.evolve(Away("E"))  # (its leaving aside: only the hold's end matters here)
    state.evolve(Away("W"))
    assert state.readiness.ready(state.occupants) == ["E", "W"]
    assert ready(state, "N") == ["deal_wanted"]
    assert ready(state, "S") == ["deal_wanted", "deal"]


def test_the_wait_running_out_deals_at_once_and_an_old_log_deals_on_one_click() -> None:
    state = four_people()
    pass_out(state)
    change = state.settle(SYSTEM, from_json({"type": "next_deal"}), random.Random(8))
    assert [type(e) for e in change.events] == [DealWanted, Dealt]
    assert change.events[0] == DealWanted(None)
    # A log from before "ready" holds DealWanted() alone: it dealt, and still does.
    state = four_people()
    pass_out(state)
    state.evolve(DealWanted())
    assert state.follow_ups(random.Random(9))


def test_the_ready_wait_is_a_table_option() -> None:
    assert TableOptions().ready_wait == 20
    assert TableOptions.from_json({"ready_wait": 0}).ready_wait == 0
    for wrong in (-1, 601, 2.5, True, "20"):
        with pytest.raises(Exception, match="ready_wait"):
            TableOptions.from_json({"ready_wait": wrong})


def test_what_a_robot_chose_for_someone_away_is_theirs_from_their_last_away() -> None:
    call = {"type": "call", "call": "Pass"}
    card = {"type": "play", "card": "S7"}
    log = [
        Acted("N", {"type": "call", "call": "1S"}),  # their own, before they went
        Away("N"),
        Acted("N", call),
        Acted("E", call),
        Acted("S", card, by="N"),  # dummy's card, chosen for declarer North
        Back("N"),
        Acted("N", {"type": "play", "card": "HA"}),  # their own again
    ]
    assert played_for(log, "N") == [call, card]
    assert played_for(log, "E") == []


def test_a_move_made_on_time_out_is_marked_and_told_to_everyone(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock) as tables:
            table_id, user = await seated(tables, seconds_per_action=LONG)
            clock.now = T0 + LONG + 1  # North's time ran out: a chat re-arms the deadline
            await tables.handle(
                table_id, Actor(user.id, user.name), from_json({"type": "chat", "text": "hm"})
            )
            logged = await until(tables, table_id, acted_for_north)
            first = next(p for kind, p in logged if kind == "act" and p["seat"] == "N")
            assert first["timeout"] is True
            robots = [p for kind, p in logged if kind == "act" and p["seat"] != "N"]
            assert robots and not any(p.get("timeout") for p in robots)
            public = (await tables.live(table_id)).state.spec.actions.public
            for audience in ("N", "E", KIBITZER):
                told = event_for(decode("act", first), audience, public, in_deal=True)
                assert told["timeout"] is True and told["action"] == first["action"]

    asyncio.run(scenario())


async def _four_at_the_service(tables: TableService, **options: Any) -> tuple[str, list[Actor]]:
    """Four people at a table, the first deal passed out."""
    actors = []
    for seat in "NESW":
        user = await tables.store.create_user(f"p{seat}", None, is_guest=True, settings={})
        actors.append(Actor(user.id, user.name))
    record = await tables.create(
        await tables.store.user_by_id(actors[0].user_id),  # type: ignore[arg-type]
        {"game": "contract", "scoring": "duplicate", "robots": False, **options},
    )
    for seat, actor in zip("NESW", actors, strict=True):
        await tables.handle(record.id, actor, from_json({"type": "sit", "seat": seat}))
    for actor in actors:
        await tables.handle(record.id, actor, from_json({"type": "call", "call": "Pass"}))
    return record.id, actors


def test_the_next_deal_starts_when_the_tables_wait_runs_out(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock) as tables:
            table_id, actors = await _four_at_the_service(tables, ready_wait=5)
            await tables.handle(table_id, actors[0], from_json({"type": "next_deal"}))
            live = await tables.live(table_id)
            clocks = tables.deadlines.clocks(live, T0 + 1)
            assert clocks["ready"] == ["N"] and clocks["deal_in"] == 4.0
            assert clocks["holds"] == {}
            clock.now = T0 + 6  # the wait ran out: a chat re-arms the deadline
            await tables.handle(table_id, actors[1], from_json({"type": "chat", "text": "hm"}))
            logged = await until(
                tables, table_id, lambda log: kinds(log).count(("deal", None)) == 2
            )
            wanted = [p for kind, p in logged if kind == "deal_wanted"]
            assert wanted == [{"seat": "N"}, {}]  # North said so; then the wait ran out

    asyncio.run(scenario())


def test_a_person_alone_with_robots_is_never_dealt_to_before_they_say(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock) as tables:
            table_id, _ = await _four_at_the_service(tables, ready_wait=5)
            live = await tables.live(table_id)
            assert tables.deadlines.next_deal_due(live) == T0 + 5  # four people: it waits 5 s
            for seat in "ESW":  # three of them gone, a robot plays for each
                live.state.occupants[seat].away = True  # type: ignore[union-attr]
            assert tables.deadlines.next_deal_due(live) is None
            assert tables.deadlines.clocks(live, T0)["deal_in"] is None

    asyncio.run(scenario())


def test_a_table_that_waits_for_everyone_has_no_deadline(tmp_path: Path) -> None:
    async def scenario() -> None:
        clock = Clock(T0)
        async with service(tmp_path / "club.db", clock) as tables:
            table_id, _ = await _four_at_the_service(tables, ready_wait=0)
            live = await tables.live(table_id)
            assert tables.deadlines.next_deal_due(live) is None
            clocks = tables.deadlines.clocks(live, T0 + 1000)
            assert clocks["deal_in"] is None and clocks["ready"] == []
            assert "ready" not in live.timers
            assert [k for k, _ in await log_of(tables, table_id)].count("deal") == 1

    asyncio.run(scenario())


# -- at a real server ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    running = Server(tmp_path_factory.mktemp("notices"), away_after=1.0)
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_a_dropped_connection_is_told_at_once_with_the_seats_hold(server: Server) -> None:
    player = Client(server).guest()
    table = player.create_table(game="contract", scoring="duplicate")["table"]
    player.connect()
    player.send(type="hello", table=table)
    player.recv_until(lambda m: m["type"] == "snapshot")
    player.send(type="sit", table=table, seat="N")
    player.recv_until(lambda m: m["type"] == "update" and has_event(m, "sat"))
    watcher = watch(server, table)
    assert player.ws is not None
    player.ws.close()
    left = watcher.recv_until(lambda m: m["type"] == "update" and has_event(m, "left", "N"))
    assert set(left["holds"]) == {"N"} and 0 <= left["holds"]["N"] <= server.away_after
    away = watcher.recv_until(lambda m: m["type"] == "update" and has_event(m, "away", "N"))
    assert away["holds"] == {}
    watcher.close()
    player.close()


def test_back_from_away_a_person_is_told_what_the_robot_chose_for_them(server: Server) -> None:
    player, table = sit_and_leave(server)
    watcher = watch(server, table)
    logged = wait_for_log(server.data_dir, table, lambda log: stood_in_for("N", log), timeout=30)
    player.connect()
    player.send(type="hello", table=table)
    notice = player.recv_until(lambda m: m["type"] == "notice", timeout=20)
    assert notice["notice"] == "robot_played" and notice["table"] == table
    start = kinds(logged).index(("away", "N"))
    chosen = [
        p["action"] for kind, p in logged[start:] if kind == "act" and p.get("by", p["seat"]) == "N"
    ]
    assert notice["actions"][: len(chosen)] == chosen
    back = watcher.recv_until(lambda m: m["type"] == "update" and has_event(m, "back", "N"))
    assert not any(m["type"] == "notice" for m in watcher.received)
    assert back["occupants"]["N"]["away"] is False
    watcher.close()
    player.close()
