"""What the deal viewer adds to a finished deal's archive: who sat where, and what the calls meant.

A finished deal hides nothing any more (`views.contract` shows every hand and every alert once
the deal is over), so the viewer may show each caller's alerts to anyone allowed to open the deal,
and what every call means in the robots' system, as the table showed it during the auction.  Who
sat where is told by *name* only: account ids go to nobody but their owner (a seat with no
person was a robot's).
"""

from __future__ import annotations

from vaza.core.errors import IllegalAction, ParseError
from vaza.core.record import DealRecord
from vaza.formats import pbn
from vaza.i18n import LANGUAGES
from vaza.json_types import JSON
from vaza.robots.bidding import explain_auction
from vaza.store.port import DealRow, Store

AUCTION_GAMES = frozenset({"contract"})
"""The games whose auction the robots' system reads (the table explains the same calls)."""


async def seat_names(row: DealRow, store: Store) -> dict[str, str]:
    """The people who sat at the deal, by seat: their names as they are now."""
    names: dict[str, str] = {}
    for seat, user_id in sorted(row.players.items()):
        user = await store.user_by_id(user_id)
        if user is not None:
            names[seat] = user.name
    return names


def _record(row: DealRow) -> DealRecord | None:
    """The deal's record as its PBN keeps it (the notes of alerted calls included)."""
    if not row.pbn:
        return None
    try:
        records = pbn.loads(row.pbn)
    except ParseError:
        return None
    return records[0] if records else None


def alerts(record: DealRecord | None) -> dict[str, str]:
    """Each alerted call's explanation, by the call's position in the auction."""
    return {} if record is None else {str(i): text for i, text in record.explanations}


def meanings(game: str, record: DealRecord | None) -> JSON | None:
    """What every call meant in the robots' system, in each language (None for a game whose
    auction the system does not read)."""
    if game not in AUCTION_GAMES or record is None or not record.calls:
        return None
    try:
        return {
            lang: {
                str(i): text
                for i, text in explain_auction(record.calls, record.board.dealer, lang).items()
            }
            for lang in LANGUAGES
        }
    except (IllegalAction, ParseError):
        return None


async def deal_extras(row: DealRow, store: Store) -> JSON:
    """Names, alerts and meanings for `/api/deals/{id}`."""
    record = _record(row)
    return {
        "names": await seat_names(row, store),
        "alerts": alerts(record),
        "meanings": meanings(row.game, record),
    }


__all__ = ["alerts", "deal_extras", "meanings", "seat_names"]
