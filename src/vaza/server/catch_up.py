"""How much of a table's past a client catching up (`hello` with `since`) is sent.

The service bounds a catch-up in events (`CATCH_UP_LIMIT`); a few hundred events of a busy
table still weigh hundreds of kilobytes (issue 47: 499 events were 352 KB, and ten guests
asking again and again pulled 45 MB/s).  So it is bounded in bytes too: past `CATCH_UP_BYTES`
the client gets the snapshot alone, as when it asks from too far back; its view and chat say
all it needs, and the snapshot is a few kilobytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import orjson

from vaza.json_types import JSON

CATCH_UP_BYTES: Final = 16_000
"""At most this many bytes of past events with a snapshot (about 150 events of contract bridge,
as a watcher is told them: a few snapshots' worth); more, and the snapshot goes alone."""


def within_bytes(events: Sequence[JSON], limit: int = CATCH_UP_BYTES) -> bool:
    """Whether `events`, as sent, weigh at most `limit` bytes (counted event by event, so a
    long catch-up stops being measured once it is over the limit)."""
    size = 0
    for event in events:
        size += len(orjson.dumps(event))
        if size > limit:
            return False
    return True
