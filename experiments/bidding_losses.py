"""Where the bidding system's par loss comes from, board by board (issue 18).

    .venv/bin/python experiments/bidding_losses.py 2000 1 /tmp/dd1.json [fail missed]

Bids `measure`'s boards (the same numbering and seed as `python -m vaza.robots.bidding.measure`)
with the system, keeps their double-dummy tables in the cache file (solved once), and prints:

- the part of the par loss named (all three parts without one), grouped by the kind of the
  contract reached and of par's contract (`partscore-M` → `game-M`, ...), in IMPs a board;
- how often the games the general rules bid make, by the declaring side's combined high-card
  points and, in a major, its trumps: what a game threshold costs where it is wrong.

The classes say where to look; a change is kept only when `measure --against` finds it better
on boards it was not chosen on.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from pathlib import Path

from vaza.analysis import ns_score
from vaza.core.calls import Contract, Strain
from vaza.core.cards import Suit, hcp_of
from vaza.core.deal import Board
from vaza.robots.bidding.infer import situation_after
from vaza.robots.bidding.measure import (
    LOSS_KINDS,
    analyse_cached,
    bid_board,
    contract_kind,
    loss_kind,
)
from vaza.scoring.imps import imps

_MAJORS = (Strain.HEARTS, Strain.SPADES)


def _class(contract: Contract | None) -> str:
    if contract is None:
        return "passed"
    strain = contract.strain
    family = "NT" if strain == Strain.NOTRUMP else "M" if strain in _MAJORS else "m"
    return f"{contract_kind(contract)}-{family}"


def main() -> None:
    count, seed, cache = int(sys.argv[1]), sys.argv[2], Path(sys.argv[3])
    wanted = sys.argv[4:] or list(LOSS_KINDS)
    rng = random.Random(seed)
    boards = [Board.random(number % 16 + 1, rng) for number in range(count)]
    analyses = analyse_cached(boards, None, cache)
    losses: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    games: dict[tuple[str, int, int], list[int]] = defaultdict(lambda: [0, 0])
    for board, analysis in zip(boards, analyses, strict=True):
        bid = bid_board(board)
        contract = bid.contract
        tricks = 0 if contract is None else analysis.table[contract.declarer, contract.strain]
        score = ns_score(contract, tricks, board.vulnerability)
        kind = loss_kind(contract, tricks, score, analysis.par.score)
        if kind in wanted:
            par_contract = analysis.par.contracts[0] if analysis.par.contracts else None
            losses[(kind, _class(contract), _class(par_contract))].append(
                abs(imps(score - analysis.par.score))
            )
        if contract is None or contract_kind(contract) != "game":
            continue
        steps = situation_after(bid.calls, board.dealer, board.vulnerability).steps
        last_bid = next(step for step in reversed(steps) if step.call.is_bid)
        if last_bid.rule.label != "general_game":
            continue
        declarer = contract.declarer
        hands = (board.deal[declarer], board.deal[declarer.partner])
        points = sum(hcp_of(hand.mask) for hand in hands)
        trumps = (
            0
            if contract.strain == Strain.NOTRUMP
            else sum(hand.length(Suit(int(contract.strain))) for hand in hands)
        )
        row = games[(_class(contract), min(max(points, 20), 28), min(trumps, 10))]
        row[0] += 1
        row[1] += tricks >= contract.tricks_needed
    print("part of the par loss, contract reached -> par's: boards, IMPs a board")
    ranked = sorted(losses.items(), key=lambda item: -sum(item[1]))
    for (kind, reached, par), found in ranked[:30]:
        print(f"  {kind:12s} {reached:>16s} -> {par:<16s} {len(found):5d} {sum(found) / count:.3f}")
    print("games of the general rules: combined HCP (20 = 20 or fewer), trumps: bid, made")
    for (reached, points, trumps), (bid_count, made) in sorted(games.items()):
        if bid_count >= 5:
            rate = made / bid_count
            print(f"  {reached:8s} {points:3d} HCP {trumps:3d} trumps {bid_count:5d} {rate:.2f}")


if __name__ == "__main__":
    main()
