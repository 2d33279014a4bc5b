"""Boerenbridge views: blind bidders do not see their own cards until the bids are in.  That no
view holds a card its viewer may not see, at every step of every variant, is test_games.py's
(over every game of the registry)."""

from __future__ import annotations

import random

import pytest

from gameprobes import card_mask
from vaza.core.cards import Card, Suit
from vaza.core.errors import NotVisible
from vaza.core.games.boerenbridge import (
    Bid,
    BoerenbridgeRound,
    ChooseTrump,
    RoundDeal,
    RoundPhase,
)
from vaza.core.games.boerenbridge_cards import DeckKind, parse_cards
from vaza.core.games.boerenbridge_rules import RoundSetup
from vaza.core.views.boerenbridge import RoundView, final_view, player_view


def blind_round(turned: str) -> BoerenbridgeRound:
    setup = RoundSetup(3, 0, 1, DeckKind.WIZARD, blind=True)
    return BoerenbridgeRound(
        setup, RoundDeal.of([parse_cards(h) for h in ("SA", "H2", "W1")], parse_cards(turned)[0])
    )


def test_blind_bidders_see_their_card_only_once_the_bids_are_in() -> None:
    game = blind_round("D4")
    for player in range(3):
        view = player_view(game, player)
        assert view.hand is None and view.hands == (None, None, None)
        assert view.turned == Card.parse("D4") and view.trump is Suit.DIAMONDS
        assert not card_mask(view) & ~Card.parse("D4").mask, "only the turned card"
    game.apply(Bid(0), by=1)
    game.apply(Bid(1), by=2)
    assert player_view(game, 1).hand is None
    assert [b.tricks for b in player_view(game, 0).legal_actions] == [1]  # type: ignore[union-attr]
    game.apply(Bid(1), by=0)
    assert game.phase is RoundPhase.PLAY
    assert player_view(game, 0).hand == parse_cards("SA")
    assert player_view(game, 2).hand == parse_cards("W1")
    assert player_view(game, 2).hands[0] is None


def test_a_blind_dealer_names_trumps_without_seeing_their_card() -> None:
    game = blind_round("W2")
    view = player_view(game, 0)
    assert view.phase is RoundPhase.TRUMP_CHOICE and view.trump is None and not view.no_trump
    assert view.hand is None
    assert view.legal_actions == tuple(ChooseTrump(s) for s in Suit)
    game.apply(ChooseTrump(Suit.HEARTS), by=0)
    assert player_view(game, 1).trump is Suit.HEARTS


def test_a_player_sees_own_hand_and_never_another() -> None:
    setup = RoundSetup(4, 2, 5)
    game = BoerenbridgeRound.dealt(setup, random.Random(11))
    view = player_view(game, 1)
    assert view.hand == game.hand(1)
    assert [hand is None for hand in view.hands] == [True, False, True, True]
    assert view.viewer == 1 and view.dealer == 2 and view.to_act == 3
    assert isinstance(view, RoundView)
    with pytest.raises(NotVisible):
        final_view(game)
    with pytest.raises(NotVisible):
        player_view(game, 4)


def test_after_the_round_everyone_sees_everything_dealt() -> None:
    game = BoerenbridgeRound.dealt(RoundSetup(3, 0, 2, no_trump=True), random.Random(5))
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    view = player_view(game, 0)
    assert view.no_trump and view.turned is None
    assert view.dealt == tuple(game.deal.hand(p) for p in range(3))
    assert view.hands == ((), (), ())
    assert view.result == game.result and len(view.tricks) == 2
