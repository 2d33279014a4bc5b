"""The frozen baseline robots (`robots/baseline/`): they decide exactly as the strong robots
decided when they were frozen, nothing outside their own package can change that, and the
registry seats them as `baseline`.

The proof is a recording: seeded boards bid and played by four robots of one kind, and seeded
Boerenbridge rounds played by as many, written down as every call, card, claim and answer
they made (`RECORDED`).  It was made from the live strong robots at the freeze (run this file
to print it again).  The baseline must repeat it for ever; the live strong robots are checked
against it too for as long as their modules are still the code that was frozen.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

import vaza
from vaza.core import Board, ContractDeal, Seat, seat_view
from vaza.core.game import Claim, ClaimResponse
from vaza.core.games.boerenbridge import Bid, BoerenbridgeAction, BoerenbridgeRound, ChooseTrump
from vaza.core.games.boerenbridge_cards import DeckKind
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup
from vaza.core.games.contract import Phase
from vaza.core.views.boerenbridge import player_view
from vaza.robots import baseline
from vaza.robots import bidding as live_bidding
from vaza.robots import boerenbridge_strong as live_boerenbridge
from vaza.robots import cardplay as live_cardplay
from vaza.robots.baseline import boerenbridge_strong as baseline_boerenbridge
from vaza.robots.registry import CONFIGS, boerenbridge_robot

SOURCE = Path(vaza.__file__).parent
ROBOTS = SOURCE / "robots"
BASELINE = ROBOTS / "baseline"


# -- the two families of robots -----------------------------------------------------------------


@dataclass(frozen=True)
class Family:
    """The classes one version of the strong robots is made of."""

    card_player: Any
    bidding_robot: Any
    infer: Callable[..., Any]
    boerenbridge: Any

    def bridge(self, seed: int) -> Any:
        """The strong robot as configured in the registry, but reproducible: seeded, and a
        fixed number of layouts a card instead of a clock (few, so the test is quick)."""
        return self.card_player(
            bidder=self.bidding_robot(),
            constraints=self.infer,
            seed=seed,
            budget_ms=None,
            max_samples=8,
        )


LIVE = Family(
    live_cardplay.CardPlayer,
    live_bidding.BiddingRobot,
    live_bidding.infer,
    live_boerenbridge.BoerenbridgeStrongRobot,
)
FROZEN = Family(
    baseline.CardPlayer,
    baseline.BiddingRobot,
    baseline.infer,
    baseline_boerenbridge.BoerenbridgeStrongRobot,
)


# -- the fixed, seeded situations -----------------------------------------------------------


def auction(family: Family, board: Board) -> str:
    """The auction four of the family's bidders make on `board`."""
    game = ContractDeal(board)
    bidders = {seat: family.bidding_robot() for seat in Seat}
    calls = []
    while game.phase is Phase.AUCTION:
        seat = game.controller
        assert seat is not None
        call = bidders[seat].choose(seat_view(game, seat))
        calls.append(str(call))
        game.apply(call, by=seat)
    return " ".join(calls)


def deal(family: Family, board: Board) -> str:
    """Every call, card, claim and answer to a claim four of the family's robots make on
    `board`, asked as a Vaza table asks them (a claim at most once a trick, before the card)."""
    game = ContractDeal(board)
    robots = {seat: family.bridge(seed=index) for index, seat in enumerate(Seat)}
    asked: set[tuple[Seat, int]] = set()
    made: list[str] = []
    while not game.is_over:
        seat = game.controller
        assert seat is not None
        view = seat_view(game, seat)
        moment = (seat, len(view.played) // 4)
        if game.phase is Phase.PLAY and moment not in asked:
            asked.add(moment)
            claim: Claim | None = robots[seat].claim(view)
            if claim is not None:
                made.append(f"claim:{claim.tricks}")
                game.apply(claim, by=seat)
                while game.proposal is not None:
                    responder = min(game.proposal.awaiting)
                    answer: ClaimResponse = robots[responder].respond(seat_view(game, responder))
                    made.append("accept" if answer.accept else "reject")
                    game.apply(answer, by=responder)
                continue
        action = robots[seat].choose(view)
        made.append(str(action))
        game.apply(action, by=seat)
    return " ".join(made)


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


def _token(action: BoerenbridgeAction) -> str:
    if isinstance(action, ChooseTrump):
        return f"trump:{action.suit.letter}"
    if isinstance(action, Bid):
        return f"bid:{action.tricks}"
    return str(action)


def boerenbridge_round(family: Family, number: int) -> str:
    """Every bid and card the family's Boerenbridge robots make in seeded round `number`."""
    seed, setup, options = ROUNDS[number]
    game = BoerenbridgeRound.dealt(setup, random.Random(seed))
    robots = [family.boerenbridge(options, seed=player) for player in range(setup.players)]
    made = []
    while not game.is_over:
        player = game.to_act
        assert player is not None
        action = robots[player].choose(player_view(game, player))
        made.append(_token(action))
        game.apply(action, by=player)
    return " ".join(made)


AUCTION_BOARDS = range(1, 121)
DEAL_BOARDS = range(1, 5)


def _board(number: int) -> Board:
    return Board.random(number, random.Random(number))


SITUATIONS: dict[str, Callable[[Family], list[str]]] = {
    "auctions": lambda family: [auction(family, _board(n)) for n in AUCTION_BOARDS],
    "deals": lambda family: [deal(family, _board(100 + n)) for n in DEAL_BOARDS],
    "rounds": lambda family: [boerenbridge_round(family, n) for n in range(len(ROUNDS))],
}
"""Each kind of situation, and what a family's robots do in them."""


def transcripts(family: Family) -> dict[str, list[str]]:
    return {kind: made(family) for kind, made in SITUATIONS.items()}


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
"""The decisions of the live strong robots on the situations above, recorded at the freeze."""


@pytest.mark.parametrize("kind", SITUATIONS)
def test_the_baseline_chooses_as_the_strong_robot_did_at_the_freeze(kind: str) -> None:
    """The proof of the freeze: every call, card, claim and answer, and every Boerenbridge bid
    and card, as recorded from the live strong robots when the baseline was made."""
    assert SITUATIONS[kind](FROZEN) == RECORDED[kind]


# -- the recording is the strong robot's ----------------------------------------------------


def _code(path: Path, *, copy: bool) -> str:
    """A module's code without its docstring, imports read as the live module's when it is
    the baseline's copy; formatting does not count."""
    text = path.read_text(encoding="utf-8")
    if copy:
        text = text.replace("vaza.robots.baseline.", "vaza.robots.")
    tree = ast.parse(text)
    if ast.get_docstring(tree) is not None:
        tree.body = tree.body[1:]
    return ast.dump(tree)


def copies() -> list[Path]:
    """The baseline's copies of live modules (all its modules but its own `__init__`)."""
    return sorted(path for path in BASELINE.rglob("*.py") if path != BASELINE / "__init__.py")


def live_is_the_frozen_code() -> bool:
    return all(
        (ROBOTS / copy.relative_to(BASELINE)).exists()
        and _code(copy, copy=True) == _code(ROBOTS / copy.relative_to(BASELINE), copy=False)
        for copy in copies()
    )


@pytest.mark.skipif(
    not live_is_the_frozen_code(),
    reason="the strong robot's modules have changed since the freeze (as they should): the "
    "recording was its decisions then, and the baseline is still held to it",
)
@pytest.mark.parametrize("kind", SITUATIONS)
def test_the_strong_robot_made_the_recorded_decisions(kind: str) -> None:
    """While the live modules are the frozen code, the live strong robots make the recorded
    decisions too: the recording is theirs, not the copy's."""
    assert SITUATIONS[kind](LIVE) == RECORDED[kind]


# -- nothing can change the baseline but an edit to it ------------------------------------------


def _imports(path: Path) -> set[str]:
    """The modules a file imports (``from a import b`` counts as ``a`` and ``a.b``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: a relative import"
            assert node.module is not None
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_the_baseline_imports_no_live_robot_module() -> None:
    """From the live robots only the `Robot` protocol, which decides nothing."""
    for path in BASELINE.rglob("*.py"):
        live = {
            name
            for name in _imports(path)
            if name.startswith("vaza.robots")
            and not name.startswith(("vaza.robots.baseline", "vaza.robots.base."))
            and name not in ("vaza.robots", "vaza.robots.base")
        }
        assert not live, f"{path.relative_to(SOURCE)} imports {sorted(live)}"


def test_only_the_registry_imports_the_baseline() -> None:
    importers = {
        path.relative_to(SOURCE).as_posix()
        for path in SOURCE.rglob("*.py")
        if BASELINE not in path.parents
        and any(name.startswith("vaza.robots.baseline") for name in _imports(path))
    }
    assert importers == {"robots/registry.py"}


FROZEN_SETTINGS = {
    "scoring": "imps",
    "budget_ms": 650.0,
    "max_samples": 160,
    "min_samples": 32,
    "opening_lead_factor": 1.6,
    "inference_depth": 4,
    "mistake_weight": 0.25,
    "seed": None,
}
"""`registry.CONFIGS["strong"]`'s card player at the freeze."""


def test_the_registry_seats_the_frozen_robots_as_strong_was_configured() -> None:
    robot = CONFIGS["baseline"]()
    assert isinstance(robot, baseline.CardPlayer)
    assert isinstance(robot.bidder, baseline.BiddingRobot)
    assert robot.constraints is baseline.infer
    assert {name: getattr(robot, name) for name in FROZEN_SETTINGS} == FROZEN_SETTINGS
    options = BoerenbridgeOptions(harsh=True)
    player = boerenbridge_robot("baseline", options, seed=5)
    assert isinstance(player, baseline_boerenbridge.BoerenbridgeStrongRobot)
    assert (player.options, player.seed, player.budget) == (options, 5, 24_000)


if __name__ == "__main__":  # prints the live strong robots' decisions, as RECORDED holds them
    import pprint

    print("RECORDED = ", end="")
    pprint.pprint(transcripts(LIVE), width=92)
