"""A PBN Play section read into the cards in the order they were played.

PBN 2.1 (3.2.3) writes one trick a row in columns fixed by player, the opening leader's first.
Files in the wild do not all keep them: archives write some rows with the trick's leader first,
or in another order, from row to row.  So a row is read by the standard's columns where its
cards fit the hands that way, else by the one order that fits (each card given to the hand that
holds it; for a trick cut short, ``SA - - -``, the leader first), and a row that fits no order
stops the reading with `PlayNotRead`, which costs the game its play only: its deal, contract and
result stand.
"""

from __future__ import annotations

from collections.abc import Sequence

from vaza.core.calls import Contract, Strain
from vaza.core.cards import SEATS, Card, Seat
from vaza.core.deal import Board, Deal
from vaza.core.errors import ParseError
from vaza.core.play import trick_winner
from vaza.formats.pbn.syntax import Game, Tag
from vaza.formats.pbn.values import pieces, seat_value

_Slot = tuple[Card | None, int]
"""A card of a row (None for ``-``, not played) and the line it is on."""


class PlayNotRead(ParseError):
    """The Play section cannot be followed; the game's other tags may still be read."""


def read_play(
    game: Game, board: Board, contract: Contract | None, strain: Strain | None, where: str
) -> tuple[list[Card], list[Seat], bool]:
    """Cards in the order played, the winners of the complete tricks, and whether ``*`` ended it."""
    tag = game.tags.get("Play")
    if tag is None:
        return [], [], False
    try:
        first = seat_value(tag.value, "Play", where, contract.opening_leader if contract else None)
        slots, ended = _slots(tag, where)
    except ParseError as error:
        raise PlayNotRead(str(error)) from None
    if first is None:
        raise PlayNotRead(f"{where}: the Play tag must name the opening leader")
    if contract is not None and first != contract.opening_leader:
        raise PlayNotRead(
            f"{where}: the Play starts with {first.letter}, but against {contract}"
            f" by {contract.declarer.letter} the opening leader is {contract.opening_leader.letter}"
        )
    cards, winners = _follow(first, slots, board.deal, strain, where)
    return cards, winners, ended


def _slots(tag: Tag, where: str) -> tuple[list[_Slot], bool]:
    """The section's cards and ``-`` marks with their lines, and whether ``*`` ended it."""
    slots: list[_Slot] = []
    for text, line in pieces(tag, where):
        if text == "*":
            return slots, True
        if text in ("-", "+"):
            slots.append((None, line))
        elif text[0] not in "=$!?^":
            try:
                slots.append((Card.parse(text), line))
            except ParseError:
                raise ParseError(f"{where}, line {line}: {text!r} is not a card like SA") from None
    return slots, False


def _by_columns(first: Seat, row: Sequence[_Slot]) -> dict[Seat, _Slot]:
    """The standard's reading: column n is the seat n places after the opening leader."""
    return {first.next(column): slot for column, slot in enumerate(row)}


def _by_holders(row: Sequence[_Slot], deal: Deal) -> dict[Seat, _Slot] | None:
    """The one reading that gives each card to the hand that holds it, when the row is a
    whole trick of cards from four different hands; None when it is not (a row with a ``-``
    could be read in more than one way)."""
    found: dict[Seat, _Slot] = {}
    if len(row) < 4:
        return None
    for card, line in row:
        if card is None:
            return None
        holders = [seat for seat in SEATS if card in deal[seat]]
        if len(holders) != 1 or holders[0] in found:
            return None
        found[holders[0]] = (card, line)
    return found


def _by_leader(leader: Seat, row: Sequence[_Slot]) -> dict[Seat, _Slot]:
    """The row in the order the cards were played, the trick's leader first, as some archives
    write it (the one reading of a trick cut short, ``SA - - -``, besides the columns)."""
    return {leader.next(place): slot for place, slot in enumerate(row)}


def _misfit(seats: dict[Seat, _Slot], deal: Deal, played: int) -> str | None:
    """Why a reading of a row does not fit the hands (a card played twice, or by a hand that
    does not hold it); None when it fits."""
    for seat, (card, line) in seats.items():
        if card is None:
            continue
        if played & card.mask:
            return f"line {line}: {card} is played twice"
        hand = deal[seat]
        if len(hand) and card not in hand:
            return f"line {line}: {seat.name.title()} plays {card} without holding it"
    return None


def _follow(
    first: Seat, slots: list[_Slot], deal: Deal, strain: Strain | None, where: str
) -> tuple[list[Card], list[Seat]]:
    """Turn rows into play order, following each trick's winner; stops at the first unknown or
    unplayed card."""
    cards: list[Card] = []
    winners: list[Seat] = []
    played = 0
    leader = first
    for start in range(0, len(slots), 4):
        row = slots[start : start + 4]
        seats = _by_columns(first, row)
        misfit = _misfit(seats, deal, played)
        if misfit is not None:
            other = _by_holders(row, deal) or _by_leader(leader, row)
            if _misfit(other, deal, played) is not None:
                number = start // 4 + 1
                raise PlayNotRead(
                    f"{where}, {misfit} (trick {number} fits neither the Play's columns, opening"
                    " leader first and clockwise, nor any other order of the hands)"
                )
            seats = other
        trick: list[Card] = []
        for offset in range(4):
            card = seats.get(leader.next(offset), (None, 0))[0]
            if card is None:
                return cards, winners
            played |= card.mask
            trick.append(card)
            cards.append(card)
        if strain is None:
            if start + 4 < len(slots):
                raise PlayNotRead(f"{where}: the Play needs a Contract to know the trump suit")
            break
        leader = trick_winner(leader, trick, strain.suit)
        winners.append(leader)
    return cards, winners
