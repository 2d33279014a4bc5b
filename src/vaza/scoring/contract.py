"""The score of one contract (WBF Law 77; seeds 000, 002 and 003), split into its parts.

Every pad system (rubber, Chicago, Auction Bridge, Old Polish) and duplicate start from the same
parts: trick points for the tricks bid, overtricks, the insult bonus, slam bonuses and
undertricks.  Game and partscore bonuses differ between systems, so they are added by the
system: `duplicate_score` adds duplicate's 300/500 game and 50 partscore bonuses.

The numbers live in the tables of `ScoringTable`; a system that scores differently (Old Polish)
supplies its own table instead of new code.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.calls import Contract, Doubling


@dataclass(frozen=True, slots=True)
class ScoringTable:
    """The numbers of a contract scoring system."""

    first_trick: tuple[int, int, int, int, int]
    """Value of the first trick bid, by strain (clubs, diamonds, hearts, spades, no trump)."""
    later_tricks: tuple[int, int, int, int, int]
    """Value of each further trick bid, by strain."""
    overtrick_doubled: tuple[int, int] = (100, 200)
    """Each doubled overtrick, not vulnerable / vulnerable (redoubled: twice as much)."""
    doubled_overtricks_flat: bool = False
    """Seed 000's reading: a doubled contract made with overtricks earns `overtrick_doubled`
    once, "however many overtricks were taken"; the WBF laws pay it for each overtrick."""
    overtrick_undoubled: tuple[int, int] | None = None
    """Each undoubled overtrick, not vulnerable / vulnerable; None: the trick value."""
    insult: int = 50
    """For making a doubled contract (redoubled: twice as much)."""
    small_slam: tuple[int, int] = (500, 750)
    grand_slam: tuple[int, int] = (1000, 1500)
    undertricks_undoubled: tuple[int, int] = (50, 100)
    """Each undertrick undoubled, not vulnerable / vulnerable."""
    undertricks_doubled: tuple[tuple[int, ...], tuple[int, ...]] = (
        (100, 200, 200, 300),
        (200, 300, 300, 300),
    )
    """Doubled undertricks: first, second, third, and each after, not vulnerable / vulnerable
    (redoubled: twice as much)."""
    game: int = 100
    """Trick points below the line that make a game."""


WBF: ScoringTable = ScoringTable(
    first_trick=(20, 20, 30, 30, 40),
    later_tricks=(20, 20, 30, 30, 30),
)
"""Contract bridge as the WBF laws and seeds 000 and 003 score it."""


@dataclass(frozen=True, slots=True)
class ContractScore:
    """One deal's score split into parts, each a positive number of points.

    The declaring side scores `trick_points` (below the line in rubber), `overtricks`,
    `insult` and `slam`; the defenders score `undertricks`.
    """

    trick_points: int
    overtricks: int
    insult: int
    slam: int
    undertricks: int

    @property
    def made(self) -> bool:
        return self.undertricks == 0

    @property
    def bonuses(self) -> int:
        """Points above the line for the declaring side (without game or honours)."""
        return self.overtricks + self.insult + self.slam


def trick_points(contract: Contract, tricks_over_book: int, table: ScoringTable = WBF) -> int:
    """Points for `tricks_over_book` odd tricks in the contract's strain and doubling."""
    if tricks_over_book <= 0:
        return 0
    strain = contract.strain
    base = table.first_trick[strain] + table.later_tricks[strain] * (tricks_over_book - 1)
    return base << contract.doubling  # x1, x2, x4


def undertrick_points(
    down: int, doubling: Doubling, vulnerable: bool, table: ScoringTable = WBF
) -> int:
    """The defenders' points for defeating a contract by `down` tricks."""
    if down <= 0:
        return 0
    if doubling is Doubling.UNDOUBLED:
        return table.undertricks_undoubled[vulnerable] * down
    schedule = table.undertricks_doubled[vulnerable]
    points = sum(schedule[min(i, len(schedule) - 1)] for i in range(down))
    return points << (doubling - 1)


def score_contract(
    contract: Contract, tricks: int, vulnerable: bool, table: ScoringTable = WBF
) -> ContractScore:
    """Split the score of `contract` making `tricks` tricks (0..13) into its parts."""
    if not 0 <= tricks <= 13:
        raise ValueError(f"a side takes 0 to 13 tricks, not {tricks}")
    difference = tricks - contract.tricks_needed
    if difference < 0:
        return ContractScore(
            0, 0, 0, 0, undertrick_points(-difference, contract.doubling, vulnerable, table)
        )
    doubling = contract.doubling
    if doubling is Doubling.UNDOUBLED:
        each = table.overtrick_undoubled
        if each is None:
            overtricks = trick_points(contract, contract.level + difference, table) - trick_points(
                contract, contract.level, table
            )
        else:
            overtricks = each[vulnerable] * difference
    else:
        count = min(difference, 1) if table.doubled_overtricks_flat else difference
        overtricks = (table.overtrick_doubled[vulnerable] << (doubling - 1)) * count
    insult = table.insult << (doubling - 1) if doubling else 0
    slam = 0
    if contract.level == 6:
        slam = table.small_slam[vulnerable]
    elif contract.level == 7:
        slam = table.grand_slam[vulnerable]
    return ContractScore(trick_points(contract, contract.level, table), overtricks, insult, slam, 0)


GAME_BONUS = (300, 500)
PARTSCORE_BONUS = 50


def duplicate_score(contract: Contract | None, tricks: int, vulnerable: bool) -> int:
    """The duplicate score from the declaring side (negative when defeated); 0 if passed out.

    Game bonus 300 / 500 when the trick points of the contract reach 100, else 50.
    """
    if contract is None:
        return 0
    parts = score_contract(contract, tricks, vulnerable)
    if not parts.made:
        return -parts.undertricks
    bonus = GAME_BONUS[vulnerable] if parts.trick_points >= WBF.game else PARTSCORE_BONUS
    return parts.trick_points + parts.bonuses + bonus


def is_game_contract(contract: Contract, table: ScoringTable = WBF) -> bool:
    """Whether making the contract scores a game on its own."""
    return trick_points(contract, contract.level, table) >= table.game


__all__ = [
    "GAME_BONUS",
    "PARTSCORE_BONUS",
    "WBF",
    "ContractScore",
    "ScoringTable",
    "duplicate_score",
    "is_game_contract",
    "score_contract",
    "trick_points",
    "undertrick_points",
]
