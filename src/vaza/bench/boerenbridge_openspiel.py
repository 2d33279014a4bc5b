"""Boerenbridge against a public anchor: OpenSpiel's information-set MCTS (issue 48).

`vaza bench boerenbridge --against-openspiel` seats the strong Boerenbridge robot (A) against
OpenSpiel's IS-MCTS (B: 200 simulations a decision, one random rollout a leaf) on the paired
deals of `boerenbridge_compare.compare`: four players, seven cards, every deal at two tables
with the seats swapped, scored by seed 004's rules (10 + 2 a trick for an exact bid, 0 for a
miss).  It prints A's points a hand less B's with a 95% interval, and the CPU time a decision
of each (the deciding thread's, so other load on the machine does not inflate it).

OpenSpiel's `oh_hell` is the same game as Vaza's 4-player 7-card round (a test plays them side
by side): the player on the dealer's left bids first and leads, the dealer may not make the
bids add up to the tricks, one card is turned for trumps, suit must be followed and nothing
else is forced.  Its returns are set as close to seed 004's as its parameters allow: an exact
bid 10 + 2 a trick, as the seed; a miss −2 a trick off (the seed: 0).

IS-MCTS sees what its player sees: at each turn it gets an OpenSpiel state rebuilt from that
player's view, and each simulation deals the unseen cards afresh (`IsmctsRobot`).  OpenSpiel
2.0.2's own resampling for `oh_hell` does not: it deals the others exactly the cards they were
dealt, so a search handed the true state knows which 21 of the 44 unseen cards are in play.
`--leaky` measures that bot as it ships (`LeakyIsmctsRobot`), to say what the leak is worth.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from vaza.bench.boerenbridge_compare import (
    HAND_SIZE,
    PLAYERS,
    BoerenbridgeComparison,
    Rounds,
    compare,
)
from vaza.core.cards import CARDS, Card, Suit
from vaza.core.games.boerenbridge import Bid, BoerenbridgeAction, RoundDeal
from vaza.core.games.boerenbridge_cards import AnyCard
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions
from vaza.core.views.boerenbridge import RoundView
from vaza.robots.base import BoerenbridgeRobot
from vaza.robots.registry import BoerenbridgeFactory, boerenbridge_robot

SIMULATIONS: Final = 200
"""IS-MCTS's simulations a decision (issue 48's anchor)."""
UCT_C: Final = 2.0
"""The exploration constant of its tree policy (OpenSpiel's examples' value)."""
OH_HELL: Final[dict[str, int | bool]] = {
    "players": PLAYERS,
    "num_tricks_fixed": HAND_SIZE,
    "off_bid_penalty": True,
    "points_per_trick": 2,
}
_DECK: Final = 52
"""OpenSpiel's cards are 0..51 ((rank − 2) × 4 + suit, its suits C, D, S, H); a bid b is 52 + b."""
_SUIT: Final = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.HEARTS: 3}
OPENSPIEL_MISSING: Final = (
    "OpenSpiel is not installed: pip install 'vaza[openspiel]' (the pyspiel module)"
)


class OpenSpielMissing(RuntimeError):
    """The comparison without the optional `pyspiel` module."""


def pyspiel_module() -> Any:
    """OpenSpiel's Python module, or `OpenSpielMissing`."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: PLC0415  (optional extra)
    except ImportError:
        raise OpenSpielMissing(OPENSPIEL_MISSING) from None
    return pyspiel


def card_action(card: AnyCard) -> int:
    """OpenSpiel's action for a card of the 52-card pack."""
    if not isinstance(card, Card):
        raise ValueError(f"OpenSpiel's Oh Hell has no {card}")
    return (card.rank - 2) * 4 + _SUIT[card.suit]


_CARD_OF: Final = {card_action(card): card for card in CARDS}


def action_of(action: int) -> BoerenbridgeAction:
    """Vaza's action for an OpenSpiel action: a card, or a bid."""
    return _CARD_OF[action] if action < _DECK else Bid(action - _DECK)


def _dealt(view: RoundView, rng: random.Random, deal: RoundDeal | None) -> list[list[int]]:
    """Every player's cards as dealt, for OpenSpiel's chance actions: the viewer's and the cards
    each player has played are known; the unseen cards are drawn for the others from every card
    the viewer has not seen (`rng`), as OpenSpiel's documented resampling does (voids not
    respected), or taken from the true `deal` (the leak `LeakyIsmctsRobot` measures)."""
    viewer, hand = view.viewer, view.hand
    assert viewer is not None and hand is not None
    dealt: list[list[int]] = [[] for _ in range(view.players)]
    for player, card in view.played:
        dealt[player].append(card_action(card))
    if deal is not None:
        played = {card for _, card in view.played}
        for player in range(view.players):
            dealt[player] += [card_action(c) for c in deal.hand(player) if c not in played]
        return dealt
    dealt[viewer] += [card_action(card) for card in hand]
    known = {action for cards in dealt for action in cards}
    if view.turned is not None:
        known.add(card_action(view.turned))
    unseen = [action for action in range(_DECK) if action not in known]
    rng.shuffle(unseen)
    for cards in dealt:
        cards.extend(unseen.pop() for _ in range(view.hand_size - len(cards)))
    return dealt


def openspiel_state(
    game: Any, view: RoundView, rng: random.Random, deal: RoundDeal | None = None
) -> Any:
    """An OpenSpiel state with the viewer's information (the unseen cards as `_dealt` says)."""
    if view.turned is None:
        raise ValueError("OpenSpiel's Oh Hell always turns a card for trumps")
    state = game.new_initial_state()
    state.apply_action(view.hand_size)
    state.apply_action(view.dealer)
    dealt = _dealt(view, rng, deal)
    for number in range(view.hand_size):
        for player in range(view.players):
            state.apply_action(dealt[player][number])
    state.apply_action(card_action(view.turned))
    for turn in range(view.players):
        bid = view.bids[(view.dealer + 1 + turn) % view.players]
        if bid is None:
            break
        state.apply_action(_DECK + bid)
    for _, card in view.played:
        state.apply_action(card_action(card))
    return state


class RandomRollouts:
    """OpenSpiel's `RandomRolloutEvaluator` with one rollout, drawing with Python's `random`
    (numpy's draws cost 20 µs each): a leaf is worth the returns of a game played on at random,
    and every action is as likely a priori."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def evaluate(self, state: Any) -> list[float]:
        working = state.clone()
        choice = self.rng.choice
        while not working.is_terminal():
            working.apply_action(choice(working.legal_actions()))
        return list(working.returns())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(action, 1 / len(actions)) for action in actions]


class IsmctsRobot:
    """OpenSpiel's information-set MCTS from the player's view only: its `ISMCTSBot` (the
    Python one, "adapted from the C++ implementation", with random rollouts), every
    simulation starting from a fresh deal of the cards the player has not seen.

    Not the C++ bot as it ships: OpenSpiel 2.0.2's `oh_hell` resampling deals the others only
    the cards really dealt to them, so a search given the true state knows which 21 of the 44
    unseen cards are in play (`LeakyIsmctsRobot`), and the C++ bot takes no other resampler."""

    def __init__(self, seed: int, simulations: int = SIMULATIONS) -> None:
        pyspiel = pyspiel_module()
        import numpy  # noqa: PLC0415  (OpenSpiel's own dependency)
        from open_spiel.python.algorithms import (  # type: ignore[import-untyped,import-not-found,unused-ignore]  # noqa: PLC0415
            ismcts,
        )

        seed &= 0x7FFFFFFF
        self.game = pyspiel.load_game("oh_hell", OH_HELL)
        self.rng = random.Random(seed)
        self.bot = ismcts.ISMCTSBot(
            self.game,
            RandomRollouts(random.Random(seed)),
            UCT_C,
            simulations,
            random_state=numpy.random.RandomState(seed),
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )

    def choose(self, view: RoundView) -> BoerenbridgeAction:
        game, rng = self.game, self.rng
        self.bot.set_resampler(lambda state, player: openspiel_state(game, view, rng))
        return _checked(view, int(self.bot.step(openspiel_state(game, view, rng))))


class LeakyIsmctsRobot:
    """OpenSpiel's C++ `ISMCTSBot` as it ships, given the true state: its resampling knows
    which cards were dealt (see `IsmctsRobot`).  Measured only to show what that is worth."""

    def __init__(self, seed: int, deal: Callable[[], RoundDeal], simulations: int = SIMULATIONS):
        pyspiel = pyspiel_module()
        seed &= 0x7FFFFFFF
        self.game = pyspiel.load_game("oh_hell", OH_HELL)
        self.deal = deal
        self.bot = pyspiel.ISMCTSBot(
            seed,
            pyspiel.RandomRolloutEvaluator(1, seed),
            UCT_C,
            simulations,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,
            False,
        )

    def choose(self, view: RoundView) -> BoerenbridgeAction:
        state = openspiel_state(self.game, view, random.Random(0), self.deal())
        return _checked(view, self.bot.step(state))


def _checked(view: RoundView, action: int) -> BoerenbridgeAction:
    chosen = action_of(action)
    if chosen not in view.legal_actions:
        raise ValueError(f"IS-MCTS chose {chosen}, which Vaza does not allow here")
    return chosen


@dataclass(slots=True)
class Timed:
    """A robot whose decisions' CPU time (its thread's) is added to `seconds`."""

    robot: BoerenbridgeRobot
    seconds: list[float] = field(default_factory=list)

    def choose(self, view: RoundView) -> BoerenbridgeAction:
        start = time.thread_time()
        action = self.robot.choose(view)
        self.seconds.append(time.thread_time() - start)
        return action


def _timed(factory: BoerenbridgeFactory, seconds: list[float]) -> BoerenbridgeFactory:
    def make(options: BoerenbridgeOptions, seed: int) -> BoerenbridgeRobot:
        return Timed(factory(options, seed), seconds)

    return make


def _ms(seconds: Sequence[float]) -> dict[str, float]:
    ordered = sorted(1000 * value for value in seconds) or [0.0]
    return {
        "mean": round(sum(ordered) / len(ordered), 2),
        "p50": round(ordered[len(ordered) // 2], 2),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 2),
        "decisions": len(seconds),
    }


@dataclass(frozen=True, slots=True)
class AnchorMatch:
    """What `against_ismcts` plays: `deals` paired deals of `seed`, the Boerenbridge `robot`
    against IS-MCTS with `simulations` a decision (`leaky`: `LeakyIsmctsRobot`)."""

    deals: int
    seed: int
    robot: str = "strong"
    simulations: int = SIMULATIONS
    leaky: bool = False


def against_ismcts(
    match: AnchorMatch, advance: Callable[[int], None] | None = None
) -> dict[str, object]:
    """The robot (A) against IS-MCTS (B) as `match` says: `compare`'s figures (A's points a
    hand less B's, exact-bid rates, against random players), the CPU a decision of each, and
    how B was set up."""
    simulations, leaky = match.simulations, match.leaky
    pyspiel_module()
    a_seconds: list[float] = []
    b_seconds: list[float] = []
    current: list[RoundDeal] = []

    def ismcts(options: BoerenbridgeOptions, robot_seed: int) -> BoerenbridgeRobot:
        if leaky:
            return LeakyIsmctsRobot(robot_seed, lambda: current[-1], simulations)
        return IsmctsRobot(robot_seed, simulations)

    def ours(options: BoerenbridgeOptions, robot_seed: int) -> BoerenbridgeRobot:
        return boerenbridge_robot(match.robot, options, robot_seed)

    result: BoerenbridgeComparison = compare(
        _timed(ours, a_seconds),
        _timed(ismcts, b_seconds),
        Rounds(match.deals, match.seed),
        advance=advance,
        on_deal=current.append,
    )
    kind = "C++ ISMCTSBot given the true state (its resampling knows the cards in play)"
    return {
        "benchmark": "boerenbridge-against-openspiel",
        "seed": match.seed,
        "a": match.robot,
        "b": f"OpenSpiel {kind if leaky else 'ISMCTSBot from the view'}, "
        f"{simulations} simulations, random rollouts",
        "oh_hell": dict(OH_HELL),
        **result.as_dict(),
        "a_cpu_ms_a_decision": _ms(a_seconds),
        "b_cpu_ms_a_decision": _ms(b_seconds),
    }
