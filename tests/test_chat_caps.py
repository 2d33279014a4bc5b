"""Chat: watchers' lines do not count against the players' (issue 47, finding 8): watchers
filled a table's lifetime chat cap (2,000 lines), after which the seated players could not
chat.  Players and watchers now have a cap each."""

from __future__ import annotations

import pytest

from vaza.app.commands import from_json
from vaza.app.table import Actor, TableOptions, TableState
from vaza.app.table_rules import CHAT_CAP
from vaza.core.errors import IllegalAction


def say(state: TableState, actor: Actor, text: str) -> None:
    for event in state.decide(actor, from_json({"type": "chat", "text": text})):
        state.evolve(event)


def test_watchers_cannot_fill_the_players_chat() -> None:
    state = TableState("t", TableOptions(robots=False), creator=1)
    player, watcher = Actor(1, "Ana"), Actor(2, "Bia")
    for event in state.decide(player, from_json({"type": "sit", "seat": "N"})):
        state.evolve(event)
    for number in range(CHAT_CAP):
        say(state, watcher, f"line {number}")
    with pytest.raises(IllegalAction, match="the watchers' chat is full at this table"):
        say(state, watcher, "one more")
    say(state, player, "we can still speak")
    assert state.chat[-1]["text"] == "we can still speak"
