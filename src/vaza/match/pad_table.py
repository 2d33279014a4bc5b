"""A bridge variant's deals one after another on a score pad: the shape of Bridge-Whist, the
widow game and two-handed bridge at a table (each game's spec module, `vaza.games`, supplies its
own part).

The pad (`SheetScorer`, as contract bridge's pad systems) fixes each deal's dealer and
vulnerability and says when the match is over, and a deal passed out (the widow game,
two-handed bridge) is dealt again by the same dealer unless the pad's `passed_out` option says
it counts.  A deal's random part (the cards) is drawn by `setup_deal` and stored as an event, so
a table replays its deals from its log.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Generic, TypeVar

from vaza.core.cards import Seat, Vulnerability
from vaza.core.deal import Board, Deal
from vaza.core.errors import IllegalAction
from vaza.core.record import DealRecord
from vaza.json_types import JSON
from vaza.match.base import FinishedDeal
from vaza.match.bridge import ActionT, GameT, SeatedDeals, SheetScorer

ViewT = TypeVar("ViewT")


class PadTableMatch(SeatedDeals[GameT, ActionT], ABC, Generic[GameT, ActionT, ViewT]):
    """A variant's deals one after another on a score pad; a subclass knows its game: `GameT`
    its deal, `ActionT` the actions it applies, `ViewT` its views."""

    scorer: SheetScorer

    # -- what a game supplies ---------------------------------------------------------------

    @abstractmethod
    def _deal_cards(self, rng: random.Random, dealer: Seat) -> JSON:
        """The cards of a new deal dealt by `dealer`, as JSON."""

    @abstractmethod
    def _new_game(self, setup: JSON, dealer: Seat, vulnerability: Vulnerability) -> GameT:
        """The deal `setup` describes (its cards as `_deal_cards` wrote them)."""

    @abstractmethod
    def _seat_view(self, game: GameT, seat: Seat) -> ViewT: ...

    @abstractmethod
    def _kibitzer_view(self, game: GameT, all_hands: bool) -> ViewT: ...

    @abstractmethod
    def _view_json(self, view: ViewT) -> JSON: ...

    @abstractmethod
    def _scored_hands(self, game: GameT) -> Deal:
        """The hands the pad counts honours (and high-card points) in."""

    @abstractmethod
    def _summary(self, game: GameT) -> JSON:
        """The finished deal's result and full record, for history and the deal viewer."""

    def _dealer(self, pad_dealer: Seat) -> Seat:
        """The seat that deals when the pad's turn to deal is `pad_dealer`'s."""
        return pad_dealer

    def _record(self, game: GameT) -> DealRecord | None:
        """The finished deal's play as contract bridge records it (four thirteen-card hands),
        for its double-dummy analysis; None where the game has no such play."""
        return None

    def _records(self, game: GameT) -> tuple[str | None, str | None]:
        """The finished deal as PBN and LIN, where those formats can hold it."""
        return None, None

    # -- dealing ----------------------------------------------------------------------------

    def setup_deal(self, rng: random.Random) -> JSON:
        dealer, vulnerability, _ = self.scorer.next_board(self._deals + 1)
        dealer = self._dealer(dealer)
        return {
            "number": self._deals + 1,
            "dealer": dealer.letter,
            "vulnerability": vulnerability.pbn,
            **self._deal_cards(rng, dealer),
        }

    def start_deal(self, setup: JSON) -> None:
        if self.in_deal:
            raise IllegalAction("a deal is already being played")
        dealer = Seat.from_letter(str(setup["dealer"]))
        vulnerability = Vulnerability.parse(str(setup["vulnerability"]))
        self.current = self._new_game(setup, dealer, vulnerability)
        self._deals += 1

    # -- seeing -----------------------------------------------------------------------------

    def view(self, viewer: str | None, all_hands: bool = False, moment: JSON | None = None) -> JSON:
        game = self.current
        if game is None:
            return {"game": self.game, "phase": "waiting", "scores": self.scores()}
        if viewer is None:
            data = self._view_json(self._kibitzer_view(game, all_hands))
        else:
            data = self._view_json(self._seat_view(game, Seat.from_letter(viewer)))
        data["number"] = self._deals
        data["scores"] = self.scores()
        return data

    def robot_view(self, seat: str) -> ViewT:
        assert self.current is not None
        return self._seat_view(self.current, Seat.from_letter(seat))

    def finish_deal(self) -> FinishedDeal:
        game = self.current
        assert game is not None and game.result is not None
        # The pad knows the deal's dealer and vulnerability; it reads only the hands.
        line = self.scorer.add(Board(self._scored_hands(game)), game.result)
        pbn_text, lin_text = self._records(game)
        return FinishedDeal(
            number=self._deals,
            summary={**self._summary(game), "score": line},
            pbn=pbn_text,
            lin=lin_text,
            record=self._record(game),
        )

    def scores(self) -> JSON:
        return self.scorer.to_json()


def _pbn_hands(setup: JSON, key: str) -> Deal:
    return Deal.from_pbn(str(setup[key]))
