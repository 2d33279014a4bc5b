"""After a no-trump opening or rebid: Stayman, Jacoby transfers, the no-trump ladder.

One structure serves 1NT (15–17, responses from the two level), 2NT (20–21) and 2♣–2♦–2NT
(22–24), both from the three level.  Responder counts the points the partnership needs — 25 for
game, 33 for a small slam, 37 for a grand — against the opener's range: with 1NT that gives the
familiar 8–9 invite, 10–15 game, 16–17 quantitative 4NT, 18–21 6NT.

- Stayman (2♣ / 3♣): a four-card major and invitational values; with 5-4 in the majors and
  invitational values Stayman too, the five-card suit shown later.
- Transfers (2♦ → ♥, 2♥ → ♠; 3♦/3♥ over 2NT): five or more cards, any strength.  Opener
  completes, or with the top of the range and four trumps jumps (super-accept, over 1NT only).
- 2♠ over 1NT: a weak hand with six or more clubs or diamonds: opener bids 3♣, responder passes
  or corrects to 3♦.
"""

from __future__ import annotations

from dataclasses import dataclass

from vaza.core.calls import PASS, Call, Strain
from vaza.core.cards import Hand, Suit
from vaza.robots.bidding.evaluate import fit_points
from vaza.robots.bidding.rules import Force, Rule, chooses, rule, suit_param
from vaza.robots.bidding.situation import Situation, Step
from vaza.robots.bidding.slam import ask_rule

GAME = 25
NT_SLAM = 33
NT_GRAND = 37
"""The no-trump structure keeps the textbook totals (25 game, 33 small slam, 37 grand), which
give the familiar responses to 1NT; measured against double-dummy par they did as well as the
general rules' lower totals."""
_H: Suit = Suit.HEARTS
_S: Suit = Suit.SPADES
_D: Suit = Suit.DIAMONDS
_C: Suit = Suit.CLUBS
NT_ANCHORS = {"open_1nt": (15, 17, 2), "open_2nt": (20, 21, 3), "rebid_2nt_2c": (22, 24, 3)}
"""The calls that start the structure: opener's range and the level responses start from."""


@dataclass(frozen=True, slots=True)
class Notrump:
    """Where a no-trump structure stands: opener's range and the responses' base level."""

    low: int
    high: int
    base: int

    @property
    def invite(self) -> tuple[int, int]:
        return (GAME - self.high, GAME - self.low - 1)

    @property
    def game(self) -> tuple[int, int]:
        return (GAME - self.low, NT_SLAM - self.high - 1)

    @property
    def game_low(self) -> int:
        """The fewest points that bid game: from three level up there is no room to invite, so
        an invitational hand bids game."""
        return self.game[0] if self.base == 2 else self.invite[0]

    @property
    def quantitative(self) -> tuple[int, int]:
        return (NT_SLAM - self.high, NT_SLAM - self.low - 1)

    @property
    def small_slam(self) -> tuple[int, int]:
        return (NT_SLAM - self.low, NT_GRAND - self.low - 1)

    @property
    def grand_slam(self) -> tuple[int, int]:
        return (NT_GRAND - self.low, 37)

    def bid(self, offset: int, strain: Strain) -> Call:
        """A bid `offset` levels above the base: 0 is 2♣ over 1NT, 3♣ over 2NT."""
        return Call.bid(self.base + offset, strain)


def _major_lengths(hand: Hand) -> tuple[int, int]:
    return hand.length(_H), hand.length(_S)


def _wants_stayman(hand: Hand) -> bool:
    hearts, spades = _major_lengths(hand)
    if max(hearts, spades) < 4 or max(hearts, spades) > 5:
        return False
    return not (max(hearts, spades) == 5 and min(hearts, spades) < 4)


def _transfer_suit(hand: Hand) -> Suit | None:
    hearts, spades = _major_lengths(hand)
    if max(hearts, spades) < 5:
        return None
    return _S if spades >= hearts else _H


def _ladder(nt: Notrump, majors: tuple[int, int], tag_prefix: str = "nt") -> list[Rule]:
    """No-trump raises by points: invite, game, quantitative, small and grand slam."""
    lengths = {_H: majors, _S: majors}
    rules = [
        rule(Call.bid(7, Strain.NOTRUMP), nt.grand_slam, "nt_grand", lengths=lengths,
             tag=f"{tag_prefix}_slam"),
        rule(Call.bid(6, Strain.NOTRUMP), nt.small_slam, "nt_small_slam", lengths=lengths,
             tag=f"{tag_prefix}_slam"),
        rule(Call.bid(4, Strain.NOTRUMP), nt.quantitative, "nt_quantitative", lengths=lengths,
             tag="nt_quantitative"),
        rule(Call.bid(3, Strain.NOTRUMP), (nt.game_low, nt.game[1]), "nt_game", lengths=lengths,
             tag=f"{tag_prefix}_game"),
    ]  # fmt: skip
    if nt.base == 2:
        rules.append(
            rule("2NT", nt.invite, "nt_invite", lengths=lengths, tag=f"{tag_prefix}_invite")
        )
    return rules


def responses(nt: Notrump) -> list[Rule]:
    """Responder's first call over the no-trump bid."""
    invite_low = nt.invite[0]
    rules = [
        rule(nt.bid(0, Strain.CLUBS), (invite_low, 37), "stayman", _wants_stayman,
             lengths={_H: (0, 5), _S: (0, 5)}, forcing=Force.ONE_ROUND, tag="stayman"),
    ]  # fmt: skip
    for major, via in ((_S, Strain.HEARTS), (_H, Strain.DIAMONDS)):
        rules.append(
            rule(nt.bid(0, via), (0, 37), "transfer",
                 chooses(_transfer_suit, major),
                 lengths={major: (5, 13)}, forcing=Force.ONE_ROUND, tag="transfer",
                 params=(suit_param(major),))
        )  # fmt: skip
    if nt.base == 2:
        rules.append(
            rule("2S", (0, invite_low - 1), "minor_transfer",
                 lambda hand: max(hand.length(_C), hand.length(_D)) >= 6,
                 lengths={_H: (0, 4), _S: (0, 4)}, forcing=Force.ONE_ROUND, tag="minor_transfer")
        )  # fmt: skip
    rules += _ladder(nt, (0, 3))
    rules.append(rule(PASS, (0, invite_low - 1), "nt_pass", lengths={_H: (0, 4), _S: (0, 4)}))
    return rules


def stayman_answers(nt: Notrump) -> list[Rule]:
    return [
        rule(nt.bid(0, Strain.HEARTS), (0, 37), "stayman_hearts", lengths={_H: (4, 5)},
             tag="stayman_hearts"),
        rule(nt.bid(0, Strain.SPADES), (0, 37), "stayman_spades",
             lengths={_S: (4, 5), _H: (2, 3)}, tag="stayman_spades"),
        rule(nt.bid(0, Strain.DIAMONDS), (0, 37), "stayman_none",
             lengths={_H: (2, 3), _S: (2, 3)}, tag="stayman_none"),
    ]  # fmt: skip


def after_stayman(nt: Notrump, answer: str, situation: Situation) -> list[Rule]:
    """Responder, having asked: raise a fit by points, show a five-card major, or no trump."""
    fit = {"stayman_hearts": _H, "stayman_spades": _S}.get(answer)
    rules: list[Rule] = []
    if fit is not None:
        rules.append(ask_rule(situation, fit))
        trump = Strain(fit)
        rules.append(
            rule(Call.bid(4, trump), (nt.game_low - 3, 37), "fit_game",
                 lambda hand: hand.length(fit) >= 4 and fit_points(hand, fit) >= nt.game_low,
                 lengths={fit: (4, 5)}, agrees=trump, tag="fit_game", params=(suit_param(fit),))
        )  # fmt: skip
        if nt.base == 2:
            rules.append(
                rule(Call.bid(3, trump), (nt.invite[0] - 3, nt.invite[1]), "fit_invite",
                     lambda hand: hand.length(fit) >= 4 and fit_points(hand, fit) < nt.game[0],
                     lengths={fit: (4, 5)}, agrees=trump, tag="fit_invite",
                     params=(suit_param(fit),))
            )  # fmt: skip
    for major in (_S, _H):
        if fit is None or fit != major:
            rules.append(
                rule(nt.bid(1, Strain(major)), (nt.game_low, 37), "five_card_major_game",
                     lengths={major: (5, 5)}, forcing=Force.GAME, tag="stayman_five",
                     params=(suit_param(major),))
            )  # fmt: skip
    if nt.base == 2 and answer == "stayman_none":
        rules.append(
            rule("2S", nt.invite, "five_spades_invite", lambda hand: hand.length(_S) == 5,
                 lengths={_S: (5, 5)}, tag="stayman_five_invite", params=(suit_param(_S),))
        )  # fmt: skip
    lengths = {} if fit is None else {fit: (0, 3)}
    ladder = _ladder(nt, (0, 5), "stayman_nt")
    rules += [rule(r.call, r.shows.hcp, r.label, lengths=lengths, tag=r.tag) for r in ladder]
    rules.append(rule(PASS, (0, nt.invite[0] - 1), "nt_pass"))
    return rules


def opener_after_stayman(nt: Notrump, answer: str, situation: Situation) -> list[Rule]:
    """Opener, after responder's call over the Stayman answer."""
    last = situation.steps[-2].rule
    partner_shown_spades = answer == "stayman_hearts"
    maximum = (nt.high - 1, nt.high)
    minimum = (nt.low, nt.high - 2) if nt.high - nt.low >= 2 else (nt.low, nt.low)
    rules: list[Rule] = []
    if last.name in ("stayman_nt_invite", "stayman_nt_game") and partner_shown_spades:
        if last.name == "stayman_nt_invite":
            rules.append(
                rule("4S", maximum, "fit_game", lengths={_S: (4, 5)}, agrees=Strain.SPADES)
            )
            rules.append(
                rule("3S", minimum, "fit_signoff", lengths={_S: (4, 5)}, agrees=Strain.SPADES)
            )
            rules.append(rule("3NT", maximum, "nt_accept"))
        else:
            rules.append(
                rule("4S", (0, 37), "fit_game", lengths={_S: (4, 5)}, agrees=Strain.SPADES)
            )
    elif last.name == "stayman_nt_invite":
        rules.append(rule("3NT", maximum, "nt_accept"))
    elif last.name == "fit_invite":
        assert last.agrees is not None
        rules.append(rule(Call.bid(4, last.agrees), maximum, "invite_accept"))
    elif last.name == "stayman_five":
        major = Suit(int(situation.steps[-2].call.strain or 0))
        rules.append(
            rule(
                Call.bid(4, Strain(major)),
                (0, 37),
                "fit_game",
                lengths={major: (3, 5)},
                agrees=Strain(major),
                params=(suit_param(major),),
            )
        )
        rules.append(rule("3NT", (0, 37), "nt_game", lengths={major: (2, 2)}))
    elif last.name == "stayman_five_invite":
        rules.append(rule("4S", maximum, "fit_game", lengths={_S: (3, 5)}, agrees=Strain.SPADES))
        rules.append(rule("3S", minimum, "fit_signoff", lengths={_S: (3, 5)}, agrees=Strain.SPADES))
        rules.append(rule("3NT", maximum, "nt_accept", lengths={_S: (2, 2)}))
    elif last.name == "nt_quantitative":
        rules.append(rule("6NT", maximum, "nt_accept"))
    else:
        return []
    rules.append(rule(PASS, (0, 37), "nt_pass"))
    return rules  # fmt: skip


def transfer_completions(nt: Notrump, major: Suit) -> list[Rule]:
    strain = Strain(major)
    rules = []
    if nt.base == 2:
        rules.append(
            rule(Call.bid(3, strain), (nt.high, nt.high), "super_accept",
                 lengths={major: (4, 5)}, agrees=strain, tag="super_accept",
                 params=(suit_param(major),))
        )  # fmt: skip
    rules.append(
        rule(Call.bid(nt.base, strain), (0, 37), "transfer_accept", lengths={major: (2, 5)},
             tag="transfer_accept", params=(suit_param(major),))
    )  # fmt: skip
    return rules


def after_transfer(nt: Notrump, major: Suit, accepted: str, situation: Situation) -> list[Rule]:
    """Responder once the transfer is completed: pass, invite or bid game, five or six cards."""
    strain = Strain(major)
    low = nt.high if accepted == "super_accept" else nt.low
    high = nt.high
    game_from = GAME - low
    invite_from = GAME - high
    rules = [
        ask_rule(situation, major, min_length=6),
        rule("6NT", (NT_SLAM - low, 37), "nt_small_slam", lengths={major: (5, 5)}, tag="nt_slam"),
    ]
    six = {major: (6, 13)}
    five = {major: (5, 5)}

    def points(hand: Hand) -> int:
        return fit_points(hand, major if hand.length(major) >= 6 else None)

    rules += [
        rule(Call.bid(4, strain), (game_from - 3, 37), "transfer_game",
             lambda hand: points(hand) >= game_from, lengths=six, agrees=strain,
             tag="transfer_game", params=(suit_param(major),)),
        rule("3NT", (game_from - 1, 37), "transfer_nt_game",
             lambda hand: points(hand) >= game_from, lengths=five, tag="transfer_nt_game",
             params=(suit_param(major),)),
    ]  # fmt: skip
    if accepted != "super_accept" and nt.base == 2:
        rules += [
            rule(Call.bid(3, strain), (invite_from - 3, game_from), "transfer_invite",
                 lambda hand: points(hand) >= invite_from, lengths=six, agrees=strain,
                 tag="transfer_invite", params=(suit_param(major),)),
            rule("2NT", (invite_from - 1, game_from), "transfer_nt_invite",
                 lambda hand: points(hand) >= invite_from, lengths=five,
                 tag="transfer_nt_invite", params=(suit_param(major),)),
        ]  # fmt: skip
    rules.append(rule(PASS, (0, game_from), "transfer_pass", lengths={major: (5, 13)}))
    return rules


def opener_after_transfer(nt: Notrump, major: Suit, situation: Situation) -> list[Rule]:
    last = situation.steps[-2].rule.name
    strain = Strain(major)
    maximum = (nt.high - 1, nt.high)
    game = Call.bid(4, strain)
    if last == "transfer_invite":
        return [
            rule(game, maximum, "invite_accept", agrees=strain),
            rule(PASS, _minimum(nt), "nt_pass"),
        ]
    if last == "transfer_nt_invite":
        return [
            rule(game, maximum, "fit_game", lengths={major: (3, 5)}, agrees=strain),
            rule("3NT", maximum, "nt_accept", lengths={major: (2, 2)}),
            rule(Call.bid(3, strain), _minimum(nt), "fit_signoff", lengths={major: (3, 5)},
                 agrees=strain),
            rule(PASS, _minimum(nt), "nt_pass", lengths={major: (2, 2)}),
        ]  # fmt: skip
    if last == "transfer_nt_game":
        return [
            rule(game, (0, 37), "fit_game", lengths={major: (3, 5)}, agrees=strain),
            rule(PASS, (0, 37), "nt_pass", lengths={major: (2, 2)}),
        ]
    return []


def _minimum(nt: Notrump) -> tuple[int, int]:
    """Opener's range once it declines an invitation (the top two points accept)."""
    return (nt.low, max(nt.low, nt.high - 2))


def _minor_relay() -> list[Rule]:
    return [rule("3C", (0, 37), "relay_clubs", forcing=Force.ONE_ROUND, tag="relay_clubs")]


def _after_relay() -> list[Rule]:
    return [
        rule("3D", (0, 7), "minor_signoff", lambda hand: hand.length(_D) > hand.length(_C),
             lengths={_D: (6, 13)}, params=(suit_param(_D),)),
        rule(PASS, (0, 7), "minor_signoff", lengths={_C: (6, 13)}, params=(suit_param(_C),)),
        rule(PASS, (0, 37), "nt_pass"),
    ]  # fmt: skip


def structure(situation: Situation) -> list[Rule] | None:
    """The rules for the side to act inside a no-trump structure, or None outside one (the
    opponents bid after the no-trump call, or the auction left the script)."""
    key = situation.key()
    anchor = next((i for i, name in enumerate(key) if name[2:] in NT_ANCHORS), None)
    if anchor is None:
        return None
    anchor_name = key[anchor][2:]
    nt = Notrump(*NT_ANCHORS[anchor_name])
    after_anchor = _steps_after_anchor(situation, anchor_name)
    if after_anchor is None or _opponents_bid_since(situation, after_anchor):
        return None
    path = tuple(name[2:] for name in key[anchor + 1 :])
    opener_is_me = key[anchor].startswith("M:")
    return _scripted(nt, path, opener_is_me, situation)


def _steps_after_anchor(situation: Situation, anchor_name: str) -> int | None:
    for index, step in enumerate(situation.steps):
        if step.rule.name == anchor_name and step.seat.side == situation.to_act.side:
            return index
    return None


def _opponents_bid_since(situation: Situation, index: int) -> bool:
    side = situation.to_act.side
    return any(step.call.is_bid and step.seat.side != side for step in situation.steps[index + 1 :])


def _scripted(
    nt: Notrump, path: tuple[str, ...], opener_is_me: bool, situation: Situation
) -> list[Rule] | None:
    if not path:
        return None if opener_is_me else responses(nt)
    first = path[0]
    if first == "stayman":
        return _stayman_script(nt, path, opener_is_me, situation)
    if first == "transfer":
        transfer_step = situation.actions(situation.me if not opener_is_me else situation.partner)
        major = _transferred_suit(transfer_step)
        if len(path) == 1 and opener_is_me:
            return transfer_completions(nt, major)
        if len(path) == 2 and not opener_is_me:
            return after_transfer(nt, major, path[1], situation)
        if len(path) == 3 and opener_is_me:
            return opener_after_transfer(nt, major, situation) or None
        return None
    if first == "minor_transfer":
        if len(path) == 1 and opener_is_me:
            return _minor_relay()
        if len(path) == 2 and not opener_is_me:
            return _after_relay()
        return None
    if len(path) == 1 and opener_is_me:
        return _opener_after_natural(nt, first, situation)
    return None


def _stayman_script(
    nt: Notrump, path: tuple[str, ...], opener_is_me: bool, situation: Situation
) -> list[Rule] | None:
    """The rules after Stayman: opener's answer, responder's next call, opener's rebid."""
    if len(path) == 1 and opener_is_me:
        return stayman_answers(nt)
    if len(path) == 2 and not opener_is_me:
        return after_stayman(nt, path[1], situation)
    if len(path) == 3 and opener_is_me:
        return opener_after_stayman(nt, path[1], situation) or None
    return None


def _transferred_suit(steps: list[Step]) -> Suit:
    for step in steps:
        if step.rule.name == "transfer":
            return _H if step.call.strain == Strain.DIAMONDS else _S
    return _S


def _opener_after_natural(nt: Notrump, name: str, situation: Situation) -> list[Rule] | None:
    maximum = (nt.high - 1, nt.high)
    if name == "nt_invite":
        return [rule("3NT", maximum, "nt_accept"), rule(PASS, _minimum(nt), "nt_pass")]
    if name == "nt_quantitative":
        return [rule("6NT", maximum, "nt_accept"), rule(PASS, _minimum(nt), "nt_pass")]
    if name in ("nt_game", "nt_slam"):
        return [rule(PASS, (0, 37), "nt_pass")]
    return None
