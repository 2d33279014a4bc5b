"""JSON for contract bridge views and actions, and the bridge family's one view shape (see
docs/protocol.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Protocol

from vaza.analysis.results import BoardAnalysis
from vaza.core.calls import Call, Contract
from vaza.core.cards import CARDS, SEATS, Card, Hand, Seat, Suit, Vulnerability
from vaza.core.errors import ParseError
from vaza.core.game import (
    LINE_LENGTH,
    REASON_LENGTH,
    REJECTIONS,
    Claim,
    ClaimResponse,
    Proposal,
    TableAction,
    UndoRequest,
    UndoResponse,
    answers,
)
from vaza.core.games.contract import ALERT_LENGTH, Alerted, BridgeAction, DealResult, LowestOf
from vaza.core.play import Trick
from vaza.core.record import DealRecord
from vaza.core.views import TableView
from vaza.json_types import JSON


def seat_text(seat: Seat | None) -> str | None:
    return None if seat is None else seat.letter


def hand_json(hand: Hand | None) -> list[str] | None:
    return None if hand is None else list(_card_names(hand.mask))


@lru_cache(maxsize=1 << 14)
def _card_names(mask: int) -> tuple[str, ...]:
    """The names of a hand's cards, by its mask: every view of every seat writes the same
    hands over and over."""
    return tuple(card.name for card in Hand.from_mask(mask))


def contract_json(contract: Contract | None) -> JSON | None:
    if contract is None:
        return None
    return {
        "text": str(contract),
        "level": contract.level,
        "strain": contract.strain.letter,
        "doubling": int(contract.doubling),
        "declarer": contract.declarer.letter,
        "dummy": contract.dummy.letter,
    }


def trick_json(trick: Trick[Seat] | None) -> JSON | None:
    if trick is None:
        return None
    return {
        "cards": plays_json(trick.plays),
        "winner": trick.winner.letter,
    }


def proposal_json(proposal: Proposal[Seat] | None) -> JSON | None:
    if proposal is None:
        return None
    return {
        "kind": proposal.kind.value,
        "by": proposal.by.letter,
        "awaiting": sorted(seat.letter for seat in proposal.awaiting),
        "tricks": proposal.tricks,
        "line": proposal.line,
    }


def result_json(result: DealResult | None) -> JSON | None:
    if result is None:
        return None
    return {
        "passed_out": result.passed_out,
        "contract": contract_json(result.contract),
        "declarer_tricks": result.declarer_tricks,
        "claimed": result.claimed,
        "difference": result.difference,
    }


def action_json(action: BridgeAction | Alerted | TableAction) -> JSON:
    """The command a client sends for `action` (and how events describe it)."""
    if isinstance(action, Call):
        return {"type": "call", "call": str(action)}
    if isinstance(action, Alerted):
        return {"type": "call", "call": str(action.call), "alert": action.explanation}
    if isinstance(action, Card):
        return {"type": "play", "card": str(action)}
    if isinstance(action, LowestOf):
        return {"type": "play", "suit": action.suit.letter}
    if isinstance(action, Claim):
        claim: JSON = {"type": "claim", "tricks": action.tricks}
        if action.line is not None:
            claim["line"] = action.line
        return claim
    if isinstance(action, ClaimResponse):
        answer: JSON = {"type": "claim_response", "accept": action.accept}
        if action.why is not None:
            answer["why"] = action.why
        if action.held_to is not None:
            answer["held_to"] = action.held_to
        if action.reason is not None:
            answer["reason"] = action.reason
        return answer
    if isinstance(action, UndoRequest):
        return {"type": "undo_request"}
    if isinstance(action, UndoResponse):
        return {"type": "undo_response", "grant": action.grant}
    raise TypeError(f"not a bridge action: {action!r}")


def parse_action(data: JSON) -> BridgeAction | Alerted | TableAction:
    """A client command to a core action; raises ParseError with a sentence on bad input."""
    kind = data.get("type")
    try:
        if kind == "call":
            call = Call.parse(str(data["call"]))
            alert = _said(data.get("alert"), "an alert's explanation", ALERT_LENGTH)
            return call if alert is None else Alerted(call, alert)
        if kind == "play":
            if "card" in data:
                return Card.parse(str(data["card"]))
            return LowestOf(Suit.from_letter(str(data["suit"])))
        if kind == "claim":
            tricks = data["tricks"]
            if not isinstance(tricks, int) or isinstance(tricks, bool):
                raise ParseError("a claim gives a number of tricks")
            return Claim(tricks, _said(data.get("line"), "a claim's line of play", LINE_LENGTH))
        if kind == "claim_response":
            return _claim_response(data)
        if kind == "undo_request":
            return UndoRequest()
        if kind == "undo_response":
            return UndoResponse(bool(_flag(data, "grant")))
    except KeyError as missing:
        raise ParseError(f"a {kind} command needs {missing}") from None
    raise ParseError(f"not a bridge command: {kind!r}")


def _said(value: Any, what: str, limit: int) -> str | None:
    """A player's own words (a claim's line of play, an alert's explanation): text, its spaces
    folded, at most `limit` characters; blank is none."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ParseError(f"{what} is text")
    text = " ".join(value.split())
    if len(text) > limit:
        raise ParseError(f"{what} is at most {limit} characters")
    return text or None


def _claim_response(data: JSON) -> ClaimResponse:
    accept = _flag(data, "accept")
    why, held_to = data.get("why"), data.get("held_to")
    if why is not None and (accept or why not in REJECTIONS):
        raise ParseError(f"a rejection's why is one of {', '.join(sorted(REJECTIONS))}")
    if held_to is not None and (
        why != "held" or not isinstance(held_to, int) or isinstance(held_to, bool)
        or not 0 <= held_to <= 13
    ):  # fmt: skip
        raise ParseError("held_to is a number of tricks, with why 'held'")
    reason = _said(data.get("reason"), "a rejection's reason", REASON_LENGTH)
    if reason is not None and accept:
        raise ParseError("only a rejection gives a reason")
    return ClaimResponse(accept, why, held_to, reason)


def _flag(data: JSON, name: str) -> bool:
    value = data.get(name)
    if not isinstance(value, bool):
        raise ParseError(f"{name} must be true or false")
    return value


def view_json(view: TableView) -> JSON:
    """Everything in a contract bridge view, in the family's shape; nothing more (the view is
    the gate)."""
    return family_view_json(
        "contract",
        view,
        FamilyFields(
            phase=view.phase.value,
            seats=SEATS,
            calls=[call.name for call in view.calls],
            contract=contract_json(view.contract),
            controller=view.controller,
            legal=_legal_json(view),
            result=result_json(view.result),
            play=contract_play_json(view),
        ),
    ) | {"alerts": _alerts_json(view)}


VIEWERS_OWN: Final = ("viewer", "hands", "legal", "may_undo", "last_trick", "alerts")
"""The fields of a contract bridge view that depend on its viewer; every other field is the
same in every audience's view of one moment.  The views of a moment share the others only:
a field `contract_viewers_own_json` forgot would go missing from the later views (and the
test of shared views fail), not show them the first viewer's."""


class OwnView(Protocol):
    """What `viewers_own_json` reads of a view."""

    @property
    def viewer(self) -> Seat | None: ...
    @property
    def hands(self) -> Sequence[Hand | None]: ...
    @property
    def proposal(self) -> Proposal[Seat] | None: ...
    @property
    def may_undo(self) -> bool: ...


class ContractOwnView(OwnView, Protocol):
    """What `contract_viewers_own_json` reads: a whole `TableView`, or its own fields alone
    (`vaza.core.views.contract.ViewersOwn`)."""

    @property
    def legal_actions(self) -> Sequence[BridgeAction]: ...
    @property
    def last_trick(self) -> Trick[Seat] | None: ...
    @property
    def alerts(self) -> Sequence[tuple[int, str]]: ...


def contract_viewers_own_json(view: ContractOwnView) -> JSON:
    """The `VIEWERS_OWN` fields of `view_json(view)`, without building the rest."""
    return viewers_own_json(view, SEATS, _legal_json(view)) | {
        "last_trick": trick_json(view.last_trick),
        "alerts": _alerts_json(view),
    }


def _legal_json(view: ContractOwnView) -> list[JSON]:
    return [action_json(action) for action in view.legal_actions]


def _alerts_json(view: ContractOwnView) -> JSON:
    return {str(position): text for position, text in view.alerts}


# -- the bridge family's one view shape ---------------------------------------------------
#
# Contract bridge, Bridge-Whist, the widow game and two-handed bridge send the same fields, so
# that one renderer draws them all; each game adds only what is its own (Bridge-Whist's choices
# of trumps, the widow, two-handed bridge's stock).  docs/protocol.md lists the fields.


_PLAYS: Final = tuple(tuple((seat.letter, card.name) for card in CARDS) for seat in SEATS)
"""Each seat's play of each card as JSON, built once: a view holds up to 52 of them, and
immutable shared pairs are neither rebuilt nor traced by the garbage collector while the
server keeps the views it sent (a JSON array, as a list would be)."""


def plays_json(plays: Sequence[tuple[Seat, Card]]) -> list[tuple[str, str]]:
    return [_PLAYS[seat][card.index] for seat, card in plays]


def tricks_json(tricks: Sequence[Trick[Seat]]) -> list[JSON]:
    return [{"cards": plays_json(t.plays), "winner": t.winner.letter} for t in tricks]


def by_seat(seats: Sequence[Seat], values: Sequence[Any]) -> JSON:
    return {seat.letter: value for seat, value in zip(seats, values, strict=True)}


def hands_json(seats: Sequence[Seat], hands: Sequence[Hand | None]) -> JSON:
    return by_seat(seats, [hand_json(hand) for hand in hands])


def play_json(
    played: Sequence[tuple[Seat, Card]],
    trick: Sequence[tuple[Seat, Card]],
    last_trick: Trick[Seat] | None,
    tricks_won: tuple[int, int],
    deal: JSON | None,
) -> JSON:
    """The play's fields of the family's view."""
    return {
        "played": plays_json(played),
        "trick": plays_json(trick),
        "last_trick": trick_json(last_trick),
        "tricks_won": {"NS": tricks_won[0], "EW": tricks_won[1]},
        "deal": deal,
    }


def contract_play_json(table: TableView | None) -> JSON:
    """The play's fields from a contract bridge view of the play (None: not begun)."""
    if table is None:
        return play_json((), (), None, (0, 0), None)
    deal = None if table.deal is None else hands_json(SEATS, table.deal.hands)
    return play_json(table.played, table.current_trick, table.last_trick, table.tricks_won, deal)


class FamilyView(OwnView, Protocol):
    """What every view of the bridge family holds under the same names."""

    @property
    def board_number(self) -> int | None: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def vulnerability(self) -> Vulnerability: ...
    @property
    def hand_sizes(self) -> Sequence[int]: ...
    @property
    def to_act(self) -> Seat | None: ...


@dataclass(frozen=True, slots=True)
class FamilyFields:
    """The family's fields each game words its own way (its phase names, its seats, its calls
    and contract); `family_view_json` adds those the view holds under the family's names."""

    phase: str
    seats: Sequence[Seat]
    calls: list[str]
    contract: JSON | None
    controller: Seat | None
    legal: list[JSON]
    result: JSON | None
    play: JSON
    """The play's fields (`play_json`), merged into the view."""


def family_view_json(game: str, view: FamilyView, fields: FamilyFields) -> JSON:
    """The fields every game of the family sends: those `view` holds under the family's names,
    and those each game words its own way; a game adds what is its own to the dict."""
    return {
        "game": game,
        "board": view.board_number,
        "dealer": view.dealer.letter,
        "vulnerability": view.vulnerability.pbn,
        "phase": fields.phase,
        "seats": [seat.letter for seat in fields.seats],
        "hand_sizes": by_seat(fields.seats, view.hand_sizes),
        "calls": fields.calls,
        "contract": fields.contract,
        "to_act": seat_text(view.to_act),
        "controller": seat_text(fields.controller),
        "proposal": proposal_json(view.proposal),
        "result": fields.result,
        **fields.play,
        **viewers_own_json(view, fields.seats, fields.legal),
    }


def viewers_own_json(view: OwnView, seats: Sequence[Seat], legal: list[JSON]) -> JSON:
    """The family's fields that depend on who looks (`VIEWERS_OWN`): the others are alike in
    every audience's view of the same moment."""
    return {
        "viewer": seat_text(view.viewer),
        "hands": hands_json(seats, view.hands),
        "legal": legal + [action_json(answer) for answer in answers(view.proposal, view.viewer)],
        "may_undo": view.may_undo,
    }


def record_json(record: DealRecord) -> JSON:
    """A finished deal for the deal viewer: hands, auction, play and result."""
    board = record.board
    return {
        "board": board.number,
        "dealer": board.dealer.letter,
        "vulnerability": board.vulnerability.pbn,
        "seats": [seat.letter for seat in SEATS],
        "hands": {seat.letter: hand_json(board.deal[seat]) for seat in Seat},
        "calls": [str(call) for call in record.calls],
        "play": [str(card) for card in record.play],
        "contract": contract_json(record.contract),
        "declarer_tricks": record.declarer_tricks,
        "claimed": record.claimed,
        "passed_out": record.passed_out,
    }


def analysis_json(analysis: BoardAnalysis) -> JSON:
    """The double-dummy table (tricks by declarer and strain) and par, scores from
    North–South's side."""
    table = analysis.table
    return {
        "table": table.as_dict(),
        "par": {
            "score": analysis.par.score,
            "contracts": [
                {
                    "contract": str(contract),
                    "declarer": contract.declarer.letter,
                    "tricks": table[contract.declarer, contract.strain],
                }
                for contract in analysis.par.contracts
            ],
        },
    }
