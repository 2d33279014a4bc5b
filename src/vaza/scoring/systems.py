"""The pad systems by name, with their options: one place for the CLI and the tables."""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from vaza.core.errors import ParseError
from vaza.scoring.auction_bridge import auction_rules
from vaza.scoring.chicago import DEALER_CYCLE, SEEDS_CYCLE, Partscores, chicago_rules
from vaza.scoring.old_polish import old_polish_rules
from vaza.scoring.rubber import rubber_rules
from vaza.scoring.russian import russian_rules
from vaza.scoring.sheet import PadRules, PassedOut

PAD_SYSTEMS: Final = ("rubber", "chicago", "auction", "old-polish", "russian")
CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "doubled_overtricks": ("per-trick", "flat"),
    "vul_cycle": ("seeds", "dealer"),
    "partscores": ("carry", "duplicate"),
    "passed_out": ("redeal", "counts"),
}


def pad_rules(
    system: str,
    *,
    honours: bool = True,
    doubled_overtricks: str = "per-trick",
    vul_cycle: str = "seeds",
    partscores: str = "carry",
    passed_out: str = "redeal",
) -> PadRules:
    """The rules of a pad system; each option chooses between the seeds where they differ
    (see docs/scoring.md)."""
    for name, value in (
        ("doubled_overtricks", doubled_overtricks),
        ("vul_cycle", vul_cycle),
        ("partscores", partscores),
        ("passed_out", passed_out),
    ):
        if value not in CHOICES[name]:
            raise ParseError(f"{name} is one of {', '.join(CHOICES[name])}, not {value!r}")
    flat = doubled_overtricks == "flat"
    cycle = DEALER_CYCLE if vul_cycle == "dealer" else SEEDS_CYCLE
    if system == "rubber":
        rules = rubber_rules(honours, flat)
    elif system == "auction":
        rules = auction_rules(honours)
    elif system == "old-polish":
        rules = old_polish_rules(honours, flat)
    elif system == "chicago":
        rules = chicago_rules(cycle, Partscores(partscores), honours, flat)
    elif system == "russian":
        rules = russian_rules(cycle)
    else:
        raise ParseError(f"not a pad system: {system!r} (one of {', '.join(PAD_SYSTEMS)})")
    return replace(rules, passed_out=PassedOut(passed_out))
