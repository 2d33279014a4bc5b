"""What a table's subscribers are told after a commit (`Update`: the new events and each
audience's view, built once per audience) and the bus topics it is told on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vaza.app.table import TableState
from vaza.core.table_events import Chatted, TableEvent
from vaza.core.views.audience import KIBITZER_ALL, chat_for, event_for
from vaza.json_types import JSON
from vaza.match.base import SHARED


class AudienceViews:
    """The view of each audience at one version, computed when first asked for and shared by
    every client of that audience.  Audiences (`vaza.core.views.audience`): a seat label, the
    kibitzers (the public view) and the kibitzers who see every hand, where the table allows."""

    def __init__(self, state: TableState) -> None:
        self._state = state
        self._views: dict[str, JSON] = {}
        self._moment: JSON = {}
        """What the audiences' views of this version hold alike, built once for them all."""

    def get(self, audience: str) -> JSON:
        view = self._views.get(audience)
        if view is None:
            match, moment = self._state.match, self._moment
            if audience in match.seat_labels:
                view = match.view(audience, moment=moment)
            elif audience == KIBITZER_ALL and self._state.options.kibitzers_see_all:
                view = match.view(None, all_hands=True, moment=moment)
            else:
                view = match.view(None, moment=moment)
            if view.get("may_undo") and not self._state.options.undo:
                view = {**view, "may_undo": False}  # the table narrows the game's undo
            self._views[audience] = view
        return view

    def shared(self) -> JSON | None:
        """The part every audience's view of this version holds alike, once a view is built,
        where the match shares one (`vaza.match.base.SHARED`): every other key of a view is
        its audience's own."""
        shared: JSON | None = self._moment.get(SHARED)
        return shared


@dataclass(frozen=True, slots=True)
class Update:
    """What subscribers of a table receive after a commit: the new events and the views of
    each audience at the new version; `for_audience` is what one audience may be sent."""

    table_id: str
    version: int
    events: tuple[TableEvent, ...]
    views: AudienceViews
    public_action: Callable[[JSON], JSON]
    in_deal: bool

    @classmethod
    def after(cls, state: TableState, events: list[TableEvent]) -> Update:
        """The update of `state` once `events` are in it."""
        return cls(
            state.id,
            state.version,
            tuple(events),
            AudienceViews(state),
            state.spec.actions.public,
            state.match.in_deal,
        )

    def for_audience(self, audience: str) -> JSON:
        """The events, view and chat lines `audience` may learn of (`vaza.core.views.audience`)."""
        events = self.events
        return {
            "events": [
                event_for(e, audience, self.public_action, in_deal=self.in_deal) for e in events
            ],
            "view": self.views.get(audience),
            "chat": chat_for(
                (e.payload for e in events if isinstance(e, Chatted)), audience, self.in_deal
            ),
        }


def table_topic(table_id: str) -> str:
    return f"table:{table_id}"


def user_topic(user_id: int) -> str:
    return f"user:{user_id}"


LOBBY = "lobby"


__all__ = ["LOBBY", "AudienceViews", "Update", "table_topic", "user_topic"]
