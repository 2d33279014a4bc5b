"""Double-dummy values of every card in a position: DDS's SolveBoard through endplay.

A robot that samples the hidden hands asks, for each sampled layout, how many tricks each legal
card is worth with perfect play from there on; the tables of `vaza.analysis.dds` only answer
that for the start of a deal.  A `Position` is a deal in progress: the cards each seat still
holds, the trick on the table and who led it.  Many positions go to DDS in one
`SolveAllBoardsBin` call (up to its limit of 200), which spreads them over DDS's threads.

DDS keeps its working memory in global state, so every call holds the solver lock that
`vaza.analysis.dds` holds for its tables.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Final

from endplay import _dds

from vaza.analysis.dds import _SOLVER_LOCK, is_background
from vaza.analysis.results import AnalysisError
from vaza.core.cards import CARDS, SEATS, SUIT_MASK, Card, Seat, Suit
from vaza.core.play import cards_in, winning_position

SOLVE_BATCH: Final = _dds.MAXNOOFBOARDS
"""Positions per `SolveAllBoardsBin` call: DDS solves at most 200 boards at once."""

_SOLVE_ALL_CARDS: Final = 3
"""DDS `solutions = 3`: the score of every legal card, not only the best one."""
_BEST_CARD: Final = 1
"""DDS `solutions = 1`: the best card's score only."""
_ALWAYS_SEARCH: Final = 1
"""DDS `mode = 1`: search even when only one card is legal (so the score is always filled)."""

# DDS numbers suits spades 0, hearts 1, diamonds 2, clubs 3 and no trump 4; Vaza the reverse.
_DDS_TRUMP_NT: Final = 4
_RANK_BITS: Final = 0x1FFF << 2
"""DDS writes a suit as rank bits, the two at bit 2 and the ace at bit 14; a Vaza hand mask
holds each suit's 13 cards from bit ``13 * suit``, the two first."""


@dataclass(frozen=True, slots=True)
class Position:
    """A contract bridge deal in progress, every hand open: what double dummy solves.

    The cards of the trick in progress are no longer in the hands; the seats still to play to
    it hold one card more than those that have played.
    """

    hands: tuple[int, int, int, int]
    """The cards each seat still holds, as hand masks, by seat (N E S W)."""
    trump: Suit | None
    leader: Seat
    """The seat that led (or is to lead) the trick in progress."""
    trick: tuple[Card, ...] = ()
    """Cards played to the trick in progress, from the leader, at most three."""

    @property
    def to_play(self) -> Seat:
        return self.leader.next(len(self.trick))

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the one in progress included."""
        return self.hands[self.to_play].bit_count()

    def legal_cards(self) -> tuple[Card, ...]:
        """The cards the seat to play may play, clubs two first."""
        hand = self.hands[self.to_play]
        if self.trick:
            led = self.trick[0].suit
            follow = hand & (SUIT_MASK << 13 * led)
            if follow:
                return cards_in(follow)
        return cards_in(hand)

    def after(self, card: Card) -> tuple[Position, Seat | None]:
        """The position once the seat to play plays `card` (assumed legal), and the trick's
        winner when this card completes it."""
        seat = self.to_play
        hands = list(self.hands)
        hands[seat] &= ~card.mask
        trick = (*self.trick, card)
        if len(trick) < len(SEATS):
            return Position(tuple(hands), self.trump, self.leader, trick), None  # type: ignore[arg-type]
        winner = self.leader.next(winning_position(trick, self.trump))
        return Position(tuple(hands), self.trump, winner), winner  # type: ignore[arg-type]


def _board(position: Position) -> _dds.deal:
    board = _dds.deal()
    board.trump = _DDS_TRUMP_NT if position.trump is None else 3 - position.trump
    board.first = position.leader
    for slot in range(3):
        if slot < len(position.trick):
            card = position.trick[slot]
            board.currentTrickSuit[slot] = 3 - card.suit
            board.currentTrickRank[slot] = card.rank
        else:
            board.currentTrickSuit[slot] = 0
            board.currentTrickRank[slot] = 0
    for seat in SEATS:
        mask = position.hands[seat]
        row = board.remainCards[seat]
        row[0] = (mask >> 37) & _RANK_BITS
        row[1] = (mask >> 24) & _RANK_BITS
        row[2] = (mask >> 11) & _RANK_BITS
        row[3] = (mask << 2) & _RANK_BITS
    return board


def _check(position: Position) -> None:
    """DDS answers a malformed position with a bare error code; say what is wrong instead."""
    if len(position.trick) > 3:
        raise AnalysisError("a trick in progress holds at most three cards")
    seen = 0
    for mask in position.hands:
        if seen & mask:
            raise AnalysisError("a card is in two hands of the position")
        seen |= mask
    for card in position.trick:
        if seen & card.mask:
            raise AnalysisError(f"{card} is both on the table and in a hand")
        seen |= card.mask
    left = position.tricks_left
    for offset in range(4):
        seat = position.leader.next(offset)
        expected = left - 1 if offset < len(position.trick) else left
        if position.hands[seat].bit_count() != expected:
            raise AnalysisError(
                f"{seat.name.title()} should hold {expected} cards in this position"
            )
    if left == 0:
        raise AnalysisError("no trick is left to play")


def _scores(solved: _dds.futureTricks) -> dict[Card, int]:
    """Each legal card with the tricks the side to play takes from the trick in progress on;
    DDS names one card of each run of equals and lists the others as rank bits."""
    scores: dict[Card, int] = {}
    for slot in range(solved.cards):
        score = solved.score[slot]
        if score < 0:
            continue
        base = 13 * (3 - solved.suit[slot])
        holding = (1 << solved.rank[slot]) | solved.equals[slot]
        for rank in range(2, 15):
            if holding >> rank & 1:
                scores[CARDS[base + rank - 2]] = score
    return scores


BACKGROUND_BATCH: Final = 2
"""Positions per call from a background thread (`solve_after_people`): one for each of DDS's
threads on a two-core machine, so a person's robot that arrives meanwhile waits for at most
two positions, not two hundred."""


def _chunks(positions: Sequence[Position]) -> Iterator[list[Position]]:
    size = BACKGROUND_BATCH if is_background() else SOLVE_BATCH
    iterator = iter(positions)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _solved(positions: Sequence[Position], solutions: int) -> Iterator[_dds.futureTricks]:
    """DDS's answer for each position, `SOLVE_BATCH` at a time under the solver lock
    (`BACKGROUND_BATCH` from a background thread)."""
    for position in positions:
        _check(position)
    for chunk in _chunks(positions):
        boards = _dds.boards()
        boards.noOfBoards = len(chunk)
        for index, position in enumerate(chunk):
            boards.deals[index] = _board(position)
            boards.target[index] = -1
            boards.solutions[index] = solutions
            boards.mode[index] = _ALWAYS_SEARCH
        solved = _dds.solvedBoards()
        try:
            with _SOLVER_LOCK:
                _dds.SolveAllBoardsBin(boards, solved)
        except _dds.DDSError as error:
            raise AnalysisError(f"the double-dummy solver refused a position: {error}") from None
        yield from (solved.solvedBoard[index] for index in range(len(chunk)))


def solve_positions(positions: Sequence[Position]) -> list[dict[Card, int]]:
    """For each position, every legal card of the seat to play with the tricks its side takes
    from the trick in progress on (that trick included), all four hands open."""
    return [_scores(solved) for solved in _solved(positions, _SOLVE_ALL_CARDS)]


def best_tricks(positions: Sequence[Position]) -> list[int]:
    """For each position, the tricks the side to play takes with its best card, all four hands
    open: what a contract is worth, at about half the cost of scoring every card."""
    return [solved.score[0] for solved in _solved(positions, _BEST_CARD)]


def solve_position(position: Position) -> dict[Card, int]:
    """Every legal card of one position with its double-dummy value (see `solve_positions`)."""
    return solve_positions([position])[0]


__all__ = ["SOLVE_BATCH", "Position", "best_tricks", "solve_position", "solve_positions"]
