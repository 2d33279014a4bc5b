"""Who at a table may learn what of its events and its chat: the gate beside the views.

An audience is a seat's label (the player there), `KIBITZER` (watchers, the public view) or
`KIBITZER_ALL` (watchers where the table shows them every hand).  Each audience's view comes from
the game's views; what it may learn of the log, event by event, and which chat lines it may
read, are decided here, so the server only serialises.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, assert_never

from vaza.core.table_events import (
    Acted,
    Away,
    Back,
    Chatted,
    Created,
    Dealt,
    DealWanted,
    Finished,
    Invited,
    Left,
    Named,
    Reserved,
    RobotIn,
    RobotOut,
    Sat,
    Stood,
    TableEvent,
    Unreserved,
)
from vaza.json_types import JSON

KIBITZER: Final = "kibitzer"
KIBITZER_ALL: Final = "kibitzer_all"


_PARTNER: Final = {"N": "S", "S": "N", "E": "W", "W": "E"}
REASON: Final = ("why", "held_to", "reason")
"""A rejected claim's reason.  It comes from what the answerer sees, its own hand among it, so
the answerer's partner is not told it (Law 16: information from partner's remarks is not
authorised); the claimer's side, which it answers, and the watchers are."""
ALERT: Final = "alert"
"""A call's alert: the caller's explanation, for the opponents (and watchers); partner reads it
only once the deal is over (Law 16, as `views.contract` shows alerts)."""


def audience_of(seat: str | None, kibitzers_see_all: bool, held_a_seat: bool = False) -> str:
    """The audience of someone at a table: their seat's, or the watchers' it allows.  Someone
    who held a seat during the deal being played and stood up watches the rest of it with the
    public view, never every hand: so they may take their seat back at once and are never shown
    more than it sees (`vaza.app.seating.may_sit_now`)."""
    if seat is not None:
        return seat
    return KIBITZER_ALL if kibitzers_see_all and not held_a_seat else KIBITZER


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
    event: TableEvent,
    audience: str,
    public_action: Callable[[JSON], JSON],
    *,
    in_deal: bool,
) -> JSON:
    """An event of the log as `audience` may learn of it: one rule per kind of event, each
    naming the fields it tells, so a new kind cannot be sent before its rule is written here
    (`assert_never`) and a new field of a known kind is told to nobody until it is named.

    A deal carries cards, so it is reduced to its number (each audience's view shows what it
    may see); the creation may hold a duplicate event's boards; invitations concern one
    person; a chat line is read where `may_read_chat` allows; an action is told as the game
    says everyone may learn of it (`public_action`: a card handed from the widow is seen to be
    given, not which)."""
    match event:
        case Created() | Invited() | DealWanted() | Finished() | Reserved() | Named() | Dealt():
            return _table_event_for(event)
        case Sat():
            # No account id, not even to the one who sat: ids are sequential (they count
            # people) and a seat's audience may change hands; the owner knows its seat from
            # its view (`viewer`) and from a deal's `your_seats`.
            sat: JSON = {"type": "sat", "seat": event.seat, "name": event.name}
            if event.absent:
                sat["absent"] = True
            return sat
        case Stood() | RobotOut() | Away() | Back() | Unreserved():
            return {"type": event.kind, "seat": event.seat}
        case RobotIn():
            return {"type": "robot_in", "seat": event.seat, "name": event.name}
        case Left():
            return _named("left", seat=event.seat, at=event.at)
        case Chatted():
            if may_read_chat(event.payload, audience, in_deal):
                return {"type": "chat", **event.payload}
            return {"type": "chat"}
        case Acted():
            return _act_for(event, audience, public_action, in_deal=in_deal)
        case _:
            assert_never(event)


def _named(kind: str, **fields: str | float | None) -> JSON:
    """An event told as `kind` with the fields named (those that are None left out)."""
    return {"type": kind, **{name: value for name, value in fields.items() if value is not None}}


def _table_event_for(
    event: Created | Invited | DealWanted | Finished | Reserved | Named | Dealt,
) -> JSON:
    """The table's own news, the same for everyone: that it was created or someone invited
    (no more: the creation may hold an event's boards, an invitation concerns one person), who
    is ready for the next deal, a deal dealt (its number: its cards are each view's to show),
    how the match ended (and by whose word), the seats kept for people (by name: their account
    ids stay in the log), the host's name for the table."""
    match event:
        case Created() | Invited():
            return {"type": event.kind}
        case DealWanted():
            return _named("deal_wanted", seat=event.seat)
        case Dealt():
            return {"type": "deal", "number": event.number}
        case Named():
            return _named("named", name=event.name)
        case Finished():
            return _named("finished", reason=event.reason, by=event.by)
        case Reserved():
            return _named("reserved", seat=event.seat, name=event.name)
        case _:
            assert_never(event)


def _act_for(
    event: Acted, audience: str, public_action: Callable[[JSON], JSON], *, in_deal: bool
) -> JSON:
    """An action in its public form; partner is told neither a rejected claim's reason nor,
    during the deal, an alert."""
    action = public_action(event.action)
    partner = audience == _PARTNER.get(event.seat)
    if partner and any(action.get(key) is not None for key in REASON):
        action = {k: v for k, v in action.items() if k not in REASON}
    if partner and in_deal and ALERT in action:
        action = {k: v for k, v in action.items() if k != ALERT}
    told: JSON = {"type": "act", "seat": event.seat, "action": action}
    if event.by is not None:
        told["by"] = event.by  # declarer, for dummy's card
    if event.timeout:
        told["timeout"] = True  # a robot chose it: the person's time ran out
    return told


def played_for(events: Iterable[TableEvent], seat: str) -> list[JSON]:
    """What a robot chose for the person at `seat` since a robot last began to play for them
    (their last `Away`), for them alone on their return: their own calls and cards (and
    answers), whole, as they would have chosen them themselves."""
    chosen: list[JSON] = []
    away = False
    for event in events:
        if isinstance(event, Away | Back) and event.seat == seat:
            away = isinstance(event, Away)
            chosen = chosen if not away else []
        elif away and isinstance(event, Acted) and event.chooser == seat:
            chosen.append(event.action)
    return chosen
