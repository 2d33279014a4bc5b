"""The boards of a Blue Chip session: dealt from a seed (or a secure source), or read from PBN."""

from __future__ import annotations

import os

from vaza.core.deal import Board, make_rng
from vaza.core.errors import ParseError
from vaza.formats import read_any


def session_boards(
    count: int, *, seed: int | str | None = None, pbn: str | os.PathLike[str] | None = None
) -> list[Board]:
    """`count` boards numbered from 1 (dealer and vulnerability by the duplicate cycle), or
    the first `count` complete deals of a PBN file as the file numbers them (read forgivingly:
    only the deals are needed, so a game whose play cannot be read still gives its deal)."""
    if count < 1:
        raise ParseError("a session has at least one board")
    if pbn is None:
        rng = make_rng(seed)
        return [Board.random(number, rng) for number in range(1, count + 1)]
    boards = [record.board for record in read_any(pbn).records if record.board.deal.is_complete]
    if len(boards) < count:
        raise ParseError(f"{os.fspath(pbn)} holds {len(boards)} complete deals, not {count}")
    return boards[:count]
