"""The We/They score sheet shared by every pad system (rubber, Auction Bridge, Chicago, Old Polish,
Russian IMPs).

A sheet is an immutable value: `add(sheet, deal)` returns the sheet after one more deal and
`close(sheet)` ends a rubber early.  The systems differ only in their `PadRules`: numbers and
switches as data (what makes game, its bonus, when the match ends, what a passed-out deal does)
and one hook, `score_deal`, that turns a deal into entries (contract points; IMPs for Russian).

We are North–South, They are East–West.  Trick points go below the line and count toward game;
everything else goes above.  A line is drawn after each game, and the other side's partscore no
longer counts toward the next one (seed 000).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum

from vaza.core.calls import Contract
from vaza.core.cards import Seat, Side, Vulnerability
from vaza.core.deal import Deal
from vaza.core.errors import GameOver, ParseError
from vaza.core.games.contract import DealResult
from vaza.scoring.contract import WBF, ScoringTable, score_contract, trick_points
from vaza.scoring.honours import honours as honours_in_hands
from vaza.scoring.honours import valid_honours
from vaza.scoring.sheet_json import sheet_json


class EntryKind(Enum):
    """What an entry on the sheet is for; its value is the label a client translates."""

    TRICKS = "tricks"
    OVERTRICKS = "overtricks"
    INSULT = "insult"
    SLAM = "slam"
    UNDERTRICKS = "undertricks"
    HONOURS = "honours"
    REVOKE = "revoke"
    PASSED_OUT = "passed_out"
    GAME = "game"
    PARTSCORE = "partscore"
    RUBBER = "rubber"
    UNFINISHED_GAME = "unfinished_game"
    UNFINISHED_PARTSCORE = "unfinished_partscore"
    IMPS = "imps"


class PassedOut(Enum):
    """What a deal passed out by all four does to the match."""

    REDEAL = "redeal"
    """The same dealer deals again; the deal is not one of the match's deals (seed 000)."""
    COUNTS = "counts"
    """The deal counts as played (at duplicate it scores zero) and the deal passes on."""


class BonusTo(Enum):
    """Who scores a bonus that belongs to no contract (Old Polish's bonus for four passes)."""

    BOTH = "both"
    DEALER = "dealer"
    NON_DEALER = "non_dealer"


@dataclass(frozen=True, slots=True)
class Entry:
    """One score written on the sheet."""

    side: Side
    points: int
    kind: EntryKind
    deal: int
    """The number of the deal that scored it (its `DealContext.number`)."""
    below: bool = False
    """Below the line (trick points, counting toward game) or above it."""
    game: int = 0
    """Below the line: the game (1-based) the points count toward; 0 above the line."""


@dataclass(frozen=True, slots=True)
class GameLine:
    """A line drawn across the below-the-line scores."""

    game: int
    """The game (1-based) the line closes."""
    winner: Side | None
    """The side that won that game; None when the line only starts afresh (duplicate-style
    Chicago draws one after every partscore)."""
    deal: int
    """The number of the deal after which it is drawn (0: before the sheet began)."""


@dataclass(frozen=True, slots=True)
class PadDeal:
    """One deal as the pad needs it: its contract and tricks, or passed out, or stopped by a
    revoke; the honours the players declared; North–South's high-card points (Russian)."""

    contract: Contract | None = None
    """None: passed out by all four (unless `revoke` is set)."""
    declarer_tricks: int | None = None
    honours: tuple[Side, int] | None = None
    """The side holding honours and their value (100 or 150)."""
    revoke: Side | None = None
    """Seed 000's house rule: the side that revoked; the deal stops, 100 to the opponents."""
    ns_hcp: int | None = None
    """North–South's combined high-card points, needed by Russian scoring."""

    def __post_init__(self) -> None:
        if self.ns_hcp is not None and not 0 <= self.ns_hcp <= 40:
            raise ParseError(f"North–South hold 0 to 40 high-card points, not {self.ns_hcp}")
        if self.revoke is not None:
            if self.declarer_tricks is not None or self.honours is not None:
                raise ParseError(
                    "a deal stopped by a revoke scores only the revoke penalty: no tricks, "
                    "no honours"
                )
            return
        if self.contract is None:
            if self.declarer_tricks is not None or self.honours is not None:
                raise ParseError("a passed-out deal has no tricks and no honours")
            return
        if self.declarer_tricks is None:
            raise ParseError(f"how many tricks did declarer's side take in {self.contract}?")
        if not 0 <= self.declarer_tricks <= 13:
            raise ParseError(f"a side takes 0 to 13 tricks, not {self.declarer_tricks}")
        if self.honours is not None and not valid_honours(self.contract, self.honours[1]):
            allowed = "150 (four aces)" if self.contract.trump is None else "100 or 150"
            raise ParseError(f"honours in {self.contract} are {allowed}, not {self.honours[1]}")

    @property
    def passed_out(self) -> bool:
        return self.contract is None and self.revoke is None

    @classmethod
    def from_result(cls, result: DealResult, deal: Deal | None = None) -> PadDeal:
        """A deal played online: honours and high-card points are counted from the hands."""
        contract = result.contract
        tricks = None if contract is None else result.declarer_tricks
        if deal is None:
            return cls(contract, tricks)
        ns_hcp = deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp
        return cls(contract, tricks, honours_in_hands(deal, contract), ns_hcp=ns_hcp)


@dataclass(frozen=True, slots=True)
class DealContext:
    """Where a deal falls on the sheet: what the scoring hook needs besides the deal."""

    position: int
    """1-based position in the sheet's log (passed-out deals included)."""
    number: int
    """The deal's number in the rubber or round (a deal redealt keeps its number)."""
    dealer: Seat
    vulnerability: Vulnerability
    game: int
    """The game (1-based) that trick points now count toward."""
    last: bool
    """The last deal of a round of fixed length (Chicago's fourth)."""


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """What a scoring hook returns: entries, and figures worth showing (Russian's expectation)."""

    entries: tuple[Entry, ...]
    details: tuple[tuple[str, int], ...] = ()


DealScorer = Callable[["PadRules", PadDeal, DealContext], ScoredDeal]


@dataclass(frozen=True, slots=True)
class DealLog:
    """One line of input as the sheet recorded it."""

    deal: PadDeal
    context: DealContext
    counted: bool
    """False for a passed-out deal that the same dealer deals again."""
    details: tuple[tuple[str, int], ...] = ()


def _passed_out_entries(rules: PadRules, context: DealContext) -> tuple[Entry, ...]:
    if not rules.passed_out_bonus:
        return ()
    dealer = context.dealer.side
    sides = {
        BonusTo.BOTH: (Side.NS, Side.EW),
        BonusTo.DEALER: (dealer,),
        BonusTo.NON_DEALER: (dealer.opponents,),
    }[rules.passed_out_bonus_to]
    return tuple(
        Entry(side, rules.passed_out_bonus, EntryKind.PASSED_OUT, context.number) for side in sides
    )


def contract_entries(rules: PadRules, deal: PadDeal, context: DealContext) -> ScoredDeal:
    """The entries of one deal under contract scoring: trick points below, the rest above."""
    number = context.number
    if deal.revoke is not None:
        side = deal.revoke.opponents
        return ScoredDeal((Entry(side, rules.revoke_penalty, EntryKind.REVOKE, number),))
    contract, tricks = deal.contract, deal.declarer_tricks
    if contract is None or tricks is None:
        return ScoredDeal(_passed_out_entries(rules, context))
    side = contract.declarer.side
    parts = score_contract(contract, tricks, context.vulnerability.is_vulnerable(side), rules.table)
    entries: list[Entry] = []

    def write(who: Side, points: int, kind: EntryKind, below: bool = False) -> None:
        if points:
            entries.append(Entry(who, points, kind, number, below, context.game if below else 0))

    if parts.made:
        write(side, parts.trick_points, EntryKind.TRICKS, below=True)
        if rules.overtricks_below:
            # Auction Bridge: every trick over book counts below at the contract's trick value.
            over = trick_points(contract, tricks - 6, rules.table) - parts.trick_points
            write(side, over, EntryKind.OVERTRICKS, below=True)
        else:
            write(side, parts.overtricks, EntryKind.OVERTRICKS)
        write(side, parts.insult, EntryKind.INSULT)
        write(side, parts.slam, EntryKind.SLAM)
    else:
        write(side.opponents, parts.undertricks, EntryKind.UNDERTRICKS)
    if rules.honours and deal.honours is not None:
        write(deal.honours[0], deal.honours[1], EntryKind.HONOURS)
    return ScoredDeal(tuple(entries))


@dataclass(frozen=True, slots=True)
class PadRules:
    """A pad system: its numbers, its switches and its scoring hook."""

    name: str
    """rubber, auction, chicago, old-polish, russian."""
    table: ScoringTable = WBF
    score_deal: DealScorer = contract_entries
    unit: str = "points"
    """What entries count: points, or IMPs (Russian)."""
    honours: bool = True
    overtricks_below: bool = False
    """Auction Bridge: overtricks score below the line and count toward game."""
    carry_partscores: bool = True
    """Partscores add up toward game; False: each deal on its own (duplicate-style Chicago)."""
    games_to_win: int | None = 2
    """The match ends when a side wins this many games (a rubber); None: it never does."""
    deals_per_round: int | None = None
    """The match ends after this many deals (Chicago's four); None: no fixed length."""
    vulnerability_cycle: tuple[Vulnerability, ...] | None = None
    """Vulnerability by deal number; None: a side is vulnerable once it has won a game."""
    game_bonus: tuple[tuple[int, int], ...] = ()
    """Scored when a game is won, by the side's game count (its first, second …; the last
    repeats) and then by its vulnerability on that deal.  Empty: no bonus for a game."""
    partscore_bonus: int = 0
    """For every deal whose trick points do not make game (duplicate-style Chicago)."""
    last_deal_partscore_bonus: int = 0
    """For a partscore made on the last deal of a round that does not make game (Chicago)."""
    rubber_bonus: tuple[int, ...] = (700, 500)
    """For winning the rubber, by the losers' games (2–0, 2–1)."""
    unfinished_game: int = 300
    """Unfinished rubber: for the side a game up."""
    unfinished_partscore: int = 100
    """Unfinished rubber: for the only side with a partscore in the unfinished game."""
    revoke_penalty: int = 100
    passed_out: PassedOut = PassedOut.REDEAL
    passed_out_bonus: int = 0
    passed_out_bonus_to: BonusTo = BonusTo.BOTH


@dataclass(frozen=True, slots=True)
class Sheet:
    """A rubber's or a round's score sheet.  Build one with `new_sheet`, grow it with `add`."""

    rules: PadRules
    first_dealer: Seat = Seat.NORTH
    entries: tuple[Entry, ...] = ()
    lines: tuple[GameLine, ...] = ()
    log: tuple[DealLog, ...] = ()
    played: int = 0
    """Deals that counted (a passed-out deal dealt again does not)."""
    over: bool = False
    unfinished: bool = False
    """Ended by `close` before a side won the rubber (or before the round's last deal)."""

    @property
    def game(self) -> int:
        """The game (1-based) now being played."""
        return len(self.lines) + 1

    def games_won(self, side: Side) -> int:
        return sum(1 for line in self.lines if line.winner is side)

    def below(self, side: Side) -> int:
        """`side`'s trick points toward the game now being played (its partscore)."""
        game = self.game
        return sum(e.points for e in self.entries if e.below and e.side is side and e.game == game)

    def total(self, side: Side) -> int:
        return sum(entry.points for entry in self.entries if entry.side is side)

    @property
    def totals(self) -> dict[Side, int]:
        return {side: self.total(side) for side in Side}

    @property
    def leader(self) -> Side | None:
        """The side with the larger total, None when level."""
        ns, ew = self.total(Side.NS), self.total(Side.EW)
        return None if ns == ew else Side.NS if ns > ew else Side.EW

    @property
    def rubber_winner(self) -> Side | None:
        target = self.rules.games_to_win
        if target is None:
            return None
        return next((side for side in Side if self.games_won(side) >= target), None)

    @property
    def vulnerability(self) -> Vulnerability:
        """The vulnerability of the next deal."""
        cycle = self.rules.vulnerability_cycle
        if cycle:
            return cycle[self.played % len(cycle)]
        return Vulnerability.of(self.games_won(Side.NS) > 0, self.games_won(Side.EW) > 0)

    @property
    def dealer(self) -> Seat:
        """The dealer of the next deal: the deal passes clockwise after every deal that counts."""
        return self.first_dealer.next(self.played)

    def to_dict(self) -> dict[str, object]:
        """The sheet as plain data, for a client to draw and for `--json`."""
        return sheet_json(self)


def new_sheet(rules: PadRules, first_dealer: Seat = Seat.NORTH) -> Sheet:
    return Sheet(rules, first_dealer)


def _game_bonus(rules: PadRules, games: int, vulnerable: bool) -> int:
    if not rules.game_bonus:
        return 0
    return rules.game_bonus[min(games, len(rules.game_bonus)) - 1][vulnerable]


def add(sheet: Sheet, deal: PadDeal) -> Sheet:
    """The sheet after `deal`: its entries, any game won, and the end of the rubber or round."""
    if sheet.over:
        raise GameOver(f"this {sheet.rules.name} sheet is over; start a new one")
    rules = sheet.rules
    number = sheet.played + 1
    context = DealContext(
        position=len(sheet.log) + 1,
        number=number,
        dealer=sheet.dealer,
        vulnerability=sheet.vulnerability,
        game=sheet.game,
        last=number == rules.deals_per_round,
    )
    if deal.passed_out and rules.passed_out is PassedOut.REDEAL:
        log = (*sheet.log, DealLog(deal, context, counted=False))
        return replace(sheet, entries=sheet.entries + _passed_out_entries(rules, context), log=log)
    scored = rules.score_deal(rules, deal, context)
    entries = list(scored.entries)
    lines = list(sheet.lines)
    for side in Side:
        points = sum(e.points for e in scored.entries if e.below and e.side is side)
        if not points:
            continue
        reached = (sheet.below(side) if rules.carry_partscores else 0) + points
        if reached >= rules.table.game:
            games = sheet.games_won(side) + 1
            bonus = _game_bonus(rules, games, context.vulnerability.is_vulnerable(side))
            if bonus:
                entries.append(Entry(side, bonus, EntryKind.GAME, context.number))
            lines.append(GameLine(context.game, side, context.number))
            continue
        bonus = rules.partscore_bonus + (rules.last_deal_partscore_bonus if context.last else 0)
        if bonus:
            entries.append(Entry(side, bonus, EntryKind.PARTSCORE, context.number))
        if not rules.carry_partscores:
            lines.append(GameLine(context.game, None, context.number))
    after = replace(
        sheet,
        entries=sheet.entries + tuple(entries),
        lines=tuple(lines),
        log=(*sheet.log, DealLog(deal, context, True, scored.details)),
        played=number,
    )
    winner = after.rubber_winner
    if winner is not None:
        losers = after.games_won(winner.opponents)
        bonus = rules.rubber_bonus[min(losers, len(rules.rubber_bonus) - 1)]
        rubber = (Entry(winner, bonus, EntryKind.RUBBER, context.number),) if bonus else ()
        return replace(after, entries=after.entries + rubber, over=True)
    if rules.deals_per_round is not None and number >= rules.deals_per_round:
        return replace(after, over=True)
    return after


def close(sheet: Sheet) -> Sheet:
    """End the sheet now.  An unfinished rubber scores 300 to the side a game up and 100 to the
    only side with a partscore in the unfinished game (seed 000; Laws of Rubber Bridge, Law 80);
    an unfinished round scores nothing more."""
    if sheet.over:
        return sheet
    rules = sheet.rules
    number = sheet.played
    extra: list[Entry] = []
    if rules.games_to_win is not None:
        with_game = [side for side in Side if sheet.games_won(side)]
        if len(with_game) == 1 and rules.unfinished_game:
            kind = EntryKind.UNFINISHED_GAME
            extra.append(Entry(with_game[0], rules.unfinished_game, kind, number))
        with_partscore = [side for side in Side if sheet.below(side)]
        if len(with_partscore) == 1 and rules.unfinished_partscore:
            kind = EntryKind.UNFINISHED_PARTSCORE
            extra.append(Entry(with_partscore[0], rules.unfinished_partscore, kind, number))
    return replace(sheet, entries=sheet.entries + tuple(extra), over=True, unfinished=True)


def sheet_at(rules: PadRules, vulnerability: Vulnerability) -> Sheet:
    """A sheet whose next deal is played at `vulnerability`, with no partscore on either side:
    the context in which one deal is scored on its own (`vaza score`).

    By games won, a vulnerable side has won one game; by a cycle, the first deal of the round
    with that vulnerability is next (at Chicago, both vulnerable is the fourth and last deal).
    """
    cycle = rules.vulnerability_cycle
    if cycle:
        if vulnerability not in cycle:
            raise ParseError(f"no deal of a {rules.name} round is played at {vulnerability.pbn}")
        return Sheet(rules, played=cycle.index(vulnerability))
    winners = [side for side in Side if vulnerability.is_vulnerable(side)]
    lines = tuple(GameLine(game, side, 0) for game, side in enumerate(winners, start=1))
    return Sheet(rules, lines=lines)


__all__ = [
    "BonusTo",
    "DealContext",
    "DealLog",
    "DealScorer",
    "Entry",
    "EntryKind",
    "GameLine",
    "PadDeal",
    "PadRules",
    "PassedOut",
    "ScoredDeal",
    "Sheet",
    "add",
    "close",
    "contract_entries",
    "new_sheet",
    "sheet_at",
]
