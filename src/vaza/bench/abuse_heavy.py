"""`vaza bench abuse`'s heavy attacks (issue 47): claims over and over at robot tables, and
large PBN uploads.  Each was found to slow another person's robots (a claim checked for 5.9 s
took their p95 from 238 ms to 4,330 ms; four 2 MB uploads parsed on the event loop held every
ping for seconds); the bench measures that table's robots quiet and under each, in one run.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

import httpx
import orjson

from vaza.core import Board, ContractDeal, Deal
from vaza.formats import pbn
from vaza.json_types import JSON

CLAIM_PAUSE = 0.1
"""Seconds between two claims at one table: as fast as a person's fingers, under the flood
limit (20 messages a second) for the two tables together."""
UPLOADERS = 4
"""Uploads under way at once (issue 47: four at once held pings for 4.7 s)."""


def _dumps(message: JSON) -> str:
    return orjson.dumps(message).decode()


def _remaining(view: JSON) -> int:
    """Tricks still to play (the claim asks for all of them)."""
    return 13 - len(view.get("played") or []) // 4


async def claim_flood(
    socket: Any, table: str, counts: dict[str, int], pause: Callable[[], Any] | None = None
) -> None:
    """At `table` (North, three robots): claim every remaining trick whenever the play allows,
    answer the robots' claims, play North's own cards at once, deal again at the end."""
    rng = random.Random(3)
    pause = pause or (lambda: asyncio.sleep(CLAIM_PAUSE))
    await socket.send(_dumps({"type": "hello", "table": table}))
    await socket.send(_dumps({"type": "sit", "table": table, "seat": "N"}))
    async for raw in socket:
        message = orjson.loads(raw)
        if message.get("type") == "error":
            counts["refused"] += message.get("ref") == "claim"
            continue
        if message.get("type") not in ("snapshot", "update"):
            continue
        view = message.get("view") or {}
        legal = view.get("legal") or []
        if view.get("phase") == "over":
            await socket.send(_dumps({"type": "next_deal", "table": table}))
        elif legal and all(a.get("type") == "claim_response" for a in legal):
            await socket.send(_dumps({"table": table, **rng.choice(legal)}))
        elif view.get("phase") != "play":
            if view.get("controller") == "N" and legal:  # the auction: call, to reach play
                await socket.send(_dumps({"table": table, **rng.choice(legal)}))
        elif view.get("proposal") is None:
            claim = {"type": "claim", "table": table, "tricks": _remaining(view), "ref": "claim"}
            await socket.send(_dumps(claim))
            counts["sent"] += 1
            await pause()
            if view.get("controller") == "N" and legal:
                await socket.send(_dumps({"table": table, **rng.choice(legal)}))


def large_pbn() -> str:
    """A PBN file near the upload's limit (2,000,000 characters): 32 boards, each with a long
    commentary, as in the attack."""
    rng = random.Random(47)
    games = [ContractDeal(Board.numbered(n, Deal.random(rng))).record() for n in range(1, 33)]
    comment = "{" + "a remark on the board " * 2_500 + "}\n"
    return pbn.dumps(games).replace('[Board "', comment + '[Board "')


async def pbn_uploads(url: str, cookie: str, counts: dict[str, int]) -> None:
    """`UPLOADERS` uploads of a large PBN at once, again and again, each opening a pairs event
    of its boards (the club's limits refuse most: the parse must not be paid before that)."""
    text = large_pbn()
    body = {"kind": "pairs", "name": "upload", "source": "pbn", "pbn": text, "tables": 2}

    async def upload() -> None:
        async with httpx.AsyncClient(base_url=url, headers={"Cookie": cookie}) as http:
            while True:
                counts["sent"] += 1
                try:
                    response = await http.post("/api/events", json=body, timeout=120)
                except httpx.TimeoutException:
                    counts["timed_out"] += 1
                    continue
                counts["created" if response.status_code in (200, 201) else "refused"] += 1

    await asyncio.gather(*(upload() for _ in range(UPLOADERS)))
