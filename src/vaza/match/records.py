"""What the club writes into a finished deal's record beyond the cards: the score, a rubber's
points above and below the line and its honours, and the double-dummy analysis (PBN 2.1's
supplemental ``OptimumResultTable``, ``OptimumScore`` and ``ParContract``).

The formats write any tag a record carries (`DealRecord.extra_tags`); this module, above both
the formats and the scoring, decides what those tags say.  Scores are from North–South's side,
as PBN's forms allow (``"NS 420"``, ``"NS -100"``), so a reader need not know the declarer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Final

from vaza.analysis.results import ns_score
from vaza.core.calls import Contract, Strain
from vaza.core.cards import Seat, Side
from vaza.core.record import DealRecord
from vaza.formats import pbn
from vaza.json_types import JSON
from vaza.scoring.sheet import Entry, EntryKind

Tag = tuple[str, str, tuple[str, ...]]
"""A tag as `DealRecord.extra_tags` keeps it: name, value, and a table's rows."""

OPTIMUM_COLUMNS: Final = "Declarer;Denomination\\2R;Result\\2R"
"""The column spec of the OptimumResultTable, as PBN 2.1 (5.3) gives it."""
_TABLE_SEATS: Final = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_TABLE_STRAINS: Final = (
    Strain.NOTRUMP,
    Strain.SPADES,
    Strain.HEARTS,
    Strain.DIAMONDS,
    Strain.CLUBS,
)


def side_score(ns: int) -> str:
    """A score from North–South's side in PBN's form: ``NS 420``, ``NS -100``."""
    return f"NS {ns}"


def score_tags(record: DealRecord, entries: Sequence[Entry] | None = None) -> tuple[Tag, ...]:
    """``Score`` (the duplicate score of the result, when the record has one); with the sheet
    `entries` a rubber deal wrote, ``ScoreRubber`` (each side's points above/below the line)
    and ``Honours`` (the side that scored them and how many)."""
    tags: list[Tag] = []
    if record.passed_out:
        tags.append(("Score", side_score(0), ()))
    elif record.contract is not None and record.declarer_tricks is not None:
        ns = ns_score(record.contract, record.declarer_tricks, record.board.vulnerability)
        tags.append(("Score", side_score(ns), ()))
    if entries is not None:
        points = {(side, below): 0 for side in Side for below in (False, True)}
        for entry in entries:
            points[entry.side, entry.below] += entry.points
        value = " ".join(f"{side.name} {points[side, False]}/{points[side, True]}" for side in Side)
        tags.append(("ScoreRubber", value, ()))
        honours = [entry for entry in entries if entry.kind is EntryKind.HONOURS]
        tags.extend(("Honours", f"{entry.side.name} {entry.points}", ()) for entry in honours)
    return tuple(tags)


def analysis_tags(
    table: Mapping[str, Mapping[str, int]], par_score: int, par_contracts: Iterable[Contract]
) -> tuple[Tag, ...]:
    """The double-dummy table (tricks by declarer letter and strain letter), the par score and
    the par contracts as PBN tags; equivalent par contracts (the same by either partner) once."""
    rows = tuple(
        f"{seat.letter} {strain.letter:>2} {table[seat.letter][strain.letter]:>2}"
        for seat in _TABLE_SEATS
        for strain in _TABLE_STRAINS
    )
    pars: list[str] = []
    for contract in par_contracts:
        text = f"{contract.declarer.side.name} {contract.level}{contract.strain.letter}"
        text += contract.doubling.suffix
        if text not in pars:
            pars.append(text)
    return (
        ("OptimumScore", side_score(par_score), ()),
        ("ParContract", "; ".join(pars) if pars else "Pass", ()),
        ("OptimumResultTable", OPTIMUM_COLUMNS, rows),
    )


def analysis_tags_json(data: JSON) -> tuple[Tag, ...]:
    """`analysis_tags` from the JSON a finished deal's analysis is kept as
    (`protocol.bridge.analysis_json`)."""
    par = data["par"]
    contracts = [
        Contract.parse(item["contract"], Seat.from_letter(item["declarer"]))
        for item in par["contracts"]
    ]
    return analysis_tags(data["table"], int(par["score"]), contracts)


def tagged(record: DealRecord, tags: Iterable[Tag]) -> DealRecord:
    """`record` with `tags`, each replacing a tag of its name the record had."""
    tags = tuple(tags)
    names = {name for name, _, _ in tags}
    kept = tuple(tag for tag in record.extra_tags if tag[0] not in names)
    return dataclasses.replace(record, extra_tags=kept + tags)


def with_analysis(pbn_text: str, data: JSON | None) -> str:
    """A finished deal's PBN with its double-dummy analysis, once the solver gave it (a deal is
    archived before it is analysed); the text as it was without one."""
    if not data or "table" not in data or "par" not in data:
        return pbn_text
    records = [tagged(record, analysis_tags_json(data)) for record in pbn.loads(pbn_text)]
    return pbn.dumps(records)
