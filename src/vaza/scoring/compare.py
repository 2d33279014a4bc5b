"""One finished deal scored under every scoring system, side by side (issue 19).

A player who has just played a deal sees what it is worth at duplicate (points, and IMPs against
the double-dummy par), on a rubber or a Chicago pad, in Auction Bridge, in Russian IMPs and in
Old Polish, each with a one-line reason.  Nothing is scored here that the systems' own functions
do not score: duplicate through `duplicate_score`, every pad through its `PadRules` and the
sheet's `add`.  Which systems to show is the caller's: the game registry lists them.

A pad's score of one deal depends on the match around it (who is vulnerable, a partscore below
the line).  The deal is scored as it was played, at its board's vulnerability, on a sheet with
no partscore (`sheet_at`): at rubber a vulnerable side is taken to have won a game already, at
Chicago the deal is the one of the round with that vulnerability.  Every pad row says so in its
last reason.

Reasons are interface words (a key of the page's `compare.` texts and its values), so that the
page says them in the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Final

from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side, Vulnerability
from vaza.core.record import DealRecord
from vaza.scoring.contract import (
    GAME_BONUS,
    PARTSCORE_BONUS,
    WBF,
    duplicate_score,
    score_contract,
)
from vaza.scoring.honours import honours
from vaza.scoring.imps import imps
from vaza.scoring.sheet import Entry, EntryKind, PadDeal, PadRules, PassedOut, add, sheet_at
from vaza.scoring.systems import PAD_SYSTEMS, PadOptions, pad_rules

DUPLICATE: Final = "duplicate"
"""The registry's name of duplicate scoring, the one system not kept on a pad."""

Value = int | str | bool


class Unit(Enum):
    POINTS = "points"
    IMPS = "imps"


@dataclass(frozen=True, slots=True)
class System:
    """A scoring system to compare under: its registry name and the options it reads."""

    name: str
    options: Mapping[str, Any] = field(default_factory=dict)
    """Pad options as `pad_rules` takes them (honours, doubled_overtricks, …); those left
    out take the systems' defaults."""


@dataclass(frozen=True, slots=True)
class Reason:
    """One phrase of a row's reason: an interface key (``compare.game``) and its values."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"key": self.key, "values": dict(self.values)}


@dataclass(frozen=True, slots=True)
class Row:
    """What one scoring system makes of the deal, from North–South's side."""

    scoring: str
    """The scoring's name in the registry."""
    unit: Unit
    ns: int
    """North–South's points (or IMPs) for the deal; East–West's are the opposite."""
    reasons: tuple[Reason, ...]
    against: str | None = None
    """"par" for duplicate IMPs against the double-dummy par; None for the system's own score."""

    def to_dict(self) -> dict[str, object]:
        return {
            "scoring": self.scoring,
            "unit": self.unit.value,
            "ns": self.ns,
            "against": self.against,
            "reasons": [reason.to_dict() for reason in self.reasons],
        }


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A finished contract bridge deal as the comparison needs it."""

    vulnerability: Vulnerability
    pad: PadDeal
    """Contract and tricks (None: passed out), the honours held, North–South's high-card
    points."""

    @classmethod
    def from_record(cls, record: DealRecord) -> PlayedDeal:
        """Honours and high-card points are counted from the record's hands."""
        deal = record.board.deal
        contract = None if record.passed_out else record.contract
        tricks = None if contract is None else record.declarer_tricks
        ns_hcp = deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp
        pad = PadDeal(contract, tricks, honours(deal, contract), ns_hcp=ns_hcp)
        return cls(record.board.vulnerability, pad)


def compare_deal(
    systems: Iterable[System], deal: PlayedDeal, par: int | None = None
) -> tuple[Row, ...]:
    """A row for each system (two for duplicate when the par, from North–South's side, is
    known: its points and its IMPs against par).  A system this module cannot score is left out,
    so a scoring added to the registry shows up once it can be scored, never as an error."""
    rows: list[Row] = []
    for system in systems:
        if system.name == DUPLICATE:
            rows.append(duplicate_row(deal))
            if par is not None:
                rows.append(par_row(deal, par))
        elif system.name in PAD_SYSTEMS:
            rows.append(pad_row(pad_rules(system.name, PadOptions(**system.options)), deal))
    return tuple(rows)


# -- duplicate -------------------------------------------------------------------------------


def ns_duplicate(deal: PlayedDeal) -> int:
    """The duplicate score from North–South's side (0 when passed out)."""
    contract, tricks = deal.pad.contract, deal.pad.declarer_tricks
    if contract is None or tricks is None:
        return 0
    side = contract.declarer.side
    score = duplicate_score(contract, tricks, deal.vulnerability.is_vulnerable(side))
    return score if side is Side.NS else -score


def duplicate_row(deal: PlayedDeal) -> Row:
    """Duplicate points: the contract's parts and the game or partscore bonus."""
    contract, tricks = deal.pad.contract, deal.pad.declarer_tricks
    if contract is None or tricks is None:
        return Row(DUPLICATE, Unit.POINTS, 0, (Reason("compare.passed_out"),))
    side = contract.declarer.side
    vulnerable = deal.vulnerability.is_vulnerable(side)
    parts = score_contract(contract, tricks, vulnerable)
    if not parts.made:
        reasons: tuple[Reason, ...] = (
            _undertricks(side.opponents, parts.undertricks, contract, tricks, vulnerable),
        )
    else:
        found = [
            _reason("tricks", side, parts.trick_points, below=False),
            _reason("overtricks", side, parts.overtricks, count=tricks - contract.tricks_needed),
            _reason("insult", side, parts.insult),
            _reason("slam", side, parts.slam, grand=contract.level == 7),
        ]
        if parts.trick_points >= WBF.game:
            found.append(_reason("game", side, GAME_BONUS[vulnerable], vul=vulnerable))
        else:
            found.append(_reason("partscore", side, PARTSCORE_BONUS, last=False))
        reasons = tuple(reason for reason in found if reason is not None)
    return Row(DUPLICATE, Unit.POINTS, ns_duplicate(deal), reasons)


def par_row(deal: PlayedDeal, par: int) -> Row:
    """Duplicate IMPs against the double-dummy par, as if par were the other table's score."""
    score = ns_duplicate(deal)
    difference = score - par
    reason = Reason("compare.par", (("par", par), ("score", score), ("difference", difference)))
    return Row(DUPLICATE, Unit.IMPS, imps(difference), (reason,), against="par")


# -- the pads --------------------------------------------------------------------------------

_GAME_PAID: Final = frozenset((EntryKind.GAME, EntryKind.RUBBER))


def pad_row(rules: PadRules, deal: PlayedDeal) -> Row:
    """The deal on a fresh sheet at its vulnerability: the entries it writes, netted."""
    before = sheet_at(rules, deal.vulnerability)
    after = add(before, deal.pad)
    entries = after.entries[len(before.entries) :]
    ns = sum(entry.points if entry.side is Side.NS else -entry.points for entry in entries)
    reasons: list[Reason] = []
    games = {side: before.games_won(side) for side in Side}
    last = before.played + 1 == rules.deals_per_round
    for entry in entries:
        reason = _entry_reason(entry, rules=rules, deal=deal, games=games, last=last)
        if reason is not None:
            reasons.append(reason)
    for line in after.lines[len(before.lines) :]:
        paid = any(e.kind in _GAME_PAID and e.side is line.winner for e in entries)
        if line.winner is not None and not paid:
            # Rubber pays for games with the rubber bonus: say that the deal won one.
            reasons.append(Reason("compare.game_won", (("side", line.winner.name),)))
    details = dict(after.log[-1].details)
    if "expected" in details:
        reasons.append(_expected(details["ns_hcp"], details["expected"], details["score"]))
    if deal.pad.passed_out and rules.passed_out is PassedOut.REDEAL:
        reasons.append(Reason("compare.redeal"))
    elif deal.pad.passed_out and not entries:
        reasons.append(Reason("compare.passed_out"))
    reasons.append(_assumption(rules, before.played + 1, games))
    unit = Unit.IMPS if rules.unit == Unit.IMPS.value else Unit.POINTS
    return Row(rules.name, unit, ns, tuple(reasons))


def _entry_reason(
    entry: Entry,
    *,
    rules: PadRules,
    deal: PlayedDeal,
    games: Mapping[Side, int],
    last: bool,
) -> Reason | None:
    """The phrase for one entry the deal wrote on the sheet (IMPs are said by `_expected`).

    `games` are each side's games before the deal; `last` says the deal ends a round."""
    kind, side, points = entry.kind, entry.side, entry.points
    contract, tricks = deal.pad.contract, deal.pad.declarer_tricks
    vulnerability = deal.vulnerability
    vulnerable = vulnerability.is_vulnerable(side)
    if kind is EntryKind.IMPS:
        return None
    if contract is not None and tricks is not None:
        if kind is EntryKind.UNDERTRICKS:
            declarer_vulnerable = vulnerability.is_vulnerable(contract.declarer.side)
            return _undertricks(side, points, contract, tricks, declarer_vulnerable)
        if kind is EntryKind.OVERTRICKS:
            return _reason(kind.value, side, points, count=tricks - contract.tricks_needed)
        if kind is EntryKind.SLAM:
            return _reason(kind.value, side, points, grand=contract.level == 7)
    if kind is EntryKind.TRICKS:
        return _reason(kind.value, side, points, below=entry.below)
    if kind is EntryKind.GAME:
        # Where games are counted (Old Polish), the bonus depends on which game it is.
        nth = games[side] + 1 if rules.games_to_win is not None else 0
        return _reason(kind.value, side, points, vul=vulnerable, nth=nth)
    if kind is EntryKind.PARTSCORE:
        return _reason(kind.value, side, points, last=last and rules.last_deal_partscore_bonus > 0)
    if kind is EntryKind.RUBBER:
        won, lost = games[side] + 1, games[side.opponents]
        return _reason(kind.value, side, points, score=f"{won}–{lost}")
    return _reason(kind.value, side, points)


def _expected(ns_hcp: int, expected: int, score: int) -> Reason:
    """Russian scoring's comparison: the stronger pair's expectation for its points."""
    stronger = Side.NS if ns_hcp >= 20 else Side.EW
    hcp = ns_hcp if stronger is Side.NS else 40 - ns_hcp
    values = (("side", stronger.name), ("hcp", hcp), ("expected", expected), ("score", score))
    return Reason("compare.expected", values)


def _assumption(rules: PadRules, number: int, games: Mapping[Side, int]) -> Reason:
    """What the row assumes of the match around the deal."""
    if rules.vulnerability_cycle:
        values: tuple[tuple[str, Value], ...] = (
            ("number", number),
            ("partscore", rules.unit == Unit.POINTS.value),
        )
        return Reason("compare.as_deal", values)
    return Reason("compare.as_games", (("ns", games[Side.NS]), ("ew", games[Side.EW])))


def _undertricks(
    side: Side, points: int, contract: Contract, tricks: int, vulnerable: bool
) -> Reason:
    """The defenders' points; `vulnerable` is the declaring side's vulnerability."""
    values: tuple[tuple[str, Value], ...] = (
        ("side", side.name),
        ("points", points),
        ("count", contract.tricks_needed - tricks),
        ("doubling", int(contract.doubling)),
        ("vul", vulnerable),
    )
    return Reason("compare.undertricks", values)


def _reason(kind: str, side: Side, points: int, **extra: Value) -> Reason | None:
    """A phrase for `points` scored by `side`; None when nothing was scored."""
    if not points:
        return None
    values: tuple[tuple[str, Value], ...] = (("side", side.name), ("points", points))
    return Reason(f"compare.{kind}", values + tuple(extra.items()))


def rows_json(rows: Iterable[Row]) -> list[dict[str, object]]:
    return [row.to_dict() for row in rows]


__all__ = [
    "DUPLICATE",
    "PlayedDeal",
    "Reason",
    "Row",
    "System",
    "Unit",
    "compare_deal",
    "duplicate_row",
    "ns_duplicate",
    "pad_row",
    "par_row",
    "rows_json",
]
