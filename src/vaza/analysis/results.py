"""What double-dummy analysis finds, as plain Vaza values: the table of tricks and par.

These types do not depend on the solver (endplay and DDS live in `vaza.analysis.dds`), so the
server, the formats and the tests can build, store and compare them without loading DDS.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from vaza.core.calls import Contract, Strain
from vaza.core.cards import SEATS, Seat, Side, Vulnerability
from vaza.core.deal import Board
from vaza.core.errors import ParseError, VazaError
from vaza.scoring.contract import duplicate_score

STRAINS: Final[tuple[Strain, ...]] = tuple(Strain)
"""Columns of a table, in bidding order: clubs, diamonds, hearts, spades, no trump."""

_DIGITS: Final = "0123456789abcd"


class AnalysisError(VazaError):
    """The solver refused a deal (it should not happen for a complete deal)."""

    code = "analysis_error"


@dataclass(frozen=True, slots=True)
class DDTable:
    """Tricks the declarer takes double dummy, for each declarer and strain (20 numbers).

    Double dummy: every player sees all four hands and plays perfectly, the opening lead coming
    from the declarer's left.  A seat's and its partner's numbers can differ by who leads.
    """

    cells: tuple[int, ...]
    """20 trick counts, ``cells[5 * declarer + strain]`` (seats N E S W, strains C D H S NT)."""

    def __post_init__(self) -> None:
        if len(self.cells) != 20:
            raise ParseError(f"a double-dummy table has 20 numbers, not {len(self.cells)}")
        if not all(0 <= tricks <= 13 for tricks in self.cells):
            raise ParseError("a double-dummy table holds trick counts from 0 to 13")

    def __getitem__(self, key: tuple[Seat, Strain]) -> int:
        declarer, strain = key
        return self.cells[5 * declarer + strain]

    def tricks(self, declarer: Seat, strain: Strain) -> int:
        return self.cells[5 * declarer + strain]

    def row(self, declarer: Seat) -> tuple[int, int, int, int, int]:
        """One declarer's tricks in clubs, diamonds, hearts, spades and no trump."""
        start = 5 * declarer
        c, d, h, s, nt = self.cells[start : start + 5]
        return (c, d, h, s, nt)

    def as_dict(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 8, "D": 9, "H": 7, "S": 10, "NT": 9}, "E": ...}`` for JSON."""
        return {
            seat.letter: {strain.letter: self.tricks(seat, strain) for strain in STRAINS}
            for seat in SEATS
        }

    def text(self) -> str:
        """One line, a hex digit per strain (C D H S NT) for each declarer:
        ``N:8979a E:43432 S:8979a W:43432``.  `parse` reads it back."""
        return " ".join(
            f"{seat.letter}:" + "".join(_DIGITS[tricks] for tricks in self.row(seat))
            for seat in SEATS
        )

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str) -> DDTable:
        """Read the form `text` writes (any case, seats in any order)."""
        rows: dict[Seat, tuple[int, ...]] = {}
        for part in text.split():
            seat_text, _, digits = part.partition(":")
            seat = Seat.from_letter(seat_text)
            if len(digits) != 5 or any(digit not in _DIGITS for digit in digits.lower()):
                raise ParseError(f"a table row is a seat, a colon and five hex digits: {part!r}")
            if seat in rows:
                raise ParseError(f"the table lists {seat.letter} twice: {text!r}")
            rows[seat] = tuple(_DIGITS.index(digit) for digit in digits.lower())
        if len(rows) != 4:
            raise ParseError(f"a double-dummy table has a row for each of N E S W: {text!r}")
        return cls(tuple(tricks for seat in SEATS for tricks in rows[seat]))


def ns_score(contract: Contract | None, tricks: int, vulnerability: Vulnerability) -> int:
    """The duplicate score of `contract` taking `tricks`, from North–South's side (0: passed
    out), as par scores are counted."""
    if contract is None:
        return 0
    side = contract.declarer.side
    score = duplicate_score(contract, tricks, vulnerability.is_vulnerable(side))
    return score if side is Side.NS else -score


@dataclass(frozen=True, slots=True)
class Par:
    """The par result: the contract both sides reach when each bids perfectly against the other,
    knowing the double-dummy table and that the dealer speaks first.

    Sacrifices are doubled; a contract that either partner can declare with the same result is
    listed once for each of them.
    """

    score: int
    """From North–South's side: positive when North–South score."""
    contracts: tuple[Contract, ...]
    """The equivalent par contracts; empty when the deal is best passed out."""

    @property
    def passed_out(self) -> bool:
        return not self.contracts

    def agrees_with(self, table: DDTable, vulnerability: Vulnerability) -> bool:
        """Whether every par contract, taking its double-dummy tricks, scores `score`."""
        if not self.contracts:
            return self.score == 0
        return all(
            ns_score(contract, table[contract.declarer, contract.strain], vulnerability)
            == self.score
            for contract in self.contracts
        )


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    """A board with its double-dummy table and par (for its dealer and vulnerability)."""

    board: Board
    table: DDTable
    par: Par
