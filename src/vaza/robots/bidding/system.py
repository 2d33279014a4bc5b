"""The system in one place: for any auction position, the list of rules that apply.

`candidates(situation)` is the single source of meaning.  The bidder takes the first rule that
fits its hand; the reader of an auction (partner, opponents, the table's explanations) takes
every rule bidding the call that was made.  The position decides which part of the system
speaks: the opening table, a no-trump structure, responses and rebids, competition, key-card
asks — and, where no script applies, the general placement rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from vaza.core.calls import DOUBLE, PASS, Call, Strain
from vaza.core.cards import Suit
from vaza.robots.bidding import contested, notrump, overcalls, rebids, responses, slam, twos
from vaza.robots.bidding.openings import opening_rules
from vaza.robots.bidding.placement import general_rules
from vaza.robots.bidding.rules import NATURAL_UNKNOWN, Meaning, Rule, hull, rule, suit_param
from vaza.robots.bidding.situation import Situation, Step


def candidates(situation: Situation) -> list[Rule]:
    """The rules of this position, in order of preference, legal and self-consistent."""
    return [
        candidate
        for candidate in _rules(situation)
        if candidate.shows.consistent and situation.is_legal(candidate.call)
    ]


def read_call(situation: Situation, call: Call, rules: Sequence[Rule] | None = None) -> Step:
    """How the system reads `call` made in `situation`: every meaning it has there, together
    (a call off the system is read naturally).  `rules` saves working out the candidates
    again when the caller has them."""
    if rules is None:
        rules = candidates(situation)
    matching = [candidate for candidate in rules if candidate.call is call]
    if not matching:
        matching = [_natural(call)]
    meanings: list[Meaning] = []
    for item in matching:
        if (item.label, item.params) not in meanings:
            meanings.append((item.label, item.params))
    return Step(
        situation.to_act,
        call,
        matching[0],
        hull(item.shows for item in matching),
        tuple(meanings),
        max(item.forcing for item in matching),
    )


def _natural(call: Call) -> Rule:
    strain = call.strain
    if strain is None or strain == Strain.NOTRUMP:
        return rule(call, (0, 37), NATURAL_UNKNOWN, tag=NATURAL_UNKNOWN)
    suit = Suit(int(strain))
    return rule(call, (0, 37), NATURAL_UNKNOWN, lengths={suit: (4, 13)}, tag=NATURAL_UNKNOWN,
                params=(suit_param(suit),))  # fmt: skip


def _uncontested_since(situation: Situation, index: int) -> bool:
    side = situation.to_act.side
    return all(step.call is PASS for step in situation.steps[index + 1 :] if step.seat.side != side)


def _first_turn_since(situation: Situation, name: str) -> bool:
    """The seat to act has not called since partner's last call named `name`: a takeout
    double forces one answer, not one every round (issue 49: a passed hand, having passed
    twice, "advanced" partner's double with 4♠ over their 4♥)."""
    me, steps = situation.me, situation.steps
    index = max(
        (i for i, step in enumerate(steps) if step.seat == me.partner and step.rule.name == name),
        default=-1,
    )
    return all(step.seat != me for step in steps[index + 1 :])


def _index_of(situation: Situation, step: Step) -> int:
    return next(i for i, item in enumerate(situation.steps) if item is step)


def _rules(situation: Situation) -> list[Rule]:
    if situation.last_bid is None:
        return opening_rules(situation)
    scripted = _keycards(situation)
    if scripted is None:
        scripted = notrump.structure(situation)
    if scripted is None:
        scripted = _scripts(situation)
    return scripted if scripted is not None else general_rules(situation)


def _keycards(situation: Situation) -> list[Rule] | None:
    me, steps = situation.me, situation.steps
    if len(steps) < 2 or steps[-1].call.is_bid or steps[-1].call is DOUBLE:
        return None
    asked = steps[-2]
    trump = situation.agreed(me.side)
    if trump is None or trump == Strain.NOTRUMP:
        return None
    if asked.seat == me.partner and asked.rule.name == "rkcb":
        return slam.answer_rules(Suit(int(trump)))
    if (
        asked.seat == me.partner
        and asked.rule.name == "rkcb_answer"
        and len(steps) >= 4
        and steps[-4].seat == me
        and steps[-4].rule.name == "rkcb"
    ):
        return slam.placement_rules(situation, Suit(int(trump)))
    return None


def _scripts(situation: Situation) -> list[Rule] | None:
    key = situation.key()
    if not key:
        return overcalls.entry_rules(situation)
    opener = situation.opening
    assert opener is not None
    if opener.seat.side == situation.me.side:
        return _opening_side(situation, key, opener)
    if key == ("P:overcall",):
        suit = opener_suit(situation.last_action(situation.partner))
        return overcalls.advance_overcall(situation, suit) if suit is not None else None
    if key == ("P:takeout_double",) and _first_turn_since(situation, "takeout_double"):
        return overcalls.advance_double(situation)
    return None


def opener_suit(step: Step | None) -> Suit | None:
    """The suit a natural suit bid names (None for no trump, pass, double)."""
    if step is None or step.call.strain is None or step.call.strain == Strain.NOTRUMP:
        return None
    return Suit(int(step.call.strain))


def _reopening_seat(situation: Situation) -> bool:
    """Opener, after left-hand opponent's overcall and two passes."""
    steps = situation.steps
    return (
        len(steps) >= 3
        and steps[-1].call is PASS
        and steps[-2].call is PASS
        and steps[-3].call.is_bid
        and steps[-3].seat == situation.me.lho
        and situation.actions(situation.me.partner) == []
    )


def _opening_side(situation: Situation, key: tuple[str, ...], opener: Step) -> list[Rule] | None:
    opened = opener_suit(opener)
    index = _index_of(situation, opener)
    quiet = _uncontested_since(situation, index)
    last = situation.steps[-1]
    passed_hand = situation.known[situation.me].hcp[1] <= 14 and any(
        step.call is PASS for step in situation.calls_of(situation.me)
    )
    if key == ("P:open_suit",) and opened is not None:
        if quiet:
            return responses.responses_to_suit(opened, passed_hand)
        if last.call is DOUBLE and last.seat == situation.me.rho:
            return contested.after_takeout_double(opened, passed_hand)
        if last.call.is_bid and last.seat == situation.me.rho:
            return contested.after_overcall(situation, opened)
        return None
    if len(key) == 2 and key[0] == "M:open_suit" and key[1].startswith("P:") and opened is not None:
        response = situation.last_action(situation.partner)
        assert response is not None
        if key[1] == "P:negative_double":
            return contested.opener_after_negative_double(situation, opened)
        if last.call in (PASS, DOUBLE) and situation.steps[-2] is response:
            return rebids.opener_rebids(situation, opened, response)
        return None
    if key == ("M:open_suit",) and opened is not None and _reopening_seat(situation):
        return contested.reopening(situation, opened)
    if key == ("P:open_suit", "P:reopening_double") and opened is not None and last.call is PASS:
        return contested.after_reopening(situation, opened)
    return _twos(situation, key, opened) if quiet else None


def _twos(situation: Situation, key: tuple[str, ...], opened: Suit | None) -> list[Rule] | None:
    """The scripts after our uncontested 2♣ or weak two."""
    if key == ("P:open_2c",):
        return twos.two_clubs_responses()
    if key == ("M:open_2c", "P:two_clubs_waiting"):
        return twos.two_clubs_rebids()
    if key == ("P:weak_two",) and opened is not None:
        return twos.weak_two_responses(situation, opened)
    if (
        len(key) == 2
        and key[0] == "M:weak_two"
        and opened is not None
        and key[1] in ("P:weak_two_ask", "P:weak_two_new_suit")
    ):
        return twos.weak_two_rebids(situation, opened, key[1][2:])
    if key[:3] == ("P:weak_two", "M:weak_two_ask", "P:weak_two_answer") and len(key) == 3:
        assert opened is not None
        return twos.weak_two_asker(situation, opened)
    return None
