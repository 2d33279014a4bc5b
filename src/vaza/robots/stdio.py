"""The robot protocol over standard input and output: one JSON view in, one JSON action out.

`vaza robot --stdio` reads a view per line, as a Vaza client receives it (the `view` of a
server `snapshot` or `update`, or that whole message), rebuilds the core's view from it, asks
a robot, and writes the action as the command a client would send.  Every line in gets exactly
one line out, so a program at the other end can read and write in step; a line that is not a
view, or a view in which the viewer has nothing to choose, gets ``{"type": "error",
"message": ...}`` and the loop goes on (docs/robot-protocol.md).

Rebuilding a view from JSON is the reverse of `vaza.protocol` (`view_json`): it takes what the
JSON says and adds nothing, so the robot sees exactly what the sender's view showed.  A view
is rebuilt here, not in `vaza.core.views`, because here it comes from outside: the gate that
decides what a seat may see is the sender's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Protocol, TextIO

from vaza.core.calls import Call, Contract, Doubling, Strain
from vaza.core.cards import SEATS, Card, Hand, Seat, Suit, Vulnerability
from vaza.core.deal import Deal
from vaza.core.errors import IllegalAction, ParseError, VazaError
from vaza.core.game import ClaimResponse, Proposal, ProposalKind, UndoResponse, answers
from vaza.core.games.boerenbridge import (
    BoerenbridgeAction,
    RoundPhase,
    RoundResult,
    RoundSetup,
)
from vaza.core.games.boerenbridge_cards import AnyCard, DeckKind, parse_card
from vaza.core.games.boerenbridge_tricks import RoundTrick
from vaza.core.games.contract import BridgeAction, DealResult, Phase
from vaza.core.play import Trick
from vaza.core.views import TableView
from vaza.core.views.boerenbridge import RoundView
from vaza.json_types import JSON
from vaza.protocol import boerenbridge as boerenbridge_json
from vaza.protocol import bridge as bridge_json
from vaza.robots.base import TableRobot, robot_answer

GAMES = ("contract", "boerenbridge")
"""The games whose views this protocol carries."""

PROTOCOL_VERSION: Final = 2
"""The robot protocol spoken here.  1: a line is a view.  2: a view may also carry its
`protocol` version, a `seed` and a number of `layouts`, so that a match through the protocol
repeats exactly (docs/robot-protocol.md).  A view without `protocol` is version 1."""


BridgeRobot = TableRobot[TableView, BridgeAction]


class BoerenbridgeRobot(Protocol):
    def choose(self, view: RoundView) -> BoerenbridgeAction: ...


def error_json(message: str) -> JSON:
    return {"type": "error", "message": message}


# -- views from JSON ----------------------------------------------------------------------------


def view_from_json(data: Mapping[str, Any]) -> TableView | RoundView:
    """The core view a view JSON describes (contract bridge or Boerenbridge); raises
    `ParseError` with a sentence when it is not one."""
    if not isinstance(data, Mapping):
        raise ParseError("a view is a JSON object")
    if data.get("type") in ("snapshot", "update"):
        inner = data.get("view")
        if not isinstance(inner, Mapping):
            raise ParseError(f"this {data['type']} carries no view (no deal is being played)")
        data = inner
    game = data.get("game")
    try:
        if game == "contract":
            return table_view_from_json(data)
        if game == "boerenbridge":
            return round_view_from_json(data)
    except ParseError:
        raise
    except KeyError as missing:
        raise ParseError(f"a {game} view needs {missing}") from None
    except (TypeError, ValueError, AttributeError, IllegalAction) as error:
        raise ParseError(f"not a {game} view: {error}") from None
    if game is None:
        raise ParseError("not a view: it has no game (a JSON view names its game)")
    raise ParseError(f"this robot plays {' and '.join(GAMES)}, not {game!r}")


def _seat(text: Any) -> Seat:
    return Seat.from_letter(str(text))


def _maybe_seat(text: Any) -> Seat | None:
    return None if text is None else _seat(text)


def _hand(cards: Any) -> Hand | None:
    return None if cards is None else Hand(Card.parse(str(card)) for card in cards)


def _plays(items: Any) -> tuple[tuple[Seat, Card], ...]:
    return tuple((_seat(seat), Card.parse(str(card))) for seat, card in items)


def _contract(data: Any) -> Contract | None:
    if data is None:
        return None
    return Contract(
        int(data["level"]),
        Strain.parse(str(data["strain"])),
        Doubling(int(data["doubling"])),
        _seat(data["declarer"]),
    )


def table_view_from_json(data: Mapping[str, Any]) -> TableView:
    """A contract bridge `TableView` from `vaza.protocol.bridge.view_json`'s JSON."""
    hands = data["hands"]
    last = data.get("last_trick")
    proposal = data.get("proposal")
    result = data.get("result")
    deal = data.get("deal")
    won = data.get("tricks_won") or {"NS": 0, "EW": 0}
    listed = tuple(bridge_json.parse_action(item) for item in data.get("legal", ()))
    legal = tuple(action for action in listed if isinstance(action, Call | Card))
    if any(not isinstance(action, Call | Card | ClaimResponse | UndoResponse) for action in listed):
        raise ParseError("a view's legal actions are calls, cards and answers to a proposal")
    return TableView(
        viewer=_maybe_seat(data.get("viewer")),
        board_number=data.get("board"),
        dealer=_seat(data["dealer"]),
        vulnerability=Vulnerability.parse(str(data.get("vulnerability", "None"))),
        phase=Phase(data["phase"]),
        hands=(
            _hand(hands.get("N")),
            _hand(hands.get("E")),
            _hand(hands.get("S")),
            _hand(hands.get("W")),
        ),
        calls=tuple(Call.parse(str(call)) for call in data.get("calls", ())),
        contract=_contract(data.get("contract")),
        to_act=_maybe_seat(data.get("to_act")),
        controller=_maybe_seat(data.get("controller")),
        legal_actions=legal,
        played=_plays(data.get("played", ())),
        current_trick=_plays(data.get("trick", ())),
        last_trick=None if last is None else Trick(_plays(last["cards"]), _seat(last["winner"])),
        tricks_won=(int(won["NS"]), int(won["EW"])),
        may_undo=bool(data.get("may_undo", False)),
        proposal=None
        if proposal is None
        else Proposal(
            ProposalKind(proposal["kind"]),
            _seat(proposal["by"]),
            frozenset(_seat(seat) for seat in proposal["awaiting"]),
            int(proposal.get("tricks", 0)),
            proposal.get("line"),
        ),
        result=None
        if result is None
        else DealResult(
            _contract(result.get("contract")),
            result.get("declarer_tricks"),
            bool(result.get("claimed", False)),
        ),
        deal=None
        if deal is None
        else Deal(tuple(_hand(deal[seat.letter]) or Hand() for seat in SEATS)),  # type: ignore[arg-type]
    )


def _player(text: Any, players: int) -> int:
    player = int(text)
    if not 0 <= player < players:
        raise ParseError(f"there is no player {text} at a table of {players}")
    return player


def _cards(items: Any) -> tuple[AnyCard, ...] | None:
    return None if items is None else tuple(parse_card(str(card)) for card in items)


def _round_plays(items: Any, players: int) -> tuple[tuple[int, AnyCard], ...]:
    return tuple((_player(player, players), parse_card(str(card))) for player, card in items)


def _by_player(data: Mapping[str, Any], players: int) -> list[Any]:
    return [data.get(str(player)) for player in range(players)]


def round_view_from_json(data: Mapping[str, Any]) -> RoundView:
    """A Boerenbridge `RoundView` from `vaza.protocol.boerenbridge.view_json`'s JSON."""
    players = int(data["players"])
    if not 2 <= players <= 7:
        raise ParseError(f"Boerenbridge is for 2 to 7 players, not {players}")
    dealer = _player(data["dealer"], players)
    hand_size = int(data["hand_size"])
    deck = DeckKind[str(data["deck"]).upper()]
    viewer = data.get("viewer")
    to_act = data.get("to_act")
    trump = data.get("trump")
    turned = data.get("turned")
    turned_card = None if turned is None else parse_card(str(turned))
    blind = bool(data.get("blind", False))
    legal = tuple(boerenbridge_json.parse_action(item) for item in data.get("legal", ()))
    result = data.get("result")
    dealt = data.get("dealt")
    hands = data.get("hands") or {}
    won = data.get("tricks_won") or {}
    setup = RoundSetup(
        players=players,
        dealer=dealer,
        hand_size=hand_size,
        deck=deck,
        no_trump=turned_card is None and players * hand_size < deck.size,
        blind=blind,
    )
    return RoundView(
        viewer=None if viewer is None else _player(viewer, players),
        players=players,
        dealer=dealer,
        hand_size=hand_size,
        deck=deck,
        blind=blind,
        phase=RoundPhase[str(data["phase"]).upper().replace(" ", "_")],
        turned=turned_card,
        trump=None if trump is None else Suit.from_letter(str(trump)),
        hands=tuple(_cards(cards) for cards in _by_player(hands, players)),
        bids=tuple(None if bid is None else int(bid) for bid in _by_player(data["bids"], players)),
        barred=None if data.get("barred") is None else int(data["barred"]),
        to_act=None if to_act is None else _player(to_act, players),
        legal_actions=legal,
        played=_round_plays(data.get("played", ()), players),
        current_trick=_round_plays(data.get("trick", ()), players),
        tricks=tuple(
            RoundTrick(_round_plays(trick["cards"], players), _player(trick["winner"], players))
            for trick in data.get("tricks", ())
        ),
        tricks_won=tuple(int(count or 0) for count in _by_player(won, players)),
        result=None
        if result is None
        else RoundResult(
            setup=setup,
            trump=None if result.get("trump") is None else Suit.from_letter(result["trump"]),
            bids=tuple(int(bid) for bid in result["bids"]),
            tricks=tuple(int(count) for count in result["tricks"]),
            barred=result.get("barred"),
        ),
        dealt=None
        if dealt is None
        else tuple(_cards(cards) or () for cards in _by_player(dealt, players)),
    )


# -- answering ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Request:
    """What a view line asks beside the view: how the robot thinks (`layouts` a decision, for
    contract bridge; its draws from `seed`; None where the line does not say), and the
    protocol version the line is written in."""

    seed: int | None = None
    layouts: int | None = None
    version: int = PROTOCOL_VERSION

    def as_json(self) -> JSON:
        """The fields a view line carries for this request."""
        fields = {"protocol": self.version, "seed": self.seed, "layouts": self.layouts}
        return {name: value for name, value in fields.items() if value is not None}


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def request_from_json(data: Any) -> Request:
    """A view line's `protocol`, `seed` and `layouts`; raises `ParseError` with a sentence
    when one is malformed or the version is newer than this robot's."""
    if not isinstance(data, Mapping):
        return Request(version=1)
    version, seed, layouts = data.get("protocol", 1), data.get("seed"), data.get("layouts")
    if not _whole(version) or version < 1:
        raise ParseError("protocol is a version number, 1 or more")
    if version > PROTOCOL_VERSION:
        raise ParseError(
            f"this robot speaks the robot protocol up to version {PROTOCOL_VERSION}, not {version}"
        )
    if seed is not None and not _whole(seed):
        raise ParseError("seed is a whole number")
    if layouts is not None and (not _whole(layouts) or layouts < 1):
        raise ParseError("layouts is a whole number, 1 or more")
    return Request(seed, layouts, version)


BridgeThinking = Callable[[int, int], BridgeRobot]
"""(seed, layouts) → a contract bridge robot weighing exactly `layouts` layouts a decision,
drawn from `seed` and the view (`registry.Thinking`)."""

SeededBoerenbridge = Callable[[int], BoerenbridgeRobot]
"""seed → a Boerenbridge robot whose draws come from `seed` and the view."""


class StdioRobot:
    """Answers view lines with action lines, for contract bridge and Boerenbridge, with the
    robots it is given (any objects with `choose(view)`).  A contract bridge view that carries
    `layouts` is answered by the robot `thinking` builds for it (its `seed`, 1 if none), a
    Boerenbridge view that carries a `seed` by the one `seeded` builds: their decisions depend
    on the seed and the view alone, so one robot serves every view that asks alike."""

    def __init__(
        self,
        bridge: BridgeRobot,
        boerenbridge: BoerenbridgeRobot,
        *,
        thinking: BridgeThinking | None = None,
        seeded: SeededBoerenbridge | None = None,
    ) -> None:
        self.bridge = bridge
        self.boerenbridge = boerenbridge
        self.thinking = thinking
        self.seeded = seeded
        self._thinking_robots: dict[tuple[int, int], BridgeRobot] = {}
        self._seeded_robots: dict[int, BoerenbridgeRobot] = {}

    def bridge_robot(self, request: Request) -> BridgeRobot:
        """The contract bridge robot that answers `request`."""
        if request.layouts is None:
            return self.bridge
        if self.thinking is None:
            raise ParseError("this robot cannot think in a fixed number of layouts")
        key = (1 if request.seed is None else request.seed, request.layouts)
        if key not in self._thinking_robots:
            self._thinking_robots[key] = self.thinking(*key)
        return self._thinking_robots[key]

    def boerenbridge_robot(self, request: Request) -> BoerenbridgeRobot:
        """The Boerenbridge robot that answers `request` (its own count of playouts is its
        budget: `layouts` does not apply)."""
        if request.seed is None:
            return self.boerenbridge
        if self.seeded is None:
            raise ParseError("this robot cannot take a seed")
        if request.seed not in self._seeded_robots:
            self._seeded_robots[request.seed] = self.seeded(request.seed)
        return self._seeded_robots[request.seed]

    def answer(self, line: str) -> JSON:
        """The answer to one line: the robot's action, or an error that says why not."""
        try:
            data = json.loads(line)
        except ValueError:
            return error_json("not JSON: send one view as a JSON object per line")
        try:
            request = request_from_json(data)
            view = view_from_json(data)
        except ParseError as error:
            return error_json(str(error))
        if view.viewer is None:
            return error_json("this is a kibitzer's view: a robot plays from a seat's view")
        waiting = isinstance(view, TableView) and bool(answers(view.proposal, view.viewer))
        if not view.legal_actions and not waiting:
            return error_json("nothing to choose: it is not this seat's turn")
        try:
            if isinstance(view, TableView):
                return self._bridge_answer(self.bridge_robot(request), view, waiting=waiting)
            round_action = self.boerenbridge_robot(request).choose(view)
            if round_action not in view.legal_actions:
                return error_json(f"the robot chose {round_action}, which is not legal")
            return boerenbridge_json.action_json(round_action)
        except (VazaError, ValueError) as error:
            return error_json(f"the robot could not choose: {error}")

    @staticmethod
    def _bridge_answer(robot: BridgeRobot, view: TableView, *, waiting: bool) -> JSON:
        if waiting:
            return bridge_json.action_json(robot_answer(robot, view))
        action = robot.choose(view)
        if action not in view.legal_actions:
            return error_json(f"the robot chose {action}, which is not legal")
        return bridge_json.action_json(action)

    def serve(self, lines: Iterable[str], out: TextIO) -> int:
        """Answer every non-blank line of `lines` on `out` (flushed each time); returns how
        many lines were answered."""
        answered = 0
        for line in lines:
            if not line.strip():
                continue
            out.write(json.dumps(self.answer(line), separators=(",", ":")) + "\n")
            out.flush()
            answered += 1
        return answered
