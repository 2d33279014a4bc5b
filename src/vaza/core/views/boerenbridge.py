"""Views of a Boerenbridge round: what each player, a kibitzer, or anyone afterwards may see.

Robots and clients only ever receive a `RoundView`.  A player sees their own remaining cards
(in a blind round, not until every bid is in); the turned trump card and the trumps; every bid;
every card played (each was shown to the whole table) and the current trick; the completed
tricks and how many each player has won; and, once the round is over, every hand as dealt.  The
undealt cards are never shown: nobody at a real table sees them.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.cards import Suit
from vaza.core.errors import NotVisible
from vaza.core.games.boerenbridge import (
    BoerenbridgeAction,
    BoerenbridgeRound,
    RoundPhase,
    RoundResult,
)
from vaza.core.games.boerenbridge_cards import AnyCard, DeckKind
from vaza.core.games.boerenbridge_tricks import RoundTrick


@dataclass(frozen=True, slots=True)
class RoundView:
    """One viewer's picture of a Boerenbridge round."""

    viewer: int | None
    """The player this view is for; None for a kibitzer."""
    players: int
    dealer: int
    hand_size: int
    deck: DeckKind
    blind: bool
    """Everyone bids before seeing their cards."""
    phase: RoundPhase
    turned: AnyCard | None
    """The card turned for trumps (None in a no-trump round or when no card was left)."""
    trump: Suit | None
    """The trump suit; None when the round has none (or the dealer is still choosing)."""
    hands: tuple[tuple[AnyCard, ...] | None, ...]
    """Remaining cards of each player the viewer may see now, by player; None where hidden."""
    bids: tuple[int | None, ...]
    """Each player's bid, by player (None until made)."""
    barred: int | None
    """The bid the dealer may not make, once every other bid is in."""
    to_act: int | None
    legal_actions: tuple[BoerenbridgeAction, ...]
    """What the viewer may do now (empty unless it is the viewer's turn)."""
    played: tuple[tuple[int, AnyCard], ...]
    """Every card played so far, in order, with its player."""
    current_trick: tuple[tuple[int, AnyCard], ...]
    tricks: tuple[RoundTrick, ...]
    """The completed tricks with their winners."""
    tricks_won: tuple[int, ...]
    result: RoundResult | None
    dealt: tuple[tuple[AnyCard, ...], ...] | None
    """Every hand as dealt, once the round is over."""

    @property
    def hand(self) -> tuple[AnyCard, ...] | None:
        """The viewer's own remaining cards (None for a kibitzer, or while bidding blind)."""
        return None if self.viewer is None else self.hands[self.viewer]

    @property
    def no_trump(self) -> bool:
        """The round is played without trumps."""
        return self.trump is None and self.phase is not RoundPhase.TRUMP_CHOICE


def own_cards_hidden(game: BoerenbridgeRound) -> bool:
    """In a blind round the players may not look at their own cards until the bids are in."""
    return game.setup.blind and game.phase in (RoundPhase.TRUMP_CHOICE, RoundPhase.BIDDING)


def _view(game: BoerenbridgeRound, viewer: int | None, visible: frozenset[int]) -> RoundView:
    over = game.is_over
    players = range(game.players)
    if over:
        visible = frozenset(players)
    hands = tuple(game.hand(player) if player in visible else None for player in players)
    yours = viewer is not None and viewer == game.to_act
    return RoundView(
        viewer=viewer,
        players=game.players,
        dealer=game.dealer,
        hand_size=game.hand_size,
        deck=game.setup.deck,
        blind=game.setup.blind,
        phase=game.phase,
        turned=game.turned,
        trump=game.trump,
        hands=hands,
        bids=game.bids,
        barred=game.barred,
        to_act=game.to_act,
        legal_actions=tuple(game.legal_actions()) if yours else (),
        played=game.played,
        current_trick=game.current_trick,
        tricks=game.tricks,
        tricks_won=game.tricks_won,
        result=game.result,
        dealt=tuple(game.deal.hand(player) for player in players) if over else None,
    )


def player_view(game: BoerenbridgeRound, player: int) -> RoundView:
    """What `player` may see now."""
    if not 0 <= player < game.players:
        raise NotVisible(f"there is no player {player} at this table")
    hidden = own_cards_hidden(game)
    return _view(game, player, frozenset() if hidden else frozenset({player}))


def kibitzer_view(game: BoerenbridgeRound, all_hands: bool = False) -> RoundView:
    """What a kibitzer may see: the public view, or every hand where the table allows it."""
    return _view(game, None, frozenset(range(game.players)) if all_hands else frozenset())


def final_view(game: BoerenbridgeRound) -> RoundView:
    """The whole round, for anyone, once it is over."""
    if not game.is_over:
        raise NotVisible("the hands are shown to everyone only after the round is over")
    return _view(game, None, frozenset(range(game.players)))
