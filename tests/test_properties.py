"""Property tests over thousands of random legal deals (hypothesis picks the seeds)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st

from vaza.core import (
    CALLS,
    CARDS,
    Board,
    Call,
    Card,
    Claim,
    ClaimResponse,
    ContractDeal,
    Hand,
    IllegalAction,
    Phase,
    Seat,
    Suit,
    UndoRequest,
    UndoResponse,
    Vulnerability,
    kibitzer_view,
    seat_view,
)
from vaza.core.game import ProposalKind
from vaza.core.play import trick_winner

DEALS_PER_EXAMPLE = 10
seeds = st.integers(min_value=0, max_value=2**63)


def deals(seed: int) -> Iterator[tuple[ContractDeal, random.Random]]:
    rng = random.Random(seed)
    for number in range(1, DEALS_PER_EXAMPLE + 1):
        yield ContractDeal(Board.random(number, rng)), rng


def snapshot(game: ContractDeal) -> object:
    """Everything observable about a game's state."""
    return (
        game.record(),
        game.phase,
        game.to_act,
        game.controller,
        game.proposal,
        tuple(game.legal_actions()),
        kibitzer_view(game, all_hands=True),
    )


@settings(max_examples=300, deadline=None)
@given(seeds)
def test_random_deals_follow_the_rules(seed: int) -> None:
    for game, rng in deals(seed):
        deal = game.board.deal
        assert sum(len(hand) for hand in deal.hands) == 52
        assert len({card for hand in deal.hands for card in hand}) == 52
        while not game.is_over:
            legal = game.legal_actions()
            assert legal, "a game that is not over always offers an action"
            action = rng.choice(legal)
            if game.phase is Phase.PLAY and isinstance(action, Card):
                assert game.play is not None
                seat = game.to_act
                assert seat is not None
                held = game.hand(seat)
                led = game.play.lead_suit
                if led is not None and held.length(led):
                    assert all(card.suit == led for card in legal), "must follow suit"
                else:
                    assert set(legal) == set(held), "any card when void or leading"
            game.apply(action)
        result = game.result
        assert result is not None
        if result.contract is None:
            assert [str(call) for call in game.auction.calls] == ["Pass"] * 4
            continue
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


def _illegal_candidates(game: ContractDeal, rng: random.Random) -> list[tuple[object, Seat | None]]:
    legal = set(game.legal_actions())
    actions: list[tuple[object, Seat | None]] = []
    for action in rng.sample(CARDS, 6) + rng.sample(CALLS, 6):
        if action not in legal:
            actions.append((action, None))
    controller = game.controller
    if legal and controller is not None:
        wrong = rng.choice([seat for seat in Seat if seat != controller])
        actions.append((rng.choice(list(legal)), wrong))
    actions.append((Claim(14), rng.choice(list(Seat))))
    actions.append((ClaimResponse(accept=True), rng.choice(list(Seat))))
    actions.append((UndoResponse(grant=True), rng.choice(list(Seat))))
    return actions


@settings(max_examples=150, deadline=None)
@given(seeds)
def test_illegal_or_out_of_turn_actions_raise_and_change_nothing(seed: int) -> None:
    for game, rng in deals(seed):
        while not game.is_over:
            if rng.random() > 0.2:  # probe one position in five
                game.apply(rng.choice(game.legal_actions()))
                continue
            before = snapshot(game)
            for action, by in _illegal_candidates(game, rng):
                try:
                    game.apply(action, by=by)  # type: ignore[arg-type]
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action!r} by {by} was accepted")
                assert snapshot(game) == before
            game.apply(rng.choice(game.legal_actions()))
        before = snapshot(game)
        for action, by in _illegal_candidates(game, rng):
            try:
                game.apply(action, by=by)  # type: ignore[arg-type]
            except IllegalAction:
                continue
            raise AssertionError("an action was accepted after the end")
        assert snapshot(game) == before


_FIELDS: dict[type, tuple[str, ...]] = {}
_SCALARS = {Call, int, str, bool, float, Seat, Suit, Phase, Vulnerability}


def card_mask(value: object) -> int:
    """Every card reachable inside a view (dataclasses, tuples, hands, deals), as a mask."""
    kind = type(value)
    if kind is Card or kind is Hand:
        return value.mask  # type: ignore[union-attr]
    if value is None or kind in _SCALARS:
        return 0
    if isinstance(value, tuple | list | frozenset | set):
        mask = 0
        for item in value:
            mask |= card_mask(item)
        return mask
    if isinstance(value, dict):
        return card_mask(tuple(value.values()))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if kind not in _FIELDS:
            _FIELDS[kind] = tuple(field.name for field in dataclasses.fields(value))
        return card_mask(tuple(getattr(value, name) for name in _FIELDS[kind]))
    return 0


def allowed_mask(game: ContractDeal, viewer: Seat | None) -> int:
    if game.is_over:
        return (1 << 52) - 1
    allowed = 0
    if viewer is not None:
        allowed |= game.board.deal[viewer].mask
    if game.play is not None:
        for _, card in game.play.history:
            allowed |= card.mask
        contract = game.contract
        if contract is not None and game.play.history:
            allowed |= game.board.deal[contract.dummy].mask
    return allowed


def leaked(game: ContractDeal, viewer: Seat | None, view: object) -> list[str]:
    extra = card_mask(view) & ~allowed_mask(game, viewer)
    return [str(card) for card in CARDS if extra & card.mask]


@settings(max_examples=100, deadline=None)
@given(seeds)
def test_no_view_holds_a_card_its_seat_may_not_see(seed: int) -> None:
    for game, rng in deals(seed):
        while True:
            for seat in Seat:
                view = seat_view(game, seat)
                assert not leaked(game, seat, view), f"{seat.name} sees a hidden card"
                assert view.hand == game.hand(seat)
                assert bool(view.legal_actions) == (seat == game.controller and not game.is_over)
            public = kibitzer_view(game)
            assert not leaked(game, None, public), "a kibitzer sees a hidden card"
            if game.is_over:
                break
            if rng.random() < 0.01 and game.phase is Phase.PLAY:
                _claim_or_undo(game, rng)
                continue
            game.apply(rng.choice(game.legal_actions()))


def _claim_or_undo(game: ContractDeal, rng: random.Random) -> None:
    """Exercise proposals mid-play: a random claim or undo, answered at random."""
    assert game.play is not None and game.contract is not None
    seat = rng.choice([s for s in Seat if s != game.contract.dummy])
    if rng.random() < 0.5:
        game.apply(Claim(rng.randint(0, game.play.remaining_tricks)), by=seat)
    else:
        try:
            game.apply(UndoRequest(), by=seat)
        except IllegalAction:
            return
    while game.proposal is not None:
        responder = next(iter(game.proposal.awaiting))
        yes = rng.random() < 0.7
        undo = game.proposal.kind is ProposalKind.UNDO
        game.apply(UndoResponse(yes) if undo else ClaimResponse(yes), by=responder)
