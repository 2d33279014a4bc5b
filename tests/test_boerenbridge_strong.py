"""The strong Boerenbridge robot: legal in every variant, deciding from its view alone, aiming
at its bid; and the pieces it is built of (facts from a view, hidden hands drawn from them,
the playout engine checked against the core's rules)."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from vaza.bench.boerenbridge import RandomPlayer, measure, play_match
from vaza.core.cards import Card, Suit
from vaza.core.games.boerenbridge import (
    Bid,
    BoerenbridgeRound,
    ChooseTrump,
    RoundDeal,
    RoundPhase,
)
from vaza.core.games.boerenbridge_cards import DeckKind, parse_card, parse_cards
from vaza.core.games.boerenbridge_rules import BoerenbridgeOptions, RoundSetup, round_setups
from vaza.core.views.boerenbridge import RoundView, player_view
from vaza.match.boerenbridge import BoerenbridgeMatch
from vaza.robots.boerenbridge_facts import HandEstimator, UnseenDealer, facts_of
from vaza.robots.boerenbridge_playout import (
    AWARE,
    BEATERS,
    NO_TRUMP,
    PLAIN,
    RANDOM,
    STRENGTH,
    aware_card,
    follow_after,
    plain_pick,
    play_mixed,
    play_out,
    random_pick,
)
from vaza.robots.boerenbridge_simple import BoerenbridgeSimpleRobot
from vaza.robots.boerenbridge_strong import BoerenbridgeStrongRobot, distinct_cards

QUICK = 3_000
"""A small simulation budget: the tests check behaviour, not strength."""


def robot(options: BoerenbridgeOptions | None = None, seed: int = 0) -> BoerenbridgeStrongRobot:
    return BoerenbridgeStrongRobot(options, budget=QUICK, seed=seed)


def deal(hands: list[str], turned: str | None) -> RoundDeal:
    return RoundDeal.of(
        [parse_cards(hand) for hand in hands], None if turned is None else parse_card(turned)
    )


def bid_all(game: BoerenbridgeRound, bids: list[int]) -> None:
    for tricks in bids:
        game.apply(Bid(tricks))


# -- whole rounds, every variant ----------------------------------------------------------------

VARIANTS = [
    (4, BoerenbridgeOptions()),
    (3, BoerenbridgeOptions(harsh=True)),
    (5, BoerenbridgeOptions(wizards=True)),
    (2, BoerenbridgeOptions()),
    (4, BoerenbridgeOptions(blind_one_card_rounds=True)),
    (4, BoerenbridgeOptions(no_trump_rounds=True)),
    (6, BoerenbridgeOptions(fixed_hand_size=7, consolation=True)),
    (7, BoerenbridgeOptions(wizards=True, blind_one_card_rounds=True)),
]


@pytest.mark.parametrize(("players", "options"), VARIANTS)
def test_the_robot_plays_every_variant_within_the_rules(
    players: int, options: BoerenbridgeOptions
) -> None:
    rng = random.Random(players)
    plan = round_setups(players, options, first_dealer=1)
    robots = [robot(options, seed=p) for p in range(players)]
    for setup in (plan[0], plan[len(plan) // 2 - 1]):
        for _ in range(2):
            game = BoerenbridgeRound.dealt(setup, rng)
            while not game.is_over:
                player = game.to_act
                assert player is not None
                view = player_view(game, player)
                action = robots[player].choose(view)
                assert action in view.legal_actions
                game.apply(action, by=player)
            assert sum(game.tricks_won) == setup.hand_size


def test_the_robot_refuses_to_act_without_choices() -> None:
    game = BoerenbridgeRound.dealt(RoundSetup(4, 0, 3), random.Random(1))
    with pytest.raises(ValueError, match="nothing to choose"):
        robot().choose(player_view(game, 3))


def test_the_same_view_gets_the_same_answer() -> None:
    game = BoerenbridgeRound.dealt(RoundSetup(4, 2, 6), random.Random(8))
    view = player_view(game, 3)
    assert robot(seed=4).choose(view) == robot(seed=4).choose(view)


def test_a_view_gets_the_same_draws_in_every_process() -> None:
    """The draws are seeded from the view; a view still waiting for bids holds Nones, whose
    hash differs from one interpreter to the next."""
    program = (
        "import random\n"
        "from vaza.core.games.boerenbridge_rules import RoundSetup\n"
        "from vaza.core.games.boerenbridge import BoerenbridgeRound\n"
        "from vaza.core.views.boerenbridge import player_view\n"
        "from vaza.robots.boerenbridge_facts import facts_of\n"
        "from vaza.robots.boerenbridge_strong import decision_seed\n"
        "game = BoerenbridgeRound.dealt(RoundSetup(4, 2, 6), random.Random(8))\n"
        "facts = facts_of(player_view(game, game.to_act))\n"
        "assert None in facts.bids\n"
        "print(decision_seed(4, facts))\n"
    )
    seeds = {
        subprocess.run(
            [sys.executable, "-c", program], capture_output=True, text=True, check=True
        ).stdout
        for _ in range(3)
    }
    assert len(seeds) == 1


def test_the_robot_decides_from_its_view_alone() -> None:
    """Two deals that differ only in cards player 1 cannot see give player 1 the same view,
    and so the same bid and the same cards."""
    setup = RoundSetup(4, 0, 3)
    mine = "SA H7 D4"
    first = deal(["C2 C3 C4", mine, "HK HQ HJ", "D9 DT DJ"], "S5")
    second = deal(["HK HQ HJ", mine, "C2 C3 C4", "CA CK CQ"], "S5")
    games = [BoerenbridgeRound(setup, first), BoerenbridgeRound(setup, second)]
    views = [player_view(game, 1) for game in games]
    assert views[0] == views[1]
    assert robot().choose(views[0]) == robot().choose(views[1])


# -- bidding -------------------------------------------------------------------------------------


def test_the_dealer_never_makes_the_barred_bid_and_harsh_scoring_picks_the_closer_miss() -> None:
    """The dealer holds the two top trumps, sure of both tricks, after three bids of 0: the
    boerenregel bars 2, so every bid misses; harsh scoring makes 1 the cheaper miss."""
    setup = RoundSetup(4, 3, 2)
    cards = deal(["C2 C3", "D2 D3", "H2 H3", "SA SK"], "S5")
    game = BoerenbridgeRound(setup, cards)
    bid_all(game, [0, 0, 0])
    view = player_view(game, 3)
    assert view.barred == 2
    assert Bid(2) not in view.legal_actions
    assert robot(BoerenbridgeOptions(harsh=True)).choose(view) == Bid(1)


def test_a_sure_hand_bids_its_tricks_and_a_hopeless_one_bids_nothing() -> None:
    setup = RoundSetup(4, 0, 3)
    cards = deal(["C2 C3 C4", "SA SK SQ", "D2 D3 D5", "H2 H3 H4"], "SJ")
    game = BoerenbridgeRound(setup, cards)
    assert robot().choose(player_view(game, 1)) == Bid(3)
    game.apply(Bid(3))
    assert robot().choose(player_view(game, 2)) == Bid(0)


def test_blind_bidders_bid_without_their_card() -> None:
    setup = RoundSetup(4, 0, 1, blind=True)
    game = BoerenbridgeRound.dealt(setup, random.Random(3))
    for player in (1, 2, 3, 0):
        view = player_view(game, player)
        assert view.hand is None
        action = robot().choose(view)
        assert action in view.legal_actions
        game.apply(action, by=player)


def test_after_a_turned_wizard_the_dealer_names_its_strongest_suit() -> None:
    setup = RoundSetup(3, 0, 4, deck=DeckKind.WIZARD)
    cards = deal(["HA HK HQ C2", "S2 S3 S4 S5", "D2 D3 D4 D5"], "W1")
    game = BoerenbridgeRound(setup, cards)
    assert robot().choose(player_view(game, 0)) == ChooseTrump(Suit.HEARTS)


# -- play ----------------------------------------------------------------------------------------


def _last_to_play_with(bid: int) -> RoundView:
    """Player 3 plays last to diamonds led, holding the ace and a Jester (which never wins),
    having bid `bid`: the ace takes this trick for sure, and may or may not take the next."""
    setup = RoundSetup(4, 3, 2, deck=DeckKind.WIZARD)
    cards = deal(["D5 C7", "D9 C8", "DJ H9", "DA J1"], "S3")
    game = BoerenbridgeRound(setup, cards)
    bid_all(game, [1, 1, 1, bid])
    for card in ("D5", "D9", "DJ"):
        game.apply(parse_card(card))
    return player_view(game, 3)


def test_a_player_who_needs_the_trick_takes_it() -> None:
    assert robot().choose(_last_to_play_with(1)) == parse_card("DA")


def test_a_player_who_has_its_tricks_ducks() -> None:
    assert robot().choose(_last_to_play_with(0)) == parse_card("J1")


def test_the_quick_policy_watches_the_others_needs() -> None:
    """Player 1 wants no trick and holds the king and three of hearts over a five led.  If
    player 2, holding the ace, wants a trick, the king will lose to it: shed the king.  If
    player 2 wants none, it will duck with its two and the king would win: play the three."""
    hands = [0, Card.parse("HK").mask | Card.parse("H3").mask, 0, 0]
    hands[2] = Card.parse("HA").mask | Card.parse("H2").mask
    hands[3] = Card.parse("C2").mask
    led = Card.parse("H5").index
    follow, _ = follow_after(0, False, led)
    trump = int(Suit.SPADES)
    for needs, expected in (([0, 0, 1, 0], "HK"), ([0, 0, 0, 0], "H3")):
        card = aware_card(hands, needs, 1, 1, follow, led, BEATERS[trump], STRENGTH[trump])
        assert card == Card.parse(expected).index


def test_touching_cards_are_tried_once() -> None:
    setup = RoundSetup(3, 0, 4)
    cards = deal(["SK SQ S9 H2", "S2 S3 S4 S5", "D2 D3 D4 D5"], "C2")
    game = BoerenbridgeRound(setup, cards)
    facts = facts_of(player_view(game, 0))
    legal = [Card.parse(text).index for text in ("SK", "SQ", "S9", "H2")]
    assert distinct_cards(legal, facts) == sorted(Card.parse(t).index for t in ("SQ", "S9", "H2"))


# -- facts and hidden hands ----------------------------------------------------------------------


def test_facts_record_voids_but_not_from_wizards_or_jesters() -> None:
    setup = RoundSetup(3, 0, 3, deck=DeckKind.WIZARD)
    cards = deal(["H5 H6 C9", "W1 H7 D2", "S2 S3 J1"], "D9")
    game = BoerenbridgeRound(setup, cards)
    bid_all(game, [1, 0, 1])
    for card in ("W1", "S2", "H5"):  # a Wizard led frees everyone: nobody shows out
        game.apply(parse_card(card))
    for card in ("H7", "J1", "H6"):  # hearts led: a Jester shows nothing
        game.apply(parse_card(card))
    facts = facts_of(player_view(game, 0))
    assert facts.forbidden == (0, 0, 0)
    game.apply(parse_card("D2"))  # player 1 leads diamonds
    game.apply(parse_card("S3"))  # player 2 shows out of diamonds
    facts = facts_of(player_view(game, 0))
    assert facts.forbidden[2] == 0x1FFF << 13 * int(Suit.DIAMONDS)
    assert facts.remaining(2) == 0 and facts.remaining(0) == 1
    assert facts.leader == 1 and facts.trick == (parse_card("D2").index, parse_card("S3").index)


def test_drawn_hands_hide_nothing_seen_and_respect_counts_and_voids() -> None:
    setup = RoundSetup(4, 0, 5)
    game = BoerenbridgeRound.dealt(setup, random.Random(11))
    while game.tricks == () or len(game.played) < 6:
        player = game.to_act
        assert player is not None
        game.apply(BoerenbridgeSimpleRobot().choose(player_view(game, player)), by=player)
    view = player_view(game, game.to_act or 0)
    facts = facts_of(view)
    seen = facts.hand or 0
    for mask in facts.played_by:
        seen |= mask
    seen |= facts.turned
    dealer = UnseenDealer(facts)
    rng = random.Random(5)
    for _ in range(200):
        hands = dealer.deal(rng)
        assert hands[facts.me] == facts.hand
        for player, hand in enumerate(hands):
            assert hand.bit_count() == facts.remaining(player)
            if player != facts.me:
                assert not hand & seen
                assert not hand & facts.forbidden[player]


def test_the_hand_estimate_grows_with_strength_and_moves_off_a_barred_bid() -> None:
    setup = RoundSetup(4, 0, 5)
    game = BoerenbridgeRound(
        setup, deal(["SA SK SQ HA DA", "C2 C3 C4 D6 H7", "C5 C6 C7 D7 H8", "C8 C9 CT D8 H9"], "S2")
    )
    estimator = HandEstimator(facts_of(player_view(game, 1)))
    strong = sum(1 << parse_card(c).index for c in ("SA", "SK", "SQ", "HA", "DA"))
    weak = sum(1 << parse_card(c).index for c in ("C2", "C3", "C4", "D6", "H7"))
    assert estimator.estimate(strong) > 2.5
    assert estimator.estimate(weak) < 0.5
    wanted = estimator.bid(strong, None)
    assert estimator.bid(strong, wanted) in (wanted - 1, wanted + 1)


# -- the playout engine against the core ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "deck"),
    [(4, DeckKind.STANDARD), (5, DeckKind.WIZARD), (2, DeckKind.TWO_PLAYER), (3, DeckKind.WIZARD)],
)
def test_playouts_follow_the_rules_of_the_core(players: int, deck: DeckKind) -> None:
    """Play each deal through the core with the quick policy's cards: every card is legal for
    the core, and the core's tricks are the playout's."""
    rng = random.Random(players)
    for _ in range(25):
        size = rng.randint(1, min(8, (deck.size - 1) // players))
        setup = RoundSetup(players, rng.randrange(players), size, deck=deck)
        game = BoerenbridgeRound.dealt(setup, rng)
        if game.phase is RoundPhase.TRUMP_CHOICE:
            game.apply(ChooseTrump(Suit(rng.randrange(4))))
        while game.legal_actions() and isinstance(game.legal_actions()[0], Bid):
            bid = rng.choice(game.legal_actions())
            assert isinstance(bid, Bid)
            game.apply(bid)
        bids = [bid or 0 for bid in game.bids]
        trump = NO_TRUMP if game.trump is None else int(game.trump)
        hands = list(game.deal.hands)
        expected = play_out(list(hands), bids, [0] * players, setup.first_bidder, (), trump)
        needs = list(bids)
        follow, free, best, trick = 0, False, -1, 0
        while not game.is_over:
            player = game.to_act
            assert player is not None
            index = aware_card(
                hands, needs, player, trick, follow, best, BEATERS[trump], STRENGTH[trump]
            )
            card = next(c for c in game.legal_actions() if getattr(c, "index", -1) == index)
            game.apply(card)
            hands[player] ^= 1 << index
            follow, free = follow_after(follow, free, index)
            if best < 0 or BEATERS[trump][best] >> index & 1:
                best = index
            trick += 1
            if trick == players:
                winner = game.tricks[-1].winner
                needs[winner] -= 1
                follow, free, best, trick = 0, False, -1, 0
        assert list(game.tricks_won) == expected


@pytest.mark.parametrize(
    ("players", "deck"), [(4, DeckKind.STANDARD), (5, DeckKind.WIZARD), (3, DeckKind.WIZARD)]
)
def test_mixed_playouts_follow_the_rules_of_the_core(players: int, deck: DeckKind) -> None:
    """Players who see the deal, who see their own hand, and who play at random, at one table:
    each one's card (replayed with the same random numbers) is legal for the core, and the
    core's tricks are the playout's."""
    rng = random.Random(10 + players)
    for _ in range(25):
        size = rng.randint(1, min(8, (deck.size - 1) // players))
        setup = RoundSetup(players, rng.randrange(players), size, deck=deck)
        game = BoerenbridgeRound.dealt(setup, rng)
        if game.phase is RoundPhase.TRUMP_CHOICE:
            game.apply(ChooseTrump(Suit(rng.randrange(4))))
        while game.legal_actions() and isinstance(game.legal_actions()[0], Bid):
            bid = rng.choice(game.legal_actions())
            assert isinstance(bid, Bid)
            game.apply(bid)
        bids = [bid or 0 for bid in game.bids]
        trump = NO_TRUMP if game.trump is None else int(game.trump)
        kinds = [rng.choice((AWARE, PLAIN, RANDOM)) for _ in range(players)]
        hands = list(game.deal.hands)
        draws = [rng.random() for _ in range(players * size)]
        expected = play_mixed(
            list(hands),
            bids,
            [0] * players,
            setup.first_bidder,
            (),
            trump,
            kinds,
            iter(draws).__next__,
        )
        numbers = iter(draws)
        needs = list(bids)
        follow, free, best, trick = 0, False, -1, 0
        beaters, strength = BEATERS[trump], STRENGTH[trump]
        while not game.is_over:
            player = game.to_act
            assert player is not None
            if kinds[player] == AWARE:
                index = aware_card(hands, needs, player, trick, follow, best, beaters, strength)
            elif kinds[player] == PLAIN:
                last = trick == players - 1
                index = plain_pick(
                    hands[player], follow, best, last, needs[player], beaters, strength
                )
            else:
                index = random_pick(hands[player], follow, next(numbers))
            card = next(c for c in game.legal_actions() if getattr(c, "index", -1) == index)
            game.apply(card)
            hands[player] ^= 1 << index
            follow, free = follow_after(follow, free, index)
            if best < 0 or beaters[best] >> index & 1:
                best = index
            trick += 1
            if trick == players:
                winner = game.tricks[-1].winner
                needs[winner] -= 1
                follow, free, best, trick = 0, False, -1, 0
        assert list(game.tricks_won) == expected


# -- over whole matches --------------------------------------------------------------------------


def test_the_strong_robot_outscores_random_players() -> None:
    options = BoerenbridgeOptions(schedule=(3, 4, 5, 4, 3))
    for number in range(2):
        rng = random.Random(number)
        seats: list[RandomPlayer | BoerenbridgeStrongRobot] = [
            RandomPlayer(random.Random(rng.random())) for _ in range(4)
        ]
        seats[number] = robot(options, seed=number)
        match = BoerenbridgeMatch(4, options, rng=random.Random(number + 10))
        play_match(match, seats)
        totals = match.totals
        assert all(totals[number] > totals[p] for p in range(4) if p != number)


def test_measure_reports_its_figures() -> None:
    figures = measure(1, 3, options=BoerenbridgeOptions(schedule=(2, 3)), budget=QUICK)
    assert set(figures) >= {
        "exact_bid_rate",
        "zero_bid_share",
        "win_rate_vs_random",
        "exact_bid_rate_vs_random",
        "boeren_ms_p50",
        "boeren_ms_p95",
    }
    assert 0.0 <= figures["exact_bid_rate"] <= 0.75
    assert 0.0 <= figures["zero_bid_share"] <= 1.0
    assert 0.0 <= figures["exact_bid_rate_vs_random"] <= 1.0
    low, high = figures["exact_bid_rate_vs_random_ci95"]
    assert low <= figures["exact_bid_rate_vs_random"] <= high
    assert figures["win_rate_vs_random"] in (0.0, 1.0)
    # Times are the machine's: only that the quantiles come in their order (never a value).
    assert figures["boeren_ms_p50"] <= figures["boeren_ms_p95"]
