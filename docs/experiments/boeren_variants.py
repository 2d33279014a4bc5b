"""Variants of the strong Boerenbridge robot against the baseline, on the tables of `vaza match
--game boerenbridge` (four players, seven cards, seats swapped), deal by deal (issue 18).

    .venv/bin/python docs/experiments/boeren_variants.py run VARIANT DEALS SEED > a.json
    .venv/bin/python docs/experiments/boeren_variants.py compare a.json b.json
    .venv/bin/python docs/experiments/boeren_variants.py infer DEALS SEED

`run` prints the match's figures and, for each deal, the points a hand the variant gained over
the baseline, so `compare` can pair two runs on the same deals (B less A, with its 95%
interval).  `infer` plays DEALS with four baseline robots and, at player 0's decisions from
the third trick on, prints how much more the true deal weighs under `played_weights` than
the average of 200 drawn deals.  The variants, each changed only inside this script:

- `unchanged`: the robot as built;
- `calibrated`: each bid's exact score scaled by how far its chance was off in
  `boeren_calibration.py` (0: 0.96, 2: 0.90, 3: 1.05, 4: 1.15, 5 or more: 1.2);
- `plain_own_cards`: choosing a card, my later cards simulated seeing only my hand on half the
  deals, as when bidding;
- `plain_bidders`: a bid judged against opponents half of whom see only their own hands;
- `followed_weights`: deals weighed also by how each opponent followed, chasing or dodging a
  trick as its bid asked (the likelihoods of `random_chances`), but for opponents read as
  random players;
- `ismcts`: cards chosen by information-set Monte Carlo tree search (`boeren_ismcts.py`);
- `played_weights`: deals weighed also by whether each opponent's cards so far (leads too)
  are the ones `aware_card`, the simulated opponents' policy, would have played on the deal
  (1; the same suit and the same take or duck: `PLAYED_NEAR`; else `PLAYED_FAR`), but for
  opponents read as random players;
- `shown_play`, `shown_all`: a robot that cheats, shown the true deal (each sampled deal is
  the true one) while it plays, or while it bids and plays: a ceiling on what play (and
  bidding) under hidden cards could gain against the baseline;
- `shown_in_play`: a robot shown, while it plays, which cards are still in the others' hands
  but not who holds which (it samples as built from those cards alone): how much of what
  `shown_play` gains is knowing which cards were not dealt.
"""

import dataclasses
import json
import random
import statistics
import sys
from collections.abc import Callable, Sequence

from boeren_ismcts import IsmctsRobot
from common import paired

from vaza.core.games.boerenbridge import BoerenbridgeRound, RoundDeal
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.core.views.boerenbridge import RoundView, player_view
from vaza.bench import boerenbridge_compare as compare_module
from vaza.robots import boerenbridge_facts as facts_module
from vaza.robots import boerenbridge_strong as strong
from vaza.bench.boerenbridge_compare import compare, dealt_rounds
from vaza.robots.boerenbridge_facts import CHASED, DODGED, HandEstimator, RoundFacts
from vaza.robots.boerenbridge_playout import (
    BEATERS,
    STRENGTH,
    SUIT_OF,
    aware_card,
    follow_after,
    legal_mask,
)
from vaza.robots.registry import BOERENBRIDGE_CONFIGS

CALIBRATION = {0: 0.96, 2: 0.90, 3: 1.05, 4: 1.15}


class Calibrated(strong.BoerenbridgeStrongRobot):
    def score(self, bid: int, tricks: int, barred: int | None) -> float:
        value = super().score(bid, tricks, barred)
        if bid != tricks:
            return value
        return value * (1.2 if bid >= 5 else CALIBRATION.get(bid, 1.0))


def plain_own_cards() -> None:
    policies = strong.deal_policies

    def own_plain_too(facts, mix, rng, own_plain=0.0, at_random=None):  # type: ignore[no-untyped-def]
        if mix is strong.CARD_OPPONENTS:
            own_plain = 0.5
        return policies(facts, mix, rng, own_plain, at_random)

    strong.deal_policies = own_plain_too


def weigh_also_by(likelihood: Callable[[RoundFacts, Sequence[int], list[bool]], float]) -> None:
    """Multiply `bid_weight`, which weighs every drawn deal, by `likelihood(facts, hands,
    trusted)`; a player trusted less than fully once I play is one read as random, and is not
    trusted."""
    by_bids = facts_module.bid_weight

    def weight(
        facts: RoundFacts,
        estimator: HandEstimator,
        hands: Sequence[int],
        trust: float | Sequence[float] = 1.0,
    ) -> float:
        trusted = [
            p != facts.me and (isinstance(trust, float | int) or trust[p] >= 1.0)
            for p in range(facts.players)
        ]
        return by_bids(facts, estimator, hands, trust) * likelihood(facts, hands, trusted)

    strong.bid_weight = weight


def followed_likelihood(facts: RoundFacts, hands: Sequence[int], trusted: list[bool]) -> float:
    """How likely the cards the others followed with are, chasing or dodging as their bids
    asked (`random_chances`'s likelihoods)."""
    value = 1.0
    beaters = BEATERS[facts.trump]
    for play in facts.followed:
        if not trusted[play.player]:
            continue
        legal = legal_mask(hands[play.player] | play.from_here, play.follow)
        taking = legal & beaters[play.best]
        if not taking or taking == legal:
            continue
        took = bool(taking >> play.card & 1)
        if play.need > 0:
            value *= CHASED if took else 1.0 - CHASED
        else:
            value *= 1.0 - DODGED if took else DODGED
    return value


TRUE_DEAL: list[RoundDeal] = []
"""The deal being played, which the robots shown it see (`show_the_deal`)."""


def still_held(dealt: RoundDeal, facts: RoundFacts) -> list[int]:
    """Each player's cards of `dealt` not yet played."""
    return [dealt.hands[p] & ~facts.played_by[p] for p in range(facts.players)]


class Shown(strong.BoerenbridgeStrongRobot):
    """Samples as built (so its reading of the opponents is the same), then replaces every
    sampled deal by the true one while it plays (and while it bids, when `while_bidding`)."""

    while_bidding = False

    def _deals(self, facts, estimator, wanted, rng):  # type: ignore[no-untyped-def]
        deals, chances = super()._deals(facts, estimator, wanted, rng)
        if self.while_bidding or facts.bids[facts.me] is not None:
            deals = [still_held(TRUE_DEAL[0], facts) for _ in deals]
        return deals, chances


class ShownAll(Shown):
    while_bidding = True


class ShownInPlay(strong.BoerenbridgeStrongRobot):
    """Samples as built while it bids; while it plays, from the cards the others still hold
    (the true deal's), dealt among them as the sampler deals the unseen cards."""

    def _deals(self, facts, estimator, wanted, rng):  # type: ignore[no-untyped-def]
        if facts.bids[facts.me] is not None:
            true = still_held(TRUE_DEAL[0], facts)
            held = sum(hand for p, hand in enumerate(true) if p != facts.me)  # disjoint masks
            facts = dataclasses.replace(facts, unseen=held)
        return super()._deals(facts, estimator, wanted, rng)


def show_the_deal() -> None:
    play_round = compare_module.play_round

    def shown(setup, dealt, robots):  # type: ignore[no-untyped-def]
        TRUE_DEAL[:] = [dealt]
        return play_round(setup, dealt, robots)

    compare_module.play_round = shown


PLAYED_NEAR, PLAYED_FAR = 0.7, 0.3
HISTORY: list[tuple[tuple[int, int], ...]] = []
"""The tricks of the view being decided, as (player, card index) pairs in the order played."""


class PlayedWeights(strong.BoerenbridgeStrongRobot):
    def choose(self, view):  # type: ignore[no-untyped-def]
        self.remember(view)
        return super().choose(view)

    @staticmethod
    def remember(view: RoundView) -> None:
        tricks = [trick.plays for trick in view.tricks]
        if view.current_trick:
            tricks.append(view.current_trick)
        HISTORY[:] = [tuple((player, card.index) for player, card in plays) for plays in tricks]


def played_likelihood(facts: RoundFacts, hands: Sequence[int], trusted: list[bool]) -> float:
    """How likely the others' cards so far (`HISTORY`) are under `aware_card` on the deal,
    replayed from its start."""
    if facts.bids[facts.me] is None or not HISTORY:
        return 1.0
    value = 1.0
    beaters, strength = BEATERS[facts.trump], STRENGTH[facts.trump]
    held = [hands[p] | facts.played_by[p] for p in range(facts.players)]
    needs = [bid if bid is not None else 0 for bid in facts.bids]
    for plays in HISTORY:
        follow, free, best, best_player = 0, False, -1, plays[0][0]
        for played, (player, card) in enumerate(plays):
            if trusted[player]:
                chosen = aware_card(held, needs, player, played, follow, best, beaters, strength)
                if chosen != card:
                    takes = best < 0 or bool(beaters[best] >> card & 1)
                    would = best < 0 or bool(beaters[best] >> chosen & 1)
                    near = SUIT_OF[chosen] == SUIT_OF[card] and takes == would
                    value *= PLAYED_NEAR if near else PLAYED_FAR
            held[player] &= ~(1 << card)
            follow, free = follow_after(follow, free, card)
            if best < 0 or beaters[best] >> card & 1:
                best, best_player = card, player
        if len(plays) == facts.players:
            needs[best_player] -= 1
    return value


SHOWN = {"shown_play": Shown, "shown_all": ShownAll, "shown_in_play": ShownInPlay}


def run(variant: str, deals: int, seed: int) -> None:
    kind, options = strong.BoerenbridgeStrongRobot, {}
    if variant == "calibrated":
        kind = Calibrated
    elif variant == "plain_own_cards":
        plain_own_cards()
    elif variant == "plain_bidders":
        options = {"bid_opponents": strong.PolicyMix(aware=0.5, plain=0.5)}
    elif variant == "followed_weights":
        weigh_also_by(followed_likelihood)
    elif variant == "played_weights":
        kind = PlayedWeights
        weigh_also_by(played_likelihood)
    elif variant == "ismcts":
        kind = IsmctsRobot
    elif variant in SHOWN:
        kind = SHOWN[variant]
        show_the_deal()
    elif variant != "unchanged":
        raise SystemExit(f"no variant {variant!r}: see the docstring")
    result = compare(
        lambda o, s: kind(o, seed=s, **options), BOERENBRIDGE_CONFIGS["baseline"], deals, seed
    )
    figures = {"variant": variant, "seed": seed, **result.as_dict()}
    print(json.dumps({**figures, "differences": list(result.differences)}))


def compare_runs(first: str, second: str) -> None:
    with open(first) as a, open(second) as b:
        runs = json.load(a), json.load(b)
    figures = paired(runs[0]["differences"], runs[1]["differences"], 3)
    print(
        json.dumps(
            {
                "a": runs[0]["variant"],
                "b": runs[1]["variant"],
                **figures,
                "exact_vs_random": [run["a_exact_vs_random"]["rate"] for run in runs],
            }
        )
    )


def true_over_drawn(view: RoundView, dealt: RoundDeal) -> float:
    """How much more `played_likelihood` weighs the true deal than the average of 200 deals
    drawn as the robot draws them (every other player trusted)."""
    PlayedWeights.remember(view)
    facts = facts_module.facts_of(view)
    trusted = [p != facts.me for p in range(facts.players)]
    dealer, rng = facts_module.UnseenDealer(facts), random.Random(1)
    drawn = statistics.fmean(
        played_likelihood(facts, dealer.deal(rng), trusted) for _ in range(200)
    )
    return played_likelihood(facts, still_held(dealt, facts), trusted) / drawn


def infer(deals: int, seed: int) -> None:
    ratios = []
    for deal in dealt_rounds(deals, seed):
        robots = [
            BOERENBRIDGE_CONFIGS["baseline"](BoerenbridgeOptions(), deal.seeds[p])
            for p in range(deal.setup.players)
        ]
        game = BoerenbridgeRound(deal.setup, deal.dealt)
        while not game.is_over:
            player = game.to_act
            assert player is not None
            view = player_view(game, player)
            if player == 0 and view.bids[0] is not None and len(view.tricks) >= 2:
                ratios.append(true_over_drawn(view, deal.dealt))
            game.apply(robots[player].choose(view), by=player)
    print(
        json.dumps(
            {
                "decisions": len(ratios),
                "true_over_drawn_mean": round(statistics.fmean(ratios), 3),
                "median": round(statistics.median(ratios), 3),
                "share_above_1": round(sum(ratio > 1 for ratio in ratios) / len(ratios), 3),
            }
        )
    )


if __name__ == "__main__":
    if sys.argv[1] == "run":
        run(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    elif sys.argv[1] == "infer":
        infer(int(sys.argv[2]), int(sys.argv[3]))
    else:
        compare_runs(sys.argv[2], sys.argv[3])
