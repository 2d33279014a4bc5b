"""Each card's cost against double dummy (vaza.analysis.play_cost), on hand-made endgames whose
right and wrong plays are known, against endplay's solve_board position by position, and on
whole played deals: costs never negative, the value after the last card is the result, and the
costs of the two sides account for every trick that changed hands."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from endplay.dds import solve_board
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

from vaza.analysis.parallel import (
    PAYS_OFF,
    DealTask,
    analyse_chunk,
    analyse_deals,
    useful_workers,
)
from vaza.analysis.play_cost import CardCost, PlayCost, play_cost, record_play_cost
from vaza.core import (
    SEATS,
    Board,
    Card,
    Contract,
    Deal,
    Doubling,
    ParseError,
    Seat,
    Side,
    Strain,
)
from vaza.core.deal import make_rng
from vaza.core.errors import IllegalAction
from vaza.core.play import Play
from vaza.core.record import DealRecord
from vaza.formats import load_any

DATA = Path(__file__).parent / "data"
VUGRAPH = load_any(DATA / "vugraph.lin")
PLAYED_4S = VUGRAPH[0]  # 4♠ by North, all 52 cards played, 7 tricks
PLAYED_4H = VUGRAPH[2]  # 4♥ by South, all 52 cards played, 5 tricks


def cards(text: str) -> list[Card]:
    return [Card.parse(name) for name in text.split()]


# South on lead at no trump with the ♠A and a small heart; West holds ♥AK.  Cashing the ace
# first takes a trick; leading the heart first lets West take both, the ace falling under ♥K.
CASH_OR_DUCK = Deal.from_pbn("N:...32 ..32. A.2.. .AK..")


def test_cashing_the_winner_costs_nothing() -> None:
    cost = play_cost(
        CASH_OR_DUCK, cards("SA HK C2 D2 H2 HA C3 D3"), Seat.SOUTH, Strain.NOTRUMP, Seat.SOUTH
    )
    assert cost.total_tricks == 2
    assert cost.start == 1 and cost.final == 1
    assert [card.cost for card in cost.cards] == [0] * 8
    assert [card.seat for card in cost.cards[:4]] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]


def test_leading_the_loser_first_costs_the_trick() -> None:
    cost = play_cost(
        CASH_OR_DUCK, cards("H2 HA C2 D2 HK C3 D3 SA"), Seat.SOUTH, Strain.NOTRUMP, Seat.SOUTH
    )
    assert cost.start == 1 and cost.final == 0
    assert [card.cost for card in cost.cards] == [1, 0, 0, 0, 0, 0, 0, 0]
    assert cost.seat_costs() == (0, 0, 1, 0)
    assert cost.side_cost(Side.NS) == 1 and cost.side_cost(Side.EW) == 0


# West leads against South at no trump holding ♠K and ♥A; dummy (North) holds ♠A2.  The
# defence's best is ♥A first (one trick each); once West leads the king, winning with the ace
# takes both tricks for declarer, and ducking it gives both away.
WIN_OR_DUCK = Deal.from_pbn("N:A2... ..32. ...32 K.A..")


def test_ducking_the_ace_costs_what_winning_it_keeps() -> None:
    won = play_cost(WIN_OR_DUCK, cards("SK SA D2 C2"), Seat.SOUTH, Strain.NOTRUMP)
    assert won.start == 1
    assert [(card.seat, card.cost) for card in won.cards] == [
        (Seat.WEST, 1),
        (Seat.NORTH, 0),
        (Seat.EAST, 0),
        (Seat.SOUTH, 0),
    ]
    assert won.final == 2
    ducked = play_cost(WIN_OR_DUCK, cards("SK S2 D2 C2"), Seat.SOUTH, Strain.NOTRUMP)
    assert [card.cost for card in ducked.cards] == [1, 2, 0, 0]
    assert ducked.final == 0
    assert ducked.seat_costs() == (0, 0, 2, 1)  # dummy's card is declarer's choice: South's
    assert ducked.side_cost(Side.NS) == 2 and ducked.side_cost(Side.EW) == 1


# CASH_OR_DUCK with the defence holding the winner: West on lead against South, with ♠A and a
# small heart; dummy (North) holds ♥AK.
DEFENCE_CASHES = Deal.from_pbn("N:.AK.. ..32. ...32 A.2..")


def test_a_defender_who_does_not_cash_gives_declarer_a_trick() -> None:
    cashed = play_cost(DEFENCE_CASHES, cards("SA HA D2 C2"), Seat.SOUTH, Strain.NOTRUMP)
    assert cashed.start == 1 and [card.cost for card in cashed.cards] == [0, 0, 0, 0]
    ducked = play_cost(DEFENCE_CASHES, cards("H2 HA D2 C2 HK D3 C3 SA"), Seat.SOUTH, Strain.NOTRUMP)
    assert ducked.start == 1 and ducked.final == 2
    assert [card.after for card in ducked.cards] == [2] * 8
    assert ducked.cards[0].seat is Seat.WEST and ducked.cards[0].cost == 1
    assert ducked.side_cost(Side.EW) == 1 and ducked.side_cost(Side.NS) == 0


# Two tricks, West on lead with ♠AK against South; North holds two diamonds, East ♣AK, South
# a heart and a club.  Who can ruff the spade decides the value in each strain.
RUFFS = Deal.from_pbn("N:..32. ...AK .2..2 AK...")


@pytest.mark.parametrize(
    ("strain", "tricks"),
    [
        (Strain.CLUBS, 0),  # East ruffs ahead of South and cashes the other trump
        (Strain.DIAMONDS, 2),  # North ruffs the spade and cashes the other trump
        (Strain.HEARTS, 1),  # South ruffs the spade, then loses the club to East
        (Strain.SPADES, 0),
        (Strain.NOTRUMP, 0),
    ],
)
def test_the_trump_suit_decides_the_value(strain: Strain, tricks: int) -> None:
    assert play_cost(RUFFS, [], Seat.SOUTH, strain).start == tricks


def test_no_play_is_the_starting_value() -> None:
    cost = play_cost(CASH_OR_DUCK, [], Seat.SOUTH, Strain.NOTRUMP, Seat.SOUTH)
    assert cost.cards == () and cost.final == cost.start == 1


# -- against solve_board -----------------------------------------------------------------------

_DENOMS = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt)


def solve_board_values(deal: Deal, play: list[Card], declarer: Seat, strain: Strain) -> list[int]:
    """The declaring side's tricks before and after each card, position by position: tricks it
    has won plus, from solve_board, the best the side to play can take (or the rest, when the
    other side is to play).  A finished play counts the tricks won."""
    position = EndplayDeal(deal.to_pbn(), first=Player(declarer.lho), trump=_DENOMS[strain])
    game: Play[Seat] = Play(deal.hands, declarer.lho, strain.suit)
    values = []
    for number in range(len(play) + 1):
        won = sum(game.won_by(seat) for seat in declarer.side.seats)
        to_play = game.to_play
        if to_play is None:
            values.append(won)
            break
        best = max(score for _, score in solve_board(position))
        ours = best if to_play.side is declarer.side else game.remaining_tricks - best
        values.append(won + ours)
        if number < len(play):
            card = play[number]
            position.play(card.name)
            game.play(card)
    return values


@pytest.mark.parametrize("record", [PLAYED_4S, PLAYED_4H], ids=["4S-N", "4H-S"])
def test_every_value_agrees_with_solve_board(record: DealRecord) -> None:
    contract = record.contract
    assert contract is not None
    cost = record_play_cost(record)
    assert cost is not None
    values = [cost.start, *(card.after for card in cost.cards)]
    assert values == solve_board_values(
        record.board.deal, list(record.play), contract.declarer, contract.strain
    )


def test_an_endgame_agrees_with_solve_board_whoever_leads() -> None:
    # Hearts trumps, declarer East: South leads, so DDS counts for East's side directly.
    play = cards("H2 HA C2 D2 HK C3 D3 SA")
    for declarer in (Seat.EAST, Seat.WEST):
        cost = play_cost(CASH_OR_DUCK, play, declarer, Strain.HEARTS, Seat.SOUTH)
        position = EndplayDeal(CASH_OR_DUCK.to_pbn(), first=Player.south, trump=Denom.hearts)
        best = max(score for _, score in solve_board(position))
        assert cost.start == 2 - best  # South's side takes `best` of the two tricks


# -- whole deals ---------------------------------------------------------------------------


def check_consistency(cost: PlayCost) -> None:
    assert all(card.cost >= 0 for card in cost.cards)
    declaring = cost.declarer.side
    assert cost.final == (
        cost.start - cost.side_cost(declaring) + cost.side_cost(declaring.opponents)
    )
    assert sum(cost.seat_costs()) == sum(card.cost for card in cost.cards)
    assert PlayCost.from_dict(cost.as_dict()) == cost


def test_played_deals_end_on_their_result() -> None:
    for record in (PLAYED_4S, PLAYED_4H):
        cost = record_play_cost(record)
        assert cost is not None and len(cost.cards) == 52
        assert cost.final == record.declarer_tricks
        check_consistency(cost)
    cost = record_play_cost(PLAYED_4S)
    assert cost is not None
    assert (cost.start, cost.seat_costs()) == (5, (3, 0, 0, 5))  # North declares: dummy's 1


def random_play(seed: int, cards_played: int) -> tuple[Board, Contract, tuple[Card, ...]]:
    rng = make_rng(seed)
    board = Board.random(seed, rng)
    contract = Contract(3, rng.choice(list(Strain)), Doubling.UNDOUBLED, rng.choice(SEATS))
    game: Play[Seat] = Play(board.deal.hands, contract.opening_leader, contract.trump)
    while len(game.history) < cards_played:
        game.play(rng.choice(game.legal_cards()))
    return board, contract, tuple(card for _, card in game.history)


@pytest.mark.parametrize(("seed", "cards_played"), [(1, 52), (2, 52), (3, 47), (4, 50)])
def test_random_plays_account_for_every_trick(seed: int, cards_played: int) -> None:
    board, contract, played = random_play(seed, cards_played)
    cost = play_cost(board.deal, played, contract.declarer, contract.strain)
    assert len(cost.cards) == cards_played
    check_consistency(cost)
    game: Play[Seat] = Play(board.deal.hands, contract.opening_leader, contract.trump)
    for card in played:
        game.play(card)
    if cards_played == 52:
        assert cost.final == sum(game.won_by(seat) for seat in contract.declarer.side.seats)


def test_a_record_without_contract_or_play_has_no_cost() -> None:
    assert record_play_cost(VUGRAPH[1]) is None  # the closed room: no play recorded
    assert record_play_cost(DealRecord(PLAYED_4S.board, play=PLAYED_4S.play)) is None


# -- errors and JSON ---------------------------------------------------------------------------


def revoke_in_trick_one() -> tuple[Card, ...]:
    """PLAYED_4S with West discarding ♦3 on the club lead while holding ♣Q3."""
    play = list(PLAYED_4S.play)
    club, diamond = play.index(Card.parse("CQ")), play.index(Card.parse("D3"))
    play[club], play[diamond] = play[diamond], play[club]
    return tuple(play)


def test_a_revoke_is_refused_with_its_place_in_the_play() -> None:
    with pytest.raises(IllegalAction, match=r"card 3 of the play \(D3\): must follow suit"):
        play_cost(PLAYED_4S.board.deal, revoke_in_trick_one(), Seat.NORTH, Strain.SPADES)


def test_a_card_from_the_wrong_hand_is_refused() -> None:
    with pytest.raises(IllegalAction, match=r"card 1 of the play \(HA\): South does not hold"):
        play_cost(CASH_OR_DUCK, cards("HA"), Seat.SOUTH, Strain.NOTRUMP, Seat.SOUTH)


def test_hands_of_different_sizes_are_refused() -> None:
    uneven = Deal.from_pbn("N:...32 ..32. A.2.. .A..")
    with pytest.raises(ParseError, match="same number of cards in each hand"):
        play_cost(uneven, [], Seat.SOUTH, Strain.NOTRUMP)
    with pytest.raises(ParseError, match="same number of cards"):
        play_cost(Deal.from_pbn("N:- - - -"), [], Seat.SOUTH, Strain.NOTRUMP)


def test_json_lists_each_card_and_the_totals() -> None:
    cost = play_cost(
        CASH_OR_DUCK, cards("H2 HA C2 D2 HK C3 D3 SA"), Seat.SOUTH, Strain.NOTRUMP, Seat.SOUTH
    )
    data = cost.as_dict()
    assert data["declarer"] == "S" and data["strain"] == "NT"
    assert (data["total_tricks"], data["start"], data["final"]) == (2, 1, 0)
    assert data["cards"][:2] == [
        {"seat": "S", "card": "H2", "after": 0, "cost": 1},
        {"seat": "W", "card": "HA", "after": 0, "cost": 0},
    ]
    assert data["seats"] == {"N": 0, "E": 0, "S": 1, "W": 0}
    assert data["sides"] == {"NS": 1, "EW": 0}


def test_json_that_claims_a_card_gained_a_trick_is_refused() -> None:
    data = play_cost(DEFENCE_CASHES, cards("SA"), Seat.SOUTH, Strain.NOTRUMP).as_dict()
    data["cards"][0]["after"] = 0  # West's ace would have gained the defence a trick
    with pytest.raises(ParseError, match="cannot gain its side a trick"):
        PlayCost.from_dict(data)
    with pytest.raises(ParseError, match="not a play analysis"):
        PlayCost.from_dict({"declarer": "S"})


def test_values_must_follow_each_other() -> None:
    first = CardCost(Seat.WEST, Card.parse("SA"), 1, 1, Side.NS)
    second = CardCost(Seat.NORTH, Card.parse("HA"), 2, 2, Side.NS)
    with pytest.raises(ParseError, match="do not follow"):
        PlayCost(Seat.SOUTH, Strain.NOTRUMP, 1, (first, second), 2)


# -- the parallel path -------------------------------------------------------------------------


def played_at_random(record: DealRecord, contract: Contract, seed: int, count: int) -> DealTask:
    """A task for the record's deal played at random for `count` cards."""
    rng = make_rng(seed)
    game: Play[Seat] = Play(record.board.deal.hands, contract.opening_leader, contract.trump)
    while len(game.history) < count:
        game.play(rng.choice(game.legal_cards()))
    return DealTask(record.board, contract, tuple(card for _, card in game.history))


def test_two_processes_give_what_one_gives() -> None:
    # Deals whose tables DDS solves at once, so the test times the workers, not the solver.
    small = load_any(DATA / "analysis_small.pbn")
    tasks = [
        played_at_random(small[0], Contract.parse("6NT S"), 1, 52),
        DealTask(small[1].board),
        played_at_random(small[1], Contract.parse("4H E"), 2, 52),
        played_at_random(small[2], Contract.parse("3S W"), 3, 21),
        played_at_random(small[0], Contract.parse("2D N"), 4, 52),
    ]
    seen: list[int] = []
    together = analyse_deals(tasks, workers=2, advance=seen.append)
    assert together == analyse_chunk(tasks)
    assert seen == [1] * len(tasks)  # a chunk of one deal each, for so few deals
    assert [found.play_cost is not None for found in together] == [True, False, True, True, True]


def test_workers_start_only_for_files_that_repay_them() -> None:
    assert useful_workers(2 * PAYS_OFF - 1, available=2) == 1
    assert useful_workers(2 * PAYS_OFF, available=2) == 2
    assert useful_workers(1000, available=2) == 2
    assert useful_workers(1000, available=1) == 1
    assert useful_workers(0, available=4) == 1


def test_a_play_that_breaks_a_rule_is_reported_not_raised() -> None:
    task = DealTask(PLAYED_4S.board, PLAYED_4S.contract, revoke_in_trick_one())
    (found,) = analyse_deals([task])
    assert found.play_cost is None
    assert found.play_error is not None and "must follow suit" in found.play_error
    assert found.analysis.table.tricks(Seat.NORTH, Strain.SPADES) == 5


def test_the_value_types_do_not_load_the_solver() -> None:
    code = (
        "import sys, vaza.analysis.play_cost, vaza.analysis.parallel; "
        "print('endplay' in sys.modules)"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"
