"""The hub's work for one action at a four-player table, without the server: after each
random legal action of N deals, each seat's view (`BridgeMatch.view`, the four sharing one
moment as the server's do), its patch against the seat's last view and the patch's JSON
(orjson).  The patch is written as the hub writes it: the part the views share diffed once,
each seat's own keys alone (`protocol.patch.diff_beside`); `whole` diffs each view whole.

    python experiments/views_per_action.py 30          # µs an action
    python experiments/views_per_action.py 30 whole    # each view diffed whole
    python experiments/views_per_action.py 30 profile  # and where they go (cProfile)
"""

from __future__ import annotations

import cProfile
import pstats
import random
import sys
import time
from typing import Any

import orjson

from vaza.match.base import SHARED
from vaza.match.bridge import BridgeMatch, DuplicateScorer
from vaza.protocol import patch
from vaza.protocol.bridge import parse_action

SEATS = "NESW"


def run(deals: int, seed: int, whole: bool = False) -> tuple[int, float]:
    rng = random.Random(seed)
    match = BridgeMatch(DuplicateScorer())
    actions, seconds = 0, 0.0
    for _ in range(deals):
        match.start_deal(match.setup_deal(rng))
        moment: dict[str, Any] = {}
        held: dict[object, Any] = {seat: match.view(seat, moment=moment) for seat in SEATS}
        shared_before = moment[SHARED]
        while match.in_deal:
            seat = match.controller()
            assert seat is not None
            legal = held[seat]["legal"]
            plain = [a for a in legal if a.get("type") not in ("claim", "undo")] or legal
            match.apply(parse_action(rng.choice(plain)), seat)
            started = time.perf_counter()
            moment = {}  # as the server's views of one version share
            shared_patch = None
            for viewer in SEATS:
                view = match.view(viewer, moment=moment)
                if whole:
                    written = patch.diff(held[viewer], view)
                else:
                    shared = moment[SHARED]
                    if shared_patch is None:
                        shared_patch = patch.diff(shared_before, shared)
                    written = patch.diff_beside(held[viewer], view, shared, shared_patch)
                orjson.dumps({"patch": written})
                held[viewer] = view
            shared_before = moment[SHARED]
            seconds += time.perf_counter() - started
            actions += 1
    return actions, seconds


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    whole = "whole" in sys.argv[2:]
    if "profile" in sys.argv[2:]:
        profile = cProfile.Profile()
        profile.runcall(run, count, 1, whole)
        pstats.Stats(profile).sort_stats("tottime").print_stats(20)
    made, spent = run(count, 1, whole)
    print(f"{made} actions, {spent / made * 1e6:.1f} µs an action (4 views, patches, JSON)")
