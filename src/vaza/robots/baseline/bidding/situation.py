"""An auction as the system reads it: each call with the rule it was read by, and what every seat
has shown so far.  Built from public calls only, so the bidder and anyone watching (partner,
opponents, the table's explanations) hold the same picture.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from vaza.core.calls import DOUBLE, PASS, REDOUBLE, Call, CallKind, Strain
from vaza.core.cards import Seat, Side, Suit, Vulnerability
from vaza.robots.baseline.bidding.rules import Explanation, Force, Meaning, Rule, narrow
from vaza.robots.baseline.constraints import NOTHING_KNOWN, HandConstraints

_FOUR_UNKNOWN = (NOTHING_KNOWN, NOTHING_KNOWN, NOTHING_KNOWN, NOTHING_KNOWN)


@dataclass(frozen=True, slots=True)
class Step:
    """One call and how the system read it."""

    seat: Seat
    call: Call
    rule: Rule
    """The rule the call was read by (the first of the position's rules that bid it)."""
    shows: HandConstraints
    """What the call shows by itself: every meaning the position gives it, together."""
    meanings: tuple[Meaning, ...] = ()
    """The labels of every rule bidding the call here."""
    forcing: Force = Force.NONE
    """The strongest force among those rules."""

    @property
    def explanation(self) -> Explanation:
        meanings = self.meanings or ((self.rule.label, self.rule.params),)
        return Explanation(self.call, meanings, self.shows, self.forcing)


@dataclass(frozen=True, slots=True)
class Situation:
    """The auction so far and what it says, seen by nobody in particular."""

    dealer: Seat
    vulnerability: Vulnerability
    steps: tuple[Step, ...] = ()
    known: tuple[HandConstraints, HandConstraints, HandConstraints, HandConstraints] = _FOUR_UNKNOWN
    """What each seat's calls have shown, by seat."""
    last_bid: Call | None = None
    last_bidder: Seat | None = None
    doubling: int = 0
    """0, 1 doubled, 2 redoubled: the state of the last bid."""

    def after(self, step: Step) -> Situation:
        """The situation once `step` has been made."""
        known = list(self.known)
        known[step.seat] = narrow(known[step.seat], step.shows)
        last_bid, last_bidder, doubling = self.last_bid, self.last_bidder, self.doubling
        if step.call.is_bid:
            last_bid, last_bidder, doubling = step.call, step.seat, 0
        elif step.call is DOUBLE:
            doubling = 1
        elif step.call is REDOUBLE:
            doubling = 2
        return replace(
            self,
            steps=(*self.steps, step),
            known=tuple(known),  # type: ignore[arg-type]
            last_bid=last_bid,
            last_bidder=last_bidder,
            doubling=doubling,
        )

    # -- whose turn, what is legal ------------------------------------------------------------

    @property
    def to_act(self) -> Seat:
        return self.dealer.next(len(self.steps))

    @property
    def me(self) -> Seat:
        return self.to_act

    @property
    def partner(self) -> Seat:
        return self.to_act.partner

    @property
    def is_over(self) -> bool:
        passes = 0
        for step in reversed(self.steps):
            if step.call is not PASS:
                break
            passes += 1
        return passes >= 4 or (passes >= 3 and self.last_bid is not None)

    def is_legal(self, call: Call) -> bool:
        if call.kind is CallKind.PASS:
            return True
        if call.kind is CallKind.BID:
            return self.last_bid is None or call.index > self.last_bid.index
        if self.last_bidder is None:
            return False
        ours = self.last_bidder.side == self.to_act.side
        if call.kind is CallKind.DOUBLE:
            return not ours and self.doubling == 0
        return ours and self.doubling == 1

    def cheapest(self, strain: Strain) -> Call | None:
        """The lowest legal bid in `strain`, if any."""
        level = 1
        if self.last_bid is not None:
            assert self.last_bid.strain is not None
            level = self.last_bid.level + (1 if strain <= self.last_bid.strain else 0)
        return Call.bid(level, strain) if level <= 7 else None

    @property
    def level(self) -> int:
        """The level of the last bid (0 before any)."""
        return 0 if self.last_bid is None else self.last_bid.level

    # -- who did what -------------------------------------------------------------------------

    def actions(self, seat: Seat) -> list[Step]:
        """The seat's calls other than passes."""
        return [step for step in self.steps if step.seat == seat and step.call is not PASS]

    def side_actions(self, side: Side) -> list[Step]:
        return [step for step in self.steps if step.seat.side == side and step.call is not PASS]

    def calls_of(self, seat: Seat) -> list[Step]:
        return [step for step in self.steps if step.seat == seat]

    @property
    def opener(self) -> Seat | None:
        """The seat that made the first bid."""
        for step in self.steps:
            if step.call.is_bid:
                return step.seat
        return None

    @property
    def opening(self) -> Step | None:
        for step in self.steps:
            if step.call.is_bid:
                return step
        return None

    def key(self) -> tuple[str, ...]:
        """The names of the calls (other than passes) of the side to act, marked ``M:`` for the
        seat to act and ``P:`` for partner: the path a script follows."""
        me = self.to_act
        return tuple(
            ("M:" if step.seat == me else "P:") + step.rule.name
            for step in self.side_actions(me.side)
        )

    def last_action(self, seat: Seat) -> Step | None:
        actions = self.actions(seat)
        return actions[-1] if actions else None

    def their_actions(self) -> list[Step]:
        return self.side_actions(self.to_act.side.opponents)

    @property
    def contested(self) -> bool:
        """The opponents of the seat to act have made a call other than pass."""
        return bool(self.their_actions())

    def their_suits(self) -> tuple[Suit, ...]:
        """Suits the opponents have shown (three or more cards in one hand, or bid by name)."""
        found: set[Suit] = set()
        me = self.to_act
        for seat in (me.lho, me.rho):
            for suit in Suit:
                if self.known[seat].lengths[suit][0] >= 4:
                    found.add(suit)
        for step in self.their_actions():
            strain = step.call.strain
            if strain is not None and strain != Strain.NOTRUMP:
                suit = Suit(int(strain))
                if self.known[step.seat].lengths[suit][0] >= 3:
                    found.add(suit)
        return tuple(sorted(found))

    # -- the partnership ------------------------------------------------------------------------

    def agreed(self, side: Side) -> Strain | None:
        """The strain the side's calls have settled, if any (the latest)."""
        for step in reversed(self.side_actions(side)):
            if step.rule.agrees is not None:
                return step.rule.agrees
        return None

    def game_forcing(self, side: Side) -> bool:
        return any(step.forcing is Force.GAME for step in self.side_actions(side))

    @property
    def forced(self) -> bool:
        """The seat to act may not pass: partner's last call forces and the opponent in
        between passed, or the side is in a game force below game."""
        me = self.to_act
        if self.last_bidder is not None and self.last_bidder.side != me.side:
            return False
        if self.doubling:
            return False
        if self.game_forcing(me.side) and not self.game_reached():
            return True
        steps = self.steps
        if len(steps) >= 2 and steps[-2].seat == me.partner and steps[-1].call is PASS:
            return steps[-2].forcing >= Force.ONE_ROUND and steps[-2].call is not PASS
        return False

    def game_reached(self) -> bool:
        bid = self.last_bid
        if bid is None or bid.strain is None:
            return False
        return bid.level >= game_level(bid.strain)

    def vulnerable(self, side: Side) -> bool:
        return self.vulnerability.is_vulnerable(side)


def game_level(strain: Strain) -> int:
    """The lowest level that scores game: 3NT, 4♥/4♠, 5♣/5♦."""
    return {Strain.NOTRUMP: 3, Strain.HEARTS: 4, Strain.SPADES: 4}.get(strain, 5)
