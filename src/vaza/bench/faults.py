"""`vaza bench faults`: the club under faults, and what each cost (issue 22).

Each scenario starts a club of its own (server processes on a database of their own), seats
people and robots, plays until the moment the fault is wanted, does it, undoes it, and plays
the deal to its end.  The people behave as the browser does: they act on what their view
offers, answer claims and undo requests from `legal`, send a command again when the server
answers `unavailable`, and reconnect (saying hello again) when the connection drops.

For each it reports, from the table's log read afterwards:

- `actions`: the acts in the log;
- `lost`: actions the server acknowledged (an update carried them) that the log does not hold;
- `doubled`: actions of the people present in the log beyond the decisions they made;
- `stalled`: 1 when the deal did not go on to its end after the fault;
- `recover_s`: seconds from the fault's end to the table's next action.
"""

from __future__ import annotations

import contextlib
import functools
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from vaza.bench.faults_club import (
    AWAY_HOLD,
    GO_ON_SECONDS,
    OUTAGE_SECONDS,
    PRESENT_HOLD,
    Club,
    _cluster,
    _pg,
)
from vaza.bench.faults_disk import fill_disk, fill_to_the_last_byte, small_disk
from vaza.bench.faults_measure import Outcome, Watched, _acts, _deal_done, _measure
from vaza.bench.faults_people import (
    Person,
    _deal_over,
    _four_people,
    _more_cards,
    _north_or_over,
    _phase,
    _play,
    _reconnect,
    _wait,
)
from vaza.bench.faults_tournament import kill_tournament
from vaza.json_types import JSON


def _kill_at(folder: Path, phase: str, away: bool) -> Outcome:
    """One person (North) with three robots; the server is killed (kill -9) in `phase`, with
    North present, or gone from the table (`away`) with its hold still running."""
    club = Club(folder, away_after=AWAY_HOLD if away else PRESENT_HOLD)
    where = "between deals" if phase == "between deals" else f"in the {phase}"
    name = f"kill -9 {where}, player {'away' if away else 'present'}"
    outcome = Outcome(name)
    club.start()
    try:
        north = Person(club, "N")
        table = north.open_table(game="contract", scoring="rubber")
        north.next_deals = phase != "between deals"
        north.join(table)
        want = {
            "auction": lambda: bool(north.view.get("phase") == "auction" and north.view["calls"]),
            "play": _phase(north, "play", cards=3),
            "between deals": _phase(north, "over"),
        }[phase]
        if not _play([north], want, GO_ON_SECONDS):
            raise RuntimeError(f"{name}: the table never reached the {phase}")
        if away:
            north.leave()
        number = int(north.view.get("number", 1))
        log = club.events(table)
        acts_before, version_before = len(_acts(log)), log[-1].version
        club.kill()
        club.start()
        fault_over = time.time()
        if away:
            # A robot plays for North once the hold runs out (or, North being dummy, the deal
            # is played out without it); then North comes back.
            def robot_played() -> bool:
                log = club.events(table)
                later = _acts(log)[acts_before:]
                stood_in = any(e.payload.get("by", e.payload["seat"]) == "N" for e in later)
                return stood_in or _deal_done(log)

            went_on = _wait(robot_played, GO_ON_SECONDS)
            outcome.stand_in_s = time.time() - fault_over
            north.view = {}
            north.connect()  # back: the seat is North's again, and the deal goes on to its end
            _play([north], lambda: bool(north.view), 10)
            now = int(north.view.get("number") or number)
            went_on = went_on and _play([north], _deal_over(north, now), GO_ON_SECONDS)

            def back() -> bool:
                logged = club.events(table)
                return any(
                    e.type == "back" and e.payload.get("seat") == "N" and e.version > version_before
                    for e in logged
                )

            went_on = went_on and _wait(back, 10)  # told after the snapshot
            present: list[Person] = []
        else:
            _reconnect([north])
            if phase == "between deals":
                north.next_deals = True
                number += 1  # the next deal must begin and end
            went_on = _play([north], _deal_over(north, number), GO_ON_SECONDS)
            present = [north]
        return _measure(
            outcome,
            club,
            table,
            Watched(
                people=[north],
                present=present,
                fault_over=fault_over,
                went_on=went_on,
                acts_before=acts_before,
            ),
        )
    finally:
        club.stop()


def _kill_pending(folder: Path, kind: str) -> Outcome:
    """Four people; a claim (or undo request) waits for two of them when the server is
    killed.  After the restart they find their answers in `legal` and give them."""
    club = Club(folder)
    outcome = Outcome(f"kill -9 with a{'n undo request' if kind == 'undo' else ' claim'} pending")
    club.start()
    try:
        table, people = _four_people(club)
        north = people[0]
        if not _play(people, _phase(north, "play", cards=5), GO_ON_SECONDS):
            raise RuntimeError(f"the deal never reached the play: {north.where()}")
        _propose(people, kind)
        if not _play(people, lambda: bool(north.view.get("proposal")), 10):
            raise RuntimeError(f"the {kind} did not wait for answers")
        number = int(north.view.get("number", 1))
        acts_before = len(_acts(club.events(table)))
        club.kill()
        club.start()
        fault_over = time.time()
        _reconnect(people)
        for person in people:
            person.paused = False
        went_on = _play(people, _deal_over(north, number), GO_ON_SECONDS)
        return _measure(
            outcome,
            club,
            table,
            Watched(
                people=people,
                present=people,
                fault_over=fault_over,
                went_on=went_on,
                acts_before=acts_before,
            ),
        )
    finally:
        club.stop()


def _propose(people: list[Person], kind: str) -> None:
    """Everyone stops acting; then the seat to play claims a trick, or a player who may take
    back their last card asks to (after more cards if nobody may yet)."""
    for _ in range(20):
        for person in people:
            person.paused = True
        _play(people, lambda: False, 0.5)  # what was on its way arrives
        if kind == "claim":
            controller = people[0].view["controller"]
            next(p for p in people if p.seat == controller).do({"type": "claim", "tricks": 1})
            return
        askers = [p for p in people if p.view.get("may_undo")]
        if askers:
            askers[0].do({"type": "undo_request"})
            return
        played = len(people[0].view.get("played") or ())
        for person in people:
            person.paused = False
        _play(people, _more_cards(people[0], played), 10)
    raise RuntimeError("nobody could ask for an undo")


def _outage(
    outcome: Outcome, club: Club, start: Callable[[], None], end: Callable[[], None]
) -> Outcome:
    """One person (North, on the last process) with three robots.  In the play, at North's
    turn, `start()` the fault; North plays its card into it, and goes on trying (as the
    browser does) until `end()` ends it `OUTAGE_SECONDS` later; then the deal is played out.
    The table's duplicate has no end: a rubber may be won in the deals North is dummy in, and
    then the deal North waits for never comes (CI saw it once)."""
    club.start_all()
    north = Person(club, "N", server=club.processes - 1)
    table = north.open_table(game="contract", scoring="duplicate")
    north.join(table)
    for _ in range(10):  # until a deal in which North plays (not as dummy)
        if not _play([north], _phase(north, "play", cards=3), GO_ON_SECONDS):
            raise RuntimeError(f"the deal never reached the play: {north.where()}")
        north.paused = True
        mine = _play([north], _north_or_over(north), GO_ON_SECONDS)
        if mine and north.view.get("controller") == "N":
            break
        north.paused = False
        north.act_now()  # ask for the next deal
    else:
        raise RuntimeError(f"North's turn never came: {north.where()}")
    number = int(north.view.get("number", 1))
    acts_before = len(_acts(club.events(table)))
    start()
    north.paused = False
    north.act_now()  # on the view it has: its card goes into the fault
    _play([north], lambda: False, OUTAGE_SECONDS)
    end()
    fault_over = time.time()
    if north.ws is None:
        _reconnect([north])
    went_on = _play([north], _deal_over(north, number), GO_ON_SECONDS)
    if north.told:
        outcome.note = f"the player was told: {north.told[0]!r}"
    return _measure(
        outcome, club, table, Watched([north], [north], fault_over, went_on, acts_before)
    )


def _postgres_restart(folder: Path) -> Outcome:
    """Mid-deal the database goes away (every connection ended, new ones refused) for
    `OUTAGE_SECONDS`, then comes back."""
    with _cluster(folder) as (club, _, name):

        def down() -> None:
            _pg(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false')
            _pg(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{name}'")

        def up() -> None:
            _pg(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')

        return _outage(Outcome("PostgreSQL restarted mid-deal (two processes)"), club, down, up)


def _redis_restart(folder: Path) -> Outcome:
    """Mid-deal Redis is killed and started again, empty (it keeps nothing on disk)."""
    with _cluster(folder) as (club, redis, _):
        outcome = Outcome("Redis restarted mid-deal (two processes)")
        return _outage(outcome, club, redis.stop, redis.start)


def _disk_full(folder: Path) -> Outcome:
    """SQLite in a small filesystem of its own (tmpfs): the disk is filled mid-deal, so the
    next commit fails, and emptied again."""
    outcome = Outcome("SQLite's disk full mid-deal")
    with small_disk(folder / "disk") as disk:
        if disk is None:
            outcome.note = "skipped: no tmpfs could be mounted here (needs root)"
            return outcome
        club = Club(folder, data=disk)
        try:
            filler = disk / "filler"
            fill = functools.partial(fill_disk, club.sqlite_file, filler)
            return _outage(outcome, club, fill, filler.unlink)
        finally:
            club.stop()


def _event(folder: Path, moment: str, away: bool, cluster: bool = False) -> Outcome:
    return kill_tournament(folder, moment, away, cluster)


SCENARIOS: dict[str, Callable[[Path], Outcome]] = {
    "kill-auction": lambda folder: _kill_at(folder, "auction", away=False),
    "kill-play": lambda folder: _kill_at(folder, "play", away=False),
    "kill-claim": lambda folder: _kill_pending(folder, "claim"),
    "kill-undo": lambda folder: _kill_pending(folder, "undo"),
    "kill-between-deals": lambda folder: _kill_at(folder, "between deals", away=False),
    "kill-auction-away": lambda folder: _kill_at(folder, "auction", away=True),
    "kill-play-away": lambda folder: _kill_at(folder, "play", away=True),
    "postgres-restart": _postgres_restart,
    "redis-restart": _redis_restart,
    "disk-full": _disk_full,
    "kill-event-between-rounds": lambda folder: _event(folder, "between rounds", away=False),
    "kill-event-round": lambda folder: _event(folder, "round", away=False),
    "kill-event-round-away": lambda folder: _event(folder, "round", away=True),
    "kill-event-owner": lambda folder: _event(folder, "between rounds", False, cluster=True),
}
"""Every fault, by the name `--only` takes."""

__all__ = ["SCENARIOS", "fill_disk", "fill_to_the_last_byte", "run", "small_disk"]


def run(names: list[str] | None = None, advance: Callable[[int], None] | None = None) -> JSON:
    """Run the scenarios `names` (all by default), each in a folder of its own."""
    results = []
    with _folder() as root:
        for name in names or list(SCENARIOS):
            folder = root / name
            folder.mkdir()
            results.append(SCENARIOS[name](folder).as_dict())
            if advance is not None:
                advance(1)
    return {"faults": results}


@contextlib.contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="vaza-faults-") as name:
        yield Path(name)
