"""The strong Boerenbridge robot with its cards chosen by information-set Monte Carlo tree search
(issue 18, item 4), for `boeren_variants.py` and the random table of `boeren_random_table.py`.

The robot as built judges each card by playing every sampled deal to its end with its own later
cards chosen by `aware_card`, which sees the sampled deal: it assumes it will always know where
the cards are (strategy fusion).  Here its later cards come from a tree of its own decisions,
keyed by the cards played since the decision being made.  With its hand known and every card
played public, that sequence is its information set, so a node chooses one card for every deal
that reaches it.  The opponents play as the robot's model draws them deal by deal (aware, plain
or random: `deal_policies`), as chance events of the tree.

- The root chooses among the robot's distinct cards by UCB1 (a reward is the round's score
  over the exact bid's: 1 when exact, about 0 when not), and the card played is the one
  visited most.
- A node below the root picks by UCB1 over the cards legal in the deal at hand (counting each
  card's availability, as single-observer ISMCTS does) once it has been reached `WARM` times;
  until then it plays `aware_card`, and so does the play below it, as the robot's playouts do.
- The iterations are the robot's card budget over the cards left to play: as many card plays
  as the robot as built spends, over as many sampled deals (each deal in turn).
"""

from __future__ import annotations

import math
import os
import random
from collections.abc import Sequence

from vaza.core.games.boerenbridge_cards import ALL_CARDS, AnyCard
from vaza.robots import boerenbridge_strong as strong
from vaza.robots.boerenbridge_facts import HandEstimator, RoundFacts
from vaza.robots.boerenbridge_playout import (
    AWARE,
    BEATERS,
    PLAIN,
    STRENGTH,
    aware_card,
    cards,
    follow_after,
    legal_mask,
    plain_pick,
    random_pick,
)

WARM = int(os.environ.get("WARM", "8"))
"""Visits before a node of mine below the root chooses by UCB rather than by `aware_card`."""
EXPLORE = float(os.environ.get("EXPLORE", "0.7"))
"""UCB1's exploration constant, for rewards from 0 to 1."""


class Node:
    """One of my information sets: how often it was reached, and each card's visits, total
    reward and availability."""

    __slots__ = ("available", "reached", "total", "visits")

    def __init__(self) -> None:
        self.reached = 0
        self.visits: dict[int, int] = {}
        self.total: dict[int, float] = {}
        self.available: dict[int, int] = {}

    def select(self, candidates: Sequence[int]) -> int:
        for card in candidates:
            self.available[card] = self.available.get(card, 0) + 1
        for card in candidates:
            if card not in self.visits:
                return card
        return max(
            candidates,
            key=lambda card: (
                self.total[card] / self.visits[card]
                + EXPLORE * math.sqrt(math.log(self.available[card]) / self.visits[card])
            ),
        )

    def record(self, card: int, reward: float) -> None:
        self.visits[card] = self.visits.get(card, 0) + 1
        self.total[card] = self.total.get(card, 0.0) + reward


class IsmctsRobot(strong.BoerenbridgeStrongRobot):
    def _card(self, facts: RoundFacts, legal: Sequence[AnyCard], rng: random.Random) -> AnyCard:
        me, players = facts.me, facts.players
        bids = [bid if bid is not None else 0 for bid in facts.bids]
        options = strong.distinct_cards([card.index for card in legal], facts)
        if len(options) == 1:
            return ALL_CARDS[options[0]]
        plays = sum(facts.remaining(p) for p in range(players))
        iterations = max(len(options) * strong.MIN_DEALS, self.budget // plays)
        wanted = strong._clamp(iterations // len(options))
        barred = None
        if me == facts.dealer:
            barred = facts.hand_size - sum(b for p, b in enumerate(bids) if p != me)
        deals, chances = self._deals(facts, HandEstimator(facts), wanted, rng)
        policies = [
            strong.deal_policies(facts, self.card_opponents, rng, 0.0, chances) for _ in deals
        ]
        exact = 10.0 + 2.0 * bids[me]
        root = Node()
        tree: dict[tuple[int, ...], Node] = {}
        for iteration in range(iterations):
            number = iteration % len(deals)
            card = root.select(options)
            path = [(root, card)]
            won = self._descend(
                facts, bids, list(deals[number]), policies[number], card, tree, path, rng
            )
            reward = self.score(bids[me], won[me], barred) / exact
            for node, chosen in path:
                node.record(chosen, reward)
        best = max(options, key=lambda card: (root.visits.get(card, 0), root.total.get(card, 0.0)))
        return ALL_CARDS[best]

    def _descend(  # noqa: PLR0917 - one iteration's state
        self,
        facts: RoundFacts,
        bids: list[int],
        hands: list[int],
        kinds: list[int],
        first: int,
        tree: dict[tuple[int, ...], Node],
        path: list[tuple[Node, int]],
        rng: random.Random,
    ) -> list[int]:
        """Play one deal to its end from my card `first`, my later cards through the tree while
        its nodes are warm (recorded in `path`); the tricks each player won."""
        me, players = facts.me, facts.players
        strength, beaters = STRENGTH[facts.trump], BEATERS[facts.trump]
        won = list(facts.won)
        needs = [bid - got for bid, got in zip(bids, won, strict=True)]
        follow, free, best, best_player = 0, False, -1, facts.leader
        for position, card in enumerate(facts.trick):
            follow, free = follow_after(follow, free, card)
            if best < 0 or beaters[best] >> card & 1:
                best, best_player = card, (facts.leader + position) % players
        played = len(facts.trick)
        player = me
        key: tuple[int, ...] | None = ()  # the cards since the decision; None below a cold node
        while True:
            while played < players:
                if player != me:
                    kind = kinds[player]
                    if kind == AWARE:
                        card = aware_card(
                            hands, needs, player, played, follow, best, beaters, strength
                        )
                    elif kind == PLAIN:
                        last = played == players - 1
                        card = plain_pick(
                            hands[player], follow, best, last, needs[player], beaters, strength
                        )
                    else:
                        card = random_pick(hands[player], follow, rng.random())
                elif hands[me] >> first & 1:
                    card = first
                elif key is None:
                    card = aware_card(hands, needs, me, played, follow, best, beaters, strength)
                else:
                    node = tree.setdefault(key, Node())
                    node.reached += 1
                    if node.reached <= WARM:
                        card = aware_card(hands, needs, me, played, follow, best, beaters, strength)
                        path.append((node, card))
                        key = None
                    else:
                        card = node.select(cards(legal_mask(hands[me], follow)))
                        path.append((node, card))
                if key is not None:
                    key = (*key, card)
                hands[player] ^= 1 << card
                if not (follow or free):
                    follow, free = follow_after(follow, free, card)
                if best < 0 or beaters[best] >> card & 1:
                    best, best_player = card, player
                played += 1
                player = player + 1 if player + 1 < players else 0
            won[best_player] += 1
            needs[best_player] -= 1
            player = best_player
            if not hands[player]:
                return won
            follow, free, best, played = 0, False, -1, 0
