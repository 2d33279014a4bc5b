"""Helpers shared by the tests (import with `from helpers import ...`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vaza.core import PASS, Board, Call, Card, Claim, ClaimResponse, ContractDeal, Deal, DealRecord
from vaza.core.cards import SEATS, Seat
from vaza.core.games.bridge_whist import BridgeWhistDeal
from vaza.core.games.honeymoon import PLAYERS, TwoHandedBoard, TwoHandedDeal
from vaza.core.games.widow import WidowBoard, WidowDeal
from vaza.core.views import bridge_whist, contract, honeymoon, widow
from vaza.games import bridge_whist as bridge_whist_spec
from vaza.games import honeymoon as honeymoon_spec
from vaza.games import widow as widow_spec
from vaza.protocol import bridge as bridge_json


def calls(text: str) -> tuple[Call, ...]:
    """`"1D 3D X 3H"` -> calls."""
    return tuple(Call.parse(token) for token in text.split())


def cards(text: str) -> tuple[Card, ...]:
    """`"SA HK"` -> cards."""
    return tuple(Card.parse(token) for token in text.split())


def random_record(rng: random.Random, number: int, **details: object) -> DealRecord:
    """A game played with random legal actions; some stop early, some end in a claim.
    Three records in ten carry `details` (players, event ...)."""
    game = ContractDeal(Board.random(number, rng))
    roll = rng.random()
    stop_at = rng.randrange(0, 6) if roll < 0.07 else rng.randrange(6, 70) if roll < 0.15 else None
    claim_at = rng.randrange(0, 52) if 0.15 <= roll < 0.4 else None
    done = 0
    while not game.is_over and done != stop_at:
        if claim_at is not None and game.play is not None and len(game.play.history) >= claim_at:
            contract = game.contract
            assert contract is not None
            claimer = rng.choice([contract.declarer, contract.declarer.lho, contract.declarer.rho])
            game.apply(Claim(rng.randint(0, game.play.remaining_tricks)), by=claimer)
            while game.proposal is not None:
                game.apply(ClaimResponse(accept=True), by=min(game.proposal.awaiting))
            break
        legal = game.legal_actions()
        game.apply(PASS if PASS in legal and rng.random() < 0.55 else rng.choice(legal))
        done += 1
    if rng.random() < 0.3:
        return game.record(**details)
    return game.record()


def play_random(game: ContractDeal, rng: random.Random, stop: int | None = None) -> None:
    """Apply uniformly random legal actions until the game ends (or `stop` actions)."""
    done = 0
    while not game.is_over and (stop is None or done < stop):
        game.apply(rng.choice(list(game.legal_actions())))
        done += 1


# A fixed deal for hand-made scenarios (North has AKQJ of spades and so on).
FIXED_DEAL = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


@dataclass(frozen=True)
class Kind:
    """One game of the bridge family (or a variant of its rules): a random deal, a seat's view
    and that view's JSON, and its seats."""

    name: str
    new: Callable[[random.Random], Any]
    view: Callable[[Any, Seat], Any]
    json: Callable[[Any], dict[str, Any]]
    seats: tuple[Seat, ...] = SEATS


def _board(rng: random.Random) -> Board:
    return Board(Deal.random(rng), SEATS[rng.randrange(4)])


FAMILY = [
    Kind(
        "contract", lambda rng: ContractDeal(_board(rng)), contract.seat_view, bridge_json.view_json
    ),
    Kind(
        "bridge-whist",
        lambda rng: BridgeWhistDeal(_board(rng)),
        bridge_whist.seat_view,
        bridge_whist_spec.view_json,
    ),
    Kind(
        "widow",
        lambda rng: WidowDeal(WidowBoard.random(rng.randint(1, 16), rng), fixed_dummy=False),
        widow.seat_view,
        widow_spec.view_json,
    ),
    Kind(
        "widow-fixed-dummy",
        lambda rng: WidowDeal(WidowBoard.random(rng.randint(1, 16), rng), fixed_dummy=True),
        widow.seat_view,
        widow_spec.view_json,
    ),
    Kind(
        "two-handed",
        lambda rng: TwoHandedDeal(TwoHandedBoard.random(rng.randint(1, 2), rng)),
        honeymoon.seat_view,
        honeymoon_spec.view_json,
        PLAYERS,
    ),
]
"""Every game of the bridge family, for tests that hold for all of them."""
