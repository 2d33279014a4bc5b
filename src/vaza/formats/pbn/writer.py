"""Writing deal records as PBN 2.1 export format, which any PBN program reads."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from vaza.core.deal import Board
from vaza.core.play import trick_winner
from vaza.core.record import DealRecord
from vaza.formats.pbn.syntax import MANDATORY_TAGS, RESERVED, quote
from vaza.formats.pbn.values import closing_passes

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

EOL: Final = "\r\n"
CONTENT_TYPE: Final = "text/x-pbn; charset=UTF-8"
"""What Vaza's PBN is: UTF-8, declared in the file (PBN 2.1 assumes ISO-8859-1, which cannot
hold every player's name nor a suit symbol in an alert), as other programs declare it."""
HEADER: Final = f"% PBN 2.1{EOL}% EXPORT{EOL}%Content-type: {CONTENT_TYPE}{EOL}"


def _tag(name: str, value: str) -> str:
    return f"[{name} {quote(value)}]"


def _deal_value(board: Board) -> str:
    """Deal from the dealer, as export format wants; an unknown (empty) hand is ``-``."""
    hands = (board.deal[board.dealer.next(offset)] for offset in range(4))
    return f"{board.dealer.letter}:" + " ".join(
        hand.to_pbn() if len(hand) else "-" for hand in hands
    )


def _outcome(record: DealRecord) -> tuple[str, str, str]:
    """Declarer, Contract and Result values; "" where a value does not apply (no declarer when
    passed out, no contract before one is reached, no result before the play ends)."""
    if record.passed_out:
        return "", "Pass", ""
    contract, tricks = record.contract, record.declarer_tricks
    if contract is None:
        return "", "", ""
    return contract.declarer.letter, str(contract), "" if tricks is None else str(tricks)


def _auction_lines(record: DealRecord) -> list[str]:
    if not record.calls:
        return []
    texts: dict[int, list[str]] = {}
    for position, text in record.explanations:
        if 0 <= position < len(record.calls):
            texts.setdefault(position, []).append(text)
    numbers: dict[str, int] = {}
    tokens: list[str] = []
    for position, call in enumerate(record.calls):
        token = str(call)
        if position in texts:
            note = numbers.setdefault("; ".join(texts[position]), len(numbers) + 1)
            token += f" ={note}="
        tokens.append(token)
    lines = [_tag("Auction", record.board.dealer.letter)]
    lines.extend(" ".join(tokens[start : start + 4]) for start in range(0, len(tokens), 4))
    if closing_passes(record.calls) and (record.contract or record.passed_out):
        lines.append("*")  # no more calls; Declarer and Contract give the outcome
    lines.extend(_tag("Note", f"{number}:{text}") for text, number in numbers.items())
    return lines


def _play_lines(record: DealRecord) -> list[str]:
    """The Play section: one trick a line, in columns fixed by player from the opening leader."""
    contract = record.contract
    if contract is None or not (record.play or record.claimed):
        return []
    first = leader = contract.opening_leader
    lines = [_tag("Play", first.letter)]
    for start in range(0, len(record.play), 4):
        trick = record.play[start : start + 4]
        row = ["-"] * 4
        for offset, card in enumerate(trick):
            row[(leader.next(offset) - first) % 4] = str(card)
        lines.append(" ".join(row))
        if len(trick) == 4:
            leader = trick_winner(leader, trick, contract.trump)
    if len(record.play) < 52 and (record.claimed or record.declarer_tricks is not None):
        lines.append("*")  # play stopped by a claim; Result gives the tricks
    return lines


def dumps_one(record: DealRecord) -> str:
    """One game in export format (CRLF line ends), without the file header."""
    board = record.board
    north, east, south, west = record.players
    number = "" if board.number is None else str(board.number)
    texts = (record.event, record.site, record.date, number, west, north, east, south)
    deal = (board.dealer.letter, board.vulnerability.pbn, _deal_value(board), record.scoring)
    values = (*texts, *deal, *_outcome(record))
    lines = [_tag(name, value) for name, value in zip(MANDATORY_TAGS, values, strict=True)]
    extras = sorted(
        (extra for extra in record.extra_tags if extra[0] not in RESERVED),
        key=lambda extra: extra[0],
    )
    lines.extend(_tag(name, value) for name, value, rows in extras if not rows)
    lines.extend(_auction_lines(record))
    lines.extend(_play_lines(record))
    for name, value, rows in extras:
        if rows:
            lines.append(_tag(name, value))
            lines.extend(row for row in rows if row.strip())
    return "".join(line + EOL for line in lines)


def dumps(records: Iterable[DealRecord]) -> str:
    """A PBN file in export format: the header, then the games separated by empty lines."""
    return HEADER + EOL.join(dumps_one(record) for record in records)


def dump(records: Iterable[DealRecord], fp: SupportsWrite[str]) -> None:
    """Write `dumps(records)`; open the file with ``newline=""`` to keep the CRLF line ends."""
    fp.write(dumps(records))
