"""A Blue Chip table manager: four programs play a session of boards over TCP.

The table manager listens on one port and seats each client at the seat its ``Connecting``
line names (the practice of ben and bridge_env; the spec's four ports are an operator's
choice).  It then runs the protocol's sequence for each seat on its own (the teams, each board's
number, dealer and vulnerability, the seat's cards; every call and card the seat asks for;
dummy's cards after the opening lead; ``<Seat> to lead`` before each trick the seat leads;
``Timing`` after each board; ``End of session``), with one `ContractDeal` per board as the
referee: a call or card it refuses is answered ``illegal Bid`` / ``illegal Card`` and ignored,
and the seat may try again.

Seats move through the session at their own pace: a seat asking for a call or card waits until
it has been made.  Alerts (``Alert.`` or ``Infos.`` and an explanation) are relayed to the
bidder's opponents and kept in the results; the partner gets the call without them.

The ``Timing`` line after each board (and after a passed-out one) gives each side's thinking
time on the board and in the session, as the table managers in use send it: some clients wait
for it before the next board, and would wait for ever without it.  A side's time is the time
from the action before each of its calls and cards (for the dealer's first call, from sending
the dealer its cards) to that call or card: the clients' own thinking, and the relay between.

Choices where the protocol is silent (shared/reference/bluechip.md): a client is refused with
one line ``Refused: <reason>`` and the connection closed (a taken seat, a partner's different
team name, an unknown protocol version); an illegal card is answered ``illegal Card``; the
team names are the clients' own.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from vaza.core.calls import Call
from vaza.core.cards import SEATS, Card, Seat, Side
from vaza.core.deal import Board
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.games.contract import ContractDeal, Phase
from vaza.core.record import DealRecord
from vaza.robots.bluechip.messages import (
    ACCEPTED_VERSIONS,
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
    timing,
)
from vaza.robots.bluechip.transport import BlueChipError, Channel

FIRST_LINE = 'Connecting "<team>" as <Seat> using protocol version 18'
SeatListener = Callable[[Seat | None, str, str], None]
"""Called with (the seat or None before it is known, "in" or "out", the line)."""
Clock = Callable[[], float]
"""Seconds from any fixed point (`time.monotonic`; a test gives its own)."""


@dataclass
class _Table:
    """One board being played: the referee and what was said about it."""

    game: ContractDeal
    actions: list[tuple[Seat, Call | Card]]
    """Every call and card in order, with the seat whose call or card it is."""
    alerts: dict[int, str]
    """Explanations by position in the auction."""
    spent: dict[Side, float] = field(default_factory=lambda: dict.fromkeys(Side, 0.0))
    """Each side's thinking time on the board so far, in seconds."""
    last: float | None = None
    """When the last call or card was made (or the dealer got its cards)."""

    def started(self, now: float) -> None:
        """The dealer has its cards: the first call is being thought about."""
        if self.last is None:
            self.last = now

    def made(self, seat: Seat, action: Call | Card, now: float) -> None:
        """Record a call or card of `seat`'s hand, and charge its side the time it took."""
        self.actions.append((seat, action))
        if self.last is not None:
            self.spent[seat.side] += now - self.last
        self.last = now


class TableManager:
    """Deals `boards` to four clients, one session, and keeps the results."""

    def __init__(
        self,
        boards: Sequence[Board],
        *,
        event: str = "Blue Chip session",
        timeout: float | None = None,
        listener: SeatListener | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        if not boards:
            raise ValueError("a session has at least one board")
        self.boards = list(boards)
        self.event = event
        self.timeout = timeout
        self.listener = listener
        self.clock = clock
        self.teams: dict[Seat, str] = {}
        self.channels: dict[Seat, Channel] = {}
        self._tables = [_Table(ContractDeal(board), [], {}) for board in self.boards]
        self._changed = asyncio.Condition()
        self._all_seated = asyncio.Event()
        self._finished: set[Seat] = set()
        self._done = asyncio.Event()
        self._failure: str | None = None
        self._server: asyncio.Server | None = None

    # -- serving ---------------------------------------------------------------------------------

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen for the four clients; returns the port (a free one when `port` is 0)."""
        self._server = await asyncio.start_server(self._connected, host, port)
        return int(self._server.sockets[0].getsockname()[1])

    async def wait(self) -> list[DealRecord]:
        """Wait for the session to end and return the boards' results."""
        await self._done.wait()
        await self.close()
        if self._failure is not None:
            raise BlueChipError(self._failure)
        return self.records()

    async def close(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.close()
            await server.wait_closed()
        for channel in list(self.channels.values()):
            await channel.close()

    def records(self) -> list[DealRecord]:
        """The boards played to their end so far, as records (alerts as explanations)."""
        names = tuple(self.teams.get(seat, "") for seat in SEATS)
        return [
            table.game.record(
                players=names,
                event=self.event,
                explanations=tuple(sorted(table.alerts.items())),
            )
            for table in self._tables
            if table.game.is_over
        ]

    # -- seating ---------------------------------------------------------------------------------

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        channel = Channel(reader, writer, timeout=self.timeout)
        seat: Seat | None = None
        try:
            channel.listener = self._listen(None)
            try:
                message: Message | None = parse(await channel.read())
                problem = None
            except ParseError as error:
                message, problem = None, str(error)
            refusal = self._refusal(message, problem)
            if refusal is not None:
                await channel.send(format_message(Refused(refusal)))
                await channel.close()
                return
            assert isinstance(message, Connecting)
            seat = message.seat
            self.teams[seat] = message.team
            self.channels[seat] = channel
            channel.listener = self._listen(seat)
            await channel.send(format_message(Seated(seat, message.team)))
            if len(self.channels) == len(SEATS):
                self._all_seated.set()
            await _Seat(self, seat, channel).run()
            self._finished.add(seat)
            if len(self._finished) == len(SEATS):
                self._done.set()
        except BlueChipError as error:
            if seat is not None:
                await self._fail(f"{seat_name(seat)}: {error}")
        finally:
            if seat is None:
                await channel.close()

    def _refusal(self, message: Message | None, problem: str | None = None) -> str | None:
        if not isinstance(message, Connecting):
            if problem is not None and "ANYPL" in problem:
                return problem
            return f"the first line must be: {FIRST_LINE}"
        if message.version not in ACCEPTED_VERSIONS:
            return f"protocol version {message.version} is not spoken here (18 is)"
        if message.seat in self.channels:
            return f"{seat_name(message.seat)} is already seated"
        partner = self.teams.get(message.seat.partner)
        if partner is not None and partner != message.team:
            return f'{seat_name(message.seat.partner)} plays for "{partner}", not "{message.team}"'
        return None

    def _listen(self, seat: Seat | None) -> Callable[[str, str], None] | None:
        listener = self.listener
        if listener is None:
            return None
        return lambda direction, line: listener(seat, direction, line)

    async def _fail(self, reason: str) -> None:
        if self._failure is None:
            self._failure = reason
        async with self._changed:
            self._changed.notify_all()
        self._all_seated.set()
        self._done.set()

    # -- shared state ----------------------------------------------------------------------------

    async def wait_until(self, ready: Callable[[], bool]) -> None:
        """Wait until `ready()` holds (checked whenever a call or card is made)."""
        async with self._changed:
            await self._changed.wait_for(lambda: self._failure is not None or ready())
        if self._failure is not None:
            raise BlueChipError(f"the session stopped: {self._failure}")

    async def wait_seated(self) -> None:
        await self._all_seated.wait()
        if self._failure is not None:
            raise BlueChipError(f"the session stopped: {self._failure}")

    async def made(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    def table(self, index: int) -> _Table:
        return self._tables[index]

    def timing(self, index: int) -> Timing:
        """The ``Timing`` line after board `index`: its times, and the session's up to it (the
        boards before it are over, since a seat is past them)."""
        played = self._tables[: index + 1]
        total = {side: sum(table.spent[side] for table in played) for side in Side}
        return timing(self._tables[index].spent, total)


class _Seat:
    """The protocol's sequence for one seat through the whole session."""

    def __init__(self, manager: TableManager, seat: Seat, channel: Channel) -> None:
        self.manager = manager
        self.seat = seat
        self.channel = channel

    async def send(self, message: Message) -> None:
        await self.channel.send(format_message(message))

    async def expect_ready(self, what: str) -> None:
        """Read until the seat says it is ready for `what` (other lines are out of place here
        and ignored, as the spec defines no error for them)."""
        while True:
            message = _parsed(await self.channel.read())
            if isinstance(message, Ready) and message.seat == self.seat and message.what == what:
                return

    async def run(self) -> None:
        manager, seat = self.manager, self.seat
        await self.expect_ready("teams")
        await manager.wait_seated()
        teams = manager.teams
        await self.send(Teams(teams[Seat.NORTH], teams[Seat.EAST]))
        await self.expect_ready("start")
        for index, board in enumerate(manager.boards):
            await self.send(StartOfBoard())
            await self.expect_ready("deal")
            await self.send(BoardInfo(board.number or index + 1, board.dealer, board.vulnerability))
            await self.expect_ready("cards")
            await self.send(Cards(seat, board.deal[seat]))
            table = manager.table(index)
            if seat == board.dealer:
                table.started(manager.clock())
            await _Board(self, table).run()
            await self.send(manager.timing(index))
        await self.send(EndOfSession())


class _Board:
    """One seat's part of one board: it answers the seat's requests in the order the calls
    and cards were made, and takes the seat's own calls and cards to the referee."""

    def __init__(self, seat: _Seat, table: _Table) -> None:
        self.seat = seat
        self.table = table
        self.delivered = 0
        """How many of the board's calls and cards this seat has made or been sent."""
        self.announced = 0
        """The trick numbers up to which this seat was told it leads."""

    @property
    def game(self) -> ContractDeal:
        return self.table.game

    async def run(self) -> None:
        actions = self.table.actions
        while not (self.game.is_over and self.delivered >= len(actions)):
            await self._announce_lead()
            message = _parsed(await self.seat.channel.read())
            if isinstance(message, CallMessage):
                await self._call(message)
            elif isinstance(message, CardMessage):
                await self._card(message)
            elif isinstance(message, ReadyForBid | ReadyForCard):
                await self._relay()
            elif isinstance(message, Ready) and message.what == "dummy":
                await self._dummy()

    async def _announce_lead(self) -> None:
        """Before a trick this seat controls the lead of: ``<Seat> to lead`` (``Dummy to lead``
        when declarer leads from dummy)."""
        game = self.game
        play = game.play
        if game.phase is not Phase.PLAY or play is None or play.current_trick:
            return
        if self.delivered < len(self.table.actions) or game.controller != self.seat.seat:
            return
        trick = len(play.tricks) + 1
        if self.announced >= trick:
            return
        self.announced = trick
        contract = game.contract
        leader = play.to_play
        dummy = contract is not None and leader == contract.dummy
        await self.seat.send(ToLead(None if dummy else leader))

    async def _call(self, message: CallMessage) -> None:
        game, seat = self.game, self.seat.seat
        if message.seat != seat or game.phase is not Phase.AUCTION or game.to_act != seat:
            await self.seat.send(Illegal("Bid"))
            return
        try:
            game.apply(message.call, by=seat)
        except IllegalAction:
            await self.seat.send(Illegal("Bid"))
            return
        if message.alert is not None:
            self.table.alerts[len(game.auction.calls) - 1] = message.alert or "alert"
        self.table.made(seat, message.call, self.seat.manager.clock())
        self.delivered = len(self.table.actions)
        await self.seat.manager.made()

    async def _card(self, message: CardMessage) -> None:
        game, seat = self.game, self.seat.seat
        contract = game.contract
        whose = message.seat
        if whose is None and contract is not None:
            whose = contract.dummy
        if (
            whose is None
            or game.phase is not Phase.PLAY
            or game.controller != seat
            or game.to_act != whose
        ):
            await self.seat.send(Illegal("Card"))
            return
        try:
            game.apply(message.card, by=seat)
        except IllegalAction:
            await self.seat.send(Illegal("Card"))
            return
        self.table.made(whose, message.card, self.seat.manager.clock())
        self.delivered = len(self.table.actions)
        await self.seat.manager.made()

    async def _relay(self) -> None:
        """Send the next call or card this seat has not had (waiting until it is made)."""
        table, seat = self.table, self.seat.seat
        if self.delivered >= len(table.actions) and self.game.controller == seat:
            return  # it asks for what only it can make: nothing will come
        wanted = self.delivered
        await self.seat.manager.wait_until(lambda: len(table.actions) > wanted)
        actor, action = table.actions[wanted]
        self.delivered = wanted + 1
        if isinstance(action, Call):
            alert = table.alerts.get(wanted) if actor.side != seat.side else None
            await self.seat.send(CallMessage(actor, action, alert))
        else:
            await self.seat.send(CardMessage(actor, action))

    async def _dummy(self) -> None:
        """Dummy's cards as dealt, once the opening lead is made."""
        game = self.game
        await self.seat.manager.wait_until(lambda: game.dummy_faced or game.is_over)
        contract = game.contract
        if contract is None or not game.dummy_faced:
            return
        await self.seat.send(Cards(None, game.board.deal[contract.dummy]))


def _parsed(line: str) -> Message | None:
    """The message of a line, or None for a line that is not one (ignored where it comes)."""
    try:
        return parse(line)
    except ParseError:
        return None


async def run_session(
    boards: Sequence[Board],
    *,
    address: tuple[str, int] = ("127.0.0.1", 0),
    event: str = "Blue Chip session",
    on_listening: Callable[[int], None] | None = None,
    listener: SeatListener | None = None,
) -> list[DealRecord]:
    """Serve one session of `boards` at `address` (host, port; port 0: any free one) and
    return the results."""
    manager = TableManager(boards, event=event, listener=listener)
    bound = await manager.start(*address)
    if on_listening is not None:
        on_listening(bound)
    try:
        return await manager.wait()
    finally:
        with contextlib.suppress(BlueChipError):
            await manager.close()
