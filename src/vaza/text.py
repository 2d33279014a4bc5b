"""Plain-text pictures of a deal for the terminal: the diagram, the auction grid, the play."""

from __future__ import annotations

from vaza.core.calls import Call, CallKind, Contract
from vaza.core.cards import Card, Hand, Rank, Seat, Suit
from vaza.core.deal import Board
from vaza.core.games.contract import DealResult
from vaza.core.play import Trick
from vaza.i18n import text

_DISPLAY_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def seat_name(seat: Seat, lang: str) -> str:
    return text(f"seat.{seat.letter}", lang)


def card_text(card: Card) -> str:
    return card.symbol


def call_text(call: Call, lang: str) -> str:
    if call.kind is CallKind.BID:
        assert call.strain is not None
        strain = call.strain.symbol if call.strain.suit is not None else text("strain.NT", lang)
        return f"{call.level}{strain}"
    key = {CallKind.PASS: "call.pass", CallKind.DOUBLE: "call.double"}.get(call.kind)
    return text(key or "call.redouble", lang)


def contract_text(contract: Contract, lang: str) -> str:
    strain = contract.strain.symbol if contract.strain.suit is not None else text("strain.NT", lang)
    return f"{contract.level}{strain}{contract.doubling.suffix}"


def _holding(hand: Hand, suit: Suit) -> str:
    ranks = " ".join("10" if c.rank == Rank.TEN else c.rank.letter for c in hand.suit(suit))
    return f"{suit.symbol} {ranks or '—'}"


def diagram(board: Board, lang: str = "en") -> str:
    """The four hands in the usual compass layout, with board, dealer and vulnerability."""
    deal = board.deal
    heading = [
        text("board", lang, number=board.number) if board.number else "",
        text("dealer", lang, seat=seat_name(board.dealer, lang)),
        text("vulnerable", lang, vul=text(f"vul.{board.vulnerability.pbn}", lang)),
    ]
    lines = ["   ".join(part for part in heading if part), ""]
    indent = " " * 24

    def block(seat: Seat) -> list[str]:
        hand = deal[seat]
        title = f"{seat_name(seat, lang)} ({text('hcp', lang, points=hand.hcp)})"
        return [title] + [_holding(hand, suit) for suit in _DISPLAY_SUITS]

    lines += [indent + row for row in block(Seat.NORTH)]
    lines.append("")
    for west, east in zip(block(Seat.WEST), block(Seat.EAST), strict=True):
        lines.append(f"{west:<48}{east}")
    lines.append("")
    lines += [indent + row for row in block(Seat.SOUTH)]
    return "\n".join(lines)


def auction_grid(dealer: Seat, calls: list[Call] | tuple[Call, ...], lang: str = "en") -> str:
    """The calls in a grid of four columns, the dealer's first."""
    seats = [dealer.next(i) for i in range(4)]
    rows = ["".join(f"{seat_name(seat, lang):<10}" for seat in seats).rstrip()]
    cells = [call_text(call, lang) for call in calls]
    for start in range(0, len(cells), 4):
        rows.append("".join(f"{cell:<10}" for cell in cells[start : start + 4]).rstrip())
    return "\n".join(rows)


def trick_line(number: int, trick: Trick[Seat], lang: str = "en") -> str:
    cards = "  ".join(
        f"{text(f'seat.letter.{seat.letter}', lang)} {card_text(card):<4}"
        for seat, card in trick.by_seat
    )
    won = text("won_by", lang, seat=seat_name(trick.winner, lang))
    return f"{text('trick', lang, number=number):<9} {cards}  {won}"


def result_line(result: DealResult, lang: str = "en") -> str:
    contract = result.contract
    if contract is None or result.declarer_tricks is None:
        return text("passed_out", lang)
    values = {
        "contract": contract_text(contract, lang),
        "seat": seat_name(contract.declarer, lang),
        "tricks": result.declarer_tricks,
    }
    if result.made:
        over = text("result.over", lang, count=result.difference) if result.difference else ""
        line = text("result.made", lang, over=over, **values)
    else:
        line = text("result.down", lang, under=-result.difference, **values)
    return line + (text("result.claimed", lang) if result.claimed else "")
