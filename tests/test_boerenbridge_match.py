"""Boerenbridge matches: schedules, the deal passing clockwise, totals, abandoned matches, and
whole robot matches for two to seven players in every variant."""

from __future__ import annotations

import random

import pytest

from vaza.core.cards import Card, Suit
from vaza.core.deal import make_rng
from vaza.core.errors import GameOver, IllegalAction
from vaza.core.games.boerenbridge import (
    Bid,
    BoerenbridgeRound,
    ChooseTrump,
    RoundDeal,
    RoundSetup,
)
from vaza.core.games.boerenbridge_cards import DeckKind, Special, parse_cards
from vaza.core.games.boerenbridge_rules import LADDERS, BoerenbridgeOptions
from vaza.core.views.boerenbridge import player_view
from vaza.match.boerenbridge import BoerenbridgeMatch, cut_for_dealer
from vaza.robots.boerenbridge_simple import BoerenbridgeSimpleRobot

ROBOT = BoerenbridgeSimpleRobot()


def finish_round(game: BoerenbridgeRound, rng: random.Random | None = None) -> None:
    """Play a round to its end: random legal actions with `rng`, else the robot in every seat,
    each choosing from its own view."""
    while not game.is_over:
        player = game.to_act
        assert player is not None
        if rng is not None:
            action = rng.choice(tuple(game.legal_actions()))
        else:
            action = ROBOT.choose(player_view(game, player))
        game.apply(action, by=player)


def play_match(match: BoerenbridgeMatch, rng: random.Random | None = None) -> None:
    while not match.is_over:
        finish_round(match.next_round(), rng)


def expected_score(bid: int, tricks: int, harsh: bool) -> int:
    if bid == tricks:
        return 10 + 2 * tricks
    return -abs(bid - tricks) if harsh else 0


def test_schedule_and_dealer_rotation() -> None:
    match = BoerenbridgeMatch(5, first_dealer=3, rng=make_rng(1))
    assert match.schedule == LADDERS[5]
    dealers = []
    sizes = []
    while not match.is_over:
        game = match.next_round()
        dealers.append(game.dealer)
        sizes.append(game.hand_size)
        assert game.to_act == (game.dealer + 1) % 5
        finish_round(game, random.Random(len(sizes)))
    assert dealers == [(3 + i) % 5 for i in range(19)]
    assert tuple(sizes) == LADDERS[5]
    assert len(match.results) == 19


def test_totals_are_the_sums_of_the_round_scores() -> None:
    options = BoerenbridgeOptions(harsh=True)
    match = BoerenbridgeMatch(4, options, rng=make_rng(2))
    play_match(match, random.Random(2))
    totals = [0, 0, 0, 0]
    for result in match.results:
        for player in range(4):
            totals[player] += expected_score(result.bids[player], result.tricks[player], True)
    assert match.totals == tuple(totals)
    best = max(totals)
    assert set(match.winners) <= {p for p in range(4) if totals[p] == best}
    assert len(match.winners) >= 1


def test_next_round_waits_for_the_round_in_progress_and_stops_at_the_end() -> None:
    match = BoerenbridgeMatch(3, BoerenbridgeOptions(schedule=(2, 1)), first_dealer=0)
    game = match.next_round()
    game.apply(Bid(0))
    with pytest.raises(IllegalAction, match="played to its end"):
        match.next_round()
    assert match.round is game and match.results == ()
    finish_round(game, random.Random(0))
    assert len(match.results) == 1 and not match.is_over  # counted as soon as it is over
    finish_round(match.next_round(), random.Random(1))
    assert match.is_over and len(match.results) == 2
    with pytest.raises(GameOver):
        match.next_round()
    with pytest.raises(GameOver):
        match.abandon()


def test_abandoned_match_goes_to_the_leader_after_the_last_completed_round() -> None:
    match = BoerenbridgeMatch(4, first_dealer=0, rng=make_rng(3))
    for _ in range(5):
        finish_round(match.next_round(), random.Random(9))
    leaders = match.sheet.winners
    game = match.next_round()
    game.apply(game.legal_actions()[-1])  # the sixth round has begun
    assert match.winners == ()  # not over yet
    match.abandon()
    assert match.is_over and match.abandoned
    assert len(match.results) == 5  # the unfinished round does not count
    assert match.winners == leaders
    with pytest.raises(GameOver, match="abandoned"):
        match.next_round()


def test_abandoned_before_any_round_has_no_winner() -> None:
    match = BoerenbridgeMatch(3, first_dealer=1)
    match.next_round()
    match.abandon()
    assert match.winners == () and match.totals == (0, 0, 0)


def test_a_finished_round_counts_when_the_match_is_abandoned_after_it() -> None:
    match = BoerenbridgeMatch(6, first_dealer=0, rng=make_rng(4))
    finish_round(match.next_round(), random.Random(4))
    match.abandon()
    assert len(match.results) == 1 and len(match.winners) >= 1


def test_cut_for_dealer() -> None:
    dealers = {cut_for_dealer(5, random.Random(seed)) for seed in range(60)}
    assert dealers == set(range(5))
    assert cut_for_dealer(4, random.Random(8)) == cut_for_dealer(4, random.Random(8))
    match = BoerenbridgeMatch(4, rng=random.Random(8))
    assert match.first_dealer == cut_for_dealer(4, random.Random(8))
    assert match.plan[0].dealer == match.first_dealer
    with pytest.raises(IllegalAction):
        BoerenbridgeMatch(4, first_dealer=4)
    with pytest.raises(IllegalAction):
        BoerenbridgeMatch(1)


def test_a_seed_replays_the_whole_match() -> None:
    first = BoerenbridgeMatch(4, rng=make_rng("replay"))
    second = BoerenbridgeMatch(4, rng=make_rng("replay"))
    play_match(first)
    play_match(second)
    assert first.results == second.results


ROBOT_VARIANTS = [
    BoerenbridgeOptions(),
    BoerenbridgeOptions(harsh=True, consolation=True),
    BoerenbridgeOptions(no_trump_rounds=True, blind_one_card_rounds=True),
    BoerenbridgeOptions(wizards=True),
    BoerenbridgeOptions(fixed_hand_size=7),
]


@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("variant", range(len(ROBOT_VARIANTS)))
def test_robot_match_to_the_end(players: int, variant: int) -> None:
    options = ROBOT_VARIANTS[variant]
    if options.wizards and players == 2:
        pytest.skip("the Wizard style is for three to seven players")
    match = BoerenbridgeMatch(players, options, rng=make_rng(players * 10 + variant))
    play_match(match)
    results = match.results
    assert len(results) == len(match.plan) and match.is_over and not match.abandoned
    exact = sum(r.exact(p) for r in results for p in range(players))
    # The boerenregel lets at most n - 1 of n players be exact in a round; the robot aims at
    # its bids and hits a fair share of them.
    assert exact >= len(results) * (players - 1) // 4
    assert match.winners and set(match.winners) <= set(range(players))
    for result in results:
        assert sum(result.bids) != result.setup.hand_size


def robot_round(hands: list[str], turned: str, dealer: int, bids: list[int]) -> BoerenbridgeRound:
    parsed = [parse_cards(hand) for hand in hands]
    game = BoerenbridgeRound(
        RoundSetup(len(hands), dealer, len(parsed[0])), RoundDeal.of(parsed, Card.parse(turned))
    )
    for bid in bids:
        game.apply(Bid(bid))
    return game


def test_robot_bids_its_sure_winners_and_respects_the_dealers_rule() -> None:
    game = BoerenbridgeRound(
        RoundSetup(4, 3, 3),
        RoundDeal.of(
            [parse_cards(h) for h in ("SA HA H2", "C2 C3 C4", "D2 D3 D4", "S2 S3 S4")],
            Card.parse("HK"),
        ),
    )
    assert ROBOT.choose(player_view(game, 0)) == Bid(2)  # the ace of trumps and a side ace
    game.apply(Bid(2))
    assert ROBOT.choose(player_view(game, 1)) == Bid(0)
    game.apply(Bid(0))
    game.apply(Bid(0))
    # The dealer holds nothing: 0 is its bid, but 3 - 2 = 1 is barred, so 0 stays allowed.
    assert ROBOT.choose(player_view(game, 3)) == Bid(0)


def test_robot_dealer_moves_off_the_barred_bid() -> None:
    game = BoerenbridgeRound(
        RoundSetup(3, 2, 2),
        RoundDeal.of([parse_cards(h) for h in ("C2 C3", "D2 D3", "S2 S3")], Card.parse("HK")),
    )
    game.apply(Bid(1))
    game.apply(Bid(1))
    assert game.barred == 0
    assert ROBOT.choose(player_view(game, 2)) == Bid(1)


def test_robot_wins_when_it_needs_tricks_and_ducks_when_it_has_enough() -> None:
    hands = ["SA S2 C9", "SK S3 C8", "SQ S4 C7"]
    needy = robot_round(hands, "H2", dealer=0, bids=[1, 0, 1])  # player 1 leads
    needy.apply(Card.parse("S3"))
    assert ROBOT.choose(player_view(needy, 2)) == Card.parse("SQ")  # needs a trick: beat S3
    needy.apply(Card.parse("S4"))
    assert ROBOT.choose(player_view(needy, 0)) == Card.parse("SA")  # last, needs one: win
    full = robot_round(hands, "H2", dealer=0, bids=[0, 0, 0])
    full.apply(Card.parse("SK"))
    assert ROBOT.choose(player_view(full, 2)) == Card.parse("SQ")  # duck with the highest loser
    full.apply(Card.parse("SQ"))
    assert ROBOT.choose(player_view(full, 0)) == Card.parse("S2")
    lead = robot_round(hands, "H2", dealer=2, bids=[0, 0, 0])
    assert ROBOT.choose(player_view(lead, 0)) == Card.parse("S2")  # lead its weakest card


def test_robot_names_its_longest_suit_after_a_wizard() -> None:
    game = BoerenbridgeRound(
        RoundSetup(3, 0, 3, DeckKind.WIZARD),
        RoundDeal.of(
            [parse_cards(h) for h in ("D2 D3 SA", "C2 C3 C4", "H2 H3 H4")], Special.parse("W1")
        ),
    )
    assert ROBOT.choose(player_view(game, 0)) == ChooseTrump(Suit.DIAMONDS)
    with pytest.raises(ValueError, match="nothing to choose"):
        ROBOT.choose(player_view(game, 1))
