"""A tournament's boards: dealt from a secure random source, from a seed, or read from a PBN file.

The board's number fixes its dealer and vulnerability (the 16-board duplicate cycle, WBF Law 2;
seed 003: "vulnerabilitatea și dealerul sunt stabilite de numărul donului"), so a board set is a
first number and the deals that follow it.  The deals are the tournament's secret: they go to the
tables that play them and are shown only as each viewer may see them.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass

from vaza.core.cards import board_dealer, board_vulnerability
from vaza.core.deal import Board, Deal, make_rng
from vaza.core.errors import ParseError
from vaza.formats import pbn

MAX_PBN_CHARS = 2_000_000
"""The largest PBN text a tournament is made from (a few hundred boards with their play)."""


@dataclass(frozen=True, slots=True)
class BoardSet:
    """Consecutive boards from `first`: `deals[0]` is board `first`."""

    first: int
    deals: tuple[Deal, ...]

    def __post_init__(self) -> None:
        if self.first < 1:
            raise ParseError("board numbers start at 1")
        for deal in self.deals:
            deal.require_complete()

    @property
    def numbers(self) -> range:
        return range(self.first, self.first + len(self.deals))

    def board(self, number: int) -> Board:
        """Board `number` with the dealer and vulnerability its number gives it."""
        if number not in self.numbers:
            raise KeyError(number)
        return Board.numbered(number, self.deals[number - self.first])

    def pbn_deals(self, numbers: range | None = None) -> dict[int, str]:
        """PBN Deal values by board number (from the dealer), as tables are given them."""
        chosen = self.numbers if numbers is None else numbers
        return {n: self.deals[n - self.first].to_pbn(board_dealer(n)) for n in chosen}

    def to_json(self) -> dict[str, str]:
        return {str(n): text for n, text in self.pbn_deals().items()}

    @classmethod
    def from_json(cls, data: dict[str, str]) -> BoardSet:
        numbers = sorted(int(n) for n in data)
        if not numbers:
            raise ParseError("a board set has at least one board")
        _require_consecutive(numbers)
        return cls(numbers[0], tuple(Deal.from_pbn(data[str(n)]) for n in numbers))


def random_boards(count: int, first: int = 1, rng: random.Random | None = None) -> BoardSet:
    """`count` boards shuffled by a secure random source (or by `rng`)."""
    source = rng or secrets.SystemRandom()
    return BoardSet(first, tuple(Deal.random(source) for _ in range(count)))


def seeded_boards(count: int, seed: int | str, first: int = 1) -> BoardSet:
    """The same boards every time for the same seed: a set organisers can publish and replay."""
    return random_boards(count, first, make_rng(seed))


def pbn_boards(text: str, count: int | None = None) -> BoardSet:
    """The boards of a PBN file: consecutive board numbers, complete deals, and the dealer and
    vulnerability its numbers give (a file that says otherwise is refused, not renumbered:
    the organiser would not get the boards they meant).  `count` takes the first boards."""
    if len(text) > MAX_PBN_CHARS:
        raise ParseError(f"a PBN file for an event has at most {MAX_PBN_CHARS} characters")
    records = pbn.loads(text)
    boards: dict[int, Board] = {}
    for position, record in enumerate(records, start=1):
        board = record.board
        number = board.number
        if number is None:
            raise ParseError(f"game {position} of the PBN file has no Board number")
        if number in boards:
            if boards[number].deal != board.deal:
                raise ParseError(f"board {number} appears twice with different cards")
            continue  # the same board again (another table's result)
        if not board.deal.is_complete:
            raise ParseError(f"board {number} of the PBN file is not a complete deal")
        if board.dealer != board_dealer(number):
            raise ParseError(
                f"board {number} is dealt by {board.dealer.name.title()} in the file, but board "
                f"numbers fix the dealer: {board_dealer(number).name.title()}"
            )
        if board.vulnerability != board_vulnerability(number):
            raise ParseError(
                f"board {number} is {board.vulnerability.pbn} vulnerable in the file, but board "
                f"numbers fix the vulnerability: {board_vulnerability(number).pbn}"
            )
        boards[number] = board
    if not boards:
        raise ParseError("the PBN file holds no deal")
    numbers = sorted(boards)
    if count is not None:
        if count > len(numbers):
            raise ParseError(f"the PBN file holds {len(numbers)} boards, not {count}")
        numbers = numbers[:count]
    _require_consecutive(numbers)
    return BoardSet(numbers[0], tuple(boards[n].deal for n in numbers))


def _require_consecutive(numbers: list[int]) -> None:
    expected = list(range(numbers[0], numbers[0] + len(numbers)))
    if numbers != expected:
        missing = sorted(set(expected) - set(numbers))
        raise ParseError(
            "an event plays consecutive boards; missing " + ", ".join(str(n) for n in missing[:10])
        )


__all__ = ["BoardSet", "pbn_boards", "random_boards", "seeded_boards"]
