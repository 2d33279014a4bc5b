"""The lines of the Blue Chip Bridge table-manager protocol (version 18), read and written.

Every message is one line of ASCII.  Vaza writes each in one strict form (title-case seats, no
dot after a call or a card, CRLF added by the transport) and reads every variant the
implementations in use are known to send (shared/reference/bluechip.md): any case, runs of
spaces, a trailing dot, the seated reply with or without parentheses and quotes, ``Alert.`` or
``Infos.`` before an explanation, ``dummy's`` or the dummy's seat name, a void written ``-`` or
left empty, and the suits of a hand in any order.

`parse` turns a line into one of the message values below (or raises `ParseError` with a
sentence); `format_message` writes one.  The values say which side sends them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from vaza.core.calls import DOUBLE, PASS, REDOUBLE, Call
from vaza.core.cards import Card, Hand, Rank, Seat, Side, Suit, Vulnerability
from vaza.core.errors import ParseError

PROTOCOL_VERSION: Final = 18
ACCEPTED_VERSIONS: Final = (18, 19)
"""18 is the standard; 19 (JobScheffers' extension) differs only in messages Vaza never
sends, so a client speaking it can sit."""

SEAT_NAMES: Final = ("North", "East", "South", "West")
VULNERABILITY_NAMES: Final = {
    Vulnerability.NONE: "Neither",
    Vulnerability.NS: "N/S",
    Vulnerability.EW: "E/W",
    Vulnerability.BOTH: "Both",
}
_VULNERABILITY_WORDS: Final = {
    "neither": Vulnerability.NONE,
    "none": Vulnerability.NONE,
    "nil": Vulnerability.NONE,
    "n/s": Vulnerability.NS,
    "ns": Vulnerability.NS,
    "e/w": Vulnerability.EW,
    "ew": Vulnerability.EW,
    "both": Vulnerability.BOTH,
    "all": Vulnerability.BOTH,
}


def seat_name(seat: Seat) -> str:
    return SEAT_NAMES[seat]


# -- client to table manager ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Connecting:
    """``Connecting "<team>" as <Seat> using protocol version 18``."""

    team: str
    seat: Seat
    version: int = PROTOCOL_VERSION


@dataclass(frozen=True, slots=True)
class Ready:
    """``<Seat> ready for teams`` / ``to start`` / ``for deal`` / ``for cards`` /
    ``for dummy``: the client waits for the next step."""

    seat: Seat
    what: str
    """One of `READY_STEPS`."""


READY_STEPS: Final = ("teams", "start", "deal", "cards", "dummy")


@dataclass(frozen=True, slots=True)
class ReadyForBid:
    """``<Seat> ready for <Other>'s bid``."""

    seat: Seat
    other: Seat


@dataclass(frozen=True, slots=True)
class ReadyForCard:
    """``<Seat> ready for <Other>'s card to trick <n>``; `other` None for ``dummy's``."""

    seat: Seat
    other: Seat | None
    trick: int


# -- both ways ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CallMessage:
    """``<Seat> passes`` / ``doubles`` / ``redoubles`` / ``bids <bid>``, with an optional
    ``Alert.`` and explanation (the client sends it; the table manager relays it)."""

    seat: Seat
    call: Call
    alert: str | None = None
    """The explanation after ``Alert.`` (empty when alerted without one)."""


@dataclass(frozen=True, slots=True)
class CardMessage:
    """``<Seat> plays <card>``; `seat` None for ``Dummy plays``."""

    seat: Seat | None
    card: Card


# -- table manager to client -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seated:
    """``<Seat> ("<team>") seated``."""

    seat: Seat
    team: str


@dataclass(frozen=True, slots=True)
class Teams:
    """``Teams : N/S : "<ns>" E/W : "<ew>"`` (perhaps with ``. playing IMP``)."""

    north_south: str
    east_west: str
    scoring: str | None = None


@dataclass(frozen=True, slots=True)
class StartOfBoard:
    """``Start of board``."""


@dataclass(frozen=True, slots=True)
class EndOfSession:
    """``End of session`` (also Bridge Moniteur's score line ``NS: ...``, and
    ``Disconnect``)."""


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """``Board number <n>. Dealer <Seat>. <Vul> vulnerable.``"""

    number: int
    dealer: Seat
    vulnerability: Vulnerability


@dataclass(frozen=True, slots=True)
class Cards:
    """``<Seat>'s cards : S A K 3. H -. D Q J T 9 8. C 7 6 5 4.``; `seat` None for
    ``Dummy's cards``."""

    seat: Seat | None
    hand: Hand


@dataclass(frozen=True, slots=True)
class ToLead:
    """``<Seat> to lead``; `seat` None for ``Dummy to lead`` (sent to declarer)."""

    seat: Seat | None


@dataclass(frozen=True, slots=True)
class Illegal:
    """``illegal Bid`` (the spec's answer to an illegal call; the call is ignored) or
    ``illegal Card`` (Vaza's answer to an illegal card, by analogy)."""

    what: str


@dataclass(frozen=True, slots=True)
class Refused:
    """Why the table manager would not seat a client; the connection is then closed.  The
    spec gives no wording, so Vaza writes a sentence starting ``Refused``."""

    reason: str


@dataclass(frozen=True, slots=True)
class Timing:
    """``Timing - N/S : this board [mm:ss], ...`` (informative; Vaza's clients skip it).  Vaza's
    table manager sends it after each board (`timing`), as the ones in use do: some clients
    wait for it before the next board."""

    text: str


def timing(board: Mapping[Side, float], total: Mapping[Side, float]) -> Timing:
    """The line for each side's thinking time on the board just played and in the session so
    far, in seconds, as JobScheffers' table manager writes it (whole seconds, rounded down):
    ``Timing - N/S : this board  00:14,  total  0:00:14.  E/W : this board  00:12,  total
    0:00:12.``"""

    def side(name: str, which: Side) -> str:
        minutes, seconds = divmod(int(board[which]), 60)
        hours, rest = divmod(int(total[which]), 3600)
        return (
            f"{name} : this board  {minutes:02d}:{seconds:02d},  "
            f"total  {hours}:{rest // 60:02d}:{rest % 60:02d}."
        )

    return Timing(f"Timing - {side('N/S', Side.NS)}  {side('E/W', Side.EW)}")


Message = (
    Connecting
    | Ready
    | ReadyForBid
    | ReadyForCard
    | CallMessage
    | CardMessage
    | Seated
    | Teams
    | StartOfBoard
    | EndOfSession
    | BoardInfo
    | Cards
    | ToLead
    | Illegal
    | Refused
    | Timing
)


# -- writing -----------------------------------------------------------------------------------


def card_text(card: Card) -> str:
    """Rank then suit, ten as ``T``: ``AS``, ``TC``."""
    return card.rank.letter + card.suit.letter


def hand_text(hand: Hand) -> str:
    """``S A K 3. H -. D Q J T 9 8. C 7 6 5 4.``"""
    parts = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        ranks = " ".join(card.rank.letter for card in hand.suit(suit)) or "-"
        parts.append(f"{suit.letter} {ranks}.")
    return " ".join(parts)


def call_text(call: Call) -> str:
    if call is PASS:
        return "passes"
    if call is DOUBLE:
        return "doubles"
    if call is REDOUBLE:
        return "redoubles"
    return f"bids {call}"


def format_message(message: Message) -> str:
    """The one line Vaza sends for `message` (without the line end)."""
    line = _player_line(message)
    if line is None:
        line = _table_line(message)
    if line is None:
        raise TypeError(f"not a Blue Chip message: {message!r}")
    return line


def _player_line(message: Message) -> str | None:
    """A line about one seat: connecting, ready, a call or a card."""
    match message:
        case Connecting(team, seat, version):
            return f'Connecting "{team}" as {seat_name(seat)} using protocol version {version}'
        case Ready(seat, what):
            return f"{seat_name(seat)} ready " + ("to start" if what == "start" else f"for {what}")
        case ReadyForBid(seat, other):
            return f"{seat_name(seat)} ready for {seat_name(other)}'s bid"
        case ReadyForCard(seat, other, trick):
            whose = "dummy" if other is None else seat_name(other)
            return f"{seat_name(seat)} ready for {whose}'s card to trick {trick}"
        case CallMessage(seat, call, alert):
            text = f"{seat_name(seat)} {call_text(call)}"
            if alert is not None:
                text += " Alert." + (f" {alert}" if alert else "")
            return text
        case CardMessage(seat, card):
            return f"{'Dummy' if seat is None else seat_name(seat)} plays {card_text(card)}"
    return None


def _table_line(message: Message) -> str | None:
    """A line about the table: seating, teams, boards, hands, errors and timing."""
    match message:
        case Seated(seat, team):
            return f'{seat_name(seat)} ("{team}") seated'
        case Teams(north_south, east_west, scoring):
            text = f'Teams : N/S : "{north_south}" E/W : "{east_west}"'
            return text + (f". playing {scoring}" if scoring else "")
        case StartOfBoard():
            return "Start of board"
        case EndOfSession():
            return "End of session"
        case BoardInfo(number, dealer, vulnerability):
            vul = VULNERABILITY_NAMES[vulnerability]
            return f"Board number {number}. Dealer {seat_name(dealer)}. {vul} vulnerable."
        case Cards(seat, hand):
            whose = "Dummy" if seat is None else seat_name(seat)
            return f"{whose}'s cards : {hand_text(hand)}"
        case ToLead(seat):
            return f"{'Dummy' if seat is None else seat_name(seat)} to lead"
        case Illegal(what):
            return f"illegal {what}"
        case Refused(reason):
            return f"Refused: {reason}"
        case Timing(text):
            return text
    return None


# -- reading -----------------------------------------------------------------------------------

_SEAT = r"(north|east|south|west)"
_SEAT_OR_DUMMY = r"(north|east|south|west|dummy)"
_ALERT = r"(?:\s*\.?\s*(?:alert|infos)\b\s*\.?\s*(?P<explanation>.*))?"
_FORMS: Final = tuple(
    (kind, re.compile(pattern, re.IGNORECASE))
    for kind, pattern in (
        ("connecting", r'connecting "?(.*?)"? as (\S+) using protocol version (\d+)'),
        ("ready_step", _SEAT + r" ready (?:for (teams|deal|cards|dummy)|to start)"),
        ("ready_bid", _SEAT + r" ready for " + _SEAT + r"'?s? bid"),
        ("ready_card", _SEAT + r" ready for " + _SEAT_OR_DUMMY + r"'?s? card to trick (\d+)"),
        ("call", _SEAT + r" (pass|passes|double|doubles|redouble|redoubles)" + _ALERT),
        ("bid", _SEAT + r" bids ([1-7]) ?(nt|n|c|d|h|s)" + _ALERT),
        ("card", _SEAT_OR_DUMMY + r" plays (10|[2-9tjqka]) ?([cdhs])"),
        ("seated", _SEAT + r' ?\(?"?(.*?)"?\)? seated'),
        (
            "teams",
            r'teams ?:? ?n/s ?:? ?"?(.*?)"? ?\.? ?e/w ?:? ?"?(.*?)"?(?: ?\. ?playing (\w+))?',
        ),
        ("start", r"start of board"),
        ("end", r"(?:end of session|disconnect|ns:).*"),
        ("board", r"board number (\d+) ?\.? ?dealer " + _SEAT + r" ?\.? ?(\S+) vulnerable"),
        ("cards", _SEAT_OR_DUMMY + r"'?s? cards ?:? ?(.*)"),
        ("to_lead", _SEAT_OR_DUMMY + r" to lead"),
        ("illegal", r"illegal (\w+)"),
        ("refused", r"refused ?:? ?(.*)"),
        ("timing", r"timing\b.*"),
    )
)


def normalise(line: str) -> str:
    """Single spaces and no trailing dots or blanks: the form lines are matched in (the case
    is kept, for team names and explanations, and ignored by the patterns)."""
    return re.sub(r"\s+", " ", line.strip()).rstrip(". ").strip()


def _seat(text: str) -> Seat:
    return Seat.from_letter(text)


def _optional_seat(text: str) -> Seat | None:
    return None if text.lower() == "dummy" else _seat(text)


def parse_hand(text: str) -> Hand:
    """The cards of ``S A K 3. H -. D Q J T 9 8. C 7 6 5 4.`` in any suit order (a void as
    ``-`` or nothing, ten as ``T`` or ``10``)."""
    cards: list[Card] = []
    seen: set[Suit] = set()
    for part in text.split("."):
        tokens = part.replace(",", " ").split()
        if not tokens:
            continue
        first, rest = tokens[0], tokens[1:]
        if len(first) > 1:  # "SAK3": the suit letter glued to its ranks
            first, rest = first[0], [first[1:], *rest]
        suit = Suit.from_letter(first)
        if suit in seen:
            raise ParseError(f"the suit {suit.letter} appears twice in {text!r}")
        seen.add(suit)
        for token in rest:
            if token == "-":
                continue
            for letter in re.findall(r"10|[2-9tjqka]", token, re.IGNORECASE):
                cards.append(Card(suit, Rank.from_letter(letter)))
    return Hand(cards)


def parse(line: str) -> Message:
    """Read one line of the protocol, in any of its known variants."""
    text = normalise(line)
    for kind, pattern in _FORMS:
        match = pattern.fullmatch(text)
        if match is not None:
            return _build(kind, match)
    raise ParseError(f"not a Blue Chip message: {line.strip()!r}")


def _explanation(match: re.Match[str]) -> str | None:
    """The text after ``Alert.`` or ``Infos.`` ("" when alerted without one), or None."""
    explanation = match.group("explanation")
    return None if explanation is None else explanation.strip()


def _build(kind: str, match: re.Match[str]) -> Message:
    built = _build_player(kind, match)
    return built if built is not None else _build_table(kind, match)


def _build_player(kind: str, match: re.Match[str]) -> Message | None:
    """A message about one seat (see `_player_line`), or None for a table's."""
    group = match.group
    if kind == "connecting":
        if group(2).lower() == "anypl":
            raise ParseError("Vaza seats a client at the seat it names, not ANYPL")
        return Connecting(group(1), _seat(group(2)), int(group(3)))
    if kind == "ready_step":
        return Ready(_seat(group(1)), (group(2) or "start").lower())
    if kind == "ready_bid":
        return ReadyForBid(_seat(group(1)), _seat(group(2)))
    if kind == "ready_card":
        return ReadyForCard(_seat(group(1)), _optional_seat(group(2)), int(group(3)))
    if kind == "call":
        word = group(2).lower()
        call = PASS if word.startswith("pass") else DOUBLE if word[0] == "d" else REDOUBLE
        return CallMessage(_seat(group(1)), call, _explanation(match))
    if kind == "bid":
        call = Call.parse(group(2) + group(3))
        return CallMessage(_seat(group(1)), call, _explanation(match))
    if kind == "card":
        card = Card(Suit.from_letter(group(3)), Rank.from_letter(group(2)))
        return CardMessage(_optional_seat(group(1)), card)
    return None


def _build_table(kind: str, match: re.Match[str]) -> Message:
    """A message about the table (see `_table_line`)."""
    group = match.group
    if kind == "seated":
        return Seated(_seat(group(1)), group(2).strip())
    if kind == "teams":
        scoring = group(3)
        return Teams(group(1).strip(), group(2).strip(), scoring.upper() if scoring else None)
    if kind == "start":
        return StartOfBoard()
    if kind == "end":
        return EndOfSession()
    if kind == "board":
        vulnerability = _VULNERABILITY_WORDS.get(group(3).lower())
        if vulnerability is None:
            raise ParseError(f"not a vulnerability: {group(3)!r}")
        return BoardInfo(int(group(1)), _seat(group(2)), vulnerability)
    if kind == "cards":
        return Cards(_optional_seat(group(1)), parse_hand(group(2)))
    if kind == "to_lead":
        return ToLead(_optional_seat(group(1)))
    if kind == "illegal":
        return Illegal(group(1).title())
    if kind == "refused":
        return Refused(group(1))
    return Timing(match.group(0))
