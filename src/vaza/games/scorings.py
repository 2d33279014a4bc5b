"""The scoring systems the games share, each with the options it reads and its labels.

Declared once: a game's spec lists the ones it allows (the bridge variants share contract
bridge's pads; Boerenbridge has its own).  `docs/scoring.md` explains every system and option.
"""

from __future__ import annotations

from typing import Final

from vaza.games.spec import Choice, Option, OptionKind, Scoring, Text

HONOURS: Final = Option("honours", OptionKind.BOOL, True, Text("Count honours", "Contar honras"))
DOUBLED_OVERTRICKS: Final = Option(
    "doubled_overtricks",
    OptionKind.CHOICE,
    "per-trick",
    Text("Doubled overtricks", "Vazas a mais dobradas"),
    (
        Choice("per-trick", Text("for each overtrick (WBF)", "por vaza a mais (WBF)")),
        Choice(
            "flat",
            Text("once for all the overtricks", "uma vez por todas as vazas a mais"),
        ),
    ),
)
VUL_CYCLE: Final = Option(
    "vul_cycle",
    OptionKind.CHOICE,
    "seeds",
    Text("Vulnerability", "Vulnerabilidade"),
    (
        Choice("seeds", Text("none, N-S, E-W, both", "ninguém, N-S, L-O, todos")),
        Choice(
            "dealer",
            Text(
                "none, dealer's side, dealer's side, both",
                "ninguém, dupla do carteador, dupla do carteador, todos",
            ),
        ),
    ),
)
PARTSCORES: Final = Option(
    "partscores",
    OptionKind.CHOICE,
    "carry",
    Text("Partscores", "Parciais"),
    (
        Choice("carry", Text("add up toward game", "somam para o jogo")),
        Choice("duplicate", Text("each deal alone (50)", "cada mão sozinha (50)")),
    ),
)
PASSED_OUT: Final = Option(
    "passed_out",
    OptionKind.CHOICE,
    "redeal",
    Text("Four passes", "Quatro passes"),
    (
        Choice("redeal", Text("the same dealer deals again", "o mesmo carteador dá de novo")),
        Choice("counts", Text("the deal counts", "a mão conta")),
    ),
)

DUPLICATE: Final = Scoring(
    "duplicate",
    Text("Duplicate", "Duplicado"),
    Text(
        "Each deal scored on its own, with duplicate's game and partscore bonuses.",
        "Cada mão contada sozinha, com os prêmios de jogo e parcial do duplicado.",
    ),
    (
        Option(
            "boards",
            OptionKind.NUMBER,
            None,
            Text("Boards (empty: no end)", "Boards (vazio: sem fim)"),
        ),
        Option(
            "first_board",
            OptionKind.NUMBER,
            1,
            Text("First board", "Primeiro board"),
            maximum=9999,
        ),
    ),
    pbn="MP",
)
RUBBER: Final = Scoring(
    "rubber",
    Text("Rubber", "Rober"),
    Text(
        "The first side to win two games wins the rubber.",
        "A primeira dupla a ganhar dois jogos ganha o rober.",
    ),
    (HONOURS, DOUBLED_OVERTRICKS, PASSED_OUT),
    pad=True,
    pbn="Rubber",
)
CHICAGO: Final = Scoring(
    "chicago",
    Text("Chicago", "Chicago"),
    Text(
        "Four deals, vulnerability by deal number.",
        "Quatro mãos, vulnerabilidade pelo número da mão.",
    ),
    (HONOURS, DOUBLED_OVERTRICKS, VUL_CYCLE, PARTSCORES, PASSED_OUT),
    pad=True,
    pbn="Chicago",
)
AUCTION: Final = Scoring(
    "auction",
    Text("Auction Bridge", "Bridge-Leilão"),
    Text(
        "Rubber bridge where overtricks count toward game.",
        "Rober em que as vazas a mais contam para o jogo.",
    ),
    (HONOURS, PASSED_OUT),
    pad=True,
    pbn="Rubber;Auction",
)
OLD_POLISH: Final = Scoring(
    "old-polish",
    Text("Old Polish", "Old Polish"),
    Text(
        "Rubber bridge with Old Polish numbers (game is 30).",
        "Rober com os números do Old Polish (o jogo é 30).",
    ),
    (HONOURS, DOUBLED_OVERTRICKS, PASSED_OUT),
    pad=True,
    pbn="Rubber;OldPolish",
)
RUSSIAN: Final = Scoring(
    "russian",
    Text("IMP (Russian)", "IMP (russa)"),
    Text(
        "Chicago rounds scored in IMPs against the expected score for the high-card points held.",
        "Rodadas de Chicago contadas em IMPs contra o resultado esperado pelos pontos de honra.",
    ),
    (VUL_CYCLE, PASSED_OUT),
    pad=True,
    pbn="IMP;Russian",
)
PADS: Final = (RUBBER, CHICAGO, AUCTION, OLD_POLISH, RUSSIAN)
"""The pad systems, as `vaza.scoring.systems.pad_rules` knows them."""


def pad_options(options: dict[str, object], scoring: Scoring) -> dict[str, object]:
    """The options of `options` that `scoring`'s pad reads (a game's own are left out)."""
    names = {option.name for option in scoring.options}
    return {name: value for name, value in options.items() if name in names}
