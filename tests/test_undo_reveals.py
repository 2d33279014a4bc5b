"""No undo crosses the showing of a hidden card to the one who asks (issue 21).

Random deals of every game with undo: at random moments a random player asks to take back
their last action and, when the rules allow the request, everyone asked grants it.  After each
granted undo, every card the asking seat could see before it (in its own view, through the one
gate for hidden cards) is still in its view: nothing it saw is hidden from it again, so it never
chooses anew knowing a card it was not meant to know when it first chose.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from helpers import FAMILY, Kind
from vaza.core.cards import Card, Hand
from vaza.core.deal import Deal
from vaza.core.errors import IllegalAction
from vaza.core.game import UndoRequest, UndoResponse


def seen(view: object) -> set[Card]:
    """Every card a view shows, wherever it is in it."""
    found: set[Card] = set()

    def walk(value: object) -> None:
        if isinstance(value, Card):
            found.add(value)
        elif isinstance(value, Hand):
            found.update(value)
        elif isinstance(value, Deal):
            for hand in value.hands:
                found.update(hand)
        elif isinstance(value, tuple | list | frozenset | set):
            for item in value:
                walk(item)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for field in dataclasses.fields(value):
                walk(getattr(value, field.name))

    walk(view)
    return found


def grant(game: Any) -> None:
    """Everyone asked grants the pending undo."""
    while game.proposal is not None:
        game.apply(UndoResponse(True), by=sorted(game.proposal.awaiting)[0])


@pytest.mark.parametrize("kind", FAMILY, ids=lambda kind: kind.name)
def test_no_granted_undo_hides_again_what_the_asker_saw(kind: Kind) -> None:
    granted = refused = 0
    for number in range(40):
        rng = random.Random(number)
        game = kind.new(rng)
        for _ in range(400):
            if game.is_over:
                break
            if rng.random() < 0.3:
                asker = rng.choice(kind.seats)
                before = seen(kind.view(game, asker))
                try:
                    game.apply(UndoRequest(), by=asker)
                except IllegalAction:
                    refused += 1
                    continue
                grant(game)
                granted += 1
                hidden = before - seen(kind.view(game, asker))
                lost = sorted(map(str, hidden))
                assert not hidden, f"deal {number}: {asker.name} no longer sees {lost}"
                continue
            actions = game.legal_actions()
            game.apply(rng.choice(list(actions)), by=game.controller)
    assert granted >= 100 and refused >= 100, (granted, refused)
