"""The card the robots play from equals, and what it tells the other players (issue 18, item 2).

Two cards of a suit in one hand are equals when every card ranked between them is in a
finished trick: they take the same tricks whatever the layout.  The robots choose among equals
by a disclosed rule (docs/bidding.md, "Cards from equals"): **the top when leading** (the king
from K-Q, the opening lead included), **the lowest when following or discarding**.  So a card
played says where the next card is:

- a lead denies the next card up that is not gone (the king led denies the ace);
- a card followed or discarded denies the next card down (the queen played under the ace
  denies the jack).

A layout in which a player held the denied card counts `DENIED` as much for each such card (not
zero: a person need not play by the rule): sampled layouts are kept with that chance
(`kept_by_carding`), so the time goes to layouts that count, and every layout of an exact
enumeration is weighed by it.  A defender reads declarer's cards and partner's;
declarer reads the defenders'.  The denied card is worked out once per decision (`tells`);
weighing a layout is then a few mask tests.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from typing import Final

from vaza.core.cards import Card, Rank, Seat, Suit
from vaza.robots.cardplay.solver import Layout

DENIED: Final = 0.2
"""How much a layout counts for each card a player's choice from equals said it did not hold."""


def denied_card(played: Sequence[tuple[Seat, Card]], index: int, holding_later: int) -> Card | None:
    """The card the `index`-th card played denies, or None: the next card of its suit up (a
    lead) or down (a card followed or discarded), skipping cards gone in finished tricks.  None
    when that card is in `holding_later` (the player held it and played it later: it did not
    play by the rule, so the rule tells nothing) or when there is no such card."""
    _, card = played[index]
    start = index - index % 4
    gone = 0
    for _, earlier in played[:start]:
        gone |= earlier.mask
    step = 1 if index % 4 == 0 else -1
    rank = card.rank + step
    while Rank.TWO <= rank <= Rank.ACE:
        neighbour = Card(card.suit, Rank(rank))
        if not neighbour.mask & gone:
            return None if neighbour.mask & holding_later else neighbour
        rank += step
    return None


def tells(
    played: Sequence[tuple[Seat, Card]],
    readable: Collection[Seat],
    trump: Suit | None,
    *,
    signals: bool = False,
) -> tuple[tuple[Seat, int], ...]:
    """Each card denied by a choice from equals of a seat in `readable` (the hidden hands), as
    (seat, card mask).  With `signals` a spot card of a side suit tells nothing: it may have
    been chosen as a signal instead (`signals`)."""
    later = [0, 0, 0, 0]
    seen = 0
    for _, card in played:
        seen |= card.mask
    found: list[tuple[Seat, int]] = []
    for index in range(len(played) - 1, -1, -1):
        seat, card = played[index]
        later[seat] |= card.mask
        if seat not in readable:
            continue
        if signals and card.rank <= Rank.TEN and card.suit != trump:
            continue
        denied = denied_card(played, index, later[seat] & ~card.mask)
        if denied is not None and not denied.mask & seen:  # a card played is held by no one
            found.append((seat, denied.mask))
    return tuple(found)


def carding_weight(layout: Layout, denied: Sequence[tuple[Seat, int]]) -> float:
    """How much `layout` (remaining cards by seat) counts: `DENIED` for each denied card its
    player holds there."""
    weight = 1.0
    for seat, mask in denied:
        if layout[seat] & mask:
            weight *= DENIED
    return weight


_TRIES: Final = 40
"""Draws per layout wanted before the layouts refused are let in (the rule was not followed)."""


def kept_by_carding(
    draw: Callable[[int], list[Layout]],
    count: int,
    denied: Sequence[tuple[Seat, int]],
    rng: random.Random,
) -> list[Layout]:
    """`count` layouts from `draw`, each kept with chance `carding_weight`: the layouts a
    weighing would count, drawn in proportion.  When too few are kept (a player who does not
    play by the rule), the first refused make up the number."""
    if not denied:
        return draw(count)
    kept: list[Layout] = []
    refused: list[Layout] = []
    for _ in range(_TRIES):
        for layout in draw(count):
            if rng.random() < carding_weight(layout, denied):
                kept.append(layout)
            elif len(refused) < count:
                refused.append(layout)
        if len(kept) >= count:
            return kept[:count]
    return kept + refused[: count - len(kept)]


__all__ = ["DENIED", "carding_weight", "denied_card", "kept_by_carding", "tells"]
