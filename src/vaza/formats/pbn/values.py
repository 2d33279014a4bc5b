"""The values of a PBN game's tags read as bridge: seats, the board, the auction, the contract,
the result, and the tags Vaza keeps without reading them."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Final

from vaza.core.auction import Auction
from vaza.core.calls import PASS, Call, Contract, Strain
from vaza.core.cards import Hand, Seat, Side, Vulnerability, board_dealer, board_vulnerability
from vaza.core.deal import Board, Deal
from vaza.core.errors import IllegalAction, ParseError
from vaza.formats.pbn.syntax import RESERVED, SECTION_TAGS, UNKNOWN, Game, Tag, quote

# One token of an Auction or Play section: note, NAG, suffix, irregularity, end marks, call/card.
_PIECE: Final = re.compile(r"=\d+=|\$\d+|[!?]{1,2}|\^.|[*+]|[A-Za-z0-9-]+|.")
_NOTE: Final = re.compile(r"\s*(\d+)\s*:(.*)", re.DOTALL)
_RESULT: Final = re.compile(r"(NS|EW)\s*(\d+)(?:\s*(NS|EW)\s*(\d+))?")
_NO_DEAL: Final = Deal((Hand(), Hand(), Hand(), Hand()))


def tag_value(game: Game, name: str) -> str:
    tag = game.tags.get(name)
    return tag.value.strip() if tag else ""


def tag_text(game: Game, name: str) -> str:
    """A free-text value, with ``?`` (unknown) read as empty."""
    value = tag_value(game, name)
    return "" if value in UNKNOWN else value


def seat_value(text: str, what: str, where: str, default: Seat | None = None) -> Seat | None:
    """A seat value; `default` when unknown.  (Never `seat or default`: North is 0.)"""
    text = text.strip().lstrip("^")  # "^S": declarer and dummy swapped; S declared
    if text in UNKNOWN:
        return default
    try:
        return Seat.from_letter(text)
    except ParseError:
        raise ParseError(f"{where}: {what} {text!r} is not a seat (N, E, S or W)") from None


def board_number(game: Game) -> int | None:
    value = tag_value(game, "Board")
    if value in UNKNOWN:
        return None
    if not value.isdigit() or int(value) < 1:
        raise ParseError(f"line {game.line}: Board {value!r} is not a positive board number")
    return int(value)


def read_board(game: Game, number: int | None, where: str) -> Board:
    """Dealer and vulnerability default to the duplicate board's when the tags are missing."""
    dealer = seat_value(tag_value(game, "Dealer"), "Dealer", where)
    if dealer is None:
        dealer = board_dealer(number) if number else Seat.NORTH
    vulnerable = tag_value(game, "Vulnerable")
    deal_text = tag_value(game, "Deal")
    try:
        if vulnerable not in UNKNOWN:
            vulnerability = Vulnerability.parse(vulnerable)
        else:
            vulnerability = board_vulnerability(number) if number else Vulnerability.NONE
        deal = Deal.from_pbn(deal_text) if deal_text not in UNKNOWN else _NO_DEAL
    except ParseError as error:
        raise ParseError(f"{where}: {error}") from None
    return Board(deal, dealer, vulnerability, number)


def pieces(tag: Tag, where: str) -> Iterator[tuple[str, int]]:
    """The tokens of an Auction or Play section, with their lines."""
    for token in tag.data:
        if token.kind != "word":
            raise ParseError(f"{where}, line {token.line}: unexpected string in the {tag.name}")
        for match in _PIECE.finditer(token.text):
            yield match.group(), token.line


def closing_passes(calls: list[Call] | tuple[Call, ...]) -> int:
    """How many passes end the auction from here (what ``AP`` stands for)."""
    trailing = 0
    while trailing < len(calls) and calls[-1 - trailing] is PASS:
        trailing += 1
    needed = 4 if all(call is PASS for call in calls) else 3
    return max(0, needed - trailing)


def read_auction(
    game: Game, dealer: Seat, where: str
) -> tuple[tuple[Call, ...], tuple[tuple[int, str], ...]]:
    """Calls from the dealer and the explanations of noted calls."""
    tag = game.tags.get("Auction")
    if tag is None:
        return (), ()
    notes = _notes(game.notes["Auction"], where)
    first = seat_value(tag.value, "Auction", where, dealer)
    assert first is not None
    calls: list[Call] = []
    explanations: list[tuple[int, str]] = []
    skipped = 0
    for text, line in pieces(tag, where):
        if text in ("*", "+"):
            break
        if text == "-" and not calls:
            skipped += 1  # seats before the dealer in a table that starts at another seat
        elif text.startswith("="):
            if calls:
                explanations.append((len(calls) - 1, notes.get(int(text[1:-1]), "")))
        elif text[0] in "$!?^":
            continue  # NAGs, suffixes and irregularity marks say nothing about the call made
        elif text.upper() == "AP":
            calls.extend([PASS] * closing_passes(calls))
        else:
            try:
                calls.append(Call.parse(text))
            except ParseError:
                raise ParseError(
                    f"{where}, line {line}: {text!r} is not a call (Pass, X, XX, AP or a bid)"
                ) from None
    if calls and first.next(skipped) != dealer:
        raise ParseError(
            f"{where}: the Auction starts at {first.letter} with {skipped} '-' before the first"
            f" call, so the dealer would be {first.next(skipped).letter}, not {dealer.letter}"
        )
    return tuple(calls), tuple(explanations)


def _notes(tags: list[Tag], where: str) -> dict[int, str]:
    notes: dict[int, str] = {}
    for tag in tags:
        match = _NOTE.fullmatch(tag.value)
        if not match:
            raise ParseError(f'{where}, line {tag.line}: a note is written [Note "1:text"]')
        notes.setdefault(int(match.group(1)), match.group(2))
    return notes


def auction_outcome(dealer: Seat, calls: Iterable[Call]) -> tuple[Contract | None, bool]:
    """The contract (or passed out) the calls reach; (None, False) if incomplete or irregular."""
    auction = Auction(dealer)
    try:
        for call in calls:
            auction.add(call)
    except IllegalAction:
        return None, False
    return auction.contract, auction.is_passed_out


def read_contract(
    game: Game, declarer: Seat | None, reached: tuple[Contract | None, bool], where: str
) -> tuple[Contract | None, bool, Strain | None]:
    """Contract, passed out, and the strain (known even for an end position's bare trump)."""
    text = tag_value(game, "Contract")
    found, passed_out = reached
    if text in UNKNOWN:
        return found, passed_out, found.strain if found else None
    if text.upper() == "PASS":
        return None, True, None
    if re.fullmatch(r"NT|[SHDC]", text.upper()):
        return None, False, Strain.parse(text)  # an end position gives only the trump (3.10)
    seat = found.declarer if declarer is None and found is not None else declarer
    try:
        contract = Contract.parse(text, Seat.NORTH if seat is None else seat)
    except ParseError:
        raise ParseError(f"{where}: Contract {text!r} is not Pass or like 4H, 3NTX, 6SXX") from None
    return (None if seat is None else contract), False, contract.strain


def result_tricks(text: str, side: Side | None, where: str) -> int | None:
    """Declarer's tricks from a Result value (``9``, ``NS 9``, ``EW 4``, ``NS 9 EW 4``)."""
    text = text.strip().lstrip("^").strip()  # "^": the agreed result differs from the play
    if text in UNKNOWN:
        return None
    match = _RESULT.fullmatch(text.upper())
    if text.isdigit():
        tricks: int | None = int(text)
    elif match:
        counts = {match.group(1): int(match.group(2))}
        if match.group(3):
            counts[match.group(3)] = int(match.group(4))
        if side is None:
            return None
        own, other = counts.get(side.name), counts.get(side.opponents.name)
        tricks = own if own is not None else None if other is None else 13 - other
    else:
        raise ParseError(f"{where}: Result {text!r} is not a trick count like 9, NS 9 or EW 4")
    if tricks is not None and not 0 <= tricks <= 13:
        raise ParseError(f"{where}: Result {text!r} is not 0 to 13 tricks")
    return tricks


def extra_tags(game: Game, where: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Tags Vaza does not interpret, with their data rows, sorted as export format wants."""
    extras: list[tuple[str, str, tuple[str, ...]]] = []
    for name, tag in game.tags.items():
        if name in SECTION_TAGS:
            continue
        if name in RESERVED:
            if tag.data:
                token = tag.data[0]
                raise ParseError(f"{where}, line {token.line}: {token.text!r} after [{name}]")
            continue
        rows: dict[int, list[str]] = {}
        for token in tag.data:
            rows.setdefault(token.line, []).append(
                token.text if token.kind == "word" else quote(token.text)
            )
        extras.append((name, tag.value, tuple(" ".join(row) for row in rows.values())))
    return tuple(sorted(extras, key=lambda extra: extra[0]))


def game_name(game: Game) -> str:
    """How a message names a game: its board and the line it starts at."""
    value = tag_value(game, "Board")
    if value.isdigit() and int(value) > 0:
        return f"board {int(value)} (line {game.line})"
    return f"the game at line {game.line}"
