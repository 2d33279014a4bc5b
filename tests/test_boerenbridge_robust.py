"""The strong Boerenbridge robot's robust opponents (issue 18): simulated players drawn from a
mix of policies, bids that may say nothing, each player's chance of playing at random read
from its bid and the cards it followed with, and the robot's own play seen plainly on part of
a bid's deals."""

from __future__ import annotations

import random
import statistics
from collections import Counter

from vaza.bench.boerenbridge_compare import RandomPlayer
from vaza.core.games.boerenbridge import Bid, BoerenbridgeRound, RoundDeal
from vaza.core.games.boerenbridge_cards import parse_card, parse_cards
from vaza.core.games.boerenbridge_rules import RoundSetup
from vaza.core.views.boerenbridge import player_view
from vaza.robots.boerenbridge_facts import (
    RANDOM_PRIOR,
    Followed,
    HandEstimator,
    UnseenDealer,
    bid_weight,
    facts_of,
    random_chances,
)
from vaza.robots.boerenbridge_playout import AWARE, PLAIN, RANDOM, SUIT_MASKS
from vaza.robots.boerenbridge_strong import (
    RANDOM_ENOUGH,
    BoerenbridgeStrongRobot,
    PolicyMix,
    deal_policies,
)


def test_a_policy_mix_draws_each_policy_in_its_share() -> None:
    rng = random.Random(4)
    drawn = Counter(PolicyMix(aware=0.5, plain=0.3).draw(rng) for _ in range(4000))
    assert abs(drawn[AWARE] / 4000 - 0.5) < 0.03
    assert abs(drawn[PLAIN] / 4000 - 0.3) < 0.03
    assert abs(drawn[RANDOM] / 4000 - 0.2) < 0.03
    assert set(Counter(PolicyMix(1.0, 0.0).draw(rng) for _ in range(100))) == {AWARE}


def _round_after_bids(bid: int = 4) -> BoerenbridgeRound:
    """Player 1 bids first, `bid` (4, with nothing: a bid that fits its hand badly)."""
    setup = RoundSetup(4, 0, 5)
    hands = ["SA SK SQ HA DA", "C2 C3 C4 D6 H7", "C5 C6 C7 D7 H8", "C8 C9 CT D8 H9"]
    game = BoerenbridgeRound(setup, RoundDeal.of([parse_cards(h) for h in hands], parse_card("S2")))
    game.apply(Bid(bid))
    return game


def test_a_bid_that_may_say_nothing_rules_no_deal_out() -> None:
    """Trusting bids fully, a deal that gives a bidder of 4 a hand of nothing weighs almost
    nothing; trusting them not at all, every deal weighs alike; in between, in between."""
    game = _round_after_bids()
    facts = facts_of(player_view(game, 2))
    estimator = HandEstimator(facts)
    hands = [0] * 4
    hands[1] = sum(1 << parse_card(c).index for c in ("C2", "C3", "C4", "D6", "H7"))
    full = bid_weight(facts, estimator, hands)
    assert full < 0.01
    assert bid_weight(facts, estimator, hands, trust=0.0) == 1.0
    assert full < bid_weight(facts, estimator, hands, trust=0.8) < 1.0
    assert bid_weight(facts, estimator, hands, trust=1.0) == full


def test_the_robot_plays_a_bid_s_deals_plainly_on_its_share_of_them() -> None:
    facts = facts_of(player_view(_round_after_bids(), 2))
    rng = random.Random(1)
    mix = PolicyMix(aware=0.0, plain=0.0)
    kinds = [deal_policies(facts, mix, rng) for _ in range(50)]
    assert all(k[2] == AWARE and k[0] == k[1] == k[3] == RANDOM for k in kinds)
    plain = [deal_policies(facts, mix, rng, 1.0)[2] for _ in range(50)]
    assert set(plain) == {PLAIN}
    half = Counter(deal_policies(facts, mix, rng, 0.5)[2] for _ in range(400))
    assert 150 < half[PLAIN] < 250


def _round_with_a_club_trick(second: str | None) -> BoerenbridgeRound:
    """Player 1 leads the nine of clubs and player 2, who bid 0, follows with `second` (the
    king takes the lead from the nine, the three does not; None: no card is played yet);
    player 0 (the dealer) is me."""
    setup = RoundSetup(4, 0, 5)
    hands = ["SA SK HA HK DA", "C9 CT D2 D3 D4", "CK C3 H2 H3 H4", "C4 C6 D5 D6 D7"]
    game = BoerenbridgeRound(setup, RoundDeal.of([parse_cards(h) for h in hands], parse_card("S2")))
    for bid in (1, 0, 1, 4):
        game.apply(Bid(bid))
    if second is not None:
        for card in ("C9", second, "C4"):
            game.apply(parse_card(card))
    return game


def test_the_facts_keep_what_each_follower_faced() -> None:
    facts = facts_of(player_view(_round_with_a_club_trick("CK"), 0))
    king, four, nine = (parse_card(c).index for c in ("CK", "C4", "C9"))
    clubs = SUIT_MASKS[0]
    assert facts.followed == (
        Followed(player=2, card=king, follow=clubs, best=nine, need=0, from_here=1 << king),
        Followed(player=3, card=four, follow=clubs, best=king, need=1, from_here=1 << four),
    )


def _chances(game: BoerenbridgeRound, me: int) -> tuple[float, ...]:
    facts = facts_of(player_view(game, me))
    dealer = UnseenDealer(facts)
    rng = random.Random(3)
    deals = [dealer.deal(rng) for _ in range(200)]
    return random_chances(facts, HandEstimator(facts), deals)


def test_a_bid_far_from_any_hand_it_could_be_says_its_bidder_may_play_at_random() -> None:
    """Player 1 bid 4 of 5 cards: no hand I can imagine for it bids that, so it may well be a
    random player; a bid of 1 is what most hands bid, so its bidder looks less random than
    before it bid.  My own chance is 0, and a player yet to bid keeps the prior."""
    high = _chances(_round_after_bids(), 2)
    assert high[1] > 0.5
    assert high[2] == 0.0
    assert high[3] == high[0] == RANDOM_PRIOR
    assert _chances(_round_after_bids(1), 2)[1] < RANDOM_PRIOR


def test_a_player_who_takes_a_trick_it_bid_not_to_take_looks_random() -> None:
    """Having bid 0, following with the king over the nine (when the sampled hand also holds
    a lower club) is what a random player does and a player who plays to its bid does not;
    following with the three is the other way round."""
    before = _chances(_round_with_a_club_trick(None), 0)[2]
    took = _chances(_round_with_a_club_trick("CK"), 0)[2]
    ducked = _chances(_round_with_a_club_trick("C3"), 0)[2]
    assert ducked < before < took


def test_at_a_table_of_random_players_the_robot_comes_to_see_them_as_random() -> None:
    """By the last trick of rounds against three random players, the robot's chance that each
    plays at random is above the prior, and for most of them enough to simulate them as
    random (10 of 18 here); against robots that play to their bids it is below the prior, and
    enough for few of them (1 of 18)."""

    def last_chances(opponents: str, seed: int) -> list[float]:
        setup = RoundSetup(4, seed % 4, 7)
        rng = random.Random(seed)
        game = BoerenbridgeRound(setup, RoundDeal.shuffle(setup, rng))
        me = (seed + 1) % 4
        players = [
            BoerenbridgeStrongRobot(budget=4000, seed=seed + p)
            if p == me or opponents == "robots"
            else RandomPlayer(random.Random(seed * 10 + p))
            for p in range(4)
        ]
        while game.to_act is not None:
            view = player_view(game, game.to_act)
            if game.to_act == me and len(view.hand or ()) == 1:
                return [c for p, c in enumerate(_chances(game, me)) if p != me]
            game.apply(players[game.to_act].choose(view), by=game.to_act)
        raise AssertionError("the round ended before my last card")

    against_random = [c for seed in range(6) for c in last_chances("random", seed)]
    against_robots = [c for seed in range(6) for c in last_chances("robots", seed)]

    def enough(chances: list[float]) -> float:
        return sum(chance >= RANDOM_ENOUGH for chance in chances) / len(chances)

    assert statistics.fmean(against_random) > RANDOM_PRIOR > statistics.fmean(against_robots)
    assert enough(against_random) > 0.4
    assert enough(against_robots) < 0.2
