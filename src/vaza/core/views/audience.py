"""Who at a table may learn what of its events and its chat: the gate beside the views.

An audience is a seat's label (the player there), `KIBITZER` (watchers, the public view) or
`KIBITZER_ALL` (watchers where the table shows them every hand).  Each audience's view comes from
the game's views; what it may learn of the log, event by event, and which chat lines it may
read, are decided here, so the server only serialises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from vaza.json_types import JSON

KIBITZER: Final = "kibitzer"
KIBITZER_ALL: Final = "kibitzer_all"


_PARTNER: Final = {"N": "S", "S": "N", "E": "W", "W": "E"}
REASON: Final = ("why", "held_to")
"""A rejected claim's reason.  It comes from what the answerer sees, its own hand among it, so
the answerer's partner is not told it (Law 16: information from partner's remarks is not
authorised); the claimer's side, which it answers, and the watchers are."""
ALERT: Final = "alert"
"""A call's alert: the caller's explanation, for the opponents (and watchers); partner reads it
only once the deal is over (Law 16, as `views.contract` shows alerts)."""


def audience_of(seat: str | None, kibitzers_see_all: bool) -> str:
    """The audience of someone at a table: their seat's, or the watchers' it allows."""
    if seat is not None:
        return seat
    return KIBITZER_ALL if kibitzers_see_all else KIBITZER


def is_kibitzer(audience: str) -> bool:
    return audience in (KIBITZER, KIBITZER_ALL)


def may_read_chat(line: JSON, audience: str, in_deal: bool) -> bool:
    """Kibitzers' chat never reaches players during play (it could tell them the cards)."""
    if line.get("audience") != "kibitzers":
        return True
    return is_kibitzer(audience) or not in_deal


def chat_for(lines: Iterable[JSON], audience: str, in_deal: bool) -> list[JSON]:
    """The chat lines `audience` may read."""
    return [line for line in lines if may_read_chat(line, audience, in_deal)]


def event_for(
    kind: str,
    payload: JSON,
    audience: str,
    public_action: Callable[[JSON], JSON],
    *,
    in_deal: bool,
) -> JSON:
    """An event of the log as `audience` may learn of it.

    A deal carries cards, so it is reduced to its number (each audience's view shows what it
    may see); the creation may hold a duplicate event's boards; invitations concern one
    person; a chat line is read where `may_read_chat` allows; an action is told as the game
    says everyone may learn of it (`public_action`: a card handed from the widow is seen to be
    given, not which)."""
    if kind == "deal":
        return {"type": "deal", "number": payload.get("number")}
    if kind in ("created", "invited"):
        return {"type": kind}
    if kind == "chat":
        if may_read_chat(payload, audience, in_deal):
            return {"type": "chat", **payload}
        return {"type": "chat"}
    if kind == "act":
        action = public_action(payload["action"])
        partner = audience == _PARTNER.get(payload["seat"])
        if partner and action.get("why") is not None:
            action = {k: v for k, v in action.items() if k not in REASON}
        if partner and in_deal and ALERT in action:
            action = {k: v for k, v in action.items() if k != ALERT}
        told = {"type": "act", "seat": payload["seat"], "action": action}
        if "by" in payload:
            told["by"] = payload["by"]  # declarer, for dummy's card
        return told
    return {"type": kind, **payload}
