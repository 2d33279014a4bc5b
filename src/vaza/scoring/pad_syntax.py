"""The line syntax of a score pad: one deal per line, as people write it.

`4S N 10`, `3NTX by E -2`, `6H S = honours NS 100`, `pass`, `revoke E`, `2C W 8 hcp 19`;
Portuguese words too (`passo`, `honras`, `renúncia`, seats L and O).  Pure text to `PadDeal`,
shared by `vaza pad`, `vaza score` and the browser's pad page.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side
from vaza.core.errors import ParseError
from vaza.scoring.sheet import PadDeal


class PadLineError(ParseError):
    """A line the pad cannot read: `key` names the mistake and `values` fill its sentence, so a
    command can say it in its reader's language (`str()` is the English)."""

    def __init__(self, key: str, **values: str) -> None:
        self.key = key
        self.values = values
        super().__init__(PAD_ERRORS[key].format(**values))


PAD_ERRORS: Final = {
    "seat": "not a seat: {text} (write N, E, S or W)",
    "side": "not a side: {text} (write NS or EW, or a seat)",
    "contract": "not a contract: {text} (write it like 4S, 3NTX or 6HXX)",
    "tricks": "not a number of tricks: {text} (write 0 to 13, or =, +1, -2)",
    "too_many": "{text} makes {tricks} tricks in {contract}; a side takes 0 to 13",
    "number": "{what} is a number, not {text}",
    "declarer": "a contract needs its declarer, like `4S N 10`",
    "unknown": "did not understand {text}; write a deal like `4S N 10`, `pass` or `revoke E`"
    " (see vaza pad --help)",
    "twice": "{what} given twice",
    "more": "{text} needs more, like `{example}`",
    "revoke_passed": "a passed-out deal cannot be stopped by a revoke",
}
"""The pad's mistakes in English; `vaza pad` keeps the other languages' sentences by key."""

_SEAT_WORDS: Final = {"L": Seat.EAST, "O": Seat.WEST, "LESTE": Seat.EAST, "OESTE": Seat.WEST}
_SIDE_WORDS: Final = {
    "NS": Side.NS,
    "N-S": Side.NS,
    "EW": Side.EW,
    "E-W": Side.EW,
    "LO": Side.EW,
    "L-O": Side.EW,
    "WE": Side.NS,
    "NOS": Side.NS,
    "NÓS": Side.NS,
    "THEY": Side.EW,
    "ELES": Side.EW,
}


def parse_seat(text: str) -> Seat:
    """A seat: N E S W (or the names), also Portuguese L (Leste) and O (Oeste)."""
    key = text.strip().upper()
    if key in _SEAT_WORDS:
        return _SEAT_WORDS[key]
    try:
        return Seat.from_letter(key)
    except ParseError:
        raise PadLineError("seat", text=repr(text)) from None


def parse_side(text: str) -> Side:
    """A side: NS or EW (We / They), or any seat of it."""
    key = text.strip().upper()
    if key in _SIDE_WORDS:
        return _SIDE_WORDS[key]
    try:
        return parse_seat(key).side
    except ParseError:
        raise PadLineError("side", text=repr(text)) from None


def parse_tricks(text: str, contract: Contract) -> int:
    """Tricks taken by declarer's side: ``10``, or relative to the contract ``=``, ``+1``,
    ``-2``."""
    key = text.strip()
    try:
        if key == "=":
            tricks = contract.tricks_needed
        elif key[:1] in "+-" and key[1:].isdigit():
            tricks = contract.tricks_needed + int(key)
        else:
            tricks = int(key)
    except ValueError:
        raise PadLineError("tricks", text=repr(text)) from None
    if not 0 <= tricks <= 13:
        raise PadLineError("too_many", text=repr(text), tricks=str(tricks), contract=str(contract))
    return tricks


def parse_contract(contract: str, seat: str) -> Contract:
    """The contract is read first: when both are wrong, its error is the clearer one."""
    try:
        parsed = Contract.parse(contract, Seat.NORTH)
    except ParseError:
        raise PadLineError("contract", text=repr(contract)) from None
    return replace(parsed, declarer=parse_seat(seat))


_PASS: Final = frozenset({"pass", "passed", "passo", "p", "ap"})
_HONOURS: Final = frozenset({"honours", "honors", "hon", "honras"})
_REVOKE: Final = frozenset({"revoke", "renuncia", "renúncia"})
_HCP: Final = frozenset({"hcp", "pts", "pontos", "ph"})
_KEYWORDS: Final = _HONOURS | _REVOKE | _HCP


def _number(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise PadLineError("number", what=what, text=repr(text)) from None


def parse_pad_line(line: str) -> PadDeal:
    """One deal as the pad's line syntax writes it (see `SYNTAX`)."""
    tokens = line.split()
    position = 0
    contract: Contract | None = None
    tricks: int | None = None
    passed = tokens[0].lower() in _PASS
    if passed:
        position = 1
    elif tokens[0].lower() not in _KEYWORDS:
        if len(tokens) < 2:
            raise PadLineError("declarer")
        seat_at = 2 if tokens[1].lower() == "by" and len(tokens) > 2 else 1
        contract = parse_contract(tokens[0], tokens[seat_at])
        position = seat_at + 1
        if position < len(tokens) and tokens[position].lower() not in _KEYWORDS:
            tricks = parse_tricks(tokens[position], contract)
            position += 1
    found: dict[str, list[str]] = {}
    arity = {**dict.fromkeys(_HONOURS, 2), **dict.fromkeys(_REVOKE, 1), **dict.fromkeys(_HCP, 1)}
    while position < len(tokens):
        word = tokens[position].lower()
        if word not in arity:
            raise PadLineError("unknown", text=repr(tokens[position]))
        kind = "honours" if word in _HONOURS else "revoke" if word in _REVOKE else "hcp"
        if kind in found:
            raise PadLineError("twice", what=kind)
        values = tokens[position + 1 : position + 1 + arity[word]]
        if len(values) < arity[word]:
            example = {"honours": "honours NS 100", "revoke": "revoke E", "hcp": "hcp 24"}[kind]
            raise PadLineError("more", text=repr(tokens[position]), example=example)
        found[kind] = values
        position += 1 + arity[word]
    if passed and "revoke" in found:
        raise PadLineError("revoke_passed")
    honours = None
    if "honours" in found:
        side, points = found["honours"]
        honours = (parse_side(side), _number(points, "honours"))
    revoke = parse_side(found["revoke"][0]) if "revoke" in found else None
    hcp = _number(found["hcp"][0], "hcp") if "hcp" in found else None
    return PadDeal(contract, tricks, honours, revoke, hcp)
