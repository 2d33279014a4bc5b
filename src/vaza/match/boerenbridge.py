"""A Boerenbridge match: the schedule of hand sizes, each round dealt in turn, and the score.

The first dealer is found by cutting for high card (seed 004); the deal then passes clockwise
each round.  Each round is dealt from the match's random source (secure, or seeded for tests and
benchmarks), so a stored seed replays a whole match.  The match ends after the last round of its
schedule, or when it is abandoned: then it goes to the leader after the last completed round.
"""

from __future__ import annotations

import random

from vaza.core.cards import CARDS, Card
from vaza.core.deal import make_rng
from vaza.core.errors import GameOver, IllegalAction
from vaza.core.games.boerenbridge import BoerenbridgeRound, RoundResult
from vaza.core.games.boerenbridge_rules import (
    BoerenbridgeOptions,
    RoundSetup,
    check_players,
    deck_for,
    round_setups,
)
from vaza.scoring.boerenbridge import ScoreSheet, score_sheet


def cut_for_dealer(players: int, rng: random.Random) -> int:
    """Everyone draws a card from a shuffled 52-card pack; the highest rank deals.  Players
    tied for the highest rank draw again until one remains."""
    pack: list[Card] = []
    drawing = list(range(players))
    while len(drawing) > 1:
        if len(pack) < len(drawing):
            pack = list(CARDS)
            rng.shuffle(pack)
        draws = {player: pack.pop() for player in drawing}
        top = max(card.rank for card in draws.values())
        drawing = [player for player in drawing if draws[player].rank == top]
    return drawing[0]


class BoerenbridgeMatch:
    """A match for `players` players under one set of table options."""

    def __init__(
        self,
        players: int,
        options: BoerenbridgeOptions | None = None,
        *,
        first_dealer: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.options = options if options is not None else BoerenbridgeOptions()
        check_players(players, deck_for(players, self.options))
        self.players = players
        self.rng = rng if rng is not None else make_rng()
        if first_dealer is None:
            first_dealer = cut_for_dealer(players, self.rng)
        elif not 0 <= first_dealer < players:
            raise IllegalAction(f"the first dealer is one of players 0 to {players - 1}")
        self.first_dealer = first_dealer
        self.plan: tuple[RoundSetup, ...] = round_setups(players, self.options, first_dealer)
        """Every round of the match in order: dealer, hand size, no-trump, blind."""
        self.round: BoerenbridgeRound | None = None
        """The round being played (or the last one dealt)."""
        self._results: list[RoundResult] = []
        self.abandoned = False

    @property
    def schedule(self) -> tuple[int, ...]:
        return tuple(setup.hand_size for setup in self.plan)

    @property
    def results(self) -> tuple[RoundResult, ...]:
        """The completed rounds, in order (the current one too once it is over)."""
        current = self.round
        if current is not None and current.is_over:
            result = current.result
            assert result is not None
            return (*self._results, result)
        return tuple(self._results)

    @property
    def is_over(self) -> bool:
        return self.abandoned or len(self.results) == len(self.plan)

    def next_round(self) -> BoerenbridgeRound:
        """Deal the next round of the schedule (the one in progress must be over)."""
        if self.abandoned:
            raise GameOver("the match was abandoned")
        current = self.round
        if current is not None:
            if not current.is_over:
                raise IllegalAction("the round in progress must be played to its end first")
            result = current.result
            assert result is not None
            self._results.append(result)
            self.round = None
        if len(self._results) == len(self.plan):
            raise GameOver("the match is over: every round of the schedule has been played")
        self.round = BoerenbridgeRound.dealt(self.plan[len(self._results)], self.rng)
        return self.round

    def abandon(self) -> None:
        """Stop the match; a round in progress does not count."""
        if self.is_over:
            raise GameOver("the match is already over")
        self.abandoned = True

    @property
    def sheet(self) -> ScoreSheet:
        """Scores of the completed rounds, totals, and the standings with tie-breaks."""
        return score_sheet(self.players, self.results, self.options)

    @property
    def totals(self) -> tuple[int, ...]:
        return self.sheet.totals

    @property
    def winners(self) -> tuple[int, ...]:
        """Who won once the match is over (several only if still tied after the tie-breaks);
        empty while it goes on, or if it was abandoned before any round was completed."""
        if not self.is_over:
            return ()
        return self.sheet.winners
