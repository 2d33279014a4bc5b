"""The strong Boerenbridge robot's robust opponents (issue 18): simulated players drawn from a
mix of policies, bids that may say nothing, and the robot's own play seen plainly on part of
a bid's deals."""

from __future__ import annotations

import random
from collections import Counter

from vaza.core.games.boerenbridge import Bid, BoerenbridgeRound, RoundDeal
from vaza.core.games.boerenbridge_cards import parse_card, parse_cards
from vaza.core.games.boerenbridge_rules import RoundSetup
from vaza.core.views.boerenbridge import player_view
from vaza.robots.boerenbridge_facts import HandEstimator, bid_weight, facts_of
from vaza.robots.boerenbridge_playout import AWARE, PLAIN, RANDOM
from vaza.robots.boerenbridge_strong import PolicyMix, deal_policies


def test_a_policy_mix_draws_each_policy_in_its_share() -> None:
    rng = random.Random(4)
    drawn = Counter(PolicyMix(aware=0.5, plain=0.3).draw(rng) for _ in range(4000))
    assert abs(drawn[AWARE] / 4000 - 0.5) < 0.03
    assert abs(drawn[PLAIN] / 4000 - 0.3) < 0.03
    assert abs(drawn[RANDOM] / 4000 - 0.2) < 0.03
    assert set(Counter(PolicyMix(1.0, 0.0).draw(rng) for _ in range(100))) == {AWARE}


def _round_after_bids() -> BoerenbridgeRound:
    setup = RoundSetup(4, 0, 5)
    hands = ["SA SK SQ HA DA", "C2 C3 C4 D6 H7", "C5 C6 C7 D7 H8", "C8 C9 CT D8 H9"]
    game = BoerenbridgeRound(setup, RoundDeal.of([parse_cards(h) for h in hands], parse_card("S2")))
    game.apply(Bid(4))  # player 1, with nothing: a bid that fits its hand badly
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
