// English texts: what the table says to a screen reader (lib/announce.js), the bidding box
// as one widget, and the slip guard.  Keys are shared with ../pt-BR/access.js (a test checks).

import { plural } from "../plural.js";

export default {
  // the table's log, read by screen readers
  "say.log": "What happens at the table",
  "say.you": "{seat} (you)",
  "say.deal": "Deal {n}. Dealer: {dealer}.",
  "say.call": "{who}: {call}",
  "say.bid": ({ who, n }) => `${who} bids ${n} ${plural(n, "trick", "tricks")}`,
  "say.contract": "Contract: {contract}",
  "say.card": "{who} plays the {card}",
  "say.trick": "{who} wins the trick",
  "say.claim.settled": "The claim is settled",
  "say.undo": "{who} asks to take back the last call or card",
  "say.undo.settled": "The request to take back is answered",
  "say.over": "The deal is over. {result}",
  "say.turn": "Your turn",
  "say.turn.dummy": "Your turn: play from dummy",
  "felt.label": "The table",
  "bidding.keys": "Arrow keys move between calls; Enter makes the call",
  // the slip guard
  "settings.confirm_cards": "Confirm each card",
  "settings.confirm_cards.about": "A card is played on a second press (or on Enter twice), so a slip of the finger costs nothing. On by default on a phone.",
  "confirm.card": "Press again to play the {card}",
};
