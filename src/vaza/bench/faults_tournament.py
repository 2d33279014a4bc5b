"""`vaza bench faults`: kill -9 in a duplicate tournament (issue 22), beside the tables' faults.

A pairs game (a Mitchell: two tables, two rounds) with one person, North of pair NS1; robots
take every other seat.  Each round at each table is a Vaza table of its own, all opened when the
game starts: the person's second-round table waits for them while they play the first.  The
server is killed between the rounds (the person's first round over, the second not begun) or
in the play of the first round, the person present or gone from the table.  After the restart
the person finishes the round, reads the results for longer than a seat is held, and
plays the next; the tournament must go on to its end with every board of every round played once
and its results complete.

Besides the tables' figures (`faults_measure._measure`, per table the person sat at):

- `lost` also counts the results missing from the tournament's standings once it is over;
- `doubled` also counts boards dealt more than once at a table, and a robot's card at the
  person's seat of a table where they never left (a robot that played their next round for
  them while they were still at the first);
- `stalled`: 1 when the tournament was not over within `GO_ON_SECONDS`.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import httpx

from vaza.bench.faults_club import AWAY_HOLD, GO_ON_SECONDS, PRESENT_HOLD, Club, _cluster
from vaza.bench.faults_measure import Outcome, Watched, _acts, _measure
from vaza.bench.faults_people import Person, _phase, _play, _reconnect, _wait
from vaza.json_types import JSON

TABLES = 2
ROUNDS = 2
BOARDS = 2
"""In all: one a round, so each table plays one deal."""
READING_SECONDS = 2.0
"""How much longer than a seat's hold (`--away-after`) the person reads the round's results
before they come to the next: were the next table holding them, a robot would take it."""


def kill_tournament(folder: Path, moment: str, away: bool, cluster: bool = False) -> Outcome:
    """`moment`: "between rounds" or "round" (in the first round's play).  On the `cluster`
    (two processes, PostgreSQL and Redis) the process that opened the tournament's tables, and so
    serves them, is killed and not started again: the person's process adopts them."""
    if cluster:
        with _cluster(folder) as (club, _, _):
            return _event_fault(club, moment, away)
    club = Club(folder, away_after=AWAY_HOLD if away else PRESENT_HOLD)
    try:
        return _event_fault(club, moment, away)
    finally:
        club.stop()


def _event_fault(club: Club, moment: str, away: bool) -> Outcome:
    where = "between the rounds of an event" if moment == "between rounds" else "in an event"
    name = f"kill -9 {where}, player {'away' if away else 'present'}"
    if club.processes > 1:
        name = f"kill -9 of the owner {where} (two processes)"
    outcome = Outcome(name, tables=TABLES * ROUNDS)
    club.start_all()
    first = Person(club, "N", server=club.processes - 1)
    event, mine = _pairs_game(first, club.url(0))
    second = Person(club, "N", server=first.server, http=first.http, invite=mine[1]["invite"])
    first.invite, second.table = mine[0]["invite"], mine[1]["table"]
    first.join(mine[0]["table"], sit=False)
    reached = (
        _finished(club, first.table) if moment == "between rounds" else _phase(first, "play", 3)
    )
    if not _play([first], reached, GO_ON_SECONDS):
        raise RuntimeError(f"{outcome.fault}: the first round never got there")
    if away:
        first.leave()
    tables = _tables(club, event)
    acts_before = {table: len(_acts(club.events(table))) for table in tables}
    club.kill(0)
    if club.processes == 1:
        club.start()
    fault_over = time.time()
    went_on = True
    if moment == "round":
        if away:  # a robot plays for the one away (or the deal ends), then they are back
            went_on = _wait(_stood_in(club, first.table, acts_before[first.table]), 60)
            outcome.stand_in_s = time.time() - fault_over
            first.view = {}
            first.connect()
        else:
            _reconnect([first])
        went_on = went_on and _play([first], _finished(club, first.table), GO_ON_SECONDS)
    first.leave()  # to the results
    time.sleep(club.away_after + READING_SECONDS)
    came = time.time()
    second.join(second.table, sit=False)
    went_on = went_on and _play([second], _finished(club, second.table), GO_ON_SECONDS)
    went_on = went_on and _wait(lambda: _status(first, event) == "finished", GO_ON_SECONDS)
    firsts = _measure(
        Outcome(""), club, first.table, Watched(people=[first], present=[] if away else [first],
        fault_over=fault_over, went_on=went_on, acts_before=acts_before[first.table]),
    )  # fmt: skip
    seconds = _measure(
        Outcome(""), club, second.table, Watched(people=[second], present=[second],
        fault_over=came, went_on=went_on, acts_before=acts_before[second.table]),
    )  # fmt: skip
    outcome.actions = sum(len(_acts(club.events(table))) for table in tables)
    outcome.lost = firsts.lost + seconds.lost + _missing_results(first, event)
    outcome.doubled = firsts.doubled + seconds.doubled + _boards_dealt_twice(club, tables)
    outcome.stalled = 0 if went_on else 1
    outcome.errors = firsts.errors + seconds.errors
    outcome.recover_s = firsts.recover_s if moment == "round" else seconds.recover_s
    return outcome


def _pairs_game(person: Person, url: str) -> tuple[str, list[JSON]]:
    """A Mitchell the person organises (at the server at `url`, which opens its tables) and
    plays North of NS1 in, robots everywhere else: the tournament's id and the person's tables,
    round by round."""
    assert person.http is not None
    with httpx.Client(base_url=url, cookies=person.http.cookies, timeout=10) as http:
        return _organise(http)


def _organise(http: httpx.Client) -> tuple[str, list[JSON]]:
    created = http.post(
        "/api/events",
        json={"kind": "pairs", "name": "Faults", "boards": BOARDS, "tables": TABLES,
              "rounds": ROUNDS, "source": "seed", "seed": 22, "public": False},
    )  # fmt: skip
    created.raise_for_status()
    event = str(created.json()["event"]["id"])
    http.post(f"/api/events/{event}/join", json={"entry": "NS1", "seat": "N"}).raise_for_status()
    started = http.post(f"/api/events/{event}/start")
    started.raise_for_status()
    mine = sorted(started.json()["you"]["tables"], key=lambda table: table["round"])
    return event, mine


def _tables(club: Club, event: str) -> list[str]:
    rows = club.query("SELECT table_id FROM event_tables WHERE event_id = {}", event)
    return [str(row[0]) for row in rows]


def _finished(club: Club, table: str) -> Callable[[], bool]:
    """The table has played all its boards."""
    return lambda: club.query("SELECT status FROM tables WHERE id = {}", table)[0][0] == "finished"


def _stood_in(club: Club, table: str, acts_before: int) -> Callable[[], bool]:
    """A robot played North's seat after the restart, or the table is done without it."""

    def played() -> bool:
        later = _acts(club.events(table))[acts_before:]
        return (
            any(e.payload.get("by", e.payload["seat"]) == "N" for e in later)
            or _finished(club, table)()
        )

    return played


def _status(person: Person, event: str) -> str:
    assert person.http is not None
    return str(person.http.get(f"/api/events/{event}").json()["event"]["status"])


def _missing_results(person: Person, event: str) -> int:
    """Boards missing from the standings: each entry should have played every round's."""
    assert person.http is not None
    overview = person.http.get(f"/api/events/{event}").json()
    rows = [row for group in overview["standings"] for row in group["rankings"]]
    missing = sum(max(0, BOARDS - int(row["boards"])) for row in rows)
    return missing + BOARDS * max(0, 2 * TABLES - len(rows))  # an entry never ranked


def _boards_dealt_twice(club: Club, tables: list[str]) -> int:
    """Deals begun at a table beyond one per board."""
    twice = 0
    for table in tables:
        numbers = Counter(e.payload.get("number") for e in club.events(table) if e.type == "deal")
        twice += sum(count - 1 for count in numbers.values())
    return twice
