"""Boerenbridge scores (seed 004): rounds, match totals, and the winner with tie-breaks.

A bid made exactly scores 10 + 2 per trick (bid 0 and take none: 10; bid 3 and take 3: 16); a
missed bid scores 0, or in the harsh variant minus the difference (bid 3, take 1: −2).

The consolation option (the seed's "regra do fazendeiro") needs two words made precise, and
Vaza reads them so (docs/games/boerenbridge.md gives the reasons):

- *forced*: the dealer took exactly the number of tricks the boerenregel barred them from
  bidding, so no bid they were allowed could have been right;
- *closest*: such a dealer missed by one trick, as close as the rule let them come.

Such a dealer adds 5 to the round's score (0 becomes 5; in the harsh variant −1 becomes 4).
A blind round's scores, consolation included, are multiplied by the table's blind multiplier.

The match total is the sum of the rounds.  Ties go to the player with more exact bids, then to
the higher best single round; players still equal share the place.  An abandoned match is
decided the same way over its completed rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from vaza.core.games.boerenbridge import RoundResult
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions

EXACT_BONUS: Final = 10
PER_TRICK: Final = 2
CONSOLATION: Final = 5


def bid_score(bid: int, tricks: int, *, harsh: bool = False) -> int:
    """The score of one bid: 10 + 2 per trick when exact, else 0 (harsh: minus the miss)."""
    if bid == tricks:
        return EXACT_BONUS + PER_TRICK * tricks
    return -abs(bid - tricks) if harsh else 0


def consolation_due(result: RoundResult, player: int) -> bool:
    """The dealer was forced (took the barred number of tricks) and missed by one."""
    return (
        player == result.setup.dealer
        and result.dealer_forced
        and abs(result.bids[player] - result.tricks[player]) == 1
    )


def round_scores(result: RoundResult, options: BoerenbridgeOptions) -> tuple[int, ...]:
    """Each player's score for one round, by player."""
    multiplier = options.blind_multiplier if result.setup.blind else 1
    scores = []
    for player, (bid, tricks) in enumerate(zip(result.bids, result.tricks, strict=True)):
        score = bid_score(bid, tricks, harsh=options.harsh)
        if options.consolation and consolation_due(result, player):
            score += CONSOLATION
        scores.append(score * multiplier)
    return tuple(scores)


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line in the final table."""

    player: int
    total: int
    exact_bids: int
    """Rounds in which the player took exactly what they bid (the first tie-break)."""
    best_round: int | None
    """The player's highest single-round score (the second tie-break); None before any."""
    place: int
    """1 for the leader; players still equal after both tie-breaks share a place."""


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The scores of a match's completed rounds, the totals, and the standings."""

    rounds: tuple[tuple[int, ...], ...]
    """Each completed round's scores, by player."""
    totals: tuple[int, ...]
    standings: tuple[Standing, ...]
    """Best first."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The player in first place (several if still tied); nobody before a round is done."""
        if not self.rounds:
            return ()
        return tuple(s.player for s in self.standings if s.place == 1)


def score_sheet(
    players: int, results: Sequence[RoundResult], options: BoerenbridgeOptions
) -> ScoreSheet:
    """Score the completed rounds of a match (all of them, or those before it was
    abandoned)."""
    for result in results:
        if result.setup.players != players:
            raise ValueError(f"a round of {result.setup.players} players in a match of {players}")
    rounds = tuple(round_scores(result, options) for result in results)
    totals = tuple(sum(scores[player] for scores in rounds) for player in range(players))
    exact = tuple(sum(result.exact(player) for result in results) for player in range(players))
    best = tuple(
        max((scores[player] for scores in rounds), default=None) for player in range(players)
    )

    def key(player: int) -> tuple[int, int, int]:
        best_round = best[player]
        return (totals[player], exact[player], 0 if best_round is None else best_round)

    order = sorted(range(players), key=key, reverse=True)
    standings: list[Standing] = []
    for position, player in enumerate(order):
        tied = position > 0 and key(order[position - 1]) == key(player)
        place = standings[-1].place if tied else position + 1
        standings.append(Standing(player, totals[player], exact[player], best[player], place))
    return ScoreSheet(rounds, totals, tuple(standings))
