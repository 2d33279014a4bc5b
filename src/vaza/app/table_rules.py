"""A table's house rules that are numbers and sentences: how long a chat line may be and how
many a table keeps, the pause after a rejected claim, the refusal when undo is off, and which
events start a clock.  Apart from `TableState` so that the aggregate reads as its decisions."""

from __future__ import annotations

import dataclasses
from typing import Final

from vaza.core.table_events import Acted, Dealt, Left, TableEvent

UNDO_OFF: Final = "nothing is taken back at this table (an event's tables play without undo)"
"""Why an undo is refused at a table whose options turn it off (`TableOptions.undo`)."""
CLAIM_PAUSE: Final = 4
"""Actions (calls or cards) the table must see after a person's claim is rejected before that
person claims again: a trick's worth.  A rejection costs the robots a check, so it is not to
be repeated at once; counted in actions, not seconds, so a replay of the log agrees."""
CLAIM_PAUSED: Final = "your claim was rejected; play on: you may claim again after a trick"
CHAT_LIMIT = 500
"""Longest chat message, in characters."""
CHAT_KEPT = 100
CHAT_CAP = 2000
"""Chat lines a table's log takes in all (a long rubber needs far fewer): past them, the
table's chat is full."""
CLOCKED: Final = (Acted, Dealt, Left)
"""Events that start a clock (the time to act, a seat's hold).  Each carries the wall-clock time
it was decided at (`at`, seconds since the epoch), so any process that loads the table derives
the same deadlines from its log."""


def stamped(events: list[TableEvent], at: float | None) -> list[TableEvent]:
    """`events`, those that start a clock carrying `at` (when it is known)."""
    if at is None:
        return events
    return [dataclasses.replace(e, at=at) if isinstance(e, CLOCKED) else e for e in events]
