"""What the registry says of a game: its names, seats, scorings, options, commands and factories.

A `GameSpec` is declared once per game (one module of `vaza.games`), and every layer reads it:
the table's options and commands, the server's message schemas, `/api/games` (the page's form
and its choice of renderer), the robots and the CLI.  The types here are plain data: options and
commands carry a schema a client can read, and check what a client sends.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Generic, TypeVar

from vaza.core.errors import ParseError
from vaza.i18n import LANGUAGES
from vaza.json_types import JSON
from vaza.match.base import TableMatch
from vaza.robots.base import TableRobot

ActionT = TypeVar("ActionT")
ViewT = TypeVar("ViewT")


@dataclass(frozen=True, slots=True)
class Text:
    """A label in both languages of the interface."""

    en: str
    pt: str

    def to_json(self) -> JSON:
        english, portuguese = LANGUAGES
        return {english: self.en, portuguese: self.pt}


class OptionKind(Enum):
    BOOL = "bool"
    CHOICE = "choice"
    NUMBER = "number"
    """A whole number, or null where `default` is None ("none")."""
    NUMBERS = "numbers"
    """A list of whole numbers, or null."""


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label: Text


@dataclass(frozen=True, slots=True)
class Option:
    """One option a table's creator may set, with its schema and labels."""

    name: str
    kind: OptionKind
    default: Any
    label: Text
    choices: tuple[Choice, ...] = ()
    minimum: int = 1
    maximum: int = 99
    hint: Text | None = None

    def check(self, value: Any) -> Any:
        """`value` if it fits the schema (lists come back as tuples); else a ParseError."""
        kind = self.kind
        if kind is OptionKind.BOOL:
            if not isinstance(value, bool):
                raise ParseError(f"{self.name} must be true or false")
            return value
        if kind is OptionKind.CHOICE:
            values = [choice.value for choice in self.choices]
            if value not in values:
                raise ParseError(f"{self.name} is one of {', '.join(values)}, not {value!r}")
            return value
        if value is None and self.default is None:
            return None
        numbers = value if kind is OptionKind.NUMBERS else [value]
        if not isinstance(numbers, list | tuple) or not numbers:
            raise ParseError(f"{self.name} is a list of whole numbers")
        for number in numbers:
            if not isinstance(number, int) or isinstance(number, bool):
                raise ParseError(f"{self.name} takes whole numbers, not {number!r}")
            if not self.minimum <= number <= self.maximum:
                raise ParseError(f"{self.name} is from {self.minimum} to {self.maximum}")
        return tuple(numbers) if kind is OptionKind.NUMBERS else value

    def to_json(self) -> JSON:
        data: JSON = {
            "name": self.name,
            "kind": self.kind.value,
            "default": list(self.default) if isinstance(self.default, tuple) else self.default,
            "label": self.label.to_json(),
        }
        if self.choices:
            data["choices"] = [{"value": c.value, "label": c.label.to_json()} for c in self.choices]
        if self.kind in (OptionKind.NUMBER, OptionKind.NUMBERS):
            data["minimum"], data["maximum"] = self.minimum, self.maximum
        if self.hint is not None:
            data["hint"] = self.hint.to_json()
        return data


def check_options(offered: tuple[Option, ...], given: Mapping[str, Any], where: str) -> JSON:
    """Every option of `offered`, `given`'s value checked or else its default; an option not
    offered is refused with a sentence naming what is."""
    names = {option.name for option in offered}
    unknown = sorted(set(given) - names)
    if unknown:
        known = ", ".join(sorted(names)) or "none"
        raise ParseError(f"unknown options for {where}: {', '.join(unknown)} (known: {known})")
    return {
        option.name: option.check(given[option.name]) if option.name in given else option.default
        for option in offered
    }


@dataclass(frozen=True, slots=True)
class Scoring:
    """A scoring system a game may be played under, with the options it reads."""

    name: str
    label: Text
    about: Text
    options: tuple[Option, ...] = ()
    pad: bool = False
    """Kept on a We/They pad (the pad page scores real cards with it)."""
    pbn: str = ""
    """PBN's Scoring tag value for a deal played under it ("" where PBN has no word for it)."""

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "label": self.label.to_json(),
            "about": self.about.to_json(),
            "options": [option.to_json() for option in self.options],
            "pad": self.pad,
        }


class FieldKind(Enum):
    TEXT = "text"
    WHOLE = "whole"
    FLAG = "flag"


@dataclass(frozen=True, slots=True)
class Field:
    """One field of a command a client sends."""

    name: str
    kind: FieldKind
    required: bool = True
    low: int = 0
    """Shortest text, or smallest number."""
    high: int = 40
    """Longest text, or largest number."""


@dataclass(frozen=True, slots=True)
class Verb:
    """A game command a client may send (``{"type": name, ...fields}``), its schema."""

    name: str
    doc: str
    fields: tuple[Field, ...] = ()

    def to_json(self) -> JSON:
        return {
            "type": self.name,
            "fields": [
                {"name": f.name, "kind": f.kind.value, "required": f.required} for f in self.fields
            ],
        }


def in_public(action: JSON) -> JSON:
    """An action everyone at the table sees made: calls, bids and cards are."""
    return action


@dataclass(frozen=True, slots=True)
class ActionCodec(Generic[ActionT]):
    """A game's actions to and from the JSON of commands and of the event log."""

    parse: Callable[[JSON], ActionT]
    """A command to a core action; raises ParseError with a sentence on bad input."""
    encode: Callable[[ActionT], JSON]
    """A core action to the command that makes it (as the event log stores it)."""
    public: Callable[[JSON], JSON] = in_public
    """A stored action as everyone at the table may learn of it (a card handed from the
    widow is seen to be given, not which)."""


@dataclass(frozen=True, slots=True)
class MatchSettings:
    """What a match is made from: the table's choices, checked against the spec."""

    players: int
    scoring: str
    options: JSON
    """Every option of the game and its scoring, each checked, defaults filled in."""
    deals: Mapping[int, str] | None = None
    """A duplicate event's set of boards (PBN deals by board number), or None."""


@dataclass(frozen=True, slots=True)
class GameSpec(Generic[ActionT, ViewT]):
    """One game, as the registry declares it."""

    name: str
    label: Text
    about: Text
    players: tuple[int, ...]
    """How many may play it; the first is the usual number."""
    scorings: tuple[Scoring, ...]
    """The scorings it may be played under, its default first."""
    verbs: tuple[Verb, ...]
    """The game commands its players send."""
    actions: ActionCodec[ActionT]
    new_match: Callable[[MatchSettings], TableMatch[ActionT, ViewT]]
    robot: Callable[[MatchSettings], TableRobot[ViewT, ActionT]]
    """A new robot for one table (it may keep what it learns during a match)."""
    renderer: str = "bridge"
    """The page's table renderer: "bridge" (the bridge family's one view shape) or
    "boerenbridge"."""
    options: tuple[tuple[Option, tuple[str, ...]], ...] = ()
    """The game's own options, each with the scorings it goes with (empty: all of them)."""
    boards: bool = False
    """It may play a duplicate event's set of boards."""
    meanings: Callable[[Sequence[str], str, str], Mapping[str, str]] | None = None
    """For a game bid in the robots' system: (calls so far, dealer's letter, language) to
    what each legal next call would mean, by name (raises ParseError for a bad auction)."""

    @property
    def scoring_names(self) -> tuple[str, ...]:
        return tuple(scoring.name for scoring in self.scorings)

    def scoring(self, name: str) -> Scoring:
        for scoring in self.scorings:
            if scoring.name == name:
                return scoring
        raise ParseError(f"{self.label.en} is scored with one of: {', '.join(self.scoring_names)}")

    def options_for(self, scoring: str) -> tuple[Option, ...]:
        """Every option a table of this game under `scoring` may set."""
        own = tuple(option for option, only in self.options if not only or scoring in only)
        return self.scoring(scoring).options + own

    def settings(
        self,
        players: int,
        scoring: str,
        options: Mapping[str, Any],
        deals: Mapping[int, str] | None = None,
    ) -> MatchSettings:
        """The table's choices checked against this spec, with a sentence for a bad one."""
        if players not in self.players:
            counts = sorted(self.players)
            allowed = f"{counts[0]} to {counts[-1]}" if len(counts) > 1 else str(counts[0])
            raise ParseError(f"{self.label.en} is played by {allowed} players, not {players}")

        if deals is not None and not self.boards:
            raise ParseError("sets of boards are for contract bridge")
        where = f"{self.label.en} ({scoring})"
        checked = check_options(self.options_for(scoring), options, where)
        return MatchSettings(players, scoring, checked, deals)

    def to_json(self) -> JSON:
        """What `/api/games` says of this game: everything the page needs to offer it."""
        return {
            "game": self.name,
            "label": self.label.to_json(),
            "about": self.about.to_json(),
            "players": list(self.players),
            "scorings": [
                {**scoring.to_json(), "options": [o.to_json() for o in self.options_for(name)]}
                for scoring, name in zip(self.scorings, self.scoring_names, strict=True)
            ],
            "renderer": self.renderer,
            "commands": [verb.to_json() for verb in self.verbs],
            "meanings": self.meanings is not None,
        }
