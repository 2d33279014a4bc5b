"""Boerenbridge rounds (seed 004): the deal, the dealer's rule, trick play, Wizard style.  Random
legal playouts of every variant, checked against rules written out again, are test_games.py's
(gameprobes.py has Boerenbridge's reference rules)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from vaza.core.cards import Card, Suit
from vaza.core.errors import GameOver, IllegalAction, NotYourTurn, ParseError
from vaza.core.game import Claim, UndoRequest
from vaza.core.games.boerenbridge import (
    Bid,
    BoerenbridgeRound,
    ChooseTrump,
    RoundDeal,
    RoundPhase,
    barred_bid,
)
from vaza.core.games.boerenbridge_cards import (
    ALL_CARDS,
    JESTERS,
    WIZARDS,
    DeckKind,
    Special,
    SpecialKind,
    cards_of,
    parse_card,
    parse_cards,
)
from vaza.core.games.boerenbridge_rules import (
    LADDERS,
    BoerenbridgeOptions,
    RoundSetup,
    ladder,
    max_hand_size,
    round_setups,
    schedule_for,
)
from vaza.core.views.boerenbridge import kibitzer_view

# -- helpers ----------------------------------------------------------------------------------


def make_round(
    hands: Sequence[str],
    turned: str | None,
    dealer: int = 0,
    deck: DeckKind = DeckKind.STANDARD,
    no_trump: bool = False,
) -> BoerenbridgeRound:
    parsed = [parse_cards(hand) for hand in hands]
    setup = RoundSetup(len(hands), dealer, len(parsed[0]), deck, no_trump=no_trump)
    return BoerenbridgeRound(setup, RoundDeal.of(parsed, parse_card(turned) if turned else None))


def snapshot(game: BoerenbridgeRound) -> object:
    """Everything observable about a round."""
    return (game.phase, game.to_act, game.trump, kibitzer_view(game, all_hands=True))


def bid_all(game: BoerenbridgeRound, bids: Sequence[int]) -> None:
    for bid in bids:
        game.apply(Bid(bid), by=game.to_act)


def play(game: BoerenbridgeRound, text: str) -> None:
    for card in parse_cards(text):
        game.apply(card, by=game.to_act)


# -- seed 004's worked example and the dealer's rule ---------------------------------------------


def test_seed_example_dealer_barred_from_the_bid_that_makes_five() -> None:
    """Seed 004: a 5-card round, the first three bid 2, 0 and 1; the dealer may not bid 2."""
    setup = RoundSetup(players=4, dealer=3, hand_size=5)
    game = BoerenbridgeRound.dealt(setup, random.Random(4))
    assert game.to_act == 0  # the dealer's left bids first
    bid_all(game, [2, 0, 1])
    assert game.to_act == 3
    assert game.barred == 2
    assert [bid.tricks for bid in game.legal_actions()] == [0, 1, 3, 4, 5]  # type: ignore[union-attr]
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="may not bid 2"):
        game.apply(Bid(2), by=3)
    assert snapshot(game) == before
    game.apply(Bid(3), by=3)
    assert game.phase is RoundPhase.PLAY
    assert game.to_act == 0  # the dealer's left leads the first trick
    assert game.bids == (2, 0, 1, 3)


def test_barred_bid() -> None:
    assert barred_bid(5, [2, 0, 1]) == 2
    assert barred_bid(5, [1, 2, 1]) == 1
    assert barred_bid(5, [3, 1, 2]) is None  # already over: the dealer may bid anything
    assert barred_bid(1, [0, 0]) == 1
    assert barred_bid(1, [1, 0]) == 0


def test_dealer_over_bid_total_is_free() -> None:
    game = BoerenbridgeRound.dealt(RoundSetup(4, 0, 5), random.Random(1))
    bid_all(game, [3, 1, 2])
    assert game.barred is None
    assert len(game.legal_actions()) == 6


def test_bids_are_whole_numbers_up_to_the_hand_size() -> None:
    game = BoerenbridgeRound.dealt(RoundSetup(3, 0, 4), random.Random(2))
    before = snapshot(game)
    for bad in (Bid(5), Bid(-1)):
        with pytest.raises(IllegalAction, match="from 0 to 4"):
            game.apply(bad)
        assert snapshot(game) == before
    for wrong in (True, 1.0, "1"):  # refused as the bid is made, compiled or not
        with pytest.raises(IllegalAction, match="whole number of tricks"):
            Bid(wrong)


# -- schedules ------------------------------------------------------------------------------------


def test_seed_schedules() -> None:
    assert LADDERS[4] == (1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1)
    assert len(LADDERS[5]) == 19 and max(LADDERS[5]) == 10
    assert LADDERS[6] == LADDERS[4]
    assert LADDERS[7] == (1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1)
    assert LADDERS[3] == ladder(10)
    assert LADDERS[2] == ladder(8)
    for players, schedule in LADDERS.items():
        deck = DeckKind.TWO_PLAYER if players == 2 else DeckKind.STANDARD
        assert max(schedule) <= max_hand_size(players, deck)  # a card is left to turn


def test_schedule_options() -> None:
    assert schedule_for(4, BoerenbridgeOptions(fixed_hand_size=10)) == (10,) * 15
    assert schedule_for(7, BoerenbridgeOptions(fixed_hand_size=7)) == (7,) * 14
    assert schedule_for(3, BoerenbridgeOptions(schedule=(5, 17, 1))) == (5, 17, 1)
    assert schedule_for(5, BoerenbridgeOptions(wizards=True, schedule=(11,))) == (11,)
    with pytest.raises(IllegalAction, match="more than the 52-card deck"):
        schedule_for(6, BoerenbridgeOptions(fixed_hand_size=10))
    with pytest.raises(IllegalAction, match="more than the 52-card deck"):
        schedule_for(4, BoerenbridgeOptions(schedule=(1, 14)))
    with pytest.raises(IllegalAction, match="more than the 26-card deck"):
        schedule_for(2, BoerenbridgeOptions(schedule=(14,)))
    with pytest.raises(IllegalAction, match="2 to 7 players"):
        schedule_for(8, BoerenbridgeOptions())
    with pytest.raises(IllegalAction, match="Wizard style is for 3 to 7"):
        schedule_for(2, BoerenbridgeOptions(wizards=True))
    with pytest.raises(IllegalAction):
        BoerenbridgeOptions(fixed_hand_size=7, no_trump_rounds=True)
    with pytest.raises(IllegalAction):
        BoerenbridgeOptions(schedule=(3, 0))
    with pytest.raises(IllegalAction):
        BoerenbridgeOptions(schedule=())
    with pytest.raises(IllegalAction):
        BoerenbridgeOptions(blind_multiplier=0)


def test_a_round_that_uses_the_whole_pack_has_no_trumps() -> None:
    setup = RoundSetup(4, 0, 13)
    assert not setup.has_indicator
    game = BoerenbridgeRound.dealt(setup, random.Random(3))
    assert game.turned is None and game.trump is None
    assert RoundSetup(3, 0, 17).has_indicator  # 51 cards dealt, one left to turn


def test_plan_marks_no_trump_and_blind_rounds_and_rotates_the_deal() -> None:
    options = BoerenbridgeOptions(no_trump_rounds=True, blind_one_card_rounds=True)
    plan = round_setups(4, options, first_dealer=2)
    assert [s.dealer for s in plan[:6]] == [2, 3, 0, 1, 2, 3]
    assert [s.hand_size for s in plan if s.no_trump] == [1, 8, 1]
    assert [s.hand_size for s in plan if s.blind] == [1, 1]
    seven = round_setups(7, BoerenbridgeOptions(no_trump_rounds=True))
    assert [s.hand_size for s in seven if s.no_trump] == [1, 7, 7, 1]


# -- the deal --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size", "deck"),
    [(4, 8, DeckKind.STANDARD), (2, 8, DeckKind.TWO_PLAYER), (5, 11, DeckKind.WIZARD)],
)
def test_shuffled_deal(players: int, size: int, deck: DeckKind) -> None:
    setup = RoundSetup(players, 1, size, deck)
    deal = RoundDeal.shuffle(setup, random.Random(7))
    used = 0
    for hand in deal.hands:
        assert hand.bit_count() == size
        assert not hand & ~deck.mask
        used |= hand
    assert deal.turned is not None and deal.turned.mask & deck.mask
    assert not deal.turned.mask & used
    assert deal == RoundDeal.shuffle(setup, random.Random(7))  # a seed replays the deal


def test_two_player_deck_is_spades_and_hearts() -> None:
    cards = DeckKind.TWO_PLAYER.cards
    assert len(cards) == 26
    assert {card.suit for card in cards if isinstance(card, Card)} == {Suit.SPADES, Suit.HEARTS}
    assert DeckKind.WIZARD.size == 60 and DeckKind.STANDARD.size == 52


def test_deal_must_match_its_setup() -> None:
    with pytest.raises(ParseError, match="must hold 2 cards"):
        make_round(["SA SK", "HA", "DA DK"], "C2")
    with pytest.raises(ParseError, match="turns a card"):
        make_round(["SA", "HA", "DA"], None)
    with pytest.raises(ParseError, match="also in a hand"):
        make_round(["SA", "HA", "DA"], "SA")
    with pytest.raises(ParseError, match="two players"):
        make_round(["SA", "SA", "DA"], "C2")
    with pytest.raises(ParseError, match="not in the standard deck"):
        make_round(["W1", "HA", "DA"], "C2")
    with pytest.raises(ParseError, match="not in the two-player deck"):
        make_round(["SA", "HA"], "D2", deck=DeckKind.TWO_PLAYER)
    with pytest.raises(IllegalAction):
        RoundSetup(3, 3, 1)


def test_cards_parse_and_specials_are_shared() -> None:
    assert parse_card("W3") is Special(SpecialKind.WIZARD, 3) is WIZARDS[2]
    assert parse_card("j1") is JESTERS[0]
    assert parse_card("10♥") is Card.parse("HT")
    assert [c.index for c in ALL_CARDS] == list(range(60))
    assert cards_of(WIZARDS[0].mask | Card.parse("C2").mask) == (Card.parse("C2"), WIZARDS[0])
    with pytest.raises(ParseError):
        parse_card("W5")


# -- trick play ------------------------------------------------------------------------------------


def test_follow_suit_trumps_and_the_winner_leads() -> None:
    # Dealer 2, so player 0 bids first and leads.  Trumps: hearts (the turned H2).
    game = make_round(["SA S3 D5", "SK C4 H3", "S2 D9 DA"], "H2", dealer=2)
    bid_all(game, [1, 1, 0])
    assert game.to_act == 0
    play(game, "S3")
    assert set(game.legal_actions()) == {Card.parse("SK")}
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="must follow suit"):
        game.apply(Card.parse("H3"), by=1)
    assert snapshot(game) == before
    play(game, "SK S2")  # the king of the suit led wins
    assert game.tricks[-1].winner == 1 and game.to_act == 1
    play(game, "C4")  # players 2 and 0 have no clubs
    assert len(game.legal_actions()) == 2
    play(game, "D9 D5")  # nobody trumps and follows: the clubs lead wins
    assert game.tricks[-1].winner == 1
    play(game, "H3 DA SA")  # the small trump beats the aces
    assert game.is_over
    result = game.result
    assert result is not None
    assert result.tricks == (0, 3, 0) and result.bids == (1, 1, 0)
    assert result.trump is Suit.HEARTS and result.barred == 1  # the dealer could not bid 1


def test_no_trump_round_highest_of_the_suit_led_wins() -> None:
    game = make_round(["SA D5", "S3 H3", "S2 D9"], None, dealer=2, no_trump=True)
    assert game.trump is None and game.turned is None
    bid_all(game, [1, 0, 0])
    play(game, "D5 H3 D9")
    assert game.tricks[-1].winner == 2


def test_out_of_turn_wrong_phase_and_table_actions_change_nothing() -> None:
    game = make_round(["SA D5", "S3 H3", "S2 D9"], "C2", dealer=2)
    before = snapshot(game)
    with pytest.raises(NotYourTurn):
        game.apply(Bid(0), by=1)
    with pytest.raises(IllegalAction, match="bidding is not over"):
        game.apply(Card.parse("SA"), by=0)
    with pytest.raises(IllegalAction, match="only when a Wizard is turned"):
        game.apply(ChooseTrump(Suit.SPADES), by=0)
    with pytest.raises(IllegalAction, match="no claims"):
        game.apply(Claim(1), by=0)
    with pytest.raises(IllegalAction, match="no claims"):
        game.apply(UndoRequest(), by=0)
    with pytest.raises(IllegalAction, match="not an action"):
        game.apply("SA")  # type: ignore[arg-type]
    assert snapshot(game) == before
    bid_all(game, [1, 0, 0])
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="bidding is over"):
        game.apply(Bid(0), by=0)
    with pytest.raises(NotYourTurn):
        game.apply(Card.parse("S3"), by=1)
    with pytest.raises(IllegalAction, match="does not hold"):
        game.apply(Card.parse("S3"), by=0)
    with pytest.raises(IllegalAction, match="does not hold W1"):
        game.apply(WIZARDS[0], by=0)
    assert snapshot(game) == before
    play(game, "SA S3 S2 D5 H3 D9")
    assert game.is_over and game.legal_actions() == () and game.to_act is None
    with pytest.raises(GameOver):
        game.apply(Card.parse("SA"))


# -- Wizard style ----------------------------------------------------------------------------------


def test_wizard_turned_lets_the_dealer_choose_trumps() -> None:
    game = make_round(["SA", "HA", "DA"], "W2", dealer=1, deck=DeckKind.WIZARD)
    assert game.phase is RoundPhase.TRUMP_CHOICE and game.to_act == 1
    assert game.legal_actions() == tuple(ChooseTrump(s) for s in Suit)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="names trumps first"):
        game.apply(Bid(0), by=1)
    with pytest.raises(NotYourTurn):
        game.apply(ChooseTrump(Suit.CLUBS), by=2)
    with pytest.raises(IllegalAction, match="four suits"):
        ChooseTrump(4)
    assert snapshot(game) == before
    game.apply(ChooseTrump(Suit.DIAMONDS), by=1)
    assert game.trump is Suit.DIAMONDS and game.to_act == 2
    bid_all(game, [0, 0, 0])
    play(game, "DA SA HA")
    assert game.tricks[-1].winner == 2
    assert game.result is not None and game.result.trump is Suit.DIAMONDS


def test_jester_turned_means_no_trumps() -> None:
    game = make_round(["S2", "HA", "DA"], "J4", dealer=2, deck=DeckKind.WIZARD)
    assert game.trump is None and game.phase is RoundPhase.BIDDING
    bid_all(game, [0, 0, 0])
    play(game, "S2 HA DA")
    assert game.tricks[-1].winner == 0


def test_wizards_and_jesters_may_be_played_while_holding_the_suit_led() -> None:
    game = make_round(["S2 C3", "W1 S9", "J1 SK"], "H5", dealer=2, deck=DeckKind.WIZARD)
    bid_all(game, [0, 1, 0])
    play(game, "S2")
    assert set(game.legal_actions()) == set(parse_cards("W1 S9"))
    play(game, "W1")
    assert set(game.legal_actions()) == set(parse_cards("J1 SK"))
    play(game, "SK")
    assert game.tricks[-1].winner == 1  # a Wizard beats everything


def test_a_wizard_led_frees_the_others_and_the_first_wizard_wins() -> None:
    game = make_round(["W1 C2", "S9 W2", "HA D3"], "H5", dealer=2, deck=DeckKind.WIZARD)
    bid_all(game, [1, 0, 0])
    play(game, "W1")
    assert len(game.legal_actions()) == 2
    play(game, "W2 HA")  # the second Wizard and the ace of trumps lose to the first
    assert game.tricks[-1].winner == 0


def test_after_a_jester_lead_the_next_card_sets_the_suit() -> None:
    game = make_round(["J1 C2", "D9 S2", "DK SA"], "H5", dealer=2, deck=DeckKind.WIZARD)
    bid_all(game, [0, 1, 0])
    play(game, "J1")
    assert len(game.legal_actions()) == 2  # a Jester sets no suit
    play(game, "D9")
    assert game.legal_actions() == (Card.parse("DK"),)  # diamonds now
    play(game, "DK")
    assert game.tricks[-1].winner == 2


def test_a_trick_of_jesters_goes_to_the_first() -> None:
    game = make_round(["SA J3", "HA J1", "DA J2"], "C5", dealer=0, deck=DeckKind.WIZARD)
    bid_all(game, [0, 1, 0])
    play(game, "J1 J2 J3")  # player 1 leads
    assert game.tricks[-1].winner == 1


def test_a_jester_then_a_wizard_frees_the_rest() -> None:
    game = make_round(["J1 C2", "W1 S2", "DK SA"], "H5", dealer=2, deck=DeckKind.WIZARD)
    bid_all(game, [0, 1, 0])
    play(game, "J1 W1")
    assert len(game.legal_actions()) == 2
    play(game, "SA")
    assert game.tricks[-1].winner == 1
