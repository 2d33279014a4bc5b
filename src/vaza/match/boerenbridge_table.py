"""Boerenbridge at a table: the match's rounds dealt from events, so a table can replay them."""

from __future__ import annotations

import random

from vaza.core.errors import IllegalAction
from vaza.core.games.boerenbridge import (
    BoerenbridgeAction,
    BoerenbridgeRound,
    RoundDeal,
    RoundResult,
)
from vaza.core.games.boerenbridge_cards import parse_card
from vaza.core.games.boerenbridge_rules import (
    BoerenbridgeOptions,
    RoundSetup,
    check_players,
    deck_for,
    round_setups,
)
from vaza.core.views.boerenbridge import RoundView, kibitzer_view, player_view
from vaza.json_types import JSON
from vaza.match.base import FinishedDeal
from vaza.match.boerenbridge import cut_for_dealer
from vaza.protocol.boerenbridge import result_json, view_json
from vaza.scoring.boerenbridge import score_sheet


class BoerenbridgeTableMatch:
    """A Boerenbridge match as a table plays it: players "0" … "n-1" clockwise."""

    game = "boerenbridge"

    def __init__(self, players: int, options: BoerenbridgeOptions) -> None:
        check_players(players, deck_for(players, options))
        self.players = players
        self.options = options
        self.seat_labels = tuple(str(p) for p in range(players))
        self.plan: tuple[RoundSetup, ...] | None = None
        self.current: BoerenbridgeRound | None = None
        self.results: list[RoundResult] = []

    # -- dealing ------------------------------------------------------------------------

    def setup_deal(self, rng: random.Random) -> JSON:
        first_dealer = self.plan[0].dealer if self.plan else cut_for_dealer(self.players, rng)
        plan = self.plan or round_setups(self.players, self.options, first_dealer)
        number = len(self._done()) + 1
        deal = RoundDeal.shuffle(plan[number - 1], rng)
        return {
            "number": number,
            "first_dealer": first_dealer,
            "hands": [[str(card) for card in deal.hand(p)] for p in range(self.players)],
            "turned": None if deal.turned is None else str(deal.turned),
        }

    def start_deal(self, setup: JSON) -> None:
        if self.in_deal:
            raise IllegalAction("a round is already being played")
        if self.plan is None:
            self.plan = round_setups(self.players, self.options, int(setup["first_dealer"]))
        if self.current is not None and self.current.result is not None:
            self.results.append(self.current.result)
        hands = [[parse_card(text) for text in hand] for hand in setup["hands"]]
        turned = None if setup["turned"] is None else parse_card(setup["turned"])
        self.current = BoerenbridgeRound(self.plan[len(self.results)], RoundDeal.of(hands, turned))

    @property
    def in_deal(self) -> bool:
        return self.current is not None and not self.current.is_over

    @property
    def is_over(self) -> bool:
        return self.plan is not None and not self.in_deal and len(self._done()) == len(self.plan)

    @property
    def deals_started(self) -> int:
        return len(self.results) + (self.current is not None)

    def _done(self) -> list[RoundResult]:
        current = self.current
        if current is not None and current.result is not None:
            return [*self.results, current.result]
        return self.results

    # -- acting -------------------------------------------------------------------------

    def controller(self) -> str | None:
        if not self.in_deal:
            return None
        assert self.current is not None
        player = self.current.to_act
        return None if player is None else str(player)

    def responders(self) -> frozenset[str]:
        return frozenset()

    def owner(self, action: BoerenbridgeAction, seat: str) -> str:
        return seat  # every player plays its own cards

    def apply(self, action: BoerenbridgeAction, seat: str) -> None:
        if self.current is None or self.current.is_over:
            raise IllegalAction("no round is being played")
        self.current.apply(action, by=int(seat))

    # -- seeing -------------------------------------------------------------------------

    def view(self, viewer: str | None, all_hands: bool = False, moment: JSON | None = None) -> JSON:
        game = self.current
        if game is None:
            return {"game": self.game, "phase": "waiting", "scores": self.scores()}
        if viewer is None:
            data = view_json(kibitzer_view(game, all_hands=all_hands))
        else:
            data = view_json(player_view(game, int(viewer)))
        data["number"] = self.deals_started
        data["scores"] = self.scores()
        return data

    def robot_view(self, seat: str) -> RoundView:
        assert self.current is not None
        return player_view(self.current, int(seat))

    def finish_deal(self) -> FinishedDeal:
        game = self.current
        assert game is not None and game.result is not None
        sheet = score_sheet(self.players, self._done(), self.options)
        return FinishedDeal(
            number=self.deals_started,
            summary={"result": result_json(game.result), "scores": list(sheet.rounds[-1])},
        )

    def scores(self) -> JSON:
        sheet = score_sheet(self.players, self._done(), self.options)
        return {
            "system": "boerenbridge",
            "schedule": None if self.plan is None else [s.hand_size for s in self.plan],
            "rounds": [list(scores) for scores in sheet.rounds],
            "totals": list(sheet.totals),
            "standings": [
                {"player": s.player, "total": s.total, "exact": s.exact_bids, "place": s.place}
                for s in sheet.standings
            ],
            "winners": list(sheet.winners) if self.is_over else [],
        }
