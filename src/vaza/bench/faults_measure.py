"""`vaza bench faults`: what a fault cost, read from the table's log afterwards (see `faults`)."""

from __future__ import annotations

from dataclasses import dataclass

from vaza.bench.faults_club import Club
from vaza.bench.faults_people import Person
from vaza.json_types import JSON
from vaza.store.port import StoredEvent


@dataclass
class Outcome:
    fault: str
    tables: int = 1
    actions: int = 0
    lost: int = 0
    doubled: int = 0
    stalled: int = 0
    recover_s: float | None = None
    stand_in_s: float | None = None
    """For a player away: seconds from the restart until a robot had played for them."""
    errors: int = 0
    """`unavailable` answers the people had while the fault lasted (each sent again)."""
    note: str = ""

    def as_dict(self) -> JSON:
        return {
            "fault": self.fault, "tables": self.tables, "actions": self.actions,
            "lost": self.lost, "doubled": self.doubled, "stalled": self.stalled,
            "recover_s": None if self.recover_s is None else round(self.recover_s, 2),
            "stand_in_s": None if self.stand_in_s is None else round(self.stand_in_s, 2),
            "errors": self.errors, "note": self.note,
        }  # fmt: skip


def _acts(log: list[StoredEvent]) -> list[StoredEvent]:
    return [e for e in log if e.type == "act"]


def _actor(event: StoredEvent) -> str:
    return str(event.payload.get("by", event.payload["seat"]))


@dataclass(frozen=True)
class Watched:
    """What a scenario saw of a table: the people at it (and those of them who stayed), when
    the fault was over, whether the deal went on, and the acts in the log before the fault."""

    people: list[Person]
    present: list[Person]
    fault_over: float
    went_on: bool
    acts_before: int


def _measure(outcome: Outcome, club: Club, table: str, watched: Watched) -> Outcome:
    people, present = watched.people, watched.present
    fault_over, went_on, acts_before = watched.fault_over, watched.went_on, watched.acts_before
    log = club.events(table)
    by_version = {e.version: e for e in log}
    acts = _acts(log)
    outcome.actions = len(acts)
    for person in people:
        for version, action in person.acked.items():
            stored = by_version.get(version)
            if stored is None or stored.type != "act" or stored.payload["action"] != action:
                outcome.lost += 1
    for person in present:
        landed = sum(1 for e in acts if _actor(e) == person.seat)
        outcome.doubled += max(0, landed - (person.decisions - person.refused))
    outcome.stalled = 0 if went_on else 1
    outcome.errors = sum(person.unavailable for person in people)
    seen = [t for person in people for t in person.acts_seen if t >= fault_over]
    after = [e for e in acts[acts_before:] if "at" in e.payload]
    if seen:  # as the people saw it: the first action to reach them after the fault
        outcome.recover_s = min(seen) - fault_over
    elif after:
        outcome.recover_s = max(0.0, float(after[0].payload["at"]) - fault_over)
    return outcome


def _deal_done(log: list[StoredEvent]) -> bool:
    """The log's last deal is over: 52 cards played, or passed out."""
    starts = [i for i, e in enumerate(log) if e.type == "deal"]
    if not starts:
        return False
    actions = [e.payload["action"] for e in log[starts[-1] :] if e.type == "act"]
    cards = sum(1 for a in actions if a["type"] == "play")
    calls = [a.get("call") for a in actions if a["type"] == "call"]
    return cards == 52 or (calls == ["Pass"] * 4 and cards == 0)
