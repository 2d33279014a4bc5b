"""The tables' logs: a new table's first events, a table rebuilt from its log, a change appended
with the deals it finished.

Events are written in today's form with its version (`vaza.core.table_events.SCHEMA`); an old
log is upgraded as it is read (`TableState.upgraded`) and never rewritten, so reading a table
writes nothing.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence

from vaza.app.live import LiveTable
from vaza.app.seat_moves import seated
from vaza.app.table import Change, TableOptions, TableState
from vaza.core.cards import SEATS
from vaza.core.table_events import SCHEMA, TableEvent, decode
from vaza.formats import lin, pbn
from vaza.formats.heading import Heading, headed, pbn_date
from vaza.match.base import FinishedDeal
from vaza.store.port import DealRow, NewEvent, Store, TableHead, TableRecord


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


class TableRepository:
    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        """The wall clock: the day written in a finished deal's records, and when a table was
        loaded (`LiveTable.loaded_at`)."""

    async def create(self, state: TableState, events: Sequence[TableEvent]) -> TableRecord:
        """Store a new table whose state is the fold of `events`; its record."""
        options = state.options
        record = TableRecord(
            id=state.id,
            options=options.to_json(),
            public=options.public,
            invite_token=secrets.token_urlsafe(16),
            created_by=state.creator,
            status=state.status,
            version=state.version,
            summary=state.summary(),
        )
        await self.store.create_table(record, [_stored(e) for e in events])
        return record

    async def load(self, table_id: str) -> LiveTable:
        """The table rebuilt from its log, old events upgraded as they are read (raises
        KeyError for an unknown table)."""
        record = await self.store.table(table_id)
        if record is None:
            raise KeyError(table_id)
        events = await self.store.events(table_id)
        if not events or events[0].type != "created":
            raise ValueError(f"table {table_id} has no creation event")
        created = events[0].payload
        deals = created.get("deals")
        state = TableState(
            table_id,
            TableOptions.from_json(created["options"]),
            created.get("creator"),
            None if deals is None else {int(n): text for n, text in deals.items()},
        )
        upgraded: dict[int, TableEvent] = {}
        for stored in events:
            event = decode(stored.type, stored.payload)
            today = state.upgraded(event, stored.schema_version)
            if today is not event:
                upgraded[stored.version] = today
            state.evolve(today)
        state.take_finished_deals()  # archived when they happened
        return LiveTable(state, record, loaded_at=self.clock(), upgraded=upgraded)

    async def events_after(self, live: LiveTable, since: int) -> list[tuple[int, TableEvent]]:
        """The table's events after version `since` (up to the version in memory), in today's
        form: an old log's as the table read them (`LiveTable.upgraded`)."""
        stored = await self.store.events(live.state.id, after=since)
        return [
            (e.version, live.upgraded.get(e.version) or decode(e.type, e.payload))
            for e in stored
            if e.version <= live.state.version
        ]

    async def append(self, state: TableState, change: Change) -> None:
        """Append the change to the table's log with the records of the deals it finished, in
        one commit; raises `ConflictError` if another writer moved the log first."""
        deals = [self._deal_row(state, deal) for deal in change.finished]
        await self.store.append(
            state.id,
            change.before,
            [_stored(e) for e in change.events],
            head=TableHead(state.status, state.summary()),
            deals=deals,
        )

    def _deal_row(self, state: TableState, deal: FinishedDeal) -> DealRow:
        pbn_text, lin_text = _records(state, deal, self.clock())
        players = dict(deal.players) if deal.players is not None else seated(state)
        return DealRow(
            id=0,
            table_id=state.id,
            number=deal.number,
            game=state.options.game,
            summary=deal.summary,
            pbn=pbn_text,
            lin=lin_text,
            players=players,
        )


def _stored(event: TableEvent) -> NewEvent:
    return NewEvent(event.kind, event.payload, SCHEMA)


def _records(state: TableState, deal: FinishedDeal, at: float) -> tuple[str | None, str | None]:
    """The deal's PBN and LIN with everything the club knows of it: the table, the day, the
    board, who sat where (robots by their names) and the scoring; the match's own where it
    keeps no record of the play."""
    if deal.record is None or deal.pbn is None:
        return deal.pbn, deal.lin
    scoring = state.spec.scoring(state.options.scoring)
    names = []
    for seat in SEATS:
        occupant = state.occupants.get(seat.letter)
        names.append("" if occupant is None else occupant.name)
    heading = Heading(
        event=f"{state.spec.label.en}, {scoring.label.en}, table {state.id}",
        date=pbn_date(at),
        scoring=scoring.pbn,
        players=(names[0], names[1], names[2], names[3]),
        board=deal.number,
    )
    record = headed(deal.record, heading)
    return pbn.dumps([record]), None if deal.lin is None else lin.dumps([record])


__all__ = ["TableRepository", "new_table_id"]
