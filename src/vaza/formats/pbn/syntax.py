"""PBN's syntax: text to tokens, tokens to games of tag pairs, and the ``#``/``##`` inheritance
of tag values from game to game (PBN 2.1, sections 3 and 4).  Nothing here knows bridge."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from vaza.core.errors import ParseError

# fmt: off
MANDATORY_TAGS: Final = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer", "Vulnerable",
    "Deal", "Scoring", "Declarer", "Contract", "Result",
)
# fmt: on
"""The Mandatory Tag Set, in the order export format requires (PBN 2.1, 3.4)."""

SECTION_TAGS: Final = ("Auction", "Play", "Note")
RESERVED: Final = frozenset((*MANDATORY_TAGS, *SECTION_TAGS))
_CANONICAL: Final = {name.lower(): name for name in RESERVED}
# Tags that may not use "#" or "##" inheritance (PBN 2.1, 4.8).
_NO_INHERIT: Final = frozenset(
    ("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note")
)
UNKNOWN: Final = ("", "?")
_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# Whitespace and comments, a bracket, a string (its closing quote is group "end"), or a word.
_LEXEME: Final = re.compile(
    r'(?P<skip>\s+|;.*|\{[^}]*\}?)|(?P<bracket>[\[\]])|"(?P<str>(?:[^"\\]|\\.)*)(?P<end>")?'
    r'|(?P<word>[^\s\[\]{};"]+)'
)


# -- lexer ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    """``[``, ``]``, ``str`` (a string, unescaped), ``word``, ``break`` (game ends), ``end``, or
    ``error`` (text that is not PBN; `text` says why)."""
    text: str
    line: int


_END: Final = Token("end", "", 0)


def lex(text: str) -> Iterator[Token]:
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
            yield Token("break", "", number)
            continue
        for match in _LEXEME.finditer(line, start):
            kind, lexeme = match.lastgroup, match.group()
            if kind == "skip":
                if lexeme.startswith("{") and not lexeme.endswith("}"):
                    open_brace = number
            elif kind == "str":
                message = f"line {number}: a string is not closed with a quote on the line"
                yield Token("error", message, number)
                break
            elif kind == "end":
                yield Token("str", re.sub(r'\\(["\\])', r"\1", match.group("str")), number)
            else:
                yield Token("word" if kind == "word" else lexeme, lexeme, number)
    if open_brace:
        message = f"line {open_brace}: a {{ comment is never closed with }}"
        yield Token("error", message, open_brace)


# -- games and tags -------------------------------------------------------------------------


@dataclass(slots=True)
class Tag:
    name: str
    value: str
    line: int
    data: list[Token] = field(default_factory=list)
    """Tokens after the tag up to the next one: calls, cards or table rows."""


@dataclass(slots=True)
class RawGame:
    """The tags of one game as written, or the first thing in it that is not PBN."""

    line: int
    tags: list[Tag] = field(default_factory=list)
    error: ParseError | None = None


def games(tokens: Iterator[Token]) -> Iterator[RawGame]:
    """Group tokens into games (lists of tags, each with the data that follows it).  A game
    with text that is not PBN keeps its first error and drops the rest of its text."""
    game: RawGame | None = None
    for token in tokens:
        if token.kind == "break":
            if game is not None:
                yield game
                game = None
            continue
        if game is None:
            game = RawGame(token.line)
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


def _tag_pair(tokens: Iterator[Token], line: int) -> Tag:
    """Read ``Name "value" ]`` after a ``[`` (the tokens may be spread over lines)."""
    name, value, close = (next(tokens, _END) for _ in range(3))
    kinds = (name.kind, value.kind, close.kind)
    for token in (name, value, close):
        if token.kind == "error":
            raise ParseError(token.text)
    if kinds != ("word", "str", "]") or not _NAME.fullmatch(name.text):
        raise ParseError(f'line {line}: a tag pair is written [Name "value"], in one game')
    return Tag(_CANONICAL.get(name.text.lower(), name.text), value.text, line)


@dataclass(slots=True)
class Memory:
    """Tag values carried from game to game for ``#`` and ``##`` (PBN 2.1, 4.8)."""

    last: dict[str, str] = field(default_factory=dict)
    defaults: dict[str, str] = field(default_factory=dict)

    def resolve(self, tag: Tag) -> str:
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
class Game:
    line: int
    tags: dict[str, Tag] = field(default_factory=dict)
    notes: dict[str, list[Tag]] = field(default_factory=lambda: {"Auction": [], "Play": []})


def collect(tags: list[Tag], memory: Memory) -> Game:
    """Keep the first of each tag (import format ignores repeats), resolve inheritance, and
    attach Note tags (and anything after them) to the Auction or Play section before them."""
    game = Game(tags[0].line)
    section: Tag | None = None
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
        game.tags.setdefault(name, Tag(name, value, game.line))
    memory.last.update((name, tag.value) for name, tag in game.tags.items())
    return game


def quote(value: str) -> str:
    """A PBN string.  A backslash is doubled only before a quote, a backslash or the end, where a
    reader would take it for an escape; so ``\\2R`` in table column names stays as written."""
    text = re.sub(r'\\(?=["\\]|$)', r"\\\\", re.sub(r"[\t\r\n\v\f]", " ", value))
    return '"' + text.replace('"', '\\"') + '"'
