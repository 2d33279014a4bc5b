"""What a Blue Chip client has been told about a board, and the view its robot decides from.

A client knows its own hand, the board's number, dealer and vulnerability, every call and
card the table manager relayed, and dummy's hand once it is shown.  Vaza's robots decide from
a `TableView`, which the core builds from a `ContractDeal`; a game needs all 52 cards, so the
client deals the cards it has not seen into a stand-in deal: each hidden hand gets the cards
its player has played, then unseen cards to make thirteen, never of a suit the player showed
out of (so every card replays legally).  `seat_view` then shows the robot its own hand, dummy
after the opening lead and what was played, and hides the stand-in cards as it hides real
ones: the robot learns nothing the messages did not say.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from vaza.core.auction import Auction
from vaza.core.calls import Call
from vaza.core.cards import CARDS, SEATS, Card, Hand, Seat, Suit, Vulnerability
from vaza.core.deal import Board, Deal
from vaza.core.errors import ParseError
from vaza.core.games.contract import ContractDeal
from vaza.core.views import TableView, seat_view


@dataclass
class BoardKnowledge:
    """One seat's record of a board, built from the table manager's messages."""

    seat: Seat
    number: int
    dealer: Seat
    vulnerability: Vulnerability
    hand: Hand
    dummy_hand: Hand | None = None
    """Dummy's thirteen cards, once the table manager has shown them."""
    calls: list[Call] = field(default_factory=list)
    cards: list[tuple[Seat, Card]] = field(default_factory=list)
    """Every card played, in order, with the seat it came from."""

    def __post_init__(self) -> None:
        if len(self.hand) != 13:
            raise ParseError(f"a hand has 13 cards, not {len(self.hand)}")

    def game(self) -> ContractDeal:
        """The board replayed through the rules on a stand-in deal (see the module)."""
        game = ContractDeal(Board(self._stand_in(), self.dealer, self.vulnerability, self.number))
        for call in self.calls:
            game.apply(call)
        for _, card in self.cards:
            game.apply(card)
        return game

    def view(self) -> TableView:
        return seat_view(self.game(), self.seat)

    def record_card(self, seat: Seat, card: Card) -> None:
        self.cards.append((seat, card))

    @property
    def dummy(self) -> Seat | None:
        """Dummy's seat once the auction has ended in a contract."""
        return self._dummy_seat()

    @property
    def auction(self) -> Auction:
        """The auction so far (the calls replayed through the rules)."""
        auction = Auction(self.dealer)
        for call in self.calls:
            auction.add(call)
        return auction

    def _stand_in(self) -> Deal:
        known: dict[Seat, int] = {self.seat: self.hand.mask}
        if self.dummy_hand is not None:
            dummy = self._dummy_seat()
            if dummy is not None and dummy != self.seat:
                known[dummy] = self.dummy_hand.mask
        played = dict.fromkeys(SEATS, 0)
        for seat, card in self.cards:
            played[seat] |= card.mask
        used = 0
        for mask in known.values():
            used |= mask
        for seat in SEATS:
            if seat not in known:
                used |= played[seat]
        hidden = [seat for seat in SEATS if seat not in known]
        needs = {seat: 13 - played[seat].bit_count() for seat in hidden}
        unseen = [card for card in CARDS if not used & card.mask]
        filled = fill_hands(unseen, needs, self._voids())
        masks = [0, 0, 0, 0]
        for seat in SEATS:
            if seat in known:
                masks[seat] = known[seat]
            else:
                masks[seat] = played[seat]
                for card in filled[seat]:
                    masks[seat] |= card.mask
        return Deal.from_masks((masks[0], masks[1], masks[2], masks[3]))

    def _dummy_seat(self) -> Seat | None:
        """Dummy's seat from the auction alone (no deal needed)."""
        auction = self.auction
        contract = auction.contract if auction.is_over else None
        return None if contract is None else contract.dummy

    def _voids(self) -> dict[Seat, set[Suit]]:
        """The suits each seat showed out of (it did not follow when it was led)."""
        voids: dict[Seat, set[Suit]] = {seat: set() for seat in SEATS}
        for start in range(0, len(self.cards), 4):
            trick = self.cards[start : start + 4]
            led = trick[0][1].suit
            for seat, card in trick[1:]:
                if card.suit != led:
                    voids[seat].add(led)
        return voids


def fill_hands(
    unseen: list[Card], needs: dict[Seat, int], voids: dict[Seat, set[Suit]]
) -> dict[Seat, list[Card]]:
    """Give each seat `needs[seat]` of the unseen cards, none of a suit in its voids: a
    matching of cards to free places, found by augmenting paths (it exists whenever a real
    deal does, since the real hands are one)."""
    if sum(needs.values()) != len(unseen):
        raise ParseError(
            f"{len(unseen)} unseen cards cannot fill {sum(needs.values())} places in the hands"
        )
    places = [seat for seat, count in needs.items() for _ in range(count)]
    holder: list[int | None] = [None] * len(places)
    """For each place, the index in `unseen` of the card put there."""

    def allowed(card: Card, place: int) -> bool:
        return card.suit not in voids.get(places[place], set())

    def place_card(card_index: int, tried: set[int]) -> bool:
        card = unseen[card_index]
        for place in range(len(places)):
            if place in tried or not allowed(card, place):
                continue
            tried.add(place)
            current = holder[place]
            if current is None or place_card(current, tried):
                holder[place] = card_index
                return True
        return False

    for card_index in range(len(unseen)):
        if not place_card(card_index, set()):
            raise ParseError("the cards shown cannot be dealt consistently with the voids shown")
    hands: dict[Seat, list[Card]] = {seat: [] for seat in needs}
    for place, held in enumerate(holder):
        assert held is not None
        hands[places[place]].append(unseen[held])
    return hands
