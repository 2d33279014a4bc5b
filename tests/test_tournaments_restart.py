"""A tournament's tables wait for their people across a restart (issue 22, found by
`vaza bench faults`: kill -9 in a tournament).

A pairs game opens every round's tables when it starts and seats its people at each: a table
of a later round waits for them while they play the earlier ones.  A process that loaded such
a table after a restart held those people as if their connection had died with the old
process, so a robot played their next round for them while they were still at the first.
Someone seated for them who has never come has no connection to lose: nothing is held for
them until they have come, and once they have, a restart holds them as anyone.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from test_deadlines import T0, Clock, kinds, log_of, until
from vaza.app.commands import from_json
from vaza.app.service import ServiceOptions, TableService
from vaza.app.table import SYSTEM
from vaza.app.tournaments import TournamentService
from vaza.bus.memory import MemoryBus
from vaza.store.db import open_database
from vaza.store.sql import SqlStore
from vaza.store.tournaments_sql import SqlTournamentStore
from vaza.tournaments.model import TournamentKind
from vaza.tournaments.request import TournamentRequest


@asynccontextmanager
async def club(path: Path, clock: Clock, away_after: float) -> AsyncIterator[TournamentService]:
    """One process's event and table services over the database at `path`."""
    database = await open_database(f"sqlite+aiosqlite:///{path}")
    tables = TableService(
        SqlStore(database), MemoryBus(), ServiceOptions(away_after=away_after, clock=clock)
    )
    try:
        yield TournamentService(SqlTournamentStore(database), tables, tables.store)
    finally:
        await tables.close()
        await tables.store.close()
        await database.close()


def test_a_tournament_table_waits_across_a_restart_for_a_person_who_has_not_come(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        clock = Clock(T0)
        db = tmp_path / "club.db"
        async with club(db, clock, away_after=600) as first:
            ana = await first.store.create_user("ana", None, is_guest=True, settings={})
            request = TournamentRequest(
                TournamentKind.PAIRS, "Friends", boards=2, source="seed", seed=1
            )
            event = await first.create(ana, request)
            await first.join(event.id, ana, "NS1", "N")
            await first.start(event.id, ana)
            mine = [t.table_id for t in await first.tournaments.tables(event.id) if t.ns == "NS1"]
        assert len(mine) == 2  # a table in each round
        clock.now = T0 + 5  # killed and started again before Ana came to either table
        async with club(db, clock, away_after=0) as second:
            assert await second.tables.resume_all() >= 2
            for table in mine:
                logged = kinds(await log_of(second.tables, table))
                assert ("left", "N") not in logged and ("away", "N") not in logged
            # Ana comes to her first table (the hub says `back` at her hello), and the
            # process dies with her there: the next one holds her seat, and then a robot
            # plays it, as for anyone whose connection was lost.
            await second.tables.handle(mine[0], SYSTEM, from_json({"type": "back", "seat": "N"}))
        async with club(db, clock, away_after=0) as third:
            await third.tables.resume_all()
            logged = await until(third.tables, mine[0], lambda log: ("away", "N") in kinds(log))
            assert kinds(logged).index(("back", "N")) < kinds(logged).index(("left", "N"))
            assert ("left", "N") not in kinds(await log_of(third.tables, mine[1]))

    asyncio.run(scenario())
