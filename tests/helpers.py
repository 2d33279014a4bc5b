"""Helpers shared by the tests (import with `from helpers import ...`)."""

from __future__ import annotations

import random

from vaza.core import Call, ContractDeal, Deal


def calls(text: str) -> list[Call]:
    """`"1D 3D X 3H"` -> calls."""
    return [Call.parse(token) for token in text.split()]


def play_random(game: ContractDeal, rng: random.Random, stop: int | None = None) -> None:
    """Apply uniformly random legal actions until the game ends (or `stop` actions)."""
    done = 0
    while not game.is_over and (stop is None or done < stop):
        game.apply(rng.choice(list(game.legal_actions())))
        done += 1


# A fixed deal for hand-made scenarios (North has AKQJ of spades and so on).
FIXED_DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
