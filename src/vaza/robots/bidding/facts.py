"""The public facts the general rules reason from, and the decisions they can make.

`Facts` holds what the seat to act may use in public: partner's shown ranges and expected
points (`estimate`), the agreed strain, whether partner forced.  A `Plan` is a decision (game
in hearts, invite in no trump, compete in spades ...); `call_of` turns it into a call without
looking at any hand, so the plan can be listed as a rule that every reader of the auction sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.calls import DOUBLE, PASS, Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.bidding.estimate import expected_points
from vaza.robots.bidding.evaluate import (
    GAME_POINTS,
    MINOR_GAME_POINTS,
    SUITS,
    fit_points,
    has_stopper,
    is_semi_balanced,
    length_points,
)
from vaza.robots.bidding.situation import Situation, game_level
from vaza.robots.constraints import HandConstraints

NT = Strain.NOTRUMP
STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, NT)
PENALTY_POINTS = 23
"""Combined high-card points that make a double of the opponents' contract for penalty."""
GENERAL_LABEL = "general_"
"""What the labels of the general rules' calls begin with (`placement.general_rules`): each
names a strain the side chose to play in, or a pass or double."""
_NATURAL_FIT = 7
"""Cards the side has shown in a suit between its two hands that make a bid of it natural:
doubled, it stays (a cue bid or a relay, doubled, is run from)."""


@dataclass(frozen=True, slots=True)
class Plan:
    kind: str
    strain: Strain | None = None


@dataclass(frozen=True, slots=True)
class Facts:
    """What the seat to act knows in public: partner's shown ranges and expected points."""

    situation: Situation
    partner: HandConstraints
    estimate: float
    agreed: Strain | None
    forced: bool
    game_forcing: bool
    keycards_asked: bool
    partner_bid_nt: bool
    ours_last: bool
    keycard_trump: Suit | None
    """The suit a 4NT ask would be about, known to both partners: the agreed suit, or else the
    suit partner has shown five of (none: slams are bid directly)."""
    must_run: bool
    """Our artificial bid was doubled, or our double redoubled: pass would leave the side in a
    contract nobody chose."""

    def partner_expected(self, suit: Suit) -> int:
        """Partner's likely length for competing: what was shown; three in a balanced hand;
        two in a suit partner has said nothing about."""
        low, high = self.partner.lengths[suit]
        typical = 3 if (high <= 5 and low >= 2) else 2
        return max(low, min(typical, high))

    @property
    def takeout_doubled(self) -> bool:
        """Our low suit bid was doubled: for takeout, so the auction goes on as if it had
        not been (a redouble aside) — until the doubler's partner passes the double, which
        leaves it for penalty (issue 49: 2♥ doubled, passed round, was "invited" to 3♥ and
        doubled again)."""
        situation = self.situation
        last = situation.last_bid
        return (
            self.ours_last
            and situation.doubling == 1
            and last is not None
            and last.level <= 2
            and last.strain != NT
            and not _double_left_in(situation)
        )

    @property
    def contested(self) -> bool:
        """The opponents hold the last bid."""
        return not self.ours_last and self.situation.last_bid is not None

    def partner_min(self, suit: Suit) -> int:
        return self.partner.lengths[suit][0]

    def required(self, strain: Strain) -> int:
        """The fewest cards in `strain` with which the plan may choose it."""
        if strain in (NT, self.agreed):
            return 0
        partner_min = self.partner_min(Suit(int(strain)))
        preference = 2 if partner_min >= 5 else 13
        return max(0, min(8 - partner_min, 5, preference))

    def game_points(self, strain: Strain) -> int:
        """Points for game in `strain`: one fewer when vulnerable (the game bonus is larger)."""
        low, high = game_points_range(strain)
        return low if self.situation.vulnerable(self.situation.me.side) else high


def game_points_range(strain: Strain) -> tuple[int, int]:
    """The game thresholds vulnerable and not: what a call shows is stated with both, so that
    reading an auction does not depend on the vulnerability."""
    base = MINOR_GAME_POINTS if strain in (Strain.CLUBS, Strain.DIAMONDS) else GAME_POINTS
    return (base - 1, base)


def facts(situation: Situation) -> Facts:
    me = situation.me
    side = me.side
    estimate = expected_points(situation.known)[me.partner]
    ours = situation.side_actions(side)
    last_bidder = situation.last_bidder
    agreed = situation.agreed(side)
    partner = situation.known[me.partner]
    keycard_trump: Suit | None = None
    if agreed is not None and agreed != NT:
        keycard_trump = Suit(int(agreed))
    elif agreed is None:
        longest = max(SUITS, key=lambda suit: (partner.lengths[suit][0], suit))
        if partner.lengths[longest][0] >= 5:
            keycard_trump = longest
    return Facts(
        situation=situation,
        partner=partner,
        estimate=estimate,
        agreed=agreed,
        forced=situation.forced,
        game_forcing=situation.game_forcing(side) and not situation.game_reached(),
        keycards_asked=any(step.rule.name == "rkcb" for step in ours),
        partner_bid_nt=any(
            step.seat == me.partner and step.call.strain == NT and step.call.is_bid for step in ours
        ),
        ours_last=last_bidder is not None and last_bidder.side == side,
        keycard_trump=keycard_trump,
        must_run=_must_run(situation),
    )


def _double_left_in(situation: Situation) -> bool:
    """The last double has been passed by the doubler's partner: it is for penalty now."""
    steps = situation.steps
    index = next((i for i in range(len(steps) - 1, -1, -1) if steps[i].call is DOUBLE), None)
    if index is None:
        return False
    doubler = steps[index].seat
    return any(step.seat == doubler.partner for step in steps[index + 1 :])


def _must_run(situation: Situation) -> bool:
    """Our double redoubled, or our artificial bid (a cue bid, a relay) doubled: a bid that
    shows under three cards, in a suit where the side has not shown seven between its hands,
    and not one the general rules chose to play in."""
    side = situation.me.side
    last = situation.last_bid
    if last is None or last.strain is None or not situation.doubling:
        return False
    bidder_side = situation.last_bidder.side if situation.last_bidder is not None else side
    if bidder_side != side:
        return situation.doubling == 2
    if last.strain == NT or situation.doubling != 1:
        return False
    suit = Suit(int(last.strain))
    bid_step = next(step for step in reversed(situation.steps) if step.call is last)
    bidder = bid_step.seat
    shown = (
        situation.known[bidder].lengths[suit][0] + situation.known[bidder.partner].lengths[suit][0]
    )
    placed = bid_step.rule.label.startswith(GENERAL_LABEL)  # a strain chosen to play in
    return not placed and bid_step.shows.lengths[suit][0] < 3 and shown < _NATURAL_FIT


def strain_points(hand: Hand, strain: Strain, known: Facts) -> int:
    """The hand's points for `strain`: shortness counts only once partner has shown trumps
    (a fit, or an agreed suit); one's own long suit counts its length."""
    if strain == NT:
        return hand.hcp + (1 if max(hand.shape) >= 5 else 0)
    suit = Suit(int(strain))
    if known.agreed == strain or hand.length(suit) + known.partner_min(suit) >= 8:
        return fit_points(hand, suit)
    return hand.hcp + length_points(hand)


def notrump_ok(hand: Hand, known: Facts) -> bool:
    """No trump: the opponents' suits stopped and no singleton (unless partner bid no trump).
    Unbid suits are not required to be stopped: measured against double-dummy results,
    insisting on it sent the robots to worse minor-suit contracts more often than it saved
    a no-trump game."""
    theirs = known.situation.their_suits()
    stopped = all(has_stopper(hand, suit) for suit in theirs) or (
        known.partner_bid_nt and len(theirs) <= 1
    )
    shape = is_semi_balanced(hand) or (known.partner_bid_nt and min(hand.shape) >= 1)
    return stopped and shape


def choose_strain(hand: Hand, known: Facts) -> Strain | None:
    """Where the partnership should play, as far as this hand can tell."""
    if known.agreed is not None:
        return known.agreed
    fits = [
        Strain(suit)
        for suit in SUITS
        if hand.length(suit) + known.partner_min(suit) >= 8
        and hand.length(suit) >= known.required(Strain(suit))
    ]

    def total(strain: Strain) -> int:
        suit = Suit(int(strain))
        return hand.length(suit) + known.partner_min(suit)

    majors = [strain for strain in fits if strain in (Strain.HEARTS, Strain.SPADES)]
    if majors:
        return max(majors, key=lambda strain: (total(strain), strain))
    long_majors = [
        Strain(suit)
        for suit in (Suit.HEARTS, Suit.SPADES)
        if hand.length(suit) >= 6 and known.partner.lengths[suit][1] >= 2
    ]
    if long_majors and (known.partner_bid_nt or not is_semi_balanced(hand)):
        # An unbalanced hand's six-card major plays better than partner's no trump (issue 18:
        # 2NT passed with seven hearts and a singleton, 4♥ making), and so does a balanced
        # hand's opposite partner's no trump (1♣–1♥–1NT–3NT failing, 4♥ making).
        return max(long_majors, key=lambda strain: (hand.length(Suit(int(strain))), strain))
    notrump = notrump_ok(hand, known)
    if fits:
        return NT if notrump else max(fits, key=lambda strain: (total(strain), strain))
    if notrump:
        return NT
    long_suits = [Strain(suit) for suit in SUITS if hand.length(suit) >= 6]
    if long_suits:
        return max(long_suits, key=lambda strain: (hand.length(Suit(int(strain))), strain))
    preferences = [
        Strain(suit) for suit in SUITS if known.partner_min(suit) >= 5 and hand.length(suit) >= 2
    ]
    if preferences:
        return max(preferences, key=lambda strain: (known.partner_min(Suit(int(strain))), strain))
    if not is_semi_balanced(hand):
        theirs = known.situation.their_suits()
        five = [Strain(suit) for suit in SUITS if hand.length(suit) >= 5 and suit not in theirs]
        if five:
            return max(five, key=lambda strain: (hand.length(Suit(int(strain))), strain))
    return None


# -- the calls each kind of decision makes ----------------------------------------------------


def call_of(situation: Situation, plan: Plan) -> Call | None:
    """The call a plan makes, or None when it cannot be made here (public: no hand needed)."""
    kind, strain = plan.kind, plan.strain
    candidate: Call | None
    if kind == "pass":
        return PASS
    if kind == "penalty_double":
        return DOUBLE if situation.is_legal(DOUBLE) else None
    if kind == "keycard_ask":
        candidate = Call.bid(4, NT)
    elif kind == "nt_small_slam":
        candidate = Call.bid(6, NT)
    elif kind == "nt_grand_slam":
        candidate = Call.bid(7, NT)
    elif strain is None:
        return None
    elif kind in ("game", "forced_game"):
        candidate = Call.bid(game_level(strain), strain)
    elif kind == "slam":
        candidate = Call.bid(6, strain)

    elif kind == "invite":
        candidate = Call.bid(game_level(strain) - 1, strain)
    else:  # part, compete, sacrifice, explore, forced_bid
        candidate = situation.cheapest(strain)
        if candidate is not None and strain == NT and candidate.level > 2:
            return None  # no trump above two is game or slam, bid by those plans
    if candidate is None or not situation.is_legal(candidate):
        return None
    return candidate


def compete_length(known: Facts, strain: Strain) -> int | None:
    """The trumps this hand needs to compete in `strain` by the law of total tricks (as many
    trumps between the hands as tricks contracted for), or None when it may not."""
    bid = known.situation.cheapest(strain)
    if bid is None or bid.level > 4 or strain == NT:
        return None
    suit = Suit(int(strain))
    if suit in known.situation.their_suits():
        return None
    return max(
        5 if known.partner_min(suit) < 3 else 1, bid.level + 6 - known.partner_expected(suit)
    )
