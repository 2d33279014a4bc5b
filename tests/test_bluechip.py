"""The Blue Chip Bridge table-manager protocol: the lines, read in every known variant and
written in the strict form; four Vaza clients at a Vaza table manager over real TCP; illegal
calls and refused seats answered as the spec says; what a client's robot may see."""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from vaza.commands import bluechip as bluechip_command
from vaza.commands import robot as robot_command
from vaza.core import Board, ContractDeal, Seat, seat_view
from vaza.core.calls import PASS, Call
from vaza.core.cards import Card, Hand, Side, Suit, Vulnerability
from vaza.core.errors import ParseError
from vaza.core.record import DealRecord
from vaza.formats import dump_any
from vaza.robots import SimpleRobot
from vaza.robots.bidding import BiddingRobot
from vaza.robots.bluechip import client as client_module
from vaza.robots.bluechip import manager as manager_module
from vaza.robots.bluechip.client import BlueChipClient, PlayedBoard
from vaza.robots.bluechip.knowledge import BoardKnowledge, fill_hands
from vaza.robots.bluechip.manager import TableManager
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
    timing,
)
from vaza.robots.bluechip.session import session_boards
from vaza.robots.cardplay import CardPlayer

HAND = Hand.parse("AK3..QJT98.7654")
EXAMPLES: list[Message] = [
    Connecting("Vaza team", Seat.NORTH),
    Ready(Seat.EAST, "teams"),
    Ready(Seat.EAST, "start"),
    Ready(Seat.SOUTH, "deal"),
    Ready(Seat.WEST, "cards"),
    Ready(Seat.WEST, "dummy"),
    ReadyForBid(Seat.NORTH, Seat.EAST),
    ReadyForCard(Seat.NORTH, Seat.WEST, 13),
    ReadyForCard(Seat.SOUTH, None, 2),
    CallMessage(Seat.SOUTH, Call.parse("1NT"), "12 to 14 total points"),
    CallMessage(Seat.WEST, PASS),
    CallMessage(Seat.NORTH, Call.parse("X")),
    CallMessage(Seat.EAST, Call.parse("XX"), ""),
    CardMessage(Seat.WEST, Card.parse("CA")),
    CardMessage(None, Card.parse("DT")),
    Seated(Seat.NORTH, "Vaza team"),
    Teams("Vaza", "Others"),
    Teams("Vaza", "Others", "IMP"),
    StartOfBoard(),
    EndOfSession(),
    BoardInfo(2, Seat.EAST, Vulnerability.NS),
    Cards(Seat.NORTH, HAND),
    Cards(None, HAND),
    ToLead(Seat.WEST),
    ToLead(None),
    Illegal("Bid"),
    Refused("North is already seated"),
]


# -- the lines ------------------------------------------------------------------------------


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda message: type(message).__name__)
def test_every_message_reads_back_as_written(message: Message) -> None:
    assert parse(format_message(message)) == message


def test_the_strict_forms() -> None:
    assert (
        format_message(EXAMPLES[0]) == 'Connecting "Vaza team" as North using protocol version 18'
    )
    assert format_message(Cards(Seat.NORTH, HAND)) == (
        "North's cards : S A K 3. H -. D Q J T 9 8. C 7 6 5 4."
    )
    assert format_message(BoardInfo(2, Seat.EAST, Vulnerability.NS)) == (
        "Board number 2. Dealer East. N/S vulnerable."
    )
    assert format_message(CallMessage(Seat.SOUTH, Call.parse("1NT"), "12-14")) == (
        "South bids 1NT Alert. 12-14"
    )
    assert format_message(CardMessage(Seat.NORTH, Card.parse("D3"))) == "North plays 3D"
    assert (
        format_message(ReadyForCard(Seat.EAST, None, 4)) == "East ready for dummy's card to trick 4"
    )


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("NORTH PASSES", CallMessage(Seat.NORTH, PASS)),
        ("North doubles.", CallMessage(Seat.NORTH, Call.parse("X"))),
        ("east bids 4c alert.", CallMessage(Seat.EAST, Call.parse("4C"), "")),
        ("North bids 1H.Infos.C=0-8", CallMessage(Seat.NORTH, Call.parse("1H"), "C=0-8")),
        (
            "North bids 1H Infos. five hearts",
            CallMessage(Seat.NORTH, Call.parse("1H"), "five hearts"),
        ),
        ("South bids 3 NT", CallMessage(Seat.SOUTH, Call.parse("3NT"))),
        ("SOUTH plays 7s", CardMessage(Seat.SOUTH, Card.parse("S7"))),
        ("West plays 10h.", CardMessage(Seat.WEST, Card.parse("HT"))),
        ("Dummy plays 3D", CardMessage(None, Card.parse("D3"))),
        ("North Vaza seated", Seated(Seat.NORTH, "Vaza")),
        ('NORTH ("Vaza") SEATED', Seated(Seat.NORTH, "Vaza")),
        ('Teams: N/S "x" E/W "y"', Teams("x", "y")),
        ('Teams : N/S : "x". E/W : "y". playing MP', Teams("x", "y", "MP")),
        ("start of board", StartOfBoard()),
        (
            "Board number 7.  Dealer  South.  Both vulnerable",
            BoardInfo(7, Seat.SOUTH, Vulnerability.BOTH),
        ),
        (
            "North's cards : C 7 6 5 4. D Q J T 9 8. H. S A K 3.",
            Cards(Seat.NORTH, HAND),
        ),
        ("Dummy's cards: S A K 3. H -. D Q J 10 9 8. C 7 6 5 4", Cards(None, HAND)),
        ("EAST ready for SOUTH's card to trick 1", ReadyForCard(Seat.EAST, Seat.SOUTH, 1)),
        ("North ready for dummy's card to trick 3", ReadyForCard(Seat.NORTH, None, 3)),
        ("EAST ready for dummy", Ready(Seat.EAST, "dummy")),
        ("dummy to lead", ToLead(None)),
        ("End of session.", EndOfSession()),
        ("Disconnect", EndOfSession()),
        ("NS: 120 EW: 30", EndOfSession()),
        ("illegal bid", Illegal("Bid")),
    ],
)
def test_the_variants_in_use_are_read(line: str, expected: Message) -> None:
    assert parse(line) == expected


def test_timing_lines_are_recognised() -> None:
    line = "Timing - N/S : this board  [00:14],  total  [0:00:14].  E/W : this board  [00:12]"
    assert isinstance(parse(line), Timing)


def test_the_timing_line_is_written_as_table_managers_in_use_write_it() -> None:
    line = timing({Side.NS: 14.9, Side.EW: 75.0}, {Side.NS: 3725.2, Side.EW: 75.0})
    assert line.text == (
        "Timing - N/S : this board  00:14,  total  1:02:05.  "
        "E/W : this board  01:15,  total  0:01:15."
    )
    assert isinstance(parse(format_message(line)), Timing)


@pytest.mark.parametrize(
    "line",
    [
        "Hello table",
        'Connecting "x" as ANYPL using protocol version 18',
        "North's cards : S A A. H -. D -. C -.",
        "North bids 8C",
        "Board number 1. Dealer North. Sometimes vulnerable.",
    ],
)
def test_lines_that_are_not_messages_are_refused_with_a_sentence(line: str) -> None:
    with pytest.raises(ParseError):
        parse(line)


# -- what a client's robot may see -----------------------------------------------------------


def test_a_client_view_shows_only_what_the_messages_said() -> None:
    board = Board.random(3, random.Random(1))
    game = ContractDeal(board)
    for text in ("1C", "Pass", "Pass", "Pass"):
        game.apply(Call.parse(text))
    contract = game.contract
    assert contract is not None
    me = contract.declarer.rho
    knowledge = BoardKnowledge(me, 3, board.dealer, board.vulnerability, board.deal[me])
    knowledge.calls.extend(game.auction.calls)
    view = knowledge.view()
    assert view.hand == board.deal[me]
    assert [hand is None for hand in view.hands] == [seat != me for seat in Seat]
    lead = game.legal_actions()[0]
    assert isinstance(lead, Card)
    game.apply(lead)
    knowledge.record_card(contract.opening_leader, lead)
    knowledge.dummy_hand = board.deal[contract.dummy]
    view = knowledge.view()
    assert view.hands[contract.dummy] == game.hand(contract.dummy)
    assert view.hands[contract.declarer] is None and view.played == ((contract.declarer.lho, lead),)
    assert view.controller == contract.declarer and view.legal_actions == ()
    declarer = BoardKnowledge(
        contract.declarer, 3, board.dealer, board.vulnerability, board.deal[contract.declarer]
    )
    declarer.calls.extend(game.auction.calls)
    declarer.record_card(contract.opening_leader, lead)
    declarer.dummy_hand = board.deal[contract.dummy]
    assert declarer.view().legal_actions == tuple(game.legal_actions())


def test_stand_in_hands_respect_the_suits_a_player_showed_out_of() -> None:
    rng = random.Random(4)
    cards = list(Hand.parse("AKQJT98765432.AKQJT98765432.."))
    rng.shuffle(cards)
    needs = {Seat.EAST: 13, Seat.WEST: 13}
    voids = {Seat.EAST: {Suit.SPADES}, Seat.WEST: set()}
    hands = fill_hands(cards, needs, voids)
    assert all(card.suit != Suit.SPADES for card in hands[Seat.EAST])
    assert sorted(hands[Seat.EAST] + hands[Seat.WEST]) == sorted(cards)
    with pytest.raises(ParseError):
        fill_hands(cards, needs, {Seat.EAST: {Suit.SPADES}, Seat.WEST: {Suit.SPADES}})


# -- four Vaza clients at a Vaza table manager ------------------------------------------------

SEAT_NAME = r"(North|East|South|West)"
STRICT_FROM_MANAGER = [
    SEAT_NAME + r' \("[^"]*"\) seated',
    r'Teams : N/S : "[^"]*" E/W : "[^"]*"',
    r"Start of board",
    r"End of session",
    r"Board number \d+\. Dealer " + SEAT_NAME + r"\. (Neither|N/S|E/W|Both) vulnerable\.",
    r"(North|East|South|West|Dummy)'s cards : S [^.]+\. H [^.]+\. D [^.]+\. C [^.]+\.",
    SEAT_NAME + r" (passes|doubles|redoubles|bids [1-7](C|D|H|S|NT))( Alert\..*)?",
    SEAT_NAME + r" plays [2-9TJQKA][CDHS]",
    r"(North|East|South|West|Dummy) to lead",
    r"Timing - N/S : this board  \d\d:\d\d,  total  \d+:\d\d:\d\d\.  "
    r"E/W : this board  \d\d:\d\d,  total  \d+:\d\d:\d\d\.",
]
STRICT_FROM_CLIENT = [
    r'Connecting "[^"]*" as ' + SEAT_NAME + r" using protocol version 18",
    SEAT_NAME + r" ready (for (teams|deal|cards|dummy)|to start)",
    SEAT_NAME + r" ready for " + SEAT_NAME + r"'s bid",
    SEAT_NAME + r" ready for (North|East|South|West|dummy)'s card to trick ([1-9]|1[0-3])",
    SEAT_NAME + r" (passes|doubles|redoubles|bids [1-7](C|D|H|S|NT))",
    SEAT_NAME + r" plays [2-9TJQKA][CDHS]",
]


def matches_a_form(line: str, forms: list[str]) -> bool:
    return any(re.fullmatch(form, line) for form in forms)


async def session(
    boards: list[Board],
    robots: dict[Seat, SimpleRobot] | None = None,
    transcript: list[tuple[str, Seat | None, str, str]] | None = None,
) -> tuple[list[DealRecord], dict[Seat, list[PlayedBoard]]]:
    """A table manager and four Vaza clients on localhost, one session."""

    def manager_heard(seat: Seat | None, direction: str, line: str) -> None:
        if transcript is not None:
            transcript.append(("manager", seat, direction, line))

    manager = TableManager(boards, timeout=20, listener=manager_heard)
    port = await manager.start()

    def client_heard(seat: Seat) -> Callable[[str, str], None]:
        def heard(direction: str, line: str) -> None:
            if transcript is not None:
                transcript.append(("client", seat, direction, line))

        return heard

    clients = {
        seat: BlueChipClient(
            (robots or {}).get(seat, SimpleRobot()),
            seat,
            "Vaza NS" if seat in (Seat.NORTH, Seat.SOUTH) else "Vaza EW",
            timeout=20,
            listener=client_heard(seat),
        )
        for seat in Seat
    }
    playing = asyncio.gather(*(client.run("127.0.0.1", port) for client in clients.values()))
    records, played = await asyncio.wait_for(asyncio.gather(manager.wait(), playing), 60)
    return records, dict(zip(Seat, played, strict=True))


def test_four_vaza_clients_play_a_session_at_a_vaza_table_manager(tmp_path: Path) -> None:
    boards = session_boards(4, seed=11)
    transcript: list[tuple[str, Seat | None, str, str]] = []
    records, played = asyncio.run(session(boards, transcript=transcript))
    assert [record.board for record in records] == boards
    for index, record in enumerate(records):
        replayed = ContractDeal.from_record(record)  # the referee's record obeys the rules
        assert replayed.is_over
        assert record.players == ("Vaza NS", "Vaza EW", "Vaza NS", "Vaza EW")
        for seat in Seat:
            seen = played[seat][index]
            assert seen.number == record.board.number
            assert seen.calls == record.calls
            assert tuple(card for _, card in seen.cards) == record.play
    assert any(record.contract is not None for record in records)
    sent_by_manager = [
        line for who, _, way, line in transcript if who == "manager" and way == "out"
    ]
    sent_by_clients = [line for who, _, way, line in transcript if who == "client" and way == "out"]
    assert all(matches_a_form(line, STRICT_FROM_MANAGER) for line in sent_by_manager)
    assert all(matches_a_form(line, STRICT_FROM_CLIENT) for line in sent_by_clients)
    assert sum(line.endswith("ready for dummy") for line in sent_by_clients) == 3 * sum(
        record.contract is not None for record in records
    )
    # --out writes the day, the site and each board's score; "" where a tag does not apply.
    out = tmp_path / "results.pbn"
    bluechip_command._write(records, str(out))
    text = out.read_text(encoding="utf-8")
    assert '[Site "Vaza"]' in text and re.search(r'\[Date "\d{4}\.\d\d\.\d\d"\]', text)
    assert text.count("[Score ") == 4 and '"?"' not in text


def _variant(line: str) -> str:
    """The same message as other implementations write it: shouted, dotted, unquoted, clubs
    first with a void left empty, ``dummy's`` for dummy, ``Infos.`` for ``Alert.``."""
    message = parse(line)
    match message:
        case Seated(seat, team):
            return f"{seat.name} {team} seated"
        case Teams(north_south, east_west, _):
            return f'Teams: N/S "{north_south}" E/W "{east_west}". playing IMP'
        case Cards(seat, hand):
            whose = "Dummy" if seat is None else seat.name
            suits = " ".join(
                f"{suit.letter} {' '.join(c.rank.letter for c in hand.suit(suit))}."
                if hand.length(suit)
                else f"{suit.letter}."
                for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
            )
            return f"{whose}'s cards: {suits}"
        case CallMessage() | CardMessage() | BoardInfo():
            return line.upper() + "."
        case StartOfBoard():
            return "start of board"
    return line


def _variant_request(line: str) -> str:
    message = parse(line)
    if isinstance(message, ReadyForCard | ReadyForBid | Ready | CallMessage | CardMessage):
        return line.upper() + "."
    return line


def test_both_sides_read_the_other_implementations_forms(monkeypatch: pytest.MonkeyPatch) -> None:
    """The table manager writes every line as another implementation might, and so do the
    clients: the session still runs to its end with the same results."""
    boards = session_boards(2, seed=5)
    plain, _ = asyncio.run(session(boards))
    strict = format_message
    monkeypatch.setattr(manager_module, "format_message", lambda m: _variant(strict(m)))
    monkeypatch.setattr(client_module, "format_message", lambda m: _variant_request(strict(m)))
    varied, _ = asyncio.run(session(boards))
    assert varied == plain


# -- the Timing line after each board -----------------------------------------------------------


class TimingClient(BlueChipClient):
    """A client as some in use are written: after each board it reads until the table
    manager's ``Timing`` line, dropping anything else, and only then asks for the next board.
    Without the line it would drop ``Start of board`` and wait for ever, and so would the
    table manager."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.timings: list[str] = []

    async def _wait_for_timing(self) -> None:
        assert self._channel is not None
        while True:
            line = await self._channel.read()
            if re.match("timing", line, re.IGNORECASE):
                self.timings.append(line)
                return

    async def _auction(self, board: BoardKnowledge) -> None:
        await super()._auction(board)
        if board.auction.contract is None:  # passed out: the board ends here
            await self._wait_for_timing()

    async def _play(self, board: BoardKnowledge) -> None:
        await super()._play(board)
        await self._wait_for_timing()


def test_the_table_manager_sends_timing_after_each_board_and_waiting_clients_go_on() -> None:
    """Three boards (one passed out), two clients that wait for the ``Timing`` line and two
    that skip it: the session ends, every seat got one line after each board, just before the
    next ``Start of board`` (or ``End of session``), and the line says what each side spent:
    on the test's clock, which moves a second a reading, one second a call or card."""
    boards = [Board.random(n, random.Random(seed)) for n, seed in ((1, 6), (2, 321), (3, 7))]
    heard: dict[Seat, list[str]] = {seat: [] for seat in Seat}

    def manager_heard(seat: Seat | None, direction: str, line: str) -> None:
        if seat is not None and direction == "out":
            heard[seat].append(line)

    async def scenario() -> tuple[TableManager, list[DealRecord], list[TimingClient]]:
        manager = TableManager(
            boards, timeout=20, listener=manager_heard, clock=itertools.count().__next__
        )
        port = await manager.start()
        waiting = [
            TimingClient(SimpleRobot(), seat, "A", timeout=20) for seat in (Seat.NORTH, Seat.SOUTH)
        ]
        skipping = [
            BlueChipClient(SimpleRobot(), seat, "B", timeout=20) for seat in (Seat.EAST, Seat.WEST)
        ]
        playing = [client.run("127.0.0.1", port) for client in (*waiting, *skipping)]
        records, *_ = await asyncio.wait_for(asyncio.gather(manager.wait(), *playing), 60)
        return manager, records, waiting

    manager, records, waiting = asyncio.run(scenario())
    assert [record.passed_out for record in records] == [False, True, False]
    total = dict.fromkeys(Side, 0)
    expected = []
    for index in range(3):
        spent = dict.fromkeys(Side, 0)
        for seat, _ in manager.table(index).actions:
            spent[seat.side] += 1
        total = {side: total[side] + spent[side] for side in Side}
        expected.append(timing(spent, total).text)
    for client in waiting:
        assert client.timings == expected
    for seat, lines in heard.items():
        assert [line for line in lines if line.startswith("Timing")] == expected, seat
        after = [lines[i + 1] for i, line in enumerate(lines) if line.startswith("Timing")]
        assert after == ["Start of board", "Start of board", "End of session"], seat


# -- illegal calls and refused seats -----------------------------------------------------------


class RawClient:
    """A scripted program at a table manager: it writes lines and checks the answers."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(cls, port: int) -> RawClient:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        return cls(reader, writer)

    async def say(self, line: str) -> None:
        self.writer.write(line.encode("ascii") + b"\r\n")
        await self.writer.drain()

    async def hear(self) -> str:
        data = await asyncio.wait_for(self.reader.readline(), 10)
        assert data.endswith(b"\r\n"), data
        return data.decode("ascii").rstrip("\r\n")

    async def exchange(self, line: str, answer: str) -> None:
        await self.say(line)
        assert await self.hear() == answer


def test_illegal_calls_are_answered_illegal_bid_and_ignored_and_seats_are_guarded() -> None:
    """One passed-out board played by 4 players scripted programs.  North (the dealer) tries to
    redouble and to double with nothing to double; South bids for itself out of turn: each
    is answered ``illegal Bid`` and ignored.  A fifth program asking for a taken seat, and one
    speaking another protocol version, are refused."""

    async def scenario() -> list[DealRecord]:
        clock = itertools.count().__next__  # one second a reading
        manager = TableManager(session_boards(1, seed=3), timeout=10, clock=clock)
        port = await manager.start()
        names = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}
        raw: dict[Seat, RawClient] = {}
        for seat, name in names.items():
            raw[seat] = await RawClient.connect(port)
            team = "A" if seat in (Seat.NORTH, Seat.SOUTH) else "B"
            await raw[seat].exchange(
                f'Connecting "{team}" as {name} using protocol version 18',
                f'{name} ("{team}") seated',
            )
        for line, answer in (
            (
                'Connecting "A" as North using protocol version 18',
                "Refused: North is already seated",
            ),
            (
                'Connecting "A" as North using protocol version 17',
                "Refused: protocol version 17 is not spoken here (18 is)",
            ),
        ):
            intruder = await RawClient.connect(port)
            await intruder.exchange(line, answer)
            assert await intruder.reader.read() == b""
        for seat, name in names.items():
            await raw[seat].exchange(f"{name} ready for teams", 'Teams : N/S : "A" E/W : "B"')
            await raw[seat].exchange(f"{name} ready to start", "Start of board")
            await raw[seat].exchange(
                f"{name} ready for deal", "Board number 1. Dealer North. Neither vulnerable."
            )
            await raw[seat].say(f"{name} ready for cards")
            assert (await raw[seat].hear()).startswith(f"{name}'s cards : S ")
        north, east, south, west = (raw[seat] for seat in Seat)
        await north.exchange("North redoubles", "illegal Bid")
        await north.exchange("North doubles", "illegal Bid")
        await south.exchange("South bids 1C", "illegal Bid")
        await south.exchange("North passes", "illegal Bid")  # not South's call to make
        await north.say("North passes")
        await east.exchange("East ready for North's bid", "North passes")
        await east.say("East passes")
        await south.exchange("South ready for North's bid", "North passes")
        await south.exchange("South ready for East's bid", "East passes")
        await south.say("South passes")
        for bidder in ("North", "East", "South"):
            await west.exchange(f"West ready for {bidder}'s bid", f"{bidder} passes")
        await west.say("West passes")
        await north.exchange("North ready for East's bid", "East passes")
        await north.exchange("North ready for South's bid", "South passes")
        await north.exchange("North ready for West's bid", "West passes")
        await east.exchange("East ready for South's bid", "South passes")
        await east.exchange("East ready for West's bid", "West passes")
        await south.exchange("South ready for West's bid", "West passes")
        for client in raw.values():  # each pass took a second of the test's clock
            assert await client.hear() == (
                "Timing - N/S : this board  00:02,  total  0:00:02.  "
                "E/W : this board  00:02,  total  0:00:02."
            )
            assert await client.hear() == "End of session"
        return await manager.wait()

    records = asyncio.run(scenario())
    assert len(records) == 1 and records[0].passed_out
    assert records[0].calls == (PASS, PASS, PASS, PASS)


def test_a_client_at_a_table_manager_that_writes_variants() -> None:
    """A stand-in table manager writes every line in other implementations' forms; the Vaza
    client answers in the strict forms through a passed-out board."""
    script: list[tuple[str | None, list[str]]] = [
        ('Connecting "Vaza" as South using protocol version 18', ["SOUTH Vaza seated"]),
        ("South ready for teams", ['Teams: N/S "Vaza" E/W "Them". playing IMP']),
        ("South ready to start", ["start of board"]),
        ("South ready for deal", ["BOARD NUMBER 1. DEALER NORTH. NEITHER VULNERABLE."]),
        ("South ready for cards", ["South's cards : C 4 3 2. D 5 4 3 2. H. S 7 6 5 4 3 2."]),
        ("South ready for North's bid", ["NORTH PASSES."]),
        ("South ready for East's bid", ["east passes"]),
        ("South passes", []),
        ("South ready for West's bid", ["West passes.", "Timing - N/S : this board  [00:14]"]),
        (None, ["End of session"]),
    ]
    heard: list[str] = []

    async def stand_in(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        for expected, replies in script:
            if expected is not None:
                line = (await reader.readline()).decode("ascii")
                heard.append(line)
                assert line == expected + "\r\n"
            for reply in replies:
                writer.write(reply.encode("ascii") + b"\r\n")
            await writer.drain()
        writer.close()

    async def scenario() -> list[PlayedBoard]:
        server = await asyncio.start_server(stand_in, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        client = BlueChipClient(SimpleRobot(), Seat.SOUTH, timeout=10)
        async with server:
            return await asyncio.wait_for(client.run("127.0.0.1", port), 20)

    boards = asyncio.run(scenario())
    assert len(heard) == len(script) - 1
    assert boards == [PlayedBoard(1, (PASS, PASS, PASS, PASS), ())]


def test_a_refused_client_says_why() -> None:
    async def refuse(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readline()
        writer.write(b"Refused: South is already seated\r\n")
        await writer.drain()
        writer.close()

    async def scenario() -> None:
        server = await asyncio.start_server(refuse, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        async with server:
            await BlueChipClient(SimpleRobot(), Seat.SOUTH, timeout=10).run("127.0.0.1", port)

    with pytest.raises(Exception, match="refused us: South is already seated"):
        asyncio.run(scenario())


# -- boards and the command ---------------------------------------------------------------------


def test_sessions_deal_from_a_seed_or_take_boards_from_pbn(tmp_path: Path) -> None:
    dealt = session_boards(3, seed=9)
    assert dealt == session_boards(3, seed=9)
    assert [board.number for board in dealt] == [1, 2, 3]
    path = tmp_path / "boards.pbn"
    dump_any([DealRecord(board=board) for board in dealt], path)
    assert session_boards(2, pbn=path) == dealt[:2]
    with pytest.raises(ParseError, match="holds 3 complete deals, not 4"):
        session_boards(4, pbn=path)


def test_the_table_manager_command_line() -> None:
    parser = argparse.ArgumentParser(prog="vaza")
    bluechip_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["bluechip-tm", "--port", "2100", "--boards", "3", "--seed", "7"])
    assert (args.port, args.boards, args.seed, args.pbn, args.out) == (2100, 3, 7, None, None)
    with pytest.raises(SystemExit):
        parser.parse_args(["bluechip-tm", "--seed", "1", "--pbn", "x.pbn"])
    with pytest.raises(SystemExit):
        parser.parse_args(["bluechip-tm", "--boards", "0"])


def robot_args(*extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="vaza")
    robot_command.register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["robot", "--bluechip-client", "127.0.0.1:2000", *extra])


def test_the_bluechip_client_plays_the_strong_robot_unless_told_otherwise() -> None:
    strong = robot_command.bluechip_client(robot_args("--seat", "N")).robot
    assert isinstance(strong, CardPlayer) and isinstance(strong.bidder, BiddingRobot)
    simple = robot_command.bluechip_client(robot_args("--seat", "N", "--level", "simple"))
    assert isinstance(simple.robot, SimpleRobot)


def test_vaza_robot_bluechip_client_bids_the_system_by_default() -> None:
    """`vaza robot --bluechip-client` as its own program, at North with three simple robots:
    it makes every call as the bidding system does, where the simple robot would not (and
    then it is dummy, so the board is quick)."""
    boards = session_boards(1, seed=17)

    async def scenario() -> tuple[list[DealRecord], int | None, bytes]:
        manager = TableManager(boards, timeout=60)
        port = await manager.start()
        program = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "vaza.commands.robot", "--bluechip-client", f"127.0.0.1:{port}"),
            *("--seat", "North", "--timeout", "60"),
            stdout=asyncio.subprocess.PIPE,
        )
        others = [
            BlueChipClient(
                SimpleRobot(), seat, "Vaza" if seat is Seat.SOUTH else "Them", timeout=60
            )
            for seat in (Seat.EAST, Seat.SOUTH, Seat.WEST)
        ]
        playing = [client.run("127.0.0.1", port) for client in others]
        records, (out, _), *_ = await asyncio.wait_for(
            asyncio.gather(manager.wait(), program.communicate(), *playing), 120
        )
        return records, program.returncode, out

    records, returncode, out = asyncio.run(scenario())
    assert returncode == 0 and out.decode().startswith("North played 1 boards")
    record = records[0]
    game = ContractDeal(boards[0])
    simple_would_differ = False
    for call in record.calls:
        seat = game.controller
        assert seat is not None
        view = seat_view(game, seat)
        if seat is Seat.NORTH:
            assert call == BiddingRobot().choose(view)
            simple_would_differ |= call != SimpleRobot().choose(view)
        else:
            assert call == SimpleRobot().choose(view)
        game.apply(call, by=seat)
    assert simple_would_differ
    assert record.contract is not None and record.contract.dummy is Seat.NORTH


def test_a_first_line_that_is_not_a_seat_request_is_refused() -> None:
    async def scenario() -> list[str]:
        manager = TableManager(session_boards(1, seed=1), timeout=10)
        port = await manager.start()
        answers = []
        for line in ('Connecting "x" as ANYPL using protocol version 18', "Hello there"):
            client = await RawClient.connect(port)
            await client.say(line)
            answers.append(await client.hear())
            assert await client.reader.read() == b""
        await manager.close()
        return answers

    assert asyncio.run(scenario()) == [
        "Refused: Vaza seats a client at the seat it names, not ANYPL",
        'Refused: the first line must be: Connecting "<team>" as <Seat> using protocol version 18',
    ]
