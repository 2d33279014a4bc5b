"""Sampling the hidden hands from a seat's view: every layout agrees with what the seat saw."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest

from vaza.core import Board, Card, ContractDeal, Deal, Seat, seat_view
from vaza.core.calls import Contract
from vaza.core.cards import SEATS, Hand, Suit, hcp_of
from vaza.core.views import TableView
from vaza.robots.bidding import infer
from vaza.robots.bidding.bidder import system_call
from vaza.robots.cardplay.measure import bid_games
from vaza.robots.cardplay.sampling import AuctionSampler, Knowledge, Sampler, bids_alike
from vaza.robots.constraints import HandConstraints


def _game_in_play(seed: int, cards: int) -> ContractDeal:
    """A deal in 4S by South with `cards` cards played at random."""
    rng = random.Random(seed)
    game = ContractDeal(Board.random(1, rng), Contract.parse("4S S"))
    for _ in range(cards):
        game.apply(rng.choice(list(game.legal_actions())))
    return game


def _check_layout(view: TableView, knowledge: Knowledge, layout: tuple[int, int, int, int]) -> None:
    assert knowledge.allows(layout)
    played = 0
    for _, card in view.played:
        played |= card.mask
    everything = played
    for seat in SEATS:
        assert not everything & layout[seat]
        everything |= layout[seat]
        visible = view.hands[seat]
        if visible is not None:
            assert layout[seat] == visible.mask  # own hand and dummy exactly as seen
    assert everything == (1 << 52) - 1  # all 52 cards, each once
    for position, (seat, card) in enumerate(view.played):
        led = view.played[position - position % 4][1].suit
        if card.suit != led:  # showed out: holds none of the suit now
            assert not Hand.from_mask(layout[seat]).length(led)


@pytest.mark.parametrize("seed", range(12))
def test_every_sample_agrees_with_the_view(seed: int) -> None:
    game = _game_in_play(seed, cards=(seed * 7) % 45)
    for seat in SEATS:
        if game.contract is not None and seat == game.contract.dummy:
            continue
        view = seat_view(game, seat)
        knowledge = Knowledge.of(view)
        for layout in Sampler(knowledge).sample(40, random.Random(seed)):
            _check_layout(view, knowledge, layout)


def test_before_the_opening_lead_three_hands_are_hidden() -> None:
    game = _game_in_play(3, cards=0)
    view = seat_view(game, Seat.WEST)
    knowledge = Knowledge.of(view)
    assert knowledge.hidden == (Seat.NORTH, Seat.EAST, Seat.SOUTH)
    for layout in Sampler(knowledge).sample(30, random.Random(1)):
        _check_layout(view, knowledge, layout)


def test_a_player_who_showed_out_gets_none_of_the_suit() -> None:
    # West, East and South hold no clubs besides those they play; North leads clubs twice.
    deal = Deal.from_pbn("N:AKQ.AKQ.AKQ.AKQJ T98.JT9.JT9.T987 765432.8765.876.- J.432.5432.65432")
    game = ContractDeal(Board(deal), Contract.parse("1NT W"))
    for name in ("SA", "S8", "S2", "SJ", "CA", "C7", "H5", "C2"):  # South shows out of clubs
        game.apply(Card.parse(name))
    view = seat_view(game, Seat.EAST)
    knowledge = Knowledge.of(view)
    assert knowledge.voids[Seat.SOUTH] == 1 << Suit.CLUBS
    for layout in Sampler(knowledge).sample(60, random.Random(2)):
        assert not Hand.from_mask(layout[Seat.SOUTH]).length(Suit.CLUBS)
        _check_layout(view, knowledge, layout)


def test_beliefs_from_the_auction_shape_the_hidden_hands() -> None:
    game = _game_in_play(5, cards=1)
    view = seat_view(game, Seat.SOUTH)
    knowledge = Knowledge.of(view)
    west = knowledge.played[Seat.WEST]
    west_played_hcp = hcp_of(west)
    belief = HandConstraints(hcp=(max(11, west_played_hcp), 15)).with_length(Suit.HEARTS, 5)
    sampler = Sampler(knowledge, {Seat.WEST: belief})
    assert not sampler.relaxed
    for layout in sampler.sample(40, random.Random(4)):
        _check_layout(view, knowledge, layout)
        dealt = Hand.from_mask(layout[Seat.WEST] | west)
        assert belief.admits(dealt)


def test_beliefs_the_cards_contradict_give_way_to_the_facts() -> None:
    game = _game_in_play(6, cards=0)
    view = seat_view(game, Seat.WEST)
    knowledge = Knowledge.of(view)
    west_spades = view.hands[Seat.WEST].length(Suit.SPADES)  # type: ignore[union-attr]
    impossible = HandConstraints().with_length(Suit.SPADES, 14 - west_spades)
    sampler = Sampler(knowledge, {Seat.NORTH: impossible, Seat.SOUTH: impossible})
    assert sampler.relaxed == ["lengths"]
    for layout in sampler.sample(10, random.Random(1)):
        _check_layout(view, knowledge, layout)
    unreachable = HandConstraints(hcp=(36, 37))
    points = Sampler(knowledge, {Seat.EAST: unreachable})
    assert len(points.sample(3, random.Random(1))) == 3
    assert points.relaxed == ["points"]


def test_few_unseen_cards_are_enumerated_exactly_and_sampled_uniformly() -> None:
    game = _game_in_play(8, cards=40)  # ten tricks gone: three cards each
    view = seat_view(game, Seat.SOUTH)
    knowledge = Knowledge.of(view)
    sampler = Sampler(knowledge)
    every = list(sampler.every_layout())
    assert len(every) == len(set(every)) == sampler.layouts()
    for layout in every:
        _check_layout(view, knowledge, layout)
    draws = Counter(sampler.sample(200 * len(every), random.Random(9)))
    assert set(draws) == set(every)
    assert min(draws.values()) > 100 and max(draws.values()) < 300  # each about 200


def test_the_split_weights_count_layouts() -> None:
    """Without voids, the layouts of u unseen cards into hands of a and u-a cards are
    C(u, a), however the suits split."""
    game = _game_in_play(11, cards=36)
    view = seat_view(game, Seat.SOUTH)
    knowledge = Knowledge.of(view)
    sampler = Sampler(knowledge)
    if any(knowledge.voids[seat] for seat in knowledge.hidden):
        assert sampler.layouts() == len(list(sampler.every_layout()))
    else:
        unseen = knowledge.unseen.bit_count()
        assert sampler.layouts() == comb(unseen, knowledge.counts[knowledge.hidden[0]])


def _bid_game_in_play(seed: int, cards: int) -> ContractDeal:
    """A random board bid by four robots of the system in six calls or more, with `cards`
    cards played at random."""
    rng = random.Random(seed)
    game = next(game for game in bid_games(rng) if len(game.auction.calls) >= 6)
    for _ in range(cards):
        game.apply(rng.choice(list(game.legal_actions())))
    return game


@pytest.mark.parametrize("seed", range(3))
def test_in_the_play_layouts_bid_as_the_table_did_as_dealt(seed: int) -> None:
    """The hidden hands of an auction-checked layout, with the cards they played put back,
    would each have made their calls; the ranges alone let in hands that would not."""
    game = _bid_game_in_play(seed, cards=9)
    contract = game.contract
    assert contract is not None
    defender = contract.declarer.lho
    view = seat_view(game, defender)
    knowledge = Knowledge.of(view)
    beliefs = infer(view.calls, view.dealer)
    checked = AuctionSampler(Sampler(knowledge, beliefs), view, system_call)
    layouts = checked.sample(12, random.Random(seed))
    assert checked.relaxed == 0
    for layout in layouts:
        _check_layout(view, knowledge, layout)
        assert checked.bid_alike(layout)
        dealt = tuple(mask | knowledge.played[seat] for seat, mask in enumerate(layout))
        assert bids_alike(dealt, view, system_call, knowledge.hidden)  # type: ignore[arg-type]
    plain = Sampler(knowledge, beliefs).sample(60, random.Random(seed))
    assert not all(checked.bid_alike(layout) for layout in plain)
