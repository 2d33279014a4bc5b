"""BBO LIN import and export of deal records.

LIN has no public specification; this follows what BBO writes and what common parsers (endplay,
BridgeData) accept.  A record is a run of ``key|value|`` pairs.  Hand-viewer files hold one board
per line; vugraph files start each board at ``qx`` and may spread it over lines.  The API mirrors
`json`: `loads`/`load`/`dumps`/`dump`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from vaza.core.auction import Auction
from vaza.core.calls import Call, Contract
from vaza.core.cards import (
    FULL_MASK,
    Card,
    Hand,
    Rank,
    Seat,
    Suit,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from vaza.core.deal import Board, Deal
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.play import Play, trick_winner
from vaza.core.record import DealRecord
from vaza.formats.reading import AUCTION_CUT_OFF, Problem, Reading

if TYPE_CHECKING:
    from _typeshed import SupportsRead, SupportsWrite

__all__ = ["dump", "dumps", "dumps_one", "load", "loads", "read"]

_ORDER: Final = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
"""The seat order of LIN's ``pn`` names and ``md`` hands; the dealer digit counts from 1 here."""
_VULNERABILITY: Final = {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.BOTH,
}
_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SCORING: Final = {"I": "IMP", "P": "MP", "B": "BAM"}


# -- reading --------------------------------------------------------------------------------


@dataclass(slots=True)
class _Board:
    """What the pairs of one board said so far."""

    where: str
    names: list[str] = field(default_factory=list)
    room: str = ""
    number: int | None = None
    deal: str | None = None
    vulnerability: Vulnerability | None = None
    calls: list[Call] = field(default_factory=list)
    notes: dict[int, str] = field(default_factory=dict)
    play: list[Card] = field(default_factory=list)
    claim: int | None = None
    event: str = ""
    scoring: str = ""
    fed: list[tuple[str, str]] = field(default_factory=list)
    """The board's key/value pairs as written, read by `feed` one by one."""

    def feed(self, key: str, value: str) -> None:
        handler = _HANDLERS.get(key)
        if handler is not None:
            handler(self, value.strip())


def _names(board: _Board, value: str) -> None:
    board.names = [name.strip() for name in value.split(",")]


def _md(board: _Board, value: str) -> None:
    board.deal = value


def _sv(board: _Board, value: str) -> None:
    vulnerability = _VULNERABILITY.get(value.lower())
    if vulnerability is None:
        raise ParseError(f"{board.where}: sv {value!r} is not o, n, e or b")
    board.vulnerability = vulnerability


def _ah(board: _Board, value: str) -> None:
    found = re.search(r"\d+", value)
    if found:
        board.number = int(found.group())


def _qx(board: _Board, value: str) -> None:
    found = re.match(r"([oOcC]?)(\d+)", value)
    if found:
        board.room = found.group(1).lower()
        board.number = int(found.group(2))


def _mb(board: _Board, value: str) -> None:
    text = value.rstrip("!")
    if not text or text == "-":
        return
    try:
        board.calls.append(Call.parse(text))
    except ParseError:
        raise ParseError(
            f"{board.where}: mb {value!r} is not a call (p, d, r or like 1N)"
        ) from None
    if text != value:
        board.notes.setdefault(len(board.calls) - 1, "")  # alerted; `an` may explain it


def _an(board: _Board, value: str) -> None:
    if board.calls:
        board.notes[len(board.calls) - 1] = value


def _pc(board: _Board, value: str) -> None:
    try:
        board.play.append(Card.parse(value))
    except ParseError:
        raise ParseError(f"{board.where}: pc {value!r} is not a card like SA") from None


def _mc(board: _Board, value: str) -> None:
    if not value.isdigit() or int(value) > 13:
        raise ParseError(f"{board.where}: mc {value!r} is not a claim of 0 to 13 tricks")
    board.claim = int(value)


_HANDLERS: Final[dict[str, Callable[[_Board, str], None]]] = {
    "pn": _names,
    "md": _md,
    "sv": _sv,
    "ah": _ah,
    "qx": _qx,
    "mb": _mb,
    "an": _an,
    "pc": _pc,
    "mc": _mc,
}
"""Keys Vaza reads; every other key (pg, rh, st, nt, vg, rs, pw, mp, bn, pf, ...) is skipped."""


def _hand(text: str, where: str) -> Hand:
    """A LIN hand: suit letters each followed by ranks in any order (``S2A9H...``; 10 for T)."""
    cards: list[Card] = []
    suit: Suit | None = None
    for char in re.sub(r"\s+", "", text).upper().replace("10", "T"):
        if char in "SHDC":
            suit = Suit.from_letter(char)
        elif suit is None or char not in "23456789TJQKA":
            raise ParseError(f"{where}: md hand {text!r} is not suit letters and ranks")
        else:
            cards.append(Card(suit, Rank.from_letter(char)))
    try:
        return Hand(cards)
    except ParseError as error:
        raise ParseError(f"{where}: md hand {text!r}: {error}") from None


def _deal(text: str, where: str) -> tuple[Seat | None, Deal]:
    """The dealer (if the digit is given) and the deal; hands come S, W, N, E and a single missing
    one (often the fourth) is the remaining cards."""
    dealer = None
    if text[:1].isdigit():
        if text[0] not in "1234":
            raise ParseError(f"{where}: md dealer {text[0]!r} is not 1 (S), 2 (W), 3 (N) or 4 (E)")
        dealer, text = _ORDER[int(text[0]) - 1], text[1:]
    parts = text.split(",")
    if len(parts) > 4 and any(part.strip() for part in parts[4:]):
        raise ParseError(f"{where}: md lists more than four hands")
    hands = [_hand(part, where) for part in (*parts, "", "", "")[:4]]
    missing = [index for index, hand in enumerate(hands) if not len(hand)]
    if len(missing) == 1 and all(len(hand) == 13 for hand in hands if len(hand)):
        used = 0
        for hand in hands:
            used |= hand.mask
        hands[missing[0]] = Hand.from_mask(FULL_MASK & ~used)
    by_seat = [Hand()] * 4
    for seat, hand in zip(_ORDER, hands, strict=True):
        by_seat[seat] = hand
    try:
        return dealer, Deal((by_seat[0], by_seat[1], by_seat[2], by_seat[3]))
    except ParseError as error:
        raise ParseError(f"{where}: md {error}") from None


def _contract(board: _Board, dealer: Seat) -> tuple[Contract | None, bool]:
    auction = Auction(dealer)
    for position, call in enumerate(board.calls):
        try:
            auction.add(call)
        except IllegalAction as error:
            raise ParseError(f"{board.where}: call {position + 1} ({call}): {error}") from None
    return auction.contract, auction.is_passed_out


def _check_play(board: _Board, deal: Deal, contract: Contract | None) -> int:
    """Check the cards against the rules where the deal is known; returns declarer's tricks."""
    if not board.play:
        return 0
    if contract is None:
        raise ParseError(f"{board.where}: cards are played (pc) before the auction is over")
    if deal.is_complete:
        play = Play(deal.hands, contract.opening_leader, contract.trump)
        for position, card in enumerate(board.play):
            try:
                play.play(card)
            except IllegalAction as error:
                raise ParseError(f"{board.where}: card {position + 1} ({card}): {error}") from None
        counts = play.tricks_won
        return counts[contract.declarer.side] + counts[contract.declarer.side + 2]
    if len(set(board.play)) < len(board.play):
        raise ParseError(f"{board.where}: a card is played twice")
    won, leader = 0, contract.opening_leader
    for start in range(0, len(board.play) - 3, 4):
        leader = trick_winner(leader, board.play[start : start + 4], contract.trump)
        won += leader.side == contract.declarer.side
    return won


def _record(board: _Board) -> DealRecord | None:
    """The record of a board; None for pairs that hold no deal (a file header)."""
    if board.deal is None:
        if board.calls or board.play:
            raise ParseError(f"{board.where}: calls or cards without a deal (md)")
        return None
    digit_dealer, deal = _deal(board.deal, board.where)
    number = board.number
    dealer = digit_dealer
    if dealer is None:
        dealer = board_dealer(number) if number else Seat.NORTH
    vulnerability = board.vulnerability
    if vulnerability is None:
        vulnerability = board_vulnerability(number) if number else Vulnerability.NONE
    contract, passed_out = _contract(board, dealer)
    won = _check_play(board, deal, contract)
    tricks = board.claim if board.claim is not None else won if len(board.play) == 52 else None
    names = board.names
    if len(names) >= 8 and board.room == "c":
        names = names[4:]  # vugraph: open room then closed room
    south, west, north, east = (*names, "", "", "", "")[:4]
    room = {"o": "Open", "c": "Closed"}.get(board.room)
    return DealRecord(
        board=Board(deal, dealer, vulnerability, number),
        calls=tuple(board.calls),
        play=tuple(board.play),
        contract=contract,
        passed_out=passed_out,
        declarer_tricks=tricks if contract is not None else None,
        claimed=contract is not None and board.claim is not None and len(board.play) < 52,
        players=(north, east, south, west),
        event=board.event,
        scoring=board.scoring,
        explanations=tuple(sorted(board.notes.items())),
        extra_tags=(("Room", room, ()),) if room else (),
    )


def _pairs(text: str, where: str) -> Iterator[tuple[str, str]]:
    parts = text.split("|")
    if len(parts) % 2 == 1 and parts[-1].strip():
        raise ParseError(f"{where}: {parts[-1].strip()!r} has no value (write key|value|)")
    for index in range(0, len(parts) - 1, 2):
        yield parts[index].strip().lower(), parts[index + 1]


def _header(board: _Board, key: str, value: str) -> None:
    """Vugraph header data that every later board shares: players and the event."""
    if key == "pn":
        _names(board, value)
    elif key == "vg":
        fields = value.split(",")
        board.event = fields[0].strip()
        board.scoring = _SCORING.get(fields[2].strip().upper(), "") if len(fields) > 2 else ""


def _vugraph(text: str) -> list[_Board]:
    """Boards that start at ``qx`` and may span lines; ``pn`` and ``vg`` carry forward."""
    shared = _Board("the file header")
    boards: list[_Board] = []
    for key, value in _pairs(text, "the vugraph file"):
        if key == "qx":
            where = f"board {value.strip()}"
            boards.append(_Board(where, list(shared.names), event=shared.event))
            boards[-1].scoring = shared.scoring
        if key in ("pn", "vg"):
            _header(shared, key, value)
        if boards:
            boards[-1].fed.append((key, value))
    return boards


def _boards(text: str) -> Iterator[_Board]:
    """The boards of a LIN text, their pairs not yet read (`_Board.fed`)."""
    lines = [
        (number, line.strip())
        for number, line in enumerate(re.split(r"\r\n|\r|\n", text.lstrip("\ufeff")), 1)
        if line.strip() and not line.startswith("%")
    ]
    if any(re.search(r"(^|\|)\s*qx\|", line, re.IGNORECASE) for _, line in lines):
        yield from _vugraph("".join(line for _, line in lines))
        return
    for number, line in lines:
        board = _Board(f"line {number}")
        board.fed.extend(_pairs(line, board.where))
        yield board


def _read(text: str, problems: list[Problem] | None) -> list[DealRecord]:
    """The records of a LIN text; with `problems`, a board that breaks a rule is named there
    and left out (and one whose auction stops short is named and kept), else its `ParseError`
    ends the reading."""
    records: list[DealRecord] = []
    for board in _boards(text):
        try:
            for key, value in board.fed:
                board.feed(key, value)
            record = _record(board)
        except ParseError as error:
            if problems is None:
                raise
            reason = str(error).removeprefix(board.where).lstrip(":, ")
            problems.append(Problem(0, board.where, reason))
            continue
        if record is None:
            continue
        records.append(record)
        if problems is not None and record.calls and not record.passed_out and not record.contract:
            calls = len(record.calls)
            reason = f"the auction stops after {calls} call{'s' if calls > 1 else ''}"
            problems.append(Problem(0, board.where, reason, AUCTION_CUT_OFF))
    return records


def loads(text: str) -> list[DealRecord]:
    """Read the boards of a LIN text.  Raises `ParseError` naming the line or board."""
    return _read(text, None)


def read(text: str) -> Reading:
    """Read every board of a LIN text that keeps the rules; each other board is named with its
    reason and left out, and a board whose auction stops before its end (a file cut off) is
    named and kept."""
    problems: list[Problem] = []
    records = _read(text, problems)
    return Reading(tuple(records), (), tuple(problems))


def load(fp: SupportsRead[str]) -> list[DealRecord]:
    return loads(fp.read())


# -- writing --------------------------------------------------------------------------------


def _clean(text: str) -> str:
    """A value LIN can hold: no ``|`` (the separator) and no line breaks."""
    return re.sub(r"[\r\n\t]", " ", text).replace("|", "/")


def _lin_hand(hand: Hand) -> str:
    if not len(hand):
        return ""
    return "".join(
        suit.letter + "".join(card.rank.letter for card in hand.suit(suit)) for suit in _SUITS
    )


def _lin_call(call: Call) -> str:
    if call.strain is None:
        return ("", "p", "d", "r")[call.kind]
    return f"{call.level}{'N' if call.strain.letter == 'NT' else call.strain.letter}"


def _pieces(record: DealRecord) -> Iterator[tuple[str, str]]:
    board = record.board
    names = (re.sub(r"\s*,\s*", " ", _clean(record.players[seat])) for seat in _ORDER)
    yield "pn", ",".join(names)
    yield "st", ""
    digit = str(_ORDER.index(board.dealer) + 1)
    yield "md", digit + ",".join(_lin_hand(board.deal[seat]) for seat in _ORDER)
    yield "rh", ""
    if board.number is not None:
        yield "ah", f"Board {board.number}"
    yield "sv", "oneb"[board.vulnerability]
    notes: dict[int, list[str]] = {}
    for position, text in record.explanations:
        notes.setdefault(position, []).append(text)
    for position, call in enumerate(record.calls):
        if position in notes:
            yield "mb", _lin_call(call) + "!"
            text = "; ".join(text for text in notes[position] if text)
            if text:
                yield "an", _clean(text)
        else:
            yield "mb", _lin_call(call)
    if record.calls:
        yield "pg", ""
    for position, card in enumerate(record.play, 1):
        yield "pc", str(card)
        if position % 4 == 0:
            yield "pg", ""
    if record.declarer_tricks is not None and record.contract and len(record.play) < 52:
        yield "mc", str(record.declarer_tricks)  # as BBO ends a claimed board: no pg after


def dumps_one(record: DealRecord) -> str:
    """One board as a LIN line (without the line end), in BBO's usual key order."""
    return "".join(f"{key}|{value}|" for key, value in _pieces(record))


def dumps(records: Iterable[DealRecord]) -> str:
    """One board per line."""
    return "".join(dumps_one(record) + "\n" for record in records)


def dump(records: Iterable[DealRecord], fp: SupportsWrite[str]) -> None:
    fp.write(dumps(records))
