"""The registry's games played on a pad (today Bridge-Whist, the widow game and two-handed
bridge) at a table: whole matches among robots under every scoring offered, what each seat's
view and the public form of each action reveal, and deals replayed from the event log.  The
games and scorings come from the registry (`PAD_GAMES`), so a new game is tested without a line
here; a game whose hidden cards `allowed_cards` does not know yet fails until its rule is
written."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from vaza.app.commands import from_json
from vaza.app.table import Actor, TableOptions, TableState
from vaza.core.calls import PASS, Call, Contract, Strain
from vaza.core.cards import CARDS, SEATS, Card, Hand, Seat
from vaza.core.deal import Deal
from vaza.core.errors import IllegalAction, ParseError
from vaza.core.games.bridge_whist import PASS_TO_PARTNER, BridgeWhistDeal, NameTrumps
from vaza.core.games.contract import LowestOf
from vaza.core.games.honeymoon import TwoHandedDeal, TwoHandedStage
from vaza.core.games.widow import HandOut, WidowDeal, WidowStage
from vaza.core.table_events import Acted, TableEvent, decode
from vaza.games import GAME_NAMES, find_game
from vaza.match.pad_table import PadTableMatch
from vaza.scoring.honours import honours

JSON = dict[str, Any]
ALL_CARDS = frozenset(CARDS)
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])[SHDC][AKQJT98765432](?![A-Za-z0-9])")
Step = Callable[[TableState, JSON | None], None]


def options(game: str, scoring: str, variant: JSON | None = None) -> TableOptions:
    players = find_game(game).players[0]
    return TableOptions(game=game, scoring=scoring, variant=variant or {}, players=players)


def _plays_on_a_pad(game: str) -> bool:
    state = TableState("t", options(game, find_game(game).scorings[0].name), creator=1)
    return isinstance(state.match, PadTableMatch)


PAD_GAMES: tuple[str, ...] = tuple(name for name in GAME_NAMES if _plays_on_a_pad(name))
"""The registry's games played on a pad (the bridge family's home variants): a game added to
the registry is in every test below without a line here."""
EVERY_SCORING: list[tuple[str, str, JSON]] = [
    (game, scoring, {}) for game in PAD_GAMES for scoring in find_game(game).scoring_names
]
"""Each such game under each scoring the registry offers it with, at its default options."""
FIRST_SCORING: list[tuple[str, str, JSON]] = [
    (game, find_game(game).scoring_names[0], {}) for game in PAD_GAMES
]


def robot_table(table_options: TableOptions) -> TableState:
    state = TableState("t", table_options, creator=1)
    for seat in state.match.seat_labels:
        state.evolve(decode("robot_in", {"seat": seat, "name": f"Robot {seat}"}))
    return state


def run_robots(
    state: TableState,
    rng: random.Random,
    *,
    after: Step | None = None,
    log: list[TableEvent] | None = None,
    deals: int | None = None,
    limit: int = 20000,
) -> None:
    """Drive a table of robots through decide and evolve until its match is over (or `deals`
    deals are finished).  `after` sees the table after each event with the action just taken
    (as stored), `log` collects the events."""

    def evolve(event: TableEvent) -> None:
        state.evolve(event)
        if log is not None:
            log.append(event)
        if after is not None:
            after(state, event.action if isinstance(event, Acted) else None)

    for _ in range(limit):
        match = state.match
        if deals is not None and match.deals_started >= deals and not match.in_deal:
            return
        for event in state.follow_ups(rng):
            evolve(event)
        if state.finished:
            return
        seat = state.match.controller()
        assert seat is not None, "someone must act while the match goes on"
        action = state.robot.choose(state.match.robot_view(seat))
        for event in state.decide(
            Actor(None, "robot", seat), from_json(state.spec.actions.encode(action))
        ):
            evolve(event)
    raise AssertionError("the match did not end")


def card_tokens(data: object) -> set[Card]:
    """Every card named anywhere in some JSON (in lists, values, or inside text)."""
    found: set[Card] = set()
    if isinstance(data, dict):
        for value in data.values():
            found |= card_tokens(value)
    elif isinstance(data, (list, tuple)):  # a tuple is a JSON array too (a card played)
        for value in data:
            found |= card_tokens(value)
    elif isinstance(data, str):
        found |= {Card.parse(token) for token in CARD_TOKEN.findall(data)}
    return found


# -- what each viewer may know, worked out from the game itself ------------------------------


def _bridge_whist_allowed(game: BridgeWhistDeal, viewer: Seat | None) -> set[Card]:
    allowed: set[Card] = set()
    if viewer is not None:
        allowed |= set(game.board.deal[viewer])
    play_deal = game.play_deal
    if play_deal is not None and play_deal.play is not None:
        allowed |= {card for _, card in play_deal.play.history}
        if play_deal.dummy_faced:
            allowed |= set(game.board.deal[game.board.dealer.partner])
    return allowed


def _widow_allowed(game: WidowDeal, viewer: Seat | None) -> set[Card]:
    allowed: set[Card] = set()
    contract = game.contract
    declarer = None if contract is None else contract.declarer
    if viewer is not None:
        allowed |= set(game.board.deal[viewer])
        if viewer == declarer and game.stage is not WidowStage.AUCTION:
            allowed |= set(game.board.widow)
        if game.hand_out is not None:
            allowed.add(game.hand_out.card_for(viewer))
    play_deal, played = game.play_deal, game.played_board()
    if play_deal is not None and play_deal.play is not None and played is not None:
        allowed |= {card for _, card in play_deal.play.history}
        if play_deal.dummy_faced:
            assert game.dummy is not None
            allowed |= set(played.deal[game.dummy])
    return allowed


def _two_handed_allowed(game: TwoHandedDeal, viewer: Seat | None) -> set[Card]:
    allowed = {card for _, card in game.draw_play.history}
    allowed |= {draw.face_up for draw in game.draws}
    if game.face_up is not None:
        allowed.add(game.face_up)
    if game.play is not None:
        allowed |= {card for _, card in game.play.history}
    if viewer is not None:
        allowed |= set(game.board.hand(viewer))
        allowed |= {draw.hidden for draw in game.draws if draw.winner != viewer}
    return allowed


def allowed_cards(match: PadTableMatch[Any], viewer: Seat | None) -> set[Card]:
    game = match.current
    assert game is not None
    if game.is_over:
        return set(ALL_CARDS)
    if isinstance(game, BridgeWhistDeal):
        return _bridge_whist_allowed(game, viewer)
    if isinstance(game, WidowDeal):
        return _widow_allowed(game, viewer)
    assert isinstance(game, TwoHandedDeal)
    return _two_handed_allowed(game, viewer)


def check_fields(match: PadTableMatch[Any], viewer: Seat | None, view: JSON) -> None:
    """What a card check alone cannot see: who received which widow card, who drew what."""
    game = match.current
    if game is None or game.is_over:
        return
    if isinstance(game, WidowDeal):
        contract = game.contract
        declarer = None if contract is None else contract.declarer
        knows = viewer is not None and viewer == declarer
        if not knows:
            assert view["widow"]["cards"] is None
            for seat, card in view["widow"]["received"].items():
                assert card is None or (viewer is not None and seat == viewer.letter)
        if game.stage is WidowStage.AUCTION:
            assert view["widow"]["cards"] is None, "nobody sees the widow during the auction"
        assert view["hand_sizes"] == {s.letter: len(game.hand(s)) for s in SEATS}
    if isinstance(game, TwoHandedDeal):
        assert view["hand_sizes"] == {s.letter: len(game.hand(s)) for s in (Seat.NORTH, Seat.EAST)}
        for draw in view["draw"]["draws"]:
            if viewer is None or draw["winner"] == viewer.letter:
                assert draw["hidden"] is None, "the winner never sees the loser's card"


class Checker:
    """Checks every view and every public action as a match goes on."""

    def __init__(self) -> None:
        self.views = 0
        self.actions: set[str] = set()
        self.leak_caught = 0

    def __call__(self, state: TableState, action: JSON | None) -> None:
        match = state.match
        assert isinstance(match, PadTableMatch)
        if match.current is None:
            return
        for label in (*match.seat_labels, None):
            viewer = None if label is None else Seat.from_letter(label)
            view = match.view(label)
            allowed = allowed_cards(match, viewer)
            leaked = card_tokens(view) - allowed
            assert not leaked, f"{label or 'a kibitzer'} sees {sorted(map(str, leaked))}"
            check_fields(match, viewer, view)
            self.views += 1
        if match.in_deal and not card_tokens(match.view(None, all_hands=True)) <= allowed_cards(
            match, None
        ):
            self.leak_caught += 1  # the check does see hidden cards when they are shown
        if action is not None:
            public = find_game(match.game).actions.public(action)
            self.actions.add(str(action["type"]))
            assert card_tokens(public) <= allowed_cards(match, None)
            if action["type"] == "give":
                assert public == {"type": "give"}
            else:
                assert public == action


# -- whole matches --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "scoring", "variant"),
    [
        *EVERY_SCORING,
        ("bridge-whist", "chicago", {"odd_tricks_below": True, "vul_cycle": "dealer"}),
        ("bridge-whist", "rubber", {"honours": False}),
        ("widow", "chicago", {"fixed_dummy": True}),
        ("honeymoon", "chicago", {"partscores": "duplicate"}),
    ],
)
def test_robots_play_a_whole_match(game: str, scoring: str, variant: JSON) -> None:
    state = robot_table(options(game, scoring, variant))
    run_robots(state, random.Random(f"{game} {scoring}"))
    scores = state.match.scores()
    assert scores["over"] is True
    assert state.status == "finished"
    counted = [deal for deal in scores["deals"] if deal["counted"]]
    if scoring == "chicago":
        assert len(counted) == 4
    else:
        assert scores["rubber_winner"] is not None
    finished = state.take_finished_deals()
    assert len(finished) == len(scores["deals"])
    below = [entry for entry in scores["entries"] if entry["below"]]
    if game == "bridge-whist":
        assert all(deal["contract"].startswith("book") for deal in scores["deals"])
        assert bool(below) == (scoring == "rubber" or "odd_tricks_below" in variant)
    if game == "honeymoon":
        assert scores["players"] == {"NS": "N", "EW": "E"}
        dealers = [deal["dealer"] for deal in counted]
        assert dealers[:4] == ["N", "E", "S", "W"], "the pad's turn to deal goes round"
        for deal, setup in zip(finished, scores["deals"], strict=True):
            assert deal.summary["record"]["dealer"] == ("N" if setup["dealer"] in "NS" else "E")


@pytest.mark.parametrize(
    ("game", "scoring", "variant"),
    [*FIRST_SCORING, ("widow", "rubber", {"fixed_dummy": True}), ("honeymoon", "chicago", {})],
)
def test_no_view_and_no_public_action_shows_a_hidden_card(
    game: str, scoring: str, variant: JSON
) -> None:
    state = robot_table(options(game, scoring, variant))
    checker = Checker()
    run_robots(state, random.Random(7), after=checker, deals=3)
    assert checker.views > 100
    assert checker.leak_caught > 0
    expected = {"bridge-whist": {"choose", "play"}, "widow": {"call", "give", "play"}}
    assert expected.get(game, {"call", "play"}) <= checker.actions


def test_the_scores_count_honours_in_the_hands_as_played() -> None:
    """The widow's honours are held after the handing out; two-handed bridge's after the
    first phase."""
    checked = 0
    for game, scoring in (("widow", "rubber"), ("honeymoon", "rubber")):
        for seed in range(6):
            state = robot_table(options(game, scoring))
            run_robots(state, random.Random(seed))
            for finished in state.take_finished_deals():
                record, line = finished.summary["record"], finished.summary["score"]
                if record["passed_out"]:
                    continue
                hands = [Hand(map(Card.parse, record["hands"].get(s.letter) or [])) for s in SEATS]
                declarer = Seat.from_letter(record["contract"]["declarer"])
                contract = Contract.parse(record["contract"]["text"], declarer)
                held = honours(Deal((hands[0], hands[1], hands[2], hands[3])), contract)
                assert line["honours"] == (None if held is None else [held[0].name, held[1]])
                checked += held is not None
    assert checked > 0


# -- replay ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "scoring", "variant"),
    [*FIRST_SCORING, ("bridge-whist", "rubber", {}), ("widow", "chicago", {"fixed_dummy": True})],
)
def test_a_table_replays_its_log(game: str, scoring: str, variant: JSON) -> None:
    table_options = options(game, scoring, variant)
    state = robot_table(table_options)
    log: list[TableEvent] = []
    run_robots(state, random.Random(11), log=log, deals=3)
    replayed = robot_table(table_options)
    for event in log:
        replayed.evolve(decode(event.kind, json.loads(json.dumps(event.payload))))
    for label in (*state.match.seat_labels, None):
        assert replayed.match.view(label) == state.match.view(label)
    assert replayed.match.view(None, True) == state.match.view(None, True)
    assert [d.summary for d in replayed.take_finished_deals()] == [
        d.summary for d in state.take_finished_deals()
    ]


@pytest.mark.parametrize("game", PAD_GAMES)
def test_a_deal_setup_round_trips_through_json(game: str) -> None:
    scoring = find_game(game).scoring_names[0]
    first, second = robot_table(options(game, scoring)), robot_table(options(game, scoring))
    setup = first.match.setup_deal(random.Random(3))
    assert setup == first.match.setup_deal(random.Random(3)), "a seed makes the same deal"
    assert setup != first.match.setup_deal(random.Random(4))
    first.match.start_deal(setup)
    second.match.start_deal(json.loads(json.dumps(setup)))
    assert first.match.view(None, True) == second.match.view(None, True)
    assert isinstance(first.match, PadTableMatch)
    assert dealt_cards(first.match.current) == ALL_CARDS, "the setup holds the whole pack"
    with pytest.raises(IllegalAction, match="already"):
        first.match.start_deal(setup)


def dealt_cards(game: object) -> frozenset[Card]:
    if isinstance(game, BridgeWhistDeal):
        return frozenset(card for hand in game.board.deal.hands for card in hand)
    if isinstance(game, WidowDeal):
        dealt = [card for hand in game.board.deal.hands for card in hand]
        return frozenset([*dealt, *game.board.widow])
    assert isinstance(game, TwoHandedDeal)
    return frozenset([*game.board.hands[0], *game.board.hands[1], *game.board.stock])


# -- passed out: the same dealer deals again -------------------------------------------------


def _act(state: TableState, seat: str, command: JSON) -> None:
    for event in state.decide(Actor(None, "robot", seat), from_json(command)):
        state.evolve(event)


@pytest.mark.parametrize("game", ["widow", "honeymoon"])
def test_a_deal_passed_out_is_dealt_again_by_the_same_dealer(game: str) -> None:
    state = robot_table(options(game, "chicago"))
    rng = random.Random(5)
    deal = state.follow_ups(rng)[0]
    state.evolve(deal)
    match = state.match
    assert isinstance(match, PadTableMatch)
    current = match.current
    if isinstance(current, TwoHandedDeal):  # the first phase first
        while current.stage is TwoHandedStage.DRAW:
            seat = match.controller()
            assert seat is not None
            action = state.robot.choose(match.robot_view(seat))
            _act(state, seat, state.spec.actions.encode(action))
    while match.in_deal:
        seat = match.controller()
        assert seat is not None
        _act(state, seat, {"type": "call", "call": "Pass"})
    finished = state.take_finished_deals()
    assert finished[0].summary["result"]["passed_out"] is True
    assert finished[0].summary["score"]["counted"] is False
    again = state.follow_ups(rng)[0]
    assert again.kind == "deal"
    assert again.payload["dealer"] == deal.payload["dealer"] == "N"
    assert again.payload["vulnerability"] == deal.payload["vulnerability"]
    assert state.match.scores()["next"]["deal"] == 1


# -- commands and options -------------------------------------------------------------------


def test_commands_round_trip_and_bad_ones_are_refused() -> None:
    whist = find_game("bridge-whist").actions
    for action in (PASS_TO_PARTNER, NameTrumps(Strain.NOTRUMP), NameTrumps(Strain.HEARTS)):
        assert whist.parse(whist.encode(action)) == action
    assert whist.encode(PASS_TO_PARTNER) == {"type": "choose", "value": "pass"}
    assert whist.parse({"type": "choose", "value": "N"}) == NameTrumps(Strain.NOTRUMP)
    with pytest.raises(ParseError, match="no auction"):
        whist.parse({"type": "call", "call": "1S"})
    with pytest.raises(ParseError):
        whist.parse({"type": "choose", "value": "X"})
    with pytest.raises(ParseError, match="choose trumps"):
        whist.parse({"type": "choose"})

    widow = find_game("widow").actions
    give = HandOut((Card.parse("SA"), Card.parse("HK"), Card.parse("D2"), Card.parse("C3")))
    assert widow.encode(give) == {"type": "give", "value": "N:SA E:HK S:D2 W:C3"}
    assert widow.parse({"type": "give", "value": "W:C3, S:D2, E:HK, N:SA"}) == give
    for bad in ("N:SA E:HK S:D2", "N:SA N:HK S:D2 W:C3", "N-SA E:HK S:D2 W:C3", "N:ZZ"):
        with pytest.raises(ParseError):
            widow.parse({"type": "give", "value": bad})
    assert widow.public(widow.encode(give)) == {"type": "give"}
    assert widow.parse({"type": "call", "call": "2NT"}) == Call.parse("2NT")

    assert robot_table(options("honeymoon", "rubber")).match.seat_labels == ("N", "E")
    two = find_game("honeymoon").actions
    assert two.parse({"type": "play", "card": "SA"}) == Card.parse("SA")
    assert two.parse({"type": "call", "call": "Pass"}) == PASS
    with pytest.raises(ParseError, match="no dummy"):
        two.parse({"type": "play", "suit": "S"})
    assert whist.parse({"type": "play", "suit": "S"}) == LowestOf(Card.parse("S2").suit)


def test_a_wrong_command_changes_nothing() -> None:
    state = robot_table(options("widow", "rubber"))
    state.evolve(state.follow_ups(random.Random(2))[0])
    before = state.match.view(None, True)
    with pytest.raises(IllegalAction):
        _act(state, "E", {"type": "call", "call": "1NT"})  # North deals and calls first
    with pytest.raises(IllegalAction):
        _act(state, "N", {"type": "give", "value": "N:SA E:HK S:D2 W:C3"})
    assert state.match.view(None, True) == before


def test_options_are_checked() -> None:
    with pytest.raises(ParseError, match="scored with one of"):
        TableOptions.from_json({"game": "widow", "scoring": "duplicate"})
    with pytest.raises(ParseError, match="scored with one of"):
        TableOptions.from_json({"game": "bridge-whist", "scoring": "russian"})
    with pytest.raises(ParseError, match="played by 2 players"):
        TableState("t", TableOptions(game="honeymoon", scoring="rubber"), None)
    with pytest.raises(ParseError, match="played by 4 players"):
        TableState("t", TableOptions(game="widow", scoring="rubber", players=3), None)
    # A rubber always writes the tricks over six below the line: the option is Chicago's.
    with pytest.raises(ParseError, match=r"unknown options .* odd_tricks_below"):
        TableState("t", options("bridge-whist", "rubber", {"odd_tricks_below": False}), None)
    with pytest.raises(ParseError, match="fixed_dummy must be true or false"):
        TableState("t", options("widow", "rubber", {"fixed_dummy": "yes"}), None)
    with pytest.raises(ParseError, match=r"unknown options for The widow \(Viúva\)"):
        TableState("t", options("widow", "rubber", {"colour": 1}), None)
    with pytest.raises(ParseError, match="vul_cycle"):
        TableState("t", options("honeymoon", "chicago", {"vul_cycle": "x"}), None)
    rubber = TableState("t", options("bridge-whist", "rubber"), None).match.scores()
    assert rubber["system"] == "bridge-whist rubber"
    state = TableState("t", options("honeymoon", "rubber"), None)
    assert list(state.occupants) == ["N", "E"]
