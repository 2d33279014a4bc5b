"""PBN 2.1 (Portable Bridge Notation) import and export of deal records.

Reading accepts the standard's lenient *import* format (any tag order, comments, lower case, ``#``
inheritance, ``AP``, annotations), so hand-made files load; writing produces the strict *export*
format, so any PBN program can read what Vaza writes.  The API mirrors `json`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from vaza.core.auction import Auction
from vaza.core.calls import PASS, Call, Contract, Strain
from vaza.core.cards import Card, Hand, Seat, Side, Vulnerability, board_dealer, board_vulnerability
from vaza.core.deal import Board, Deal
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.play import trick_winner
from vaza.core.record import DealRecord

if TYPE_CHECKING:
    from _typeshed import SupportsRead, SupportsWrite

__all__ = [
    "MANDATORY_TAGS",
    "Problem",
    "Reading",
    "dump",
    "dumps",
    "dumps_one",
    "load",
    "loads",
    "read",
]

# fmt: off
MANDATORY_TAGS: Final = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
    "Deal", "Scoring", "Declarer", "Contract", "Result",
)
# fmt: on
"""The Mandatory Tag Set, in the order export format requires (PBN 2.1, 3.4)."""

_SECTION_TAGS: Final = ("Auction", "Play", "Note")
_RESERVED: Final = frozenset((*MANDATORY_TAGS, *_SECTION_TAGS))
_CANONICAL: Final = {name.lower(): name for name in _RESERVED}
# Tags that may not use "#" or "##" inheritance (PBN 2.1, 4.8).
_NO_INHERIT: Final = frozenset(
    ("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note")
)
# A game with none of these is only a header (e.g. "##" defaults) and yields no record.
_DEAL_TAGS: Final = frozenset(("Deal", "Auction", "Play", "Declarer", "Contract", "Result"))
# What a game leaves out when it is the board of the game before (a team match's other room).
_BOARD_TAGS: Final = ("Board", "Dealer", "Vulnerable", "Deal")
_UNKNOWN: Final = ("", "?")
_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# One token of an Auction or Play section: note, NAG, suffix, irregularity, end marks, call/card.
_PIECE: Final = re.compile(r"=\d+=|\$\d+|[!?]{1,2}|\^.|[*+]|[A-Za-z0-9-]+|.")
_NOTE: Final = re.compile(r"\s*(\d+)\s*:(.*)", re.DOTALL)
_RESULT: Final = re.compile(r"(NS|EW)\s*(\d+)(?:\s*(NS|EW)\s*(\d+))?")
# Whitespace and comments, a bracket, a string (its closing quote is group "end"), or a word.
_LEXEME: Final = re.compile(
    r'(?P<skip>\s+|;.*|\{[^}]*\}?)|(?P<bracket>[\[\]])|"(?P<str>(?:[^"\\]|\\.)*)(?P<end>")?'
    r'|(?P<word>[^\s\[\]{};"]+)'
)
_EOL: Final = "\r\n"
HEADER: Final = f"% PBN 2.1{_EOL}% EXPORT{_EOL}"
_NO_DEAL: Final = Deal((Hand(), Hand(), Hand(), Hand()))


# -- lexer ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Token:
    kind: str
    """``[``, ``]``, ``str`` (a string, unescaped), ``word``, ``break`` (game ends), ``end``, or
    ``error`` (text that is not PBN; `text` says why)."""
    text: str
    line: int


_END: Final = _Token("end", "", 0)


def _lex(text: str) -> Iterator[_Token]:
    """Split PBN text into tokens, dropping ``%`` lines and comments; semi-empty lines end games."""
    open_brace = 0  # line of a brace comment still open, 0 when none is
    for number, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):  # not splitlines: \x85
        start = 0
        if open_brace:
            start = line.find("}") + 1
            if not start:
                continue
            open_brace = 0
        elif line.startswith("%"):
            continue
        elif not line.strip():
            yield _Token("break", "", number)
            continue
        for match in _LEXEME.finditer(line, start):
            kind, lexeme = match.lastgroup, match.group()
            if kind == "skip":
                if lexeme.startswith("{") and not lexeme.endswith("}"):
                    open_brace = number
            elif kind == "str":
                message = f"line {number}: a string is not closed with a quote on the line"
                yield _Token("error", message, number)
                break
            elif kind == "end":
                yield _Token("str", re.sub(r'\\(["\\])', r"\1", match.group("str")), number)
            else:
                yield _Token("word" if kind == "word" else lexeme, lexeme, number)
    if open_brace:
        message = f"line {open_brace}: a {{ comment is never closed with }}"
        yield _Token("error", message, open_brace)


# -- games and tags -------------------------------------------------------------------------


@dataclass(slots=True)
class _Tag:
    name: str
    value: str
    line: int
    data: list[_Token] = field(default_factory=list)
    """Tokens after the tag up to the next one: calls, cards or table rows."""


@dataclass(slots=True)
class _RawGame:
    """The tags of one game as written, or the first thing in it that is not PBN."""

    line: int
    tags: list[_Tag] = field(default_factory=list)
    error: ParseError | None = None


def _games(tokens: Iterator[_Token]) -> Iterator[_RawGame]:
    """Group tokens into games (lists of tags, each with the data that follows it).  A game
    with text that is not PBN keeps its first error and drops the rest of its text."""
    game: _RawGame | None = None
    for token in tokens:
        if token.kind == "break":
            if game is not None:
                yield game
                game = None
            continue
        if game is None:
            game = _RawGame(token.line)
        if game.error is not None:
            continue
        try:
            if token.kind == "error":
                raise ParseError(token.text)
            if token.kind == "[":
                game.tags.append(_tag_pair(tokens, token.line))
            elif token.kind == "]":
                raise ParseError(f"line {token.line}: ']' without a '[' before it")
            elif game.tags:
                game.tags[-1].data.append(token)
            else:
                raise ParseError(
                    f'line {token.line}: {token.text!r} comes before any [Tag "value"]'
                )
        except ParseError as error:
            game.error = error
    if game is not None:
        yield game


def _tag_pair(tokens: Iterator[_Token], line: int) -> _Tag:
    """Read ``Name "value" ]`` after a ``[`` (the tokens may be spread over lines)."""
    name, value, close = (next(tokens, _END) for _ in range(3))
    kinds = (name.kind, value.kind, close.kind)
    for token in (name, value, close):
        if token.kind == "error":
            raise ParseError(token.text)
    if kinds != ("word", "str", "]") or not _NAME.fullmatch(name.text):
        raise ParseError(f'line {line}: a tag pair is written [Name "value"], in one game')
    return _Tag(_CANONICAL.get(name.text.lower(), name.text), value.text, line)


@dataclass(slots=True)
class _Memory:
    """Tag values carried from game to game for ``#`` and ``##`` (PBN 2.1, 4.8)."""

    last: dict[str, str] = field(default_factory=dict)
    defaults: dict[str, str] = field(default_factory=dict)

    def resolve(self, tag: _Tag) -> str:
        value = tag.value
        if value.startswith("#") and tag.name in _NO_INHERIT:
            raise ParseError(f"line {tag.line}: the {tag.name} tag may not inherit a value with #")
        if value.startswith("##"):
            self.defaults[tag.name] = value[2:]
            return value[2:]
        if value == "#":
            return self.last.get(tag.name, "")
        if tag.name in self.defaults:
            self.defaults[tag.name] = value
        return value


@dataclass(slots=True)
class _Game:
    line: int
    tags: dict[str, _Tag] = field(default_factory=dict)
    notes: dict[str, list[_Tag]] = field(default_factory=lambda: {"Auction": [], "Play": []})


def _collect(tags: list[_Tag], memory: _Memory) -> _Game:
    """Keep the first of each tag (import format ignores repeats), resolve inheritance, and
    attach Note tags (and anything after them) to the Auction or Play section before them."""
    game = _Game(tags[0].line)
    section: _Tag | None = None
    for tag in tags:
        if tag.name == "Note":
            owner = section.name if section else "Auction"
            game.notes[owner].append(tag)
            if section is not None:
                section.data.extend(tag.data)
            continue
        if tag.name in game.tags:
            continue
        if tag.name in ("Auction", "Play"):
            section = tag
        tag.value = memory.resolve(tag)
        game.tags[tag.name] = tag
    for name, value in memory.defaults.items():
        game.tags.setdefault(name, _Tag(name, value, game.line))
    memory.last.update((name, tag.value) for name, tag in game.tags.items())
    return game


# -- reading values -------------------------------------------------------------------------


def _value(game: _Game, name: str) -> str:
    tag = game.tags.get(name)
    return tag.value.strip() if tag else ""


def _text(game: _Game, name: str) -> str:
    """A free-text value, with ``?`` (unknown) read as empty."""
    value = _value(game, name)
    return "" if value in _UNKNOWN else value


def _seat(text: str, what: str, where: str, default: Seat | None = None) -> Seat | None:
    """A seat value; `default` when unknown.  (Never `seat or default`: North is 0.)"""
    text = text.strip().lstrip("^")  # "^S": declarer and dummy swapped; S declared
    if text in _UNKNOWN:
        return default
    try:
        return Seat.from_letter(text)
    except ParseError:
        raise ParseError(f"{where}: {what} {text!r} is not a seat (N, E, S or W)") from None


def _board_number(game: _Game) -> int | None:
    value = _value(game, "Board")
    if value in _UNKNOWN:
        return None
    if not value.isdigit() or int(value) < 1:
        raise ParseError(f"line {game.line}: Board {value!r} is not a positive board number")
    return int(value)


def _board(game: _Game, number: int | None, where: str) -> Board:
    """Dealer and vulnerability default to the duplicate board's when the tags are missing."""
    dealer = _seat(_value(game, "Dealer"), "Dealer", where)
    if dealer is None:
        dealer = board_dealer(number) if number else Seat.NORTH
    vulnerable = _value(game, "Vulnerable")
    deal_text = _value(game, "Deal")
    try:
        if vulnerable not in _UNKNOWN:
            vulnerability = Vulnerability.parse(vulnerable)
        else:
            vulnerability = board_vulnerability(number) if number else Vulnerability.NONE
        deal = Deal.from_pbn(deal_text) if deal_text not in _UNKNOWN else _NO_DEAL
    except ParseError as error:
        raise ParseError(f"{where}: {error}") from None
    return Board(deal, dealer, vulnerability, number)


def _pieces(tag: _Tag, where: str) -> Iterator[tuple[str, int]]:
    """The tokens of an Auction or Play section, with their lines."""
    for token in tag.data:
        if token.kind != "word":
            raise ParseError(f"{where}, line {token.line}: unexpected string in the {tag.name}")
        for match in _PIECE.finditer(token.text):
            yield match.group(), token.line


def _closing_passes(calls: list[Call] | tuple[Call, ...]) -> int:
    """How many passes end the auction from here (what ``AP`` stands for)."""
    trailing = 0
    while trailing < len(calls) and calls[-1 - trailing] is PASS:
        trailing += 1
    needed = 4 if all(call is PASS for call in calls) else 3
    return max(0, needed - trailing)


def _auction(
    game: _Game, dealer: Seat, where: str
) -> tuple[tuple[Call, ...], tuple[tuple[int, str], ...]]:
    """Calls from the dealer and the explanations of noted calls."""
    tag = game.tags.get("Auction")
    if tag is None:
        return (), ()
    notes = _notes(game.notes["Auction"], where)
    first = _seat(tag.value, "Auction", where, dealer)
    assert first is not None
    calls: list[Call] = []
    explanations: list[tuple[int, str]] = []
    skipped = 0
    for text, line in _pieces(tag, where):
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
            calls.extend([PASS] * _closing_passes(calls))
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


def _notes(tags: list[_Tag], where: str) -> dict[int, str]:
    notes: dict[int, str] = {}
    for tag in tags:
        match = _NOTE.fullmatch(tag.value)
        if not match:
            raise ParseError(f'{where}, line {tag.line}: a note is written [Note "1:text"]')
        notes.setdefault(int(match.group(1)), match.group(2))
    return notes


def _auction_outcome(dealer: Seat, calls: Iterable[Call]) -> tuple[Contract | None, bool]:
    """The contract (or passed out) the calls reach; (None, False) if incomplete or irregular."""
    auction = Auction(dealer)
    try:
        for call in calls:
            auction.add(call)
    except IllegalAction:
        return None, False
    return auction.contract, auction.is_passed_out


def _contract(
    game: _Game, declarer: Seat | None, reached: tuple[Contract | None, bool], where: str
) -> tuple[Contract | None, bool, Strain | None]:
    """Contract, passed out, and the strain (known even for an end position's bare trump)."""
    text = _value(game, "Contract")
    found, passed_out = reached
    if text in _UNKNOWN:
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


def _play(
    game: _Game, board: Board, contract: Contract | None, strain: Strain | None, where: str
) -> tuple[list[Card], list[Seat], bool]:
    """Cards in the order played, the winners of the complete tricks, and whether ``*`` ended it."""
    tag = game.tags.get("Play")
    if tag is None:
        return [], [], False
    first = _seat(tag.value, "Play", where, contract.opening_leader if contract else None)
    if first is None:
        raise ParseError(f"{where}: the Play tag must name the opening leader")
    if contract is not None and first != contract.opening_leader:
        raise ParseError(
            f"{where}: the Play starts with {first.letter}, but against {contract}"
            f" by {contract.declarer.letter} the opening leader is {contract.opening_leader.letter}"
        )
    slots: list[tuple[Card | None, int]] = []
    ended = False
    for text, line in _pieces(tag, where):
        if text == "*":
            ended = True
            break
        if text in ("-", "+"):
            slots.append((None, line))
        elif text[0] not in "=$!?^":
            try:
                slots.append((Card.parse(text), line))
            except ParseError:
                raise ParseError(f"{where}, line {line}: {text!r} is not a card like SA") from None
    cards, winners = _linearise(first, slots, board.deal, strain, where)
    return cards, winners, ended


def _linearise(
    first: Seat,
    slots: list[tuple[Card | None, int]],
    deal: Deal,
    strain: Strain | None,
    where: str,
) -> tuple[list[Card], list[Seat]]:
    """Turn rows of fixed player columns (from `first`) into play order, following each trick's
    winner; stops at the first unknown or unplayed card."""
    cards: list[Card] = []
    winners: list[Seat] = []
    played = 0
    leader = first
    for start in range(0, len(slots), 4):
        row = slots[start : start + 4]
        trick: list[Card] = []
        for offset in range(4):
            seat = leader.next(offset)
            column = (seat - first) % 4
            card, line = row[column] if column < len(row) else (None, 0)
            if card is None:
                return cards, winners
            hand = deal[seat]
            if played & card.mask:
                raise ParseError(f"{where}, line {line}: {card} is played twice")
            if len(hand) and card not in hand:
                raise ParseError(
                    f"{where}, line {line}: {seat.name.title()} plays {card} without holding it"
                    " (Play columns stay with the player: opening leader first, clockwise)"
                )
            played |= card.mask
            trick.append(card)
            cards.append(card)
        if strain is None:
            if start + 4 < len(slots):
                raise ParseError(f"{where}: the Play needs a Contract to know the trump suit")
            break
        leader = trick_winner(leader, trick, strain.suit)
        winners.append(leader)
    return cards, winners


def _result(text: str, side: Side | None, where: str) -> int | None:
    """Declarer's tricks from a Result value (``9``, ``NS 9``, ``EW 4``, ``NS 9 EW 4``)."""
    text = text.strip().lstrip("^").strip()  # "^": the agreed result differs from the play
    if text in _UNKNOWN:
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


def _extra_tags(game: _Game, where: str) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """Tags Vaza does not interpret, with their data rows, sorted as export format wants."""
    extras: list[tuple[str, str, tuple[str, ...]]] = []
    for name, tag in game.tags.items():
        if name in _SECTION_TAGS:
            continue
        if name in _RESERVED:
            if tag.data:
                token = tag.data[0]
                raise ParseError(f"{where}, line {token.line}: {token.text!r} after [{name}]")
            continue
        rows: dict[int, list[str]] = {}
        for token in tag.data:
            rows.setdefault(token.line, []).append(
                token.text if token.kind == "word" else _quote(token.text)
            )
        extras.append((name, tag.value, tuple(" ".join(row) for row in rows.values())))
    return tuple(sorted(extras, key=lambda extra: extra[0]))


def _where(game: _Game) -> str:
    """How a message names a game: its board and the line it starts at."""
    value = _value(game, "Board")
    if value.isdigit() and int(value) > 0:
        return f"board {int(value)} (line {game.line})"
    return f"the game at line {game.line}"


def _record(game: _Game) -> DealRecord:
    number = _board_number(game)
    where = _where(game)
    board = _board(game, number, where)
    calls, explanations = _auction(game, board.dealer, where)
    declarer = _seat(_value(game, "Declarer"), "Declarer", where)
    reached = _auction_outcome(board.dealer, calls)
    contract, passed_out, strain = _contract(game, declarer, reached, where)
    play, winners, ended = _play(game, board, contract, strain, where)
    if contract is not None:
        declarer = contract.declarer
    tricks = _result(_value(game, "Result"), None if declarer is None else declarer.side, where)
    if play and len(play) < 52 and not ended:
        tricks = None  # the standard reads Result as a partial count while play goes on
    if tricks is None and len(play) == 52 and declarer is not None:
        tricks = sum(1 for winner in winners if winner.side == declarer.side)
    names = (_text(game, "North"), _text(game, "East"), _text(game, "South"), _text(game, "West"))
    return DealRecord(
        board=board,
        calls=calls,
        play=tuple(play),
        contract=contract,
        passed_out=passed_out,
        declarer_tricks=None if passed_out else tricks,
        claimed=ended and len(play) < 52,
        players=names,
        event=_text(game, "Event"),
        site=_text(game, "Site"),
        date=_text(game, "Date"),
        scoring=_text(game, "Scoring"),
        explanations=explanations,
        extra_tags=_extra_tags(game, where),
    )


@dataclass(frozen=True, slots=True)
class Problem:
    """A game the forgiving reader could not take as written."""

    line: int
    """The line the game starts at."""
    where: str
    """The game as a message names it: ``board 3 (line 40)``."""
    reason: str

    def __str__(self) -> str:
        return f"{self.where} skipped: {self.reason}"


@dataclass(frozen=True, slots=True)
class Reading:
    """What the forgiving reader made of a file: the games it read and those it could not."""

    records: tuple[DealRecord, ...]
    lines: tuple[int, ...]
    """The line each record's game starts at, so later warnings can name it."""
    problems: tuple[Problem, ...]


@dataclass(slots=True)
class _Boards:
    """The boards seen so far, for games that leave out the board they share with the game
    before (a team match's second room gives neither Board, Dealer, Vulnerable nor Deal)."""

    last: dict[str, str] = field(default_factory=dict)
    numbered: dict[str, dict[str, str]] = field(default_factory=dict)

    def complete(self, game: _Game) -> None:
        """Fill in a game without a Deal from the game before (no Board either) or from the
        last game of its Board; remember a game with one."""
        if _value(game, "Deal") not in _UNKNOWN:
            known = {name: _value(game, name) for name in _BOARD_TAGS}
            self.last = {name: value for name, value in known.items() if value not in _UNKNOWN}
            if "Board" in self.last:
                self.numbered[self.last["Board"]] = self.last
            return
        number = _value(game, "Board")
        source = self.last if number in _UNKNOWN else self.numbered.get(number, {})
        for name, value in source.items():
            if _value(game, name) in _UNKNOWN:
                game.tags[name] = _Tag(name, value, game.line)


def _read(text: str, problems: list[Problem] | None) -> list[tuple[int, DealRecord]]:
    """The records of a PBN text with their lines; with `problems`, a game that breaks a rule
    is reported there and left out, else its `ParseError` ends the reading."""
    memory = _Memory()
    boards = _Boards()
    records: list[tuple[int, DealRecord]] = []
    for raw in _games(_lex(text.lstrip("\ufeff"))):
        where = f"the game at line {raw.line}"
        try:
            if raw.error is not None:
                raise raw.error
            game = _collect(raw.tags, memory)
            where = _where(game)
            if _DEAL_TAGS.intersection(game.tags):
                boards.complete(game)
                records.append((raw.line, _record(game)))
        except ParseError as error:
            if problems is None:
                raise
            problems.append(Problem(raw.line, where, _reason(str(error), where)))
    return records


def _reason(message: str, where: str) -> str:
    """An error's message without the name of its game (the problem gives it)."""
    if message.startswith(where):
        return message[len(where) :].lstrip(":, ")
    return message


def loads(text: str) -> list[DealRecord]:
    """Read every game of a PBN text.  Raises `ParseError` naming the line for bad input."""
    return [record for _, record in _read(text, None)]


def read(text: str) -> Reading:
    """Read every game of a PBN text that keeps the rules; each other game is named with its
    line and reason (a card its player does not hold, an Auction that contradicts the
    Dealer...) and left out.  (A revoke is kept: it happens at the table, and the standard
    records it; the rules refuse it when the play is replayed.)"""
    problems: list[Problem] = []
    found = _read(text, problems)
    return Reading(
        tuple(record for _, record in found), tuple(line for line, _ in found), tuple(problems)
    )


def load(fp: SupportsRead[str]) -> list[DealRecord]:
    """Read every game from a text file (any line ends)."""
    return loads(fp.read())


# -- writing --------------------------------------------------------------------------------


def _quote(value: str) -> str:
    """A PBN string.  A backslash is doubled only before a quote, a backslash or the end, where a
    reader would take it for an escape; so ``\\2R`` in table column names stays as written."""
    text = re.sub(r'\\(?=["\\]|$)', r"\\\\", re.sub(r"[\t\r\n\v\f]", " ", value))
    return '"' + text.replace('"', '\\"') + '"'


def _tag(name: str, value: str) -> str:
    return f"[{name} {_quote(value)}]"


def _deal_value(board: Board) -> str:
    """Deal from the dealer, as export format wants; an unknown (empty) hand is ``-``."""
    hands = (board.deal[board.dealer.next(offset)] for offset in range(4))
    return f"{board.dealer.letter}:" + " ".join(
        hand.to_pbn() if len(hand) else "-" for hand in hands
    )


def _outcome(record: DealRecord) -> tuple[str, str, str]:
    """Declarer, Contract and Result values: "" when passed out, "?" when unknown."""
    if record.passed_out:
        return "", "Pass", ""
    contract, tricks = record.contract, record.declarer_tricks
    declarer = "?" if contract is None else contract.declarer.letter
    return declarer, str(contract or "?"), "?" if tricks is None else str(tricks)


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
    if _closing_passes(record.calls) and (record.contract or record.passed_out):
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
    deal = (board.dealer.letter, board.vulnerability.pbn, _deal_value(board), record.scoring or "?")
    values = (*(text or "?" for text in texts), *deal, *_outcome(record))
    lines = [_tag(name, value) for name, value in zip(MANDATORY_TAGS, values, strict=True)]
    extras = sorted(
        (extra for extra in record.extra_tags if extra[0] not in _RESERVED),
        key=lambda extra: extra[0],
    )
    lines.extend(_tag(name, value) for name, value, rows in extras if not rows)
    lines.extend(_auction_lines(record))
    lines.extend(_play_lines(record))
    for name, value, rows in extras:
        if rows:
            lines.append(_tag(name, value))
            lines.extend(row for row in rows if row.strip())
    return "".join(line + _EOL for line in lines)


def dumps(records: Iterable[DealRecord]) -> str:
    """A PBN file in export format: the header, then the games separated by empty lines."""
    return HEADER + _EOL.join(dumps_one(record) for record in records)


def dump(records: Iterable[DealRecord], fp: SupportsWrite[str]) -> None:
    """Write `dumps(records)`; open the file with ``newline=""`` to keep the CRLF line ends."""
    fp.write(dumps(records))
