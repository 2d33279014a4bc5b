"""The pinned release's check (`vaza bench baseline`): the reference robot repeats, through the
robot protocol, the decisions the strong robots made when they were frozen for issue 18.

The reference every robot is measured against is a release of Vaza itself: the commit the
robots were frozen at, plus the robot protocol's version 2 (`scripts/baseline/`), installed
apart by `scripts/install-baseline.sh` and seated as a program (`vaza match --b "…/vaza robot
--stdio"`).  This check is its proof: seeded situations are played here, every decision asked
of the program (one program a seat, eight layouts a card drawn from the seat's seed) and
compared with `RECORDED`, the decisions the live strong robots made on the same situations at
the freeze: 120 auctions, 4 deals bid and played, 11 Boerenbridge rounds in every variant.
The protocol carries no claims, so the deals' claims and the answers to them are applied as
recorded; every call, card and Boerenbridge bid is the program's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vaza.core import Board, ContractDeal, seat_view
from vaza.core.game import Claim, ClaimResponse
from vaza.core.games.boerenbridge import Bid, BoerenbridgeRound, ChooseTrump
from vaza.core.games.boerenbridge_cards import DeckKind
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup
from vaza.core.views.boerenbridge import player_view
from vaza.robots.external import ExternalSeats
from vaza.robots.stdio import Request

LAYOUTS = 8
"""Layouts a card, as at the recording (its card players were seeded, with no clock)."""

AUCTION_BOARDS = range(1, 121)
DEAL_BOARDS = range(101, 105)


def _board(number: int) -> Board:
    return Board.random(number, random.Random(number))


WIZARD = DeckKind.WIZARD
ROUNDS = [
    (1001, RoundSetup(4, 0, 7), BoerenbridgeOptions()),
    (1002, RoundSetup(4, 1, 7), BoerenbridgeOptions()),
    (1003, RoundSetup(4, 2, 7), BoerenbridgeOptions()),
    (1004, RoundSetup(4, 3, 7), BoerenbridgeOptions(harsh=True)),
    (1005, RoundSetup(4, 0, 5), BoerenbridgeOptions(consolation=True)),
    (1006, RoundSetup(4, 1, 3), BoerenbridgeOptions(harsh=True, consolation=True)),
    (1007, RoundSetup(4, 2, 1, blind=True), BoerenbridgeOptions(blind_one_card_rounds=True)),
    (1008, RoundSetup(4, 3, 8, no_trump=True), BoerenbridgeOptions(no_trump_rounds=True)),
    (1009, RoundSetup(5, 0, 4, deck=WIZARD), BoerenbridgeOptions(wizards=True)),
    (1000, RoundSetup(5, 1, 5, deck=WIZARD), BoerenbridgeOptions(wizards=True)),
    (1011, RoundSetup(3, 2, 6), BoerenbridgeOptions()),
]
"""Boerenbridge rounds in every variant: the seed of the deal, the round, the table's scoring
options (seed 1000 turns a Wizard: the dealer names trumps)."""


def _flags(options: BoerenbridgeOptions) -> list[str]:
    """The program's flags for a table's scoring (all a Boerenbridge robot reads of it)."""
    return ["--harsh"] * options.harsh + ["--consolation"] * options.consolation


def _token(action: Any) -> str:
    if isinstance(action, ChooseTrump):
        return f"trump:{action.suit.letter}"
    if isinstance(action, Bid):
        return f"bid:{action.tricks}"
    return str(action)


@dataclass(slots=True)
class Tally:
    """One kind of situation: the decisions compared, and the first difference of each
    situation that had one (where the comparison of that situation stopped)."""

    decisions: int = 0
    differences: list[dict[str, object]] = field(default_factory=list)

    def compare(self, situation: int, recorded: str, made: str) -> bool:
        """Count one decision; False (and the difference noted) when it is not the recorded."""
        self.decisions += 1
        if made == recorded:
            return True
        self.differences.append(
            {"situation": situation, "decision": self.decisions, "recorded": recorded, "made": made}
        )
        return False

    def as_dict(self) -> dict[str, object]:
        return {
            "decisions": self.decisions,
            "situations_differing": len(self.differences),
            "differences": self.differences[:5],
        }


Advance = Callable[[int], None]


def _auctions(command: Sequence[str], tally: Tally, advance: Advance) -> None:
    with ExternalSeats(command) as seats:
        for index, number in enumerate(AUCTION_BOARDS):
            game = ContractDeal(_board(number))
            for recorded in RECORDED["auctions"][index].split():
                seat = game.controller
                assert seat is not None
                robot = seats.robot(Request(seed=int(seat), layouts=LAYOUTS))
                call = robot.choose(seat_view(game, seat))
                if not tally.compare(number, recorded, _token(call)):
                    break
                game.apply(call, by=seat)
            advance(1)


def _deals(command: Sequence[str], tally: Tally, advance: Advance) -> None:
    with ExternalSeats(command) as seats:
        for index, number in enumerate(DEAL_BOARDS):
            game = ContractDeal(_board(number))
            tokens = iter(RECORDED["deals"][index].split())
            for recorded in tokens:
                seat = game.controller
                assert seat is not None
                if recorded.startswith("claim:"):
                    game.apply(Claim(int(recorded.removeprefix("claim:"))), by=seat)
                    while game.proposal is not None:
                        accept = next(tokens) == "accept"
                        answer = ClaimResponse(accept, None if accept else "unchecked")
                        game.apply(answer, by=min(game.proposal.awaiting))
                    continue
                robot = seats.robot(Request(seed=int(seat), layouts=LAYOUTS))
                action = robot.choose(seat_view(game, seat))
                if not tally.compare(number, recorded, _token(action)):
                    break
                game.apply(action, by=seat)
            advance(1)


def _rounds(command: Sequence[str], tally: Tally, advance: Advance) -> None:
    programs: dict[tuple[str, ...], ExternalSeats] = {}
    try:
        for number, (seed, setup, options) in enumerate(ROUNDS):
            flags = tuple(_flags(options))
            seats = programs.setdefault(flags, ExternalSeats([*command, *flags]))
            game = BoerenbridgeRound.dealt(setup, random.Random(seed))
            for recorded in RECORDED["rounds"][number].split():
                player = game.to_act
                assert player is not None
                action = seats.robot(Request(seed=player)).choose(player_view(game, player))
                if not tally.compare(number, recorded, _token(action)):
                    break
                game.apply(action, by=player)
            advance(1)
    finally:
        for seats in programs.values():
            seats.close()


SITUATIONS = {"auctions": _auctions, "deals": _deals, "rounds": _rounds}


def situations() -> int:
    """How many situations the check plays (for a progress bar)."""
    return sum(len(made) for made in RECORDED.values())


def check(command: Sequence[str], advance: Advance | None = None) -> dict[str, object]:
    """Play every situation with the program `command` (a list of arguments, no shell) and
    compare its decisions with the recording; `same` is whether it made every one of them."""
    tallies = {kind: Tally() for kind in SITUATIONS}
    for kind, play in SITUATIONS.items():
        play(command, tallies[kind], advance or (lambda _: None))
    return {
        "benchmark": "baseline",
        "robot": " ".join(command),
        **{kind: tally.as_dict() for kind, tally in tallies.items()},
        "same": not any(tally.differences for tally in tallies.values()),
    }


RECORDED = {
    "auctions": [
        "Pass 1C Pass 1D Pass 1NT Pass 2NT Pass Pass Pass",
        "Pass 2S 3H 3S 4H Pass Pass 4S Pass Pass Pass",
        "Pass 1D Pass Pass X Pass 2D Pass 3C Pass 3NT Pass Pass Pass",
        "1D X XX Pass Pass 2C Pass 2NT 3NT Pass Pass Pass",
        "1D Pass 2D 2H Pass 4H Pass Pass Pass",
        "Pass Pass Pass Pass",
        "Pass Pass Pass 1S Pass 2C Pass 3S Pass 4S Pass Pass Pass",
        "1D Pass 1H 1S Pass 3S 4H Pass Pass Pass",
        "Pass Pass 1C Pass Pass 1NT Pass Pass Pass",
        "Pass Pass 1NT Pass Pass Pass",
        "Pass 1D Pass 1H Pass 3D Pass Pass Pass",
        "Pass 1D 1S 2S 3S Pass Pass Pass",
        "1D Pass 2C Pass 2H Pass 3NT Pass Pass Pass",
        "Pass Pass 2D 2H 3D 4H Pass Pass Pass",
        "1NT Pass 2C 2H 3NT Pass Pass Pass",
        "1NT 2C 3NT Pass Pass Pass",
        "1C X 1H Pass 1S Pass 2H Pass 2NT Pass Pass 3D Pass Pass Pass",
        "1S Pass 3S Pass Pass Pass",
        "1D 1H 2H 3D Pass 3H Pass 4H Pass Pass Pass",
        "Pass Pass Pass 1S Pass 3S Pass 4S Pass Pass Pass",
        "Pass Pass Pass 1S Pass 1NT 2H Pass 2NT Pass Pass Pass",
        "1C Pass 1D Pass 1S Pass 3NT Pass Pass Pass",
        "Pass Pass 2C Pass 2D Pass 3C Pass 6D Pass Pass Pass",
        "1S Pass 2NT Pass 4S Pass Pass Pass",
        "Pass 1H Pass 2D Pass 2NT Pass 3NT Pass Pass Pass",
        "1D X XX Pass Pass 1H 3NT Pass Pass Pass",
        "1NT Pass 2H Pass 2S Pass 4S Pass Pass Pass",
        "1C 2D 3D Pass 5C Pass Pass Pass",
        "Pass Pass 1C 1S X Pass 1NT Pass Pass Pass",
        "Pass Pass Pass 1H Pass 3H Pass 4H Pass Pass Pass",
        "1D Pass 1H Pass 1S Pass 2NT Pass Pass Pass",
        "Pass Pass 1C Pass 1S 2H Pass 3H 4S Pass Pass Pass",
        "1D Pass 2C 2H X Pass Pass Pass",
        "1H Pass 2H Pass 4H Pass Pass Pass",
        "Pass 1H Pass 2C Pass 2H Pass 4H Pass Pass Pass",
        "1D 1NT 2D Pass Pass 3NT Pass Pass Pass",
        "Pass Pass 1NT 2S Pass Pass Pass",
        "Pass Pass 1NT 2S Pass 2NT Pass 3NT Pass Pass Pass",
        "Pass 1C 1H X Pass 1NT 2H 3NT Pass Pass Pass",
        "Pass 1S 1NT Pass Pass X Pass 2NT Pass Pass Pass",
        "Pass Pass 1D Pass 1H Pass 4H Pass Pass Pass",
        "1C Pass 1S Pass 1NT Pass Pass Pass",
        "Pass Pass Pass 1NT Pass Pass 2H Pass 2NT Pass Pass Pass",
        "Pass 1NT Pass 2NT Pass Pass Pass",
        "Pass Pass 1H Pass 1S Pass 3H Pass 4C Pass 5C Pass Pass Pass",
        "Pass 2C Pass 2D Pass 2NT Pass 3C Pass 3D Pass 3NT Pass Pass Pass",
        "1NT Pass 2H X 2S 3H Pass Pass 3S Pass Pass Pass",
        "Pass 1D Pass 1H Pass 2NT Pass 3NT Pass Pass Pass",
        "1C Pass 1S Pass 4S Pass Pass Pass",
        "Pass 1H 2C 2D Pass 4H Pass Pass Pass",
        "Pass 1C Pass 1H Pass 1S Pass 4S Pass Pass Pass",
        "Pass Pass Pass 1NT Pass 2C Pass 2H Pass 2NT Pass 3NT Pass Pass Pass",
        "Pass Pass 1H Pass 2H Pass 4H Pass Pass Pass",
        "1NT 2H Pass Pass X Pass Pass Pass",
        "1C Pass 1H Pass 1NT Pass 3NT Pass Pass Pass",
        "Pass Pass 1NT Pass 2D Pass 2H Pass 2NT Pass 3H Pass Pass Pass",
        "Pass 1C Pass 1S Pass 2NT Pass 6NT Pass Pass Pass",
        "Pass 1NT Pass 2C Pass 2D Pass 3S Pass 4S Pass Pass Pass",
        "1H Pass 3H Pass Pass Pass",
        "Pass 1H 1S 3H 4S Pass Pass Pass",
        "Pass Pass 1S Pass 4S Pass Pass Pass",
        "1S Pass 3S Pass 4S Pass Pass Pass",
        "Pass Pass 1NT Pass Pass 2S Pass 2NT Pass Pass Pass",
        "1D Pass 1S Pass 2C Pass 3NT Pass Pass Pass",
        "Pass 1C 1D Pass Pass X Pass 1S Pass 6C Pass Pass Pass",
        "Pass Pass 1C Pass 1S Pass 3NT Pass Pass Pass",
        "Pass Pass 2H X Pass 2NT Pass 3NT Pass Pass Pass",
        "Pass 1D Pass 1H Pass 1S Pass 3NT Pass Pass Pass",
        "Pass Pass 1C 1NT Pass Pass X Pass 2NT Pass Pass Pass",
        "1D Pass 1H Pass 3D Pass 4H Pass Pass Pass",
        "Pass 1D Pass 1S Pass 2H Pass 3NT Pass Pass Pass",
        "3C X Pass 3S Pass 4H Pass Pass Pass",
        "1D 2C Pass 2H 3D 4H 5D Pass Pass Pass",
        "1C 1H X Pass 2S Pass 4S Pass Pass Pass",
        "Pass Pass 1C 1D 3C Pass Pass 3D Pass Pass Pass",
        "2D 2H Pass 3H Pass Pass Pass",
        "1C Pass 1H Pass 1NT Pass 3NT Pass Pass Pass",
        "Pass Pass Pass 1D Pass 1H Pass 2H Pass 4H Pass Pass Pass",
        "1C Pass 1S Pass 1NT Pass 2NT Pass Pass Pass",
        "1D Pass Pass 2NT Pass Pass Pass",
        "1NT Pass Pass Pass",
        "Pass 2C Pass 2NT Pass 6NT Pass Pass Pass",
        "1C 1D Pass 3NT Pass Pass Pass",
        "1S 3C 3S 4C Pass Pass Pass",
        "Pass Pass 1H 2C 4H Pass Pass Pass",
        "Pass 2NT Pass 3D Pass 3H Pass 3NT Pass 4H Pass Pass Pass",
        "Pass 1C X 1D Pass 1H Pass 5C Pass Pass Pass",
        "1D Pass Pass X Pass 3C Pass 5C Pass Pass Pass",
        "Pass Pass Pass 1D Pass 1H Pass 3D Pass 3NT Pass Pass Pass",
        "Pass 1D 2C 3C Pass 3D Pass 4D Pass Pass Pass",
        "Pass Pass Pass 1D 1H 2D 2H 3D Pass Pass Pass",
        "Pass Pass 1D Pass 1NT Pass 2S Pass 3NT Pass Pass Pass",
        "Pass Pass 1NT 2H 3C Pass Pass Pass",
        "1C Pass 1H Pass 1S Pass 2H Pass 3C Pass 3H Pass 4H Pass Pass Pass",
        "Pass Pass 1D 1H Pass 1NT Pass Pass 2C Pass Pass Pass",
        "Pass 1C Pass 1S Pass 1NT Pass 3NT Pass Pass Pass",
        "Pass Pass 1H Pass 3H Pass 4H Pass Pass Pass",
        "Pass 1C Pass 1S Pass 2S Pass 4S Pass Pass Pass",
        "Pass Pass Pass 1H Pass 1S Pass 2C Pass 3NT Pass Pass Pass",
        "Pass 1NT Pass 3NT Pass Pass Pass",
        "Pass Pass 1C 1H X Pass 2S Pass 4S Pass Pass Pass",
        "1D 1H 1S Pass 3S Pass 4S Pass Pass Pass",
        "Pass 1C Pass Pass 1D Pass 1NT Pass Pass X Pass 2S Pass 4S Pass Pass Pass",
        "1NT Pass 3NT Pass Pass Pass",
        "1NT Pass 2S Pass 3C Pass 3D Pass Pass Pass",
        "Pass 2NT Pass 3H Pass 3S Pass 3NT Pass Pass Pass",
        "1S Pass 2S 3H Pass Pass Pass",
        "1C Pass Pass 1S Pass 3S Pass Pass X Pass Pass Pass",
        "1S Pass 3S Pass 4S Pass Pass Pass",
        "1C 1S Pass 3NT Pass Pass Pass",
        "Pass 2D X Pass 2S Pass 4C Pass Pass Pass",
        "Pass Pass 3H X Pass 4D Pass 4S Pass Pass Pass",
        "Pass 4S Pass Pass Pass",
        "1H Pass Pass Pass",
        "Pass Pass 1H Pass 1S Pass 2D Pass 4D Pass Pass Pass",
        "1D Pass 1H Pass 2C Pass 2NT Pass 3NT Pass Pass Pass",
        "Pass Pass 1C Pass 1D Pass 3NT Pass Pass Pass",
        "1H Pass 2NT Pass 4H Pass Pass Pass",
        "Pass 1D Pass 1H Pass 1S Pass 2NT Pass Pass Pass",
        "Pass 1S Pass 2D Pass 2NT Pass 4S Pass Pass Pass",
    ],
    "deals": [
        "Pass Pass 1C 1H X Pass 2S Pass 4S Pass Pass Pass H3 H4 H9 HA CA C6 CQ C3 C5 C7 "
        "S3 CT H6 HT S4 H2 C8 C9 S7 D3 HQ D4 S6 H5 D5 DA D6 DT D2 DJ DK D9 SK SA H7 S8 "
        "claim:0 accept accept",
        "1D 1H 1S Pass 3S Pass 4S Pass Pass Pass C5 C9 CK C6 HJ H6 S3 H2 S5 S2 S6 ST D2 "
        "D5 DK D3 D4 DQ S4 D7 CQ C2 S8 C7 D8 D6 SJ D9 CJ C3 S9 CA claim:4 reject DA DT "
        "H8 DJ claim:3 reject H7 H3 H9 claim:1 accept",
        "Pass 1C Pass Pass 1D Pass 1NT Pass Pass X Pass 2S Pass 4S Pass Pass Pass CT CK "
        "C3 C2 D4 D6 DA D2 S5 S2 SK S7 CA C6 C5 C8 C7 CJ S3 C9 D7 D8 S8 DJ C4 CQ S9 SQ "
        "DQ SA DK D3 H3 H4 H2 H5 S6 claim:3 accept reject ST H7 S4 claim:2 accept "
        "accept",
        "1NT Pass 3NT Pass Pass Pass S2 SQ SK SA D4 D3 DJ D7 D8 DT DA DQ H7 H3 HA H2 S9 "
        "S3 S4 ST S6 S8 S5 S7 HT HQ HK H5 claim:5 reject SJ C7 C2 C4 claim:4 reject D9 "
        "H8 DK claim:1 reject H4 claim:3 accept accept",
    ],
    "rounds": [
        "bid:0 bid:0 bid:2 bid:4 H9 C9 H6 H5 D3 D5 D9 D8 CK C6 DT CT H3 HT D4 S9 HA S7 "
        "S5 C4 C8 S8 D2 S4 DJ S2 D6 S6",
        "bid:2 bid:2 bid:3 bid:1 S5 SK SA ST DK D2 D8 D5 DA DQ DJ D9 HT HQ H4 H5 S6 H7 "
        "S4 CK C6 C9 CA C8 S7 C2 CQ HJ",
        "bid:1 bid:4 bid:1 bid:2 HA H9 HQ S5 S6 CQ SQ S2 H2 H3 SA DJ C8 CK C5 CT D2 S4 "
        "D8 D6 S7 SJ CJ DK D5 C2 D4 CA",
        "bid:2 bid:1 bid:0 bid:3 DK D6 D8 DA SK S8 SJ ST SA S4 CQ C7 C9 D5 S6 CK CT H7 "
        "H9 H4 D9 D7 H3 DJ HJ HK D3 H5",
        "bid:0 bid:3 bid:1 bid:2 C3 C2 CA C6 D6 DT D5 S4 H8 ST HA S6 SA DK C7 S5 H3 D3 SQ D7",
        "bid:1 bid:1 bid:1 bid:1 CK CQ S8 C8 D4 D5 H7 DT SA HJ S3 SK",
        "bid:0 bid:0 bid:0 bid:0 C6 S7 H6 DA",
        "bid:3 bid:2 bid:3 bid:1 CQ CA CT C4 DA D8 DK D4 H5 HQ HJ HA CK C6 S4 ST DQ D6 "
        "H6 H3 H2 C3 S9 H8 SJ SQ D7 SK SA S3 S2 D2",
        "bid:0 bid:1 bid:0 bid:2 bid:2 CJ S5 C9 D5 S7 W3 DQ H4 DK S2 HA D7 HJ HT S8 SJ DA C3 S9 C5",
        "trump:D bid:1 bid:0 bid:1 bid:3 bid:1 W1 SK J1 D2 D7 D5 HJ W3 D8 D9 C3 W4 H9 "
        "C5 C9 DT ST H6 HQ S7 H4 HK S3 C7 J4",
        "bid:1 bid:3 bid:1 HJ HT H3 S9 SQ SA D3 D8 DT C5 C6 C4 CQ CJ C8 CA D9 H6",
    ],
}
"""The decisions of the live strong robots on the situations above, recorded at the freeze
(tests/test_robot_baseline.py made and held them until the copy in the package was removed)."""
