"""Laws 68-70 in the views of every game that claims: while a claim waits, the claimer's
opponents see its remaining cards, and nobody else does (not partner, not a watcher); a rejected
claim hides them again as play goes on; an accepted one ends the deal with every hand shown.
The hidden-card test of test_games.py checks the same allowance over random play."""

from __future__ import annotations

import random

import pytest

from gameprobes import PROBES, Probe, card_mask
from vaza.core import Claim, ClaimResponse, IllegalAction
from vaza.core.cards import Seat
from vaza.core.games.honeymoon import PLAYERS

CLAIMING = ["contract", "bridge-whist", "widow", "honeymoon"]


def shown(probe: Probe, view: object, seat: Seat) -> object:
    """The cards of `seat` in a view (None where hidden)."""
    hands = view.hands  # type: ignore[attr-defined]
    return hands[PLAYERS.index(seat)] if probe is PROBES["honeymoon"] else hands[seat]


def claimed(probe: Probe, rng: random.Random) -> tuple[object, Seat, dict[Seat | None, object]]:
    """A deal played at random until, some way into the play, its player on turn claims; with
    what each viewer saw of the claimer's hand just before."""
    while True:
        game = probe.new(rng)
        while not game.is_over:  # type: ignore[attr-defined]
            by = probe.actor(game)
            claimer = getattr(game, "controller", None) or game.to_act  # type: ignore[attr-defined]
            if isinstance(claimer, Seat) and rng.random() < 0.08:
                before = {viewer: shown(probe, view, claimer) for viewer, view in probe.views(game)}
                try:
                    game.apply(Claim(rng.randint(0, 3)), by=claimer)  # type: ignore[attr-defined]
                except IllegalAction:
                    pass
                else:
                    return game, claimer, before
            game.apply(probe.choose(game, rng), by=by)  # type: ignore[attr-defined]


def hand_of(game: object, seat: Seat) -> object:
    deal = getattr(game, "play_deal", None) or game
    return deal.hand(seat)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", CLAIMING)
@pytest.mark.parametrize("accept", [False, True])
def test_the_claimers_hand_is_shown_to_its_opponents_alone(name: str, accept: bool) -> None:
    probe = PROBES[name]
    rng = random.Random(f"{name}-{accept}")
    for _ in range(12):
        game, by, before = claimed(probe, rng)
        views = probe.views(game)
        for viewer, view in views:
            assert not card_mask(view) & ~probe.seen(game, viewer), "a hidden card is shown"
            if viewer == by:
                continue
            if viewer is not None and viewer.side != by.side:
                assert shown(probe, view, by) == hand_of(game, by), f"{viewer} sees no claim"
            else:  # partner and the watchers see what they saw (a faced dummy's cards)
                assert shown(probe, view, by) == before[viewer], f"{viewer or 'a watcher'} sees it"
        proposal = game.proposal  # type: ignore[attr-defined]
        for seat in sorted(proposal.awaiting):
            if game.proposal is None:  # type: ignore[attr-defined]
                break
            game.apply(ClaimResponse(accept), by=seat)  # type: ignore[attr-defined]
        over = game.is_over  # type: ignore[attr-defined]
        assert over == accept
        for viewer, view in probe.views(game):
            if viewer == by:
                continue
            if over:
                assert shown(probe, view, by) is not None
            else:
                assert shown(probe, view, by) == before[viewer], f"{viewer} still sees the claim"


@pytest.mark.parametrize("name", CLAIMING)
def test_no_undo_takes_back_what_was_chosen_before_a_claimers_hand_was_seen(name: str) -> None:
    """The claimer's hand, once faced to its opponents, is a card shown (Law 47 as undo applies
    it): after a rejected claim no opponent may take back an action made before the claim."""
    probe = PROBES[name]
    rng = random.Random(f"{name}-undo")
    for _ in range(12):
        game, by, _ = claimed(probe, rng)
        deal = getattr(game, "play_deal", None) or game
        proposal = deal.proposal  # type: ignore[attr-defined]
        game.apply(ClaimResponse(accept=False), by=min(proposal.awaiting))  # type: ignore[attr-defined]
        seats = PLAYERS if probe is PROBES["honeymoon"] else tuple(Seat)
        for seat in seats:
            if seat.side != by.side:
                assert not game.may_undo(seat), (name, by, seat)  # type: ignore[attr-defined]
