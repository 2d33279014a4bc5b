"""A deal's PBN and LIN from a club table carry everything the club knows (issue 19, item 8):
the table, the day, the board, the four names (robots by theirs) and the scoring, with the
auction and the play; endplay's PBN reader (another program's) reads it all back."""

from __future__ import annotations

import asyncio
import calendar
import dataclasses
import random
import re
from pathlib import Path

import endplay.parsers.pbn as endplay_pbn

from vaza.analysis.results import ns_score
from vaza.app.analysis_queue import analyse_to_json
from vaza.app.commands import from_json
from vaza.app.service import ServiceOptions, TableService
from vaza.app.table import Actor
from vaza.bus.memory import MemoryBus
from vaza.core.calls import Call
from vaza.core.deal import Board
from vaza.core.games.contract import ContractDeal
from vaza.formats import lin, pbn
from vaza.match.records import with_analysis
from vaza.store.db import open_database
from vaza.store.port import DealRow
from vaza.store.sql import SqlStore

NOON = calendar.timegm((2026, 3, 7, 12, 0, 0))
"""The club's clock in the test: every deal is played on 7 March 2026."""


async def _play_one_deal(tmp_path: Path, options: dict[str, object]) -> DealRow:
    """Ana sits North (robots in the other seats) and takes the first legal action whenever
    it is her turn or a robot's claim waits for her, until the table's first deal is
    archived."""
    store = SqlStore(await open_database(f"sqlite+aiosqlite:///{tmp_path / 'club.db'}"))
    service = TableService(store, MemoryBus(), ServiceOptions(clock=lambda: NOON))
    try:
        ana = await store.create_user("Ana Lima", None, is_guest=True, settings={})
        table = await service.create(ana, options)
        actor = Actor(ana.id, ana.name)
        await service.handle(table.id, actor, from_json({"type": "sit", "seat": "N"}))
        for _ in range(20_000):
            rows = await store.deals_of_table(table.id)
            if rows:
                return rows[0]
            state = (await service.live(table.id)).state
            if state.match.controller() == "N" or "N" in state.match.responders():
                legal = state.match.view("N")["legal"]  # a robot's claim: Ana answers it
                await service.handle(table.id, actor, from_json(dict(legal[0])))
            else:
                await asyncio.sleep(0.005)
        raise AssertionError("the deal did not finish")
    finally:
        await service.close()
        await store.close()


def _call(bid: object) -> str:
    """An endplay call as Vaza writes it (``Pass``, ``X``, ``XX``, ``1NT``)."""
    return str(Call.parse(str(bid)))


def test_a_rubber_deal_is_read_back_by_endplay_with_all_the_club_knows(tmp_path: Path) -> None:
    row = asyncio.run(_play_one_deal(tmp_path, {"game": "contract", "scoring": "rubber"}))
    assert row.pbn is not None and row.lin is not None
    [ours] = pbn.loads(row.pbn)
    [board] = endplay_pbn.loads(row.pbn)
    info = board.info
    assert info.event == f"Contract bridge, Rubber, table {row.table_id}"
    assert info.site == "Vaza"
    assert info.date == "2026.03.07"
    assert board.board_num == 1  # a rubber's deals are numbered in the match
    assert (info.north, info.east, info.south, info.west) == (
        "Ana Lima",
        "Robot E",
        "Robot S",
        "Robot W",
    )
    assert info.scoring == "Rubber"
    assert [_call(bid) for bid in board.auction] == [str(call) for call in ours.calls]
    assert len(ours.calls) >= 4
    played = [f"{card.suit.name[0].upper()}{card.rank.name[1:]}" for card in board.play]
    assert played == [str(card) for card in ours.play]
    assert len(played) == 52 or ours.claimed or ours.passed_out
    assert ours.players == ("Ana Lima", "Robot E", "Robot S", "Robot W")
    if ours.contract is not None and ours.declarer_tricks is not None:  # the Result tag
        assert board.contract.level == ours.contract.level
        assert board.contract.result == ours.declarer_tricks - ours.contract.level - 6
    assert lin.dumps([ours]) == row.lin


def test_a_lin_download_names_the_players_and_the_board(tmp_path: Path) -> None:
    options = {"game": "contract", "scoring": "duplicate", "variant": {"first_board": 5}}
    row = asyncio.run(_play_one_deal(tmp_path, options))
    assert row.lin is not None and row.pbn is not None
    assert row.lin.startswith("pn|Robot S,Robot W,Ana Lima,Robot E|")  # S, W, N, E
    assert "|ah|Board 5|" in row.lin
    assert "|mb|" in row.lin
    [record] = lin.loads(row.lin)
    assert record.board.number == 5
    assert record.players == ("Ana Lima", "Robot E", "Robot S", "Robot W")
    [board] = endplay_pbn.loads(row.pbn)
    assert board.board_num == 5 and board.info.scoring == "MP"


def test_a_club_tables_pbn_carries_its_score_and_its_own_analysis(tmp_path: Path) -> None:
    """Score from the result, ScoreRubber from the sheet; the double-dummy tags (added to the
    download once the club's solver is done) equal the club's own analysis (issue 50)."""
    row = asyncio.run(_play_one_deal(tmp_path, {"game": "contract", "scoring": "rubber"}))
    assert row.pbn is not None
    assert row.pbn.startswith("% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset=UTF-8")
    [ours] = pbn.loads(row.pbn)
    data = analyse_to_json(ours)  # what the club's analysis worker makes of the deal
    [board] = endplay_pbn.loads(with_analysis(row.pbn, data))
    info = dict(board.info)
    if ours.passed_out:
        played = 0
    else:
        assert ours.contract is not None and ours.declarer_tricks is not None
        played = ns_score(ours.contract, ours.declarer_tricks, ours.board.vulnerability)
    assert info["Score"] == f"NS {played}"
    points = row.summary["score"]["points"]
    above_below = re.fullmatch(r"NS (\d+)/(\d+) EW (\d+)/(\d+)", info["ScoreRubber"])
    assert above_below is not None
    ns_above, ns_below, ew_above, ew_below = map(int, above_below.groups())
    assert (ns_above + ns_below, ew_above + ew_below) == (points["NS"], points["EW"])
    assert info["OptimumScore"] == f"NS {data['par']['score']}"
    rows = info["OptimumResultTable"]["rows"]
    table = {(seat, strain): int(tricks) for seat, strain, tricks in rows}
    assert len(table) == 20
    assert all(table[seat, strain] == data["table"][seat][strain] for seat, strain in table)
    pars = {
        f"{'NS' if item['declarer'] in 'NS' else 'EW'} {item['contract']}"
        for item in data["par"]["contracts"]
    }
    assert set(info["ParContract"].split("; ")) == (pars or {"Pass"})


def test_a_claim_before_the_lead_is_read_back_from_lin() -> None:
    """A claim made before any card is played: LIN writes the claim (``mc``) after the
    auction's ``pg``, and Vaza's reader reads the tricks back; a claim in mid-play keeps the
    cards played (``pc``)."""
    game = ContractDeal(Board.random(1, random.Random(12)))
    for text in ("1NT", "Pass", "Pass", "Pass"):
        game.apply(Call.parse(text))
    record = dataclasses.replace(game.record(), declarer_tricks=8, claimed=True)
    line = lin.dumps_one(record)
    assert line.endswith("mb|p|pg||mc|8|")
    [back] = lin.loads(line)
    assert back.claimed and back.declarer_tricks == 8 and back.play == ()
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    record = dataclasses.replace(game.record(), declarer_tricks=7, claimed=True)
    line = lin.dumps_one(record)
    assert line.endswith(f"pc|{record.play[-1]}|mc|7|")  # BBO's order: the claim after a card
    [back] = lin.loads(line)
    assert back.play == record.play and len(back.play) == 5 and back.declarer_tricks == 7
