"""Every game of the registry through the same four tests (as OpenSpiel runs one simulation test
over every registered game): random deals played to the end by their rules; no view holding a
card its viewer has not seen, at any step; wrong actions refused without a change; the game
rebuilt from its log.  What each game must tell the tests is in gameprobes.py."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameprobes import PROBES, Actor, Probe, card_mask
from vaza.core import IllegalAction
from vaza.games import GAMES

seeds = st.integers(min_value=0, max_value=2**63)
NAMES = [spec.name for spec in GAMES]


def test_every_game_of_the_registry_has_a_probe() -> None:
    assert sorted(PROBES) == sorted(NAMES)


def run(probe: Probe, test: str, body: Callable[[random.Random], None]) -> None:
    """`body` over the probe's share of hypothesis's seeds, each dealing its deals."""
    examples, deals = probe.runs.get(test, (50, 1))

    @settings(max_examples=examples, deadline=None)
    @given(seeds)
    def examples_of(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(deals):
            body(rng)

    examples_of()


def applier(game: object, log: list[tuple[Actor, object]]) -> Callable[[object, Actor], None]:
    """Apply an action and keep it in the log, as a table keeps its events."""

    def apply(action: object, by: Actor) -> None:
        game.apply(action, by=by)  # type: ignore[attr-defined]
        log.append((by, action))

    return apply


def leaked(probe: Probe, game: object, viewer: Actor | None, view: object) -> int:
    return card_mask(view) & ~probe.seen(game, viewer)


@pytest.mark.parametrize("name", NAMES)
def test_random_deals_follow_the_rules(name: str) -> None:
    probe = PROBES[name]

    def deal(rng: random.Random) -> None:
        game = probe.new(rng)
        probe.check_deal(game)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal, "a game that is not over always offers an action"
            action = probe.choose(game, rng)
            after = probe.check_step(game, legal, action)
            game.apply(action, by=probe.actor(game))
            if after is not None:
                after()
        probe.check_end(game)

    run(probe, "random_deals_follow_the_rules", deal)


@pytest.mark.parametrize("name", NAMES)
def test_no_view_holds_a_card_its_viewer_has_not_seen(name: str) -> None:
    probe = PROBES[name]

    def deal(rng: random.Random) -> None:
        game = probe.new(rng)
        apply = applier(game, [])
        while True:
            for viewer, view in probe.views(game):
                extra = leaked(probe, game, viewer, view)
                assert not extra, (
                    f"{viewer if viewer is not None else 'a kibitzer'} sees a hidden card"
                )
                probe.check_view(game, viewer, view)
            if game.is_over:
                break
            if probe.propose is not None and rng.random() < probe.propose_share:
                probe.propose(game, rng, apply)
                continue
            apply(probe.choose(game, rng), probe.actor(game))

    run(probe, "no_view_holds_a_card_its_viewer_has_not_seen", deal)


def must_refuse(probe: Probe, game: object, rng: random.Random) -> None:
    """Every wrong action the probe names now raises an IllegalAction and changes nothing."""
    before = probe.snapshot(game)
    for action, by in probe.illegal(game, rng):
        try:
            game.apply(action, by=by)  # type: ignore[attr-defined]
        except IllegalAction:
            assert probe.snapshot(game) == before, f"{action!r} by {by} changed the game"
            continue
        raise AssertionError(f"{action!r} by {by} was accepted")


@pytest.mark.parametrize("name", NAMES)
def test_illegal_actions_are_refused(name: str) -> None:
    probe = PROBES[name]

    def deal(rng: random.Random) -> None:
        game = probe.new(rng)
        while True:
            if game.is_over or rng.random() < 0.25:
                must_refuse(probe, game, rng)
            if game.is_over:
                break
            game.apply(probe.choose(game, rng), by=probe.actor(game))

    run(probe, "illegal_actions_are_refused", deal)


@pytest.mark.parametrize("name", NAMES)
def test_rebuilt_from_its_log(name: str) -> None:
    """The actions applied, replayed on the same deal, give the same game (a claimed deal's
    result aside, which is settled, not played); so does the game's own record of them."""
    probe = PROBES[name]

    def deal(rng: random.Random) -> None:
        game = probe.new(rng)
        log: list[tuple[Actor, object]] = []
        apply = applier(game, log)
        for _ in range(rng.randint(0, 70)):
            if game.is_over:
                break
            if probe.propose is not None and rng.random() < 0.05:
                probe.propose(game, rng, apply)
            else:
                apply(probe.choose(game, rng), probe.actor(game))
        claimed = bool(getattr(game.result, "claimed", False))
        copy = probe.replay(game)
        for by, action in log:
            copy.apply(action, by=by)
        if not claimed:
            assert probe.snapshot(copy) == probe.snapshot(game)
        if probe.history is not None:
            assert probe.history(copy) == probe.history(game)
            again = probe.replay(game)
            for by, action in probe.history(game):
                again.apply(action, by=by)
            assert probe.history(again) == probe.history(game)
            if not claimed:
                assert probe.snapshot(again) == probe.snapshot(game)

    run(probe, "rebuilt_from_its_log", deal)
