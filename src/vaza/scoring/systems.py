"""The pad systems by name, with their options: one place for the CLI and the tables."""

from __future__ import annotations

from dataclasses import dataclass, replace
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


@dataclass(frozen=True, slots=True)
class PadOptions:
    """A pad system's options, each choosing between the seeds where they differ (see
    docs/scoring.md); checked when made, so a pad never holds a choice no seed makes."""

    honours: bool = True
    """Honours are scored (the seeds' rubber); off for those who never count them."""
    doubled_overtricks: str = "per-trick"
    """Doubled overtricks paid per trick by vulnerability (per-trick) or one flat rate (flat)."""
    vul_cycle: str = "seeds"
    """Chicago's vulnerability: the seeds' cycle by deal (seeds) or by dealer (dealer)."""
    partscores: str = "carry"
    """Chicago partscores add up toward game (carry) or each deal stands alone (duplicate)."""
    passed_out: str = "redeal"
    """A deal passed out by all four is dealt again (redeal) or counts as a deal (counts)."""

    def __post_init__(self) -> None:
        for name, choices in CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                raise ParseError(f"{name} is one of {', '.join(choices)}, not {value!r}")


def pad_rules(system: str, options: PadOptions = PadOptions()) -> PadRules:
    """The rules of a pad system under its options."""
    honours, partscores = options.honours, options.partscores
    flat = options.doubled_overtricks == "flat"
    cycle = DEALER_CYCLE if options.vul_cycle == "dealer" else SEEDS_CYCLE
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
    return replace(rules, passed_out=PassedOut(options.passed_out))
