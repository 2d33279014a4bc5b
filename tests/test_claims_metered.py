"""Claims metered (issue 47, finding 5): a guest claimed over and over at robot tables, each
claim costing the robots seconds of checking, and each rejection told the claimer `held_to`, a
number of tricks found in a defender's hidden hand.  Now a rejected claimer plays a trick's
worth of actions before claiming again, and a rejection carries its reason in words alone."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from vaza.app.commands import from_json
from vaza.app.service import ServiceOptions, TableService
from vaza.app.table import Actor, TableOptions, TableState
from vaza.app.table_rules import CLAIM_PAUSE
from vaza.bus.memory import MemoryBus
from vaza.core.errors import IllegalAction
from vaza.core.table_events import Acted
from vaza.store.db import open_database
from vaza.store.sql import SqlStore

PEOPLE = {seat: Actor(n, f"person {seat}") for n, seat in enumerate("NESW", start=1)}


def act(state: TableState, actor: Actor, command: dict[str, object]) -> list[Acted]:
    events = state.decide(actor, from_json(command))
    for event in events:
        state.evolve(event)
    return [e for e in events if isinstance(e, Acted)]


def in_play() -> TableState:
    """Four people, North declares 1S, East has led."""
    options = TableOptions(scoring="duplicate", variant={"boards": 2}, robots=False)
    state = TableState("t", options, creator=1)
    for seat, person in PEOPLE.items():
        act(state, person, {"type": "sit", "seat": seat})
    for event in state.follow_ups(random.Random(47)):
        state.evolve(event)
    for seat, call in zip("NESW", ["1S", "Pass", "Pass", "Pass"], strict=True):
        act(state, PEOPLE[seat], {"type": "call", "call": call})
    play_cards(state, 1)
    return state


def play_cards(state: TableState, count: int) -> None:
    for _ in range(count):
        seat = state.match.controller()
        card = state.robot.choose(state.match.robot_view(seat))
        act(state, PEOPLE[seat], state.spec.actions.encode(card))


def test_a_rejected_claimer_plays_a_trick_before_claiming_again() -> None:
    state = in_play()
    north, east = PEOPLE["N"], PEOPLE["E"]
    act(state, north, {"type": "claim", "tricks": 13})
    rejection = {"type": "claim_response", "accept": False, "why": "held", "held_to": 3}
    (logged,) = act(state, east, rejection)
    assert logged.action == {"type": "claim_response", "accept": False, "why": "held"}, (
        "the reason in words, never the count found in East's hand"
    )
    with pytest.raises(IllegalAction, match="you may claim again after a trick"):
        act(state, north, {"type": "claim", "tricks": 12})
    play_cards(state, CLAIM_PAUSE - 1)
    with pytest.raises(IllegalAction, match="you may claim again after a trick"):
        act(state, north, {"type": "claim", "tricks": 12})
    play_cards(state, 1)
    act(state, north, {"type": "claim", "tricks": 12})
    assert state.match.responders() == frozenset("EW")


def test_a_concession_is_never_paused() -> None:
    """Conceding the rest costs the robots no check, so a rejected claimer may concede at once
    (as a person does who gives up a claim the defenders would not take)."""
    state = in_play()
    act(state, PEOPLE["N"], {"type": "claim", "tricks": 13})
    act(state, PEOPLE["E"], {"type": "claim_response", "accept": False})
    act(state, PEOPLE["N"], {"type": "claim", "tricks": 0})
    assert state.match.responders() == frozenset("EW")


def test_the_pause_is_the_rejected_claimers_alone() -> None:
    state = in_play()
    act(state, PEOPLE["N"], {"type": "claim", "tricks": 13})
    act(state, PEOPLE["W"], {"type": "claim_response", "accept": False})
    # East, whose side rejected, may claim at once; then East's claim is rejected in turn.
    act(state, PEOPLE["E"], {"type": "claim", "tricks": 0})
    act(state, PEOPLE["N"], {"type": "claim_response", "accept": False})
    with pytest.raises(IllegalAction, match="claim again after a trick"):
        act(state, PEOPLE["E"], {"type": "claim", "tricks": 1})


class Checked:
    """A table's robot that notes the thread each claim check ran on."""

    def __init__(self, robot: Any, threads: list[str]) -> None:
        self.robot, self.threads = robot, threads

    def choose(self, view: Any) -> Any:
        return self.robot.choose(view)

    def claim(self, view: Any) -> Any:
        return None  # the robots here never claim: only the person does

    def respond(self, view: Any) -> Any:
        self.threads.append(threading.current_thread().name)
        return self.robot.respond(view)


def test_the_robots_check_a_claim_in_the_claimers_share_of_robot_work(tmp_path: Path) -> None:
    """A claim's check runs on the background thread, in the claimer's turn with their other
    robot work, not on the threads that play the robots' moves at tables where people play:
    a guest claiming over and over at two robot tables once took another person's robot moves
    from a p95 of 238 ms to 4,330 ms."""

    async def scenario() -> list[str]:
        store = SqlStore(await open_database(f"sqlite+aiosqlite:///{tmp_path / 'club.db'}"))
        service = TableService(store, MemoryBus(), ServiceOptions(background_pause=0.001))
        threads: list[str] = []
        try:
            bia = await store.create_user("bia", None, is_guest=True, settings={})
            me = Actor(bia.id, "bia")
            record = await service.create(bia, {"scoring": "duplicate", "variant": {"boards": 8}})
            live = await service.live(record.id)
            live.state.robot = Checked(live.state.robot, threads)
            await service.handle(record.id, me, from_json({"type": "sit", "seat": "N"}))
            deadline = time.monotonic() + 120  # a bound for a loaded machine, not a figure
            while time.monotonic() < deadline:
                state = (await service.live(record.id)).state
                if threads and not state.match.responders():
                    return threads
                if not state.match.in_deal:  # a deal passed out, or played with N dummy
                    if state.match.deals_started and not state.finished:
                        await service.handle(record.id, me, from_json({"type": "next_deal"}))
                    await asyncio.sleep(0.01)
                    continue
                view = state.match.robot_view("N")
                contract = view.contract
                claims = contract is not None and contract.dummy.letter != "N"  # dummy may not
                if view.phase.name == "PLAY" and claims and not state.match.responders():
                    remaining = 13 - len(view.played) // 4
                    claim = {"type": "claim", "tricks": remaining}
                    await service.handle(record.id, me, from_json(claim))
                elif state.match.controller() == "N":
                    action = state.robot.choose(view)
                    command = from_json(state.spec.actions.encode(action))
                    await service.handle(record.id, me, command)
                await asyncio.sleep(0.01)
            raise AssertionError("the claim was not answered")
        finally:
            await service.close()
            await store.close()

    threads = asyncio.run(scenario())
    assert threads and all(name.startswith("robot-bg") for name in threads), threads
