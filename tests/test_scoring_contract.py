"""The contract score against an independent writing of the WBF scoring table (Law 77).

`law_77` below is written from the printed table, number by number, without the module's
shifts and schedules: it is the golden table every contract level, strain, doubling,
vulnerability and trick count (7 x 5 x 3 x 2 x 14 = 2940 results) is checked against.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from vaza.core.calls import Contract, Doubling, Strain
from vaza.core.cards import Seat
from vaza.scoring.contract import (
    WBF,
    ContractScore,
    duplicate_score,
    is_game_contract,
    score_contract,
    trick_points,
    undertrick_points,
)

# Law 77, "Contract points": for each odd trick bid and made, by doubling.
MINOR = {Doubling.UNDOUBLED: 20, Doubling.DOUBLED: 40, Doubling.REDOUBLED: 80}
MAJOR = {Doubling.UNDOUBLED: 30, Doubling.DOUBLED: 60, Doubling.REDOUBLED: 120}
NT_FIRST = {Doubling.UNDOUBLED: 40, Doubling.DOUBLED: 80, Doubling.REDOUBLED: 160}
NT_LATER = {Doubling.UNDOUBLED: 30, Doubling.DOUBLED: 60, Doubling.REDOUBLED: 120}
# "Overtrick points": undoubled the trick value; doubled / redoubled by vulnerability.
OVERTRICK = {
    (Doubling.DOUBLED, False): 100,
    (Doubling.DOUBLED, True): 200,
    (Doubling.REDOUBLED, False): 200,
    (Doubling.REDOUBLED, True): 400,
}
# "Premium points".
SLAM = {(6, False): 500, (6, True): 750, (7, False): 1000, (7, True): 1500}
INSULT = {Doubling.DOUBLED: 50, Doubling.REDOUBLED: 100}
# "Undertrick penalties": the first, the second and third, the fourth and each subsequent.
UNDERTRICK_STEPS = {
    (Doubling.UNDOUBLED, False): (50, 50, 50, 50),
    (Doubling.UNDOUBLED, True): (100, 100, 100, 100),
    (Doubling.DOUBLED, False): (100, 200, 200, 300),
    (Doubling.DOUBLED, True): (200, 300, 300, 300),
    (Doubling.REDOUBLED, False): (200, 400, 400, 600),
    (Doubling.REDOUBLED, True): (400, 600, 600, 600),
}


def law_77(level: int, strain: Strain, doubling: Doubling, vulnerable: bool, tricks: int) -> int:
    """The duplicate score from the declaring side, straight from the printed table."""
    needed = level + 6
    if tricks < needed:
        steps = UNDERTRICK_STEPS[doubling, vulnerable]
        return -sum(steps[min(i, 3)] for i in range(needed - tricks))
    if strain is Strain.NOTRUMP:
        contract_points = NT_FIRST[doubling] + NT_LATER[doubling] * (level - 1)
        undoubled_each = 30
    else:
        per_trick = (MINOR if strain in (Strain.CLUBS, Strain.DIAMONDS) else MAJOR)[doubling]
        contract_points = per_trick * level
        undoubled_each = 20 if strain in (Strain.CLUBS, Strain.DIAMONDS) else 30
    over = tricks - needed
    if doubling is Doubling.UNDOUBLED:
        overtricks = undoubled_each * over
    else:
        overtricks = OVERTRICK[doubling, vulnerable] * over
    game = contract_points >= 100
    premium = (500 if vulnerable else 300) if game else 50
    premium += SLAM.get((level, vulnerable), 0) + INSULT.get(doubling, 0)
    return contract_points + overtricks + premium


@pytest.mark.parametrize("doubling", list(Doubling))
@pytest.mark.parametrize("vulnerable", [False, True])
def test_every_contract_and_trick_count_matches_law_77(
    doubling: Doubling, vulnerable: bool
) -> None:
    checked = 0
    for level in range(1, 8):
        for strain in Strain:
            contract = Contract(level, strain, doubling, Seat.SOUTH)
            for tricks in range(14):
                expected = law_77(level, strain, doubling, vulnerable, tricks)
                assert duplicate_score(contract, tricks, vulnerable) == expected, (
                    f"{contract} {tricks} tricks, vulnerable={vulnerable}"
                )
                checked += 1
    assert checked == 7 * 5 * 14


@pytest.mark.parametrize(
    ("text", "tricks", "vulnerable", "score"),
    [
        ("4S", 10, False, 420),
        ("4S", 10, True, 620),
        ("3NT", 10, True, 630),
        ("3NT", 9, False, 400),
        ("1NT", 7, False, 90),
        ("2H", 9, False, 140),
        ("7NTXX", 13, True, 2980),
        ("7NT", 13, False, 1520),
        ("6S", 12, True, 1430),
        ("1SXX", 7, False, 520),
        ("1CX", 7, False, 140),
        ("5CX", 11, False, 550),
        ("2DX", 9, True, 380),
        ("2HX", 5, False, -500),
        ("4HX", 9, True, -200),
        ("3NTXX", 5, True, -2200),
        ("7CX", 1, False, -3200),
        ("7NTXX", 0, True, -7600),
        ("2H", 6, False, -100),
        ("6NT", 11, True, -100),
    ],
)
def test_hand_checked_scores(text: str, tricks: int, vulnerable: bool, score: int) -> None:
    assert duplicate_score(Contract.parse(text, Seat.NORTH), tricks, vulnerable) == score


def test_passed_out_scores_zero() -> None:
    assert duplicate_score(None, 0, True) == 0


def test_seed_000_trick_values_for_eight_tricks() -> None:
    # "8 vazas = 40 pontos" (minor), "= 60" (major), "= 70" (no trump).
    for strain, points in ((Strain.CLUBS, 40), (Strain.HEARTS, 60), (Strain.NOTRUMP, 70)):
        contract = Contract(2, strain, Doubling.UNDOUBLED, Seat.NORTH)
        assert score_contract(contract, 8, False).trick_points == points


def test_seed_002_two_hearts_making_nine_tricks() -> None:
    # "ganha 60 pontos abaixo da linha e 30 acima da linha".
    parts = score_contract(Contract.parse("2H N"), 9, False)
    assert parts == ContractScore(trick_points=60, overtricks=30, insult=0, slam=0, undertricks=0)
    assert parts.made and parts.bonuses == 30


def test_seed_001_one_spade_redoubled_is_120_below_and_game() -> None:
    contract = Contract.parse("1SXX S")
    parts = score_contract(contract, 7, False)
    assert parts.trick_points == 120 and parts.insult == 100
    assert is_game_contract(contract)
    assert not is_game_contract(Contract.parse("1SX S"))


def test_seed_000_doubled_undertricks_not_vulnerable() -> None:
    # 2H doubled taking 7, 6, 5, 4, 3 tricks: 100, 300, 500, 800, 1100.
    contract = Contract.parse("2HX N")
    penalties = [score_contract(contract, tricks, False).undertricks for tricks in (7, 6, 5, 4, 3)]
    assert penalties == [100, 300, 500, 800, 1100]


def test_seed_000_doubled_and_redoubled_schedules() -> None:
    assert [undertrick_points(n, Doubling.DOUBLED, True) for n in (1, 2, 3, 4)] == [
        200,
        500,
        800,
        1100,
    ]
    assert [undertrick_points(n, Doubling.REDOUBLED, False) for n in (1, 2, 3, 4)] == [
        200,
        600,
        1000,
        1600,
    ]
    assert [undertrick_points(n, Doubling.REDOUBLED, True) for n in (1, 2, 3, 4)] == [
        400,
        1000,
        1600,
        2200,
    ]
    assert undertrick_points(2, Doubling.UNDOUBLED, False) == 100
    assert undertrick_points(0, Doubling.DOUBLED, True) == 0


def test_game_contracts() -> None:
    games = {"3NT", "4H", "4S", "5C", "5D", "2SX", "1NTXX", "3DX"}
    partscores = {"2NT", "4D", "3S", "1SX", "2CX", "4C"}
    for text in games:
        assert is_game_contract(Contract.parse(text, Seat.EAST)), text
    for text in partscores:
        assert not is_game_contract(Contract.parse(text, Seat.EAST)), text


def test_overtricks_by_doubling() -> None:
    assert score_contract(Contract.parse("1NT N"), 10, False).overtricks == 90
    assert score_contract(Contract.parse("1DX N"), 9, False).overtricks == 200
    assert score_contract(Contract.parse("1DX N"), 9, True).overtricks == 400
    assert score_contract(Contract.parse("1DXX N"), 9, False).overtricks == 400
    assert score_contract(Contract.parse("1DXX N"), 9, True).overtricks == 800


def test_seed_000_flat_doubled_overtricks_option() -> None:
    # "não importando quantas vazas a mais pegou": once, however many overtricks.
    flat = replace(WBF, doubled_overtricks_flat=True)
    contract = Contract.parse("2HX N")
    assert score_contract(contract, 11, False, flat).overtricks == 100
    assert score_contract(contract, 11, True, flat).overtricks == 200
    assert score_contract(Contract.parse("2HXX N"), 11, False, flat).overtricks == 200
    assert score_contract(Contract.parse("2HXX N"), 9, True, flat).overtricks == 400
    assert score_contract(contract, 8, True, flat).overtricks == 0
    assert score_contract(contract, 11, False).overtricks == 300
    # Undoubled overtricks are still counted one by one.
    assert score_contract(Contract.parse("2H N"), 11, False, flat).overtricks == 90


def test_slam_and_insult_parts() -> None:
    parts = score_contract(Contract.parse("6HX N"), 13, True)
    assert (parts.trick_points, parts.overtricks, parts.insult, parts.slam) == (360, 200, 50, 750)
    parts = score_contract(Contract.parse("7C N"), 13, False)
    assert (parts.trick_points, parts.slam) == (140, 1000)


def test_trick_points_of_nothing_is_zero() -> None:
    assert trick_points(Contract.parse("3NT N"), 0) == 0


@pytest.mark.parametrize("tricks", [-1, 14])
def test_impossible_trick_counts_are_refused(tricks: int) -> None:
    with pytest.raises(ValueError, match="0 to 13"):
        score_contract(Contract.parse("1C N"), tricks, False)
