"""Fast Boerenbridge playouts for the strong robot: tricks on bitmasks, played by a quick policy.

The strong robot judges a bid or a card by dealing the unseen cards many times and playing each
deal to its end.  That needs thousands of tricks per decision, so this module works on the
60-bit card masks of `vaza.core.games.boerenbridge_cards` (52 cards, then four Wizards and four
Jesters) with small integer tables, not on `Card` objects or the core's `Play`.  The rules are
the core's (`boerenbridge_tricks`): follow suit if able; a Wizard or a Jester may always be
played; the first Wizard wins, else the highest trump, else the highest card of the suit led;
a Wizard led frees everyone, a Jester led leaves the suit to the next card.

Every simulated player aims at its bid, as the seed's tips say ("protect your bid"), and sees
the whole simulated deal (`aware_card`): while it still needs tricks it takes with its cheapest
card that will hold the trick against the players after it who want tricks; once it has
enough it sheds its highest card that will lose.  Seeing the deal makes the policy quick and
sharp; the robot spreads that knowledge over many deals, so its own choices rest only on what
its view shows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

NO_TRUMP: Final = -1
WIZARD_SUIT: Final = 4
JESTER_SUIT: Final = 5

SUIT_OF: Final[tuple[int, ...]] = tuple(
    i // 13 if i < 52 else WIZARD_SUIT if i < 56 else JESTER_SUIT for i in range(60)
)
"""Suit 0..3 (clubs..spades, as `Suit`) of each card index; 4 for Wizards, 5 for Jesters."""
SUIT_MASKS: Final[tuple[int, ...]] = (
    *(0x1FFF << 13 * suit for suit in range(4)),
    0xF << 52,
    0xF << 56,
)
WIZARDS: Final = SUIT_MASKS[WIZARD_SUIT]
JESTERS: Final = SUIT_MASKS[JESTER_SUIT]
SPECIALS: Final = WIZARDS | JESTERS
EVERY_CARD: Final = (1 << 60) - 1
ABOVE: Final[tuple[int, ...]] = tuple(
    (SUIT_MASKS[i // 13] & ~((2 << i) - 1)) if i < 52 else 0 for i in range(60)
)
"""The cards of the same suit ranking above each card (none for Wizards and Jesters)."""
LEAD_FOLLOW: Final[tuple[int, ...]] = tuple(
    SUIT_MASKS[SUIT_OF[card]] if card < 52 else 0 for card in range(60)
)
"""The suit a card sets when led: none for a Wizard (it frees the trick) or a Jester (it
leaves the suit to the next card, which the quick policy does not look ahead to)."""


def _strengths(trump: int) -> tuple[int, ...]:
    """How likely each card is to win a trick: Wizards, then trumps, then the rest by rank,
    Jesters last."""
    values = []
    for index in range(60):
        suit = SUIT_OF[index]
        if suit == WIZARD_SUIT:
            values.append(100)
        elif suit == JESTER_SUIT:
            values.append(0)
        elif suit == trump:
            values.append(50 + index % 13)
        else:
            values.append(1 + index % 13)
    return tuple(values)


def _beaters(trump: int) -> tuple[int, ...]:
    """For each card winning a trick so far, the cards that would take the trick from it."""
    masks = []
    for best in range(60):
        suit = SUIT_OF[best]
        if suit == WIZARD_SUIT:
            masks.append(0)
        elif suit == JESTER_SUIT:
            masks.append(EVERY_CARD & ~JESTERS)
        elif trump >= 0 and suit != trump:
            masks.append(WIZARDS | ABOVE[best] | SUIT_MASKS[trump])
        else:
            masks.append(WIZARDS | ABOVE[best])
    return tuple(masks)


def _later(players: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each player and count of cards already in the trick: who plays after them."""
    return tuple(
        tuple(
            tuple((player + step) % players for step in range(1, players - played))
            for played in range(players)
        )
        for player in range(players)
    )


STRENGTH: Final = {trump: _strengths(trump) for trump in range(-1, 4)}
"""By trump (`NO_TRUMP` included): each card's rank in the order of `_strengths`."""
BEATERS: Final = {trump: _beaters(trump) for trump in range(-1, 4)}
"""By trump (`NO_TRUMP` included): the cards that beat each card."""
LATER: Final = {players: _later(players) for players in range(2, 8)}


def cards(mask: int) -> list[int]:
    """The card indices of a mask, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def beats(card: int, best: int, trump: int) -> bool:
    """Whether `card` played now takes the trick from `best`, the card winning it so far."""
    return bool(BEATERS[trump][best] >> card & 1)


def legal_mask(hand: int, follow: int) -> int:
    """What a hand may play when `follow` (a suit mask, 0 for none) must be followed."""
    held = hand & follow
    return held | hand & SPECIALS if held else hand


def follow_after(follow: int, free: bool, card: int) -> tuple[int, bool]:
    """The suit to follow after `card` is played: the first card that is not a Jester sets
    it, and a Wizard there frees the trick for good."""
    if follow or free:
        return follow, free
    suit = SUIT_OF[card]
    if suit == JESTER_SUIT:
        return 0, False
    if suit == WIZARD_SUIT:
        return 0, True
    return SUIT_MASKS[suit], False


def strongest(mask: int, strength: Sequence[int]) -> int:
    best, value = -1, -1
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if strength[card] > value:
            best, value = card, strength[card]
    return best


def weakest(mask: int, strength: Sequence[int]) -> int:
    best, value = -1, 1000
    while mask:
        low = mask & -mask
        card = low.bit_length() - 1
        mask ^= low
        if strength[card] < value:
            best, value = card, strength[card]
    return best


def plain_card(hand: int, trick: Sequence[int], players: int, need: int, trump: int) -> int:
    """The card of a player who sees only its own hand and the trick: while it needs tricks,
    it wins if it can (cheaply when it plays last) and leads its strongest card; otherwise it
    plays its highest card that loses now, and leads its weakest."""
    follow, free, best = 0, False, -1
    beaters = BEATERS[trump]
    for card in trick:
        follow, free = follow_after(follow, free, card)
        if best < 0 or beaters[best] >> card & 1:
            best = card
    strength = STRENGTH[trump]
    legal = legal_mask(hand, follow)
    if not trick:
        return strongest(legal, strength) if need > 0 else weakest(legal, strength)
    winners = legal & beaters[best]
    last = len(trick) == players - 1
    if need > 0:
        if not winners:
            return weakest(legal, strength)
        return weakest(winners, strength) if last else strongest(winners, strength)
    losers = legal & ~winners
    if losers:
        return strongest(losers, strength)
    return strongest(winners, strength) if last else weakest(winners, strength)


def stays_best(  # noqa: PLR0913, PLR0917 - inside the playouts' hot path
    best: int,
    follow: int,
    later: Sequence[int],
    hands: Sequence[int],
    needs: Sequence[int],
    beaters: Sequence[int],
) -> bool:
    """Whether `best`, winning the trick now, still wins it once the `later` players have
    played: none of them can beat it and wants to (or must, every card of theirs beating it).
    Each later player is judged against `best` alone, which is enough for a quick policy."""
    beating_best = beaters[best]
    for player in later:
        hand = hands[player]
        held = hand & follow
        legal = held | hand & SPECIALS if held else hand
        beating = legal & beating_best
        if beating and (needs[player] > 0 or beating == legal):
            return False
    return True


def aware_card(  # noqa: PLR0913, PLR0917 - the playouts' hot path passes plain values
    hands: Sequence[int],
    needs: Sequence[int],
    player: int,
    played: int,
    follow: int,
    best: int,
    beaters: Sequence[int],
    strength: Sequence[int],
) -> int:
    """The card of a player who sees every hand of the simulated deal: it asks of each card
    whether it would win the trick (`stays_best`); while it needs tricks it takes with its
    cheapest sure winner (else plays its weakest card), and otherwise sheds its highest sure
    loser (else, winning anyway, its highest card)."""
    hand = hands[player]
    held = hand & follow
    legal = held | hand & SPECIALS if held else hand
    if not legal & legal - 1:
        return legal.bit_length() - 1
    later = LATER[len(hands)][player][played]
    take = needs[player] > 0
    chosen, chosen_value = -1, 1000 if take else -1
    beating_best = beaters[best] if played else 0
    rest = legal
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        value = strength[card]
        if (value >= chosen_value) if take else (value <= chosen_value):
            continue
        if played:
            wins = bool(beating_best & low) and stays_best(
                card, follow, later, hands, needs, beaters
            )
        else:
            wins = stays_best(card, LEAD_FOLLOW[card], later, hands, needs, beaters)
        if wins == take:
            chosen, chosen_value = card, value
    if chosen >= 0:
        return chosen
    return weakest(legal, strength) if take else strongest(legal, strength)


def play_out(  # noqa: PLR0913, PLR0917 - called thousands of times per decision
    hands: list[int],
    bids: Sequence[int],
    won: list[int],
    leader: int,
    trick: Sequence[int],
    trump: int,
) -> list[int]:
    """Play a round to its end with every player on `aware_card` and return the tricks won by
    each.  `hands` (remaining cards) and `won` are changed in place; `trick` holds the cards
    already played to the current trick from `leader` (it may be complete: the card just
    tried may have been its last).  Some card must still be due."""
    players = len(hands)
    strength = STRENGTH[trump]
    beaters = BEATERS[trump]
    follow, free, best, best_player = 0, False, -1, leader
    for position, card in enumerate(trick):
        follow, free = follow_after(follow, free, card)
        if best < 0 or beaters[best] >> card & 1:
            best, best_player = card, (leader + position) % players
    played = len(trick)
    player = (leader + played) % players
    needs = [bid - got for bid, got in zip(bids, won, strict=True)]
    while True:
        while played < players:
            card = aware_card(hands, needs, player, played, follow, best, beaters, strength)
            hands[player] ^= 1 << card
            if not (follow or free):
                follow, free = follow_after(follow, free, card)
            if best < 0 or beaters[best] >> card & 1:
                best, best_player = card, player
            played += 1
            player = player + 1 if player + 1 < players else 0
        won[best_player] += 1
        needs[best_player] -= 1
        player = best_player
        if not hands[player]:
            return won
        follow, free, best, played = 0, False, -1, 0


AWARE: Final = 0
"""A simulated player on `aware_card`: it sees the deal and plays to its bid."""
PLAIN: Final = 1
"""A simulated player on `plain_card`: it sees its own hand and the trick, and plays to its bid."""
RANDOM: Final = 2
"""A simulated player who picks any legal card: one who does not play to its bid at all."""


def plain_pick(  # noqa: PLR0913, PLR0917 - inside the playouts' hot path
    hand: int,
    follow: int,
    best: int,
    last: bool,
    need: int,
    beaters: Sequence[int],
    strength: Sequence[int],
) -> int:
    """`plain_card` from the trick's state as `play_mixed` keeps it (`best` is -1 when
    leading)."""
    held = hand & follow
    legal = held | hand & SPECIALS if held else hand
    if best < 0:
        return strongest(legal, strength) if need > 0 else weakest(legal, strength)
    winners = legal & beaters[best]
    if need > 0:
        if not winners:
            return weakest(legal, strength)
        return weakest(winners, strength) if last else strongest(winners, strength)
    losers = legal & ~winners
    if losers:
        return strongest(losers, strength)
    return strongest(winners, strength) if last else weakest(winners, strength)


def random_pick(hand: int, follow: int, draw: float) -> int:
    """The legal card at `draw` (in [0, 1)) of the legal cards, lowest first."""
    held = hand & follow
    legal = held | hand & SPECIALS if held else hand
    skip = int(draw * legal.bit_count())
    for _ in range(skip):
        legal &= legal - 1
    return (legal & -legal).bit_length() - 1


def play_mixed(  # noqa: PLR0913, PLR0917 - called thousands of times per decision
    hands: list[int],
    bids: Sequence[int],
    won: list[int],
    leader: int,
    trick: Sequence[int],
    trump: int,
    kinds: Sequence[int],
    draw: Callable[[], float],
) -> list[int]:
    """`play_out` with each player on the policy `kinds[player]` names (`AWARE`, `PLAIN` or
    `RANDOM`; `draw` gives the random players their numbers).  Opponents who are not assumed
    to play to their bids, or to see the deal, make a robot's simulation robust."""
    players = len(hands)
    strength = STRENGTH[trump]
    beaters = BEATERS[trump]
    follow, free, best, best_player = 0, False, -1, leader
    for position, card in enumerate(trick):
        follow, free = follow_after(follow, free, card)
        if best < 0 or beaters[best] >> card & 1:
            best, best_player = card, (leader + position) % players
    played = len(trick)
    player = (leader + played) % players
    needs = [bid - got for bid, got in zip(bids, won, strict=True)]
    last_place = players - 1
    while True:
        while played < players:
            kind = kinds[player]
            if kind == AWARE:
                card = aware_card(hands, needs, player, played, follow, best, beaters, strength)
            elif kind == PLAIN:
                card = plain_pick(
                    hands[player],
                    follow,
                    best,
                    played == last_place,
                    needs[player],
                    beaters,
                    strength,
                )
            else:
                card = random_pick(hands[player], follow, draw())
            hands[player] ^= 1 << card
            if not (follow or free):
                follow, free = follow_after(follow, free, card)
            if best < 0 or beaters[best] >> card & 1:
                best, best_player = card, player
            played += 1
            player = player + 1 if player + 1 < players else 0
        won[best_player] += 1
        needs[best_player] -= 1
        player = best_player
        if not hands[player]:
            return won
        follow, free, best, played = 0, False, -1, 0
