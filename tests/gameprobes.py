"""What the generic game tests (test_games.py) must know of each game of the registry.

The tests themselves — random deals to the end, no card in a view its viewer may not see,
illegal actions refused without a change, the game rebuilt from its log — are written once, in
test_games.py, and run over `vaza.games.GAMES`.  Each game gives here only what is its own: how
to deal one at random, which cards each viewer has really seen (written out again from the
rules, not read from the views), its rules checked on the way and at the end, and the wrong
actions worth trying.  A game of the registry without a probe fails the tests.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vaza.core import (
    CALLS,
    CARDS,
    PASS,
    Board,
    Call,
    Card,
    Claim,
    ClaimResponse,
    ContractDeal,
    Hand,
    IllegalAction,
    LowestOf,
    Seat,
    Strain,
    Suit,
    UndoRequest,
    UndoResponse,
)
from vaza.core.game import ProposalKind
from vaza.core.games.boerenbridge import Bid, BoerenbridgeRound, ChooseTrump, RoundDeal, RoundPhase
from vaza.core.games.boerenbridge_cards import JESTERS, WIZARDS, AnyCard, DeckKind, Special
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, max_hand_size, round_setups
from vaza.core.games.boerenbridge_tricks import WizardPlay
from vaza.core.games.bridge_whist import (
    NAMINGS,
    PASS_TO_PARTNER,
    BookContract,
    BridgeWhistDeal,
)
from vaza.core.games.honeymoon import PLAYERS, TwoHandedBoard, TwoHandedDeal, TwoHandedStage
from vaza.core.games.honeymoon import opponent as two_handed_opponent
from vaza.core.games.widow import HandOut, WidowBoard, WidowDeal, WidowStage
from vaza.core.play import Play, trick_winner, winning_position
from vaza.core.views import boerenbridge as boerenbridge_views
from vaza.core.views import bridge_whist as bridge_whist_views
from vaza.core.views import contract as contract_views
from vaza.core.views import honeymoon as honeymoon_views
from vaza.core.views import widow as widow_views
from vaza.scoring.bridge_whist import net_score, score_result
from vaza.scoring.contract import score_contract

ALL_CARDS = (1 << 52) - 1
_SPECIALS = {card: 1 << (52 + index) for index, card in enumerate((*WIZARDS, *JESTERS))}
EVERYTHING = (1 << (52 + len(_SPECIALS))) - 1
STATES = (
    ContractDeal,
    BridgeWhistDeal,
    WidowDeal,
    TwoHandedDeal,
    BoerenbridgeRound,
    Play,
    WizardPlay,
)
"""Game states and play engines: a view holds none of them (a view is values, never a state)."""

Game = Any
Actor = Any
Check = Callable[[], None]


# -- what a view holds -----------------------------------------------------------------------

_FIELDS: dict[type, tuple[str, ...]] = {}
_SCALARS = (int, str, bool, float, Call, Seat, Suit)


def card_mask(value: object) -> int:
    """Every card reachable inside a view (dataclasses, tuples, dicts, hands), as a mask; a
    Wizard or a Jester has a bit of its own above the 52 cards."""
    if isinstance(value, Card | Hand):
        return value.mask
    if isinstance(value, Special):
        return _SPECIALS[value]
    if value is None or isinstance(value, _SCALARS):
        return 0
    assert not isinstance(value, (*STATES, RoundDeal)), f"a view holds a {type(value).__name__}"
    if isinstance(value, tuple | list | frozenset | set):
        mask = 0
        for item in value:
            mask |= card_mask(item)
        return mask
    if isinstance(value, dict):
        return card_mask(tuple(value.values()))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        kind = type(value)
        if kind not in _FIELDS:
            _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
        return card_mask(tuple(getattr(value, name) for name in _FIELDS[kind]))
    return 0


def mask_of(cards: Sequence[AnyCard] | Hand) -> int:
    mask = 0
    for card in cards:
        mask |= _SPECIALS[card] if isinstance(card, Special) else card.mask
    return mask


def follows_suit(held: Hand, led: Suit | None, legal: Sequence[object]) -> None:
    """Bridge's rule of the play: follow suit when able, else any card."""
    if led is not None and held.length(led):
        assert all(isinstance(c, Card) and c.suit == led for c in legal), "must follow suit"
    else:
        assert set(legal) == set(held), "any card when void or leading"


def answer_proposals(
    game: Game, rng: random.Random, apply: Callable[[object, Actor], None]
) -> None:
    """Answer the proposal on the table at random until none is left."""
    while game.proposal is not None:
        proposal = game.proposal
        responder = rng.choice(sorted(proposal.awaiting))
        yes = rng.random() < 0.7
        undo = proposal.kind is ProposalKind.UNDO
        apply(UndoResponse(yes) if undo else ClaimResponse(yes), responder)


def table_actions(seats: Sequence[Seat], rng: random.Random) -> list[tuple[object, Actor]]:
    """Proposals and answers nobody asked for, sent by anyone."""
    return [
        (Claim(14), rng.choice(list(seats))),
        (ClaimResponse(accept=True), rng.choice(list(seats))),
        (UndoResponse(grant=True), rng.choice(list(seats))),
    ]


# -- a probe ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Probe:
    """One game as the generic tests drive it."""

    new: Callable[[random.Random], Game]
    """A deal (or round) dealt at random."""
    seen: Callable[[Game, Actor | None], int]
    """The cards `viewer` (None: a kibitzer) has really seen so far, as a mask."""
    views: Callable[[Game], list[tuple[Actor | None, object]]]
    """Every view of the game now: each seat's, then the kibitzers'."""
    snapshot: Callable[[Game], object]
    """Everything observable about the game."""
    illegal: Callable[[Game, random.Random], list[tuple[object, Actor | None]]]
    """Actions that must be refused now (by whom: None for the seat to act)."""
    replay: Callable[[Game], Game]
    """A game from the same deal, not yet begun."""
    runs: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per test (its name without `test_`): hypothesis's examples and the deals each plays,
    where not 50 and 1."""
    propose_share: float = 0.04
    """How often a step of the views' and the log's tests is a proposal instead."""
    choose: Callable[[Game, random.Random], object] = lambda game, rng: rng.choice(
        game.legal_actions()
    )
    actor: Callable[[Game], Actor | None] = lambda game: game.controller
    """Who sends the next action (declarer for dummy)."""
    check_deal: Callable[[Game], None] = lambda game: None
    """The deal as dealt."""
    check_step: Callable[[Game, Sequence[object], object], Check | None] = (
        lambda game, legal, action: None
    )
    """The rules of one action about to be applied; a check to run once it is (or None)."""
    check_view: Callable[[Game, Actor | None, object], None] = lambda game, viewer, view: None
    """What a view must say besides hiding cards."""
    check_end: Callable[[Game], None] = lambda game: None
    """A finished deal's tricks, result and score."""
    propose: Callable[[Game, random.Random, Callable[[object, Actor], None]], None] | None = None
    """A claim or an undo request mid-deal, answered at random (None: the game has neither)."""
    history: Callable[[Game], list[tuple[Actor, object]]] | None = None
    """The game's own record of its actions (undone ones gone), which rebuilds it too."""


# -- contract bridge -------------------------------------------------------------------------


def _contract_new(rng: random.Random) -> ContractDeal:
    return ContractDeal(Board.random(rng.randint(1, 16), rng))


def _contract_snapshot(game: ContractDeal) -> object:
    return (
        game.record(),
        game.phase,
        game.to_act,
        game.controller,
        game.proposal,
        tuple(game.legal_actions()),
        contract_views.kibitzer_view(game, all_hands=True),
    )


def _claim_faced(game: Any, viewer: Seat | None) -> int:
    """Laws 68-70: a pending claim's claimer shows its remaining cards to its opponents (the
    rule the views keep in core/views/claims.py, written out again here)."""
    proposal = game.proposal
    if proposal is None or proposal.kind is not ProposalKind.CLAIM or viewer is None:
        return 0
    if viewer.side == proposal.by.side:
        return 0
    return int(game.hand(proposal.by).mask)


def _contract_seen(game: ContractDeal, viewer: Seat | None) -> int:
    if game.is_over:
        return EVERYTHING
    allowed = 0 if viewer is None else game.board.deal[viewer].mask
    if game.play is not None:
        for _, card in game.play.history:
            allowed |= card.mask
        contract = game.contract
        if contract is not None and game.play.history:
            allowed |= game.board.deal[contract.dummy].mask
    return allowed | _claim_faced(game, viewer)


def _contract_views(game: ContractDeal) -> list[tuple[Seat | None, object]]:
    views: list[tuple[Seat | None, object]] = [(s, contract_views.seat_view(game, s)) for s in Seat]
    return [*views, (None, contract_views.kibitzer_view(game))]


def _contract_view(game: ContractDeal, viewer: Seat | None, view: Any) -> None:
    if viewer is not None:
        assert view.hand == game.hand(viewer)
        assert bool(view.legal_actions) == (viewer == game.controller and not game.is_over)


def _contract_deal(game: ContractDeal) -> None:
    deal = game.board.deal
    assert sum(len(hand) for hand in deal.hands) == 52
    assert len({card for hand in deal.hands for card in hand}) == 52


def _contract_step(game: ContractDeal, legal: Sequence[object], action: object) -> None:
    if game.play is not None and isinstance(action, Card):
        seat = game.to_act
        assert seat is not None
        follows_suit(game.hand(seat), game.play.lead_suit, legal)


def _contract_end(game: ContractDeal) -> None:
    result = game.result
    assert result is not None
    if result.contract is None:
        assert [str(call) for call in game.auction.calls] == ["Pass"] * 4
        return
    play = game.play
    assert play is not None
    assert len(play.tricks) == 13
    assert sum(play.tricks_won) == 13
    assert all(hand == 0 for hand in play.hands)
    for trick in play.tricks:
        assert trick.winner is trick_winner(trick.leader, trick.cards, result.contract.trump)
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert after.leader is before.winner
    assert play.tricks[0].leader is result.contract.declarer.lho
    assert result.tricks_of(result.contract.declarer.side) == result.declarer_tricks


def _contract_illegal(game: ContractDeal, rng: random.Random) -> list[tuple[object, Actor]]:
    legal = set(game.legal_actions())
    actions: list[tuple[object, Seat | None]] = []
    for action in rng.sample(CARDS, 6) + rng.sample(CALLS, 6):
        if action not in legal:
            actions.append((action, None))
    controller = game.controller
    if legal and controller is not None:
        wrong = rng.choice([seat for seat in Seat if seat != controller])
        actions.append((rng.choice(list(legal)), wrong))
    return actions + table_actions(list(Seat), rng)


def _contract_propose(
    game: ContractDeal, rng: random.Random, apply: Callable[[object, Actor], None]
) -> None:
    """A random claim or undo mid-play, answered at random (dummy never proposes)."""
    if game.play is None or game.contract is None or game.is_over:
        return
    seat = rng.choice([s for s in Seat if s != game.contract.dummy])
    try:
        if rng.random() < 0.5:
            apply(Claim(rng.randint(0, game.play.remaining_tricks)), seat)
        else:
            apply(UndoRequest(), seat)
    except IllegalAction:
        return
    answer_proposals(game, rng, apply)


CONTRACT = Probe(
    new=_contract_new,
    seen=_contract_seen,
    views=_contract_views,
    snapshot=_contract_snapshot,
    illegal=_contract_illegal,
    replay=lambda game: ContractDeal(game.board),
    runs={
        "random_deals_follow_the_rules": (300, 10),
        "illegal_actions_are_refused": (150, 10),
        "no_view_holds_a_card_its_viewer_has_not_seen": (100, 10),
    },
    propose_share=0.01,
    actor=lambda game: None,
    check_deal=_contract_deal,
    check_step=_contract_step,
    check_view=_contract_view,
    check_end=_contract_end,
    propose=_contract_propose,
    history=lambda game: game.actions(),
)


# -- Bridge-Whist ----------------------------------------------------------------------------


def _whist_snapshot(game: BridgeWhistDeal) -> object:
    return (
        game.stage,
        tuple(game.history()),
        game.to_act,
        game.controller,
        game.proposal,
        tuple(game.legal_actions()),
        bridge_whist_views.kibitzer_view(game, all_hands=True),
        game.result,
    )


def _whist_seen(game: BridgeWhistDeal, viewer: Seat | None) -> int:
    """Own hand, every card played, dummy once faced."""
    if game.is_over:
        return EVERYTHING
    deal = game.board.deal
    allowed = 0 if viewer is None else deal[viewer].mask
    if game.play_deal is not None and game.play_deal.play is not None:
        for _, card in game.play_deal.play.history:
            allowed |= card.mask
        if game.dummy_faced:
            allowed |= deal[game.board.dealer.partner].mask
        allowed |= _claim_faced(game.play_deal, viewer)
    return allowed


def _whist_views(game: BridgeWhistDeal) -> list[tuple[Seat | None, object]]:
    views: list[tuple[Seat | None, object]] = [
        (s, bridge_whist_views.seat_view(game, s)) for s in Seat
    ]
    return [*views, (None, bridge_whist_views.kibitzer_view(game))]


def _whist_view(game: BridgeWhistDeal, viewer: Seat | None, view: Any) -> None:
    if viewer is None:
        return
    assert view.hand == game.hand(viewer)
    assert bool(view.legal_actions) == (viewer == game.controller and game.proposal is None)
    assert set(view.legal_actions) == (set(game.legal_actions()) if view.legal_actions else set())


def _whist_step(game: BridgeWhistDeal, legal: Sequence[object], action: object) -> None:
    assert game.controller is not None
    if isinstance(action, Card):
        seat = game.to_act
        assert seat is not None and game.play_deal is not None
        play = game.play_deal.play
        follows_suit(game.hand(seat), play.lead_suit if play is not None else None, legal)


def _whist_end(game: BridgeWhistDeal) -> None:
    dealer = game.board.dealer
    result = game.result
    assert result is not None and not result.claimed
    assert result.declarer_tricks is not None
    contract = result.contract
    assert isinstance(contract, BookContract)
    assert contract.declarer == dealer and contract.dummy == dealer.partner
    assert contract.tricks_needed == 6
    assert game.play_deal is not None
    play = game.play_deal.play
    assert play is not None
    assert len(play.history) == 52 and sum(play.tricks_won) == 13
    assert len({card for _, card in play.history}) == 52
    assert play.tricks[0].leader == dealer.lho
    for trick in play.tricks:
        assert trick.winner == trick_winner(trick.leader, trick.cards, contract.trump)
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert after.leader == before.winner
    won = play.tricks_won
    assert result.declarer_tricks == won[dealer] + won[dealer.partner]
    assert result.difference == result.declarer_tricks - 6
    score = score_result(result, game.board.vulnerability)
    vulnerable = game.board.vulnerability.is_vulnerable(dealer.side)
    over = result.declarer_tricks - 6
    per_trick = 20 if contract.strain in (Strain.CLUBS, Strain.DIAMONDS) else 30
    expected = over * per_trick if over > 0 else over * (100 if vulnerable else 50)
    assert net_score(score) == expected
    assert score.trick_points == score.slam == score.insult == 0


def _whist_illegal(game: BridgeWhistDeal, rng: random.Random) -> list[tuple[object, Actor]]:
    legal = set(game.legal_actions())
    pool: list[object] = [*rng.sample(CARDS, 5), *NAMINGS, PASS_TO_PARTNER, PASS]
    pool.append(Call.parse("1S"))
    if game.play_deal is None:  # during the play, naming dummy's suit is legal when it has one
        pool.append(LowestOf(rng.choice(list(Suit))))
    actions: list[tuple[object, Seat | None]] = [(a, None) for a in pool if a not in legal]
    controller = game.controller
    if legal and controller is not None:
        wrong = rng.choice([seat for seat in Seat if seat != controller])
        actions.append((rng.choice(list(legal)), wrong))
    actions += table_actions(list(Seat), rng)
    actions.append((UndoRequest(), None))
    return actions


def _bridge_propose(game: Any, rng: random.Random, apply: Callable[[object, Actor], None]) -> None:
    """A claim or an undo request by a random seat, answered at random."""
    seat = rng.choice(list(Seat))
    try:
        if rng.random() < 0.5 and game.play_deal is not None and game.play_deal.play is not None:
            apply(Claim(rng.randint(0, game.play_deal.play.remaining_tricks)), seat)
        else:
            apply(UndoRequest(), seat)
    except IllegalAction:
        return
    answer_proposals(game, rng, apply)


BRIDGE_WHIST = Probe(
    new=lambda rng: BridgeWhistDeal(Board.random(rng.randint(1, 16), rng)),
    seen=_whist_seen,
    views=_whist_views,
    snapshot=_whist_snapshot,
    illegal=_whist_illegal,
    replay=lambda game: BridgeWhistDeal(game.board),
    runs={"random_deals_follow_the_rules": (200, 3), "rebuilt_from_its_log": (100, 1)},
    check_deal=_contract_deal,
    check_step=_whist_step,
    check_view=_whist_view,
    check_end=_whist_end,
    propose=_bridge_propose,
    history=lambda game: game.history(),
)


# -- the widow game --------------------------------------------------------------------------


def _widow_new(rng: random.Random) -> WidowDeal:
    fixed = rng.random() < 0.5
    return WidowDeal(WidowBoard.random(rng.randint(1, 16), rng), fixed_dummy=fixed)


def _pass_often(share: float) -> Callable[[Game, random.Random], object]:
    """Pass more often than a uniform choice would: short auctions, makeable contracts."""

    def choose(game: Game, rng: random.Random) -> object:
        legal = game.legal_actions()
        if PASS in legal and rng.random() < share:
            return PASS
        return rng.choice(legal)

    return choose


def _widow_snapshot(game: WidowDeal) -> object:
    return (
        game.stage,
        tuple(game.history()),
        game.to_act,
        game.controller,
        game.proposal,
        tuple(game.legal_actions()),
        widow_views.kibitzer_view(game, all_hands=True),
        game.result,
    )


def _widow_seen(game: WidowDeal, viewer: Seat | None) -> int:
    """Own twelve cards, the widow card received, the whole widow for the declarer once picked
    up, every card played, dummy once faced."""
    if game.is_over:
        return EVERYTHING
    board = game.board
    allowed = 0
    contract = game.contract
    if viewer is not None:
        allowed |= board.deal[viewer].mask
        if game.hand_out is not None:
            allowed |= game.hand_out.card_for(viewer).mask
        if contract is not None and viewer == contract.declarer:
            allowed |= board.widow.mask
    if game.play_deal is not None and game.play_deal.play is not None:
        for _, card in game.play_deal.play.history:
            allowed |= card.mask
        if game.dummy_faced:
            assert game.dummy is not None
            allowed |= game.play_deal.board.deal[game.dummy].mask
        allowed |= _claim_faced(game.play_deal, viewer)
    return allowed


def _widow_views(game: WidowDeal) -> list[tuple[Seat | None, object]]:
    views: list[tuple[Seat | None, object]] = [(s, widow_views.seat_view(game, s)) for s in Seat]
    return [*views, (None, widow_views.kibitzer_view(game))]


def _widow_view(game: WidowDeal, viewer: Seat | None, view: Any) -> None:
    if viewer is None:
        return
    assert view.hand == game.hand(viewer)
    assert bool(view.legal_actions) == (viewer == game.controller and game.proposal is None)
    if game.hand_out is not None:
        assert view.received[viewer] == game.hand_out.card_for(viewer), "one's own widow card"


def _widow_deal(game: WidowDeal) -> None:
    board = game.board
    assert [len(hand) for hand in board.deal.hands] == [12] * 4 and len(board.widow) == 4
    dealt = board.widow.mask
    for hand in board.deal.hands:
        dealt |= hand.mask
    assert dealt == ALL_CARDS


def _widow_step(game: WidowDeal, legal: Sequence[object], action: object) -> None:
    if game.stage is WidowStage.WIDOW:
        assert isinstance(action, HandOut) and len(legal) == 24
        assert game.contract is not None and game.to_act == game.contract.declarer
        assert all(len(game.hand(seat)) == 12 for seat in Seat)
    if isinstance(action, Card):
        assert game.play_deal is not None and game.play_deal.play is not None
        seat = game.to_act
        assert seat is not None
        follows_suit(game.hand(seat), game.play_deal.play.lead_suit, legal)


def _widow_end(game: WidowDeal) -> None:
    board = game.board
    result = game.result
    assert result is not None
    if result.contract is None:
        assert game.auction.calls == [PASS] * 4 and game.hand_out is None
        return
    contract = result.contract
    hand_out = game.hand_out
    assert hand_out is not None
    played = game.played_board()
    assert played is not None
    for seat in Seat:
        assert played.deal[seat].mask == board.deal[seat].mask | hand_out.card_for(seat).mask
    assert game.play_deal is not None
    play = game.play_deal.play
    assert play is not None
    assert len(play.history) == 52 and len({card for _, card in play.history}) == 52
    assert play.tricks[0].leader == contract.declarer.lho
    for trick in play.tricks:
        assert trick.winner == trick_winner(trick.leader, trick.cards, contract.trump)
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert after.leader == before.winner
    won = play.tricks_won
    declarer = contract.declarer
    assert result.declarer_tricks == won[declarer] + won[declarer.partner]
    dummy = board.dealer.rho if game.fixed_dummy else declarer.partner
    assert game.dummy == dummy


def _widow_illegal(game: WidowDeal, rng: random.Random) -> list[tuple[object, Actor]]:
    legal = set(game.legal_actions())
    pool: list[object] = [*rng.sample(CARDS, 5), PASS, Call.parse("7NT"), Call.parse("1C")]
    widow = list(game.board.widow)
    pool.append(HandOut((widow[0], widow[0], widow[1], widow[2])))
    pool.append(
        HandOut((widow[0], widow[1], widow[2], rng.choice(list(game.board.deal[Seat.NORTH]))))
    )
    pool.append(HandOut((widow[3], widow[2], widow[1], widow[0])))
    if game.play_deal is None:
        pool.append(LowestOf(rng.choice(list(Suit))))
    actions: list[tuple[object, Seat | None]] = [(a, None) for a in pool if a not in legal]
    controller = game.controller
    if legal and controller is not None:
        wrong = rng.choice([seat for seat in Seat if seat != controller])
        actions.append((rng.choice(list(legal)), wrong))
    return actions + table_actions(list(Seat), rng)


WIDOW = Probe(
    new=_widow_new,
    seen=_widow_seen,
    views=_widow_views,
    snapshot=_widow_snapshot,
    illegal=_widow_illegal,
    replay=lambda game: WidowDeal(game.board, fixed_dummy=game.fixed_dummy),
    runs={
        "random_deals_follow_the_rules": (150, 2),
        "rebuilt_from_its_log": (60, 1),
        "no_view_holds_a_card_its_viewer_has_not_seen": (60, 1),
    },
    choose=_pass_often(0.6),
    check_deal=_widow_deal,
    check_step=_widow_step,
    check_view=_widow_view,
    check_end=_widow_end,
    propose=_bridge_propose,
    history=lambda game: game.history(),
)


# -- two-handed bridge -----------------------------------------------------------------------

NORTH, EAST = PLAYERS


def _two_snapshot(game: TwoHandedDeal) -> object:
    return (
        game.stage,
        tuple(game.actions()),
        game.to_act,
        game.proposal,
        tuple(game.legal_actions()),
        honeymoon_views.kibitzer_view(game, all_hands=True),
        game.result,
    )


def _two_seen(game: TwoHandedDeal, viewer: Seat | None) -> int:
    """Own dealt hand, every stock card turned face up so far, the stock cards they drew as
    loser, every card played in either phase."""
    if game.is_over:
        return EVERYTHING
    stock = game.board.stock
    allowed = 0 if viewer is None else game.board.hand(viewer).mask
    turned = min(len(game.draws), 12)
    for position in range(turned + 1):
        allowed |= stock[2 * position].mask
    for number, draw in enumerate(game.draws):
        if viewer is not None and viewer != draw.winner:
            allowed |= stock[2 * number + 1].mask
    for _, card in game.draw_play.history:
        allowed |= card.mask
    if game.play is not None:
        for _, card in game.play.history:
            allowed |= card.mask
    return allowed | _claim_faced(game, viewer)


def _two_views(game: TwoHandedDeal) -> list[tuple[Seat | None, object]]:
    views: list[tuple[Seat | None, object]] = [
        (s, honeymoon_views.seat_view(game, s)) for s in PLAYERS
    ]
    return [*views, (None, honeymoon_views.kibitzer_view(game))]


def _two_view(game: TwoHandedDeal, viewer: Seat | None, view: Any) -> None:
    if viewer is None:
        return
    assert view.hand == game.hand(viewer)
    assert view.hands[PLAYERS.index(two_handed_opponent(viewer))] is None or game.is_over
    assert bool(view.legal_actions) == (viewer == game.to_act and game.proposal is None)


def _two_deal(game: TwoHandedDeal) -> None:
    board = game.board
    assert len(board.stock) == 26 and [len(hand) for hand in board.hands] == [13, 13]
    assert game.to_act == board.dealer, "the dealer leads the first phase"


def first_phase_winner(leader: Seat, lead: Card, follow: Card) -> Seat:
    """First phase: the higher card of the suit led; the leader when the other did not
    follow (no trumps)."""
    if follow.suit == lead.suit and follow.rank > lead.rank:
        return two_handed_opponent(leader)
    return leader


def _two_step(game: TwoHandedDeal, legal: Sequence[object], action: object) -> Check | None:
    """The first phase's tricks, each checked whole once its second card is played: the
    follower follows suit, the winner takes the face-up stock card and the loser the hidden
    one, and leads next; the second phase is bridge's play."""
    seat = game.to_act
    assert seat is not None
    if game.stage is not TwoHandedStage.DRAW:
        if isinstance(action, Card):
            assert game.play is not None
            follows_suit(game.hand(seat), game.play.lead_suit, legal)
        return None
    trick = game.draw_play.current_plays()
    if not trick:
        return None
    leader, lead = trick[0]
    assert isinstance(action, Card)
    follows_suit(game.hand(seat), lead.suit, legal)
    before = {s: game.hand(s) for s in PLAYERS}
    before[leader] = before[leader] | Hand([lead])  # their hands as the trick began
    tricks = len(game.draw_play.tricks)

    def after() -> None:
        board = game.board
        assert len(game.draw_play.tricks) == tricks + 1
        winner = first_phase_winner(leader, lead, action)
        draw = game.draws[-1]
        assert draw.winner == winner and game.draw_play.tricks[-1].winner == winner
        assert (draw.face_up, draw.hidden) == board.stock[2 * tricks : 2 * tricks + 2]
        gained = {s: game.hand(s) - before[s] for s in PLAYERS}
        assert gained[winner] == Hand([draw.face_up])
        assert gained[two_handed_opponent(winner)] == Hand([draw.hidden])
        assert all(len(game.hand(s)) == 13 for s in PLAYERS)
        assert game.stock_left == 26 - 2 * (tricks + 1)
        if game.stage is TwoHandedStage.DRAW:
            assert game.to_act == winner, "the winner leads the next first-phase trick"
        else:
            assert game.stock_left == 0 and game.face_up is None, "the stock is gone"
            assert len(game.draw_play.history) == 26
            assert game.to_act == board.dealer, "the dealer calls first"

    return after


def _two_end(game: TwoHandedDeal) -> None:
    assert all(seat in PLAYERS for seat, _ in game.calls)
    phase_two = game.second_phase_hands()
    assert phase_two is not None
    first_played = {card for _, card in game.draw_play.history}
    assert first_played.isdisjoint(phase_two[0]) and first_played.isdisjoint(phase_two[1])
    result = game.result
    assert result is not None
    contract = result.contract
    if contract is None:
        assert [call for _, call in game.calls] == [PASS, PASS] and game.play is None
        return
    play = game.play
    assert play is not None
    assert len(play.tricks) == 13 and sum(play.tricks_won) == 13
    assert first_played | {card for _, card in play.history} == set(CARDS)
    assert play.tricks[0].leader == two_handed_opponent(contract.declarer) == game.opening_leader
    for trick in play.tricks:
        assert trick.winner == trick.plays[winning_position(trick.cards, contract.trump)][0]
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert after.leader == before.winner
    declarer = contract.declarer
    assert result.declarer_tricks == play.won_by(declarer)
    defender = two_handed_opponent(declarer)
    assert result.tricks_of(defender.side) == play.won_by(defender), "a column each"
    assert declarer.side != defender.side
    vulnerable = game.board.vulnerability.is_vulnerable(declarer.side)
    parts = score_contract(contract, play.won_by(declarer), vulnerable)
    assert parts.made == (play.won_by(declarer) >= contract.tricks_needed)


def _two_illegal(game: TwoHandedDeal, rng: random.Random) -> list[tuple[object, Actor]]:
    legal = set(game.legal_actions())
    pool: list[object] = [*rng.sample(CARDS, 6), PASS, Call.parse("1C"), Call.parse("X")]
    actions: list[tuple[object, Seat | None]] = [(a, None) for a in pool if a not in legal]
    seat = game.to_act
    if legal and seat is not None:
        actions.append((rng.choice(list(legal)), two_handed_opponent(seat)))
        actions.append((rng.choice(list(legal)), Seat.SOUTH))
    actions.append((Claim(0), Seat.WEST))
    actions.append((UndoRequest(), Seat.SOUTH))
    return actions + table_actions(PLAYERS, rng)


def _two_propose(
    game: TwoHandedDeal, rng: random.Random, apply: Callable[[object, Actor], None]
) -> None:
    """A claim or an undo by either player, answered by the other (never by anyone else)."""
    seat = rng.choice(PLAYERS)
    try:
        if rng.random() < 0.5 and game.play is not None:
            apply(Claim(rng.randint(0, game.play.remaining_tricks)), seat)
        else:
            apply(UndoRequest(), seat)
    except IllegalAction:
        return
    proposal = game.proposal
    assert proposal is not None and proposal.awaiting == {two_handed_opponent(seat)}
    answer_proposals(game, rng, apply)


HONEYMOON = Probe(
    new=lambda rng: TwoHandedDeal(TwoHandedBoard.random(rng.randint(1, 16), rng)),
    seen=_two_seen,
    views=_two_views,
    snapshot=_two_snapshot,
    illegal=_two_illegal,
    replay=lambda game: TwoHandedDeal(game.board),
    runs={
        "random_deals_follow_the_rules": (150, 2),
        "no_view_holds_a_card_its_viewer_has_not_seen": (60, 1),
    },
    propose_share=0.05,
    choose=_pass_often(0.5),
    actor=lambda game: game.to_act,
    check_deal=_two_deal,
    check_step=_two_step,
    check_view=_two_view,
    check_end=_two_end,
    propose=_two_propose,
    history=lambda game: game.actions(),
)


# -- Boerenbridge ----------------------------------------------------------------------------

BOERENBRIDGE_VARIANTS: dict[str, BoerenbridgeOptions] = {
    "plain": BoerenbridgeOptions(),
    "harsh and consolation": BoerenbridgeOptions(harsh=True, consolation=True),
    "fixed 7": BoerenbridgeOptions(fixed_hand_size=7),
    "no-trump rounds": BoerenbridgeOptions(no_trump_rounds=True),
    "blind": BoerenbridgeOptions(blind_one_card_rounds=True, blind_multiplier=3),
    "wizard": BoerenbridgeOptions(wizards=True),
    "wizard, blind, no-trump": BoerenbridgeOptions(
        wizards=True, blind_one_card_rounds=True, no_trump_rounds=True
    ),
    "wizard, short": BoerenbridgeOptions(wizards=True, schedule=(1, 2, 5)),
    "whole pack": BoerenbridgeOptions(schedule=(1, 3)),
}


def whole_pack_schedule(players: int, deck: DeckKind) -> tuple[int, ...]:
    """A round using every card (no trumps) and the largest round that still turns one."""
    return (deck.size // players, max_hand_size(players, deck))


def _boeren_new(rng: random.Random) -> BoerenbridgeRound:
    """A round of a random variant for 2–7 players."""
    variant = rng.choice(sorted(BOERENBRIDGE_VARIANTS))
    options = BOERENBRIDGE_VARIANTS[variant]
    players = rng.randint(2, 7)
    if players == 2 and options.wizards:
        players = 3
    if variant == "whole pack":
        deck = DeckKind.TWO_PLAYER if players == 2 else DeckKind.STANDARD
        options = BoerenbridgeOptions(schedule=whole_pack_schedule(players, deck))
    if options.fixed_hand_size is not None and players == 2:
        options = BoerenbridgeOptions(fixed_hand_size=7)
    plan = round_setups(players, options, first_dealer=rng.randrange(players))
    return BoerenbridgeRound.dealt(rng.choice(plan), rng)


def reference_legal(hand: frozenset[AnyCard], trick: Sequence[AnyCard]) -> frozenset[AnyCard]:
    """Follow suit as the rules say it, written out again: the suit of the first card that is
    not a Jester, unless that is a Wizard; Wizards and Jesters may always be played."""
    led: Suit | None = None
    for card in trick:
        if isinstance(card, Special):
            if card.is_wizard:
                break
            continue
        led = card.suit
        break
    if led is None:
        return hand
    suited = {c for c in hand if isinstance(c, Card) and c.suit == led}
    if not suited:
        return hand
    return frozenset(suited | {c for c in hand if isinstance(c, Special)})


def reference_winner(cards: Sequence[AnyCard], trump: Suit | None) -> int:
    for position, card in enumerate(cards):
        if isinstance(card, Special) and card.is_wizard:
            return position
    plain = [(p, c) for p, c in enumerate(cards) if isinstance(c, Card)]
    if not plain:
        return 0
    led = plain[0][1].suit
    trumps = [(c.rank, p) for p, c in plain if c.suit == trump]
    if trumps:
        return max(trumps)[1]
    return max((c.rank, p) for p, c in plain if c.suit == led)[1]


def _boeren_seen(game: BoerenbridgeRound, viewer: int | None) -> int:
    """Every card played, the turned card, and one's own hand (a blind round's only once the
    bids are in); everything once the round is over."""
    seen = mask_of([card for _, card in game.played])
    if game.turned is not None:
        seen |= mask_of([game.turned])
    if game.is_over:
        for player in range(game.players):
            seen |= mask_of(game.deal.hand(player))
    elif viewer is not None and not (game.setup.blind and game.phase is not RoundPhase.PLAY):
        seen |= mask_of(game.hand(viewer))
    return seen


def _boeren_views(game: BoerenbridgeRound) -> list[tuple[int | None, object]]:
    views: list[tuple[int | None, object]] = [
        (p, boerenbridge_views.player_view(game, p)) for p in range(game.players)
    ]
    return [*views, (None, boerenbridge_views.kibitzer_view(game))]


def _boeren_view(game: BoerenbridgeRound, viewer: int | None, view: Any) -> None:
    if viewer is None:
        assert view.legal_actions == ()
        if not game.is_over:
            assert all(hand is None for hand in view.hands)
            assert view.dealt is None and view.result is None
        watcher = boerenbridge_views.kibitzer_view(game, all_hands=True)
        assert watcher.hands == tuple(game.hand(p) for p in range(game.players))
        if game.is_over:
            final = boerenbridge_views.final_view(game)
            assert final.dealt == tuple(game.deal.hand(p) for p in range(game.players))
            assert final.result == game.result
        return
    blind_bidding = game.setup.blind and game.phase is not RoundPhase.PLAY and not game.is_over
    if blind_bidding:
        assert view.hand is None
    else:
        assert view.hand == game.hand(viewer)
    if viewer == game.to_act:
        assert view.legal_actions == tuple(game.legal_actions())
    else:
        assert view.legal_actions == ()
    assert view.bids == game.bids and view.tricks_won == game.tricks_won
    assert view.played == game.played and view.turned == game.turned


def _boeren_step(game: BoerenbridgeRound, legal: Sequence[object], action: object) -> Check | None:
    setup = game.setup
    actor = game.to_act
    assert actor is not None
    if game.phase is RoundPhase.BIDDING:
        assert legal, "the dealer always has a bid"
        if actor == setup.dealer:
            barred = setup.hand_size - sum(b for b in game.bids if b is not None)
            assert Bid(barred) not in legal
            assert len(legal) == setup.hand_size + 1 - (0 <= barred <= setup.hand_size)
    if game.phase is not RoundPhase.PLAY:
        return None
    trick = [card for _, card in game.current_trick]
    assert frozenset(legal) == reference_legal(frozenset(game.hand(actor)), trick)
    if len(trick) + 1 < setup.players:
        return None
    assert isinstance(action, Card | Special)
    cards = (*trick, action)

    def after() -> None:
        last = game.tricks[-1]
        assert last.cards == cards
        assert last.winner == (last.leader + reference_winner(cards, game.trump)) % setup.players
        assert game.to_act in (last.winner, None)

    return after


def _boeren_end(game: BoerenbridgeRound) -> None:
    setup = game.setup
    result = game.result
    assert result is not None
    assert sum(result.bids) != setup.hand_size  # the boerenregel: someone always misses
    assert sum(result.tricks) == setup.hand_size == len(game.tricks)
    assert all(not game.hand(p) for p in range(setup.players))
    for player in range(setup.players):
        mine = [card for p, card in game.played if p == player]
        assert frozenset(mine) == frozenset(game.deal.hand(player))
        assert len(mine) == setup.hand_size
    assert game.tricks[0].leader == setup.first_bidder


def _boeren_snapshot(game: BoerenbridgeRound) -> object:
    return (
        game.phase,
        game.to_act,
        game.trump,
        game.bids,
        game.played,
        boerenbridge_views.kibitzer_view(game, all_hands=True),
    )


def _boeren_illegal(game: BoerenbridgeRound, rng: random.Random) -> list[tuple[object, Actor]]:
    actor = game.to_act
    if actor is None:
        return [(Bid(0), 0), (rng.choice(game.setup.deck.cards), 0)]
    legal = set(game.legal_actions())
    wrong: list[tuple[object, int | None]] = [
        (Bid(game.hand_size + 1), actor),
        (rng.choice(game.setup.deck.cards), actor),
        (ChooseTrump(Suit.CLUBS), actor),
        (Claim(0), actor),
        (UndoRequest(), actor),
    ]
    if legal:
        wrong.append((rng.choice(sorted(legal, key=str)), (actor + 1) % game.players))
    return [(action, by) for action, by in wrong if not (action in legal and by == actor)]


BOERENBRIDGE = Probe(
    new=_boeren_new,
    seen=_boeren_seen,
    views=_boeren_views,
    snapshot=_boeren_snapshot,
    illegal=_boeren_illegal,
    replay=lambda game: BoerenbridgeRound(game.setup, game.deal),
    runs={
        "random_deals_follow_the_rules": (200, 3),
        "no_view_holds_a_card_its_viewer_has_not_seen": (120, 2),
        "illegal_actions_are_refused": (200, 3),
    },
    actor=lambda game: game.to_act,
    check_step=_boeren_step,
    check_view=_boeren_view,
    check_end=_boeren_end,
)


PROBES: dict[str, Probe] = {
    "contract": CONTRACT,
    "bridge-whist": BRIDGE_WHIST,
    "widow": WIDOW,
    "honeymoon": HONEYMOON,
    "boerenbridge": BOERENBRIDGE,
}
"""Every game of the registry, by its name there."""
