"""The registry of games as the page reads it, what the robots' calls would mean, and the
score pad for games played with real cards."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Final

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from pydantic import BaseModel, ConfigDict, Field

from vaza.app.seating import TableOptions
from vaza.core.errors import VazaError
from vaza.games import GAME_NAMES, catalogue, find_game
from vaza.scoring.pad_syntax import parse_pad_line, parse_seat
from vaza.scoring.sheet import add, close, new_sheet
from vaza.scoring.systems import PadOptions, pad_rules
from vaza.server.deps import User
from vaza.server.guard import LimitReached, RateLimiter

router = APIRouter(tags=["games"])
CATALOGUE: Final = {**catalogue(), "table": {"ready_wait": TableOptions().ready_wait}}
"""`/api/games`: the registry as the page reads it (built once; it never changes), with the
defaults of the table options the create form shows (declared once, in `TableOptions`)."""
MEANINGS_PER_MINUTE: Final = 120
"""How often one person may ask what the next calls would mean (each of their turns asks once)."""


_Choice = Annotated[str, Field(max_length=20)]
_PAD_DEFAULTS: Final = PadOptions()
"""The pad's defaults, declared once in `PadOptions`."""


class PadOptionsBody(BaseModel):
    """The pad's options as the page sends them: small typed fields (an unknown key is
    ignored, as the page may keep an option of another system); their choices are checked by
    `PadOptions`, so a wrong one is a 400 that names the choices."""

    model_config = ConfigDict(extra="ignore")

    honours: bool = _PAD_DEFAULTS.honours
    doubled_overtricks: _Choice = _PAD_DEFAULTS.doubled_overtricks
    vul_cycle: _Choice = _PAD_DEFAULTS.vul_cycle
    partscores: _Choice = _PAD_DEFAULTS.partscores
    passed_out: _Choice = _PAD_DEFAULTS.passed_out

    def to_options(self) -> PadOptions:
        return PadOptions(**self.model_dump())


class PadRequest(BaseModel):
    system: Annotated[str, Field(max_length=20)] = "rubber"
    options: PadOptionsBody = Field(default_factory=PadOptionsBody)
    deals: list[Annotated[str, Field(max_length=200)]] = Field(default_factory=list, max_length=500)
    dealer: str = "N"
    finished: bool = False
    """True: the game stopped here (an unfinished rubber is scored as such)."""


@router.post("/api/pad")
async def pad(body: PadRequest) -> dict[str, Any]:
    """The score pad for a game played with real cards (the `vaza pad` systems)."""
    return keep_pad(body.system, body.options.to_options(), body.deals, body.dealer, body.finished)


@router.get("/api/games")
async def games() -> dict[str, Any]:
    """What a table can play, from the registry of games: each game with its labels in
    both languages, how many play it (the usual number first), its scorings (the default
    first) with the schema of every option, its renderer and its commands; and every
    scoring's labels."""
    return CATALOGUE


@dataclass(frozen=True, slots=True)
class Auction:
    """An auction asked about: its calls (comma-separated) from its dealer, and the language
    of the answer."""

    dealer: str
    calls: str
    lang: str


def auction_query(
    dealer: Annotated[str, Query(min_length=1, max_length=5)],
    calls: Annotated[str, Query(max_length=600)] = "",
    lang: Annotated[str, Query(pattern="^(en|pt-BR)$")] = "en",
) -> Auction:
    return Auction(dealer, calls, lang)


@router.get("/api/games/{game}/meanings")
async def meanings(
    game: str, request: Request, user: User, asked: Annotated[Auction, Depends(auction_query)]
) -> dict[str, Any]:
    """What each legal next call of the auction `calls` (comma-separated, from `dealer`)
    would mean in the robots' system, for the bidding box to show before a call is made.
    Public knowledge (the system and the auction), so any player may ask; a person's asks
    are counted, as their other work is."""
    spec = find_game(game) if game in GAME_NAMES else None
    if spec is None or spec.meanings is None:
        raise HTTPException(404, f"{game} has no bidding system to explain")
    limiter: RateLimiter = request.app.state.meanings
    if not limiter.allow(f"user:{user.id}"):
        raise LimitReached(
            "meanings",
            limiter.limit,
            "too many questions about calls; wait a minute",
            retry_after=limiter.retry_after(f"user:{user.id}") or 60,
        )
    auction = [call for call in asked.calls.split(",") if call.strip()]
    return {"meanings": spec.meanings(auction, asked.dealer, asked.lang)}


def keep_pad(
    system: str, options: PadOptions, deals: list[str], dealer: str, finished: bool
) -> dict[str, Any]:
    """Score deal lines on a pad; a bad line is reported and skipped, the others count."""
    rules = pad_rules(system, options)
    sheet = new_sheet(rules, parse_seat(dealer))
    errors: list[dict[str, Any]] = []
    for number, line in enumerate(deals, start=1):
        if not line.strip():
            continue
        try:
            sheet = add(sheet, parse_pad_line(line))
        except VazaError as error:
            errors.append({"line": number, "text": line, "message": str(error)})
    if finished and not sheet.over:
        sheet = close(sheet)
    return {"sheet": sheet.to_dict(), "errors": errors}
