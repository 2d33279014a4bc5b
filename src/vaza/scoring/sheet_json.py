"""A We/They score sheet as JSON (`Sheet.to_json`): what the pad page and `vaza score --json`
read.  Apart from `sheet`, which keeps the rules of adding deals to a sheet."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from vaza.core.cards import Side

if TYPE_CHECKING:
    from vaza.scoring.sheet import DealLog, Sheet


def deal_json(log: DealLog) -> dict[str, object]:
    """One deal of the sheet: where it was played, what was bid and made, what it counted."""
    deal, context = log.deal, log.context
    contract = deal.contract
    return {
        "position": context.position,
        "number": context.number,
        "dealer": context.dealer.letter,
        "vulnerability": context.vulnerability.pbn,
        "counted": log.counted,
        "passed_out": deal.passed_out,
        "contract": None if contract is None else str(contract),
        "declarer": None if contract is None else contract.declarer.letter,
        "tricks": deal.declarer_tricks,
        "honours": None if deal.honours is None else [deal.honours[0].name, deal.honours[1]],
        "revoke": None if deal.revoke is None else deal.revoke.name,
        "ns_hcp": deal.ns_hcp,
        "details": dict(log.details),
    }


def sheet_json(sheet: Sheet) -> dict[str, object]:
    """The whole sheet as the pad page and `vaza score` show it: totals, entries, lines, deals."""

    def by_side(value: Callable[[Side], int]) -> dict[str, int]:
        return {side.name: value(side) for side in Side}

    winner = sheet.rubber_winner
    leader = sheet.leader
    return {
        "system": sheet.rules.name,
        "unit": sheet.rules.unit,
        "over": sheet.over,
        "unfinished": sheet.unfinished,
        "next": None
        if sheet.over
        else {
            "deal": sheet.played + 1,
            "dealer": sheet.dealer.letter,
            "vulnerability": sheet.vulnerability.pbn,
        },
        "games": by_side(sheet.games_won),
        "partscores": by_side(sheet.below),
        "totals": by_side(sheet.total),
        "rubber_winner": None if winner is None else winner.name,
        "leader": None if leader is None else leader.name,
        "entries": [
            {
                "side": entry.side.name,
                "points": entry.points,
                "label": entry.kind.value,
                "below": entry.below,
                "game": entry.game,
                "deal": entry.deal,
            }
            for entry in sheet.entries
        ],
        "lines": [
            {
                "game": line.game,
                "winner": None if line.winner is None else line.winner.name,
                "deal": line.deal,
            }
            for line in sheet.lines
        ],
        "deals": [deal_json(log) for log in sheet.log],
    }
