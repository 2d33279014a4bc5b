"""The store's CPU for an action that ends a deal: N appends in a row to a new embedded (SQLite)
club, each with its events and a finished deal's row, one after another as at human pace.

    python experiments/append_with_deal.py 300
    PYTHONPATH=/tmp/other/src python experiments/append_with_deal.py 300  # another commit
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time

from vaza.store.db import open_database
from vaza.store.port import DealRow, NewEvent, TableHead, TableRecord
from vaza.store.sql import SqlStore


async def measure(appends: int) -> None:
    folder = tempfile.mkdtemp()
    store = SqlStore(await open_database(f"sqlite+aiosqlite:///{folder}/club.db"))
    user = await store.create_user("ana", None, is_guest=True, settings={})
    table = TableRecord(
        id="t", options={"game": "contract"}, public=True, invite_token="x",
        created_by=user.id, status="waiting", version=0, summary={},
    )  # fmt: skip
    await store.create_table(table, [NewEvent("created", {})])
    version = 1
    started = time.thread_time(), time.process_time(), time.perf_counter()
    for number in range(1, appends + 1):
        deal = DealRow(
            id=0, table_id="t", number=number, game="contract",
            summary={"score": 420, "contract": "4S", "by": "S"},
            pbn='[Deal "N:AKQJ.T98.765.432 ..."]\n' * 8, lin="qx|o1|" * 40,
            players={"S": user.id},
        )  # fmt: skip
        events = [NewEvent("card", {"n": number}), NewEvent("deal_end", {"n": number})]
        version = await store.append(
            "t", version, events, head=TableHead("playing", {"seats": {}}), deals=[deal]
        )
    main, process, wall = (
        (now - then) * 1000 / appends
        for now, then in zip((time.thread_time(), time.process_time(), time.perf_counter()),
                             started, strict=True)
    )  # fmt: skip
    await store.close()
    print(
        f"{appends} appends that end a deal: main thread {main:.2f} ms, process {process:.2f} ms,"
        f" wall {wall:.2f} ms each"
    )


if __name__ == "__main__":
    asyncio.run(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
