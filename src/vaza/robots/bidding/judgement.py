"""The general rules' judgement: from a hand and the public facts, the plan to follow.

Constructive: choose the strain, add the hand's points to partner's expected points, bid a
slam (key cards first when the trump suit is known to both), game, an invitation, a partscore,
or look for the strain with a new suit.  In competition: our game, a penalty double when the
side holds clearly more than half the points and the opponents' suit, the law of total tricks,
a sacrifice at favourable vulnerability over the opponents' game.
"""

from __future__ import annotations

from vaza.core.calls import DOUBLE, Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.bidding.evaluate import (
    GRAND_SLAM,
    SMALL_SLAM,
    SUITS,
    beats_slam,
    suit_honours,
)
from vaza.robots.bidding.facts import (
    NT,
    PENALTY_POINTS,
    Facts,
    Plan,
    call_of,
    choose_strain,
    compete_length,
    strain_points,
)
from vaza.robots.bidding.situation import game_level


def plan_for(hand: Hand, known: Facts, allowed: frozenset[Plan] | None = None) -> Plan:
    """The decision for this hand, one of `allowed` (the plans listed as rules here); `_shows`
    states what each decision implies."""
    situation = known.situation
    plan = _decide(hand, known)
    if call_of(situation, plan) is None:
        plan = Plan("pass")
    if plan.kind == "pass" and (known.forced or known.game_forcing):
        plan = _must_bid(hand, known)
    if allowed is not None and plan not in allowed:
        plan = Plan("pass")
    return plan


def _decide(hand: Hand, known: Facts) -> Plan:
    situation = known.situation
    strain = choose_strain(hand, known)
    if known.must_run:
        return _must_bid(hand, known)
    if situation.doubling and not known.takeout_doubled:
        return Plan("pass")  # a double stands: ours for penalty, or theirs of a real contract
    if not known.ours_last and situation.last_bid is not None:
        return _competitive(hand, known, strain)
    if strain is None:
        return (
            _explore(hand, known, forced=False) if _has_game_values(hand, known) else Plan("pass")
        )
    return _constructive(hand, known, strain)


def _has_game_values(hand: Hand, known: Facts) -> bool:
    return hand.hcp + known.estimate >= known.game_points(NT)


def _slam(known: Facts, strain: Strain, combined: float) -> Plan | None:
    """A slam (or the keycard ask before it) where the points are there and a call says it."""
    situation = known.situation
    if strain == NT:
        if combined >= GRAND_SLAM and call_of(situation, Plan("nt_grand_slam")):
            return Plan("nt_grand_slam")
        if combined >= SMALL_SLAM and call_of(situation, Plan("nt_small_slam")):
            return Plan("nt_small_slam")
    elif combined >= SMALL_SLAM and not known.keycards_asked:
        asking = known.keycard_trump is not None and strain == Strain(known.keycard_trump)
        if asking and call_of(situation, Plan("keycard_ask", strain)) is not None:
            return Plan("keycard_ask", strain)
        if call_of(situation, Plan("slam", strain)) is not None:
            return Plan("slam", strain)
    return None


def _constructive(hand: Hand, known: Facts, strain: Strain) -> Plan:
    situation = known.situation
    combined = strain_points(hand, strain, known) + known.estimate
    game = known.game_points(strain)
    slam = _slam(known, strain, combined)
    if slam is not None:
        return slam
    five_card_major = _unshown_major(hand, known) if strain == NT else None
    if five_card_major is not None:
        return Plan("explore", Strain(five_card_major))
    current = situation.last_bid
    playing_it = current is not None and current.strain == strain and known.ours_last
    if combined >= game:
        if playing_it and current is not None and current.level >= game_level(strain):
            return Plan("pass")
        return Plan("game", strain)
    invited_already = playing_it and current is not None and current.level >= game_level(strain) - 1
    if (
        combined >= game - 2
        and known.partner.hcp[1] - known.estimate >= 2
        and call_of(situation, Plan("invite", strain)) is not None
        and not invited_already
    ):
        return Plan("invite", strain)
    if playing_it or _content(hand, known, combined, game):
        return Plan("pass")
    if (
        strain == NT
        and known.ours_last
        and (part_nt := situation.cheapest(NT))
        and part_nt.level > 1
    ):
        return _preference(hand, known)
    part = situation.cheapest(strain)
    if part is None or part.level > _safe_level(combined):
        return Plan("pass")
    if (
        known.ours_last
        and current is not None
        and current.level >= game_level(current.strain or NT)
    ):
        return Plan("pass")
    return Plan("part", strain)


def _preference(hand: Hand, known: Facts) -> Plan:
    """No game and no trump would need the two level: stay in partner's suit, or return to
    the one of partner's suits where the hands hold the most cards."""
    situation = known.situation
    current = situation.last_bid
    shown = [suit for suit in SUITS if known.partner_min(suit) >= 4]
    if current is None or current.strain in (None, NT) or not shown:
        return Plan("pass")
    best = max(shown, key=lambda suit: (hand.length(suit) + known.partner_min(suit), suit))
    if Strain(best) == current.strain or hand.length(best) < known.required(Strain(best)):
        return Plan("pass")
    bid = situation.cheapest(Strain(best))
    if bid is None or bid.level > 2:
        return Plan("pass")
    return Plan("part", Strain(best))


def _unshown_major(hand: Hand, known: Facts) -> Suit | None:
    """In a forcing auction heading for no trump, a five-card major not yet bid, which partner
    may support (a 5-3 fit plays better than no trump)."""
    situation = known.situation
    if not (known.game_forcing or known.forced) or known.agreed is not None:
        return None
    mine = {step.call.strain for step in situation.actions(situation.me)}
    for suit in (Suit.SPADES, Suit.HEARTS):
        bid = situation.cheapest(Strain(suit))
        if (
            hand.length(suit) >= 5
            and Strain(suit) not in mine
            and known.partner.lengths[suit][1] >= 3
            and suit not in situation.their_suits()
            and bid is not None
            and bid.level <= 3
        ):
            return suit
    return None


def _content(hand: Hand, known: Facts, combined: float, game: int) -> bool:
    """Partner's last bid is a partscore in a suit where the hands hold seven cards: no
    reason to move with no game in view."""
    current = known.situation.last_bid
    if not known.ours_last or current is None or current.strain in (None, NT):
        return False
    assert current.strain is not None
    suit = Suit(int(current.strain))
    return combined < game - 2 and hand.length(suit) + known.partner_min(suit) >= 7


def _safe_level(combined: float) -> int:
    return 1 if combined < 17 else 2 if combined < 22 else 3


def _explore(hand: Hand, known: Facts, forced: bool) -> Plan:
    """No strain yet with game values or a force: a new four-card suit, else no trump, else
    the longest suit."""
    situation = known.situation
    theirs = situation.their_suits()
    options = [
        suit
        for suit in SUITS
        if hand.length(suit) >= 4 and suit not in theirs and situation.cheapest(Strain(suit))
    ]
    if options:
        best = max(options, key=lambda suit: (hand.length(suit), -suit))
        call = situation.cheapest(Strain(best))
        if call is not None and call.level <= 3:
            return Plan("explore", Strain(best))
    if call_of(situation, Plan("game", NT)) is not None:
        return Plan("forced_game" if forced else "game", NT)
    ours = [suit for suit in SUITS if suit not in theirs and hand.length(suit) >= 4] or list(SUITS)
    longest = max(ours, key=lambda suit: (hand.length(suit), suit))
    return Plan("explore", Strain(longest))


def _must_bid(hand: Hand, known: Facts) -> Plan:
    """Partner forced, or the side is in a game force: never pass below game."""
    strain = choose_strain(hand, known)
    situation = known.situation
    if (
        known.game_forcing
        and strain is not None
        and call_of(situation, Plan("forced_game", strain)) is not None
    ):
        return Plan("forced_game", strain)
    if strain is not None and call_of(situation, Plan("forced_bid", strain)) is not None:
        return Plan("forced_bid", strain)
    plan = _explore(hand, known, forced=True)
    return plan if call_of(situation, plan) is not None else Plan("pass")


def _competitive(hand: Hand, known: Facts, strain: Strain | None) -> Plan:
    """The opponents hold the last bid."""
    situation = known.situation
    last = situation.last_bid
    assert last is not None and last.strain is not None
    combined_hcp = hand.hcp + known.estimate
    if strain is not None:
        combined = strain_points(hand, strain, known) + known.estimate
        if combined >= known.game_points(strain) and call_of(situation, Plan("game", strain)):
            return Plan("game", strain)
    if _penalty(hand, known, last, combined_hcp):
        return Plan("penalty_double")
    if strain is not None and strain != NT:
        suit = Suit(int(strain))
        trumps = hand.length(suit) + known.partner_expected(suit)
        bid = situation.cheapest(strain)
        if bid is not None and _sacrifice(known, last, trumps, bid, combined_hcp):
            return Plan("sacrifice", strain)
    compete = _total_tricks(hand, known, combined_hcp)
    return Plan("compete", compete) if compete is not None else Plan("pass")


def _total_tricks(hand: Hand, known: Facts, combined_hcp: float) -> Strain | None:
    if combined_hcp < 15:
        return None
    best: Strain | None = None
    for suit in SUITS:
        strain = Strain(suit)
        need = compete_length(known, strain)
        if need is None or hand.length(suit) < need:
            continue
        if best is None or hand.length(suit) + known.partner_expected(suit) > hand.length(
            Suit(int(best))
        ) + known.partner_expected(Suit(int(best))):
            best = strain
    return best


def _penalty(hand: Hand, known: Facts, last: Call, combined_hcp: float) -> bool:
    if not known.situation.is_legal(DOUBLE):
        return False
    assert last.strain is not None
    if beats_slam(hand, last.level, None if last.strain == NT else Suit(int(last.strain))):
        return True
    if last.strain == NT:
        return combined_hcp >= PENALTY_POINTS - (1 if last.level >= 3 else 0)
    trump = Suit(int(last.strain))
    situation = known.situation
    their_step = next(step for step in reversed(situation.steps) if step.call is last)
    ours = situation.me.side
    if their_step.shows.lengths[trump][0] < 3 or any(
        situation.known[seat].lengths[trump][0] >= 4 for seat in ours.seats
    ):
        return False  # a cue bid or an artificial bid: not a contract to defend
    length = hand.length(trump)
    if last.level >= game_level(last.strain):
        return combined_hcp >= PENALTY_POINTS + 1 and length >= 1
    if last.level >= 3:
        return combined_hcp >= PENALTY_POINTS and length >= 3
    return combined_hcp >= PENALTY_POINTS - 2 and length >= 4 and suit_honours(hand, trump) >= 2


def _sacrifice(known: Facts, last: Call, trumps: int, bid: Call, combined_hcp: float) -> bool:
    assert last.strain is not None
    situation = known.situation
    side = situation.me.side
    if last.level < game_level(last.strain) or combined_hcp > 19 or trumps < 10:
        return False
    we, they = situation.vulnerable(side), situation.vulnerable(side.opponents)
    if we and not they:
        return False
    allowed = trumps - 6 + (1 if (they and not we) else 0)
    return bid.level <= min(5, allowed)


# -- the rules --------------------------------------------------------------------------------
