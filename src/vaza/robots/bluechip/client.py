"""A Blue Chip client: seats a Vaza robot at any Blue Chip table manager.

The client follows the message sequence of the protocol (shared/reference/bluechip.md): it
connects and names its seat and team, asks for the teams and each board, its cards, every call
and card it does not make itself, and dummy's cards after the opening lead; it makes its calls
and plays (dummy's cards too when it declares) when the table manager tells it to lead or when
its turn comes.  It keeps a `BoardKnowledge` of everything it was told and gives its robot the
`TableView` built from that, so the robot decides on what the messages said and nothing else.

It writes every message in the strict form and reads every known variant (`messages`).  When it
is dummy it only listens.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Protocol, TypeVar

from vaza.core.calls import Call
from vaza.core.cards import CARDS, Card, Seat
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.games.contract import BridgeAction, ContractDeal, LowestOf, Phase
from vaza.core.views import TableView
from vaza.robots.bluechip.knowledge import BoardKnowledge
from vaza.robots.bluechip.messages import (
    BoardInfo,
    CallMessage,
    CardMessage,
    Cards,
    Connecting,
    EndOfSession,
    Illegal,
    Message,
    Ready,
    ReadyForBid,
    ReadyForCard,
    Refused,
    Seated,
    StartOfBoard,
    Teams,
    Timing,
    ToLead,
    format_message,
    parse,
    seat_name,
)
from vaza.robots.bluechip.transport import BlueChipError, Channel, Listener

MessageT = TypeVar("MessageT")


class BridgeRobot(Protocol):
    def choose(self, view: TableView) -> BridgeAction: ...


@dataclass(frozen=True, slots=True)
class PlayedBoard:
    """A board as this client saw it end."""

    number: int
    calls: tuple[Call, ...]
    cards: tuple[tuple[Seat, Card], ...]


class BlueChipClient:
    """Plays one seat for a robot, for a whole session."""

    def __init__(
        self,
        robot: BridgeRobot,
        seat: Seat,
        team: str = "Vaza",
        *,
        timeout: float | None = None,
        listener: Listener | None = None,
    ) -> None:
        self.robot = robot
        self.seat = seat
        self.team = team
        self.timeout = timeout
        self.listener = listener
        self.teams: Teams | None = None
        self.boards: list[PlayedBoard] = []
        self._channel: Channel | None = None

    # -- the connection ------------------------------------------------------------------------

    async def run(self, host: str, port: int) -> list[PlayedBoard]:
        """Connect, play every board of the session, and return them."""
        try:
            reader, writer = await asyncio.open_connection(host, port)
        except OSError as error:
            raise BlueChipError(f"cannot reach a table manager at {host}:{port}: {error}") from None
        self._channel = Channel(reader, writer, timeout=self.timeout, listener=self.listener)
        try:
            await self._session()
        finally:
            await self._channel.close()
        return self.boards

    async def _send(self, message: Message) -> None:
        assert self._channel is not None
        await self._channel.send(format_message(message))

    async def _receive(self) -> Message:
        """The next message that matters (timing lines are skipped); a refusal or an
        ``illegal`` answer ends the session with an error."""
        assert self._channel is not None
        while True:
            line = await self._channel.read()
            try:
                message = parse(line)
            except ParseError as error:
                raise BlueChipError(str(error)) from None
            if isinstance(message, Timing):
                continue
            if isinstance(message, Refused):
                raise BlueChipError(f"the table manager refused us: {message.reason}")
            if isinstance(message, Illegal):
                raise BlueChipError(
                    f"the table manager found our last {message.what.lower()} illegal"
                )
            return message

    async def _expect(self, kind: type[MessageT]) -> MessageT:
        message = await self._receive()
        if not isinstance(message, kind):
            raise BlueChipError(
                f"expected {kind.__name__}, the table manager sent: {format_message(message)!r}"
            )
        return message

    # -- the session ---------------------------------------------------------------------------

    async def _session(self) -> None:
        seat = self.seat
        await self._send(Connecting(self.team, seat))
        seated = await self._expect(Seated)
        if seated.seat != seat:
            raise BlueChipError(f"seated as {seat_name(seated.seat)}, not {seat_name(seat)}")
        await self._send(Ready(seat, "teams"))
        self.teams = await self._expect(Teams)
        await self._send(Ready(seat, "start"))
        while True:
            message = await self._receive()
            if isinstance(message, EndOfSession):
                return
            if not isinstance(message, StartOfBoard):
                raise BlueChipError(f"expected a board, got {format_message(message)!r}")
            await self._send(Ready(seat, "deal"))
            info = await self._expect(BoardInfo)
            await self._send(Ready(seat, "cards"))
            cards = await self._expect(Cards)
            if cards.seat != seat:
                raise BlueChipError("the table manager sent another seat's cards")
            board = BoardKnowledge(seat, info.number, info.dealer, info.vulnerability, cards.hand)
            await self._auction(board)
            if board.auction.contract is not None:
                await self._play(board)
            self.boards.append(PlayedBoard(board.number, tuple(board.calls), tuple(board.cards)))

    async def _auction(self, board: BoardKnowledge) -> None:
        auction = board.auction
        while not auction.is_over:
            to_act = auction.to_act
            assert to_act is not None
            if to_act == self.seat:
                action = self.robot.choose(board.view())
                if not isinstance(action, Call):
                    raise BlueChipError(f"the robot answered {action} in the auction")
                await self._send(CallMessage(self.seat, action))
                call = action
            else:
                await self._send(ReadyForBid(self.seat, to_act))
                message = await self._expect(CallMessage)
                if message.seat != to_act:
                    raise BlueChipError(
                        f"waited for {seat_name(to_act)}'s call, got {seat_name(message.seat)}'s"
                    )
                call = message.call
            try:
                auction.add(call)
            except IllegalAction as error:
                raise BlueChipError(f"an illegal call was relayed: {error}") from None
            board.calls.append(call)

    async def _play(self, board: BoardKnowledge) -> None:
        contract = board.auction.contract
        assert contract is not None
        dummy, declarer = contract.dummy, contract.declarer
        while True:
            game = _replayed(board)
            play = game.play
            if game.phase is not Phase.PLAY or play is None:
                return
            to_act = play.to_play
            assert to_act is not None
            controller = declarer if to_act == dummy else to_act
            trick_number = len(play.tricks) + 1
            if controller == self.seat:
                if not play.current_trick:
                    lead = await self._expect(ToLead)
                    if lead.seat not in (None if to_act == dummy else to_act, to_act):
                        raise BlueChipError("the table manager named another hand to lead")
                card = self._choose_card(board, game.hand(to_act).mask)
                await self._send(CardMessage(to_act, card))
            else:
                asked = None if to_act == dummy == self.seat else to_act
                await self._send(ReadyForCard(self.seat, asked, trick_number))
                message = await self._expect(CardMessage)
                if message.seat not in (to_act, None if to_act == dummy else to_act):
                    raise BlueChipError(f"waited for {seat_name(to_act)}'s card")
                card = message.card
            board.record_card(to_act, card)
            if len(board.cards) == 1 and self.seat != dummy:
                await self._send(Ready(self.seat, "dummy"))
                shown = await self._expect(Cards)
                if len(shown.hand) != 13:
                    raise BlueChipError("dummy's cards are not thirteen")
                board.dummy_hand = shown.hand

    def _choose_card(self, board: BoardKnowledge, held: int) -> Card:
        action = self.robot.choose(board.view())
        if isinstance(action, LowestOf):
            cards = [card for card in _cards_of(held) if card.suit == action.suit]
            if not cards:
                raise BlueChipError(f"the robot named a suit dummy does not hold: {action.suit}")
            return min(cards)
        if not isinstance(action, Card):
            raise BlueChipError(f"the robot answered {action} in the play")
        return action


def _replayed(board: BoardKnowledge) -> ContractDeal:
    """The board so far through the rules; what the table manager relayed must be legal."""
    try:
        return board.game()
    except (IllegalAction, ParseError) as error:
        raise BlueChipError(f"the table manager relayed an impossible play: {error}") from None


def _cards_of(mask: int) -> list[Card]:
    return [card for card in CARDS if mask & card.mask]
