"""Reading PBN games into deal records: strictly (`loads`: the first game that breaks a rule
ends the reading) or forgivingly (`read`: each game keeps what it can, and what it loses is
named with its line and reason)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from vaza.core.errors import ParseError
from vaza.core.record import DealRecord
from vaza.formats.pbn.play import PlayNotRead, read_play
from vaza.formats.pbn.syntax import UNKNOWN, Game, Memory, Tag, collect, games, lex
from vaza.formats.pbn.values import (
    auction_outcome,
    board_number,
    extra_tags,
    game_name,
    read_auction,
    read_board,
    read_contract,
    result_tricks,
    seat_value,
    tag_text,
    tag_value,
)
from vaza.formats.reading import PLAY_NOT_READ, Problem, Reading

if TYPE_CHECKING:
    from _typeshed import SupportsRead

# A game with none of these is only a header (e.g. "##" defaults) and yields no record.
_DEAL_TAGS: Final = frozenset(("Deal", "Auction", "Play", "Declarer", "Contract", "Result"))
# What a game leaves out when it is the board of the game before (a team match's other room).
_BOARD_TAGS: Final = ("Board", "Dealer", "Vulnerable", "Deal")


def _record(game: Game, lost_play: list[str] | None) -> DealRecord:
    """The game's record.  With `lost_play`, a Play section that cannot be followed costs only
    the play (its reason is added there); without, it ends the reading."""
    number = board_number(game)
    where = game_name(game)
    board = read_board(game, number, where)
    calls, explanations = read_auction(game, board.dealer, where)
    declarer = seat_value(tag_value(game, "Declarer"), "Declarer", where)
    reached = auction_outcome(board.dealer, calls)
    contract, passed_out, strain = read_contract(game, declarer, reached, where)
    try:
        play, winners, ended = read_play(game, board, contract, strain, where)
    except PlayNotRead as error:
        if lost_play is None:
            raise
        lost_play.append(_reason(str(error), where))
        play, winners, ended = [], [], False
    if contract is not None:
        declarer = contract.declarer
    side = None if declarer is None else declarer.side
    tricks = result_tricks(tag_value(game, "Result"), side, where)
    if play and len(play) < 52 and not ended:
        tricks = None  # the standard reads Result as a partial count while play goes on
    if tricks is None and len(play) == 52 and declarer is not None:
        tricks = sum(1 for winner in winners if winner.side == declarer.side)
    names = tuple(tag_text(game, seat) for seat in ("North", "East", "South", "West"))
    return DealRecord(
        board=board,
        calls=calls,
        play=tuple(play),
        contract=contract,
        passed_out=passed_out,
        declarer_tricks=None if passed_out else tricks,
        claimed=ended and len(play) < 52,
        players=(names[0], names[1], names[2], names[3]),
        event=tag_text(game, "Event"),
        site=tag_text(game, "Site"),
        date=tag_text(game, "Date"),
        scoring=tag_text(game, "Scoring"),
        explanations=explanations,
        extra_tags=extra_tags(game, where),
    )


@dataclass(slots=True)
class _Boards:
    """The boards seen so far, for games that leave out the board they share with the game
    before (a team match's second room gives neither Board, Dealer, Vulnerable nor Deal)."""

    last: dict[str, str] = field(default_factory=dict)
    numbered: dict[str, dict[str, str]] = field(default_factory=dict)

    def complete(self, game: Game) -> None:
        """Fill in a game without a Deal from the game before (no Board either) or from the
        last game of its Board; remember a game with one."""
        if tag_value(game, "Deal") not in UNKNOWN:
            known = {name: tag_value(game, name) for name in _BOARD_TAGS}
            self.last = {name: value for name, value in known.items() if value not in UNKNOWN}
            if "Board" in self.last:
                self.numbered[self.last["Board"]] = self.last
            return
        number = tag_value(game, "Board")
        source = self.last if number in UNKNOWN else self.numbered.get(number, {})
        for name, value in source.items():
            if tag_value(game, name) in UNKNOWN:
                game.tags[name] = Tag(name, value, game.line)


def _read(text: str, problems: list[Problem] | None) -> list[tuple[int, DealRecord]]:
    """The records of a PBN text with their lines; with `problems`, a game that breaks a rule
    is reported there and left out (or kept without its play, when only its play does), else
    its `ParseError` ends the reading."""
    memory = Memory()
    boards = _Boards()
    records: list[tuple[int, DealRecord]] = []
    for raw in games(lex(text.lstrip("\ufeff"))):
        where = f"the game at line {raw.line}"
        try:
            if raw.error is not None:
                raise raw.error
            game = collect(raw.tags, memory)
            where = game_name(game)
            if _DEAL_TAGS.intersection(game.tags):
                boards.complete(game)
                lost: list[str] | None = None if problems is None else []
                records.append((raw.line, _record(game, lost)))
                if problems is not None and lost:
                    problems.append(Problem(raw.line, where, lost[0], PLAY_NOT_READ))
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
    """Read every game of a PBN text, keeping what each can give.  A game whose Play cannot be
    followed (a card its player does not hold, a row that fits no order of the hands) keeps its
    deal, auction, contract and result; a game that breaks another rule (an Auction that
    contradicts the Dealer, text that is not PBN) is left out.  Each is named with its line and
    reason.  (A revoke is kept: it happens at the table, and the standard records it; the rules
    refuse it when the play is replayed.)"""
    problems: list[Problem] = []
    found = _read(text, problems)
    return Reading(
        tuple(record for _, record in found), tuple(line for line, _ in found), tuple(problems)
    )


def load(fp: SupportsRead[str]) -> list[DealRecord]:
    """Read every game from a text file (any line ends)."""
    return loads(fp.read())
