"""The store's rows read into the port's records: one function a kind of row."""

from __future__ import annotations

from vaza.store import models
from vaza.store.port import DealRow, TableRecord, UserRecord


def user_record(row: models.User) -> UserRecord:
    return UserRecord(row.id, row.name, row.is_guest, dict(row.settings or {}), row.password_hash)


def table_record(row: models.Table) -> TableRecord:
    return TableRecord(
        row.id,
        dict(row.options),
        row.public,
        row.invite_token,
        row.created_by,
        row.status,
        row.version,
        dict(row.summary or {}),
        row.created_at,
    )


def deal_row(row: models.DealArchive, players: dict[str, int] | None = None) -> DealRow:
    return DealRow(
        row.id,
        row.table_id,
        row.number,
        row.game,
        dict(row.summary or {}),
        row.pbn,
        row.lin,
        row.created_at,
        players or {},
    )
