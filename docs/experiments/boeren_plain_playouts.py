"""Exact-bid rate when the strong robot's play-outs are played by players who see only their
own cards and the trick (`plain_card`) instead of the whole simulated deal (`aware_card`):
PMODE=all for every simulated player, PMODE=others for all but the robot deciding."""

import json
import os

from common import BUDGET, OPTIONS, exact_bid_rate

from vaza.robots import boerenbridge_playout as playout
from vaza.robots import boerenbridge_strong as strong

MODE = os.environ.get("PMODE", "all")
deciding: list[int] = [0]


def play_out(hands, bids, won, leader, trick, trump):  # type: ignore[no-untyped-def]  # noqa: PLR0917 - the replaced function's signature
    """`boerenbridge_playout.play_out` with the one change under test: the cards of the
    current trick are kept, and the players `MODE` names choose by `plain_card`."""
    players = len(hands)
    strength, beaters = playout.STRENGTH[trump], playout.BEATERS[trump]
    follow, free, best, best_player = 0, False, -1, leader
    table = list(trick)
    for position, card in enumerate(trick):
        follow, free = playout.follow_after(follow, free, card)
        if best < 0 or beaters[best] >> card & 1:
            best, best_player = card, (leader + position) % players
    played = len(trick)
    player = (leader + played) % players
    needs = [bid - got for bid, got in zip(bids, won, strict=True)]
    while True:
        while played < players:
            if MODE == "all" or player != deciding[0]:
                card = playout.plain_card(hands[player], table, players, needs[player], trump)
            else:
                card = playout.aware_card(
                    hands, needs, player, played, follow, best, beaters, strength
                )
            hands[player] ^= 1 << card
            table.append(card)
            if not (follow or free):
                follow, free = playout.follow_after(follow, free, card)
            if best < 0 or beaters[best] >> card & 1:
                best, best_player = card, player
            played += 1
            player = (player + 1) % players
        won[best_player] += 1
        needs[best_player] -= 1
        player = best_player
        if not hands[player]:
            return won
        follow, free, best, played, table = 0, False, -1, 0, []


strong.play_out = play_out


class Robot(strong.BoerenbridgeStrongRobot):
    def choose(self, view):  # type: ignore[no-untyped-def]
        deciding[0] = view.viewer
        return super().choose(view)


if __name__ == "__main__":
    print(
        json.dumps(
            {"mode": MODE, **exact_bid_rate(lambda seed: Robot(OPTIONS, budget=BUDGET, seed=seed))}
        )
    )
