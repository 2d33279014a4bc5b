"""Bridge-Whist's score: the book of six (seed 000, "Esta é uma versão que não tem Leilão").

The contract is always six tricks, "as in whist": each trick above six is scored as an
overtrick, each trick below six as an undertrick; "the other rules are those of bridge".  So:

- each trick over six: the undoubled overtrick value of the strain, 20 in clubs and diamonds,
  30 in hearts, spades and no trump (seed 000's overtricking table) — above the line;
- each trick under six: 50 not vulnerable, 100 vulnerable, to the defenders (seed 000's
  undoubled undertricks) — above the line;
- no doubling (there is no auction to double in), so no insult bonus; no slam bonus (nobody
  contracted for a slam); exactly six tricks score nothing.

Read literally, nothing goes below the line, so no game and no rubber is ever won.
`odd_tricks_below=True` writes the tricks over six below the line instead, at the same values,
as bridge-whist itself did, so that games and rubbers can be played.

On a score pad, Bridge-Whist is any pad system with this module's scoring hook
(`bridge_whist_pad`): `bridge_whist_pad(chicago_rules())` plays rounds of four deals (the seed's
literal scoring); `bridge_whist_pad(replace(rubber_rules(), overtricks_below=True))` plays
rubbers, the pad's `overtricks_below` switch choosing where the tricks over six go.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from vaza.core.calls import Doubling, Strain
from vaza.core.cards import Vulnerability
from vaza.core.games.contract import DealResult
from vaza.scoring.contract import WBF, ContractScore, ScoringTable, undertrick_points
from vaza.scoring.sheet import (
    DealContext,
    Entry,
    EntryKind,
    PadDeal,
    PadRules,
    ScoredDeal,
    contract_entries,
)

BOOK: Final = 6


def score_bridge_whist(
    strain: Strain,
    declarer_tricks: int,
    vulnerable: bool,
    *,
    odd_tricks_below: bool = False,
    table: ScoringTable = WBF,
) -> ContractScore:
    """The parts of a Bridge-Whist score for declaring side that took `declarer_tricks`.

    Tricks over six go to `overtricks` (above the line), or to `trick_points` (below) with
    `odd_tricks_below`; tricks under six go to the defenders' `undertricks`.
    """
    if not 0 <= declarer_tricks <= 13:
        raise ValueError(f"a side takes 0 to 13 tricks, not {declarer_tricks}")
    difference = declarer_tricks - BOOK
    if difference < 0:
        return ContractScore(
            0, 0, 0, 0, undertrick_points(-difference, Doubling.UNDOUBLED, vulnerable, table)
        )
    points = table.later_tricks[strain] * difference
    if odd_tricks_below:
        return ContractScore(points, 0, 0, 0, 0)
    return ContractScore(0, points, 0, 0, 0)


def score_result(
    result: DealResult, vulnerability: Vulnerability, *, odd_tricks_below: bool = False
) -> ContractScore:
    """Score a finished Bridge-Whist deal (`BridgeWhistDeal.result`)."""
    contract = result.contract
    if contract is None or result.declarer_tricks is None:
        raise ValueError("a Bridge-Whist deal always has a contract and a number of tricks")
    return score_bridge_whist(
        contract.strain,
        result.declarer_tricks,
        vulnerability.is_vulnerable(contract.declarer.side),
        odd_tricks_below=odd_tricks_below,
    )


def net_score(score: ContractScore) -> int:
    """The deal's score from the declaring side's point of view (negative when short of six),
    as a pad without a line, or a comparison between tables, would count it."""
    return score.trick_points + score.bonuses - score.undertricks


def bridge_whist_entries(rules: PadRules, deal: PadDeal, context: DealContext) -> ScoredDeal:
    """The pad entries of a Bridge-Whist deal: the tricks over six for the declaring side
    (below the line when `rules.overtricks_below`), the tricks under six for the defenders,
    honours as in bridge.  A revoke is scored as in bridge."""
    contract, tricks = deal.contract, deal.declarer_tricks
    if deal.revoke is not None or contract is None or tricks is None:
        return contract_entries(rules, deal, context)
    side = contract.declarer.side
    below = rules.overtricks_below
    parts = score_bridge_whist(
        contract.strain,
        tricks,
        context.vulnerability.is_vulnerable(side),
        odd_tricks_below=below,
        table=rules.table,
    )
    entries: list[Entry] = []
    if parts.trick_points:
        entries.append(
            Entry(
                side, parts.trick_points, EntryKind.OVERTRICKS, context.number, True, context.game
            )
        )
    if parts.overtricks:
        entries.append(Entry(side, parts.overtricks, EntryKind.OVERTRICKS, context.number))
    if parts.undertricks:
        entries.append(
            Entry(side.opponents, parts.undertricks, EntryKind.UNDERTRICKS, context.number)
        )
    if rules.honours and deal.honours is not None:
        entries.append(Entry(deal.honours[0], deal.honours[1], EntryKind.HONOURS, context.number))
    return ScoredDeal(tuple(entries))


def bridge_whist_pad(base: PadRules) -> PadRules:
    """A pad system (rubber, Chicago …) scoring its deals as Bridge-Whist."""
    return replace(base, name=f"bridge-whist {base.name}", score_deal=bridge_whist_entries)


__all__ = [
    "BOOK",
    "bridge_whist_entries",
    "bridge_whist_pad",
    "net_score",
    "score_bridge_whist",
    "score_result",
]
