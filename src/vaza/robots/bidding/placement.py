"""The general rules for every call the scripts do not cover: choose the strain, count the
partnership's points, bid what they are worth; in competition, the law of total tricks and
penalty doubles.

The seat to act adds its own points (with distribution, once the strain is known) to partner's
*expected* high-card points — the same public estimate partner makes of itself from the
auction (`estimate`).  With 24 or more (27 in a minor; one fewer when vulnerable) it bids
game, with two less it invites when partner's range leaves something to accept, with 31 it
asks for key cards (or bids 6NT).  A fit is eight cards between the hands counting what
partner has shown; no trump needs the opponents' suits stopped and no singleton (unless
partner bid no trump).  In competition the
side bids on to the level of its total trumps (eight cards: two level, nine: three), doubles the
opponents when it holds clearly more than half the points and has their suit, and sacrifices
at favourable vulnerability over the opponents' game with ten trumps.

Each possible decision is a rule whose ranges follow from its condition: "game" means points
plus partner's estimate reach the threshold, so it shows at least the threshold minus the
estimate minus three (distribution is capped at three points).
"""

from __future__ import annotations

from math import ceil, floor

from vaza.core.calls import Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.bidding.evaluate import DISTRIBUTION_CAP, GRAND_SLAM, SMALL_SLAM
from vaza.robots.bidding.facts import (
    GENERAL_LABEL,
    NT,
    PENALTY_POINTS,
    STRAINS,
    Facts,
    Plan,
    call_of,
    compete_length,
    facts,
    game_points_range,
)
from vaza.robots.bidding.judgement import plan_for
from vaza.robots.bidding.rules import Force, Rule, chooses, rule, suit_param
from vaza.robots.bidding.situation import Situation, game_level


def _shows(known: Facts, plan: Plan) -> tuple[tuple[int, int], dict[Suit, tuple[int, int]]]:
    """The ranges a plan's call shows (public): the high-card bounds its condition implies,
    and the length the strain choice needs."""
    estimate = known.estimate
    strain = plan.strain
    lengths: dict[Suit, tuple[int, int]] = {}
    if strain is not None and strain != NT and plan.kind != "explore":
        lengths[Suit(int(strain))] = (known.required(strain), 13)
    if plan.kind == "explore" and strain is not None and strain != NT:
        lengths[Suit(int(strain))] = (4, 13)
    cap = DISTRIBUTION_CAP
    if strain is None or strain == NT:
        cap = 1
    low, high = game_points_range(strain if strain is not None else NT)
    kind = plan.kind
    if kind == "game":
        return (floor(low - estimate - cap), 37), lengths
    if kind == "invite":
        return (floor(low - 2 - estimate - cap), ceil(high - 1 - estimate)), lengths
    if kind in ("keycard_ask", "slam"):
        return (floor(SMALL_SLAM - estimate - cap), 37), lengths
    if kind == "nt_small_slam":
        return (floor(SMALL_SLAM - estimate - 1), 37), lengths
    if kind == "nt_grand_slam":
        return (floor(GRAND_SLAM - estimate - 1), 37), lengths
    if kind == "part":
        return (0, ceil(high - estimate)), lengths
    if kind == "penalty_double":
        return _penalty_points(known), lengths
    if kind == "compete":
        assert strain is not None
        need = compete_length(known, strain) or 0
        return (floor(15 - estimate), 37), {Suit(int(strain)): (need, 13)}
    if kind == "sacrifice":
        return (0, ceil(19 - estimate)), lengths
    return (0, 37), lengths


def _penalty_points(known: Facts) -> tuple[int, int]:
    """The high-card points a penalty double shows."""
    last = known.situation.last_bid
    if last is not None and last.level >= 6:
        return (4, 37)  # an ace or two beat a slam (`beats_slam`)
    return (floor(PENALTY_POINTS - 2 - known.estimate), 37)


def _possible(known: Facts) -> list[Plan]:
    """Every plan `plan_for` can return here, decided from public facts alone, in the order
    their rules are listed (a call's main meaning is its first)."""
    situation = known.situation
    plans: list[Plan] = []
    suits = [strain for strain in STRAINS if strain != NT]
    if known.must_run:
        return [
            *(Plan("forced_bid", strain) for strain in STRAINS),
            *(Plan("explore", strain) for strain in suits),
            *(Plan("forced_game", strain) for strain in STRAINS),
            Plan("pass"),
        ]
    if situation.doubling and not known.takeout_doubled:
        return [Plan("pass")]
    if known.contested:
        plans += [Plan("game", strain) for strain in STRAINS]
        plans.append(Plan("penalty_double"))
        plans += [Plan("compete", strain) for strain in suits]
        last = situation.last_bid
        assert last is not None and last.strain is not None
        if last.level >= game_level(last.strain):
            plans += [Plan("sacrifice", strain) for strain in suits]
    else:
        if known.keycard_trump is not None and not known.keycards_asked:
            plans.append(Plan("keycard_ask", Strain(known.keycard_trump)))
        plans += [Plan("nt_small_slam"), Plan("nt_grand_slam")]
        plans += [Plan("slam", strain) for strain in suits]

        plans += [Plan("game", strain) for strain in STRAINS]
        if known.partner.hcp[1] - known.estimate >= 2:
            plans += [Plan("invite", strain) for strain in STRAINS]
        plans += [Plan("part", strain) for strain in STRAINS]
    if not known.contested or known.game_forcing:
        plans += [Plan("explore", strain) for strain in suits]
    if known.forced or known.game_forcing:
        plans += [Plan("forced_game", strain) for strain in STRAINS]
        plans += [Plan("forced_bid", strain) for strain in STRAINS]
    plans.append(Plan("pass"))
    return plans


def general_rules(situation: Situation) -> list[Rule]:
    """Every decision the general plan can make here, each as a rule whose test is "the plan
    for this hand is this one"."""
    known = facts(situation)
    cache: dict[int, Plan] = {}
    listed = [(plan, call_of(situation, plan)) for plan in _possible(known)]
    allowed = frozenset(plan for plan, call in listed if call is not None)

    def plan_of(hand: Hand) -> Plan:
        plan = cache.get(hand.mask)
        if plan is None:
            plan = plan_for(hand, known, allowed)
            cache[hand.mask] = plan
        return plan

    rules = []
    for plan, call in listed:
        if call is None:
            continue
        hcp, lengths = _shows(known, plan)
        agreeing = ("game", "invite", "keycard_ask", "slam")
        agrees = plan.strain if plan.kind in agreeing else None
        params = (suit_param(plan.strain),) if plan.strain is not None else ()
        forcing = Force.ONE_ROUND if plan.kind == "explore" and call.level <= 3 else Force.NONE
        if plan.kind == "keycard_ask":
            forcing = Force.ONE_ROUND
        rules.append(
            rule(call, hcp, f"{GENERAL_LABEL}{plan.kind}", chooses(plan_of, plan),
                 lengths=lengths, agrees=agrees, tag="rkcb" if plan.kind == "keycard_ask" else "",
                 params=params, forcing=forcing)
        )  # fmt: skip
    return rules
