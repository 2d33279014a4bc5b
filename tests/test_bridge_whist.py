"""Bridge-Whist: the dealer's choice of trumps, the book of six, and the play as bridge."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from vaza.core import (
    PASS,
    Board,
    Call,
    Card,
    Claim,
    ClaimResponse,
    Deal,
    Doubling,
    GameOver,
    IllegalAction,
    LowestOf,
    Seat,
    Side,
    Strain,
    Suit,
    UndoRequest,
    UndoResponse,
    Vulnerability,
)
from vaza.core.game import Game
from vaza.core.games.bridge_whist import (
    NAMINGS,
    PASS_TO_PARTNER,
    BookContract,
    BridgeWhistDeal,
    NameTrumps,
    WhistStage,
)
from vaza.core.views.bridge_whist import kibitzer_view, seat_view
from vaza.robots.variants_simple import BridgeWhistRobot
from vaza.scoring.bridge_whist import (
    bridge_whist_pad,
    net_score,
    score_bridge_whist,
    score_result,
)
from vaza.scoring.chicago import chicago_rules
from vaza.scoring.rubber import rubber_rules
from vaza.scoring.sheet import EntryKind, PadDeal, add, new_sheet

# -- helpers shared with test_widow.py and test_honeymoon.py --------------------------------


def to_act(game: Game[Seat, Any, Any]) -> Seat | None:
    """Whose turn it is, read afresh (an attribute read stays narrowed for mypy)."""
    return game.to_act


def controller(game: Game[Seat, Any, Any]) -> Seat | None:
    return game.controller


def must_refuse(apply: Callable[[], None], snapshot: Callable[[], object]) -> None:
    """`apply` raises an `IllegalAction` and leaves the game as it was."""
    before = snapshot()
    with pytest.raises(IllegalAction):
        apply()
    assert snapshot() == before


# -- Bridge-Whist helpers -------------------------------------------------------------------


def new_deal(rng: random.Random, number: int | None = None) -> BridgeWhistDeal:
    return BridgeWhistDeal(Board.random(number or rng.randint(1, 16), rng))


def stage_of(game: BridgeWhistDeal) -> WhistStage:
    return game.stage


def snapshot(game: BridgeWhistDeal) -> object:
    return (
        game.stage,
        tuple(game.history()),
        game.to_act,
        game.controller,
        game.proposal,
        tuple(game.legal_actions()),
        kibitzer_view(game, all_hands=True),
        game.result,
    )


# -- the seed's rules -----------------------------------------------------------------------

FIXED = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def fixed_game(dealer: Seat = Seat.NORTH) -> BridgeWhistDeal:
    return BridgeWhistDeal(Board(FIXED, dealer=dealer, vulnerability=Vulnerability.BOTH))


def test_the_dealer_chooses_first_and_may_pass_the_choice_to_partner() -> None:
    game = fixed_game(Seat.EAST)
    assert stage_of(game) is WhistStage.TRUMPS
    assert to_act(game) == controller(game) == Seat.EAST
    assert set(game.legal_actions()) == {*NAMINGS, PASS_TO_PARTNER}
    must_refuse(lambda: game.apply(PASS_TO_PARTNER, by=Seat.WEST), lambda: snapshot(game))
    game.apply(PASS_TO_PARTNER, by=Seat.EAST)
    assert (game.to_act, game.controller) == (Seat.WEST, Seat.WEST)
    assert set(game.legal_actions()) == set(NAMINGS), "partner must name; no pass back"
    must_refuse(lambda: game.apply(PASS_TO_PARTNER), lambda: snapshot(game))
    game.apply(NameTrumps(Strain.HEARTS), by=Seat.WEST)
    assert game.named_by == Seat.WEST
    contract = game.contract
    assert contract == BookContract.of(Strain.HEARTS, Seat.EAST)
    assert contract is not None and contract.dummy == Seat.WEST, "partner named, yet is dummy"
    assert str(contract) == "book H" and contract.tricks_needed == 6
    assert stage_of(game) is WhistStage.PLAY
    assert to_act(game) == Seat.SOUTH, "declarer's left-hand opponent leads"


def test_the_dealer_may_name_at_once_and_declares() -> None:
    game = fixed_game(Seat.NORTH)
    game.apply(NameTrumps(Strain.NOTRUMP), by=Seat.NORTH)
    assert game.contract == BookContract.of(Strain.NOTRUMP, Seat.NORTH)
    assert game.named_by == Seat.NORTH
    assert to_act(game) == Seat.EAST
    assert [choice for _, choice in game.steps] == [NameTrumps(Strain.NOTRUMP)]


def test_dummy_is_faced_after_the_lead_and_played_by_the_dealer() -> None:
    game = fixed_game(Seat.NORTH)
    game.apply(PASS_TO_PARTNER)
    game.apply(NameTrumps(Strain.SPADES))
    east = seat_view(game, Seat.EAST)
    assert east.hands[Seat.SOUTH] is None, "dummy is hidden before the opening lead"
    assert east.table is not None and east.table.calls == (), "no auction is shown"
    assert east.table.contract == game.contract
    game.apply(Card.parse("ST"), by=Seat.EAST)
    assert seat_view(game, Seat.EAST).hands[Seat.SOUTH] == FIXED[Seat.SOUTH]
    assert to_act(game) == Seat.SOUTH and controller(game) == Seat.NORTH
    must_refuse(lambda: game.apply(Card.parse("S3"), by=Seat.SOUTH), lambda: snapshot(game))
    assert seat_view(game, Seat.SOUTH).legal_actions == ()
    assert seat_view(game, Seat.NORTH).legal_actions == tuple(game.legal_actions())
    game.apply(LowestOf(Suit.SPADES), by=Seat.NORTH)
    assert game.history()[-1] == (Seat.NORTH, Card.parse("S3"))


def test_choices_are_not_calls_and_cards_wait_for_trumps() -> None:
    game = fixed_game()
    for action in (PASS, Call.parse("1S"), Card.parse("SA"), LowestOf(Suit.CLUBS)):
        must_refuse(lambda a=action: game.apply(a), lambda: snapshot(game))  # type: ignore[misc]
    must_refuse(lambda: game.apply(Claim(13), by=Seat.NORTH), lambda: snapshot(game))
    game.apply(NameTrumps(Strain.CLUBS))
    must_refuse(lambda: game.apply(NameTrumps(Strain.HEARTS)), lambda: snapshot(game))


def test_the_choice_of_trumps_can_be_taken_back_until_the_opening_lead() -> None:
    game = fixed_game(Seat.NORTH)
    game.apply(PASS_TO_PARTNER)
    game.apply(NameTrumps(Strain.DIAMONDS))
    must_refuse(lambda: game.apply(UndoRequest(), by=Seat.EAST), lambda: snapshot(game))
    game.apply(UndoRequest(), by=Seat.SOUTH)
    assert game.proposal is not None and game.proposal.awaiting == {Seat.EAST, Seat.WEST}
    assert game.legal_actions() == ()
    must_refuse(lambda: game.apply(Card.parse("ST")), lambda: snapshot(game))
    must_refuse(lambda: game.apply(Claim(3), by=Seat.NORTH), lambda: snapshot(game))
    must_refuse(lambda: game.apply(UndoResponse(True), by=Seat.NORTH), lambda: snapshot(game))
    game.apply(UndoResponse(True), by=Seat.EAST)
    game.apply(UndoResponse(True), by=Seat.WEST)
    assert stage_of(game) is WhistStage.TRUMPS and to_act(game) == Seat.SOUTH
    assert game.contract is None and game.play_deal is None
    game.apply(NameTrumps(Strain.HEARTS))
    game.apply(UndoRequest(), by=Seat.NORTH)  # takes back the pass, and partner's choice
    game.apply(UndoResponse(False), by=Seat.EAST)
    assert game.proposal is None and game.contract is not None, "one refusal cancels it"
    game.apply(UndoRequest(), by=Seat.NORTH)
    game.apply(UndoResponse(True), by=Seat.EAST)
    game.apply(UndoResponse(True), by=Seat.WEST)
    assert game.steps == [] and to_act(game) == Seat.NORTH
    game.apply(NameTrumps(Strain.HEARTS))
    game.apply(Card.parse("ST"))
    must_refuse(lambda: game.apply(UndoRequest(), by=Seat.NORTH), lambda: snapshot(game))


def test_cards_are_taken_back_as_in_bridge() -> None:
    """As in contract bridge: the opening leader has seen dummy since and may not take back
    the lead; declarer takes back dummy's card before anyone plays after it."""
    game = fixed_game(Seat.NORTH)
    game.apply(NameTrumps(Strain.NOTRUMP))
    game.apply(Card.parse("ST"))
    with pytest.raises(IllegalAction, match="shown to you"):
        game.apply(UndoRequest(), by=Seat.EAST)
    dummy_card = game.legal_actions()[0]
    game.apply(dummy_card)
    game.apply(UndoRequest(), by=Seat.NORTH)
    assert game.proposal is not None and game.proposal.awaiting == {Seat.EAST, Seat.WEST}
    game.apply(UndoResponse(True), by=Seat.EAST)
    game.apply(UndoResponse(True), by=Seat.WEST)
    assert to_act(game) == Seat.SOUTH and stage_of(game) is WhistStage.PLAY
    assert dummy_card in game.legal_actions()


def test_a_claim_settles_the_book() -> None:
    game = fixed_game(Seat.NORTH)
    game.apply(NameTrumps(Strain.SPADES))
    game.apply(Card.parse("HJ"))
    game.apply(Claim(13), by=Seat.NORTH)
    assert game.proposal is not None and game.proposal.awaiting == {Seat.EAST, Seat.WEST}
    game.apply(ClaimResponse(True), by=Seat.EAST)
    game.apply(ClaimResponse(True), by=Seat.WEST)
    result = game.result
    assert result is not None and result.claimed and result.declarer_tricks == 13
    assert stage_of(game) is WhistStage.OVER
    score = score_result(result, game.board.vulnerability)
    assert (score.overtricks, score.slam) == (7 * 30, 0), "no slam bonus without a slam bid"
    with pytest.raises(GameOver):
        game.apply(Card.parse("HA"))


def test_the_robot_chooses_from_its_view_and_plays_legal_deals() -> None:
    robot = BridgeWhistRobot()
    rng = random.Random(7)
    passes = 0
    for number in range(1, 25):
        game = new_deal(rng, number)
        while not game.is_over:
            seat = game.controller
            assert seat is not None
            view = seat_view(game, seat)
            action = robot.choose(view)
            assert action in view.legal_actions
            game.apply(action, by=seat)
        passes += game.steps[0][1] == PASS_TO_PARTNER
    assert 0 < passes < 24, "the robot both names and passes, by its hand"
    with pytest.raises(ValueError, match="nothing to choose"):
        robot.choose(seat_view(fixed_game(Seat.NORTH), Seat.EAST))


def test_the_robot_passes_a_weak_hand_and_names_a_long_suit() -> None:
    weak = Deal.from_pbn("N:5432.5432.432.32 AKQJ.AKQ.AKQ.AKQ T9876.JT9.JT9.JT .876.8765.987654")
    game = BridgeWhistDeal(Board(weak, dealer=Seat.NORTH))
    robot = BridgeWhistRobot()
    assert robot.choose(seat_view(game, Seat.NORTH)) == PASS_TO_PARTNER
    game.apply(PASS_TO_PARTNER)
    assert robot.choose(seat_view(game, Seat.SOUTH)) == NameTrumps(Strain.SPADES)


# -- scoring ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("strain", "tricks", "vulnerable", "parts"),
    [
        # (trick points, overtricks, undertricks)
        (Strain.CLUBS, 8, False, (0, 40, 0)),
        (Strain.DIAMONDS, 13, True, (0, 140, 0)),
        (Strain.HEARTS, 9, False, (0, 90, 0)),
        (Strain.SPADES, 7, True, (0, 30, 0)),
        (Strain.NOTRUMP, 7, False, (0, 30, 0)),  # seed 000: no trump overtricks are 30 each
        (Strain.NOTRUMP, 10, True, (0, 120, 0)),
        (Strain.SPADES, 6, False, (0, 0, 0)),  # the book exactly: nothing
        (Strain.HEARTS, 5, False, (0, 0, 50)),
        (Strain.HEARTS, 4, True, (0, 0, 200)),
        (Strain.CLUBS, 0, False, (0, 0, 300)),
        (Strain.NOTRUMP, 0, True, (0, 0, 600)),
    ],
)
def test_the_book_of_six(
    strain: Strain, tricks: int, vulnerable: bool, parts: tuple[int, ...]
) -> None:
    score = score_bridge_whist(strain, tricks, vulnerable)
    assert (score.trick_points, score.overtricks, score.undertricks) == parts
    assert score.insult == score.slam == 0


def test_odd_tricks_may_count_below_the_line() -> None:
    score = score_bridge_whist(Strain.SPADES, 10, False, odd_tricks_below=True)
    assert (score.trick_points, score.overtricks) == (120, 0)
    assert net_score(score) == 120
    down = score_bridge_whist(Strain.SPADES, 3, True, odd_tricks_below=True)
    assert (down.trick_points, down.undertricks, net_score(down)) == (0, 300, -300)
    with pytest.raises(ValueError, match="0 to 13"):
        score_bridge_whist(Strain.SPADES, 14, False)


def test_the_book_contract_is_level_zero_and_never_doubled() -> None:
    with pytest.raises(ValueError, match="level 0"):
        BookContract(1, Strain.SPADES, Doubling.UNDOUBLED, Seat.NORTH)
    with pytest.raises(ValueError, match="level 0"):
        BookContract(0, Strain.SPADES, Doubling.DOUBLED, Seat.NORTH)
    book = BookContract.of(Strain.CLUBS, Seat.WEST)
    assert (book.opening_leader, book.dummy, book.trump) == (Seat.NORTH, Seat.EAST, Suit.CLUBS)


def test_a_chicago_round_of_bridge_whist_writes_everything_above_the_line() -> None:
    rules = bridge_whist_pad(dataclasses.replace(chicago_rules(), honours=False))
    sheet = new_sheet(rules, Seat.NORTH)
    for strain, declarer, tricks in (
        (Strain.HEARTS, Seat.NORTH, 9),  # deal 1, none vulnerable: 90 to North-South
        (Strain.SPADES, Seat.EAST, 4),  # deal 2, North-South vulnerable: 100 to them
        (Strain.NOTRUMP, Seat.SOUTH, 6),  # deal 3: the book exactly, nothing
        (Strain.CLUBS, Seat.WEST, 5),  # deal 4, both vulnerable: 100 to North-South
    ):
        sheet = add(sheet, PadDeal(BookContract.of(strain, declarer), tricks))
    assert sheet.over and sheet.lines == ()
    assert (sheet.total(Side.NS), sheet.total(Side.EW)) == (290, 0)
    assert not any(entry.below for entry in sheet.entries)
    assert [entry.kind for entry in sheet.entries] == [
        EntryKind.OVERTRICKS,
        EntryKind.UNDERTRICKS,
        EntryKind.UNDERTRICKS,
    ]


def test_a_rubber_of_bridge_whist_with_odd_tricks_below_the_line() -> None:
    base = dataclasses.replace(rubber_rules(honours=False), overtricks_below=True)
    sheet = new_sheet(bridge_whist_pad(base), Seat.NORTH)
    sheet = add(sheet, PadDeal(BookContract.of(Strain.SPADES, Seat.NORTH), 10))  # 120: game
    assert sheet.games_won(Side.NS) == 1 and sheet.vulnerability is Vulnerability.NS
    sheet = add(sheet, PadDeal(BookContract.of(Strain.HEARTS, Seat.EAST), 3))  # 150 to NS
    sheet = add(sheet, PadDeal(BookContract.of(Strain.NOTRUMP, Seat.SOUTH), 10))  # 120: rubber
    assert sheet.over and sheet.rubber_winner is Side.NS
    assert (sheet.total(Side.NS), sheet.total(Side.EW)) == (120 + 150 + 120 + 700, 0)
