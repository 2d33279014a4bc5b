"""Judging the pass that would leave the opponents their contract (issue 18, 2026-12-06).

    .venv/bin/python docs/experiments/contested_judgement.py run 300 1 base /tmp/dd1.json > a.json
    … run 300 1 doubles /tmp/dd1.json > b.json   (at the same time, on the other core)
    … compare a.json b.json

The strong robot judges by simulation only the calls that place the contract when our side bids
alone (`robots/judged_bidding.py`). A third of the system's par loss is competitive, and most of
it is the opponents declaring a contract that fails undoubled where our side owns the hand. This
script adds one more judged decision, the last pass of a contested auction: our side has bid,
the opponents' last call is an undoubled bid and both others have passed it. The calls weighed
against the system's, on the same layouts and with the auction finished by the system:

- `all`: a pass, a double, and the cheapest bid in each suit with eight cards between the
  bidder and what partner showed (up to the five level);
- `doubles`: a pass and a double;
- `bids`: a pass and the bids;
- `base`: nothing more (the strong robot's judgement as built).

Every seat bids by `judged_chooser` with 16 layouts a judged call and no clock, so two runs
differ only where the variant changes a call. `run` prints each board's IMPs from par;
`compare` pairs two runs board by board (b less a). The double-dummy tables are kept in the
file named (the bidding measure's `--dd-cache`).
"""

import json
import sys
from collections.abc import Mapping
from pathlib import Path

from common import paired

import vaza.robots.judged_bidding as judged
from vaza.core.calls import DOUBLE, PASS, Call, Strain
from vaza.core.cards import Hand, Seat
from vaza.robots.bidding.infer import situation_after
from vaza.robots.bidding.measure import measure
from vaza.robots.constraints import HandConstraints

FIT = 8
COMPETE_LEVEL = 5


def passed_out_calls(
    seen: judged.BidderView, beliefs: Mapping[Seat, HandConstraints], variant: str
) -> tuple[Call, ...]:
    """The calls weighed when a pass would end a contested auction in the opponents' bid."""
    me, calls = seen.viewer, seen.calls
    if len(calls) < 3 or calls[-1] is not PASS or calls[-2] is not PASS:
        return ()
    last = calls[-3]  # the left-hand opponent's
    if not last.is_bid:
        return ()
    ours = [call for index, call in enumerate(calls) if seen.dealer.next(index).side == me.side]
    if not any(call.is_bid for call in ours):
        return ()
    hand, shown = Hand.from_mask(seen.hand), beliefs.get(me.partner, HandConstraints())
    situation = situation_after(calls, seen.dealer, seen.vulnerability)
    weighed: list[Call] = [PASS]
    if variant in ("all", "doubles"):
        weighed.append(DOUBLE)
    for strain in Strain:
        suit = strain.suit
        if variant not in ("all", "bids") or suit is None:
            continue
        bid = situation.cheapest(strain)
        fit = hand.length(suit) + shown.length(suit)[0] >= FIT
        if fit and bid is not None and bid.level <= COMPETE_LEVEL:
            weighed.append(bid)
    return tuple(weighed)


def run(count: int, seed: int, variant: str, cache: Path) -> None:
    built = judged.weighed_calls

    def weighed_calls(
        seen: judged.BidderView,
        beliefs: Mapping[Seat, HandConstraints],
        system: Call,
    ) -> tuple[Call, ...]:
        found = built(seen, beliefs, system)
        if found or variant == "base":
            return found
        return tuple(
            call for call in passed_out_calls(seen, beliefs, variant) if call is not system
        )

    judged.weighed_calls = weighed_calls
    settings = judged.JudgeSettings(budget_ms=None, max_samples=16)
    found = measure(count, seed, dd_cache=cache, chooser=judged.judged_chooser(settings, seed=seed))
    print(json.dumps({
        "variant": variant,
        "seed": seed,
        "par_loss_imps": round(found.par_loss_imps, 3),
        "parts": {kind: round(value, 3) for kind, value in found.losses_by_kind.items()},
        "contracts": found.contracts,
        "call_ms_p95": round(found.call_ms_p95),
        "losses": found.board_losses,
    }))  # fmt: skip


def main() -> None:
    if sys.argv[1] == "compare":
        first, second = (json.loads(Path(name).read_text()) for name in sys.argv[2:4])
        print(json.dumps(paired(first["losses"], second["losses"], 3)))
        return
    count, seed, variant, cache = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
    run(count, seed, variant, Path(cache))


if __name__ == "__main__":
    main()
