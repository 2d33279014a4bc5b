"""Where the tricks went: what each card of a played deal cost its side against double dummy.

Before every card, the double-dummy value of the position is the most tricks the declaring side
can take (counting the tricks it has already won) when all four hands play perfectly from there.
A perfect card keeps that value; any other card hands tricks to the other side.  A card's *cost*
is the number of tricks its own side gave away with it: the fall of the value for a card of the
declaring side, its rise for a defender's card.  Double-dummy values only ever move against the
side that played, so a cost is never negative, and the value after the last card is the value
at the start less the declaring side's costs plus the defenders'.

DDS's play analysis (`AnalysePlay`, through `vaza.analysis.dds.play_values`) finds every value of a
deal in one call, sharing its search between the positions.  Its values count the tricks of the
side sitting at the leader's right, and it stops before the last trick, whose cards are forced.

The value types here do not load endplay; the solver is imported when a play is first analysed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from vaza.analysis.results import AnalysisError
from vaza.core.calls import Strain
from vaza.core.cards import SEATS, Card, Seat, Side
from vaza.core.deal import Deal
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.play import Play
from vaza.core.record import DealRecord

_NO_COSTS: Final = (0, 0, 0, 0)


@dataclass(frozen=True, slots=True)
class CardCost:
    """One card of the play and what it did to the declaring side's double-dummy tricks."""

    seat: Seat
    """The hand the card came from (dummy's cards are chosen by declarer)."""
    card: Card
    before: int
    """The declaring side's double-dummy tricks before the card, counting tricks already won."""
    after: int
    """The same after the card."""
    declaring_side: Side
    """The declarer's side, which `before` and `after` count for."""

    def __post_init__(self) -> None:
        if self.cost < 0:
            raise ParseError(
                f"{self.card} cannot gain its side a trick against double dummy "
                f"({self.before} before, {self.after} after)"
            )

    @property
    def cost(self) -> int:
        """Tricks the card's side gave away with it against its best card (0: a best card)."""
        if self.seat.side is self.declaring_side:
            return self.before - self.after
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class PlayCost:
    """A played deal (or endgame) card by card against double dummy."""

    declarer: Seat
    strain: Strain
    start: int
    """The declaring side's double-dummy tricks before the first card."""
    cards: tuple[CardCost, ...]
    """The cards in the order played, each with its cost."""
    total_tricks: int = 13
    """Tricks in the position analysed: 13 for a whole deal, fewer for an endgame."""

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.total_tricks:
            raise ParseError(
                f"{self.start} tricks of {self.total_tricks} is not a double-dummy value"
            )
        value = self.start
        for card in self.cards:
            if card.before != value or card.declaring_side is not self.declarer.side:
                raise ParseError(f"the values around {card.card} do not follow the card before")
            value = card.after

    @property
    def final(self) -> int:
        """The declaring side's double-dummy tricks after the last card played: its result
        when the play went to the end."""
        return self.cards[-1].after if self.cards else self.start

    def seat_costs(self) -> tuple[int, int, int, int]:
        """Tricks given away by each player, by seat (N E S W).  Dummy never chooses a card:
        declarer does, so dummy's cards are charged to declarer and dummy's seat is always 0."""
        costs = list(_NO_COSTS)
        dummy = self.declarer.partner
        for card in self.cards:
            costs[self.declarer if card.seat is dummy else card.seat] += card.cost
        return (costs[0], costs[1], costs[2], costs[3])

    def seat_cost(self, seat: Seat) -> int:
        return self.seat_costs()[seat]

    def side_cost(self, side: Side) -> int:
        """Tricks a partnership gave away (declarer's side: declarer's and dummy's cards)."""
        costs = self.seat_costs()
        return sum(costs[seat] for seat in side.seats)

    def as_dict(self) -> dict[str, Any]:
        """The analysis as JSON: values for the declaring side, costs by card, seat and side."""
        seat_costs = self.seat_costs()
        return {
            "declarer": self.declarer.letter,
            "strain": self.strain.letter,
            "total_tricks": self.total_tricks,
            "start": self.start,
            "final": self.final,
            "cards": [
                {
                    "seat": card.seat.letter,
                    "card": card.card.name,
                    "after": card.after,
                    "cost": card.cost,
                }
                for card in self.cards
            ],
            "seats": {seat.letter: seat_costs[seat] for seat in SEATS},
            "sides": {side.name: sum(seat_costs[seat] for seat in side.seats) for side in Side},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayCost:
        """Read back what `as_dict` wrote (its totals are recomputed, not trusted)."""
        try:
            declarer = Seat.from_letter(data["declarer"])
            value = int(data["start"])
            cards: list[CardCost] = []
            for entry in data["cards"]:
                after = int(entry["after"])
                seat = Seat.from_letter(entry["seat"])
                card = Card.parse(entry["card"])
                cards.append(CardCost(seat, card, value, after, declarer.side))
                value = after
            return cls(
                declarer=declarer,
                strain=Strain.parse(data["strain"]),
                start=int(data["start"]),
                cards=tuple(cards),
                total_tricks=int(data["total_tricks"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, ParseError):
                raise
            raise ParseError(f"not a play analysis: {error}") from None


def _replay(
    deal: Deal, play: Sequence[Card], leader: Seat, strain: Strain
) -> tuple[tuple[Seat, Card], ...]:
    """Who played each card, checking the play against the rules (a record may hold a revoke
    or a card from the wrong hand, which DDS would refuse without saying which)."""
    game: Play[Seat] = Play(deal.hands, leader, strain.suit)
    for number, card in enumerate(play, start=1):
        try:
            game.play(card)
        except IllegalAction as error:
            raise IllegalAction(f"card {number} of the play ({card}): {error}") from None
    return tuple(game.history)


def _position_tricks(deal: Deal) -> int:
    """Tricks left in a position at the start of a trick: the same number of cards in every
    hand, at least one."""
    sizes = {len(hand) for hand in deal.hands}
    if len(sizes) != 1 or 0 in sizes:
        counts = ", ".join(f"{seat.letter} {len(deal[seat])}" for seat in SEATS)
        raise ParseError(
            f"a position to analyse holds the same number of cards in each hand ({counts})"
        )
    return sizes.pop()


def play_cost(
    deal: Deal,
    play: Sequence[Card],
    declarer: Seat,
    strain: Strain,
    leader: Seat | None = None,
) -> PlayCost:
    """Each card's cost in a played deal, or in an endgame when `deal` holds fewer cards.

    `leader` leads the first card (by default declarer's left-hand opponent, as in a whole
    deal).  Raises `IllegalAction` for a play that breaks the rules, `ParseError` for hands of
    different sizes, `AnalysisError` if the solver fails or contradicts itself.
    """
    leader = declarer.lho if leader is None else leader
    tricks = _position_tricks(deal)
    plays = _replay(deal, play, leader, strain)
    values = _declarer_values(
        deal,
        [card for _, card in plays],
        leader=leader,
        strain=strain,
        declarer=declarer,
    )
    side = declarer.side
    try:
        cards = tuple(
            CardCost(seat, card, values[number], values[number + 1], side)
            for number, (seat, card) in enumerate(plays)
        )
    except ParseError as error:  # DDS contradicted itself: no card gains its side a trick
        raise AnalysisError(f"the double-dummy solver's values disagree: {error}") from None
    return PlayCost(declarer, strain, values[0], cards, tricks)


def record_play_cost(record: DealRecord) -> PlayCost | None:
    """The play of a record against double dummy; None when it has no contract or no play."""
    contract = record.contract
    if contract is None or not record.play:
        return None
    return play_cost(record.board.deal, record.play, contract.declarer, contract.strain)


def _declarer_values(
    deal: Deal, play: Sequence[Card], *, leader: Seat, strain: Strain, declarer: Seat
) -> list[int]:
    """The declaring side's double-dummy tricks before the play and after each card."""
    tricks = _position_tricks(deal)
    solved = _solve_play(deal, play, leader, strain)
    # DDS counts for the side at the leader's right and leaves out the forced last trick.
    if len(solved) < min(len(play), 4 * (tricks - 1)) + 1:
        raise AnalysisError(
            f"the solver analysed {len(solved) - 1} of the {len(play)} cards played"
        )
    if leader.rho.side is not declarer.side:
        solved = [tricks - value for value in solved]
    solved = solved[: len(play) + 1]
    return solved + [solved[-1]] * (len(play) + 1 - len(solved))


def _solve_play(deal: Deal, play: Sequence[Card], leader: Seat, strain: Strain) -> list[int]:
    """DDS's values for the side at the leader's right (`vaza.analysis.dds.play_values`)."""
    from vaza.analysis.dds import play_values  # noqa: PLC0415 - endplay loads on first use

    return play_values(deal, play, leader, strain)
