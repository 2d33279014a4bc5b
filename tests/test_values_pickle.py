"""Everything the rules make pickles, and comes back equal, compiled (mypyc) or not.

The server sends a finished deal's record to the double-dummy worker, a process of its own, and
`vaza analyze` sends boards and plays to its workers: a value that pickles only as pure Python
stops the analysis of every deal once the engine is compiled.  The suite runs compiled in CI,
so these tests check the build they import.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from typing import Any

import pytest

import vaza.core
from vaza.analysis.parallel import DealAnalysis, DealTask, analyse_chunk
from vaza.app.analysis_queue import analyse_to_json
from vaza.core import (
    Board,
    Call,
    Claim,
    ClaimResponse,
    Contract,
    ContractDeal,
    DealRecord,
    Doubling,
    IllegalAction,
    Seat,
    Strain,
    Suit,
    UndoRequest,
    UndoResponse,
    final_record,
)
from vaza.core.games.boerenbridge import Bid, BoerenbridgeRound, ChooseTrump
from vaza.core.games.boerenbridge_cards import DeckKind
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup
from vaza.core.games.bridge_whist import BookContract, BridgeWhistDeal, NameTrumps, PassToPartner
from vaza.core.games.contract import Alerted, LowestOf
from vaza.core.games.honeymoon import TwoHandedBoard, TwoHandedDeal
from vaza.core.games.widow import FacedContract, WidowBoard, WidowDeal
from vaza.core.views import boerenbridge as round_views
from vaza.core.views import bridge_whist as whist_views
from vaza.core.views import contract as contract_views
from vaza.core.views import honeymoon as two_handed_views
from vaza.core.views import widow as widow_views


def same_after_pickling(value: object) -> None:
    copy = pickle.loads(pickle.dumps(value))
    assert type(copy) is type(value)
    assert copy == value, f"{value!r} came back as {copy!r}"


Views = Callable[[Any], Iterator[object]]


def play_out(game: Any, views: Views, rng: random.Random) -> list[object]:
    """Every action of a random game to its end, the views of every seat along the way and
    its result."""
    seen: list[object] = []
    while not game.is_over:
        seen += views(game)
        action = rng.choice(list(game.legal_actions()))
        game.apply(action)
        seen.append(action)
    seen += views(game)
    seen.append(game.result)
    return seen


SEATS = tuple(Seat)


def games(rng: random.Random) -> Iterator[tuple[str, Any, Views]]:
    yield (
        "contract bridge",
        ContractDeal(Board.random(rng.randint(1, 16), rng)),
        lambda game: (contract_views.seat_view(game, seat) for seat in SEATS),
    )
    yield (
        "Bridge-Whist",
        BridgeWhistDeal(Board.random(rng.randint(1, 16), rng)),
        lambda game: (whist_views.seat_view(game, seat) for seat in SEATS),
    )
    for fixed in (False, True):
        yield (
            "the widow game",
            WidowDeal(WidowBoard.random(rng.randint(1, 16), rng), fixed_dummy=fixed),
            lambda game: (widow_views.seat_view(game, seat) for seat in SEATS),
        )
    yield (
        "two-handed bridge",
        TwoHandedDeal(TwoHandedBoard.random(rng.randint(1, 16), rng)),
        lambda game: (two_handed_views.seat_view(game, seat) for seat in (Seat.NORTH, Seat.EAST)),
    )
    for deck in (DeckKind.STANDARD, DeckKind.WIZARD):
        setup = RoundSetup(4, rng.randrange(4), 5, deck)
        yield (
            f"Boerenbridge ({deck.value})",
            BoerenbridgeRound.dealt(setup, rng),
            lambda game: (round_views.player_view(game, player) for player in range(4)),
        )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_action_view_and_result_of_every_game_pickles(seed: int) -> None:
    rng = random.Random(seed)
    for name, game, views in games(rng):
        for value in play_out(game, views, rng):
            try:
                same_after_pickling(value)
            except Exception as error:
                raise AssertionError(f"{name}: {value!r} does not pickle: {error!r}") from error


def test_the_values_made_outside_play_pickle() -> None:
    call = Call.parse("1NT")
    for value in (
        Contract.parse("4HX S"),
        BookContract.of(Strain.SPADES, Seat.EAST),
        FacedContract(3, Strain.HEARTS, Doubling.DOUBLED, Seat.NORTH, Seat.WEST),
        Claim(3, "all trumps"),
        ClaimResponse(False, "held", 2),
        UndoRequest(),
        UndoResponse(True),
        Alerted(call, "15 to 17"),
        LowestOf(Suit.CLUBS),
        NameTrumps(Strain.NOTRUMP),
        PassToPartner(),
        Bid(3),
        ChooseTrump(Suit.SPADES),
        BoerenbridgeOptions(harsh=True, schedule=(1, 2, 3)),
    ):
        same_after_pickling(value)


def test_a_played_deal_pickles_as_the_analysis_worker_receives_it() -> None:
    rng = random.Random(5)
    game = ContractDeal(Board.random(3, rng))
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    record = final_record(game)
    same_after_pickling(record)
    same_after_pickling(DealTask.from_record(record))


def analysed_here(record: DealRecord) -> tuple[bool, dict[str, Any], list[DealAnalysis]]:
    """In the worker: which build it imported, and the deal analysed as the server and
    `vaza analyze` analyse it."""
    task = DealTask.from_record(record)
    return vaza.core.COMPILED, analyse_to_json(record), analyse_chunk([task])


def test_a_finished_deal_is_analysed_in_a_worker_process() -> None:
    """The analysis worker's path whole, with the build this process imported (compiled in
    CI): the deal goes to a spawned process (the server's analysis pool is one), is solved
    there, and its table, par and play cost come back."""
    pytest.importorskip("endplay")
    rng = random.Random(8)
    game = ContractDeal(Board.random(4, rng))
    while not game.is_over:
        game.apply(rng.choice(list(game.legal_actions())))
    record = final_record(game)
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        compiled, data, [analysis] = pool.submit(analysed_here, record).result(timeout=300)
    assert compiled is vaza.core.COMPILED
    assert data == analyse_to_json(record)
    assert data["play_cost"] is not None and analysis.play_cost is not None
    assert analysis.analysis == analyse_chunk([DealTask.from_record(record)])[0].analysis


def test_an_action_of_the_wrong_type_is_an_illegal_action() -> None:
    """A game refuses anything that is not one of its actions with IllegalAction, compiled or
    not (a compiled function would check the argument's type first and raise TypeError)."""
    rng = random.Random(4)
    for _, game, _views in games(rng):
        for wrong in ("SA", 3, None, object()):
            with pytest.raises(IllegalAction):
                game.apply(wrong)
