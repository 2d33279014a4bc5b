"""Boerenbridge views: no view ever holds a card its viewer may not see, at any step of any
variant; blind bidders do not see their own cards until the bids are in."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaza.core.cards import Card, Suit
from vaza.core.errors import NotVisible
from vaza.core.games.boerenbridge import (
    Bid,
    BoerenbridgeRound,
    ChooseTrump,
    RoundDeal,
    RoundPhase,
)
from vaza.core.games.boerenbridge_cards import AnyCard, DeckKind, Special, parse_cards
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup, round_setups
from vaza.core.games.boerenbridge_tricks import WizardPlay
from vaza.core.play import Play
from vaza.core.views.boerenbridge import RoundView, final_view, kibitzer_view, player_view


def cards_in(value: object) -> Iterator[AnyCard]:
    """Every card anywhere inside a view (fields, tuples, tricks, actions, results)."""
    if isinstance(value, Card | Special):
        yield value
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        assert not isinstance(value, BoerenbridgeRound | Play | WizardPlay)
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    else:
        assert not isinstance(value, BoerenbridgeRound | Play | WizardPlay | RoundDeal)


def allowed(game: BoerenbridgeRound, viewer: int | None) -> set[AnyCard]:
    """What the rules let a viewer see now."""
    seen: set[AnyCard] = {card for _, card in game.played}
    if game.turned is not None:
        seen.add(game.turned)
    if game.is_over:
        for player in range(game.players):
            seen.update(game.deal.hand(player))
    elif viewer is not None and not (game.setup.blind and game.phase is not RoundPhase.PLAY):
        seen.update(game.hand(viewer))
    return seen


def check_views(game: BoerenbridgeRound) -> None:
    for player in range(game.players):
        view = player_view(game, player)
        shown = set(cards_in(view))
        assert shown <= allowed(game, player), (
            f"player {player} sees {shown - allowed(game, player)}"
        )
        blind_bidding = game.setup.blind and game.phase is not RoundPhase.PLAY and not game.is_over
        if blind_bidding:
            assert view.hand is None
        else:
            assert view.hand == game.hand(player)
        if player == game.to_act:
            assert view.legal_actions == tuple(game.legal_actions())
        else:
            assert view.legal_actions == ()
        assert view.bids == game.bids and view.tricks_won == game.tricks_won
        assert view.played == game.played and view.turned == game.turned
    public = kibitzer_view(game)
    assert set(cards_in(public)) <= allowed(game, None)
    assert public.legal_actions == ()
    if not game.is_over:
        assert all(hand is None for hand in public.hands)
        assert public.dealt is None and public.result is None
    watcher = kibitzer_view(game, all_hands=True)
    assert watcher.hands == tuple(game.hand(p) for p in range(game.players))


VARIANTS = [
    BoerenbridgeOptions(),
    BoerenbridgeOptions(blind_one_card_rounds=True),
    BoerenbridgeOptions(wizards=True, blind_one_card_rounds=True),
    BoerenbridgeOptions(no_trump_rounds=True),
    BoerenbridgeOptions(wizards=True, schedule=(1, 2, 5)),
]


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**63),
    variant=st.integers(min_value=0, max_value=len(VARIANTS) - 1),
    players=st.integers(min_value=2, max_value=7),
)
def test_views_never_show_a_card_the_viewer_may_not_see(
    seed: int, variant: int, players: int
) -> None:
    rng = random.Random(seed)
    options = VARIANTS[variant]
    if players == 2 and options.wizards:
        players = 3
    plan = round_setups(players, options, first_dealer=rng.randrange(players))
    small = [setup for setup in plan if setup.hand_size <= 5]
    for setup in rng.sample(small, min(2, len(small))):
        game = BoerenbridgeRound.dealt(setup, rng)
        check_views(game)
        while not game.is_over:
            game.apply(rng.choice(tuple(game.legal_actions())), by=game.to_act)
            check_views(game)
        final = final_view(game)
        assert final.dealt == tuple(game.deal.hand(p) for p in range(players))
        assert final.result == game.result


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
        assert not set(cards_in(view)) - {Card.parse("D4")}
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
