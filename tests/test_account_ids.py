"""No account id in what is sent to people other than its owner (issue 47, finding 10):
`GET /api/deals/{id}` gave `players: {"N": 2}` to logged-out watchers, and an event's
description carried its organiser's `created_by`; ids are sequential, so they counted people."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any, cast

from vaza.server.deps import Services
from vaza.server.tables_api import deal
from vaza.store.port import DealRow, TableRecord, UserRecord
from vaza.tournaments.model import Status
from vaza.tournaments.views import tournament_json

ANA = UserRecord(2, "ana", False, {}, None)
BIA = UserRecord(3, "bia", False, {}, None)


@dataclass
class OneDeal:
    """A store holding one finished deal of a public table, played by Ana (North)."""

    async def deal(self, deal_id: int) -> DealRow:
        return DealRow(deal_id, "t1", 1, "contract", {"contract": "3NT"}, players={"N": ANA.id})

    async def table(self, table_id: str) -> TableRecord:
        return TableRecord(table_id, {}, True, "token", ANA.id, "playing", 9, {})

    async def user_by_id(self, user_id: int) -> UserRecord | None:
        return {ANA.id: ANA, BIA.id: BIA}.get(user_id)


def as_seen_by(user: UserRecord | None) -> dict[str, Any]:
    svc = cast(Services, type("Svc", (), {"store": OneDeal()})())
    return asyncio.run(deal(7, svc, user))


def test_a_deal_names_no_account_to_anyone_but_its_owner() -> None:
    for stranger in (None, BIA):
        seen = as_seen_by(stranger)
        assert "players" not in seen and seen["your_seats"] == []
        assert str(ANA.id) not in json.dumps({k: v for k, v in seen.items() if k != "deal"})
        assert seen["names"] == {"N": "ana"}  # who sat where, by name (issue 45)
    assert as_seen_by(ANA)["your_seats"] == ["N"]


def test_an_events_description_names_no_organiser_id() -> None:
    from vaza.store.tournaments_port import TournamentRecord
    from vaza.tournaments.model import TournamentRules

    rules = TournamentRules.from_json(
        {"kind": "pairs", "boards": 4, "tables": 2, "rounds": 2, "scoring": "mp"}
    )
    record = TournamentRecord(
        id="e1", kind="pairs", name="Tuesday", created_by=ANA.id, public=True,
        status="open", rules=rules.to_json(), boards={}, source={"kind": "random"},
    )  # fmt: skip
    assert "created_by" not in tournament_json(record, rules, Status.OPEN)


def test_a_seat_taken_names_no_account_to_any_audience() -> None:
    """Finding 10: `sat` events carried `user_id` to every watcher; now to nobody (the owner
    knows its seat from its view's `viewer`, and a finished deal's `your_seats`)."""
    from vaza.core.table_events import Sat
    from vaza.core.views.audience import KIBITZER, KIBITZER_ALL, event_for

    sat = Sat(seat="N", user_id=4217, name="ana", absent=False)
    for audience in ("N", "E", "S", "W", KIBITZER, KIBITZER_ALL):
        for in_deal in (True, False):
            told = event_for(sat, audience, dict, in_deal=in_deal)
            assert told == {"type": "sat", "seat": "N", "name": "ana"}
            assert "4217" not in json.dumps(told)
