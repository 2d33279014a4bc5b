"""The Boerenbridge robot against OpenSpiel's IS-MCTS (`vaza.bench.boerenbridge_openspiel`):
OpenSpiel's `oh_hell` plays Vaza's 4-player 7-card round move for move, and the search sees
only its player's view.  Skipped where the optional `pyspiel` is not installed."""

from __future__ import annotations

import random

import pytest

from vaza.core.games.boerenbridge import BoerenbridgeRound, RoundDeal
from vaza.core.games.boerenbridge_rules import RoundSetup
from vaza.core.views.boerenbridge import player_view

pytest.importorskip("pyspiel")

from vaza.bench import boerenbridge_openspiel as anchor


def test_oh_hell_allows_what_vaza_allows_at_every_turn() -> None:
    """Random rounds played in Vaza; at every turn the OpenSpiel state rebuilt from the
    player's view has the same player to act and the same legal bids and cards (so the same
    dealer's bar, trumps, trick winners and leads)."""
    game_spec = anchor.pyspiel_module().load_game("oh_hell", anchor.OH_HELL)
    rng = random.Random(5)
    for number in range(40):
        game = BoerenbridgeRound.dealt(RoundSetup(4, number % 4, 7), rng)
        while not game.is_over:
            player = game.to_act
            assert player is not None
            view = player_view(game, player)
            state = anchor.openspiel_state(game_spec, view, rng)
            assert state.current_player() == player
            legal = {anchor.action_of(action) for action in state.legal_actions()}
            assert legal == set(view.legal_actions)
            game.apply(rng.choice(view.legal_actions), by=player)


def test_the_search_sees_only_its_players_view() -> None:
    """Two deals that differ only in cards the player has not seen give the same view, and a
    seeded IS-MCTS the same choice."""
    setup = RoundSetup(4, 0, 7)
    dealt = RoundDeal.shuffle(setup, random.Random(3))
    hands = dealt.hands
    swapped = RoundDeal((hands[0], hands[1], hands[3], hands[2]), dealt.turned)
    views = [player_view(BoerenbridgeRound(setup, deal), 1) for deal in (dealt, swapped)]
    assert views[0] == views[1] and views[0].to_act == 1  # the first bidder sees the same
    choices = [anchor.IsmctsRobot(9, simulations=50).choose(view) for view in views]
    assert choices[0] == choices[1]


def test_a_paired_match_against_ismcts_reports_points_and_cpu() -> None:
    figures = anchor.against_ismcts(anchor.AnchorMatch(1, 4, simulations=20))
    assert figures["deals"] == 1 and figures["cards"] == 7
    for side in ("a", "b"):
        cpu = figures[f"{side}_cpu_ms_a_decision"]
        assert isinstance(cpu, dict) and cpu["decisions"] == 40  # 32 at the tables, 8 alone
