"""What a Boerenbridge player knows, read from a `RoundView`, and hidden hands drawn from it.

The strong robot never sees a state: it reads its view into `RoundFacts` (its own cards, the
turned card, every card played and by whom, the suits each player showed out of, the bids and
the tricks won), then deals the unseen cards again and again in every way consistent with those
facts.  The bids made are evidence too: a deal in which a player who bid three holds nothing is
unlikely, so each sampled deal is weighed by how well each player's bid fits the hand the
sample gives them (`HandEstimator`).  Unless the player bids and plays at random: how likely
that is, from its bid and from the cards it followed with (`random_chances`), says how far its
bid is trusted and how it is simulated.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from vaza.core.cards import Card
from vaza.core.games.boerenbridge import RoundPhase
from vaza.core.games.boerenbridge_cards import AnyCard
from vaza.core.views.boerenbridge import RoundView
from vaza.robots.boerenbridge_playout import (
    ABOVE,
    BEATERS,
    NO_TRUMP,
    SPECIALS,
    SUIT_MASKS,
    SUIT_OF,
    WIZARDS,
    cards,
    follow_after,
    legal_mask,
)

TYPICAL_HANDS = 32
"""Random hands whose mean power stands for an opponent's."""
BID_SPREAD: Final = 1.0
"""How far (in tricks, one standard deviation) a bid may stray from the hand's estimate.  A
constant, no longer a knob: deals weighed more or less sharply by the bids did not move the
exact-bid rate outside the noise (experiments/README.md, `boeren_objective.py`)."""


@dataclass(frozen=True, slots=True)
class Followed:
    """A card a player played to a trick someone else led, with what it faced: enough to
    tell, against a sampled hand, whether it chased or dodged the trick as its bid asked."""

    player: int
    card: int
    follow: int
    """The suit mask to follow (0 when free)."""
    best: int
    """The card winning the trick when it was played."""
    need: int
    """The player's bid less the tricks it had won."""
    from_here: int
    """The cards the player played from this one on: its hand then was these and the cards
    it still holds."""


@dataclass(frozen=True, slots=True)
class RoundFacts:
    """Everything one player knows about a round, as card masks and small integers."""

    players: int
    me: int
    dealer: int
    hand_size: int
    trump: int
    """0..3 as `Suit`, or `NO_TRUMP`."""
    deck: int
    """Mask of the round's pack."""
    turned: int
    """Mask of the card turned for trumps (0 when none)."""
    hand: int | None
    """My remaining cards (None while bidding blind)."""
    bids: tuple[int | None, ...]
    won: tuple[int, ...]
    played_by: tuple[int, ...]
    """The cards each player has played so far."""
    forbidden: tuple[int, ...]
    """Cards each player cannot hold: the suits they showed out of."""
    leader: int
    """Who leads (or led) the current trick."""
    trick: tuple[int, ...]
    """Cards of the current trick in the order played."""
    unseen: int
    """Cards whose place I do not know: in other hands (or mine, blind) or undealt."""
    followed: tuple[Followed, ...]
    """The cards the others played to tricks someone else led, in order: what shows whether
    they play to their bids (`random_chances`)."""

    def remaining(self, player: int) -> int:
        """How many cards `player` still holds."""
        return self.hand_size - self.played_by[player].bit_count()

    @property
    def first_bidder(self) -> int:
        return (self.dealer + 1) % self.players

    @property
    def tricks_left(self) -> int:
        return self.hand_size - sum(self.won)


def facts_of(view: RoundView) -> RoundFacts:
    """Read a player's view into facts (the view must belong to a player)."""
    me = view.viewer
    if me is None:
        raise ValueError("a robot plays from a player's view, not a kibitzer's")
    players = view.players
    trump = NO_TRUMP if view.trump is None else int(view.trump)
    own = view.hand
    hand = None if own is None else _mask(own)
    turned = 0 if view.turned is None else view.turned.mask
    order, played_by, forbidden = _replay(view, me, trump)
    from_here = [0] * players
    followed: list[Followed] = []
    for player, index, follow, best, need in reversed(order):
        from_here[player] |= 1 << index
        if need is not None:
            followed.append(Followed(player, index, follow, best, need, from_here[player]))
    followed.reverse()
    if view.current_trick:
        leader = view.current_trick[0][0]
    elif view.tricks:
        leader = view.tricks[-1].winner
    else:
        leader = (view.dealer + 1) % players
    played = 0
    for mask in played_by:
        played |= mask
    unseen = view.deck.mask & ~played & ~turned & ~(hand or 0)
    if view.phase is RoundPhase.OVER:
        unseen = 0
    return RoundFacts(
        players=players,
        me=me,
        dealer=view.dealer,
        hand_size=view.hand_size,
        trump=trump,
        deck=view.deck.mask,
        turned=turned,
        hand=hand,
        bids=view.bids,
        won=view.tricks_won,
        played_by=tuple(played_by),
        forbidden=tuple(forbidden),
        leader=leader,
        trick=tuple(card.index for _, card in view.current_trick),
        unseen=unseen,
        followed=tuple(followed),
    )


_Played = tuple[int, int, int, int, int | None]
"""A card played: player, card, suit to follow, the best card so far, and the player's need
when it followed someone else's lead as a bidder other than me."""


def _replay(view: RoundView, me: int, trump: int) -> tuple[list[_Played], list[int], list[int]]:
    """Every card played, in order (`_Played`), with each player's cards played and the suits
    each has shown out of."""
    players = view.players
    played_by = [0] * players
    forbidden = [0] * players
    tricks = [trick.plays for trick in view.tricks]
    if view.current_trick:
        tricks.append(view.current_trick)
    won = [0] * players
    winners = [trick.winner for trick in view.tricks]
    order: list[_Played] = []
    beaters = BEATERS[trump]
    for number, plays in enumerate(tricks):
        follow, free, best = 0, False, -1
        for player, card in plays:
            index = card.index
            bid = view.bids[player]
            judged = best >= 0 and player != me
            need = bid - won[player] if judged and bid is not None else None
            order.append((player, index, follow, best, need))
            played_by[player] |= 1 << index
            if follow and isinstance(card, Card) and not follow >> index & 1:
                forbidden[player] |= follow
            follow, free = follow_after(follow, free, index)
            if best < 0 or beaters[best] >> index & 1:
                best = index
        if number < len(winners):
            won[winners[number]] += 1
    return order, played_by, forbidden


def _mask(hand: Sequence[AnyCard]) -> int:
    mask = 0
    for card in hand:
        mask |= card.mask
    return mask


# -- drawing the hidden hands -------------------------------------------------------------------


class UnseenDealer:
    """Deals the cards I have not seen: each other player (and I, while bidding blind) gets
    as many as they still hold and none of a suit they showed out of; the rest stay undealt.

    Players with the most such voids draw first from a shuffled pool.  If the voids cannot be
    met in a few shuffles (a whole pack dealt, many voids) they are dropped for that deal.
    """

    __slots__ = ("_base", "_counts", "_drawing", "_forbidden", "_pool", "_total")

    def __init__(self, facts: RoundFacts) -> None:
        self._pool = cards(facts.unseen)
        drawing = [p for p in range(facts.players) if p != facts.me or facts.hand is None]
        drawing.sort(key=lambda p: -facts.forbidden[p].bit_count())
        self._drawing = drawing
        self._counts = [facts.remaining(p) for p in range(facts.players)]
        self._forbidden = facts.forbidden
        self._total = sum(self._counts[p] for p in drawing)
        if self._total > len(self._pool):
            raise ValueError("the unseen cards are too few for the hands still held")
        self._base = [0] * facts.players
        if facts.hand is not None:
            self._base[facts.me] = facts.hand

    def deal(self, rng: random.Random, tries: int = 8) -> list[int]:
        hands = list(self._base)
        if not any(self._forbidden[p] for p in self._drawing):
            drawn = rng.sample(self._pool, self._total)
            start = 0
            for player in self._drawing:
                hand = 0
                for card in drawn[start : start + self._counts[player]]:
                    hand |= 1 << card
                hands[player] = hand
                start += self._counts[player]
            return hands
        pool = list(self._pool)
        for attempt in range(tries + 1):
            rng.shuffle(pool)
            taken = 0
            for player in self._drawing:
                need = self._counts[player]
                avoid = taken | (self._forbidden[player] if attempt < tries else 0)
                hand = 0
                for card in pool:
                    if not need:
                        break
                    bit = 1 << card
                    if not avoid & bit:
                        hand |= bit
                        avoid |= bit
                        need -= 1
                if need:
                    break
                hands[player] = hand
                taken |= hand
            else:
                return hands
        raise AssertionError("without voids the unseen cards always fill the hands")


def bid_weight(
    facts: RoundFacts,
    estimator: HandEstimator,
    hands: Sequence[int],
    trust: float | Sequence[float] = 1.0,
) -> float:
    """How well the bids already made fit a sampled deal: the product over the other bidders
    of a normal likelihood of their bid around the estimate of the hand the deal gives them.

    `trust` is the chance that a bidder bid their hand at all (one for all, or one a player):
    with the rest, the bid says nothing (a player who bids at random), so no deal is ruled out
    by a bid that fits it badly; 1.0 trusts every bid fully."""
    beliefs = [trust] * facts.players if isinstance(trust, float | int) else trust
    weight = 1.0
    for player, bid in enumerate(facts.bids):
        if bid is None or player == facts.me:
            continue
        belief = beliefs[player]
        fit = bid_fit(bid, estimator.estimate(hands[player] | facts.played_by[player]))
        weight *= 1.0 - belief + belief * fit
    return weight


def bid_fit(bid: int, estimate: float) -> float:
    """How well a bid fits a hand's estimate: a normal curve `BID_SPREAD` tricks wide, 1 on
    the estimate."""
    miss = bid - estimate
    return math.exp(-miss * miss / (2 * BID_SPREAD * BID_SPREAD))


def trust_of(at_random: float, hand_size: int) -> float:
    """The `trust` of `bid_weight` for a bidder who plays at random with chance `at_random`:
    a bid to the hand has the normal likelihood (peak 1/(√(2π)·`BID_SPREAD`) a trick), a random
    bid 1/(hand size + 1), mixed in those proportions and scaled so that a bid on the estimate
    weighs 1."""
    to_hand = (1.0 - at_random) * (hand_size + 1)
    whole = to_hand + at_random * math.sqrt(2 * math.pi) * BID_SPREAD
    return to_hand / whole if whole > 0.0 else 1.0


RANDOM_PRIOR = 0.3
"""The chance, before a player has bid or played, that they play at random (any legal card,
any bid) rather than to their bid.  0.15 and 0.3 did alike against the baseline; 0.3 reads
random players sooner (docs/benchmarks.md)."""
CHASED = 0.7
"""How often a player who plays to its bid, still needing tricks, follows with a card that
takes the lead in the trick when it holds both kinds (the strong robot: 0.70 over 132 such
cards; a random player: 0.46)."""
DODGED = 0.97
"""How often such a player, needing no more tricks, follows with a card that does not take
the lead when it holds both kinds (the strong robot: 32 of 32)."""


def random_chances(
    facts: RoundFacts,
    estimator: HandEstimator,
    deals: Sequence[Sequence[int]],
    prior: float = RANDOM_PRIOR,
) -> tuple[float, ...]:
    """For each player, the chance that they play at random, given their bid and the cards
    they followed with, averaged over sampled `deals` (a hand's estimate and its choices
    depend on the cards it holds, which only a deal says).  A player who bids to its hand bids
    near the estimate; a random bid is any of the hand size + 1.  One who plays to its bid,
    holding cards that would and would not take the lead, chases with one (`CHASED`) while it
    needs tricks and dodges with one (`DODGED`) once it has them; a random player picks either
    in proportion to how many it holds.  My own chance is 0; a player yet to bid keeps the
    prior."""
    players, size = facts.players, facts.hand_size
    beaters = BEATERS[facts.trump]
    chances = []
    for player in range(players):
        bid = facts.bids[player]
        if player == facts.me or bid is None or not deals:
            chances.append(0.0 if player == facts.me else prior)
            continue
        followed = [f for f in facts.followed if f.player == player]
        real_total = random_total = 0.0
        for hands in deals:
            held = hands[player]
            estimate = estimator.estimate(held | facts.played_by[player])
            fits = [bid_fit(b, estimate) for b in range(size + 1)]
            real, chance = fits[bid] / sum(fits), 1.0 / (size + 1)
            for play in followed:
                legal = legal_mask(held | play.from_here, play.follow)
                taking = legal & beaters[play.best]
                if not taking or taking == legal:
                    continue
                share = taking.bit_count() / legal.bit_count()
                took = bool(taking >> play.card & 1)
                if play.need > 0:
                    real *= CHASED if took else 1.0 - CHASED
                else:
                    real *= 1.0 - DODGED if took else DODGED
                chance *= share if took else 1.0 - share
            real_total += real
            random_total += chance
        at_random = prior * random_total
        whole = at_random + (1.0 - prior) * real_total
        chances.append(at_random / whole if whole > 0.0 else prior)
    return tuple(chances)


# -- a quick count of a hand's tricks -----------------------------------------------------------


class HandEstimator:
    """The tricks a whole hand (as dealt) should take, counted card by card as its holder sees
    it: a Wizard is a trick; a trump wins unless an opponent holds a higher one; a side card
    wins when no opponent holds a higher one and nobody ruffs it (less likely for the second
    and third card of a suit); trumps beyond an opponent's share win by length.

    Built once per decision: the chances that depend only on the round are tabled, so that
    weighing hundreds of sampled hands stays cheap.
    """

    __slots__ = (
        "_above",
        "_keep",
        "_others",
        "_side",
        "_size",
        "_trump",
        "_trump_share",
        "_wizards",
    )

    def __init__(self, facts: RoundFacts, trump: int | None = None) -> None:
        players, size = facts.players, facts.hand_size
        self._trump = facts.trump if trump is None else trump
        self._size = size
        base = facts.deck & ~facts.turned
        pack = base.bit_count()
        hidden = max(1, pack - size)
        keep = max(0.0, 1.0 - (players - 1) * size / hidden)
        self._keep = tuple(keep**count for count in range(61))
        self._above = tuple((ABOVE[card] & base).bit_count() for card in range(60))
        self._wizards = (base & WIZARDS).bit_count()
        share = [(base & SUIT_MASKS[suit]).bit_count() / pack for suit in range(4)]
        trump_share = share[self._trump] if self._trump != NO_TRUMP else 0.0
        self._trump_share = trump_share * size
        has_trump = 1.0 - (1.0 - trump_share) ** size if self._trump != NO_TRUMP else 0.0
        self._side = tuple(
            tuple(
                (1.0 - _at_most(above, size, share[suit]) * has_trump) ** (players - 1) * 0.5**above
                for above in range(14)
            )
            for suit in range(4)
        )
        sampler = random.Random(size * 64 + self._trump)
        pool = cards(base)
        typical = sum(
            self.power(_mask_of(sampler.sample(pool, size))) for _ in range(TYPICAL_HANDS)
        )
        self._others = (players - 1) * typical / TYPICAL_HANDS

    def estimate(self, hand: int) -> float:
        """The hand's share of the round's tricks, in proportion to its power against the
        power of the other players' hands (typical ones): so the estimates of a deal's hands add
        up to about the hand size, as the tricks do."""
        power = self.power(hand)
        if power <= 0.0:
            return 0.0
        return self._size * power / (power + self._others)

    def power(self, hand: int) -> float:
        """The sum of the chances that each card wins a trick, as if nobody ducked."""
        trump, keep, above_base, side = self._trump, self._keep, self._above, self._side
        wizards = (hand & WIZARDS).bit_count()
        free_wizards = self._wizards - wizards
        total = float(wizards)
        held_trumps = 0
        plain = hand & ~SPECIALS
        while plain:
            low = plain & -plain
            card = low.bit_length() - 1
            plain ^= low
            mine_above = (ABOVE[card] & hand).bit_count()
            out = above_base[card] - mine_above + free_wizards
            suit = SUIT_OF[card]
            if suit == trump:
                held_trumps += 1
                total += keep[out]
            else:
                total += keep[out] * side[suit][mine_above]
        if held_trumps:
            total += 0.6 * max(0.0, held_trumps - self._trump_share - 1.0)
        return min(total, float(self._size))

    def bid(self, hand: int, barred: int | None) -> int:
        """The bid a player holding `hand` would likely make: the estimate rounded, moved to
        the nearest allowed bid when it is barred."""
        wanted = min(self._size, max(0, round(self.estimate(hand))))
        if wanted != barred:
            return wanted
        return wanted - 1 if wanted > 0 else wanted + 1


def _mask_of(indices: Sequence[int]) -> int:
    mask = 0
    for index in indices:
        mask |= 1 << index
    return mask


def _at_most(count: int, draws: int, share: float) -> float:
    """The chance that `draws` cards, each of a suit with probability `share`, hold at most
    `count` of it (so an opponent is out of the suit by the time it is led `count + 1` times)."""
    term = (1.0 - share) ** draws
    total = term
    for held in range(1, min(count, draws) + 1):
        if share >= 1.0:
            break
        term *= (draws - held + 1) / held * share / (1.0 - share)
        total += term
    return min(1.0, total)
