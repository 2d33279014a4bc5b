"""An act event names the seat whose call or card it is and, where another chose it, that
seat as `by` (issue 22 item 3): before, declarer playing dummy's card was logged as declarer's.
An old log is brought to today's form when a server loads its table."""

from __future__ import annotations

import asyncio
import random

import pytest

from vaza.app.commands import from_json
from vaza.app.service import TableService
from vaza.app.table import Actor, TableOptions, TableState
from vaza.bus.memory import MemoryBus
from vaza.core.cards import Card, Seat
from vaza.core.table_events import SCHEMA, TableEvent, decode
from vaza.store.db import open_database
from vaza.store.port import NewEvent, TableHead
from vaza.store.sql import SqlStore


def robots_play(state: TableState, rng: random.Random, deals: int) -> list[TableEvent]:
    """Robots fill every free seat and play `deals` deals; the events, in order."""
    free = [seat for seat, occupant in state.occupants.items() if occupant is None]
    events: list[TableEvent] = [decode("robot_in", {"seat": s, "name": f"Robot {s}"}) for s in free]
    for event in events:
        state.evolve(event)
    while True:
        for event in state.follow_ups(rng):
            state.evolve(event)
            events.append(event)
        if state.match.deals_started > deals or state.finished:
            return events
        seat = state.match.controller()
        assert seat is not None
        action = state.robot.choose(state.match.robot_view(seat))
        for event in state.decide(
            Actor(None, "robot", seat), from_json(state.spec.actions.encode(action))
        ):
            state.evolve(event)
            events.append(event)


@pytest.mark.parametrize("game", ["contract", "bridge-whist", "widow"])
def test_each_card_is_logged_as_its_owners_and_dummys_as_chosen_by_declarer(game: str) -> None:
    state = TableState("t", TableOptions.from_json({"game": game, "scoring": "rubber"}), 1)
    events = robots_play(state, random.Random(5), deals=3)
    records = [deal.record for deal in state.take_finished_deals() if deal.record is not None]
    plays = [e.payload for e in events if e.kind == "act" and e.payload["action"]["type"] == "play"]
    by_dummy = 0
    for record in records:
        deal_plays, plays = plays[: len(record.play)], plays[len(record.play) :]
        contract = record.contract
        assert contract is not None
        for payload in deal_plays:
            owner = Seat.from_letter(payload["seat"])
            assert Card.parse(payload["action"]["card"]) in record.board.deal[owner]
            if owner is contract.dummy:
                assert payload["by"] == contract.declarer.letter
                by_dummy += 1
            else:
                assert "by" not in payload
    assert by_dummy >= 10


def test_an_old_log_that_named_declarer_for_dummys_cards_is_upgraded_when_read_never_written(
    database_url: str,
) -> None:
    async def scenario() -> None:
        store = SqlStore(await open_database(database_url))
        try:
            user = await store.create_user("ana", None, is_guest=True, settings={})
            service = TableService(store, MemoryBus())
            table = await service.create(user, {"game": "contract", "scoring": "rubber"})
            logged = await store.events(table.id)
            state = TableState(table.id, TableOptions.from_json(logged[0].payload["options"]), 1)
            for stored in logged:
                state.evolve(decode(stored.type, stored.payload))
            events = robots_play(state, random.Random(2), deals=1)
            today = [(e.kind, dict(e.payload)) for e in events]
            old = [(kind, _as_logged_before(kind, payload)) for kind, payload in today]
            assert old != today  # dummy played: the old form differs
            await store.append(
                table.id,
                len(logged),
                [NewEvent(k, p) for k, p in old],
                head=TableHead("playing", {}),
            )
            stored = await store.events(table.id, len(logged))
            assert {e.schema_version for e in stored} == {1}  # written before versions
            reader = TableService(store, MemoryBus())
            loaded = await reader.load(table.id)
            assert loaded.state.match.view(None, all_hands=True) == state.match.view(None, True)
            assert loaded.upgraded  # dummy's cards, in today's form
            # A client catching up is told today's form; the log itself is not written.
            told = [
                (e.kind, e.payload)
                for _, e in await reader.repository.events_after(loaded, len(logged))
            ]
            assert told == today
            assert await store.events(table.id, len(logged)) == stored
            assert [(e.type, e.payload) for e in stored] == old
            # Events written today carry today's version, and are never read as old ones.
            assert {e.schema_version for e in logged} == {SCHEMA}
            await reader.close()
        finally:
            await store.close()

    asyncio.run(scenario())


def _as_logged_before(kind: str, payload: dict[str, object]) -> dict[str, object]:
    """An event as logs said it before: an act names the seat that acted, no `by`."""
    if kind != "act" or "by" not in payload:
        return payload
    old = {k: v for k, v in payload.items() if k != "by"}
    old["seat"] = payload["by"]
    return old
