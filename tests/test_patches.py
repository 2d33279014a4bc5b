"""Updates as patches (issue 20): folding the patches an audience receives gives exactly that
audience's view, after every action, in random matches of every game of the registry; and a
patch holds nothing its audience's view does not.  The server writes a patch against the view
it built last time, so a view must be a value: nothing in it may change once built (a score
list shared with the scorer did, and the patch missed the new score)."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from vaza.core.errors import ParseError
from vaza.games import GAMES
from vaza.games.spec import GameSpec
from vaza.match.base import SHARED
from vaza.protocol.patch import apply, diff, diff_beside

JSON = dict[str, Any]


def _wire(value: Any) -> Any:
    """As a client receives it: through JSON text."""
    return json.loads(json.dumps(value))


def _audiences(match: Any) -> list[tuple[str | None, bool]]:
    return [(seat, False) for seat in match.seat_labels] + [(None, False), (None, True)]


def _act(spec: GameSpec[Any, Any], match: Any, rng: random.Random, alert: float = 0.0) -> None:
    """One random legal action of whoever must act, taken from their view's `legal`, as a
    client would send it; a call is alerted with chance `alert` (partner may not read it)."""
    asked = sorted(match.responders()) or [match.controller()]
    seat = rng.choice(asked)
    action = dict(rng.choice(match.view(seat)["legal"]))
    parsed = spec.actions.parse(_wire(action))
    if action.get("type") == "call" and rng.random() < alert:
        with contextlib.suppress(ParseError):  # a game whose calls take no alerts
            parsed = spec.actions.parse({**action, "alert": "a note"})
    match.apply(parsed, seat)


Audience = tuple[str | None, bool]


def _moments(
    spec: GameSpec[Any, Any], seed: int, alert: float = 0.0
) -> Iterator[tuple[Any, list[Audience], random.Random, bool]]:
    """Every moment of three random matches of `spec`, two deals each: before the first deal
    (flagged True: a new match) and after each action, a call alerted with chance `alert`."""
    for number in range(3):
        rng = random.Random(seed + number)
        players = spec.players[number % len(spec.players)]
        match = spec.new_match(spec.settings(players, spec.scoring_names[0], {}))
        audiences = _audiences(match)
        yield match, audiences, rng, True
        for _ in range(2):  # two deals, and the wait between them
            match.start_deal(match.setup_deal(rng))
            while True:
                yield match, audiences, rng, False
                if not match.in_deal:
                    break
                _act(spec, match, rng, alert)
            if match.is_over:
                break
            match.finish_deal()


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.name)
def test_folding_the_patches_gives_each_audience_its_view(spec: GameSpec[Any, Any]) -> None:
    folds = 0
    # What the server keeps (the views as built: they must not change after) and what each
    # client holds (through JSON).
    kept: dict[Audience, JSON] = {}
    held: dict[Audience, JSON] = {}
    for match, audiences, _, new_match in _moments(spec, 0):
        if new_match:
            kept = {audience: match.view(*audience) for audience in audiences}
            held = {audience: _wire(view) for audience, view in kept.items()}
            continue
        for audience in audiences:
            built = match.view(*audience)
            now = _wire(built)
            patch = _wire(diff(kept[audience], built))
            folded = apply(held[audience], patch)
            assert folded == now, (spec.name, audience)
            sent = [op[2] for op in patch if len(op) > 2]
            assert _values_in(sent) <= _values_in(now), "a patch holds more than the view"
            held[audience], kept[audience] = folded, built
            folds += 1
    assert folds > 200


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.name)
def test_views_of_one_moment_sharing_what_they_hold_alike_are_each_as_if_built_alone(
    spec: GameSpec[Any, Any],
) -> None:
    """The server builds every audience's view of a moment with one `moment` memo, so that a
    match builds once what they hold alike: in whatever order the audiences come, each view is
    the one built alone (a viewer's own field shared by mistake would show one audience
    another's cards), and building one changes none built before."""
    moments = 0
    for match, audiences, rng, _ in _moments(spec, 100, alert=0.3):
        alone = {audience: _wire(match.view(*audience)) for audience in audiences}
        moment: JSON = {}
        shared = {}
        for audience in rng.sample(audiences, len(audiences)):
            shared[audience] = match.view(*audience, moment=moment)
            assert _wire(shared[audience]) == alone[audience], (spec.name, audience)
        assert {a: _wire(view) for a, view in shared.items()} == alone
        moments += 1
    assert moments > 50


@pytest.mark.parametrize("spec", GAMES, ids=lambda spec: spec.name)
def test_a_patch_written_beside_the_shared_part_folds_as_the_whole_diff(
    spec: GameSpec[Any, Any],
) -> None:
    """The hub diffs the part of a moment's views every audience holds alike once, and each
    audience's own keys alone (`diff_beside`): folded, that patch gives the audience's view
    from its last one, at every moment of random matches (deals ending and starting, alerts)."""
    folds = 0
    before: tuple[JSON | None, dict[Audience, JSON]] | None = None
    for match, audiences, rng, new_match in _moments(spec, 200, alert=0.3):
        moment: JSON = {}
        order = rng.sample(audiences, len(audiences))
        views = {audience: match.view(*audience, moment=moment) for audience in order}
        shared = moment.get(SHARED)
        if not new_match and before is not None and before[0] is not None and shared is not None:
            shared_before, views_before = before
            assert shared_before.keys() == shared.keys(), "the hub diffs such views whole"
            shared_patch = diff(shared_before, shared)
            for audience, view in views.items():
                old = views_before[audience]
                written = diff_beside(old, view, shared, shared_patch)
                assert apply(_wire(old), _wire(written)) == _wire(view), audience
                folds += 1
        before = (shared, views)
    if not folds:
        pytest.skip(f"{spec.name}'s views share no part: the hub diffs each whole")
    assert folds > 200


def test_views_whose_keys_differ_are_diffed_whole() -> None:
    old, new = {"a": 1, "own": 1, "gone": 0}, {"a": 2, "own": 2}
    written = diff_beside(old, new, {"a": 2}, [["s", ["a"], 2]])
    assert written == diff(old, new)
    assert apply(old, written) == new


def _values_in(value: Any) -> set[str]:
    """Every text in a JSON value (cards are texts)."""
    if isinstance(value, dict):
        return set().union(*(_values_in(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):  # a tuple is a JSON array too (a card played)
        return set().union(*(_values_in(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def test_a_call_and_its_explanation_travel_once() -> None:
    old = {"calls": ["1NT"], "explanations": {"en": {"0": "15-17"}}, "phase": "auction"}
    new = {
        "calls": ["1NT", "Pass"],
        "explanations": {"en": {"0": "15-17", "1": "no"}},
        "phase": "auction",
    }
    assert diff(old, new) == [["a", ["calls"], ["Pass"]], ["s", ["explanations", "en", "1"], "no"]]
    assert apply(old, diff(old, new)) == new
    assert old["calls"] == ["1NT"], "applying a patch changed the view it was applied to"


def test_a_key_that_goes_is_deleted_and_a_bad_patch_is_refused() -> None:
    assert diff({"a": 1, "b": 2}, {"a": 1}) == [["d", ["b"]]]
    with pytest.raises(ValueError, match="not in the view"):
        apply({"a": 1}, [["s", ["x", "y"], 2]])
    with pytest.raises(ValueError, match="not a list"):
        apply({"a": 1}, [["a", ["a"], [2]]])
    with pytest.raises(ValueError, match="not a patch operation"):
        apply({"a": 1}, [["z", ["a"], 2]])
