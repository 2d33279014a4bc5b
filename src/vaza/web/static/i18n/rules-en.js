// Short rules of each game, in English (written for Vaza from the rule texts in seeds/).

export default {
  contract: {
    title: "Contract bridge",
    lead: "Four players in two partnerships, partners sitting opposite: North–South against East–West. The whole pack of 52 cards is dealt, thirteen to each player.",
    sections: [
      ["The aim", ["Win tricks. A trick is four cards, one from each player in turn clockwise; the highest card of the suit led wins it, unless a trump was played, when the highest trump wins. Cards rank A K Q J 10 9 … 2."]],
      ["The auction", [
        "The dealer speaks first, then each player clockwise. A bid names a number of tricks over six (1 to 7) and a strain: clubs ♣, diamonds ♦, hearts ♥, spades ♠ (lowest to highest) or no trump. Each bid must be higher than the last: more tricks, or the same number in a higher strain.",
        "Instead of bidding you may pass, double the opponents' last bid, or redouble a double of your side's bid. A new bid cancels doubles. Passing once does not stop you from bidding later.",
        "The auction ends when three players pass in a row after a bid. If all four pass at once, the deal is passed out. The last bid is the contract; the partner who first named its strain is the declarer, the other is dummy.",
      ]],
      ["The play", [
        "The player on declarer's left leads to the first trick. Then dummy's hand is laid face up and declarer plays both hands: dummy takes no part in the play.",
        "You must follow suit if you can; otherwise you may play any card, a trump or a discard. The winner of each trick leads to the next.",
        "You may look at the last trick until you or your partner have played to the next one. A player may claim a number of the remaining tricks; the opponents accept or refuse. A player may ask to take back a call or a card; the opponents decide.",
      ]],
      ["The score", [
        "Tricks bid and made score below the line: 20 each in clubs and diamonds, 30 in hearts and spades, 40 for the first no-trump trick and 30 for each other. Doubled ×2, redoubled ×4. 100 points below the line make a game (3NT, 4♥, 4♠, 5♣, 5♦ at once, or several partscores).",
        "Everything else goes above the line: overtricks, the bonus of 50 (redoubled 100) for making a doubled contract, slams (12 tricks: 500, vulnerable 750; 13 tricks: 1000 / 1500), and the opponents' points for undertricks: 50 each (vulnerable 100); doubled 100, 200, 200, 300… (vulnerable 200, 300…); redoubled twice as much.",
        "A side that has won a game is vulnerable: its bonuses and penalties are larger. Points for high-card strength: ace 4, king 3, queen 2, jack 1 (40 in the pack).",
      ]],
      ["Rubber bridge", ["The first side to win two games wins the rubber and a bonus of 700 (500 if the other side has a game). Honours: four of the five top trumps in one hand score 100, all five 150, four aces at no trump 150. A rubber stopped early gives 300 to a side with the only game and 100 to the only side with a partscore."]],
      ["Chicago", ["Four deals, dealt by North, East, South and West. Vulnerability comes from the deal's number: none, North–South, East–West, both. A game scores 300 at once (vulnerable 500); a partscore on the fourth deal scores 100. No rubber bonus."]],
      ["Duplicate", ["Each deal is scored on its own: a game bonus of 300 (vulnerable 500), a partscore bonus of 50. Board numbers fix the dealer and the vulnerability."]],
      ["IMP (Russian) scoring", ["Chicago rounds where each deal is compared with what the pair holding more high-card points should score by their points and vulnerability; the difference becomes IMPs on the standard scale."]],
      ["Old Polish", ["Rubber bridge with other numbers: tricks 6 (♣), 7 (♦), 8 (♥), 9 (♠), 10 (NT); a game is 30 points; 1000 for the first game and 2000 for the second; slams 2000 and 4000; overtricks 100 (vulnerable 200), doubled twice as much; 100 to each side when all four pass."]],
      ["Auction Bridge", ["As rubber bridge, but overtricks score below the line and count toward game."]],
    ],
  },
  "bridge-whist": {
    title: "Bridge-Whist (no auction)",
    lead: "Bridge as it was played before the auction: the dealer is always declarer and the dealer's partner always dummy.",
    sections: [
      ["Trumps", ["The dealer names trumps (a suit or no trump) or passes the choice to partner, who must then name them."]],
      ["The contract", ["The declaring side must take six tricks. Each trick over six scores as an overtrick (20 in clubs and diamonds, 30 in hearts, spades and no trump); each trick under six gives the defenders 50 (vulnerable 100). Nothing is doubled. The play is bridge's."]],
    ],
  },
  widow: {
    title: "The widow (Viúva)",
    lead: "A Brazilian bridge once very popular: twelve cards each, and four in the middle — the widow.",
    sections: [
      ["The deal", ["Each player receives twelve cards; the last four lie face down in the middle."]],
      ["The widow", ["After the auction and before the opening lead, the declarer takes the widow and hands out its cards: one to each player and one to himself. Everyone then plays thirteen cards, and the rest is bridge. Each player knows only the card he received."]],
    ],
  },
  honeymoon: {
    title: "Two-handed bridge",
    lead: "Bridge for two, in two phases.",
    sections: [
      ["The drawing phase", ["Thirteen cards each; the rest is a stock with its top card face up. Players play a card each: the follower must follow suit if able. The winner of the pair takes the face-up card, the other takes the next card unseen, and the next card of the stock is turned. These tricks score nothing."]],
      ["The bridge phase", ["When the stock is gone, each player has thirteen cards: an auction and play as in bridge, without dummy, each player for himself."]],
    ],
  },
  boerenbridge: {
    title: "Boerenbridge (Oh Hell)",
    lead: "The Dutch trick game for 3 to 7 players, each for themselves: bid exactly the tricks you will take.",
    sections: [
      ["The rounds", ["The hand size climbs from 1 card to the top and back down (four players: 1 to 8 and back, 15 rounds). After the deal the next card is turned: its suit is trumps. The deal passes clockwise."]],
      ["Bidding", ["From the dealer's left, everyone bids once: the exact number of tricks they will take. The dealer bids last and may not bid the number that makes the bids add up to the hand size — so somebody will always miss."]],
      ["Play", ["The player on the dealer's left leads. Follow suit if you can; otherwise play anything. The highest trump wins, otherwise the highest card of the suit led; the winner leads next."]],
      ["Score", ["An exact bid scores 10 plus 2 per trick (bid 0 and take 0: 10). A missed bid scores 0, or minus the difference when playing harsh. The highest total wins; ties go to more exact bids, then the best single round."]],
      ["Variants", ["Fixed hand size, no-trump rounds, blind one-card rounds (bid before looking; the score is multiplied), the farmer's consolation (+5), and the Wizard style with four Wizards that always win and four Jesters that always lose."]],
    ],
  },
};
